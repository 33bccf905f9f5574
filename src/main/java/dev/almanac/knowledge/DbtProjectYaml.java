package dev.almanac.knowledge;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.UserError;
import java.io.IOException;
import java.nio.file.attribute.FileTime;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The YAML of a dbt project ({@code models/**}{@code /*.yml} with {@code semantic_models:}, {@code metrics:},
 * {@code saved_queries:} and time spine models), or of dbt-semantic-interfaces' test projects (one {@code semantic_model:},
 * {@code metric:}, {@code saved_query:} or {@code project_configuration:} per YAML document), read into the shape of the
 * semantic manifest {@code dbt parse} writes from it, so one reader ({@link DbtSemanticImport}) maps both. What {@code dbt parse}
 * fills in is filled here the same way: a {@code model: ref('x')} is the relation {@code x}, a measure with
 * {@code create_metric: true} is a simple metric, a measure or an input named by a string is the object with that name,
 * filters written as a string or a list are {@code where_filters}, an offset written {@code 14 days} is
 * {@code {count: 14, granularity: day}}, and a simple metric that carries its own aggregation (the newer form where measures
 * move into metrics) is the manifest's {@code metric_aggregation_params}. Each node keeps the file it came from in
 * {@value #FILE}, so what is not mapped is named with its file.
 */
public final class DbtProjectYaml {
    /** The field of a node that names the file it was read from (relative to the project folder). */
    public static final String FILE = "__file";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern REF = Pattern.compile("^\\s*ref\\(\\s*(?:['\"][^'\"]+['\"]\\s*,\\s*)?['\"]([^'\"]+)['\"]\\s*(?:,[^)]*)?\\)\\s*$");
    private static final Pattern OFFSET = Pattern.compile("^\\s*(\\d+)\\s+([A-Za-z_]+?)s?\\s*$");
    /** Folders of a dbt project that hold no YAML of the project's own. */
    private static final Set<String> SKIPPED = Set.of("target", "dbt_packages", "dbt_modules", "logs", "node_modules");

    private DbtProjectYaml() {}

    /** What was read: the manifest-shaped tree, and the newest modification time of the files it came from. */
    public record Project(ObjectNode manifest, FileTime modified) {}

    /** Whether a path is given as a dbt project (a folder, or one YAML file) rather than a compiled manifest. */
    public static boolean isYaml(Path source) {
        String name = source.getFileName() == null ? "" : source.getFileName().toString().toLowerCase(Locale.ROOT);
        return Files.isDirectory(source) || name.endsWith(".yml") || name.endsWith(".yaml");
    }

    public static Project read(Path source) {
        List<Path> files = files(source);
        Path base = (Files.isDirectory(source) ? source : source.toAbsolutePath().getParent()).toAbsolutePath();
        ObjectNode root = NODES.objectNode();
        ArrayNode models = root.putArray("semantic_models");
        ArrayNode metrics = root.putArray("metrics");
        ArrayNode saved = root.putArray("saved_queries");
        ObjectNode config = root.putObject("project_configuration");
        ArrayNode legacySpines = config.putArray("time_spine_table_configurations");
        ArrayNode spines = config.putArray("time_spines");
        List<ObjectNode> created = new ArrayList<>(); // metrics of measures with create_metric: true
        FileTime modified = FileTime.fromMillis(0);
        boolean any = false;
        for (Path file : files) {
            String rel = base.relativize(file.toAbsolutePath()).toString().replace('\\', '/');
            try {
                FileTime t = Files.getLastModifiedTime(file);
                if (t.compareTo(modified) > 0) modified = t;
            } catch (IOException e) {
                throw new UserError("cannot read " + file + ": " + e.getMessage());
            }
            if (rel.endsWith(".sql")) { // a model named metricflow_time_spine is dbt's legacy time spine
                legacySpines.add(NODES.objectNode().put("location", "metricflow_time_spine").put("column_name", "date_day").put("grain", "day").put(FILE, rel));
                continue;
            }
            for (JsonNode doc : documents(file)) {
                if (!doc.isObject()) continue;
                List<JsonNode> ofModels = list(doc.path("semantic_models"));
                if (doc.path("semantic_model").isObject()) ofModels.add(doc.path("semantic_model"));
                List<JsonNode> ofMetrics = list(doc.path("metrics"));
                if (doc.path("metric").isObject()) ofMetrics.add(doc.path("metric"));
                List<JsonNode> ofQueries = list(doc.path("saved_queries"));
                if (doc.path("saved_query").isObject()) ofQueries.add(doc.path("saved_query"));
                for (JsonNode m : ofModels) model(m, rel, models, metrics, created);
                for (JsonNode m : ofMetrics) metrics.add(metric(m, rel, null));
                for (JsonNode q : ofQueries) saved.add(savedQuery(q, rel));
                any |= !ofModels.isEmpty() || !ofMetrics.isEmpty();
                JsonNode project = doc.path("project_configuration");
                if (project.isObject()) {
                    for (JsonNode s : list(project.path("time_spine_table_configurations"))) legacySpines.add(((ObjectNode) s.deepCopy()).put(FILE, rel));
                    for (JsonNode s : list(project.path("time_spines"))) spines.add(((ObjectNode) s.deepCopy()).put(FILE, rel));
                }
                for (JsonNode m : list(doc.path("models"))) { // dbt 1.9: a model with `time_spine:` is the project's time spine
                    JsonNode spine = m.path("time_spine");
                    if (!spine.isObject()) continue;
                    String column = spine.path("standard_granularity_column").asText("date_day");
                    String grain = "day";
                    for (JsonNode c : list(m.path("columns"))) {
                        if (c.path("name").asText("").equals(column) && c.path("granularity").isTextual()) grain = c.path("granularity").asText();
                    }
                    ObjectNode s = spines.addObject();
                    s.putObject("node_relation").put("alias", m.path("name").asText());
                    s.putObject("primary_column").put("name", column).put("time_granularity", grain);
                    s.put(FILE, rel);
                }
            }
        }
        Set<String> named = new HashSet<>();
        metrics.forEach(m -> named.add(m.path("name").asText()));
        for (ObjectNode m : created) if (named.add(m.path("name").asText())) metrics.add(m);
        if (!any) {
            throw new UserError(source + " has no dbt semantic models or metrics (no semantic_models: or metrics: in its YAML): give a dbt project folder, "
                    + "one of its YAML files, or target/semantic_manifest.json");
        }
        return new Project(root, modified);
    }

    private static List<Path> files(Path source) {
        if (!Files.isDirectory(source)) return List.of(source);
        try (Stream<Path> walk = Files.walk(source)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> {
                        for (Path part : source.relativize(p)) {
                            String n = part.toString();
                            if (SKIPPED.contains(n) || n.startsWith(".")) return false;
                        }
                        String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                        return n.endsWith(".yml") || n.endsWith(".yaml") || n.equals("metricflow_time_spine.sql");
                    })
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UserError("cannot read the dbt project " + source + ": " + e.getMessage());
        }
    }

    private static List<JsonNode> documents(Path file) {
        List<JsonNode> out = new ArrayList<>();
        String text;
        try {
            text = Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + e.getMessage());
        }
        String problem = InterchangeText.yamlProblem(text); // a line of megabytes would cost YAML's reader the square of its length
        if (problem != null) throw new UserError("cannot read " + file + ": " + problem);
        try (JsonParser parser = YAML.getFactory().createParser(text); MappingIterator<JsonNode> docs = YAML.readValues(parser, JsonNode.class)) {
            while (docs.hasNextValue()) {
                JsonNode doc = docs.nextValue();
                if (doc != null) out.add(doc);
            }
        } catch (IOException | RuntimeException e) {
            throw new UserError("cannot read " + file + " as YAML: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
        return out;
    }

    private static List<JsonNode> list(JsonNode node) {
        List<JsonNode> out = new ArrayList<>();
        if (node.isArray()) node.forEach(n -> { if (n.isObject()) out.add(n); });
        return out;
    }

    /** A semantic model as the manifest has it; its measures with {@code create_metric} and its own metrics (dbt 1.10+) added to the metrics. */
    private static void model(JsonNode yaml, String file, ArrayNode models, ArrayNode metrics, List<ObjectNode> created) {
        ObjectNode m = yaml.deepCopy();
        m.put(FILE, file);
        if (!m.path("node_relation").isObject() && m.path("model").isTextual()) {
            Matcher ref = REF.matcher(m.path("model").asText());
            String alias = ref.matches() ? ref.group(1) : m.path("model").asText().strip();
            m.putObject("node_relation").put("alias", alias);
        }
        for (String list : List.of("measures", "dimensions", "entities")) {
            for (JsonNode n : list(m.path(list))) textExpr((ObjectNode) n);
        }
        for (JsonNode me : list(m.path("measures"))) {
            if (!me.path("create_metric").asBoolean(false)) continue;
            ObjectNode metric = NODES.objectNode();
            metric.put("name", me.path("name").asText());
            if (me.path("description").isTextual()) metric.put("description", me.path("description").asText());
            if (me.path("label").isTextual()) metric.put("label", me.path("label").asText());
            metric.put("type", "simple");
            metric.putObject("type_params").putObject("measure").put("name", me.path("name").asText());
            metric.put(FILE, file);
            created.add(metric);
        }
        for (JsonNode metric : list(m.path("metrics"))) metrics.add(metric(metric, file, m.path("name").asText()));
        m.remove("metrics");
        models.add(m);
    }

    /** A metric as the manifest has it; {@code model} is the semantic model it is written under, if any. */
    private static ObjectNode metric(JsonNode yaml, String file, String model) {
        ObjectNode m = yaml.deepCopy();
        m.put(FILE, file);
        where(m, "filter");
        ObjectNode params = m.path("type_params").isObject() ? (ObjectNode) m.path("type_params") : m.putObject("type_params");
        for (String input : List.of("measure", "numerator", "denominator")) {
            if (params.path(input).isTextual()) params.set(input, NODES.objectNode().put("name", params.path(input).asText()));
            else if (params.path(input).isObject()) where((ObjectNode) params.path(input), "filter");
        }
        if (params.path("metrics").isArray()) {
            ArrayNode inputs = NODES.arrayNode();
            for (JsonNode in : params.path("metrics")) {
                if (!in.isTextual() && !in.isObject()) continue;
                ObjectNode o = in.isTextual() ? NODES.objectNode().put("name", in.asText()) : (ObjectNode) in.deepCopy();
                where(o, "filter");
                Matcher offset = OFFSET.matcher(o.path("offset_window").asText(""));
                if (o.path("offset_window").isTextual() && offset.matches()) {
                    o.putObject("offset_window").put("count", Integer.parseInt(offset.group(1))).put("granularity", offset.group(2).toLowerCase(Locale.ROOT));
                }
                inputs.add(o);
            }
            params.set("metrics", inputs);
        }
        if (m.has("agg") && !params.path("metric_aggregation_params").isObject()) { // the newer form: a simple metric with its own aggregation
            ObjectNode agg = params.putObject("metric_aggregation_params");
            String owner = model != null ? model : m.path("semantic_model").asText(null);
            if (owner != null) agg.put("semantic_model", owner);
            for (String f : List.of("agg", "agg_params", "agg_time_dimension", "non_additive_dimension")) {
                if (m.has(f)) agg.set(f, m.get(f));
            }
            if (!params.has("expr")) params.set("expr", m.has("expr") ? m.get("expr") : m.get("name"));
            for (String f : List.of("join_to_timespine", "fill_nulls_with")) if (m.has(f)) params.set(f, m.get(f));
        } else if (params.path("metric_aggregation_params").isObject() && model != null && !params.path("metric_aggregation_params").has("semantic_model")) {
            ((ObjectNode) params.path("metric_aggregation_params")).put("semantic_model", model);
        }
        if (params.has("expr") && params.get("expr").isValueNode() && !params.get("expr").isTextual()) params.put("expr", params.get("expr").asText());
        if (m.path("type").asText("").equalsIgnoreCase("cumulative")) { // dbt parse writes the accumulation's default period_agg
            ObjectNode cumulative = params.path("cumulative_type_params").isObject() ? (ObjectNode) params.path("cumulative_type_params")
                    : params.putObject("cumulative_type_params");
            if (!cumulative.has("period_agg")) cumulative.put("period_agg", "first");
        }
        return m;
    }

    private static ObjectNode savedQuery(JsonNode yaml, String file) {
        ObjectNode q = yaml.deepCopy();
        q.put(FILE, file);
        if (q.path("query_params").isObject()) where((ObjectNode) q.path("query_params"), "where");
        return q;
    }

    /** A filter written as a string or a list of strings, as the manifest's {@code {where_filters: [{where_sql_template}]}}. */
    private static void where(ObjectNode node, String field) {
        JsonNode f = node.path(field);
        if (!f.isTextual() && !f.isArray()) return;
        ObjectNode out = NODES.objectNode();
        ArrayNode filters = out.putArray("where_filters");
        for (JsonNode w : f.isArray() ? f : NODES.arrayNode().add(f)) filters.addObject().put("where_sql_template", w.asText());
        node.set(field, out);
    }

    /** An {@code expr} written as a number or a boolean in YAML ({@code expr: 1}) is text in the manifest. */
    private static void textExpr(ObjectNode n) {
        JsonNode e = n.path("expr");
        if (e.isValueNode() && !e.isTextual() && !e.isNull()) n.put("expr", e.asText());
    }
}
