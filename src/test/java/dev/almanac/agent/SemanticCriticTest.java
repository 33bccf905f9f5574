package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.quality.Timeframe;
import dev.almanac.quality.TimeframeParser;
import dev.almanac.semantic.Grain;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueIndex;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The deterministic critique of a semantic answer: grain, breakdown and period against the question's words. */
class SemanticCriticTest {
    static final KnowledgeSet KNOWLEDGE = SmallSemanticModel.knowledge();
    static final SemanticLayer LAYER = new SemanticLayer(SemanticModel.of(KNOWLEDGE.semantic()), KNOWLEDGE, ValueIndex.EMPTY, null);
    static final SemanticCritic CRITIC = new SemanticCritic(LAYER, KNOWLEDGE.metrics());
    static final TimeframeParser TIMEFRAMES = new TimeframeParser(LocalDate.of(2026, 11, 22));

    static List<String> check(String question, SemanticQuery q) {
        Optional<Timeframe> tf = TIMEFRAMES.parse(question);
        return CRITIC.check(question, q, tf);
    }

    static final SemanticQuery Q1 = SemanticQuery.of("mrr").between(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 4, 1));

    @Test
    void a_monthly_question_needs_the_month_grain() {
        assertThat(check("Show MRR by plan, monthly, for Q1 2026", Q1.by("plan"))).singleElement().asString()
                .contains("monthly breakdown", "no grain", "set grain to month");
        assertThat(check("MRR per quarter in 2025", SemanticQuery.of("mrr").between(LocalDate.of(2025, 1, 1), LocalDate.of(2026, 1, 1)).grain(Grain.MONTH)))
                .singleElement().asString().contains("asks per quarter", "grain is month");
        assertThat(check("Show MRR by plan each month of Q1 2026", Q1.by("plan").grain(Grain.MONTH))).isEmpty();
    }

    @Test
    void a_metric_named_monthly_is_not_a_grain() {
        assertThat(check("What was monthly recurring revenue in September 2026?",
                SemanticQuery.of("mrr").between(LocalDate.of(2026, 9, 1), LocalDate.of(2026, 10, 1)))).isEmpty();
    }

    @Test
    void a_breakdown_by_a_dimension_name_label_or_synonym_must_be_grouped_by() {
        assertThat(check("MRR by sales region in Q1 2026", Q1)).singleElement().asString()
                .contains("(\"by sales region\")", "does not group by region");
        assertThat(check("MRR for each pricing plan in Q1 2026", Q1.by("region"))).singleElement().asString().contains("does not group by plan");
        assertThat(check("MRR broken down by company size in Q1 2026", Q1)).singleElement().asString().contains("size_band");
        assertThat(check("MRR by region in Q1 2026", Q1.by("region via countries_to_regions"))).isEmpty();
        assertThat(check("MRR by plan tier in Q1 2026", Q1.by("plan_tier"))).as("the longest words name the dimension").isEmpty();
        assertThat(check("MRR in Europe in Q1 2026", Q1)).isEmpty();
    }

    @Test
    void an_average_per_something_is_a_ratio_not_a_breakdown() {
        assertThat(check("Average MRR per customer in Q1 2026", Q1)).isEmpty();
        assertThat(check("MRR per customer in Q1 2026", Q1)).singleElement().asString().contains("does not group by company");
    }

    @Test
    void a_period_in_the_question_needs_the_query_period() {
        assertThat(check("What was MRR by region in September 2026?", SemanticQuery.of("mrr").by("region"))).singleElement().asString()
                .contains("names a period (September 2026)", "set start 2026-09-01 and end 2026-10-01");
        assertThat(check("What was MRR in September 2026?", Q1)).singleElement().asString().contains("is not the period the question names");
        assertThat(check("What was MRR in September 2026?", SemanticQuery.of("mrr").between(LocalDate.of(2026, 9, 1), LocalDate.of(2026, 10, 1)))).isEmpty();
    }
}
