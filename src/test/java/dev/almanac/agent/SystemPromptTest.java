package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeBlock;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.VerifiedQuery;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The first prompt carries what the question needs: the selected tables with their notes, and the knowledge about them. */
class SystemPromptTest {
    @RegisterExtension
    static final RouteFixture world = RouteFixture.demo();

    Metric metric(String name) {
        return world.knowledge.metrics().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    VerifiedQuery query(String name) {
        return world.knowledge.queries().stream().filter(q -> q.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void a_metric_the_question_does_not_name_and_a_verified_query_on_tables_outside_the_prompt_are_left_out() {
        Flow flow = world.flow(null);
        List<Metric> metrics = List.of(metric("average_order_value"), metric("arr"));
        KnowledgeBlock block = new KnowledgeBlock(metrics, List.of(), List.of(), List.of(query("active_subscriptions_today")), List.of(), List.of(),
                new LinkedHashSet<>(List.of("average_order_value", "arr")), Set.of());
        KnowledgeBlock focused = SystemPrompt.focused(block, List.of("orders", "order_items"), "What was the average order value in 2025?",
                flow.verified()::tablesOf);
        assertThat(focused.metrics()).extracting(Metric::name).as("named, and on the prompt's tables; arr reads neither").containsExactly("average_order_value");
        assertThat(focused.verified()).as("active subscriptions read no table of the prompt").isEmpty();
    }

    @Test
    void a_metric_the_question_names_stays_whatever_tables_it_reads() {
        Flow flow = world.flow(null);
        KnowledgeBlock block = new KnowledgeBlock(List.of(metric("arr")), List.of(), List.of(), List.of(), List.of(), List.of(), Set.of("arr"), Set.of());
        assertThat(SystemPrompt.focused(block, List.of("orders"), "What was our ARR in September 2026?", flow.verified()::tablesOf).metrics())
                .extracting(Metric::name).containsExactly("arr");
    }

    @Test
    void a_selected_tables_note_is_in_its_schema_in_place_of_the_comments_it_restates() {
        Flow flow = world.flow(null);
        Turn turn = RouteFixture.retrieved(flow, "How many subscriptions are still active?");
        assertThat(turn.tables()).contains("subscriptions");
        String prompt = new SystemPrompt(flow).of(turn);
        String table = prompt.substring(prompt.indexOf("TABLE subscriptions -- "));
        table = table.substring(0, table.indexOf("\nTABLE ") > 0 ? table.indexOf("\nTABLE ") : table.indexOf("\n\n"));
        assertThat(table).contains("\n  ! status is NULL for the subscriptions migrated from the legacy billing system")
                .contains("canceled_at DATE -- NULL while the subscription is live");
        assertThat(prompt).doesNotContain("- subscriptions: ");
    }

    @Test
    void the_tables_a_selected_table_refers_to_and_those_the_shown_sql_reads_are_listed_by_their_columns() {
        Flow flow = world.flow(null);
        Turn asked = RouteFixture.retrieved(flow, "What was the average order value in 2025?");
        KnowledgeBlock block = new KnowledgeBlock(List.of(metric("average_order_value")), List.of(), List.of(), List.of(), List.of(), List.of(),
                Set.of("average_order_value"), Set.of());
        Turn turn = asked.with(new Turn.Retrieved(List.of("order_items"), block));
        String prompt = new SystemPrompt(flow).of(turn);
        String orders = world.demo.catalog.table("orders").orElseThrow().columns().stream().map(c -> c.name()).collect(java.util.stream.Collectors.joining(", "));
        String products = world.demo.catalog.table("products").orElseThrow().columns().stream().map(c -> c.name()).collect(java.util.stream.Collectors.joining(", "));
        assertThat(prompt).as("the metric's SQL reads orders; order_items refers to orders and products")
                .contains("TABLE orders (" + orders + ")").contains("TABLE products (" + products + ")").contains("TABLE order_items -- ")
                .doesNotContain("TABLE orders -- ").doesNotContain("TABLE products -- ");
        assertThat(prompt).contains("(" + (world.demo.catalog.tables().size() - 3) + " more tables");
    }
}
