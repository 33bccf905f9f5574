package dev.almanac.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * dbt's compiled semantic manifest ({@code target/semantic_manifest.json}, dbt-semantic-interfaces) read into Almanac's
 * semantic model: semantic models become datasets (their primary entity the key, their dimensions with time grains), a
 * foreign entity matched to another model's primary entity a many-to-one relationship, simple metrics over a measure
 * simple metrics (the measure's aggregation and expression, the metric's filter), ratio, derived and cumulative metrics the same kinds;
 * saved queries are returned as semantic queries for the caller to compile into verified queries. What has no
 * counterpart (conversion metrics, filters on other models' dimensions, unknown aggregations) is reported
 * with its place in the manifest, never guessed.
 */
public final class DbtSemanticImport {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** {@code {{ Dimension('entity__dimension') }}} or {@code {{ TimeDimension('metric_time', 'month') }}} in a where filter. */
    private static final Pattern JINJA_DIMENSION = Pattern.compile("\\{\\{\\s*(?:Dimension|TimeDimension)\\(\\s*'([^']+)'[^)]*\\)\\s*}}");

    private DbtSemanticImport() {}

    /** A saved query: its metrics, group-by (dimension names, and a time grain) and filters, as the manifest states them. */
    public record SavedQuery(String name, String description, List<String> metrics, List<String> groupBy, String grain, List<String> where) {}

    /** What was read: one semantic file, the saved queries and what could not be mapped. */
    public record Imported(SemanticFile file, List<SavedQuery> savedQueries, List<Interchange.Unmapped> unmapped) {}

    public static Imported read(Path manifest, String fileName) {
        JsonNode root;
        try {
            root = JSON.readTree(manifest.toFile());
        } catch (IOException e) {
            throw new UserError("cannot read the dbt semantic manifest " + manifest + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (root == null || !root.has("semantic_models")) {
            throw new UserError(manifest + " is not a dbt semantic manifest (no semantic_models): run `dbt parse` and give target/semantic_manifest.json");
        }
        List<Interchange.Unmapped> unmapped = new ArrayList<>();
        Map<String, String> primaryEntity = new LinkedHashMap<>(); // entity name -> dataset
        Map<String, String> measureDataset = new LinkedHashMap<>();
        Map<String, JsonNode> measures = new LinkedHashMap<>();
        Map<String, String> dimensionDataset = new LinkedHashMap<>();
        Map<String, String> dimensionExpr = new LinkedHashMap<>();
        JsonNode models = root.path("semantic_models");
        for (JsonNode m : models) {
            for (JsonNode e : m.path("entities")) {
                String type = e.path("type").asText("");
                if (type.equals("primary") || type.equals("unique") || type.equals("natural")) {
                    primaryEntity.put(e.path("name").asText(), m.path("name").asText());
                }
            }
            for (JsonNode me : m.path("measures")) {
                measureDataset.put(me.path("name").asText(), m.path("name").asText());
                measures.put(me.path("name").asText(), me);
            }
            for (JsonNode d : m.path("dimensions")) { // dimensions are scoped to their semantic model: "orders.ordered_at"
                String qualified = m.path("name").asText() + "." + d.path("name").asText();
                dimensionDataset.put(qualified, m.path("name").asText());
                dimensionExpr.put(qualified, d.path("expr").isTextual() ? d.path("expr").asText() : d.path("name").asText());
            }
        }

        List<SemanticFile.DatasetSpec> datasets = new ArrayList<>();
        List<SemanticFile.RelationshipSpec> relationships = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            JsonNode m = models.get(i);
            String dataset = m.path("name").asText();
            String at = "semantic_models[" + i + "] " + dataset;
            String table = m.path("node_relation").path("alias").asText(null);
            if (table == null || table.isBlank()) {
                unmapped.add(new Interchange.Unmapped(at, "no node_relation.alias: the table is unknown"));
                continue;
            }
            String schema = m.path("node_relation").path("schema_name").asText("");
            List<String> key = new ArrayList<>();
            List<SemanticFile.EntitySpec> entities = new ArrayList<>(); // the relationships follow from them, as in MetricFlow
            for (JsonNode e : m.path("entities")) {
                String type = e.path("type").asText("").toLowerCase(Locale.ROOT);
                if (type.equals("primary") && key.isEmpty()) key.add(column(e));
                if (type.equals("foreign")) {
                    String target = primaryEntity.get(e.path("name").asText());
                    if (target == null || target.equals(dataset)) {
                        unmapped.add(new Interchange.Unmapped(at + " entity " + e.path("name").asText(), "a foreign entity no semantic model has as its primary entity"));
                        continue;
                    }
                }
                entities.add(new SemanticFile.EntitySpec(e.path("name").asText(), type, column(e)));
            }
            List<SemanticFile.DimensionSpec> dimensions = new ArrayList<>();
            for (JsonNode d : m.path("dimensions")) {
                boolean time = d.path("type").asText("").equalsIgnoreCase("time");
                String expr = d.path("expr").isTextual() ? d.path("expr").asText() : null;
                String grain = time ? d.path("type_params").path("time_granularity").asText("day").toLowerCase(Locale.ROOT) : null;
                dimensions.add(new SemanticFile.DimensionSpec(d.path("name").asText(), time ? "time" : null, expr, Interchange.text(d, "label"), Interchange.text(d, "description"),
                        List.of(), grain, null));
            }
            String defaultTime = m.path("defaults").path("agg_time_dimension").asText(null);
            String description = Interchange.text(m, "description");
            datasets.add(new SemanticFile.DatasetSpec(dataset, schema.isBlank() || schema.equalsIgnoreCase("main") ? table : table, null,
                    description == null ? "From dbt semantic model " + dataset + "." : description, key, defaultTime, dimensions, List.of(), List.of(), entities));
        }

        List<SemanticFile.MetricSpec> metrics = new ArrayList<>();
        JsonNode metricNodes = root.path("metrics");
        for (int i = 0; i < metricNodes.size(); i++) {
            JsonNode m = metricNodes.get(i);
            String name = m.path("name").asText();
            String at = "metrics[" + i + "] " + name;
            String type = m.path("type").asText("").toLowerCase(Locale.ROOT);
            JsonNode params = m.path("type_params");
            String filter = null;
            if (!type.equals("simple")) {
                try {
                    filter = filter(m.path("filter"), null, primaryEntity, dimensionExpr);
                } catch (IllegalArgumentException e) {
                    unmapped.add(new Interchange.Unmapped(at + " filter", e.getMessage()));
                    continue;
                }
            }
            switch (type) {
                case "simple" -> {
                    String measure = params.path("measure").path("name").asText(null);
                    JsonNode me = measure == null ? null : measures.get(measure);
                    if (me == null) {
                        unmapped.add(new Interchange.Unmapped(at, "its measure " + measure + " is in no semantic model"));
                        continue;
                    }
                    String agg = agg(me.path("agg").asText(""));
                    if (agg == null) {
                        unmapped.add(new Interchange.Unmapped(at, "aggregation '" + me.path("agg").asText() + "' has no counterpart"));
                        continue;
                    }
                    String dataset = measureDataset.get(measure);
                    String measureFilter;
                    try {
                        measureFilter = filter(params.path("measure").path("filter"), dataset, primaryEntity, dimensionExpr);
                        String own = filter(m.path("filter"), dataset, primaryEntity, dimensionExpr);
                        filter = join(own, measureFilter);
                    } catch (IllegalArgumentException e) {
                        unmapped.add(new Interchange.Unmapped(at + " filter", e.getMessage()));
                        continue;
                    }
                    String expr = me.path("expr").isTextual() ? me.path("expr").asText() : me.path("name").asText();
                    if (me.path("agg").asText("").equalsIgnoreCase("sum_boolean")) expr = "CASE WHEN " + expr + " THEN 1 ELSE 0 END";
                    if (agg.equals("count") && expr.equals("1")) expr = null;
                    java.math.BigDecimal percentile = me.path("agg_params").path("percentile").isNumber()
                            ? me.path("agg_params").path("percentile").decimalValue() : null;
                    if (agg.equals("percentile") && percentile == null) {
                        unmapped.add(new Interchange.Unmapped(at, "a percentile measure without agg_params.percentile"));
                        continue;
                    }
                    String time = me.path("agg_time_dimension").asText(null);
                    JsonNode nonAdditive = me.path("non_additive_dimension");
                    SemanticFile.NonAdditiveSpec snapshot = nonAdditive.isObject() ? new SemanticFile.NonAdditiveSpec(nonAdditive.path("name").asText(),
                            nonAdditive.path("window_choice").asText("max").toLowerCase(Locale.ROOT)) : null;
                    metrics.add(new SemanticFile.MetricSpec(name, "simple", Interchange.text(m, "label"), description(m, me), dataset, agg, expr, percentile, filter,
                            List.of(), time, snapshot, null, null, null, null, List.of(), null, null, null, null, List.of(), List.of(), List.of()));
                }
                case "ratio" -> {
                    String numerator = params.path("numerator").path("name").asText(null);
                    String denominator = params.path("denominator").path("name").asText(null);
                    if (numerator == null || denominator == null || params.path("numerator").has("filter") && !params.path("numerator").path("filter").isNull()
                            || params.path("denominator").has("filter") && !params.path("denominator").path("filter").isNull()) {
                        unmapped.add(new Interchange.Unmapped(at, "a ratio needs a numerator and a denominator metric without filters of their own"));
                        continue;
                    }
                    metrics.add(new SemanticFile.MetricSpec(name, "ratio", Interchange.text(m, "label"), description(m, null), null, null, null, null, filter, List.of(),
                            null, null, null, null, numerator, denominator, List.of(), null, null, null, null, List.of(), List.of(), List.of()));
                }
                case "derived" -> {
                    List<SemanticFile.MetricInputSpec> inputs = new ArrayList<>();
                    boolean ok = true;
                    for (JsonNode in : params.path("metrics")) {
                        String offset = null;
                        JsonNode window = in.path("offset_window");
                        if (window.isObject()) offset = window.path("count").asInt() + " " + window.path("granularity").asText().toLowerCase(Locale.ROOT);
                        else if (window.isTextual()) offset = window.asText();
                        if (in.has("offset_to_grain") && !in.path("offset_to_grain").isNull() || in.has("filter") && !in.path("filter").isNull()) ok = false;
                        inputs.add(new SemanticFile.MetricInputSpec(in.path("name").asText(), in.path("alias").isTextual() ? in.path("alias").asText() : null, offset));
                    }
                    if (!ok || inputs.isEmpty()) {
                        unmapped.add(new Interchange.Unmapped(at, "a derived metric whose inputs have their own filters or offsets to a grain"));
                        continue;
                    }
                    metrics.add(new SemanticFile.MetricSpec(name, "derived", Interchange.text(m, "label"), description(m, null), null, null, params.path("expr").asText(null),
                            null, filter, List.of(), null, null, null, null, null, null, inputs, null, null, null, null, List.of(), List.of(), List.of()));
                }
                case "cumulative" -> {
                    SemanticFile.MetricSpec cumulative = cumulative(m, name, filter, metricNodes, unmapped, at);
                    if (cumulative != null) metrics.add(cumulative);
                }
                default -> unmapped.add(new Interchange.Unmapped(at, "a " + (type.isBlank() ? "metric of no type" : type + " metric") + " has no counterpart in Almanac's semantic model"));
            }
        }

        List<SavedQuery> saved = new ArrayList<>();
        JsonNode queries = root.path("saved_queries");
        for (int i = 0; i < queries.size(); i++) {
            JsonNode q = queries.get(i);
            JsonNode p = q.path("query_params");
            List<String> groupBy = new ArrayList<>();
            String grain = null;
            boolean ok = true;
            for (JsonNode g : p.path("group_by")) {
                Matcher time = Pattern.compile("TimeDimension\\(\\s*'([^']+)'\\s*(?:,\\s*'([^']+)')?").matcher(g.asText());
                Matcher dim = Pattern.compile("Dimension\\(\\s*'([^']+)'").matcher(g.asText());
                if (time.find()) {
                    grain = time.group(2) == null ? "day" : time.group(2).toLowerCase(Locale.ROOT);
                } else if (dim.find()) {
                    groupBy.add(qualified(dim.group(1), null, primaryEntity));
                } else {
                    ok = false;
                }
            }
            List<String> where = new ArrayList<>();
            for (JsonNode w : p.path("where").path("where_filters")) where.add(w.path("where_sql_template").asText());
            List<String> metricNames = new ArrayList<>();
            p.path("metrics").forEach(n -> metricNames.add(n.asText()));
            if (!ok || metricNames.isEmpty()) {
                unmapped.add(new Interchange.Unmapped("saved_queries[" + i + "] " + q.path("name").asText(), "a group-by that is neither a Dimension nor a TimeDimension, or no metric"));
                continue;
            }
            saved.add(new SavedQuery(q.path("name").asText(), Interchange.text(q, "description"), metricNames, groupBy, grain, where));
        }
        return new Imported(new SemanticFile(fileName, "Imported from the dbt semantic manifest " + manifest.getFileName() + ".", datasets, relationships, metrics),
                saved, unmapped);
    }

    /**
     * A cumulative metric: its window, grain to date and period_agg from {@code type_params.cumulative_type_params} (dbt-core
     * 1.8 on) or {@code type_params} (before), over the simple metric of its measure (one without a filter) or, as the newer
     * form writes it, over {@code cumulative_type_params.metric}. Null (and the reason reported) when it cannot be mapped.
     */
    private static SemanticFile.MetricSpec cumulative(JsonNode m, String name, String filter, JsonNode metricNodes, List<Interchange.Unmapped> unmapped,
                                                      String at) {
        JsonNode params = m.path("type_params");
        JsonNode cumulative = params.path("cumulative_type_params");
        // the manifest writes {name: ...}; the project's YAML may write the name alone
        JsonNode metric = cumulative.path("metric");
        String input = metric.isTextual() ? metric.asText() : metric.path("name").asText(null);
        JsonNode measure = params.path("measure");
        String measureName = measure.isTextual() ? measure.asText() : measure.path("name").asText(null);
        if (input == null && measureName != null) {
            if (measure.hasNonNull("filter")) {
                unmapped.add(new Interchange.Unmapped(at, "a cumulative metric whose measure has a filter of its own"));
                return null;
            }
            for (JsonNode other : metricNodes) { // the simple metric that is the measure as it is
                JsonNode over = other.path("type_params").path("measure");
                String overName = over.isTextual() ? over.asText() : over.path("name").asText("");
                if (other.path("type").asText("").equalsIgnoreCase("simple") && overName.equals(measureName)
                        && !over.hasNonNull("filter") && !other.hasNonNull("filter")) {
                    input = other.path("name").asText();
                    break;
                }
            }
            if (input == null) {
                unmapped.add(new Interchange.Unmapped(at, "its measure " + measureName + " has no simple metric without a filter to accumulate"));
                return null;
            }
        }
        if (input == null) {
            unmapped.add(new Interchange.Unmapped(at, "a cumulative metric with neither a measure nor a metric to accumulate"));
            return null;
        }
        if (filter != null) {
            unmapped.add(new Interchange.Unmapped(at + " filter", "a cumulative metric with a filter of its own"));
            return null;
        }
        JsonNode window = cumulative.hasNonNull("window") ? cumulative.path("window") : params.path("window");
        String grainToDate = cumulative.hasNonNull("grain_to_date") ? cumulative.path("grain_to_date").asText() : params.path("grain_to_date").asText(null);
        String windowText = window.isObject() ? window.path("count").asInt() + " " + window.path("granularity").asText().toLowerCase(Locale.ROOT)
                : window.isTextual() ? window.asText() : null;
        String periodAgg = cumulative.path("period_agg").asText(null);
        return SemanticFile.MetricSpec.cumulative(name, Interchange.text(m, "label"), description(m, null), input, windowText,
                grainToDate == null ? null : grainToDate.toLowerCase(Locale.ROOT), periodAgg == null ? null : periodAgg.toLowerCase(Locale.ROOT));
    }

    /**
     * A dimension reference as dbt writes it ({@code order_id__is_food_order}: the dimension of the semantic model whose
     * primary entity is {@code order_id}; a bare name is the given dataset's) as Almanac's qualified name, {@code orders.is_food_order}.
     */
    static String qualified(String reference, String dataset, Map<String, String> primaryEntity) {
        int i = reference.lastIndexOf("__");
        if (i < 0) return dataset == null ? reference : dataset + "." + reference;
        String path = reference.substring(0, i);
        String entity = path.substring(path.lastIndexOf("__") < 0 ? 0 : path.lastIndexOf("__") + 2);
        String owner = primaryEntity.get(entity);
        return (owner != null ? owner : entity) + "." + reference.substring(i + 2);
    }

    /** A where filter as SQL over the dataset's columns (each dimension written as its expression); only the dataset's own dimensions can be. */
    private static String filter(JsonNode filter, String dataset, Map<String, String> primaryEntity, Map<String, String> dimensionExpr) {
        if (filter == null || filter.isMissingNode() || filter.isNull()) return null;
        List<String> parts = new ArrayList<>();
        for (JsonNode w : filter.path("where_filters")) {
            String template = w.path("where_sql_template").asText();
            Matcher m = JINJA_DIMENSION.matcher(template);
            StringBuilder sql = new StringBuilder();
            while (m.find()) {
                String dimension = qualified(m.group(1), dataset, primaryEntity);
                if (dataset == null || !dimensionExpr.containsKey(dimension) || !dimension.startsWith(dataset + ".")) {
                    throw new IllegalArgumentException("it filters on " + m.group(1) + ", which is not a dimension of the metric's own semantic model");
                }
                m.appendReplacement(sql, Matcher.quoteReplacement(dimensionExpr.get(dimension)));
            }
            m.appendTail(sql);
            if (sql.indexOf("{{") >= 0) throw new IllegalArgumentException("a Jinja expression other than Dimension(...) in '" + template + "'");
            parts.add(sql.toString().strip());
        }
        return parts.isEmpty() ? null : String.join(" AND ", parts.stream().map(p -> parts.size() > 1 ? "(" + p + ")" : p).toList());
    }

    private static String join(String a, String b) {
        if (a == null) return b;
        if (b == null) return a;
        return "(" + a + ") AND (" + b + ")";
    }

    /** dbt's aggregation as Almanac names it; null when there is none. */
    private static String agg(String dbt) {
        return switch (dbt.toLowerCase(Locale.ROOT)) {
            case "sum" -> "sum";
            case "count" -> "count";
            case "count_distinct" -> "count_distinct";
            case "average", "avg" -> "avg";
            case "min" -> "min";
            case "max" -> "max";
            case "median" -> "median";
            case "percentile" -> "percentile";
            case "sum_boolean" -> "sum";
            default -> null;
        };
    }

    private static String column(JsonNode entity) {
        return entity.path("expr").isTextual() ? entity.path("expr").asText() : entity.path("name").asText();
    }


    private static String description(JsonNode metric, JsonNode measure) {
        String d = Interchange.text(metric, "description");
        if (d == null && measure != null) d = Interchange.text(measure, "description");
        return d;
    }
}
