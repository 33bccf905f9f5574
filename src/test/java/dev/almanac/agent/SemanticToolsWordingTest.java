package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The verb an answer's sentence gives a metric's label: its head noun decides, not its last word. */
class SemanticToolsWordingTest {
    @Test
    void a_label_takes_were_when_its_head_noun_is_plural() {
        assertThat(SemanticTools.plural("Active customers")).isTrue();
        assertThat(SemanticTools.plural("Days of sales outstanding")).isTrue();
        assertThat(SemanticTools.plural("Refunded orders (completed)")).isTrue();
        assertThat(SemanticTools.plural("Number of suppliers")).isFalse();
        assertThat(SemanticTools.plural("Count of open tickets")).isFalse();
        assertThat(SemanticTools.plural("Monthly recurring revenue (MRR)")).isFalse();
        assertThat(SemanticTools.plural("Net Promoter Score")).isFalse();
        assertThat(SemanticTools.plural("Business")).isFalse();
    }
}
