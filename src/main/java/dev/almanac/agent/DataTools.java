package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.UserError;
import dev.almanac.knowledge.BusinessRule;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.TableNote;
import dev.almanac.knowledge.Tokens;
import dev.almanac.semantic.Dimension;
import dev.almanac.semantic.SemanticCompiler;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticMetric;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueIndex;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogRenderer;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryResult;
import dev.almanac.store.LearningRow;
import dev.almanac.store.LearningStore;
import dev.almanac.store.Project;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The data tools a client outside the agent calls directly (the MCP server): the semantic layer's metrics, dimensions,
 * values and queries, the catalog, guarded SQL, knowledge search and learnings, each as text a model can read and a
 * structure a program can use, bounded as the agent's own tools are. Bad arguments are {@link UserError}s with a
 * one-line message.
 */
public final class DataTools {
    /** Text of one tool result at most this long; structured rows are bounded by the executor's row cap and byte budgets. */
    static final int MAX_TEXT = 12_000;
    /** Rows written into a result's text (all rows, within the executor's limits, are in its structure). */
    static final int TEXT_ROWS = 50;

    private final KnowledgeSet knowledge;
    private final SemanticLayer layer;
    private final SemanticTools semantic;
    private final QueryExecutor executor;
    private final Catalog catalog;
    private final LearningStore learnings;
    private final Project project;

    /** A tool's answer: text for a model, and the same as data. */
    public record Result(String text, Object data) {}

    /** @param layer the semantic layer, or null (the semantic tools then say there is no semantic model) */
    public DataTools(KnowledgeSet knowledge, SemanticLayer layer, QueryExecutor executor, Catalog catalog, LearningStore learnings, Project project) {
        this.knowledge = knowledge;
        this.layer = layer;
        this.semantic = SemanticTools.available(layer) ? new SemanticTools(layer) : null;
        this.executor = executor;
        this.catalog = catalog;
        this.learnings = learnings;
        this.project = project;
    }

    private SemanticTools semantic() {
        if (semantic == null) throw new UserError("this project has no semantic model (knowledge/semantic/*.yml): use list_tables, describe_table and run_sql");
        return semantic;
    }

    public Result listMetrics(String search) {
        String text = semantic().listMetrics(search);
        List<String> words = Tokens.of(search == null ? "" : search);
        List<Map<String, Object>> metrics = new ArrayList<>();
        for (SemanticMetric m : layer.model().metrics()) {
            String about = m.name() + " " + m.displayName() + " " + (m.info().description() == null ? "" : m.info().description()) + " " + String.join(" ", m.info().synonyms());
            if (!words.isEmpty() && Tokens.of(about).stream().noneMatch(words::contains)) continue;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", m.name());
            row.put("label", m.displayName());
            row.put("description", m.info().description());
            row.put("sliceable", true);
            metrics.add(row);
        }
        for (Metric m : layer.sqlOnlyMetrics()) {
            String about = m.name() + " " + (m.label() == null ? "" : m.label()) + " " + (m.definition() == null ? "" : m.definition());
            if (!words.isEmpty() && Tokens.of(about).stream().noneMatch(words::contains)) continue;
            metrics.add(Map.of("name", m.name(), "label", m.label() == null ? m.name() : m.label(), "description", m.definition() == null ? "" : m.definition(),
                    "sliceable", false));
        }
        return new Result(text, Map.of("metrics", metrics));
    }

    public Result dimensions(List<String> metrics) {
        if (metrics.isEmpty()) throw new UserError("name at least one metric (list_metrics shows them)");
        StringBuilder text = new StringBuilder();
        Map<String, Object> data = new LinkedHashMap<>();
        for (String name : metrics) {
            SemanticMetric m = metric(name);
            text.append(semantic().dimensions(m.name())).append('\n');
            List<Map<String, Object>> dims = new ArrayList<>();
            for (Dimension d : layer.dimensionsOf(m)) dims.add(Map.of("name", d.name(), "label", d.displayName(), "dataset", d.dataset()));
            layer.timeDimensionOf(m).ifPresent(t -> dims.add(0, Map.of("name", t.name(), "label", t.displayName(), "dataset", t.dataset(), "time", true)));
            data.put(m.name(), dims);
        }
        return new Result(cut(text.toString()), Map.of("dimensions", data));
    }

    public Result dimensionValues(String dimension, String search, Integer limit) {
        if (dimension == null || dimension.isBlank()) throw new UserError("name a dimension (get_dimensions shows a metric's)");
        int n = limit == null ? 50 : limit;
        if (n < 1 || n > 1000) throw new UserError("limit must be from 1 to 1000, not " + n);
        Dimension d = layer == null ? null : layer.model().dimension(dimension).orElse(null);
        if (d == null) {
            throw new UserError("unknown dimension '" + dimension + "'" + (layer == null ? "" : "; dimensions: "
                    + String.join(", ", layer.model().dimensions().stream().map(Dimension::name).limit(60).toList())));
        }
        ValueIndex.Values values = layer.values().of(d);
        if (values == null) throw new UserError("dimension '" + d.name() + "' has no list of values (a time or numeric dimension)");
        String needle = search == null ? "" : search.toLowerCase(Locale.ROOT);
        List<Object> found = values.values().stream().filter(v -> needle.isEmpty() || String.valueOf(v).toLowerCase(Locale.ROOT).contains(needle)).limit(n).toList();
        String text = d.name() + ": " + (found.isEmpty() ? "no value" + (needle.isEmpty() ? "" : " containing '" + search + "'")
                : String.join(", ", found.stream().map(String::valueOf).toList())) + (values.complete() ? "" : " (the index holds the most frequent values only)");
        return new Result(cut(text), Map.of("dimension", d.name(), "values", found, "complete", values.complete()));
    }

    /** The query the arguments describe, compiled to the source's SQL (not run). */
    public Result compileMetricsSql(JsonNode args) {
        SemanticQuery query = SemanticArguments.read(args);
        SemanticCompiler.Compiled compiled = layer().compile(query);
        return new Result(compiled.sql(), Map.of("sql", compiled.sql(), "semantic_query", query));
    }

    /** The query the arguments describe, compiled and run through the guard. */
    public Result queryMetrics(JsonNode args) {
        SemanticQuery query = SemanticArguments.read(args);
        SemanticCompiler.Compiled compiled = layer().compile(query);
        QueryResult r = executor.execute(compiled.sql());
        Map<String, Object> data = rows(r);
        data.put("sql", compiled.sql());
        data.put("semantic_query", query);
        return new Result(semantic().sentence(query, r) + "\n\nSQL:\n" + compiled.sql(), data);
    }

    /**
     * Why a metric changed from one period to another: its change split by each dimension (docs/SEMANTIC.md, "Why did it
     * change"), in words with the tables, and the whole analysis as data.
     */
    public Result explainChange(String metric, String from, String to, List<String> by, List<String> where) {
        dev.almanac.semantic.Change c = new dev.almanac.semantic.ChangeAnalysis(layer(), executor)
                .explain(dev.almanac.semantic.ChangeAnalysis.Request.read(metric, from, to, by, where));
        return new Result(dev.almanac.semantic.ChangeWords.text(c), c);
    }

    private SemanticLayer layer() {
        semantic();
        return layer;
    }

    private SemanticMetric metric(String name) {
        try {
            return layer().metric(name);
        } catch (RuntimeException e) {
            throw new UserError("unknown metric '" + name + "'; metrics: " + String.join(", ", layer.model().metrics().stream().map(SemanticMetric::name).toList()));
        }
    }

    public Result listTables(String search) {
        List<String> words = Tokens.of(search == null ? "" : search);
        List<Map<String, Object>> tables = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (Catalog.Table t : catalog.tables()) {
            String note = knowledge.note(t.name()).map(TableNote::description).orElse(t.comment());
            String about = t.name() + " " + (note == null ? "" : note) + " " + String.join(" ", t.columns().stream().map(Catalog.Column::name).toList());
            if (!words.isEmpty() && Tokens.of(about).stream().noneMatch(words::contains)) continue;
            tables.add(Map.of("name", t.qualifiedName(), "rows", t.rowCount(), "description", note == null ? "" : note));
            text.append("- ").append(t.qualifiedName()).append(" (").append(t.rowCount()).append(" rows)").append(note == null || note.isBlank() ? "" : ": " + note).append('\n');
        }
        if (tables.isEmpty()) text.append("No table matches '").append(search).append("'.");
        return new Result(cut(text.toString()), Map.of("tables", tables));
    }

    public Result describeTable(String name) {
        Catalog.Table t = catalog.table(name == null ? "" : name).orElseThrow(() -> new UserError("table '" + name + "' not found"
                + (catalog.closeMatches(String.valueOf(name)).isEmpty() ? "" : "; close: " + String.join(", ", catalog.closeMatches(String.valueOf(name))))));
        StringBuilder text = new StringBuilder(CatalogRenderer.render(t));
        knowledge.note(t.name()).ifPresent(n -> text.append("\nNotes: ").append(n.description()));
        List<Map<String, Object>> columns = new ArrayList<>();
        for (Catalog.Column c : t.columns()) columns.add(Map.of("name", c.name(), "type", String.valueOf(c.type())));
        return new Result(cut(text.toString()), Map.of("name", t.qualifiedName(), "rows", t.rowCount(), "columns", columns));
    }

    /** One read-only query through the guard; a rejected statement is a UserError that says why. */
    public Result runSql(String sql) {
        QueryResult r = executor.execute(sql == null ? "" : sql);
        return new Result(table(r), rows(r));
    }

    public Result searchKnowledge(String query) {
        return search(knowledge, query);
    }

    /** Metric definitions (with their SQL), business rules, table notes and verified questions that share a word with the query. */
    static Result search(KnowledgeSet knowledge, String query) {
        StringBuilder s = new StringBuilder();
        List<String> words = Tokens.of(query == null ? "" : query);
        List<Map<String, Object>> found = new ArrayList<>();
        for (Metric m : knowledge.metrics()) {
            if (Tokens.of(m.name() + " " + m.label() + " " + m.definition() + " " + String.join(" ", m.synonyms())).stream().anyMatch(words::contains)) {
                s.append("Metric ").append(m.name()).append(": ").append(m.definition()).append("\n  SQL: ").append(m.sql().strip()).append('\n');
                found.add(Map.of("kind", "metric", "name", m.name(), "text", String.valueOf(m.definition())));
            }
        }
        for (BusinessRule r : knowledge.rules()) {
            if (Tokens.of(r.title() + " " + r.description()).stream().anyMatch(words::contains)) {
                s.append("Rule ").append(r.title()).append(": ").append(r.description()).append('\n');
                found.add(Map.of("kind", "rule", "name", r.title(), "text", r.description()));
            }
        }
        for (TableNote n : knowledge.tables()) {
            if (Tokens.of(n.table() + " " + n.description()).stream().anyMatch(words::contains)) {
                s.append("Table ").append(n.table()).append(": ").append(n.description()).append('\n');
                found.add(Map.of("kind", "table", "name", n.table(), "text", n.description()));
            }
        }
        for (var q : knowledge.queries()) {
            if (Tokens.of(q.name() + " " + q.question()).stream().anyMatch(words::contains)) {
                s.append("Verified query ").append(q.name()).append(": ").append(q.question()).append('\n');
                found.add(Map.of("kind", "verified_query", "name", q.name(), "text", q.question()));
            }
        }
        return new Result(s.length() == 0 ? "Nothing in the knowledge matches '" + query + "'." : cut(s.toString()), Map.of("items", found));
    }

    /** A learning kept for the project (the caller has checked that its user may write). */
    public Result saveLearning(String description, String category, List<String> tables, String originalSql, String correctedSql) {
        if (learnings == null || project == null) throw new UserError("learnings are kept for a project only");
        if (description == null || description.isBlank()) throw new UserError("a learning needs a description");
        if (correctedSql != null && !correctedSql.isBlank()) executor.tablesOf(correctedSql); // parsed, never run
        String id = "L-" + UUID.randomUUID().toString().substring(0, 8);
        LearningRow row = new LearningRow(id, description.strip(), category == null || category.isBlank() ? "general" : category, tables == null ? List.of() : tables,
                originalSql, correctedSql, 0.5, 0, true);
        learnings.save(project, row);
        return new Result("Saved learning " + id + ".", Map.of("id", id));
    }

    static Map<String, Object> rows(QueryResult r) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("columns", r.columns());
        data.put("rows", r.rows());
        data.put("row_count", r.rowCount());
        data.put("truncated", r.truncated());
        data.put("tables", r.tables().stream().sorted().toList());
        return data;
    }

    static String table(QueryResult r) {
        StringBuilder s = new StringBuilder(String.join(" | ", r.columns())).append('\n');
        for (List<Object> row : r.rows().subList(0, Math.min(TEXT_ROWS, r.rowCount()))) {
            s.append(String.join(" | ", row.stream().map(v -> v == null ? "NULL" : dev.almanac.sql.CsvExport.text(v)).toList())).append('\n');
        }
        s.append('(').append(r.rowCount()).append(r.rowCount() == 1 ? " row" : " rows").append(r.rowCount() > TEXT_ROWS ? ", the first " + TEXT_ROWS + " shown here" : "")
                .append(r.truncated() ? "; truncated by the row cap or byte budget" : "").append(')');
        return cut(s.toString());
    }

    private static String cut(String text) {
        return text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT) + "\n(cut: " + text.length() + " characters in all)";
    }
}
