package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of the reader's rule sets (the metric chosen, breakdowns, values, conditions on numbers, rankings, the
 * measure's fit, grains, the placing of words) reads the questions of its corpus, whole, into the query they give, or does
 * not answer those its corpus says are refused.
 */
class RuleCorporaTest {
    static final List<Class<? extends CorpusRule>> RULE_SETS = List.of(MetricChoice.class, Breakdown.class, ValueRule.class, NumberCondition.class,
            Ranking.class, MeasureFit.class, GrainRule.class, WordPlacement.class);

    static Stream<Arguments> corpus() {
        return RULE_SETS.stream().flatMap(set -> Arrays.stream(set.getEnumConstants()))
                .flatMap(rule -> rule.examples().stream().map(example -> Arguments.of(rule.getClass().getSimpleName() + "." + rule.name(), example)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("corpus")
    void every_rule_reads_the_questions_of_its_corpus(String rule, String example) throws Exception {
        CorpusExample.of(example).assertReadWhole();
    }

    @Test
    void every_rule_has_a_corpus() {
        for (Class<? extends CorpusRule> set : RULE_SETS) {
            assertThat(set.getEnumConstants()).allSatisfy(rule -> assertThat(rule.examples()).as(set.getSimpleName() + "." + rule.name()).isNotEmpty());
        }
    }
}
