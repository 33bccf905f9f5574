package dev.almanac.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.UserError;
import dev.almanac.agent.AgentToolsAccess;
import dev.almanac.semantic.SemanticQuery;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The record-level fields of the semantic query (records, ties, related rows, distinct counts) are advertised by MCP's
 * query_metrics and by the model's tool, and what a client sends in them is read into the one semantic query.
 */
class AdvertisedQueryFieldsTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void both_query_metrics_schemas_advertise_records_ties_related_rows_and_distinct_counts() throws Exception {
        JsonNode mcp = JSON.readTree("{" + McpTools.QUERY_PROPERTIES + "}");
        JsonNode agent = JSON.readTree(AgentToolsAccess.queryMetricsParameters()).path("properties");
        for (JsonNode properties : List.of(mcp, agent)) {
            assertThat(properties.at("/records/type").asText()).isEqualTo("string");
            assertThat(properties.at("/ties/type").asText()).isEqualTo("boolean");
            assertThat(properties.at("/exists/type").asText()).isEqualTo("array");
            assertThat(properties.at("/exists/items/properties/dataset/type").asText()).isEqualTo("string");
            assertThat(properties.at("/exists/items/properties/negated/type").asText()).isEqualTo("boolean");
            assertThat(properties.at("/count_distinct/items/type").asText()).isEqualTo("string");
        }
        assertThat(JSON.readTree("{" + McpTools.QUERY_PROPERTIES + "}").at("/exists/items/properties/filters/items/properties/op/enum"))
                .extracting(JsonNode::asText).containsExactlyElementsOf(SemanticQuery.Filter.OPERATORS);
    }

    @Test
    void what_an_mcp_client_sends_in_the_new_fields_is_the_semantic_query_the_cli_builds() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("metrics", List.of());
        args.put("records", "customers");
        args.put("group_by", List.of("customer", "signup_date"));
        args.put("where", List.of(Map.of("field", "signup_date", "op", "between", "values", List.of("2024-01-01", "2024-06-30")),
                Map.of("field", "customer", "op", "contains", "values", List.of("a"))));
        args.put("exists", List.of(Map.of("dataset", "orders", "negated", true, "filters", List.of(Map.of("field", "order_status", "op", "=", "values",
                List.of("completed")))), Map.of("dataset", "order_items", "of", "customers")));
        args.put("count_distinct", List.of("country"));
        args.put("order_by", List.of("-order_count"));
        args.put("limit", 1);
        args.put("ties", true);
        SemanticQuery read = AgentToolsAccess.readArguments(McpTools.semanticArguments(args));
        SemanticQuery expected = SemanticQuery.of().records("customers").by("customer", "signup_date")
                .where("signup_date between 2024-01-01 and 2024-06-30", "customer contains a")
                .exists("not orders where order_status = completed", "order_items of customers").countDistinct("country")
                .orderBy("-order_count").limit(1).withTies();
        assertThat(read).isEqualTo(expected);
        // related rows written as text, as a model may write them
        args.put("exists", List.of("not orders where order_status = completed", "order_items of customers"));
        assertThat(AgentToolsAccess.readArguments(McpTools.semanticArguments(args))).isEqualTo(expected);
    }

    @Test
    void a_related_row_without_a_dataset_or_a_range_with_one_bound_is_refused_in_one_line() {
        Map<String, Object> noDataset = new LinkedHashMap<>(Map.of("records", "customers", "group_by", List.of("customer"),
                "exists", List.of(Map.of("negated", true))));
        assertThatThrownBy(() -> AgentToolsAccess.readArguments(McpTools.semanticArguments(noDataset))).isInstanceOf(UserError.class)
                .hasMessageContaining("\"dataset\"").hasMessageNotContaining("\n");
        Map<String, Object> oneBound = new LinkedHashMap<>(Map.of("metrics", List.of("revenue"),
                "where", List.of(Map.of("field", "order_total", "op", "between", "values", List.of("50")))));
        assertThatThrownBy(() -> AgentToolsAccess.readArguments(McpTools.semanticArguments(oneBound))).isInstanceOf(UserError.class)
                .hasMessageContaining("between two values").hasMessageNotContaining("\n");
    }
}
