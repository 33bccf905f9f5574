package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Identifiers named in full ("template type code") and numbers named after "each" ("in each grade") as breakdowns and
 * rankings, on models drafted from Spider dev databases nobody here wrote: grouped when named, every value tied for the
 * most kept, and a metric of other records never read from words scattered over another's name.
 */
class IdentifierBreakdownsTest {
    @Test
    void an_identifier_named_in_full_is_a_breakdown_and_a_ranking_by_it_keeps_the_ties() {
        QuestionParser templates = QuestionWordsTest.parser("cre_Doc_Template_Mgt");
        SemanticQuery each = QuestionWordsTest.read(templates, "How many templates are there for each template type code?");
        assertThat(each.groupBy()).extracting(SemanticQuery.GroupBy::dimension).singleElement().asString().endsWith("template_type_code");
        assertThat(each.limit()).isNull();

        SemanticQuery most = QuestionWordsTest.read(templates, "Which template type code has the most templates?");
        assertThat(most.groupBy()).extracting(SemanticQuery.GroupBy::dimension).singleElement().asString().endsWith("template_type_code");
        assertThat(most.limit()).isEqualTo(1);
        assertThat(most.keepsTies()).as("two codes have six templates each: both are the most").isTrue();
    }

    @Test
    void an_identifier_is_never_named_by_one_word_nor_by_the_name_of_the_records_it_points_to() {
        QuestionParser cars = QuestionWordsTest.parser("car_1");
        SemanticQuery makers = QuestionWordsTest.read(cars, "How many car makers are there in each continent?");
        assertThat(makers.metrics()).singleElement().asString().contains("maker");
        // "car ... name" scattered over "car makers ... continent name" is not the count of car names: the makers are counted,
        // and "the continent name" is the breakdown's own
        SemanticQuery named = QuestionWordsTest.read(cars, "How many car makers are there in each continents? List the continent name and the count.");
        assertThat(named.metrics()).containsExactly("car_makers_count");
        assertThat(named.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("continents.continent");
    }

    @Test
    void a_number_named_after_each_is_a_breakdown_and_elsewhere_a_condition() {
        QuestionParser school = QuestionWordsTest.parser("network_1");
        SemanticQuery each = QuestionWordsTest.read(school, "How many high schoolers are in each grade?");
        assertThat(each.groupBy()).extracting(SemanticQuery.GroupBy::dimension).singleElement().asString().endsWith("grade");
        assertThat(each.filters()).isEmpty();
        SemanticQuery of10 = QuestionWordsTest.read(school, "How many high schoolers have a grade of 10?");
        assertThat(of10.groupBy()).isEmpty();
        assertThat(of10.filters()).extracting(Object::toString).singleElement().asString().contains("grade").endsWith("10");
        // a number that is not the counted rows' own, nor reached one way, is not grouped by
        assertThat(school.parse("How many friends are there for each grade?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
