package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Not from USA", "whose nationality is not USA", "a nationality other than USA": a value excluded, on a model drafted from a
 * Spider dev database nobody here wrote. The words that exclude it stand before the value with only an auxiliary, an
 * article, a preposition or the words of its attribute between; a value both asked for and excluded is not read.
 */
class ExcludedValuesTest {
    @Test
    void a_value_after_words_that_exclude_it_is_a_condition_that_rows_are_not_of_it() {
        QuestionParser parser = QuestionWordsTest.parser("orchestra");
        for (String q : List.of("How many conductors are not from USA?", "How many conductors have a nationality other than USA?",
                "How many conductors are no longer from USA?",
                "What are the names of conductors whose nationalities are not \"USA\"?",
                "Return the names of conductors that do not have the nationality \"USA\".")) {
            SemanticQuery x = QuestionWordsTest.read(parser, q);
            assertThat(x.filters()).as(q).singleElement().satisfies(f -> {
                assertThat(f.field()).endsWith("nationality");
                assertThat(f.op()).isEqualTo("!=");
                assertThat(f.values()).containsExactly("USA");
            });
        }
        // the same words with no exclusion: the value itself; "whose" only ties the attribute to the records
        SemanticQuery usa = QuestionWordsTest.read(parser, "What are the names of conductors whose nationality is USA?");
        assertThat(usa.filters()).singleElement().extracting(SemanticQuery.Filter::op).isEqualTo("=");
    }

    @Test
    void a_value_asked_for_and_another_excluded_of_one_attribute_is_not_read() {
        QuestionParser parser = QuestionWordsTest.parser("orchestra");
        assertThat(parser.parse("How many conductors are from UK and not from USA?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
