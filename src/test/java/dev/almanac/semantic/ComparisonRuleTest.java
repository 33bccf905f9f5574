package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every comparison rule reads the phrases of its corpus, as the reader's words, and nothing else reads as one. */
class ComparisonRuleTest {
    static Stream<Arguments> corpus() {
        return Arrays.stream(ComparisonRule.values()).flatMap(rule -> rule.examples().stream().map(example -> Arguments.of(rule, example)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("corpus")
    void every_rule_reads_the_phrases_of_its_corpus(ComparisonRule rule, String example) {
        String phrase = example.substring(0, example.indexOf(" => "));
        String expected = example.substring(example.indexOf(" => ") + 4);
        var words = QuestionWords.tokens(phrase, true);
        assertThat(ComparisonRule.first(words)).as("read from %s", words).contains(expected);
        assertThat(expected).startsWith(rule.operator + " ");
    }

    @Test
    void every_rule_has_a_corpus() {
        assertThat(ComparisonRule.values()).allSatisfy(rule -> assertThat(rule.examples()).as(rule.name()).isNotEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"more revenue in May", "which plan is bigger", "the lower tier", "at least we tried", "over the summer",
            "5 more customers", "the larger of the two", "show less", "price above average"})
    void reads_no_comparison_with_a_number_in_words_that_compare_nothing_with_one(String phrase) {
        assertThat(ComparisonRule.first(QuestionWords.tokens(phrase, true))).isEmpty();
    }

    @Test
    void the_longer_phrase_wins() {
        var words = QuestionWords.tokens("no more than 5", true);
        assertThat(ComparisonRule.before(words, 0)).get().extracting(ComparisonRule.Match::rule).isEqualTo(ComparisonRule.NOT_MORE);
        assertThat(ComparisonRule.before(words, 1)).get().extracting(ComparisonRule.Match::rule).isEqualTo(ComparisonRule.MORE);
    }
}
