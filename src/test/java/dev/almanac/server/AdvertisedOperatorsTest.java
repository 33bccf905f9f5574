package dev.almanac.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueIndex;
import dev.almanac.testing.DemoContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * query_metrics advertises only what the compiler accepts: every filter operator of the MCP tool's schema and of the
 * model's tool compiles and runs on the demo's semantic model, and the two lists are the compiler's own.
 */
class AdvertisedOperatorsTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void every_operator_query_metrics_advertises_compiles_and_runs() throws Exception {
        List<String> mcp = enumOf(JSON.readTree("{" + McpTools.QUERY_PROPERTIES + "}").at("/where/items/properties/op/enum"));
        List<String> agent = enumOf(JSON.readTree(dev.almanac.agent.AgentToolsAccess.queryMetricsParameters()).at("/properties/filters/items/properties/op/enum"));
        assertThat(mcp).isNotEmpty().isEqualTo(agent).containsExactlyElementsOf(SemanticQuery.Filter.OPERATORS);

        try (DemoContext demo = new DemoContext()) {
            KnowledgeFiles.Read read = KnowledgeFiles.read(java.nio.file.Path.of("knowledge"));
            SemanticModel model = SemanticModel.of(read.knowledge().semantic());
            SemanticLayer layer = new SemanticLayer(model, read.knowledge(), ValueIndex.build(model, demo.executor, ValueIndex.DEFAULT_LIMIT), demo.executor);
            for (String op : mcp) {
                List<String> values = op.equals("in") || op.equals("not_in") || op.equals("between") ? List.of("mobile", "web") : List.of("web");
                SemanticQuery q = SemanticQuery.of("shop_revenue").where(List.of(new SemanticQuery.Filter("sales_channel", op, values)));
                assertThat(layer.run(q).result().columns()).as("shop_revenue where sales_channel %s %s", op, values).isNotEmpty();
            }
        }
    }

    private static List<String> enumOf(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.forEach(n -> out.add(n.asText()));
        return out;
    }
}
