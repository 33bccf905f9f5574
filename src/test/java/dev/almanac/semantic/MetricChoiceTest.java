package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every rule that chooses among metrics the words name equally reads the questions of its corpus, whole, into the query
 * they give; and a measure's own phrase said beside the metric read makes the question one of two measures, never an
 * answer with one of them. Over an insurer's model written for these tests (src/test/resources/corpus).
 */
class MetricChoiceTest {
    static Stream<Arguments> corpus() {
        return Arrays.stream(MetricChoice.values()).flatMap(rule -> rule.examples().stream().map(example -> Arguments.of(rule, example)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("corpus")
    void every_rule_reads_the_questions_of_its_corpus(MetricChoice rule, String example) throws Exception {
        CorpusExample.of(example).assertReadWhole();
    }

    @Test
    void every_rule_has_a_corpus() {
        assertThat(MetricChoice.values()).allSatisfy(rule -> assertThat(rule.examples()).as(rule.name()).isNotEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"claimed amount of open claims", "the claimed amount of the open claims in 2025", "claimed amount of claims that are open"})
    void a_measure_named_beside_another_metric_is_never_read_as_that_other_one(String question) {
        QuestionParser reader = CorpusExample.of("insurer: x => {}").reader();
        assertThat(reader.parse(question)).as(question).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void metrics_of_one_label_asked_back_are_told_apart_by_their_records_and_each_option_reads_as_one() {
        QuestionParser reader = CorpusExample.of("insurer: x => {}").reader();
        QuestionParser.Result r = reader.parse("What is the average amount in the north region?");
        assertThat(r).isInstanceOf(QuestionParser.Clarify.class);
        QuestionParser.Clarify back = (QuestionParser.Clarify) r;
        assertThat(back.options()).doesNotHaveDuplicates().hasSize(3);
        assertThat(back.options().stream().map(o -> ((QuestionParser.Parsed) reader.parse(o)).query().metrics().get(0)))
                .containsExactlyInAnyOrder("average_claim", "average_payment", "average_premium");
    }

    @Test
    void a_measure_said_in_another_order_is_that_measure_and_a_count_of_records_named_by_its_phrase_is_still_a_condition() {
        QuestionParser reader = CorpusExample.of("insurer: x => {}").reader();
        QuestionParser.Result amount = reader.parse("the amount claimed in 2025");
        assertThat(amount).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) amount).query().metrics()).containsExactly("claimed_amount");
        QuestionParser.Result open = reader.parse("claimed amount for open status");
        assertThat(open).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) open).query().metrics()).containsExactly("claimed_amount");
    }
}
