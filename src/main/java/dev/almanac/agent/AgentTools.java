package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.llm.ToolSpec;
import java.util.List;
import java.util.Set;

/**
 * The tools offered to the model. Internal tools return results to the model only; output tools end
 * the turn with something the user sees, built by the system from queries it runs itself. The
 * semantic tools (list_metrics, get_dimensions, query_metrics) are offered when the project has a
 * semantic model.
 */
final class AgentTools {
    private static final ObjectMapper JSON = new ObjectMapper();

    static final String INSPECT_SCHEMA = "inspect_schema";
    static final String RUN_SQL = "run_sql";
    static final String SEARCH_KNOWLEDGE = "search_knowledge";
    static final String SAVE_LEARNING = "save_learning";
    static final String SEND_MESSAGE = "send_message";
    static final String SUBMIT_RESULT = "submit_result";
    static final String SUBMIT_OBSERVATION = "submit_observation";
    static final String RENDER_CHART = "render_chart";
    static final String ASK_USER = "ask_user";
    static final String LIST_METRICS = "list_metrics";
    static final String GET_DIMENSIONS = "get_dimensions";
    static final String QUERY_METRICS = "query_metrics";
    static final String EXPLAIN_CHANGE = "explain_change";

    private AgentTools() {}

    private static final String RUN_SQL_DESCRIPTION = "Run one read-only %s query (guarded, row-capped) and see the first rows. Internal: the user does not see it.";

    static final List<ToolSpec> ALL = List.of(
            spec(INSPECT_SCHEMA, "Show the columns, keys, comments, date ranges and sample values of tables. Internal: only you see the result.",
                    "{\"type\":\"object\",\"properties\":{\"tables\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"table names\"}},\"required\":[\"tables\"]}"),
            spec(RUN_SQL, RUN_SQL_DESCRIPTION.formatted("DuckDB"),
                    "{\"type\":\"object\",\"properties\":{\"sql\":{\"type\":\"string\"}},\"required\":[\"sql\"]}"),
            spec(SEARCH_KNOWLEDGE, "Search metrics, business rules, verified queries and table notes for words. Internal.",
                    "{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\"}},\"required\":[\"query\"]}"),
            spec(SAVE_LEARNING, "Remember a correction for later questions, after a failed query was fixed.",
                    "{\"type\":\"object\",\"properties\":{\"description\":{\"type\":\"string\",\"description\":\"what to do differently, in one sentence\"},"
                            + "\"category\":{\"type\":\"string\",\"description\":\"e.g. units, filter, join, time, naming\"},"
                            + "\"tables\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"original_sql\":{\"type\":\"string\"},\"corrected_sql\":{\"type\":\"string\"}},"
                            + "\"required\":[\"description\",\"category\",\"tables\"]}"),
            spec(SEND_MESSAGE, "Show the user a short note while you keep working (no numbers that are not from a query).",
                    "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}"),
            spec(SUBMIT_RESULT, "Final answer: named queries the system runs, and a template it fills from their results with {name.column}, "
                            + "{name.column[i]}, {name.column|money|number|int|percent|ratio}, {name|table}, {name.row_count}. Never write numbers yourself.",
                    "{\"type\":\"object\",\"properties\":{\"queries\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{"
                            + "\"name\":{\"type\":\"string\"},\"sql\":{\"type\":\"string\"}},\"required\":[\"name\",\"sql\"]}},"
                            + "\"template\":{\"type\":\"string\"}},\"required\":[\"queries\",\"template\"]}"),
            spec(SUBMIT_OBSERVATION, "Final answer in free text, with the queries that support it; every number in the text must appear in their results.",
                    "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"},\"supporting_queries\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{"
                            + "\"name\":{\"type\":\"string\"},\"sql\":{\"type\":\"string\"}},\"required\":[\"name\",\"sql\"]}}},\"required\":[\"text\",\"supporting_queries\"]}"),
            spec(RENDER_CHART, "Final answer as a chart: a query and a Vega-Lite spec whose fields are columns of the query; the system inlines the data.",
                    "{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\"},\"vega_lite_spec\":{\"type\":\"object\"},\"title\":{\"type\":\"string\"}},"
                            + "\"required\":[\"query\",\"vega_lite_spec\"]}"),
            spec(ASK_USER, "Ask the user one specific question when the request is ambiguous, with the candidate answers as options.",
                    "{\"type\":\"object\",\"properties\":{\"question\":{\"type\":\"string\"},\"options\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}},"
                            + "\"required\":[\"question\"]}"));

    static final List<ToolSpec> SEMANTIC = List.of(
            spec(EXPLAIN_CHANGE, "Final answer to a why-question (why did a metric drop, rise or change; what drove it): the system splits the "
                            + "metric's change between two periods by every dimension, exactly, and answers with every query it ran. Use it instead of "
                            + "writing SQL for a why-question about a semantic metric. Periods: 2026, 2026-Q3, 2026-08, 2026-08-14, or "
                            + "2026-01-01..2026-04-01 (end excluded); without 'from', the period of the same length just before 'to'.",
                    "{\"type\":\"object\",\"properties\":{\"metric\":{\"type\":\"string\"},\"from\":{\"type\":\"string\"},\"to\":{\"type\":\"string\"},"
                            + "\"by\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"only these dimensions (default: all)\"},"
                            + "\"where\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"filters on both periods, e.g. 'region = Europe'\"}},"
                            + "\"required\":[\"metric\",\"to\"]}"),
            spec(LIST_METRICS, "List the metrics of the semantic model (name, label, kind, unit, definition, time dimension and grain), and the "
                            + "canonical metrics that only have SQL (not sliceable). Internal. Optional: words to search for.",
                    "{\"type\":\"object\",\"properties\":{\"search\":{\"type\":\"string\",\"description\":\"optional words to narrow the list\"}}}"),
            spec(GET_DIMENSIONS, "For one metric: the dimensions it can be grouped and filtered by (with their values), the segments that apply, "
                            + "its time dimension and native grain. Internal.",
                    "{\"type\":\"object\",\"properties\":{\"metric\":{\"type\":\"string\"}},\"required\":[\"metric\"]}"),
            spec(QUERY_METRICS, "Final answer from the semantic model (preferred whenever a metric covers the question): the system compiles the "
                            + "query to SQL, runs it and shows the result named 'result'. Optional template with {result.column}, {result.column[i]}, "
                            + "{result.column|money|number|int|percent|ratio}, {result|table}, {result.row_count}; without one the system writes a "
                            + "sentence and the table. A refused query comes back as text: fix it and call again.",
                    "{\"type\":\"object\",\"properties\":{"
                            + "\"metrics\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"metric names; empty with group_by to list "
                            + "a dimension's values\"},"
                            + "\"group_by\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"dimension names; "
                            + "'region via RELATIONSHIP' when two joins reach it\"},"
                            + "\"grain\":{\"type\":\"string\",\"enum\":[\"day\",\"week\",\"month\",\"quarter\",\"year\"],\"description\":\"bucket the metric's time\"},"
                            + "\"start\":{\"type\":\"string\",\"description\":\"first day of the period, YYYY-MM-DD (included)\"},"
                            + "\"end\":{\"type\":\"string\",\"description\":\"first day after the period, YYYY-MM-DD (excluded)\"},"
                            + "\"filters\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"field\":{\"type\":\"string\"},"
                            + "\"op\":{\"type\":\"string\",\"enum\":" + dev.almanac.semantic.SemanticQuery.Filter.operatorsJson() + "},"
                            + "\"values\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}},\"required\":[\"field\",\"op\",\"values\"]},"
                            + "\"description\":\"on a dimension (before aggregation) or a metric of the query (after it); a number dimension against the value "
                            + "'average' is compared with its own average\"},"
                            + "\"order\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"columns of the result, or a metric (or, with records, an "
                            + "attribute) not shown; '-mrr' is descending\"},"
                            + "\"limit\":{\"type\":\"integer\"},"
                            + "\"compare_start\":{\"type\":\"string\",\"description\":\"start of a comparison period as long as the period (YYYY-MM-DD)\"},"
                            + "\"compare_end\":{\"type\":\"string\",\"description\":\"end (excluded) of the comparison period\"},"
                            + "\"records\":{\"type\":\"string\",\"description\":\"a dataset whose records to list, one row each (two with the same "
                            + "values stay two), with group_by as their attributes; order by any attribute or metric, shown or not\"},"
                            + "\"ties\":{\"type\":\"boolean\",\"description\":\"with order and limit: keep every row tied with the last one (the youngest: all of them)\"},"
                            + "\"exists\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"dataset\":{\"type\":\"string\"},"
                            + "\"filters\":{\"type\":\"array\",\"items\":{\"type\":\"object\"}},\"negated\":{\"type\":\"boolean\"},\"of\":{\"type\":\"string\"}},"
                            + "\"required\":[\"dataset\"]},\"description\":\"rows that have (negated: have no) related rows in another dataset, with filters on them: "
                            + "{dataset: concerts, filters: [{field: year, op: '=', values: ['2014']}]}\"},"
                            + "\"count_distinct\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"dimensions whose distinct values to count\"},"
                            + "\"segments\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"named segments to apply\"},"
                            + "\"without_segments\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"default segments to turn off\"},"
                            + "\"share\":{\"type\":\"boolean\",\"description\":\"the part the filters keep, in percent of the whole without them (one metric that adds up)\"},"
                            + "\"gaps\":{\"type\":\"boolean\",\"description\":\"the periods at the grain, over start..end, with no rows of the one metric\"},"
                            + "\"template\":{\"type\":\"string\",\"description\":\"optional answer text with placeholders over 'result'\"}},"
                            + "\"required\":[\"metrics\"]}"));

    /** The tools for an agent with or without a semantic model, run_sql naming the source's SQL dialect. */
    static List<ToolSpec> offered(boolean semantic, String dialect) {
        List<ToolSpec> all = new java.util.ArrayList<>();
        for (ToolSpec t : ALL) all.add(t.name().equals(RUN_SQL) ? new ToolSpec(RUN_SQL, RUN_SQL_DESCRIPTION.formatted(dialect), t.parameters()) : t);
        if (semantic) all.addAll(SEMANTIC);
        return List.copyOf(all);
    }

    /**
     * The tools of the model's first call: to answer, to ask back, and to look at data and tables. save_learning records
     * a fix, so it needs a failed query first; send_message is a note while work goes on; search_knowledge looks beyond
     * the knowledge the first prompt already carries for the question. All three are offered from the second call on.
     */
    static List<ToolSpec> firstStep(List<ToolSpec> tools) {
        return tools.stream().filter(t -> !Set.of(SAVE_LEARNING, SEND_MESSAGE, SEARCH_KNOWLEDGE).contains(t.name())).toList();
    }

    static List<String> names(List<ToolSpec> tools) {
        return tools.stream().map(ToolSpec::name).toList();
    }

    private static ToolSpec spec(String name, String description, String schema) {
        try {
            JsonNode node = JSON.readTree(schema);
            return new ToolSpec(name, description, node);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
