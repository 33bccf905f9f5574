package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every rule of a condition on a number reads the questions of its corpus, whole, into the query they give. */
class NumberConditionTest {
    static Stream<Arguments> corpus() {
        return Arrays.stream(NumberCondition.values()).flatMap(rule -> rule.examples().stream().map(example -> Arguments.of(rule, example)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("corpus")
    void every_rule_reads_the_questions_of_its_corpus(NumberCondition rule, String example) throws Exception {
        CorpusExample.of(example).assertReadWhole();
    }

    @Test
    void every_rule_has_a_corpus() {
        assertThat(NumberCondition.values()).allSatisfy(rule -> assertThat(rule.examples()).as(rule.name()).isNotEmpty());
    }

    @Test
    void a_comparison_with_no_attribute_of_the_rows_beside_it_is_no_condition() {
        QuestionParser reader = QuestionWordsTest.parser("world_1");
        assertThat(reader.parse("How many countries have more than 100000000 people?")).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(reader.parse("How many countries have a happiness above 7?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
