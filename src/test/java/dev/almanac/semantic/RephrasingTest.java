package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every rewrite of a question before it is read rewrites the examples of its corpus as they say, over the model they name. */
class RephrasingTest {
    static Stream<Arguments> corpus() {
        return Arrays.stream(Rephrasing.values()).flatMap(rule -> rule.examples().stream().map(example -> Arguments.of(rule, example)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("corpus")
    void every_rule_rewrites_the_examples_of_its_corpus(Rephrasing rule, String example) {
        CorpusExample e = CorpusExample.of(example);
        assertThat(rule.apply(e.reader(), e.asked())).isEqualTo(e.read());
    }

    @Test
    void every_rule_has_a_corpus_and_one_that_needs_a_model_reads_over_one() {
        assertThat(Rephrasing.values()).allSatisfy(rule -> assertThat(rule.examples()).as(rule.name()).isNotEmpty());
    }

    @Test
    void a_question_nothing_rewrites_is_read_as_written() {
        QuestionParser reader = QuestionWordsTest.parser("world_1");
        String plain = "How many countries have a population above 1000000?";
        assertThat(Rephrasing.all(reader, plain)).isEqualTo(plain);
        assertThat(Rephrasing.all(reader, "  Which country’s capital is Rome? ")).isEqualTo("Which country's capital is Rome?");
    }
}
