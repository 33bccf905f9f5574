package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.AlmanacException;
import dev.almanac.UserError;
import dev.almanac.semantic.SemanticCompiler;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.sql.QueryResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools that end a turn with an answer: query_metrics (the system compiles and runs a semantic query),
 * submit_result (queries and a template the system fills), submit_observation (text whose numbers must be in the
 * supporting results) and render_chart. Each runs its queries and gives a candidate answer for review, or text for the
 * model to fix.
 */
final class OutputTools {
    /** What an output tool produced: a candidate for review, or what the model must fix. */
    sealed interface Built permits Candidate, Refused {}

    /** A candidate answer: its text, kind, the results by name, chart, the numbers not found in the data, the semantic query. */
    record Candidate(String text, Answer.Kind kind, Map<String, QueryResult> results, Object chart, List<String> flagged, SemanticQuery query)
            implements Built {}

    record Refused(String toModel) implements Built {}

    private final Flow flow;
    private final Answers answers;

    OutputTools(Flow flow, Answers answers) {
        this.flow = flow;
        this.answers = answers;
    }

    Built build(LoopState s, String tool, JsonNode args) {
        Map<String, QueryResult> results = new LinkedHashMap<>();
        String text;
        Object chart = null;
        Answer.Kind kind;
        List<String> flagged = List.of();
        SemanticQuery query = null;
        try {
            switch (tool) {
                case AgentTools.QUERY_METRICS -> {
                    SemanticCompiler.Compiled compiled;
                    try {
                        query = SemanticArguments.read(args);
                        compiled = flow.ctx.semantic().compile(query);
                    } catch (UserError e) {
                        flow.event("semantic", "refused: " + e.getMessage());
                        return new Refused("The semantic query was refused: " + e.getMessage() + ".\nFix the query (get_dimensions shows what the metric "
                                + "can be sliced by, list_metrics the metrics) and call query_metrics again; use run_sql and submit_result only "
                                + "for what the semantic model cannot express.");
                    }
                    flow.event("executed", compiled.sql());
                    QueryResult r = s.executor(flow.ctx.executor()).execute(compiled.sql()); // the compiled semantic query, run
                    results.put(SemanticRoute.RESULT, r);
                    String template = args.path("template").asText("");
                    text = template.isBlank() ? flow.semantic.sentence(query, r) : TemplateFormatter.fill(template, results);
                    chart = answers.chart(query, r);
                    kind = Answer.Kind.result;
                }
                case AgentTools.SUBMIT_RESULT -> {
                    runNamed(s, args.path("queries"), results);
                    text = TemplateFormatter.fill(args.path("template").asText(""), results);
                    kind = Answer.Kind.result;
                }
                case AgentTools.SUBMIT_OBSERVATION -> {
                    runNamed(s, args.path("supporting_queries"), results);
                    text = args.path("text").asText("");
                    flagged = GroundingCheck.ungrounded(text, new ArrayList<>(results.values()));
                    kind = Answer.Kind.observation;
                }
                default -> {
                    flow.event("executed", args.path("query").asText(""));
                    QueryResult r = s.executor(flow.ctx.executor()).execute(args.path("query").asText(""));
                    results.put("chart", r);
                    chart = ChartSpec.withData(args.path("vega_lite_spec"), r, args.path("title").asText(null));
                    text = args.path("title").asText("Chart of " + r.rowCount() + " rows");
                    kind = Answer.Kind.chart;
                }
            }
        } catch (AlmanacException | TemplateFormatter.TemplateError | IllegalArgumentException e) {
            return new Refused("Could not build the answer: " + e.getMessage() + ". Fix it and submit again.");
        }
        if (results.isEmpty()) return new Refused("An answer needs at least one query whose results it shows.");
        return new Candidate(text, kind, results, chart, flagged, query);
    }

    private void runNamed(LoopState s, JsonNode queries, Map<String, QueryResult> results) {
        int i = 0;
        for (JsonNode q : queries) {
            String name = q.path("name").asText("q" + i++);
            flow.event("executed", q.path("sql").asText(""));
            results.put(name, s.executor(flow.ctx.executor()).execute(q.path("sql").asText("")));
        }
    }
}
