package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.quality.Timeframe;
import dev.almanac.quality.TimeframeParser;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every rule of a period asked against another reads the questions of its corpus, and the rule itself is the one that does. */
class PeriodComparisonTest {
    static final TimeframeParser TIMEFRAMES = new TimeframeParser(LocalDate.of(2026, 11, 22));

    static Stream<Arguments> corpus() {
        return Arrays.stream(PeriodComparison.values()).flatMap(rule -> rule.examples().stream().map(example -> Arguments.of(rule, example)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("corpus")
    void every_rule_reads_the_questions_of_its_corpus(PeriodComparison rule, String example) {
        CorpusExample e = CorpusExample.of(example);
        Optional<Timeframe> period = TIMEFRAMES.parse(e.asked());
        assertThat(period).as("the period of %s", e.asked()).isPresent();
        PeriodComparison.Read alone = rule.read(TIMEFRAMES, e.asked(), period.get()).orElse(null);
        assertThat(alone).as("read by %s", rule).isNotNull();
        assertThat(shown(alone)).isEqualTo(e.read());
        assertThat(PeriodComparison.of(TIMEFRAMES, e.asked(), period)).as("read first by %s", rule).isEqualTo(alone);
        // neither period's words are left for the rest of the question to place
        assertThat(alone.rest()).doesNotContain(period.get().text().strip());
    }

    @Test
    void every_rule_has_a_corpus() {
        assertThat(PeriodComparison.values()).allSatisfy(rule -> assertThat(rule.examples()).as(rule.name()).isNotEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sales in March 2026", "visits in the week of 2 November 2026 by the previous week", "how many visits in 2025"})
    void a_period_with_no_comparison_is_asked_alone(String question) {
        PeriodComparison.Read read = PeriodComparison.of(TIMEFRAMES, question, TIMEFRAMES.parse(question));
        assertThat(read.compared()).isEmpty();
        assertThat(read.asked()).isEqualTo(TIMEFRAMES.parse(question));
    }

    private static String shown(PeriodComparison.Read read) {
        return read.asked().map(PeriodComparisonTest::shown).orElse("none") + read.compared().map(c -> " vs " + shown(c)).orElse("");
    }

    private static String shown(Timeframe t) {
        return t.start() + "/" + t.end();
    }
}
