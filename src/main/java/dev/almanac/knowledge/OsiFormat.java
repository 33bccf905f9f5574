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
import java.util.Set;

/**
 * The semantic model in Apache Ossie's core format (formerly the Open Semantic Interchange, OSI; release 0.1.1, whose JSON
 * Schema every export validates against): a document of {@code version} and one {@code semantic_model} with
 * {@code datasets} (source, primary key, fields with their expressions and time role), {@code relationships} and
 * {@code metrics} written as one ANSI SQL aggregate expression over {@code dataset.field} each. What Ossie has no place for
 * (a metric's type, time dimension, segments, a dimension's values) travels in a {@code custom_extensions} entry of vendor
 * {@code COMMON} whose data is {@code {"almanac": item}} (0.1.1 allows only its listed vendors), so that Almanac reads its
 * own export back whole; a file from another tool is read from the core fields alone. An expression's variant for an
 * engine Ossie names (Snowflake, Databricks) is written as that dialect's expression beside the ANSI_SQL one; other engines'
 * variants travel in the extension only. No field of the 0.2 draft is written (not its BIGQUERY dialect either); reading
 * takes both (a 0.2 {@code datatype} of a date or time marks a time field unless {@code is_time} says not).
 */
public final class OsiFormat {
    /** The Ossie release the export follows. */
    public static final String VERSION = "0.1.1";
    /** The vendor of Almanac's extensions: 0.1.1 lists its vendors and Almanac is none of them. */
    public static final String VENDOR = "COMMON";
    /** The key of Almanac's item inside a {@code COMMON} extension's data. */
    private static final String OWN = "almanac";
    /** The vendor name of exports before 0.1.1 was followed, still read. */
    private static final String OLD_VENDOR = "ALMANAC";
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
                if (!d.synonyms().isEmpty()) ds.put("ai_context", Map.of("synonyms", d.synonyms()));
                List<Object> fields = new ArrayList<>();
                for (SemanticFile.DimensionSpec dim : d.dimensions()) {
                    Map<String, Object> field = new LinkedHashMap<>();
                    field.put("name", dim.name());
                    field.put("expression", expression(dim.expr() != null ? dim.expr() : dim.name(), dim.dialects()));
                    // an identifier, free text or a number is a field to read, not a way to slice (Ossie's facts have no dimension)
                    if (dim.type() == null || Set.of("categorical", "time").contains(dim.type().toLowerCase(java.util.Locale.ROOT))) {
                        field.put("dimension", Map.of("is_time", "time".equalsIgnoreCase(dim.type())));
                    }
                    if (dim.label() != null) field.put("label", dim.label());
                    if (dim.description() != null) field.put("description", dim.description());
                    if (!dim.synonyms().isEmpty()) field.put("ai_context", Map.of("synonyms", dim.synonyms()));
                    fields.add(field);
                }
                ds.put("fields", fields);
                ds.put("custom_extensions", List.of(extension(d)));
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
            String told = "cumulative".equalsIgnoreCase(m.type()) ? join(m.description(), accumulation(m)) : m.description();
            if (told != null) metric.put("description", told);
            if (!m.synonyms().isEmpty()) metric.put("ai_context", Map.of("synonyms", m.synonyms()));
            metric.put("custom_extensions", List.of(extension(m)));
            metrics.add(metric);
        }
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("name", name);
        if (description != null) model.put("description", description);
        model.put("datasets", datasets);
        model.put("relationships", relationships);
        model.put("metrics", metrics);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("version", VERSION);
        doc.put("semantic_model", List.of(model));
        return doc;
    }

    /**
     * What a reader of Ossie's core fields alone loses from these files (Almanac reads all of it back from its extensions):
     * one line per kind of thing, with how many there are.
     */
    public static List<String> coreCannotCarry(List<SemanticFile> files) {
        int segments = 0, valueSynonyms = 0, defaultTimes = 0, metricTimes = 0, filters = 0, typed = 0, units = 0, cumulative = 0;
        java.util.Set<String> engines = new java.util.TreeSet<>();
        int variants = 0;
        for (SemanticFile f : files) {
            for (SemanticFile.DatasetSpec d : f.datasets()) {
                segments += d.segments().size();
                if (d.defaultTimeDimension() != null) defaultTimes++;
                for (SemanticFile.DimensionSpec dim : d.dimensions()) if (!dim.values().isEmpty()) valueSynonyms++;
                // a dataset's SELECT is one source text in Ossie, without dialects; a dimension keeps the dialects Ossie names
                if (!d.dialects().isEmpty()) variants++;
                engines.addAll(d.dialects().keySet());
                for (SemanticFile.DimensionSpec dim : d.dimensions()) {
                    List<String> lost = dim.dialects().keySet().stream().filter(e -> !OSSIE_DIALECTS.containsKey(e)).toList();
                    if (!lost.isEmpty()) variants++;
                    engines.addAll(lost);
                }
            }
            for (SemanticFile.MetricSpec m : f.metrics()) {
                List<String> lost = new ArrayList<>(m.dialects().keySet());
                lost.addAll(m.filterDialects().keySet());
                if (!lost.isEmpty()) variants++;
                engines.addAll(lost);
            }
            for (SemanticFile.MetricSpec m : f.metrics()) {
                if (m.timeDimension() != null) metricTimes++;
                if (m.filter() != null || !m.segments().isEmpty()) filters++;
                if ("cumulative".equalsIgnoreCase(m.type())) cumulative++;
                else if (m.type() != null && !m.type().equalsIgnoreCase("simple")) typed++;
                if (m.unit() != null || m.format() != null) units++;
            }
        }
        List<String> out = new ArrayList<>();
        if (segments > 0) out.add(segments + " segments (named filters)");
        if (valueSynonyms > 0) out.add(valueSynonyms + " dimensions' value synonyms");
        if (defaultTimes + metricTimes > 0) out.add((defaultTimes + metricTimes) + " time dimensions of datasets and metrics");
        if (filters > 0) out.add(filters + " metrics' filters and segments (written into their expression instead)");
        if (typed > 0) out.add(typed + " metrics' types (ratio, derived: written out as one expression instead)");
        if (units > 0) out.add(units + " metrics' units and formats");
        if (variants > 0) out.add(variants + " expressions' variants for engines Ossie 0.1.1 has no dialect for (" + String.join(", ", engines) + ")");
        long labels = files.stream().flatMap(f -> f.datasets().stream()).flatMap(d -> d.dimensions().stream()).filter(dim -> dim.labelOf() != null).count();
        if (labels > 0) out.add(labels + " dimensions that label an entity (label_of: grouped by the entity's key)");
        if (cumulative > 0) {
            out.add(cumulative + " cumulative metrics' accumulation (window, grain to date, period_agg: written as their input's aggregate, and said in"
                    + " their description)");
        }
        return out;
    }

    /** How a cumulative metric accumulates, in a sentence for the description other tools read: Ossie's core has no field for it. */
    private static String accumulation(SemanticFile.MetricSpec m) {
        String input = m.input() != null ? m.input() : m.measure();
        String how = m.window() != null ? "over the " + m.window().strip() + " up to each day"
                : m.grainToDate() != null ? m.grainToDate().strip() + " to date" : "as a running total from the start of the data";
        return "Cumulative: " + input + " added up " + how + "; a coarser period shows its " + (m.periodAgg() == null ? "first" : m.periodAgg().strip())
                + (m.periodAgg() != null && m.periodAgg().strip().equalsIgnoreCase("average") ? " of its days." : " day's value.");
    }

    private static String join(String a, String b) {
        return a == null || a.isBlank() ? b : a.strip() + (a.strip().endsWith(".") ? " " : ". ") + b;
    }

    /** A metric as one ANSI SQL expression: simple metrics an aggregate over {@code dataset.expression}, others from their inputs. */
    static String sql(SemanticFile.MetricSpec m, Map<String, SemanticFile.MetricSpec> all, int depth) {
        if (depth > 20) return m.name();
        String type = m.type() == null ? "simple" : m.type().toLowerCase(Locale.ROOT);
        return switch (type) {
            case "ratio" -> "(" + input(m.numerator(), all, depth) + ") / NULLIF(" + input(m.denominator(), all, depth) + ", 0)";
            // Ossie's core has no accumulation: the aggregate of its input, the accumulation said in its description
            case "cumulative" -> input(m.input() != null ? m.input() : m.measure(), all, depth);
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
        return expression(sql, Map.of());
    }

    /**
     * An expression with its variants: the plain one as {@code ANSI_SQL}, then each engine's own that Ossie 0.1.1 has a
     * dialect for (Snowflake, Databricks). Other engines' variants (PostgreSQL, SQLite, Trino, DuckDB; BigQuery is a 0.2 draft
     * dialect, not written) have no place in the core and travel in Almanac's extension ({@link #coreCannotCarry} counts them).
     */
    private static Map<String, Object> expression(String sql, Map<String, String> variants) {
        List<Object> dialects = new ArrayList<>();
        dialects.add(Map.of("dialect", "ANSI_SQL", "expression", sql));
        variants.forEach((engine, variant) -> {
            String dialect = OSSIE_DIALECTS.get(engine);
            if (dialect != null) dialects.add(Map.of("dialect", dialect, "expression", variant));
        });
        return Map.of("dialects", dialects);
    }

    /** Almanac's engine names and the Ossie 0.1.1 dialects that are those engines. */
    private static final Map<String, String> OSSIE_DIALECTS = Map.of("snowflake", "SNOWFLAKE", "databricks", "DATABRICKS");

    /** An engine's variant of an expression read from Ossie's dialect of it, by Almanac's engine name. */
    private static Map<String, String> variants(JsonNode item) {
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode d : item.path("expression").path("dialects")) {
            String dialect = d.path("dialect").asText("ANSI_SQL");
            OSSIE_DIALECTS.forEach((engine, name) -> {
                if (name.equals(dialect)) out.put(engine, d.path("expression").asText());
            });
            if (dialect.equals("BIGQUERY")) out.put("bigquery", d.path("expression").asText());
        }
        return out;
    }

    private static Map<String, Object> extension(Object item) {
        try {
            return Map.of("vendor_name", VENDOR, "data", KnowledgeFiles.MAPPER.writeValueAsString(Map.of(OWN, item)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The 0.2 draft's data types that mark a time field when {@code is_time} is not given. */
    private static final java.util.Set<String> TIME_TYPES = java.util.Set.of("Date", "Time", "DateTime", "DateTimeTz");

    /**
     * An Ossie file (0.1.1 or the 0.2 draft) read into one semantic file: Almanac's own export whole (its extensions), another
     * tool's from the core fields. A field with a {@code dimension} is a dimension; one without is a fact that metrics read.
     * A metric is one aggregate over a dataset's fields (a simple metric) or arithmetic over several (a derived metric over
     * one simple metric per aggregate, named after it: {@code <metric>_m1}, or an existing metric that computes the same).
     */
    public static DbtSemanticImport.Imported read(Path file, String fileName) {
        return read(file, fileName, null);
    }

    /**
     * As {@link #read(Path, String)}, with the source's catalog when there is one: a field marked as time whose column is
     * not a date or a timestamp there (TPC-DS's {@code d_year}, {@code d_month_name}) is a categorical dimension, and the
     * report says so.
     */
    public static DbtSemanticImport.Imported read(Path file, String fileName, dev.almanac.source.Catalog catalog) {
        JsonNode root = InterchangeText.read(file, "Ossie file");
        JsonNode models = root == null ? null : root.path("semantic_model");
        if (models == null || !models.isArray() || models.isEmpty()) throw new UserError(file + " is not an Ossie semantic model (no semantic_model)");
        List<Interchange.Unmapped> unmapped = new ArrayList<>();
        List<SemanticFile.DatasetSpec> datasets = new ArrayList<>();
        List<SemanticFile.RelationshipSpec> relationships = new ArrayList<>();
        List<SemanticFile.MetricSpec> metrics = new ArrayList<>();
        JsonNode model = models.get(0);
        if (models.size() > 1) unmapped.add(new Interchange.Unmapped("semantic_model[1..]", "only the first semantic model of a file is read"));
        Map<String, Map<String, String>> fields = new LinkedHashMap<>();
        JsonNode ds = model.path("datasets");
        for (int i = 0; i < ds.size(); i++) {
            JsonNode d = ds.get(i);
            String name = d.path("name").asText();
            Map<String, String> own = new LinkedHashMap<>();
            fields.put(name.toLowerCase(Locale.ROOT), own);
            for (JsonNode f : d.path("fields")) own.put(f.path("name").asText().toLowerCase(Locale.ROOT), ansi(f));
            SemanticFile.DatasetSpec mine = own(d, SemanticFile.DatasetSpec.class);
            if (mine != null) {
                datasets.add(mine);
                continue;
            }
            List<SemanticFile.DimensionSpec> dims = new ArrayList<>();
            for (JsonNode f : d.path("fields")) {
                if (!f.has("dimension")) continue; // a fact: read by metrics, not a way to slice them
                JsonNode isTime = f.path("dimension").path("is_time");
                boolean time = isTime.isBoolean() ? isTime.asBoolean() : TIME_TYPES.contains(f.path("datatype").asText());
                String column = ansi(f);
                String table = d.path("source").asText().substring(d.path("source").asText().lastIndexOf('.') + 1);
                java.util.Optional<dev.almanac.source.Catalog.Column> typed = catalog == null ? java.util.Optional.empty()
                        : catalog.table(table).flatMap(t -> t.column(column));
                if (time && typed.isPresent() && !typed.get().isTemporal()) {
                    time = false;
                    unmapped.add(new Interchange.Unmapped("datasets[" + i + "].fields " + f.path("name").asText(),
                            "marked as time, but " + table + "." + column + " is " + typed.get().type() + ", not a date or timestamp: read as a categorical dimension"));
                }
                dims.add(new SemanticFile.DimensionSpec(f.path("name").asText(), time ? "time" : null, ansi(f), Interchange.text(f, "label"),
                        Interchange.text(f, "description"), synonyms(f), time ? "day" : null, null, variants(f)));
            }
            List<String> key = new ArrayList<>();
            d.path("primary_key").forEach(k -> key.add(k.asText()));
            String source = d.path("source").asText();
            boolean query = source.trim().toLowerCase(Locale.ROOT).startsWith("select");
            String table = query ? null : source.substring(source.lastIndexOf('.') + 1);
            datasets.add(new SemanticFile.DatasetSpec(name, table, query ? source : null, Interchange.text(d, "description"), key, null, dims, List.of(),
                    synonyms(d)));
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
        Map<String, SemanticFile.MetricSpec> simple = new LinkedHashMap<>(); // "dataset|agg|expr" -> the metric that computes it
        List<JsonNode> derivedLater = new ArrayList<>();
        for (int i = 0; i < ms.size(); i++) {
            JsonNode m = ms.get(i);
            SemanticFile.MetricSpec own = own(m, SemanticFile.MetricSpec.class);
            if (own != null) {
                metrics.add(own);
                continue;
            }
            OssieMetricExpression.Reading reading = OssieMetricExpression.read(String.valueOf(ansi(m)), fields);
            if (reading instanceof OssieMetricExpression.Reading.Unmapped u) {
                unmapped.add(new Interchange.Unmapped("metrics[" + i + "] " + m.path("name").asText(), u.reason()));
            } else if (reading instanceof OssieMetricExpression.Reading.Simple one) {
                SemanticFile.MetricSpec spec = simple(m.path("name").asText(), Interchange.text(m, "description"), synonyms(m), one.aggregate(), datasets);
                simple.putIfAbsent(key(one.aggregate()), spec);
                metrics.add(spec);
            } else {
                derivedLater.add(m);
            }
        }
        for (JsonNode m : derivedLater) { // after every simple metric, so that an input reuses one that computes the same
            String name = m.path("name").asText();
            OssieMetricExpression.Reading.Derived d = (OssieMetricExpression.Reading.Derived) OssieMetricExpression.read(String.valueOf(ansi(m)), fields);
            List<SemanticFile.MetricInputSpec> inputs = new ArrayList<>();
            for (int p = 0; p < d.parts().size(); p++) {
                OssieMetricExpression.Aggregate a = d.parts().get(p);
                SemanticFile.MetricSpec input = simple.get(key(a));
                if (input == null) {
                    input = simple(name + "_" + OssieMetricExpression.alias(p), "Part of " + name + ": " + a.text() + ".", List.of(), a, datasets);
                    simple.put(key(a), input);
                    metrics.add(input);
                }
                inputs.add(new SemanticFile.MetricInputSpec(input.name(), OssieMetricExpression.alias(p), null));
            }
            metrics.add(new SemanticFile.MetricSpec(name, "derived", null, Interchange.text(m, "description"), null, null, d.expr(), null, null, List.of(), null, null,
                    null, null, null, null, inputs, null, null, null, null, List.of(), synonyms(m), List.of()));
        }
        return new DbtSemanticImport.Imported(new SemanticFile(fileName, Interchange.text(model, "description"), datasets, relationships, metrics), List.of(), unmapped);
    }

    private static String key(OssieMetricExpression.Aggregate a) {
        return a.dataset() + "|" + a.agg() + "|" + a.expr();
    }

    /** A simple metric for one aggregate, with its dataset's name as the model spells it. */
    private static SemanticFile.MetricSpec simple(String name, String description, List<String> synonyms, OssieMetricExpression.Aggregate a,
                                                  List<SemanticFile.DatasetSpec> datasets) {
        String dataset = datasets.stream().map(SemanticFile.DatasetSpec::name).filter(n -> n.equalsIgnoreCase(a.dataset())).findFirst().orElse(a.dataset());
        return new SemanticFile.MetricSpec(name, "simple", null, description, dataset, a.agg(), a.expr(), null, null, List.of(), null, null, null, null, null, null,
                List.of(), null, null, null, null, List.of(), synonyms, List.of());
    }

    /** The synonyms of an item's {@code ai_context}: its {@code synonyms} list, or the "synonyms: a, b" of a text (older exports). */
    private static List<String> synonyms(JsonNode item) {
        JsonNode context = item.path("ai_context");
        List<String> out = new ArrayList<>();
        if (context.isObject()) context.path("synonyms").forEach(s -> out.add(s.asText()));
        else if (context.isTextual() && context.asText().startsWith("synonyms: ")) {
            for (String s : context.asText().substring("synonyms: ".length()).split(",")) if (!s.isBlank()) out.add(s.strip());
        }
        return out;
    }

    /** The item as Almanac wrote it, from its extension ({@code COMMON} with an {@code almanac} entry, or an older export's own vendor); null when it has none. */
    private static <T> T own(JsonNode node, Class<T> type) {
        for (JsonNode e : node.path("custom_extensions")) {
            String vendor = e.path("vendor_name").asText();
            if (!e.path("data").isTextual() || !vendor.equals(VENDOR) && !vendor.equals(OLD_VENDOR)) continue;
            try {
                JsonNode data = KnowledgeFiles.MAPPER.readTree(e.path("data").asText());
                JsonNode item = vendor.equals(VENDOR) ? data.path(OWN) : data;
                if (item.isObject()) return KnowledgeFiles.MAPPER.treeToValue(item, type);
            } catch (IOException ex) {
                return null; // read from the core fields
            }
        }
        return null;
    }

    /** An item's expression in ANSI SQL, else its first dialect's, else its name. */
    private static String ansi(JsonNode item) {
        JsonNode dialects = item.path("expression").path("dialects");
        for (JsonNode d : dialects) if (d.path("dialect").asText("ANSI_SQL").equals("ANSI_SQL")) return d.path("expression").asText();
        return dialects.isEmpty() ? item.path("name").asText() : dialects.get(0).path("expression").asText();
    }
}
