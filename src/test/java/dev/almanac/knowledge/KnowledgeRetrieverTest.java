package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.store.LearningRow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KnowledgeRetrieverTest {
    static final KnowledgeSet DEMO = KnowledgeFiles.read(Path.of("knowledge")).knowledge();

    @Test
    void assembles_metrics_rules_notes_verified_queries_and_learnings_with_ids() {
        List<LearningRow> learnings = List.of(
                new LearningRow("l1", "Divide payments.amount by 100", "units", List.of("payments"), "SELECT sum(amount)", "SELECT sum(amount)/100", 0.6, 2, true),
                new LearningRow("l2", "Refund amounts are already dollars", "units", List.of("refunds"), null, null, 0.9, 5, true),
                new LearningRow("l3", "About orders", "units", List.of("orders"), null, null, 0.99, 1, true),
                new LearningRow("l4", "Retired", "units", List.of("payments"), null, null, 0.99, 1, false));
        KnowledgeRetriever retriever = new KnowledgeRetriever(DEMO, learnings, MiniLmEmbedder.get());
        KnowledgeBlock block = retriever.retrieve("What share of payments was refunded in 2025?", List.of("refunds", "payments"));

        assertThat(block.metrics()).hasSameSizeAs(DEMO.metrics());
        assertThat(block.rules()).hasSameSizeAs(DEMO.rules());
        assertThat(block.notes()).extracting(TableNote::table).containsExactly("refunds", "payments");
        assertThat(block.verified()).hasSize(KnowledgeRetriever.VERIFIED);
        assertThat(block.verified().get(0).name()).isIn("refund_reasons", "net_revenue_by_month");
        assertThat(block.learnings()).extracting(LearningRow::id).containsExactly("l2", "l1");
        assertThat(block.used()).contains("metric:refund_rate", "rule:payments_amount_in_cents", "table:refunds", "learning:l2", "learning:l1")
                .doesNotContain("learning:l3", "learning:l4");
        assertThat(block.render()).contains("## Canonical metrics", "refund_rate", "## Business rules", "## Table notes", "## Verified queries", "## Learned corrections");
    }

    @Test
    void past_the_limit_ranks_metrics_but_keeps_one_the_question_names() {
        List<Metric> many = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            many.add(new Metric("filler_" + i, "Filler number " + i, "Count of widgets of kind " + i, "SELECT " + i, List.of(), null, null, List.of(), List.of(), List.of("gadget " + i)));
        }
        many.add(new Metric("nrr", "Net revenue retention", "Revenue kept from last year's customers", "SELECT 1", List.of(), "percent", null, List.of(), List.of(), List.of("dollar retention")));
        KnowledgeSet big = new KnowledgeSet(List.of(), many, List.of(), List.of(), List.of(), java.util.Map.of());
        KnowledgeBlock block = new KnowledgeRetriever(big, List.of(), null).retrieve("How is our dollar retention trending?", List.of());
        assertThat(block.metrics()).hasSize(KnowledgeRetriever.ALWAYS_LIMIT);
        assertThat(block.metrics()).extracting(Metric::name).contains("nrr");
        KnowledgeBlock widgets = new KnowledgeRetriever(big, List.of(), null).retrieve("widgets of kind 17", List.of());
        assertThat(widgets.metrics()).extracting(Metric::name).contains("filler_17");
    }
}
