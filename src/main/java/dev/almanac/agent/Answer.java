package dev.almanac.agent;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueFormat;
import java.util.List;
import java.util.Map;

/** An answer as users and scripts see it (ARCHITECTURE.md, "Answer JSON"). */
public record Answer(String answer, Kind kind, String confidence, int iterations, boolean verified, Data data, Object chart,
                     Provenance provenance, Dq dq, List<String> suggestions, String threadId, String turnId, Usage usage, long latencyMs,
                     @JsonInclude(JsonInclude.Include.NON_NULL) dev.almanac.semantic.Change change) {
    /**
     * @param change for an answer to "why did it change?", the whole analysis (docs/SEMANTIC.md, "Why did it change"): the
     *               splits with every value's contribution, mix and rate, movements and the queries, for scripts and the web
     *               app's waterfall; null otherwise
     */
    public Answer(String answer, Kind kind, String confidence, int iterations, boolean verified, Data data, Object chart, Provenance provenance, Dq dq,
                  List<String> suggestions, String threadId, String turnId, Usage usage, long latencyMs) {
        this(answer, kind, confidence, iterations, verified, data, chart, provenance, dq, suggestions, threadId, turnId, usage, latencyMs, null);
    }

    /** The same answer carrying a change analysis. */
    public Answer withChange(dev.almanac.semantic.Change c) {
        return new Answer(answer, kind, confidence, iterations, verified, data, chart, provenance, dq, suggestions, threadId, turnId, usage, latencyMs, c);
    }

    public enum Kind { result, observation, chart, clarification, error }

    /**
     * The rows as computed (raw, machine-readable) and, for an answer from a semantic query, how to show them: a label and a
     * value format per column ({@code labels}, {@code formats}; a null format is text shown as it is). Both are absent when
     * unknown (an answer written in SQL). {@code totalRows} is how many rows the query returns in all, when it returns more
     * than are here (the row cap): the whole result is a download ({@code GET /api/threads/{id}/turns/{turn}/csv}).
     */
    public record Data(List<String> columns, List<List<Object>> rows, int rowCount, boolean truncated,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> labels,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ValueFormat> formats,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Long totalRows) {
        public Data(List<String> columns, List<List<Object>> rows, int rowCount, boolean truncated) {
            this(columns, rows, rowCount, truncated, null, null, null);
        }

        public Data(List<String> columns, List<List<Object>> rows, int rowCount, boolean truncated, List<String> labels, List<ValueFormat> formats) {
            this(columns, rows, rowCount, truncated, labels, formats, null);
        }

        /** These rows of a result that has {@code totalRows} rows in all (more than are here). */
        public Data withTotalRows(long totalRows) {
            return new Data(columns, rows, rowCount, truncated, labels, formats, totalRows);
        }
    }

    /**
     * Where an answer comes from. {@code metric} names the metric(s) it computes; {@code semanticQuery} is the semantic
     * query it was compiled from (null for an answer written in SQL).
     */
    /**
     * @param readAs for an answer computed from a semantic query, that query restated in words ("Shop revenue by sales
     *               channel in Q1 2026, highest first"): what the question was read as; null otherwise
     */
    public record Provenance(List<String> tables, List<String> sql, List<String> filters, String metric, SemanticQuery semanticQuery,
                             List<String> knowledgeApplied, List<String> learningsApplied, Map<String, String> freshness, List<String> caveats,
                             String explanation, @JsonInclude(JsonInclude.Include.NON_NULL) String readAs) {}

    public record Dq(String status, String requested, String observed, List<String> missingBuckets) {
        public static final Dq NOT_EVALUATED = new Dq("NOT_EVALUATED", null, null, List.of());
    }

    public record Usage(int llmCalls, int promptTokens, int completionTokens) {
        public static final Usage NONE = new Usage(0, 0, 0);
    }
}
