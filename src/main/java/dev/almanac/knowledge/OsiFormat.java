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

/**
 * The semantic model in the Open Semantic Interchange core format (core-spec/spec.yaml): one {@code semantic_model} with
 * {@code datasets} (source, primary key, fields with their expressions and time role), {@code relationships} and
 * {@code metrics} written as one ANSI SQL aggregate expression over {@code dataset.field} each. What OSI has no place for
 * (a metric's type, time dimension, segments, a dimension's values) travels in a {@code custom_extensions} entry of vendor
 * {@code ALMANAC} holding the item as Almanac writes it, so that Almanac reads its own export back whole; a file from
 * another tool is read from the core fields alone.
 */
public final class OsiFormat {
    public static final String VENDOR = "ALMANAC";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private OsiFormat() {}

    /** The OSI document of these semantic files, as one model named {@code name}. */
    public static Map<String, Object> export(String name, String description, List<SemanticFile> files) {
        List<Object> datasets = new ArrayList<>();
        List<Object> relationships = new ArrayList<>();
        List<Object> metrics = new ArrayList<>();
        Map<String, SemanticFile.MetricSpec> byName = new LinkedHashMap<>();
        for (SemanticFile f : files) f.metrics().forEach(m -> byName.put(m.name(), m));
        for (SemanticFile f : files) {
            for (SemanticFile.DatasetSpec d : f.datasets()) {
                Map<String, Object> ds = new LinkedHashMap<>();
                ds.put("name", d.name());
                ds.put("source", d.table() != null ? d.table() : d.sql());
                if (!d.primaryKey().isEmpty()) ds.put("primary_key", d.primaryKey());
                if (d.description() != null) ds.put("description", d.description());
                if (!d.synonyms().isEmpty()) ds.put("ai_context", "synonyms: " + String.join(", ", d.synonyms()));
                List<Object> fields = new ArrayList<>();
                for (SemanticFile.DimensionSpec dim : d.dimensions()) {
                    Map<String, Object> field = new LinkedHashMap<>();
                    field.put("name", dim.name());
                    field.put("expression", expression(dim.expr() != null ? dim.expr() : dim.name()));
                    field.put("dimension", Map.of("is_time", "time".equalsIgnoreCase(dim.type())));
                    if (dim.label() != null) field.put("label", dim.label());
                    if (dim.description() != null) field.put("description", dim.description());
                    if (!dim.synonyms().isEmpty()) field.put("ai_context", "synonyms: " + String.join(", ", dim.synonyms()));
                    fields.add(field);
                }
                ds.put("fields", fields);
                ds.put("custom_extensions", List.of(extension(new SemanticFile.DatasetSpec(d.name(), d.table(), d.sql(), d.description(), d.primaryKey(),
                        d.defaultTimeDimension(), d.dimensions(), d.segments(), d.synonyms()))));
                datasets.add(ds);
            }
            for (SemanticFile.RelationshipSpec r : f.relationships()) {
                Map<String, Object> rel = new LinkedHashMap<>();
                rel.put("name", r.name() != null ? r.name() : r.from() + "_" + r.to());
                rel.put("from", r.from());
                rel.put("to", r.to());
                rel.put("from_columns", r.fromColumns());
                rel.put("to_columns", r.toColumns());
                rel.put("custom_extensions", List.of(extension(r)));
                relationships.add(rel);
            }
        }
        for (SemanticFile.MetricSpec m : byName.values()) {
            Map<String, Object> metric = new LinkedHashMap<>();
            metric.put("name", m.name());
            metric.put("expression", expression(sql(m, byName, 0)));
            if (m.description() != null) metric.put("description", m.description());
            if (!m.synonyms().isEmpty()) metric.put("ai_context", "synonyms: " + String.join(", ", m.synonyms()));
            metric.put("custom_extensions", List.of(extension(m)));
            metrics.add(metric);
        }
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("name", name);
        if (description != null) model.put("description", description);
        model.put("datasets", datasets);
        model.put("relationships", relationships);
        model.put("metrics", metrics);
        return Map.of("semantic_model", List.of(model));
    }

    /** A metric as one ANSI SQL expression: simple metrics an aggregate over {@code dataset.expression}, others from their inputs. */
    static String sql(SemanticFile.MetricSpec m, Map<String, SemanticFile.MetricSpec> all, int depth) {
        if (depth > 20) return m.name();
        String type = m.type() == null ? "simple" : m.type().toLowerCase(Locale.ROOT);
        return switch (type) {
            case "ratio" -> "(" + input(m.numerator(), all, depth) + ") / NULLIF(" + input(m.denominator(), all, depth) + ", 0)";
            case "derived" -> {
                String expr = m.expr() == null ? "" : m.expr();
                for (SemanticFile.MetricInputSpec in : m.metrics()) {
                    String alias = in.alias() != null ? in.alias() : in.name();
                    expr = expr.replaceAll("\\b" + java.util.regex.Pattern.quote(alias) + "\\b", java.util.regex.Matcher.quoteReplacement("(" + input(in.name(), all, depth) + ")"));
                }
                yield expr;
            }
            default -> {
                String agg = m.agg() == null ? "sum" : m.agg().toLowerCase(Locale.ROOT);
                String value = m.expr() == null ? "*" : qualify(m.dataset(), m.expr());
                if (m.filter() != null && !m.filter().isBlank()) value = "CASE WHEN " + m.filter() + " THEN " + (value.equals("*") ? "1" : value) + " END";
                yield switch (agg) {
                    case "count_distinct" -> "COUNT(DISTINCT " + value + ")";
                    case "median" -> "PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY " + value + ")";
                    case "percentile" -> "PERCENTILE_CONT(" + m.percentile() + ") WITHIN GROUP (ORDER BY " + value + ")";
                    default -> agg.toUpperCase(Locale.ROOT) + "(" + value + ")";
                };
            }
        };
    }

    private static String input(String name, Map<String, SemanticFile.MetricSpec> all, int depth) {
        SemanticFile.MetricSpec in = name == null ? null : all.get(name);
        return in == null ? String.valueOf(name) : sql(in, all, depth + 1);
    }

    /** A bare column as {@code dataset.column}; an expression as it is (OSI metrics may use either). */
    private static String qualify(String dataset, String expr) {
        return dataset != null && expr.matches("[A-Za-z_][A-Za-z0-9_]*") ? dataset + "." + expr : expr;
    }

    private static Map<String, Object> expression(String sql) {
        return Map.of("dialects", List.of(Map.of("dialect", "ANSI_SQL", "expression", sql)));
    }

    private static Map<String, Object> extension(Object item) {
        try {
            return Map.of("vendor_name", VENDOR, "data", KnowledgeFiles.MAPPER.writeValueAsString(item));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An OSI file read back into one semantic file: Almanac's own export whole (its extensions), another tool's from the core fields. */
    public static DbtSemanticImport.Imported read(Path file, String fileName) {
        JsonNode root = InterchangeText.read(file, "OSI file");
        JsonNode models = root == null ? null : root.path("semantic_model");
        if (models == null || !models.isArray() || models.isEmpty()) throw new UserError(file + " is not an OSI semantic model (no semantic_model)");
        List<Interchange.Unmapped> unmapped = new ArrayList<>();
        List<SemanticFile.DatasetSpec> datasets = new ArrayList<>();
        List<SemanticFile.RelationshipSpec> relationships = new ArrayList<>();
        List<SemanticFile.MetricSpec> metrics = new ArrayList<>();
        JsonNode model = models.get(0);
        if (models.size() > 1) unmapped.add(new Interchange.Unmapped("semantic_model[1..]", "only the first semantic model of a file is read"));
        JsonNode ds = model.path("datasets");
        for (int i = 0; i < ds.size(); i++) {
            JsonNode d = ds.get(i);
            SemanticFile.DatasetSpec own = own(d, SemanticFile.DatasetSpec.class);
            if (own != null) {
                datasets.add(own);
                continue;
            }
            List<SemanticFile.DimensionSpec> dims = new ArrayList<>();
            for (JsonNode f : d.path("fields")) {
                boolean time = f.path("dimension").path("is_time").asBoolean(false);
                dims.add(new SemanticFile.DimensionSpec(f.path("name").asText(), time ? "time" : null, ansi(f), Interchange.text(f, "label"), Interchange.text(f, "description"), List.of(),
                        time ? "day" : null, null));
            }
            List<String> key = new ArrayList<>();
            d.path("primary_key").forEach(k -> key.add(k.asText()));
            String source = d.path("source").asText();
            boolean query = source.trim().toLowerCase(Locale.ROOT).startsWith("select");
            String table = query ? null : source.substring(source.lastIndexOf('.') + 1);
            datasets.add(new SemanticFile.DatasetSpec(d.path("name").asText(), table, query ? source : null, Interchange.text(d, "description"), key, null, dims, List.of(), List.of()));
        }
        JsonNode rels = model.path("relationships");
        for (int i = 0; i < rels.size(); i++) {
            JsonNode r = rels.get(i);
            SemanticFile.RelationshipSpec own = own(r, SemanticFile.RelationshipSpec.class);
            if (own != null) {
                relationships.add(own);
                continue;
            }
            List<String> from = new ArrayList<>();
            List<String> to = new ArrayList<>();
            r.path("from_columns").forEach(c -> from.add(c.asText()));
            r.path("to_columns").forEach(c -> to.add(c.asText()));
            relationships.add(new SemanticFile.RelationshipSpec(r.path("name").asText(), r.path("from").asText(), r.path("to").asText(), "many_to_one", from, to));
        }
        JsonNode ms = model.path("metrics");
        for (int i = 0; i < ms.size(); i++) {
            JsonNode m = ms.get(i);
            SemanticFile.MetricSpec own = own(m, SemanticFile.MetricSpec.class);
            if (own != null) {
                metrics.add(own);
                continue;
            }
            java.util.regex.Matcher one = java.util.regex.Pattern.compile("(?is)^\\s*(SUM|COUNT|AVG|MIN|MAX)\\s*\\(\\s*(DISTINCT\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\.([A-Za-z_][A-Za-z0-9_]*)\\s*\\)\\s*$")
                    .matcher(String.valueOf(ansi(m)));
            if (!one.matches()) {
                unmapped.add(new Interchange.Unmapped("metrics[" + i + "] " + m.path("name").asText(), "'" + ansi(m) + "' is not one aggregation of dataset.field"));
                continue;
            }
            String agg = one.group(2) != null ? "count_distinct" : one.group(1).toLowerCase(Locale.ROOT);
            metrics.add(new SemanticFile.MetricSpec(m.path("name").asText(), "simple", null, Interchange.text(m, "description"), one.group(3), agg, one.group(4), null, null,
                    List.of(), null, null, null, null, null, null, List.of(), null, null, null, null, List.of(), List.of(), List.of()));
        }
        return new DbtSemanticImport.Imported(new SemanticFile(fileName, Interchange.text(model, "description"), datasets, relationships, metrics), List.of(), unmapped);
    }

    /** The item as Almanac wrote it, from its ALMANAC extension; null when it has none. */
    private static <T> T own(JsonNode node, Class<T> type) {
        for (JsonNode e : node.path("custom_extensions")) {
            if (VENDOR.equals(e.path("vendor_name").asText()) && e.path("data").isTextual()) {
                try {
                    return KnowledgeFiles.MAPPER.readValue(e.path("data").asText(), type);
                } catch (IOException ex) {
                    return null; // read from the core fields
                }
            }
        }
        return null;
    }

    private static String ansi(JsonNode item) {
        JsonNode dialects = item.path("expression").path("dialects");
        for (JsonNode d : dialects) if (d.path("dialect").asText("ANSI_SQL").equals("ANSI_SQL")) return d.path("expression").asText();
        return dialects.isEmpty() ? item.path("name").asText() : dialects.get(0).path("expression").asText();
    }

}
