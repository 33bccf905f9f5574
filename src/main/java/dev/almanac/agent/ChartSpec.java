package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.almanac.sql.QueryResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Checks a Vega-Lite spec against the columns of the query it charts, and inlines the query's rows as its data. */
final class ChartSpec {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ChartSpec() {}

    /** The spec with {@code data.values} set from the result; throws when a field is not a column. */
    static ObjectNode withData(JsonNode spec, QueryResult result, String title) {
        if (spec == null || !spec.isObject()) throw new IllegalArgumentException("vega_lite_spec must be a JSON object");
        ObjectNode out = ((ObjectNode) spec).deepCopy();
        Set<String> columns = new HashSet<>(result.columns());
        List<String> missing = new ArrayList<>();
        collectFields(out, columns, missing);
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("the spec uses fields that are not columns of the query: " + String.join(", ", missing)
                    + "; the columns are: " + String.join(", ", result.columns()));
        }
        ArrayNode values = JSON.createArrayNode();
        for (List<Object> row : result.rows()) {
            ObjectNode o = values.addObject();
            for (int c = 0; c < result.columns().size(); c++) o.set(result.columns().get(c), JSON.valueToTree(plain(row.get(c))));
        }
        out.putObject("data").set("values", values);
        out.put("$schema", "https://vega.github.io/schema/vega-lite/v5.json");
        if (title != null && !out.has("title")) out.put("title", title);
        return out;
    }

    private static Object plain(Object v) {
        return v instanceof java.time.temporal.Temporal ? v.toString() : v;
    }

    private static void collectFields(JsonNode node, Set<String> columns, List<String> missing) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                if (e.getKey().equals("field") && e.getValue().isTextual() && !columns.contains(e.getValue().asText())) missing.add(e.getValue().asText());
                else collectFields(e.getValue(), columns, missing);
            });
        } else if (node.isArray()) {
            node.forEach(n -> collectFields(n, columns, missing));
        }
    }
}
