package dev.almanac.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.UserError;
import dev.almanac.source.Catalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A Snowflake Cortex Analyst semantic model (YAML, as Snowflake's "Cortex Analyst semantic model specification" and
 * semantic-model-generator's {@code semantic_model.proto} define it) read into Almanac's semantic model.
 *
 * <ul>
 *   <li>Logical tables become datasets over their base table (found in the source's catalog by schema and name), with
 *       their primary key (a primary entity named after the dataset), dimensions, time dimensions and filters (segments).
 *   <li>Facts (and the older measures) are row-level values: metrics read them by name, and each public one is also a
 *       simple metric of its {@code default_aggregation}, or a sum when it has none (said in the metric's caveats).
 *   <li>A table's or the model's metric that is one aggregation is a simple metric; one that combines aggregations or
 *       other metrics a derived metric ({@link CortexMetricExpression}).
 *   <li>Relationships join many to one (one-to-many ones turned around) and give the many side a foreign entity.
 *   <li>Verified queries, written over logical tables and columns, are translated into SQL over the base tables
 *       ({@link CortexSql#query}) and kept only when they run on the source.
 *   <li>Custom instructions are kept as business rules.
 * </ul>
 *
 * Cortex's logical names are case-insensitive identifiers, often upper case: each becomes a lower-case name
 * ({@code ORDER_DATE} {@code order_date}, {@code Order Date} {@code order_date} labelled "Order Date"). Expressions are
 * Snowflake SQL: what has a portable form is written in it ({@link CortexSql}); an item whose expression has none, or does
 * not run on the source, is not mapped. Everything not mapped is reported with its place in the file
 * ({@code tables[ORDERS].metrics[AOV]}) and the reason.
 */
public final class CortexImport {
    private static final Set<String> MODEL_FIELDS = Set.of("name", "description", "tables", "relationships", "metrics", "verified_queries",
            "custom_instructions", "module_custom_instructions", "comments");
    private static final Set<String> TABLE_FIELDS = Set.of("name", "synonyms", "description", "base_table", "primary_key", "dimensions", "time_dimensions",
            "facts", "measures", "metrics", "filters", "foreign_keys", "columns", "comments");
    private static final Set<String> UNGROUPABLE = Set.of("array", "variant", "object", "geography", "geometry", "vector", "map");

    private CortexImport() {}

    /** What was read: one semantic file, verified queries, business rules (custom instructions) and what could not be mapped. */
    public record Imported(SemanticFile file, List<VerifiedQuery> queries, List<BusinessRule> rules, List<Interchange.Unmapped> unmapped) {}

    /**
     * How the import sees the source: its catalog (null: unknown, base tables are taken as written) and a check that a
     * query runs there, giving null when it does and the reason when it does not.
     */
    public record Probe(Catalog catalog, Function<String, String> failure) {
        public static final Probe NONE = new Probe(null, sql -> null);
    }

    public static Imported read(Path file, String fileName) {
        return read(file, fileName, Probe.NONE);
    }

    public static Imported read(Path file, String fileName, Probe probe) {
        JsonNode root = InterchangeText.read(file, "Cortex semantic model");
        if (root == null || !root.path("tables").isArray()) {
            throw new UserError(file + " is not a Cortex Analyst semantic model (no tables)");
        }
        return new Reader(root, probe, fileName, file.getFileName().toString()).read();
    }

    /** A Cortex logical name as an Almanac name: lower case, accents dropped, anything but letters and digits one '_'. */
    static String name(String logical) {
        String s = java.text.Normalizer.normalize(logical.strip(), java.text.Normalizer.Form.NFD).replaceAll("\\p{M}", "").toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        if (s.isEmpty()) return "unnamed";
        return Character.isLetter(s.charAt(0)) ? s : "n_" + s;
    }

    /** A name not yet taken: the name, else qualified by its table, else numbered. */
    private static String unique(String name, String qualifier, Set<String> taken) {
        String out = name;
        if (taken.contains(out) && qualifier != null) out = qualifier + "_" + name;
        for (int i = 2; taken.contains(out); i++) out = name + "_" + i;
        taken.add(out);
        return out;
    }

    /** A logical table while it is read. */
    private static final class Logical {
        final JsonNode node;
        final String logical;
        final String path;
        final String dataset;
        final String physical;
        final Map<String, String> physicalColumns;
        /** Logical columns (dimensions, time dimensions, facts, measures) by lower-case name: their node and kind. */
        final Map<String, JsonNode> columns = new LinkedHashMap<>();
        final Map<String, String> kinds = new LinkedHashMap<>();
        final Map<String, CortexSql.Result> translated = new HashMap<>();
        final Set<String> translating = new HashSet<>();
        /** Table metrics by lower-case Cortex name: their Almanac name. */
        final Map<String, String> metrics = new LinkedHashMap<>();
        final Set<String> dimensionNames = new HashSet<>();
        final List<SemanticFile.DimensionSpec> dimensions = new ArrayList<>();
        final List<SemanticFile.SegmentSpec> segments = new ArrayList<>();
        final List<SemanticFile.EntitySpec> entities = new ArrayList<>();
        final List<String> key = new ArrayList<>();
        String defaultTime;
        CortexSql.Scope scope;

        Logical(JsonNode node, String logical, String dataset, String physical, Map<String, String> physicalColumns) {
            this.node = node;
            this.logical = logical;
            this.path = "tables[" + logical + "]";
            this.dataset = dataset;
            this.physical = physical;
            this.physicalColumns = physicalColumns;
        }

        /** A logical column's expression over the base table, translated once (a column defined through itself reads the base table's). */
        CortexSql.Result column(String lowerName) {
            CortexSql.Result done = translated.get(lowerName);
            if (done != null) return done;
            JsonNode c = columns.get(lowerName);
            if (c == null) return null;
            String raw = c.path("expr").isTextual() && !c.path("expr").asText().isBlank() ? c.path("expr").asText() : c.path("name").asText();
            if (!translating.add(lowerName)) return new CortexSql.Result.Ok(raw.strip());
            CortexSql.Result r = CortexSql.row(raw, scope, false, c.path("name").asText());
            translating.remove(lowerName);
            translated.put(lowerName, r);
            return r;
        }

        String columnSql(String lowerName) {
            return column(lowerName) instanceof CortexSql.Result.Ok ok ? ok.sql() : null;
        }
    }

    private static final class Reader {
        private final JsonNode root;
        private final Probe probe;
        private final String fileName;
        private final String sourceName;
        private final List<Interchange.Unmapped> unmapped = new ArrayList<>();
        private final Map<String, Logical> tables = new LinkedHashMap<>();
        private final Map<String, CortexSql.Scope> scopes = new HashMap<>();
        private final Set<String> datasetNames = new HashSet<>();
        private final Set<String> metricNames = new HashSet<>();
        private final Set<String> segmentNames = new HashSet<>();
        private final Set<String> relationshipNames = new HashSet<>();
        private final List<SemanticFile.MetricSpec> metrics = new ArrayList<>();
        /** Simple metrics by what they compute (dataset, aggregation, expression, filter): a derived metric's part reuses one. */
        private final Map<String, String> simpleByKey = new HashMap<>();
        /** What the model's own simple metrics compute (dataset, aggregation, expression): a fact they sum gets no sum of its own. */
        private final Set<String> authored = new HashSet<>();
        /** Where each metric written comes from in the file, and the parts made for a derived one. */
        private final Map<String, String> metricPaths = new HashMap<>();
        private final Map<String, List<String>> partsOf = new HashMap<>();
        private final List<SemanticFile.RelationshipSpec> relationships = new ArrayList<>();
        private final Map<String, String> modelMetrics = new LinkedHashMap<>();

        Reader(JsonNode root, Probe probe, String fileName, String sourceName) {
            this.root = root;
            this.probe = probe;
            this.fileName = fileName;
            this.sourceName = sourceName;
        }

        private void unmapped(String path, String reason) {
            unmapped.add(new Interchange.Unmapped(path, reason));
        }

        /** Null when the query runs on the source, else why not (its first line). */
        private String fails(String sql) {
            String why = probe.failure().apply(sql);
            return why == null ? null : why.lines().findFirst().orElse("it fails").strip();
        }

        Imported read() {
            unknownFields(root, MODEL_FIELDS, "");
            JsonNode nodes = root.path("tables");
            for (int i = 0; i < nodes.size(); i++) table(nodes.get(i), i);
            for (Logical t : tables.values()) names(t);
            JsonNode model = root.path("metrics");
            for (JsonNode m : model) {
                String logical = m.path("name").asText("");
                if (!logical.isBlank() && !modelMetrics.containsKey(CortexSql.bare(logical))) {
                    modelMetrics.put(CortexSql.bare(logical), unique(name(logical), null, metricNames));
                }
            }
            Set<String> done = new HashSet<>();
            for (Logical t : tables.values()) columns(t);
            for (Logical t : tables.values()) tableMetrics(t);
            for (JsonNode m : model) {
                String logical = m.path("name").asText("");
                String path = "metrics[" + logical + "]";
                if (logical.isBlank() || !m.path("expr").isTextual()) {
                    unmapped(path, "a metric needs a name and an expr");
                    continue;
                }
                if (!done.add(CortexSql.bare(logical))) {
                    unmapped(path, "a second metric of that name in the model");
                    continue;
                }
                metric(path, modelMetrics.get(CortexSql.bare(logical)), m, CortexMetricExpression.read(m.path("expr").asText(), null, modelMetrics, scopes), null);
            }
            for (Logical t : tables.values()) facts(t);
            relationships();
            dropDerivedWithoutInputs();
            List<VerifiedQuery> queries = verifiedQueries();
            List<BusinessRule> rules = instructions();
            List<SemanticFile.DatasetSpec> datasets = new ArrayList<>();
            Map<String, Long> keyNouns = tables.values().stream().map(Reader::keyNoun).filter(java.util.Objects::nonNull)
                    .collect(java.util.stream.Collectors.groupingBy(x -> x, java.util.stream.Collectors.counting()));
            for (Logical t : tables.values()) {
                String description = Interchange.text(t.node, "description");
                List<String> synonyms = new ArrayList<>(synonyms(t.node, t.logical, t.dataset));
                // a view keyed by CUSTOMER_ID holds one row per customer: its rows are customers, unless another table is keyed so or called so
                String noun = keyNoun(t);
                if (noun != null && keyNouns.get(noun) == 1 && !synonyms.contains(noun)
                        && tables.values().stream().noneMatch(o -> o.dataset.replace('_', ' ').equals(noun))) {
                    synonyms.add(noun);
                }
                datasets.add(new SemanticFile.DatasetSpec(t.dataset, t.physical, null, description == null ? "From the Cortex logical table " + t.logical + "." : description,
                        t.key, t.defaultTime, t.dimensions, t.segments, synonyms, t.entities));
            }
            String description = Interchange.text(root, "description");
            String modelName = root.path("name").asText(sourceName);
            SemanticFile file = new SemanticFile(fileName, description != null ? description + " (Imported from the Cortex Analyst semantic model " + modelName + ".)"
                    : "Imported from the Cortex Analyst semantic model " + modelName + ".", datasets, relationships, metrics);
            return new Imported(file, queries, rules, List.copyOf(unmapped));
        }

        private void unknownFields(JsonNode node, Set<String> known, String path) {
            node.fieldNames().forEachRemaining(f -> {
                if (!known.contains(f)) unmapped(path.isEmpty() ? f : path + "." + f, "a field the Cortex Analyst specification does not define");
            });
        }

        // ------------------------------------------------------------------ tables

        private void table(JsonNode t, int i) {
            String logical = t.path("name").asText("");
            if (logical.isBlank()) {
                unmapped("tables[" + i + "]", "a logical table without a name");
                return;
            }
            String path = "tables[" + logical + "]";
            if (tables.containsKey(CortexSql.bare(logical))) {
                unmapped(path, "a second logical table of that name");
                return;
            }
            unknownFields(t, TABLE_FIELDS, path);
            JsonNode base = t.path("base_table");
            String table = base.path("table").asText("");
            if (table.isBlank()) {
                unmapped(path, "no base_table.table: the table it reads is unknown");
                return;
            }
            String schema = base.path("schema").asText("");
            String physical = table;
            Map<String, String> physicalColumns = null;
            Catalog catalog = probe.catalog();
            if (catalog != null) {
                Catalog.Table found = (schema.isBlank() ? java.util.Optional.<Catalog.Table>empty() : catalog.table(schema + "." + table)).or(() -> catalog.table(table))
                        .orElse(null);
                if (found == null) {
                    List<String> close = catalog.closeMatches(table);
                    unmapped(path + ".base_table", (base.path("database").asText("").isBlank() ? "" : base.path("database").asText() + ".")
                            + (schema.isBlank() ? "" : schema + ".") + table + " is not a table of the source"
                            + (close.isEmpty() ? "" : " (did you mean " + String.join(", ", close) + "?)"));
                    return;
                }
                physical = found.qualifiedName();
                physicalColumns = new HashMap<>();
                for (Catalog.Column c : found.columns()) physicalColumns.put(c.name().toLowerCase(Locale.ROOT), c.name());
            }
            Logical l = new Logical(t, logical, unique(name(logical), null, datasetNames), physical, physicalColumns);
            l.scope = new CortexSql.Scope(logical, l.dataset, physical, physicalColumns, l::columnSql, l.metrics);
            for (String kind : List.of("dimensions", "time_dimensions", "facts", "measures")) {
                for (JsonNode c : t.path(kind)) {
                    String name = c.path("name").asText("");
                    if (name.isBlank()) {
                        unmapped(path + "." + kind, "a column without a name");
                        continue;
                    }
                    if (l.columns.containsKey(CortexSql.bare(name))) {
                        unmapped(path + "." + kind + "[" + name + "]", "a second logical column of that name in the table");
                        continue;
                    }
                    l.columns.put(CortexSql.bare(name), c);
                    l.kinds.put(CortexSql.bare(name), kind);
                }
            }
            if (t.path("columns").size() > 0) {
                unmapped(path + ".columns", "the internal list form of columns: write dimensions, time_dimensions and facts");
            }
            tables.put(CortexSql.bare(logical), l);
            scopes.put(CortexSql.bare(logical), l.scope);
            scopes.putIfAbsent(l.dataset, l.scope);
        }

        /** The Almanac names of a table's metrics, given before any expression is read (one metric may name another). */
        private void names(Logical t) {
            for (JsonNode m : t.node.path("metrics")) {
                String logical = m.path("name").asText("");
                if (!logical.isBlank() && !t.metrics.containsKey(CortexSql.bare(logical))) {
                    t.metrics.put(CortexSql.bare(logical), unique(name(logical), t.dataset, metricNames));
                }
            }
        }

        private void columns(Logical t) {
            for (Map.Entry<String, JsonNode> e : t.columns.entrySet()) {
                String kind = t.kinds.get(e.getKey());
                if (kind.equals("dimensions") || kind.equals("time_dimensions")) dimension(t, e.getKey(), e.getValue(), kind.equals("time_dimensions"));
            }
            // the specification writes {columns: [...]}; published models also write the column, or a list of them, alone
            JsonNode written = t.node.path("primary_key");
            List<String> columns = new ArrayList<>();
            for (String k : texts(written.isObject() ? written.path("columns") : written)) {
                String column = physicalColumn(t, k);
                if (column == null) {
                    unmapped(t.path + ".primary_key", "the key column " + k + " is neither a column of " + t.physical
                            + " nor a logical column over one: no key is declared");
                    columns.clear();
                    break;
                }
                columns.add(column);
            }
            t.key.addAll(columns);
            if (columns.size() == 1) t.entities.add(new SemanticFile.EntitySpec(t.dataset, "primary", columns.get(0)));
            for (JsonNode d : t.node.path("dimensions")) {
                if (!d.path("unique").asBoolean(false)) continue;
                String column = physicalColumn(t, d.path("name").asText());
                String entity = name(d.path("name").asText());
                if (column != null && !columns.equals(List.of(column)) && t.entities.stream().noneMatch(x -> x.name().equals(entity))) {
                    t.entities.add(new SemanticFile.EntitySpec(entity, "unique", column));
                }
            }
            JsonNode filters = t.node.path("filters");
            for (JsonNode f : filters) segment(t, f);
        }

        /** The base table's column a name stands for: a column of the base table, or a logical column that is one; null when neither. */
        private String physicalColumn(Logical t, String name) {
            String k = CortexSql.bare(name);
            String logical = t.columns.containsKey(k) ? t.columnSql(k) : null;
            if (t.physicalColumns != null && t.physicalColumns.containsKey(k) && (logical == null || CortexSql.bare(logical).equals(k))) return t.physicalColumns.get(k);
            if (logical != null && logical.matches("[A-Za-z_][A-Za-z0-9_$]*")) return logical;
            return t.physicalColumns == null ? name.strip() : null;
        }

        private void dimension(Logical t, String key, JsonNode d, boolean time) {
            String logical = d.path("name").asText();
            String path = t.path + "." + (time ? "time_dimensions" : "dimensions") + "[" + logical + "]";
            String type = d.path("data_type").asText("").toLowerCase(Locale.ROOT).replaceAll("\\(.*", "").strip();
            if (UNGROUPABLE.contains(type)) {
                unmapped(path, "a dimension of type " + d.path("data_type").asText() + ": its values are not single values that Almanac groups or filters by");
                return;
            }
            String expr = expression(t, key, path);
            if (expr == null) return;
            String ours = unique(name(logical), null, t.dimensionNames);
            if (d.has("cortex_search_service") || d.has("cortex_search_service_name")) {
                JsonNode s = d.path("cortex_search_service");
                String service = s.isObject() ? String.join(".", java.util.stream.Stream.of(s.path("database").asText(""), s.path("schema").asText(""),
                        s.path("service").asText("")).filter(x -> !x.isBlank()).toList()) : d.path("cortex_search_service_name").asText();
                unmapped(path + ".cortex_search_service", "the Cortex Search Service " + service + " that finds its values is not carried: "
                        + "Almanac's value index reads the values from the source");
            }
            if (time && expr.matches("[A-Za-z_][A-Za-z0-9_$]*") && t.physicalColumns != null) {
                Catalog.Column column = probe.catalog().table(t.physical).flatMap(x -> x.column(expr)).orElse(null);
                if (column != null && !column.isTemporal()) {
                    unmapped(path, "a time dimension over " + t.physical + "." + column.name() + ", which is " + column.type()
                            + ", not a date or timestamp: read as a categorical dimension");
                    time = false;
                }
            }
            String label = label(logical, ours);
            t.dimensions.add(new SemanticFile.DimensionSpec(ours, time ? "time" : null, CortexSql.bare(expr).equals(ours) ? null : expr, label,
                    Interchange.text(d, "description"), synonyms(d, logical, ours), time ? "day" : null, null));
            if (time && t.defaultTime == null) t.defaultTime = ours;
        }

        /** A logical column's expression over the base table when it is portable and runs on the source; else reported, null. */
        private String expression(Logical t, String key, String path) {
            CortexSql.Result r = t.column(key);
            if (r instanceof CortexSql.Result.Refused refused) {
                unmapped(path, refused.reason());
                return null;
            }
            String expr = ((CortexSql.Result.Ok) r).sql();
            String why = fails("SELECT (" + expr + ") AS e FROM " + t.physical + " AS t LIMIT 0");
            if (why != null) {
                unmapped(path, "'" + CortexSql.oneLine(expr) + "' does not run on the source: " + why);
                return null;
            }
            return expr;
        }

        private void segment(Logical t, JsonNode f) {
            String logical = f.path("name").asText("");
            String path = t.path + ".filters[" + logical + "]";
            if (logical.isBlank() || !f.path("expr").isTextual()) {
                unmapped(path, "a filter needs a name and an expr");
                return;
            }
            CortexSql.Result r = CortexSql.row(f.path("expr").asText(), t.scope, true, null);
            if (r instanceof CortexSql.Result.Refused refused) {
                unmapped(path, refused.reason());
                return;
            }
            String expr = ((CortexSql.Result.Ok) r).sql();
            String why = fails("SELECT CASE WHEN (" + expr + ") THEN 1 ELSE 0 END AS e FROM " + t.physical + " AS t LIMIT 0");
            if (why != null) {
                unmapped(path, "'" + CortexSql.oneLine(expr) + "' does not run on the source: " + why);
                return;
            }
            String ours = unique(name(logical), t.dataset, segmentNames);
            String description = Interchange.text(f, "description");
            List<String> synonyms = synonyms(f, logical, ours);
            if (!synonyms.isEmpty()) description = (description == null ? "" : description + " ") + "Also called: " + String.join(", ", synonyms) + ".";
            t.segments.add(new SemanticFile.SegmentSpec(ours, expr, label(logical, ours), description, null));
        }

        // ------------------------------------------------------------------ metrics

        private void tableMetrics(Logical t) {
            Set<String> done = new HashSet<>();
            for (JsonNode m : t.node.path("metrics")) {
                String logical = m.path("name").asText("");
                String path = t.path + ".metrics[" + logical + "]";
                if (logical.isBlank() || !m.path("expr").isTextual()) {
                    unmapped(path, "a metric needs a name and an expr");
                    continue;
                }
                if (!done.add(CortexSql.bare(logical))) {
                    unmapped(path, "a second metric of that name in the table");
                    continue;
                }
                String filter = null;
                if (m.path("filter").path("expr").isTextual()) {
                    CortexSql.Result r = CortexSql.row(m.path("filter").path("expr").asText(), t.scope, true, null);
                    if (r instanceof CortexSql.Result.Refused refused) {
                        unmapped(path + ".filter", refused.reason());
                        t.metrics.remove(CortexSql.bare(logical));
                        continue;
                    }
                    filter = ((CortexSql.Result.Ok) r).sql();
                }
                if (!metric(path, t.metrics.get(CortexSql.bare(logical)), m, CortexMetricExpression.read(m.path("expr").asText(), t.scope, t.metrics, scopes), filter)) {
                    t.metrics.remove(CortexSql.bare(logical));
                }
            }
        }

        private static final java.util.regex.Pattern AGGREGATE = java.util.regex.Pattern.compile(
                "(?is)\\s*(?:sum|count|count_if|avg|average|min|max|median|approx_count_distinct)\\s*\\(");

        /** Facts and measures: each public one a simple metric of its default aggregation, or a sum; one written as an aggregate, that metric. */
        private void facts(Logical t) {
            for (Map.Entry<String, JsonNode> e : t.columns.entrySet()) {
                String kind = t.kinds.get(e.getKey());
                if (!kind.equals("facts") && !kind.equals("measures")) continue;
                JsonNode f = e.getValue();
                String logical = f.path("name").asText();
                String path = t.path + "." + kind + "[" + logical + "]";
                if (AGGREGATE.matcher(f.path("expr").asText("")).lookingAt()) {
                    // a measure its author wrote as an aggregate ("SUM(amount)", "COUNT(DISTINCT loan_id)"): a metric of the table,
                    // read as the table's metrics are (a fact is a row-level value; many published models put their metrics here)
                    metric(path, unique(name(logical), t.dataset, metricNames), f,
                            CortexMetricExpression.read(f.path("expr").asText(), t.scope, t.metrics, scopes), null);
                    continue;
                }
                String expr = expression(t, e.getKey(), path);
                if (expr == null) continue;
                if (f.path("access_modifier").asText("").equalsIgnoreCase("private_access")) continue; // hidden from users; metrics still read it
                String given = f.path("default_aggregation").asText("").toLowerCase(Locale.ROOT);
                String agg = switch (given) {
                    case "" -> "sum";
                    case "sum", "min", "max", "median", "count", "count_distinct" -> given;
                    case "avg", "average" -> "avg";
                    default -> null;
                };
                if (agg == null) {
                    unmapped(path + ".default_aggregation", "the aggregation '" + given + "' has no counterpart");
                    continue;
                }
                if (given.isEmpty() && authored.contains(t.dataset + "|sum|" + expr)) continue; // the model's own metric sums it already
                String ours = name(logical);
                if (metricNames.contains(ours)) ours = unique(ours, t.dataset, metricNames);
                else metricNames.add(ours);
                metricPaths.put(ours, path);
                String why = fails("SELECT " + aggregateSql(agg, expr) + " AS e FROM " + t.physical + " AS t LIMIT 0");
                if (why != null) {
                    unmapped(path, "its " + agg + " does not run on the source: " + why);
                    continue;
                }
                List<String> caveats = given.isEmpty() ? List.of("The Cortex fact " + logical + " leaves its aggregation to the question; this metric sums it.")
                        : List.of();
                String description = Interchange.text(f, "description");
                metrics.add(new SemanticFile.MetricSpec(ours, "simple", label(logical, ours), description, t.dataset, agg, expr, null, null, List.of(), null, null, null,
                        null, null, null, List.of(), null, null, null, null, caveats, synonyms(f, logical, ours), List.of("cortex_fact")));
                simpleByKey.putIfAbsent(t.dataset + "|" + agg + "|" + expr + "|", ours);
                if (given.isEmpty()) averageOf(t, f, logical, ours, expr, description);
            }
        }

        /**
         * A fact that leaves its aggregation to the question is averaged when the question says so ("the average credit
         * score"): a metric of its average beside the sum, called "average" and "mean" with each of the fact's names, unless
         * the model already averages it or the average does not run on the source.
         */
        private void averageOf(Logical t, JsonNode f, String logical, String summed, String expr, String description) {
            if (authored.contains(t.dataset + "|avg|" + expr) || fails("SELECT " + aggregateSql("avg", expr) + " AS e FROM " + t.physical + " AS t LIMIT 0") != null) {
                return;
            }
            String name = unique("average_" + summed, t.dataset, metricNames);
            metricNames.add(name);
            metricPaths.put(name, t.path + ".facts[" + logical + "]");
            String label = label(logical, summed);
            String called = label != null ? label : summed.replace('_', ' ');
            List<String> names = new ArrayList<>(List.of(called));
            names.addAll(synonyms(f, logical, summed));
            List<String> synonyms = new ArrayList<>();
            for (String n : names) {
                for (String word : List.of("average ", "mean ")) if (!synonyms.contains(word + n)) synonyms.add(word + n);
            }
            metrics.add(new SemanticFile.MetricSpec(name, "simple", "Average " + called, description, t.dataset, "avg", expr, null, null, List.of(), null, null, null,
                    null, null, null, List.of(), null, null, null, null, List.of("The Cortex fact " + logical + " leaves its aggregation to the question; this metric averages it over rows."),
                    synonyms, List.of("cortex_fact")));
            simpleByKey.putIfAbsent(t.dataset + "|avg|" + expr + "|", name);
        }


        /** A metric read from its expression; false (and reported) when it cannot be mapped. */
        private boolean metric(String path, String ours, JsonNode m, CortexMetricExpression.Reading reading, String filter) {
            String logical = m.path("name").asText();
            Info info = new Info(path, ours, label(logical, ours), Interchange.text(m, "description"), synonyms(m, logical, ours),
                    m.path("access_modifier").asText("").equalsIgnoreCase("private_access") ? List.of("private") : List.of());
            if (reading instanceof CortexMetricExpression.Reading.Unmapped u) {
                unmapped(path, u.reason());
                return false;
            }
            if (reading instanceof CortexMetricExpression.Reading.Simple s) return simple(info, s.aggregate(), filter);
            return derived(info, (CortexMetricExpression.Reading.Derived) reading, filter);
        }

        /** What a metric says of itself: where it is, its Almanac name, label, description, synonyms and tags. */
        private record Info(String path, String name, String label, String description, List<String> synonyms, List<String> tags) {}

        private boolean simple(Info m, CortexMetricExpression.Aggregate a, String filter) {
            String why = check(a, filter);
            if (why != null) {
                unmapped(m.path(), why);
                return false;
            }
            metrics.add(new SemanticFile.MetricSpec(m.name(), "simple", m.label(), m.description(), a.scope().dataset(), a.agg(), a.expr(), null, filter, List.of(),
                    null, null, null, null, null, null, List.of(), null, null, null, null, List.of(), m.synonyms(), m.tags()));
            simpleByKey.putIfAbsent(key(a, filter), m.name());
            if (filter == null) authored.add(a.scope().dataset() + "|" + a.agg() + "|" + a.expr());
            metricPaths.put(m.name(), m.path());
            return true;
        }

        /** A derived metric over the metrics it names and one simple metric per aggregate (an existing one when it computes the same). */
        private boolean derived(Info m, CortexMetricExpression.Reading.Derived d, String filter) {
            if (filter != null && (!d.metrics().isEmpty() || d.aggregates().stream().map(CortexMetricExpression.Aggregate::scope).distinct().count() > 1)) {
                unmapped(m.path() + ".filter", "a filter on a metric computed from other metrics or from several tables");
                return false;
            }
            for (CortexMetricExpression.Aggregate a : d.aggregates()) {
                String why = check(a, filter);
                if (why != null) {
                    unmapped(m.path(), why);
                    return false;
                }
            }
            List<SemanticFile.MetricInputSpec> inputs = new ArrayList<>();
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < d.aggregates().size(); i++) {
                CortexMetricExpression.Aggregate a = d.aggregates().get(i);
                String part = simpleByKey.get(key(a, filter));
                if (part == null) {
                    // COUNT(*) is the number of the table's rows whatever metric it is part of: named and labelled so
                    boolean rows = filter == null && "count".equals(a.agg()) && (a.expr() == null || a.expr().isBlank());
                    part = unique(rows ? a.scope().dataset() + "_count" : m.name() + "_" + CortexMetricExpression.alias(i), null, metricNames);
                    String label = rows ? "Number of " + dev.almanac.semantic.Dataset.rowsInWords(a.scope().dataset()) : null;
                    String description = rows ? "The rows of " + a.scope().logical() + ", counted (part of " + m.name() + ")."
                            : "Part of " + m.name() + ": " + aggregateSql(a.agg(), a.expr()) + " over " + a.scope().logical() + ".";
                    metrics.add(new SemanticFile.MetricSpec(part, "simple", label, description, a.scope().dataset(), a.agg(), a.expr(), null, filter, List.of(), null,
                            null, null, null, null, null, List.of(), null, null, null, null, List.of(), List.of(), List.of("cortex_part")));
                    simpleByKey.put(key(a, filter), part);
                    parts.add(part);
                }
                inputs.add(new SemanticFile.MetricInputSpec(part, CortexMetricExpression.alias(i), null));
            }
            for (String other : d.metrics()) inputs.add(new SemanticFile.MetricInputSpec(other, null, null));
            partsOf.put(m.name(), parts);
            metricPaths.put(m.name(), m.path());
            metrics.add(new SemanticFile.MetricSpec(m.name(), "derived", m.label(), m.description(), null, null, d.expr(), null, null, List.of(), null, null, null,
                    null, null, null, inputs, null, null, null, null, List.of(), m.synonyms(), m.tags()));
            return true;
        }

        /** Why an aggregate (with the metric's filter) does not run on the source, or null. */
        private String check(CortexMetricExpression.Aggregate a, String filter) {
            String where = filter == null ? "" : " WHERE " + filter;
            String why = fails("SELECT " + aggregateSql(a.agg(), a.expr()) + " AS e FROM " + a.scope().physical() + " AS t" + where + " LIMIT 0");
            return why == null ? null : "'" + aggregateSql(a.agg(), a.expr()) + "' does not run on the source: " + why;
        }

        private static String key(CortexMetricExpression.Aggregate a, String filter) {
            return a.scope().dataset() + "|" + a.agg() + "|" + a.expr() + "|" + (filter == null ? "" : filter);
        }

        private static String aggregateSql(String agg, String expr) {
            return switch (agg) {
                case "count_distinct" -> "COUNT(DISTINCT " + expr + ")";
                case "count" -> expr == null ? "COUNT(*)" : "COUNT(" + expr + ")";
                case "median" -> "MIN(" + expr + ")"; // the median is written per engine; its argument's type is what is checked
                default -> agg.toUpperCase(Locale.ROOT) + "(" + expr + ")";
            };
        }

        /** A derived metric one of whose inputs was not mapped is not mapped either (nor the parts made for it), nor what reads it. */
        private void dropDerivedWithoutInputs() {
            for (boolean changed = true; changed; ) {
                changed = false;
                Set<String> present = new HashSet<>();
                for (SemanticFile.MetricSpec m : metrics) present.add(m.name());
                for (SemanticFile.MetricSpec m : metrics) {
                    String missing = m.metrics().stream().map(SemanticFile.MetricInputSpec::name).filter(n -> !present.contains(n)).findFirst().orElse(null);
                    if (missing == null) continue;
                    unmapped(metricPaths.getOrDefault(m.name(), "metrics[" + m.name() + "]"), "it reads the metric " + missing + ", which is not mapped");
                    List<String> parts = partsOf.getOrDefault(m.name(), List.of());
                    metrics.removeIf(x -> x == m || parts.contains(x.name()) && metrics.stream().noneMatch(y -> y != m
                            && y.metrics().stream().anyMatch(in -> in.name().equals(x.name()))));
                    changed = true;
                    break;
                }
            }
        }

        // ------------------------------------------------------------------ relationships

        private void relationships() {
            JsonNode rels = root.path("relationships");
            for (int i = 0; i < rels.size(); i++) {
                JsonNode r = rels.get(i);
                String logical = r.path("name").asText("");
                String path = "relationships[" + (logical.isBlank() ? String.valueOf(i) : logical) + "]";
                Logical left = tables.get(CortexSql.bare(r.path("left_table").asText("")));
                Logical right = tables.get(CortexSql.bare(r.path("right_table").asText("")));
                if (left == null || right == null) {
                    unmapped(path, "it joins " + (left == null ? r.path("left_table").asText("(no left_table)") : r.path("right_table").asText("(no right_table)"))
                            + ", which is no mapped logical table");
                    continue;
                }
                String type = r.path("relationship_type").asText("many_to_one").toLowerCase(Locale.ROOT);
                List<String> from = new ArrayList<>();
                List<String> to = new ArrayList<>();
                String bad = null;
                for (String[] c : columnPairs(r)) {
                    String l = physicalColumn(left, c[0]);
                    String rc = physicalColumn(right, c[1]);
                    if (l == null || rc == null) {
                        bad = l == null ? left.logical + "." + c[0] : right.logical + "." + c[1];
                        break;
                    }
                    from.add(l);
                    to.add(rc);
                }
                if (bad != null) {
                    unmapped(path, "it joins on " + bad + ", which is not a column of the base table (Almanac joins on columns)");
                    continue;
                }
                if (from.isEmpty()) {
                    unmapped(path, "no relationship_columns" + (r.has("expr") ? " (a join written as an expression)" : ""));
                    continue;
                }
                switch (type) {
                    case "many_to_one", "one_to_one" -> join(path, logical, left, right, from, to, type);
                    case "one_to_many" -> join(path, logical, right, left, to, from, "many_to_one");
                    default -> {
                        unmapped(path, "a " + type + " relationship: Almanac joins many to one or one to one only");
                        continue;
                    }
                }
                if (r.path("join_type").asText("").equalsIgnoreCase("inner")) {
                    unmapped(path + ".join_type", "an inner join: Almanac joins left outer, so rows of " + (type.equals("one_to_many") ? right.logical : left.logical)
                            + " without a match are kept (under an empty " + (type.equals("one_to_many") ? left.logical : right.logical) + ")");
                }
            }
            for (Logical t : tables.values()) {
                for (JsonNode fk : t.node.path("foreign_keys")) {
                    String table = fk.path("pkey_table").path("table").asText("");
                    Logical target = tables.values().stream().filter(x -> CortexSql.bare(x.node.path("base_table").path("table").asText()).equals(CortexSql.bare(table)))
                            .findFirst().orElse(null);
                    String path = t.path + ".foreign_keys[" + table + "]";
                    if (target == null) {
                        unmapped(path, "it refers to " + table + ", the base table of no mapped logical table");
                        continue;
                    }
                    List<String> from = new ArrayList<>();
                    fk.path("fkey_columns").forEach(c -> from.add(c.asText()));
                    List<String> to = new ArrayList<>();
                    fk.path("pkey_columns").forEach(c -> to.add(c.asText()));
                    if (from.isEmpty() || from.size() != to.size()) {
                        unmapped(path, "fkey_columns and pkey_columns of the same, non-zero length are needed");
                        continue;
                    }
                    join(path, t.dataset + "_to_" + target.dataset, t, target, from, to, "many_to_one");
                }
            }
        }

        /**
         * The (left, right) column pairs a relationship joins on: its {@code relationship_columns}, as the specification
         * writes them; models published for Cortex Analyst also write them as {@code on:} with the same pairs, or as
         * {@code left_join_key} and {@code right_join_key} (a column or a list each), which say the same join and are read
         * alike. Empty when none is written or the two lists differ in length.
         */
        private static List<String[]> columnPairs(JsonNode r) {
            List<String[]> out = new ArrayList<>();
            JsonNode pairs = r.has("relationship_columns") ? r.path("relationship_columns") : r.path("on");
            for (JsonNode c : pairs) out.add(new String[] {c.path("left_column").asText(""), c.path("right_column").asText("")});
            if (!out.isEmpty() || !r.has("left_join_key")) return out;
            List<String> left = texts(r.path("left_join_key"));
            List<String> right = texts(r.path("right_join_key"));
            if (left.size() != right.size()) return List.of();
            for (int i = 0; i < left.size(); i++) out.add(new String[] {left.get(i), right.get(i)});
            return out;
        }

        private static List<String> texts(JsonNode n) {
            List<String> out = new ArrayList<>();
            if (n.isArray()) n.forEach(x -> out.add(x.asText("")));
            else if (n.isValueNode() && !n.isNull()) out.add(n.asText(""));
            return out;
        }

        /** A join from the many side to the one side: a relationship (unless one already joins them so) and a foreign entity. */
        private void join(String path, String logical, Logical from, Logical to, List<String> fromColumns, List<String> toColumns, String type) {
            if (from == to) {
                unmapped(path, "it joins " + from.logical + " to itself");
                return;
            }
            boolean same = relationships.stream().anyMatch(x -> x.from().equals(from.dataset) && x.to().equals(to.dataset) && x.fromColumns().equals(fromColumns)
                    && x.toColumns().equals(toColumns));
            if (same) return; // the same join declared from both sides
            String name = unique(name(logical.isBlank() ? from.dataset + "_to_" + to.dataset : logical), null, relationshipNames);
            relationships.add(new SemanticFile.RelationshipSpec(name, from.dataset, to.dataset, type, fromColumns, toColumns));
            if (to.key.equals(toColumns) && toColumns.size() == 1 && from.entities.stream().noneMatch(e -> e.name().equals(to.dataset))) {
                from.entities.add(new SemanticFile.EntitySpec(to.dataset, "foreign", fromColumns.get(0)));
            }
        }

        // ------------------------------------------------------------------ verified queries and instructions

        private List<VerifiedQuery> verifiedQueries() {
            List<VerifiedQuery> out = new ArrayList<>();
            Set<String> names = new HashSet<>();
            JsonNode verified = root.path("verified_queries");
            Map<String, CortexSql.Scope> byName = new HashMap<>();
            for (Logical t : tables.values()) byName.put(CortexSql.bare(t.logical), t.scope);
            for (int i = 0; i < verified.size(); i++) {
                JsonNode q = verified.get(i);
                String logical = q.path("name").asText("");
                String path = "verified_queries[" + (logical.isBlank() ? String.valueOf(i) : logical) + "]";
                if (!q.path("sql").isTextual() || q.path("sql").asText().isBlank()) {
                    unmapped(path, "no sql");
                    continue;
                }
                CortexSql.Result r = CortexSql.query(q.path("sql").asText(), byName);
                if (r instanceof CortexSql.Result.Refused refused) {
                    unmapped(path, refused.reason());
                    continue;
                }
                CortexSql.Result.Ok ok = (CortexSql.Result.Ok) r;
                String why = fails(ok.sql());
                if (why != null) {
                    unmapped(path, "translated to '" + CortexSql.oneLine(ok.sql()) + "', which does not run on the source: " + why);
                    continue;
                }
                String slug = name(logical.isBlank() ? "query_" + i : logical);
                int room = KnowledgeName.MAX_LENGTH - "cortex_".length() - 3; // and a suffix _NN
                if (slug.length() > room) { // cut at a word's end
                    String cut = slug.substring(0, room);
                    slug = slug.charAt(room) != '_' && cut.lastIndexOf('_') > room / 2 ? cut.substring(0, cut.lastIndexOf('_')) : cut.replaceAll("_+$", "");
                }
                String name = unique("cortex_" + slug, null, names);
                String at = q.path("verified_at").canConvertToLong() && !q.path("verified_at").isTextual()
                        ? java.time.Instant.ofEpochSecond(q.path("verified_at").asLong()).atZone(java.time.ZoneOffset.UTC).toLocalDate().toString()
                        : q.path("verified_at").asText("1970-01-01");
                List<String> tags = q.path("use_as_onboarding_question").asBoolean(false) ? List.of("cortex", "onboarding") : List.of("cortex");
                String question = Interchange.text(q, "question") != null ? q.path("question").asText() : logical.isBlank() ? name : logical;
                out.add(new VerifiedQuery(name, question, ok.sql(), List.of(), ok.tables(), tags,
                        Interchange.text(q, "verified_by") != null ? q.path("verified_by").asText() : "Cortex Analyst verified query", at));
            }
            return out;
        }

        private List<BusinessRule> instructions() {
            List<BusinessRule> out = new ArrayList<>();
            Set<String> read = new java.util.LinkedHashSet<>();
            for (Logical t : tables.values()) read.add(t.physical);
            List<String> tablesRead = List.copyOf(read);
            String general = Interchange.text(root, "custom_instructions");
            if (general != null) out.add(rule("custom_instructions", "Cortex Analyst custom instructions", general, tablesRead));
            JsonNode module = root.path("module_custom_instructions");
            if (module.isObject()) {
                module.fieldNames().forEachRemaining(f -> {
                    String text = Interchange.text(module, f);
                    if (text != null) out.add(rule("module_custom_instructions." + f, "Cortex Analyst instructions for " + f.replace('_', ' '), text, tablesRead));
                });
            }
            return out;
        }

        private BusinessRule rule(String path, String title, String text, List<String> tablesRead) {
            String name = "cortex_" + name(path.substring(path.lastIndexOf('.') + 1));
            unmapped(path, "kept as the business rule " + name + " (given to the language model with every question); answers compiled from the semantic "
                    + "model do not follow it");
            return new BusinessRule(name, title, text, tablesRead, List.of(), List.of("cortex"));
        }

        // ------------------------------------------------------------------ names

        /** The Cortex name as a label when it says more than Almanac's name (spaces, capitals inside words); else null. */
        private static String label(String logical, String ours) {
            String l = logical.strip();
            return l.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").equals(ours) && !l.contains(" ") ? null : l;
        }

        private static final java.util.regex.Pattern ID_COLUMN = java.util.regex.Pattern.compile("(?i)\"?([a-z][a-z0-9_]*[a-z])_id\"?");

        /** What one row of a table keyed by one column {@code <noun>_id} is ("customer" of CUSTOMER_ID), or null. */
        private static String keyNoun(Logical t) {
            if (t.key.size() != 1) return null;
            java.util.regex.Matcher m = ID_COLUMN.matcher(t.key.get(0).strip());
            return m.matches() ? m.group(1).replace('_', ' ').toLowerCase(Locale.ROOT) : null;
        }

        private static List<String> synonyms(JsonNode node, String logical, String ours) {
            List<String> out = new ArrayList<>();
            node.path("synonyms").forEach(s -> {
                if (s.isTextual() && !s.asText().isBlank() && !out.contains(s.asText().strip())) out.add(s.asText().strip());
            });
            return out;
        }
    }
}
