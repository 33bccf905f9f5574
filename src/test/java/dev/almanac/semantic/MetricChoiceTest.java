package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The choice among metrics the words name equally, beyond the rules' own corpora ({@link RuleCorporaTest} reads those): a
 * measure's own phrase said beside the metric read makes the question one of two measures, never an answer with one of
 * them. Over an insurer's model written for these tests (src/test/resources/corpus).
 */
class MetricChoiceTest {
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
