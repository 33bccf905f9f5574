package dev.almanac.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.UserError;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Snowflake Cortex Analyst semantic model (YAML) read into Almanac's semantic model: logical tables become datasets
 * (their base table, primary key, dimensions and time dimensions, filters as segments), a metric that is one aggregation
 * ({@code SUM(amount)}, {@code COUNT(DISTINCT id)}, facts written by their name) a simple metric, a measure or fact with a
 * default aggregation one too, many-to-one and one-to-one relationships the same, and verified queries verified queries
 * (their logical table names, {@code __orders}, written as the base tables). What has no counterpart is reported with its
 * place in the file.
 */
public final class CortexImport {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern ONE_AGGREGATION = Pattern.compile("(?is)^\\s*(SUM|COUNT|AVG|MIN|MAX|MEDIAN)\\s*\\(\\s*(DISTINCT\\s+)?(.+?)\\s*\\)\\s*$");

    private CortexImport() {}

    /** What was read: one semantic file, verified queries and what could not be mapped. */
    public record Imported(SemanticFile file, List<VerifiedQuery> queries, List<Interchange.Unmapped> unmapped) {}

    public static Imported read(Path file, String fileName) {
        JsonNode root = InterchangeText.read(file, "Cortex semantic model");
        if (root == null || !root.path("tables").isArray()) {
            throw new UserError(file + " is not a Cortex Analyst semantic model (no tables)");
        }
        List<Interchange.Unmapped> unmapped = new ArrayList<>();
        List<SemanticFile.DatasetSpec> datasets = new ArrayList<>();
        List<SemanticFile.MetricSpec> metrics = new ArrayList<>();
        Map<String, String> physical = new LinkedHashMap<>();
        JsonNode tables = root.path("tables");
        for (int i = 0; i < tables.size(); i++) {
            JsonNode t = tables.get(i);
            String dataset = t.path("name").asText();
            String at = "tables[" + i + "] " + dataset;
            String table = t.path("base_table").path("table").asText(null);
            if (table == null || table.isBlank()) {
                unmapped.add(new Interchange.Unmapped(at, "no base_table.table"));
                continue;
            }
            physical.put(dataset.toLowerCase(Locale.ROOT), table);
            List<String> key = new ArrayList<>();
            t.path("primary_key").path("columns").forEach(c -> key.add(c.asText()));
            List<SemanticFile.DimensionSpec> dims = new ArrayList<>();
            for (JsonNode d : t.path("dimensions")) dims.add(dimension(d, false));
            String defaultTime = null;
            for (JsonNode d : t.path("time_dimensions")) {
                dims.add(dimension(d, true));
                if (defaultTime == null) defaultTime = d.path("name").asText();
            }
            List<SemanticFile.SegmentSpec> segments = new ArrayList<>();
            for (JsonNode f : t.path("filters")) {
                segments.add(new SemanticFile.SegmentSpec(f.path("name").asText(), f.path("expr").asText(), null, Interchange.text(f, "description"), null));
            }
            Map<String, String> facts = new LinkedHashMap<>();
            for (String kind : List.of("facts", "measures")) {
                JsonNode list = t.path(kind);
                for (int j = 0; j < list.size(); j++) {
                    JsonNode f = list.get(j);
                    String expr = f.path("expr").asText(f.path("name").asText());
                    facts.put(f.path("name").asText(), expr);
                    String agg = f.path("default_aggregation").asText("").toLowerCase(Locale.ROOT);
                    if (agg.isBlank()) continue;
                    String ours = switch (agg) {
                        case "sum", "min", "max", "median", "count", "count_distinct" -> agg;
                        case "avg", "average" -> "avg";
                        default -> null;
                    };
                    if (ours == null) {
                        unmapped.add(new Interchange.Unmapped(at + " " + kind + "[" + j + "] " + f.path("name").asText(), "default aggregation '" + agg + "' has no counterpart"));
                        continue;
                    }
                    metrics.add(simple(f.path("name").asText(), Interchange.text(f, "description"), dataset, ours, expr, defaultTime, synonyms(f)));
                }
            }
            JsonNode tableMetrics = t.path("metrics");
            for (int j = 0; j < tableMetrics.size(); j++) {
                JsonNode m = tableMetrics.get(j);
                Matcher one = ONE_AGGREGATION.matcher(m.path("expr").asText(""));
                if (!one.matches() || !balanced(one.group(3))) {
                    unmapped.add(new Interchange.Unmapped(at + " metrics[" + j + "] " + m.path("name").asText(),
                            "'" + m.path("expr").asText() + "' is not one aggregation of a column or fact"));
                    continue;
                }
                String agg = one.group(1).toLowerCase(Locale.ROOT);
                String expr = one.group(3).strip();
                if (one.group(2) != null) {
                    if (!agg.equals("count")) {
                        unmapped.add(new Interchange.Unmapped(at + " metrics[" + j + "] " + m.path("name").asText(), "DISTINCT inside " + one.group(1)));
                        continue;
                    }
                    agg = "count_distinct";
                }
                for (Map.Entry<String, String> fact : facts.entrySet()) {
                    expr = expr.replaceAll("(?i)\\b" + Pattern.quote(fact.getKey()) + "\\b", Matcher.quoteReplacement(fact.getValue()));
                }
                if (agg.equals("count") && expr.equals("*")) expr = null;
                metrics.add(simple(m.path("name").asText(), Interchange.text(m, "description"), dataset, agg, expr, defaultTime, synonyms(m)));
            }
            datasets.add(new SemanticFile.DatasetSpec(dataset, table, null, Interchange.text(t, "description") == null ? "From Cortex table " + dataset + "." : Interchange.text(t, "description"),
                    key, defaultTime, dims, segments, synonyms(t)));
        }

        List<SemanticFile.RelationshipSpec> relationships = new ArrayList<>();
        JsonNode rels = root.path("relationships");
        for (int i = 0; i < rels.size(); i++) {
            JsonNode r = rels.get(i);
            String type = r.path("relationship_type").asText("many_to_one").toLowerCase(Locale.ROOT);
            if (!type.equals("many_to_one") && !type.equals("one_to_one")) {
                unmapped.add(new Interchange.Unmapped("relationships[" + i + "] " + r.path("name").asText(), "a " + type + " relationship (only many-to-one and one-to-one join)"));
                continue;
            }
            List<String> from = new ArrayList<>();
            List<String> to = new ArrayList<>();
            for (JsonNode c : r.path("relationship_columns")) {
                from.add(c.path("left_column").asText());
                to.add(c.path("right_column").asText());
            }
            relationships.add(new SemanticFile.RelationshipSpec(r.path("name").asText(), r.path("left_table").asText(), r.path("right_table").asText(), type, from, to));
        }

        List<VerifiedQuery> queries = new ArrayList<>();
        JsonNode verified = root.path("verified_queries");
        for (int i = 0; i < verified.size(); i++) {
            JsonNode q = verified.get(i);
            String sql = q.path("sql").asText("");
            for (Map.Entry<String, String> t : physical.entrySet()) {
                sql = sql.replaceAll("(?i)\\b__" + Pattern.quote(t.getKey()) + "\\b", Matcher.quoteReplacement(t.getValue()));
            }
            String name = "cortex_" + q.path("name").asText("query_" + i).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "_");
            String at = q.path("verified_at").isNumber()
                    ? java.time.Instant.ofEpochSecond(q.path("verified_at").asLong()).atZone(java.time.ZoneOffset.UTC).toLocalDate().toString()
                    : q.path("verified_at").asText("1970-01-01");
            queries.add(new VerifiedQuery(name, q.path("question").asText(name), sql.strip(), List.of(), List.of(), List.of("cortex"),
                    q.path("verified_by").asText("Cortex Analyst verified query"), at));
        }
        return new Imported(new SemanticFile(fileName, Interchange.text(root, "description") != null ? Interchange.text(root, "description")
                : "Imported from the Cortex Analyst semantic model " + root.path("name").asText(file.getFileName().toString()) + ".", datasets, relationships, metrics),
                queries, unmapped);
    }

    /** Whether the text's parentheses close in order: {@code a) / COUNT(*} is two aggregations, not the argument of one. */
    private static boolean balanced(String text) {
        int depth = 0;
        for (char c : text.toCharArray()) {
            if (c == '(') depth++;
            if (c == ')' && --depth < 0) return false;
        }
        return depth == 0;
    }

    private static SemanticFile.DimensionSpec dimension(JsonNode d, boolean time) {
        return new SemanticFile.DimensionSpec(d.path("name").asText(), time ? "time" : null, d.path("expr").isTextual() ? d.path("expr").asText() : null, null,
                Interchange.text(d, "description"), synonyms(d), time ? "day" : null, null);
    }

    private static SemanticFile.MetricSpec simple(String name, String description, String dataset, String agg, String expr, String time, List<String> synonyms) {
        return new SemanticFile.MetricSpec(name, "simple", null, description, dataset, agg, expr, null, null, List.of(), time, null, null, null, null, null,
                List.of(), null, null, null, null, List.of(), synonyms, List.of());
    }

    private static List<String> synonyms(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.path("synonyms").forEach(s -> out.add(s.asText()));
        return out;
    }

}
