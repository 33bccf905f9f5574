package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A denial said in a question ("not", "never", "no", "without") is in the query read, as a condition that excludes, rows
 * that have none, or the words of what it reads; a reading that lost it is refused, on models drafted from Spider dev
 * databases nobody here wrote (tvshow's channels have yes/no columns, whose "no" a reading once took the denial for).
 */
class DenialKeptTest {
    @Test
    void a_reading_that_loses_the_denial_is_refused_and_one_that_keeps_it_is_read() {
        QuestionParser tv = QuestionWordsTest.parser("tvshow");
        // each was answered with the Italian ones, the denial dropped
        assertThat(tv.parse("Which languages are not Italian?")).isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(tv.parse("Which tv channels are not in Italy?")).isNotInstanceOf(QuestionParser.Parsed.class);
        SemanticQuery notItaly = QuestionWordsTest.read(tv, "How many tv channels are not in Italy?");
        assertThat(notItaly.filters()).extracting(SemanticQuery.Filter::op).containsExactly("!=");
        // a comparison turned round is the comparison: "not higher than 4" is at most 4
        SemanticQuery atMost = QuestionWordsTest.read(QuestionWordsTest.parser("museum_visit"),
                "What is the average age of the visitors whose membership level is not higher than 4?");
        assertThat(atMost.filters()).extracting(SemanticQuery.Filter::op).containsExactly("<=");
    }
}
