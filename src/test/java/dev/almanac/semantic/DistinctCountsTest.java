package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "How many different X": the number of distinct values of an attribute where the question's conditions hold, on models
 * drafted from Spider dev databases nobody here wrote; never a count of all the values when the question names other
 * records it says nothing about.
 */
class DistinctCountsTest {
    @Test
    void the_distinct_values_of_an_attribute_are_counted() {
        QuestionParser orchestra = QuestionWordsTest.parser("orchestra");
        for (String q : List.of("How many different nationalities do conductors have?", "Count the number of different nationalities of conductors.")) {
            SemanticQuery x = QuestionWordsTest.read(orchestra, q);
            assertThat(x.countDistinct()).as(q).singleElement().asString().endsWith("nationality");
            assertThat(x.metrics()).isEmpty();
            assertThat(x.groupBy()).isEmpty();
        }
    }

    @Test
    void the_records_other_rows_use_are_counted_through_those_rows_never_all_of_them() {
        // the templates documents use are not all the templates: the different templates the documents refer to
        assertThat(QuestionWordsTest.answerRows("cre_Doc_Template_Mgt", "How many different templates do all document use?"))
                .isEqualTo(QuestionWordsTest.rows("cre_Doc_Template_Mgt", "SELECT count(DISTINCT template_id) FROM documents"))
                .isNotEqualTo(QuestionWordsTest.rows("cre_Doc_Template_Mgt", "SELECT count(*) FROM templates"));
        QuestionWordsTest.assertNotRead("cre_Doc_Template_Mgt", "What are the templates all documents use?");
    }

    @Test
    void distinct_records_are_each_counted_once_by_their_rows_never_by_their_names() {
        // world_1 has 237 cities of over a million people, two of them of one name: the cities are 237, their names 236
        assertThat(QuestionWordsTest.answerRows("world_1", "How many distinct cities have a population above 1000000?"))
                .isEqualTo(QuestionWordsTest.rows("world_1", "SELECT count(*) FROM city WHERE Population > 1000000"))
                .isNotEqualTo(QuestionWordsTest.rows("world_1", "SELECT count(DISTINCT Name) FROM city WHERE Population > 1000000"));
        // a condition on each record's related rows holds of each record counted, never of all of them together
        assertThat(QuestionWordsTest.answerRows("dog_kennels", "How many distinct dogs have received at least one treatment?"))
                .isEqualTo(QuestionWordsTest.rows("dog_kennels", "SELECT count(DISTINCT dog_id) FROM Treatments"))
                .isNotEqualTo(QuestionWordsTest.rows("dog_kennels", "SELECT count(*) FROM Dogs"));
    }

    @Test
    void rows_that_exist_or_are_listed_are_counted_and_the_verbs_say_nothing_more() {
        QuestionParser cars = QuestionWordsTest.parser("car_1");
        SemanticQuery all = QuestionWordsTest.read(cars, "How many countries are there?");
        for (String q : List.of("How many countries exist?", "How many countries are listed?")) {
            assertThat(QuestionWordsTest.read(cars, q)).as(q).isEqualTo(all);
        }
        assertThat(cars.parse("How many countries are exported?")).as("a verb that says which rows").isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
