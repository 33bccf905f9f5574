package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Conditions on a number beyond the rules' own corpora ({@link RuleCorporaTest} reads those): a comparison with nothing to compare is none. */
class NumberConditionTest {
    @Test
    void a_comparison_with_no_attribute_of_the_rows_beside_it_is_no_condition() {
        QuestionParser reader = QuestionWordsTest.parser("world_1");
        assertThat(reader.parse("How many countries have more than 100000000 people?")).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(reader.parse("How many countries have a happiness above 7?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
