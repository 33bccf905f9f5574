package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every rule that places a word left over reads the questions of its corpus, whole, into the query they give. */
class WordPlacementTest {
    static Stream<Arguments> corpus() {
        return Arrays.stream(WordPlacement.values()).flatMap(rule -> rule.examples().stream().map(example -> Arguments.of(rule, example)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("corpus")
    void every_rule_reads_the_questions_of_its_corpus(WordPlacement rule, String example) throws Exception {
        CorpusExample.of(example).assertReadWhole();
    }

    @Test
    void every_rule_has_a_corpus() {
        assertThat(WordPlacement.values()).allSatisfy(rule -> assertThat(rule.examples()).as(rule.name()).isNotEmpty());
    }
}
