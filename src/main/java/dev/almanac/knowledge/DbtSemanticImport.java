package dev.almanac.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
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
 * dbt's compiled semantic manifest ({@code target/semantic_manifest.json}, dbt-semantic-interfaces), or a dbt project's
 * YAML read into the same shape ({@link DbtProjectYaml}), read into Almanac's semantic model: semantic models become
 * datasets (their primary entity the key, their dimensions with time grains), a foreign entity matched to another model's
 * primary entity a many-to-one relationship (to each model, when several identify it), simple metrics over a measure, or
 * carrying their own aggregation, simple metrics (the aggregation and expression, the metric's filter, the input's
 * {@code fill_nulls_with} and {@code join_to_timespine}), ratio, derived and cumulative metrics the same kinds; saved queries are
 * returned with their group-by (an entity groups by its key) and where conditions for the caller to compile into verified
 * queries. What has no counterpart (conversion metrics, cumulative metrics with filters of their own, filters on other models' dimensions, unknown
 * aggregations, discrete percentiles, snapshots per group, custom granularities) is reported with its place
 * ({@code models/orders.yml metrics[food_orders]}), never guessed; the project's time spine is reported as not needed.
 */
public final class DbtSemanticImport {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** {@code {{ Dimension('entity__dimension') }}}, {@code {{ TimeDimension('metric_time', 'month') }}} or {@code {{ Entity('listing') }}} in a where filter. */
    private static final Pattern JINJA = Pattern.compile("\\{\\{\\s*(Dimension|TimeDimension|Entity)\\(\\s*'([^']+)'[^)]*\\)\\s*}}");
    /** A saved query's group-by by an entity: {@code Entity('customer')}, with or without Jinja's braces. */
    private static final Pattern ENTITY = Pattern.compile("(?<![A-Za-z])Entity\\(\\s*'([^']+)'");
    /** A where filter that is one condition on one dimension: {@code {{ Dimension('listing__capacity_latest') }} > 3}. */
    private static final Pattern CONDITION = Pattern.compile("^\\{\\{\\s*(Dimension|TimeDimension|Entity)\\(\\s*'([^']+)'[^)]*\\)\\s*}}\\s*"
            + "(?:(=|==|!=|<>|<=|>=|<|>|(?i:not\\s+in|in))\\s*(.+?))?\\s*$", Pattern.DOTALL);
    /** Grains finer than a day, which Almanac reads by day. */
    private static final java.util.Set<String> SUB_DAY = java.util.Set.of("nanosecond", "microsecond", "millisecond", "second", "minute", "hour");

    private DbtSemanticImport() {}

    /**
     * A saved query: its metrics, group-by (qualified dimension names, and a time grain) and its where filters, each
     * translated into a condition the compiler reads ({@code listings_latest.capacity_latest > 3}); {@code at} is where it is written.
     */
    public record SavedQuery(String name, String description, List<String> metrics, List<String> groupBy, String grain, List<String> where, String at) {}

    /**
     * What was read: one semantic file, the saved queries, what could not be mapped, and notes: what was mapped with a
     * difference the reader should know of, or what the project has that Almanac does not need (its time spine table).
     */
    public record Imported(SemanticFile file, List<SavedQuery> savedQueries, List<Interchange.Unmapped> unmapped, List<Interchange.Unmapped> notes) {
        public Imported(SemanticFile file, List<SavedQuery> savedQueries, List<Interchange.Unmapped> unmapped) {
            this(file, savedQueries, unmapped, List.of());
        }
    }

    /** A compiled semantic manifest (JSON), or a dbt project's YAML (a folder or one file, {@link DbtProjectYaml}). */
    public static Imported read(Path source, String fileName) {
        if (DbtProjectYaml.isYaml(source)) {
            return read(DbtProjectYaml.read(source).manifest(), fileName, "Imported from the dbt project " + source.getFileName() + ".");
        }
        JsonNode root;
        try {
            root = JSON.readTree(source.toFile());
        } catch (IOException e) {
            throw new UserError("cannot read the dbt semantic manifest " + source + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (root == null || !root.has("semantic_models")) {
            throw new UserError(source + " is not a dbt semantic manifest (no semantic_models): run `dbt parse` and give target/semantic_manifest.json, or give the project folder");
        }
        return read(root, fileName, "Imported from the dbt semantic manifest " + source.getFileName() + ".");
    }

    /** A manifest's tree (as {@code dbt parse} writes it, or as {@link DbtProjectYaml} reads a project's YAML into). */
    public static Imported read(JsonNode root, String fileName, String description) {
        List<Interchange.Unmapped> unmapped = new ArrayList<>();
        List<Interchange.Unmapped> notes = new ArrayList<>();
        Map<String, List<String>> identifying = new LinkedHashMap<>(); // entity name -> the datasets it identifies
        Map<String, String> entityExpr = new LinkedHashMap<>(); // dataset.entity -> column
        Map<String, String> measureDataset = new LinkedHashMap<>();
        Map<String, JsonNode> measures = new LinkedHashMap<>();
        Map<String, String> dimensionExpr = new LinkedHashMap<>();
        JsonNode models = root.path("semantic_models");
        for (JsonNode m : models) {
            String dataset = m.path("name").asText();
            if (m.path("primary_entity").isTextual()) identifying.computeIfAbsent(m.path("primary_entity").asText(), k -> new ArrayList<>()).add(dataset);
            for (JsonNode e : m.path("entities")) {
                String type = e.path("type").asText("").toLowerCase(Locale.ROOT);
                if (type.equals("primary") || type.equals("unique") || type.equals("natural")) {
                    identifying.computeIfAbsent(e.path("name").asText(), k -> new ArrayList<>()).add(dataset);
                }
                entityExpr.put(dataset + "." + e.path("name").asText(), column(e));
            }
            for (JsonNode me : m.path("measures")) {
                measureDataset.put(me.path("name").asText(), dataset);
                measures.put(me.path("name").asText(), me);
            }
            for (JsonNode d : m.path("dimensions")) { // dimensions are scoped to their semantic model: "orders.ordered_at"
                dimensionExpr.put(dataset + "." + d.path("name").asText(), d.path("expr").isTextual() ? d.path("expr").asText() : d.path("name").asText());
            }
        }
        Names names = new Names(identifying, entityExpr, dimensionExpr);

        // an entity a saved query groups by is a dimension of the dataset it identifies, over the entity's column
        Map<String, List<SemanticFile.DimensionSpec>> entityDimensions = new LinkedHashMap<>();
        for (JsonNode q : root.path("saved_queries")) {
            for (JsonNode g : q.path("query_params").path("group_by")) {
                Matcher entity = ENTITY.matcher(g.asText());
                if (!entity.find()) continue;
                String dimension = names.entityDimension(entity.group(1));
                if (dimension == null || dimensionExpr.containsKey(dimension)) continue;
                String dataset = dimension.substring(0, dimension.indexOf('.'));
                String name = dimension.substring(dimension.indexOf('.') + 1);
                String expr = entityExpr.get(dimension);
                entityDimensions.computeIfAbsent(dataset, k -> new ArrayList<>()).add(new SemanticFile.DimensionSpec(name, null, expr.equals(name) ? null : expr,
                        null, "The " + name + " entity's key (" + expr + "), for grouping by the entity as dbt's Entity('" + name + "') does.", List.of(), null, null));
                dimensionExpr.put(dimension, expr);
            }
        }

        List<SemanticFile.DatasetSpec> datasets = new ArrayList<>();
        List<SemanticFile.RelationshipSpec> relationships = new ArrayList<>();
        for (JsonNode m : models) {
            String dataset = m.path("name").asText();
            String at = at(m, "semantic_models", dataset);
            String table = m.path("node_relation").path("alias").asText(null);
            if (table == null || table.isBlank()) {
                unmapped.add(new Interchange.Unmapped(at, "no node_relation.alias (or model: ref('...')): the table is unknown"));
                continue;
            }
            List<String> key = new ArrayList<>();
            List<SemanticFile.EntitySpec> entities = new ArrayList<>(); // the relationships follow from them, as in MetricFlow
            for (JsonNode e : m.path("entities")) {
                String type = e.path("type").asText("").toLowerCase(Locale.ROOT);
                if (type.equals("primary") && key.isEmpty()) key.add(column(e));
                if (type.equals("foreign")) {
                    List<String> targets = identifying.getOrDefault(e.path("name").asText(), List.of());
                    if (targets.isEmpty() || targets.equals(List.of(dataset))) {
                        unmapped.add(new Interchange.Unmapped(at + " entity " + e.path("name").asText(), "a foreign entity no semantic model has as its primary entity"));
                        continue;
                    }
                    // an entity several models identify joins to each of them (the dimension asked for says which), as MetricFlow joins
                    List<String> joined = targets.stream().filter(t -> !t.equals(dataset) && entityExpr.containsKey(t + "." + e.path("name").asText())).toList();
                    if (joined.size() > 1) {
                        for (String target : joined) {
                            relationships.add(new SemanticFile.RelationshipSpec(dataset + "__" + e.path("name").asText() + "__" + target, dataset, target, "many_to_one",
                                    List.of(column(e)), List.of(entityExpr.get(target + "." + e.path("name").asText()))));
                        }
                    }
                }
                entities.add(new SemanticFile.EntitySpec(e.path("name").asText(), type, column(e)));
            }
            List<SemanticFile.DimensionSpec> dimensions = new ArrayList<>();
            for (JsonNode d : m.path("dimensions")) {
                boolean time = d.path("type").asText("").equalsIgnoreCase("time");
                String expr = d.path("expr").isTextual() ? d.path("expr").asText() : null;
                String grain = null;
                if (time) {
                    grain = d.path("type_params").path("time_granularity").asText("day").toLowerCase(Locale.ROOT);
                    if (SUB_DAY.contains(grain)) {
                        notes.add(new Interchange.Unmapped(at + " dimension " + d.path("name").asText(),
                                "its grain " + grain + " is finer than Almanac's finest (day): it is read by day"));
                        grain = "day";
                    }
                }
                dimensions.add(new SemanticFile.DimensionSpec(d.path("name").asText(), time ? "time" : null, expr, Interchange.text(d, "label"), Interchange.text(d, "description"),
                        List.of(), grain, null));
            }
            dimensions.addAll(entityDimensions.getOrDefault(dataset, List.of()));
            String defaultTime = m.path("defaults").path("agg_time_dimension").asText(null);
            String about = Interchange.text(m, "description");
            datasets.add(new SemanticFile.DatasetSpec(dataset, table, null, about == null ? "From dbt semantic model " + dataset + "." : about, key, defaultTime,
                    dimensions, List.of(), List.of(), entities));
        }
        java.util.Set<String> mappedDatasets = new java.util.HashSet<>();
        datasets.forEach(d -> mappedDatasets.add(d.name()));
        relationships.removeIf(r -> !mappedDatasets.contains(r.to()));

        List<SemanticFile.MetricSpec> metrics = new ArrayList<>();
        Map<String, String> metricAt = new LinkedHashMap<>();
        List<Pending> pending = new ArrayList<>(); // ratio and derived metrics with filtered inputs, mapped once every simple metric is
        JsonNode metricNodes = root.path("metrics");
        for (JsonNode m : metricNodes) {
            String name = m.path("name").asText();
            String at = at(m, "metrics", name);
            metricAt.put(name, at);
            String type = m.path("type").asText("").toLowerCase(Locale.ROOT);
            JsonNode params = m.path("type_params");
            String filter = null;
            if (!type.equals("simple")) {
                try {
                    filter = names.filter(m.path("filter"), null);
                } catch (IllegalArgumentException e) {
                    unmapped.add(new Interchange.Unmapped(at + " filter", e.getMessage()));
                    continue;
                }
            }
            switch (type) {
                case "simple" -> {
                    JsonNode me;
                    String dataset;
                    JsonNode input = params.path("measure");
                    JsonNode aggregation = params.path("metric_aggregation_params");
                    if (aggregation.isObject() && !input.isObject()) { // the newer form: the metric carries its aggregation
                        ObjectNode own = aggregation.deepCopy();
                        own.put("name", name);
                        own.set("expr", params.path("expr").isTextual() ? params.get("expr") : TextNode.valueOf(name));
                        me = own;
                        dataset = aggregation.path("semantic_model").asText(null);
                        input = params;
                        if (dataset == null) {
                            unmapped.add(new Interchange.Unmapped(at, "metric_aggregation_params names no semantic_model"));
                            continue;
                        }
                    } else {
                        String measure = input.path("name").asText(null);
                        me = measure == null ? null : measures.get(measure);
                        dataset = measure == null ? null : measureDataset.get(measure);
                        if (me == null) {
                            unmapped.add(new Interchange.Unmapped(at, "its measure " + measure + " is in no semantic model"));
                            continue;
                        }
                    }
                    if (!mappedDatasets.contains(dataset)) {
                        unmapped.add(new Interchange.Unmapped(at, "its semantic model " + dataset + " was not mapped"));
                        continue;
                    }
                    String agg = agg(me.path("agg").asText(""));
                    if (agg == null) {
                        unmapped.add(new Interchange.Unmapped(at, "aggregation '" + me.path("agg").asText() + "' has no counterpart"));
                        continue;
                    }
                    try {
                        String measureFilter = names.filter(input.path("filter"), dataset);
                        String own = names.filter(m.path("filter"), dataset);
                        filter = join(own, measureFilter);
                    } catch (IllegalArgumentException e) {
                        unmapped.add(new Interchange.Unmapped(at + " filter", e.getMessage()));
                        continue;
                    }
                    String expr = me.path("expr").isTextual() ? me.path("expr").asText() : me.path("name").asText();
                    if (me.path("agg").asText("").equalsIgnoreCase("sum_boolean")) expr = "CASE WHEN " + expr + " THEN 1 ELSE 0 END";
                    if (agg.equals("count") && expr.equals("1")) expr = null;
                    JsonNode aggParams = me.path("agg_params");
                    java.math.BigDecimal percentile = aggParams.path("percentile").isNumber() ? aggParams.path("percentile").decimalValue() : null;
                    if (agg.equals("percentile") && percentile == null) {
                        unmapped.add(new Interchange.Unmapped(at, "a percentile measure without agg_params.percentile"));
                        continue;
                    }
                    if (aggParams.path("use_discrete_percentile").asBoolean(false)) {
                        unmapped.add(new Interchange.Unmapped(at, "a discrete percentile has no counterpart (Almanac's percentiles are continuous)"));
                        continue;
                    }
                    if (aggParams.path("use_approximate_percentile").asBoolean(false)) {
                        notes.add(new Interchange.Unmapped(at, "an approximate percentile is computed exactly"));
                    }
                    String time = me.path("agg_time_dimension").asText(null);
                    JsonNode nonAdditive = me.path("non_additive_dimension");
                    if (nonAdditive.isObject() && nonAdditive.path("window_groupings").size() > 0) {
                        unmapped.add(new Interchange.Unmapped(at, "a non-additive dimension with window_groupings (the last snapshot of each "
                                + nonAdditive.path("window_groupings") + ") has no counterpart: Almanac takes the last snapshot of all rows"));
                        continue;
                    }
                    SemanticFile.NonAdditiveSpec snapshot = nonAdditive.isObject() ? new SemanticFile.NonAdditiveSpec(nonAdditive.path("name").asText(),
                            nonAdditive.path("window_choice").asText("max").toLowerCase(Locale.ROOT)) : null;
                    java.math.BigDecimal fill = input.path("fill_nulls_with").isNumber() ? input.path("fill_nulls_with").decimalValue() : null;
                    Boolean spine = input.path("join_to_timespine").asBoolean(false) ? Boolean.TRUE : null;
                    metrics.add(new SemanticFile.MetricSpec(name, "simple", Interchange.text(m, "label"), description(m, me), dataset, agg, expr, percentile, filter,
                            List.of(), time, snapshot, null, fill, null, null, List.of(), null, null, null, null, List.of(), List.of(), List.of(), spine, null, null));
                }
                case "ratio" -> {
                    String numerator = params.path("numerator").path("name").asText(null);
                    String denominator = params.path("denominator").path("name").asText(null);
                    if (numerator == null || denominator == null) {
                        unmapped.add(new Interchange.Unmapped(at, "a ratio needs a numerator and a denominator metric"));
                        continue;
                    }
                    if (hasFilter(params.path("numerator")) || hasFilter(params.path("denominator"))) {
                        pending.add(new Pending(m, at, filter));
                        continue;
                    }
                    metrics.add(new SemanticFile.MetricSpec(name, "ratio", Interchange.text(m, "label"), description(m, null), null, null, null, null, filter, List.of(),
                            null, null, null, null, numerator, denominator, List.of(), null, null, null, null, List.of(), List.of(), List.of()));
                }
                case "derived" -> {
                    List<SemanticFile.MetricInputSpec> inputs = new ArrayList<>();
                    boolean toGrain = false;
                    boolean filtered = false;
                    for (JsonNode in : params.path("metrics")) {
                        if (in.has("offset_to_grain") && !in.path("offset_to_grain").isNull()) toGrain = true;
                        filtered |= hasFilter(in);
                        inputs.add(new SemanticFile.MetricInputSpec(in.path("name").asText(), in.path("alias").isTextual() ? in.path("alias").asText() : null, offset(in)));
                    }
                    if (toGrain || inputs.isEmpty()) {
                        unmapped.add(new Interchange.Unmapped(at, inputs.isEmpty() ? "a derived metric without inputs"
                                : "a derived metric whose input is offset to the start of a grain (offset_to_grain) has no counterpart"));
                        continue;
                    }
                    if (filtered) {
                        pending.add(new Pending(m, at, filter));
                        continue;
                    }
                    metrics.add(new SemanticFile.MetricSpec(name, "derived", Interchange.text(m, "label"), description(m, null), null, null, params.path("expr").asText(null),
                            null, filter, List.of(), null, null, null, null, null, null, inputs, null, null, null, null, List.of(), List.of(), List.of()));
                }
                case "cumulative" -> {
                    SemanticFile.MetricSpec cumulative = cumulative(m, name, filter, metricNodes, unmapped, at);
                    if (cumulative != null) metrics.add(cumulative);
                }
                case "conversion" -> unmapped.add(new Interchange.Unmapped(at, "conversion metrics are not supported: Almanac's semantic model has no metric of "
                        + "a base event followed by a conversion event of the same entity within a window"));
                default -> unmapped.add(new Interchange.Unmapped(at, "a " + (type.isBlank() ? "metric of no type" : type + " metric") + " has no counterpart in Almanac's semantic model"));
            }
        }
        for (Pending p : pending) withFilteredInputs(p, metrics, metricAt, names, unmapped);
        dropWithoutInputs(metrics, metricAt, unmapped);

        List<SavedQuery> saved = new ArrayList<>();
        for (JsonNode q : root.path("saved_queries")) {
            String at = at(q, "saved_queries", q.path("name").asText());
            JsonNode p = q.path("query_params");
            List<String> groupBy = new ArrayList<>();
            String grain = null;
            String problem = null;
            for (JsonNode g : p.path("group_by")) {
                Matcher time = Pattern.compile("TimeDimension\\(\\s*'([^']+)'\\s*(?:,\\s*'([^']+)')?").matcher(g.asText());
                Matcher dim = Pattern.compile("Dimension\\(\\s*'([^']+)'").matcher(g.asText());
                Matcher entity = ENTITY.matcher(g.asText());
                if (time.find()) {
                    grain = time.group(2) == null ? "day" : time.group(2).toLowerCase(Locale.ROOT);
                } else if (dim.find()) {
                    groupBy.add(names.qualified(dim.group(1), null));
                } else if (entity.find() && names.entityDimension(entity.group(1)) != null) {
                    groupBy.add(names.entityDimension(entity.group(1)));
                } else {
                    problem = "its group-by " + g.asText() + " is neither a Dimension, a TimeDimension nor an Entity of a semantic model";
                }
            }
            List<String> where = new ArrayList<>();
            for (JsonNode w : p.path("where").path("where_filters")) {
                String template = w.path("where_sql_template").asText().strip();
                String condition = names.condition(template);
                if (condition == null) problem = "its where filter " + template + " is not a condition on one dimension (Dimension(...) OP value)";
                else where.add(condition);
            }
            List<String> metricNames = new ArrayList<>();
            p.path("metrics").forEach(n -> metricNames.add(n.asText()));
            if (metricNames.isEmpty()) problem = "no metric";
            if (problem != null) {
                unmapped.add(new Interchange.Unmapped(at, problem));
                continue;
            }
            saved.add(new SavedQuery(q.path("name").asText(), Interchange.text(q, "description"), metricNames, groupBy, grain, where, at));
        }
        spines(root.path("project_configuration"), notes, unmapped);

        datasets.sort(java.util.Comparator.comparing(SemanticFile.DatasetSpec::name));
        metrics.sort(java.util.Comparator.comparing(SemanticFile.MetricSpec::name));
        return new Imported(new SemanticFile(fileName, description, datasets, relationships, metrics), saved, unmapped, notes);
    }

    /** A ratio or derived metric whose inputs have filters of their own, with where it is and its own filter. */
    private record Pending(JsonNode metric, String at, String filter) {}

    private static boolean hasFilter(JsonNode input) {
        return input.has("filter") && !input.path("filter").isNull() && input.path("filter").path("where_filters").size() > 0;
    }

    private static String offset(JsonNode input) {
        JsonNode window = input.path("offset_window");
        if (window.isObject()) return window.path("count").asInt() + " " + window.path("granularity").asText().toLowerCase(Locale.ROOT);
        return window.isTextual() ? window.asText() : null;
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
     * A ratio or derived metric whose inputs have filters of their own (MetricFlow computes such an input with the filter
     * added): each filtered input is a simple metric of its own, {@code <metric>_<alias or role>}, the input simple metric
     * with the filter added, and the metric reads it. Only a simple input filtered on its own model's dimensions can be.
     */
    private static void withFilteredInputs(Pending p, List<SemanticFile.MetricSpec> metrics, Map<String, String> metricAt, Names names,
                                           List<Interchange.Unmapped> unmapped) {
        JsonNode m = p.metric();
        String name = m.path("name").asText();
        JsonNode params = m.path("type_params");
        List<SemanticFile.MetricSpec> added = new ArrayList<>();
        java.util.function.BiFunction<JsonNode, String, String> input = (in, role) -> {
            String base = in.path("name").asText();
            if (!hasFilter(in)) return base;
            SemanticFile.MetricSpec s = metrics.stream().filter(x -> x.name().equals(base)).findFirst().orElse(null);
            if (s == null || !"simple".equals(s.type())) {
                throw new IllegalArgumentException("its input " + base + " has a filter of its own and is not a mapped simple metric");
            }
            String filter = names.filter(in.path("filter"), s.dataset());
            String own = name + "_" + (in.path("alias").isTextual() ? in.path("alias").asText() : role);
            if (metricAt.containsKey(own) || added.stream().anyMatch(x -> x.name().equals(own))) {
                throw new IllegalArgumentException("the name " + own + " for its filtered input " + base + " is taken");
            }
            added.add(new SemanticFile.MetricSpec(own, "simple", null, base + " where " + filter + ": an input of " + name + ".", s.dataset(), s.agg(), s.expr(),
                    s.percentile(), join(s.filter(), filter), s.segments(), s.timeDimension(), s.nonAdditiveDimension(), s.timeGrain(), s.fillNullsWith(), null, null,
                    List.of(), s.unit(), s.format(), s.decimals(), s.owner(), s.caveats(), List.of(), s.tags(), s.joinToTimespine(), s.dialects(), s.filterDialects()));
            return own;
        };
        try {
            if (m.path("type").asText("").equalsIgnoreCase("ratio")) {
                String numerator = input.apply(params.path("numerator"), "numerator");
                String denominator = input.apply(params.path("denominator"), "denominator");
                added.add(new SemanticFile.MetricSpec(name, "ratio", Interchange.text(m, "label"), description(m, null), null, null, null, null, p.filter(), List.of(),
                        null, null, null, null, numerator, denominator, List.of(), null, null, null, null, List.of(), List.of(), List.of()));
            } else {
                List<SemanticFile.MetricInputSpec> inputs = new ArrayList<>();
                for (JsonNode in : params.path("metrics")) {
                    String alias = in.path("alias").isTextual() ? in.path("alias").asText() : null;
                    String read = input.apply(in, in.path("name").asText());
                    inputs.add(new SemanticFile.MetricInputSpec(read, alias == null && !read.equals(in.path("name").asText()) ? in.path("name").asText() : alias, offset(in)));
                }
                added.add(new SemanticFile.MetricSpec(name, "derived", Interchange.text(m, "label"), description(m, null), null, null, params.path("expr").asText(null),
                        null, p.filter(), List.of(), null, null, null, null, null, null, inputs, null, null, null, null, List.of(), List.of(), List.of()));
            }
        } catch (IllegalArgumentException e) {
            unmapped.add(new Interchange.Unmapped(p.at() + " filter", e.getMessage()));
            return;
        }
        for (SemanticFile.MetricSpec a : added) {
            metrics.add(a);
            metricAt.putIfAbsent(a.name(), p.at());
        }
    }

    /** Where a node of the manifest (or of a project's YAML file) is: {@code models/orders.yml metrics[food_orders]}. */
    private static String at(JsonNode node, String kind, String name) {
        String file = node.path(DbtProjectYaml.FILE).asText(null);
        return (file == null ? "" : file + " ") + kind + "[" + name + "]";
    }

    /** Ratio and derived metrics whose inputs were not mapped are not mapped either (until none is left). */
    private static void dropWithoutInputs(List<SemanticFile.MetricSpec> metrics, Map<String, String> metricAt, List<Interchange.Unmapped> unmapped) {
        boolean changed = true;
        while (changed) {
            changed = false;
            java.util.Set<String> mapped = new java.util.HashSet<>();
            metrics.forEach(m -> mapped.add(m.name()));
            for (java.util.Iterator<SemanticFile.MetricSpec> it = metrics.iterator(); it.hasNext(); ) {
                SemanticFile.MetricSpec m = it.next();
                List<String> inputs = new ArrayList<>();
                if (m.numerator() != null) inputs.add(m.numerator());
                if (m.denominator() != null) inputs.add(m.denominator());
                m.metrics().forEach(i -> inputs.add(i.name()));
                String missing = inputs.stream().filter(i -> !mapped.contains(i)).findFirst().orElse(null);
                if (missing != null) {
                    unmapped.add(new Interchange.Unmapped(metricAt.getOrDefault(m.name(), "metrics[" + m.name() + "]"),
                            "its input metric " + missing + (metricAt.containsKey(missing) ? " was not mapped" : " is not in the project")));
                    it.remove();
                    changed = true;
                }
            }
        }
    }

    /**
     * The project's time spine: Almanac computes each answer's periods itself (written into its SQL), so the spine table is
     * not needed; said in the report rather than dropped silently. Custom granularities have no counterpart.
     */
    private static void spines(JsonNode config, List<Interchange.Unmapped> notes, List<Interchange.Unmapped> unmapped) {
        String reason = "the project's time spine is not needed: Almanac writes each answer's periods into its SQL (docs/SEMANTIC.md, Time spine), "
                + "so this table is not read";
        for (JsonNode s : config.path("time_spine_table_configurations")) {
            String file = s.path(DbtProjectYaml.FILE).asText(null);
            notes.add(new Interchange.Unmapped((file == null ? "" : file + " ") + "project_configuration.time_spine_table_configurations[" + s.path("location").asText() + "]",
                    reason + " (column " + s.path("column_name").asText("?") + ", grain " + s.path("grain").asText("day").toLowerCase(Locale.ROOT) + ")"));
        }
        for (JsonNode s : config.path("time_spines")) {
            String file = s.path(DbtProjectYaml.FILE).asText(null);
            String at = (file == null ? "" : file + " ") + "project_configuration.time_spines[" + s.path("node_relation").path("alias").asText() + "]";
            notes.add(new Interchange.Unmapped(at, reason + " (column " + s.path("primary_column").path("name").asText("?") + ", grain "
                    + s.path("primary_column").path("time_granularity").asText("day").toLowerCase(Locale.ROOT) + ")"));
            List<String> custom = new ArrayList<>();
            s.path("custom_granularities").forEach(c -> custom.add(c.path("name").asText()));
            if (!custom.isEmpty()) unmapped.add(new Interchange.Unmapped(at + " custom_granularities", "custom granularities (" + String.join(", ", custom)
                    + ") have no counterpart: Almanac's grains are day, week, month, quarter and year"));
        }
    }

    /** Names as dbt writes them, read against the project's entities and dimensions. */
    private record Names(Map<String, List<String>> identifying, Map<String, String> entityExpr, Map<String, String> dimensionExpr) {
        /**
         * A dimension reference as dbt writes it ({@code order_id__is_food_order}: the dimension of the semantic model whose
         * primary entity is {@code order_id}; a bare name is the given dataset's) as Almanac's qualified name, {@code orders.is_food_order}.
         */
        String qualified(String reference, String dataset) {
            java.util.Optional<dev.almanac.semantic.EntityPath> path = dev.almanac.semantic.EntityPath.of(reference);
            if (path.isEmpty()) return dataset == null ? reference : dataset + "." + reference;
            String entity = path.get().entity();
            String name = path.get().name();
            List<String> owners = identifying.getOrDefault(entity, List.of());
            if (dataset != null && owners.contains(dataset)) return dataset + "." + name;
            for (String owner : owners) if (dimensionExpr.containsKey(owner + "." + name)) return owner + "." + name;
            return (owners.isEmpty() ? entity : owners.get(0)) + "." + name;
        }

        /** The dimension an entity groups by: {@code dataset.entity} of the dataset the entity identifies by a column; null when none does. */
        String entityDimension(String reference) {
            String entity = dev.almanac.semantic.EntityPath.lastEntity(reference);
            for (String owner : identifying.getOrDefault(entity, List.of())) {
                if (entityExpr.containsKey(owner + "." + entity)) return owner + "." + entity;
            }
            return null;
        }

        /** A where filter as SQL over the dataset's columns (each dimension or entity written as its expression); only the dataset's own can be. */
        String filter(JsonNode filter, String dataset) {
            if (filter == null || filter.isMissingNode() || filter.isNull()) return null;
            List<String> parts = new ArrayList<>();
            for (JsonNode w : filter.path("where_filters")) {
                String template = w.path("where_sql_template").asText();
                Matcher m = JINJA.matcher(template);
                StringBuilder sql = new StringBuilder();
                while (m.find()) {
                    String expr;
                    if (m.group(1).equals("Entity")) {
                        String entity = dev.almanac.semantic.EntityPath.lastEntity(m.group(2));
                        expr = dataset == null ? null : entityExpr.get(dataset + "." + entity);
                        if (expr == null) throw new IllegalArgumentException("it filters on the entity " + m.group(2) + ", which is not an entity of the metric's own semantic model");
                    } else {
                        String dimension = qualified(m.group(2), dataset);
                        if (dataset == null || !dimensionExpr.containsKey(dimension) || !dimension.startsWith(dataset + ".")) {
                            throw new IllegalArgumentException("it filters on " + m.group(2) + ", which is not a dimension of the metric's own semantic model");
                        }
                        expr = dimensionExpr.get(dimension);
                    }
                    m.appendReplacement(sql, Matcher.quoteReplacement(expr));
                }
                m.appendTail(sql);
                if (sql.indexOf("{{") >= 0) throw new IllegalArgumentException("a Jinja expression other than Dimension(...) or Entity(...) in '" + template.strip() + "'");
                parts.add(sql.toString().strip());
            }
            return parts.isEmpty() ? null : String.join(" AND ", parts.stream().map(p -> parts.size() > 1 ? "(" + p + ")" : p).toList());
        }

        /**
         * A saved query's where filter as a condition on one dimension ({@code listings_latest.capacity_latest > 3}); a
         * dimension alone is {@code = true}. Null when the filter is anything else (a metric, a time range, several conditions).
         */
        String condition(String template) {
            Matcher m = CONDITION.matcher(template);
            if (!m.matches() || m.group(1).equals("TimeDimension")) return null;
            String field = m.group(1).equals("Entity") ? entityDimension(m.group(2)) : qualified(m.group(2), null);
            if (field == null || !dimensionExpr.containsKey(field) && !m.group(1).equals("Entity")) return null;
            if (m.group(3) == null) return field + " = true";
            String value = m.group(4).strip();
            if (value.contains("{{")) return null;
            return field + " " + m.group(3).toLowerCase(Locale.ROOT).replaceAll("\\s+", " ") + " " + value;
        }
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
