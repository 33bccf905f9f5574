package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.UserError;
import dev.almanac.agent.Agent;
import dev.almanac.agent.Answer;
import dev.almanac.agent.DataTools;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Almanac's tools for an MCP client (`almanac mcp` over stdio, `/mcp` in `almanac serve`): the whole answer flow
 * ({@code ask}), the semantic layer, the catalog, guarded SQL, knowledge search and learnings. Each has a JSON schema and a
 * description a model can act on; each returns text and the same as structured content, bounded as the API is. A bad
 * argument, a rejected statement or a missing permission is a tool result with {@code isError} and a one-line message,
 * never a protocol error or a stack trace.
 */
public final class McpTools {
    private static final Logger LOG = LoggerFactory.getLogger(McpTools.class);

    /** Who calls, as the transport says: a user and whether that user may write (learnings). */
    public record Caller(String user, boolean mayWrite) {}

    /** What the tools work on, for one call. */
    public interface Backend {
        /** An agent for a question of this caller (its queries audited under the caller). */
        Agent agent(Caller caller, String threadId);

        DataTools tools();

        /** Records a query run for the caller (the API's audit log); nothing by default. */
        default void audit(Caller caller, String sql) {}

        /** Counts a query or question of the caller against their limit, or refuses it with a UserError; no limit by default. */
        default void admit(Caller caller) {}
    }

    private McpTools() {}

    /** Longest name, search word or thread id an argument may be. */
    static final int MAX_NAME = 1_000;
    /** Longest SQL an argument may be. */
    static final int MAX_SQL = 100_000;
    /** Longest description of a learning. */
    static final int MAX_DESCRIPTION = 4_000;
    /** Most items of a list argument. */
    static final int MAX_ITEMS = 100;
    /** Most characters of a tool's arguments written as JSON. */
    static final int MAX_ARGUMENTS = 200_000;

    /** The query_metrics arguments; the filter operators are the compiler's own ({@code SemanticQuery.Filter.OPERATORS}). */
    static final String QUERY_PROPERTIES = """
            "metrics": {"type": "array", "items": {"type": "string"}, "description": "semantic metric names (list_metrics)"},
            "group_by": {"type": "array", "items": {"type": "string"}, "description": "dimension names (get_dimensions), or the metric's time dimension"},
            "grain": {"type": "string", "enum": ["day", "week", "month", "quarter", "year"], "description": "time grain of the metric's time dimension"},
            "where": {"type": "array", "items": {"type": "object", "properties": {"field": {"type": "string"}, "op": {"type": "string", "enum": OPERATORS, "description": "default ="}, "values": {"type": "array", "items": {}}}, "required": ["field", "values"]}, "description": "filters on dimensions, or on metrics (after aggregation)"},
            "start": {"type": "string", "description": "first day of the period, YYYY-MM-DD"},
            "end": {"type": "string", "description": "day after the period, YYYY-MM-DD (exclusive)"},
            "order_by": {"type": "array", "items": {"type": "string"}, "description": "metric or dimension names, shown or not; prefix - for descending"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 1000},
            "ties": {"type": "boolean", "description": "with order_by and limit: keep every row tied with the last one"},
            "records": {"type": "string", "description": "a dataset whose records to list, one row each, with group_by as their attributes"},
            "exists": {"type": "array", "items": {"type": "object", "properties": {"dataset": {"type": "string"}, "filters": {"type": "array", "items": {"type": "object", "properties": {"field": {"type": "string"}, "op": {"type": "string", "enum": OPERATORS}, "values": {"type": "array", "items": {}}}, "required": ["field", "values"]}}, "negated": {"type": "boolean"}, "of": {"type": "string"}}, "required": ["dataset"]}, "description": "rows that have (negated: have no) related rows in another dataset, with filters on those rows"},
            "count_distinct": {"type": "array", "items": {"type": "string"}, "description": "dimensions whose distinct values to count"}""".replace("OPERATORS", dev.almanac.semantic.SemanticQuery.Filter.operatorsJson());

    /** The tool specifications, calling the backend of the moment. */
    public static List<SyncToolSpecification> tools(Function<McpSyncServerExchange, Caller> callers, java.util.function.Supplier<Backend> backend) {
        List<SyncToolSpecification> out = new ArrayList<>();
        out.add(tool("ask", "Ask a question about the data in plain language and get Almanac's whole answer: the number(s) computed by the "
                        + "database, an explanation, the SQL, the tables and knowledge used, a confidence and a data-coverage verdict. Use this first; "
                        + "pass thread_id from a previous answer to ask a follow-up.",
                "{\"type\":\"object\",\"properties\":{\"question\":{\"type\":\"string\"},\"thread_id\":{\"type\":\"string\"}},\"required\":[\"question\"]}",
                callers, backend, (b, caller, a) -> {
                    String question = dev.almanac.agent.QuestionText.check(text(a, "question", true, MAX_SQL));
                    String thread = text(a, "thread_id", false, MAX_NAME);
                    Answer answer = b.agent(caller, null).ask(question, thread);
                    return new DataTools.Result(answerText(answer), answer);
                }));
        out.add(tool("list_metrics", "List the metrics defined in the semantic layer (name, label, description; sliceable ones can be queried with "
                        + "query_metrics), optionally only those matching a search word.",
                "{\"type\":\"object\",\"properties\":{\"search\":{\"type\":\"string\"}}}",
                callers, backend, (b, caller, a) -> b.tools().listMetrics(text(a, "search", false, MAX_NAME))));
        out.add(tool("get_dimensions", "The dimensions (and the time dimension) by which these metrics can be grouped and filtered.",
                "{\"type\":\"object\",\"properties\":{\"metrics\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}},\"required\":[\"metrics\"]}",
                callers, backend, (b, caller, a) -> b.tools().dimensions(strings(a, "metrics"))));
        out.add(tool("get_dimension_values", "The values a dimension takes in the data (for filters), optionally those containing a search text.",
                "{\"type\":\"object\",\"properties\":{\"dimension\":{\"type\":\"string\"},\"search\":{\"type\":\"string\"},\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":1000}},\"required\":[\"dimension\"]}",
                callers, backend, (b, caller, a) -> b.tools().dimensionValues(text(a, "dimension", true, MAX_NAME), text(a, "search", false, MAX_NAME), integer(a, "limit"))));
        out.add(tool("query_metrics", "Compute metrics by dimensions over time through the semantic layer (compiled to the source's SQL, guarded, "
                        + "row-capped) and return the rows with the SQL. Prefer this over run_sql whenever a metric covers the question.",
                "{\"type\":\"object\",\"properties\":{" + QUERY_PROPERTIES + "},\"required\":[\"metrics\"]}",
                callers, backend, (b, caller, a) -> {
                    JsonNode query = semanticArguments(a);
                    b.admit(caller);
                    DataTools.Result r = b.tools().queryMetrics(query);
                    if (r.data() instanceof Map<?, ?> m && m.get("sql") instanceof String sql) b.audit(caller, sql);
                    return r;
                }));
        out.add(tool("explain_change", "Why a metric changed from one period to another: the change split, exactly, by each dimension the metric "
                        + "can be sliced by (each value's contribution; for a ratio the part from the mix of groups and from within them; new and vanished "
                        + "values; one level deeper inside the value carrying the most; a snapshot's new, expansion, contraction and churn), with every "
                        + "query it ran. A change inside the metric's usual variation is said to be too small to explain. Periods: 2026, 2026-Q3, "
                        + "2026-08, 2026-08-14 or 2026-01-01..2026-04-01 (end excluded); without 'from', the period of the same length before 'to'.",
                "{\"type\":\"object\",\"properties\":{\"metric\":{\"type\":\"string\"},\"from\":{\"type\":\"string\",\"description\":\"the period the change is from\"},"
                        + "\"to\":{\"type\":\"string\",\"description\":\"the period the change is to\"},\"by\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},"
                        + "\"description\":\"only these dimensions (default: all)\"},\"where\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},"
                        + "\"description\":\"filters on both periods, e.g. 'region = Europe'\"}},\"required\":[\"metric\",\"to\"]}",
                callers, backend, (b, caller, a) -> {
                    b.admit(caller);
                    DataTools.Result r = b.tools().explainChange(text(a, "metric", true, MAX_NAME), text(a, "from", false, MAX_NAME), text(a, "to", true, MAX_NAME),
                            strings(a, "by"), strings(a, "where"));
                    if (r.data() instanceof dev.almanac.semantic.Change c) c.queries().forEach(q -> b.audit(caller, q.sql()));
                    return r;
                }));
        out.add(tool("compile_metrics_sql", "The SQL query_metrics would run for these arguments, without running it.",
                "{\"type\":\"object\",\"properties\":{" + QUERY_PROPERTIES + "},\"required\":[\"metrics\"]}",
                callers, backend, (b, caller, a) -> b.tools().compileMetricsSql(semanticArguments(a))));
        out.add(tool("list_tables", "The tables of the database with their row counts and descriptions, optionally only those matching a search word.",
                "{\"type\":\"object\",\"properties\":{\"search\":{\"type\":\"string\"}}}",
                callers, backend, (b, caller, a) -> b.tools().listTables(text(a, "search", false, MAX_NAME))));
        out.add(tool("describe_table", "A table's columns, types, keys, date ranges, sample values and the team's notes on it.",
                "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}",
                callers, backend, (b, caller, a) -> b.tools().describeTable(text(a, "name", true, MAX_NAME))));
        out.add(tool("run_sql", "Run one read-only SQL query in the database's own dialect (guarded: anything but a single query is rejected with "
                        + "the reason; row-capped at 1,000 rows and byte-bounded) and return its rows.",
                "{\"type\":\"object\",\"properties\":{\"sql\":{\"type\":\"string\"}},\"required\":[\"sql\"]}",
                callers, backend, (b, caller, a) -> {
                    String sql = text(a, "sql", true, MAX_SQL);
                    b.admit(caller);
                    DataTools.Result r = b.tools().runSql(sql);
                    b.audit(caller, sql);
                    return r;
                }));
        out.add(tool("search_knowledge", "Search the team's knowledge (metric definitions with their SQL, business rules, table notes, verified questions) "
                        + "for words.",
                "{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\"}},\"required\":[\"query\"]}",
                callers, backend, (b, caller, a) -> b.tools().searchKnowledge(text(a, "query", true, MAX_NAME))));
        out.add(tool("save_learning", "Keep a correction for later questions on these tables (editors only): what was wrong and, if any, the "
                        + "corrected SQL. It is reviewed by the team before it becomes a rule.",
                "{\"type\":\"object\",\"properties\":{\"description\":{\"type\":\"string\"},\"category\":{\"type\":\"string\"},"
                        + "\"tables\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"original_sql\":{\"type\":\"string\"},\"corrected_sql\":{\"type\":\"string\"}},"
                        + "\"required\":[\"description\"]}",
                callers, backend, (b, caller, a) -> {
                    if (!caller.mayWrite()) throw new UserError("save_learning needs the editor role; " + caller.user() + " may only read");
                    return b.tools().saveLearning(text(a, "description", true, MAX_DESCRIPTION), text(a, "category", false, MAX_NAME), strings(a, "tables"),
                            text(a, "original_sql", false, MAX_SQL), text(a, "corrected_sql", false, MAX_SQL));
                }));
        return out;
    }

    /** The text of an answer for a client that shows text: the answer, then how it was computed, its confidence and SQL. */
    static String answerText(Answer a) {
        StringBuilder s = new StringBuilder(a.answer());
        Answer.Provenance p = a.provenance();
        if (p != null && p.explanation() != null) s.append("\n\nHow this was computed: ").append(p.explanation());
        if (a.confidence() != null) s.append("\nConfidence: ").append(a.confidence()).append(a.verified() ? " (verified)" : "");
        if (p != null && !p.sql().isEmpty()) s.append("\nSQL:\n").append(String.join(";\n", p.sql()));
        if (a.threadId() != null) s.append("\nthread_id: ").append(a.threadId());
        return s.toString();
    }

    @FunctionalInterface
    interface Handler {
        DataTools.Result call(Backend backend, Caller caller, Map<String, Object> arguments);
    }

    private static SyncToolSpecification tool(String name, String description, String schema, Function<McpSyncServerExchange, Caller> callers,
                                              java.util.function.Supplier<Backend> backend, Handler handler) {
        Map<String, Object> inputSchema;
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> parsed = ApiServer.JSON.readValue(schema, Map.class);
            inputSchema = parsed;
        } catch (java.io.IOException e) {
            throw new IllegalStateException("bad schema of " + name, e);
        }
        return SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder(name, inputSchema).description(description).build())
                .callHandler((exchange, request) -> {
                    Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
                    try {
                        checkSize(arguments);
                        DataTools.Result r = handler.call(backend.get(), callers.apply(exchange), arguments);
                        // plain JSON values, written as the API writes them (snake_case, ISO dates), before the SDK sees them
                        Object structured = ApiServer.JSON.convertValue(r.data(), Object.class);
                        return McpSchema.CallToolResult.builder().content(List.of(McpSchema.TextContent.builder(r.text()).build()))
                                .structuredContent(structured).isError(false).build();
                    } catch (UserError | IllegalArgumentException e) {
                        return error(e.getMessage());
                    } catch (RuntimeException e) {
                        LOG.error("MCP tool {} failed", name, e);
                        return error("internal error in " + name + ": " + e.getClass().getSimpleName());
                    }
                })
                .build();
    }

    private static McpSchema.CallToolResult error(String message) {
        String line = message == null ? "error" : message.lines().findFirst().orElse("error");
        return McpSchema.CallToolResult.builder().content(List.of(McpSchema.TextContent.builder(line).build())).isError(true).build();
    }

    /** Refuses arguments larger than {@link #MAX_ARGUMENTS} characters as JSON, before any tool reads them. */
    private static void checkSize(Map<String, Object> arguments) {
        long size;
        try {
            size = ApiServer.JSON.writeValueAsString(arguments).length();
        } catch (java.io.IOException e) {
            throw new UserError("the arguments cannot be read as JSON");
        }
        if (size > MAX_ARGUMENTS) throw new UserError(String.format(java.util.Locale.ROOT, "the arguments are too large (%,d characters; at most %,d)", size, MAX_ARGUMENTS));
    }

    private static String text(Map<String, Object> a, String field, boolean required, int max) {
        Object v = a.get(field);
        if (v == null || (v instanceof String s && s.isBlank())) {
            if (required) throw new UserError("\"" + field + "\" is required");
            return null;
        }
        if (!(v instanceof String s)) throw new UserError("\"" + field + "\" must be a string, not " + kind(v));
        if (s.length() > max) throw new UserError(String.format(java.util.Locale.ROOT, "\"%s\" is too long (%,d characters; at most %,d)", field, s.length(), max));
        return s;
    }

    /** What kind of JSON value this is, for a message that must not repeat the value. */
    private static String kind(Object v) {
        if (v == null) return "null";
        if (v instanceof List<?>) return "a list";
        if (v instanceof Map<?, ?>) return "an object";
        if (v instanceof Number) return "a number";
        if (v instanceof Boolean) return "true or false";
        return "a " + v.getClass().getSimpleName();
    }

    private static Integer integer(Map<String, Object> a, String field) {
        Object v = a.get(field);
        if (v == null) return null;
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && Math.abs(n.doubleValue()) <= Integer.MAX_VALUE) return n.intValue();
        throw new UserError("\"" + field + "\" must be a whole number, not " + (v instanceof Number ? v : kind(v)));
    }

    private static List<String> strings(Map<String, Object> a, String field) {
        Object v = a.get(field);
        if (v == null) return List.of();
        List<?> items = v instanceof String s ? List.of(s) : v instanceof List<?> l ? l : null;
        if (items == null) throw new UserError("\"" + field + "\" must be a list of strings, not " + kind(v));
        if (items.size() > MAX_ITEMS) throw new UserError("\"" + field + "\" has " + items.size() + " items; at most " + MAX_ITEMS);
        List<String> out = new ArrayList<>();
        for (Object o : items) {
            if (!(o instanceof String s)) throw new UserError("\"" + field + "\" must be a list of strings, not of " + kind(o).replaceFirst("^an? ", "") + "s");
            if (s.length() > MAX_NAME) throw new UserError(String.format(java.util.Locale.ROOT, "an item of \"%s\" is too long (%,d characters; at most %,d)", field, s.length(), MAX_NAME));
            out.add(s);
        }
        return out;
    }

    /** The MCP arguments as the semantic query arguments the agent's query_metrics takes (where -> filters, order_by -> order, start/end -> period). */
    static JsonNode semanticArguments(Map<String, Object> a) {
        for (String names : List.of("metrics", "group_by", "order_by", "count_distinct")) strings(a, names); // bounded before the semantic layer reads them
        Map<String, Object> args = new LinkedHashMap<>(a);
        if (args.containsKey("where")) args.put("filters", args.remove("where"));
        if (args.containsKey("order_by")) args.put("order", args.remove("order_by"));
        return ApiServer.JSON.valueToTree(args);
    }
}
