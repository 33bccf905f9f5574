package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Without any concerts", "that have no friends": records with no related rows (and "with some concerts", "that received a
 * treatment": with one or more), on models drafted from Spider dev
 * databases nobody here wrote. The rest of the question is read as it would be; the related rows are a dataset the words
 * name, reached through the model's relationships.
 */
class WithoutRelatedRowsTest {
    @Test
    void records_with_no_related_rows_are_listed_or_counted() {
        QuestionParser singers = QuestionWordsTest.parser("concert_singer");
        SemanticQuery names = QuestionWordsTest.read(singers, "What are the names of the stadiums without any concerts?");
        assertThat(names.exists()).singleElement().satisfies(e -> {
            assertThat(e.none()).isTrue();
            assertThat(e.dataset()).isEqualTo("concert");
            assertThat(e.of()).isEqualTo("stadium");
        });
        assertThat(names.groupBy()).extracting(SemanticQuery.GroupBy::dimension).singleElement().asString().endsWith("name");

        SemanticQuery count = QuestionWordsTest.read(singers, "How many stadiums have no concerts?");
        assertThat(count.metrics()).containsExactly("stadium_count");
        assertThat(count.exists()).singleElement().extracting(SemanticQuery.Exists::none).isEqualTo(true);
    }

    @Test
    void records_with_some_related_rows_are_listed_or_counted_and_with_none_are_the_rest() {
        SemanticLayer concerts = QuestionWordsTest.layer("concert_singer");
        QuestionParser singers = QuestionWordsTest.parser(concerts);
        SemanticQuery some = QuestionWordsTest.read(singers, "Which stadiums have some concerts?");
        assertThat(some.exists()).singleElement().satisfies(e -> {
            assertThat(e.none()).isFalse();
            assertThat(e.dataset()).isEqualTo("concert");
        });
        SemanticQuery none = QuestionWordsTest.read(singers, "Which stadiums have no concerts?");
        List<String> with = QuestionWordsTest.rowList("concert_singer", concerts.compile(some).sql());
        List<String> without = QuestionWordsTest.rowList("concert_singer", concerts.compile(none).sql());
        assertThat(with).isNotEmpty().doesNotContainAnyElementsOf(without);
        assertThat(with.size() + without.size()).isEqualTo(QuestionWordsTest.rowList("concert_singer", "SELECT * FROM stadium").size());
        // a verb of the relationship, no word of the model, the same condition
        SemanticQuery hosted = QuestionWordsTest.read(singers, "How many stadiums hosted a concert?");
        assertThat(QuestionWordsTest.rowList("concert_singer", concerts.compile(hosted).sql()))
                .containsExactly(String.valueOf(QuestionWordsTest.rowList("concert_singer", "SELECT DISTINCT Stadium_ID FROM concert").size()));
        // two relationships between the rows (a flight's two airports): which is meant is not said
        QuestionWordsTest.assertNotRead("flight_2", "Which airports have some flights?");
        // a value (a code several templates have) none of whose records is used is not a value of one record that is not
        QuestionWordsTest.assertNotRead("cre_Doc_Template_Mgt", "Which template type codes are not used by any document?");
    }

    @Test
    void words_that_name_no_records_or_periods_with_no_rows_are_not_read_so() {
        QuestionParser singers = QuestionWordsTest.parser("concert_singer");
        QuestionParser.Result r = singers.parse("What are the names of the stadiums without any roofs?");
        assertThat(r instanceof QuestionParser.Parsed p && !p.query().exists().isEmpty()).isFalse();
        // the year is of the related rows, never dropped: no concert in 2014, not no concert at all (RelatedValues)
        SemanticQuery in2014 = QuestionWordsTest.read(singers, "What are the names of the stadiums that have no concerts in 2014?");
        assertThat(in2014.exists()).singleElement().satisfies(e -> {
            assertThat(e.none()).isTrue();
            assertThat(e.filters()).extracting(SemanticQuery.Filter::toString).containsExactly("year = 2014");
        });
    }

    @Test
    void a_verb_denied_of_any_related_row_is_the_relationship_whichever_verb_says_it() {
        QuestionParser dogs = QuestionWordsTest.parser("dog_kennels");
        for (String q : List.of("How many dogs have not gone through any treatment?", "Tell me the number of dogs that have not received any treatment.")) {
            SemanticQuery count = QuestionWordsTest.read(dogs, q);
            assertThat(count.metrics()).as(q).containsExactly("dogs_count");
            assertThat(count.exists()).as(q).singleElement().satisfies(e -> {
                assertThat(e.none()).isTrue();
                assertThat(e.dataset()).isEqualTo("treatments");
            });
        }
        // a word that is no verb between "not" and "any" is not such a denial
        QuestionParser.Result r = dogs.parse("How many dogs have not happy any treatment?");
        assertThat(r instanceof QuestionParser.Parsed p && !p.query().exists().isEmpty()).isFalse();
        // a flight reaches airports two ways (from and to): which one the verb denies is not said
        QuestionParser flights = QuestionWordsTest.parser("flight_2");
        QuestionParser.Result airports = flights.parse("How many airports do not have any flights?");
        assertThat(airports).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_verb_denied_or_said_never_is_the_records_without_what_it_relates() {
        QuestionParser singers = QuestionWordsTest.parser("concert_singer");
        SemanticQuery without = QuestionWordsTest.read(singers, "What are the names of the stadiums without any concerts?");
        assertThat(QuestionWordsTest.read(singers, "stadiums that never hosted a concert")).isEqualTo(without);
        assertThat(QuestionWordsTest.read(singers, "list the stadiums that did not host a concert")).isEqualTo(without);
        // no object: the verb's own noun names the related rows (perform, performance)
        SemanticQuery orchestras = QuestionWordsTest.read(QuestionWordsTest.parser("orchestra"), "orchestras that never performed");
        assertThat(orchestras.exists()).singleElement().satisfies(e -> {
            assertThat(e.none()).isTrue();
            assertThat(e.dataset()).isEqualTo("performance");
        });
    }
}
