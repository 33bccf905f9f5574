package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.eval.EvalReport;
import dev.almanac.store.EvalStore;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Eval runs: list with accuracy, start one in the background, its progress and results, and the diff of two runs. */
final class EvalApi implements AutoCloseable {
    private final ServerContext ctx;
    private final EvalJobs jobs;

    EvalApi(ServerContext ctx) {
        this.ctx = ctx;
        this.jobs = new EvalJobs(ctx);
    }

    void register(Routes routes) {
        routes.add("GET", "/api/evals", "viewer", "Eval runs, newest first, with accuracy",
                c -> c.json(ctx.evals().runs(ctx.project()).stream().map(EvalApi::runJson).toList()));
        routes.add("POST", "/api/evals", "editor", "Start an eval run in the background; body {tag?, difficulty?, parallel?}; 202 with its id", this::start);
        routes.add("GET", "/api/evals/{id}", "viewer", "A run's progress and results so far", this::run);
        routes.add("GET", "/api/evals/{id}/diff/{other}", "viewer", "What changed between two runs, question by question", this::diff);
    }

    @Override
    public void close() {
        jobs.close();
    }

    private void start(Context c) {
        JsonNode body = Requests.optionalBody(c, java.util.Map.of("tag", Requests.Kind.TEXT, "difficulty", Requests.Kind.TEXT, "parallel", Requests.Kind.WHOLE));
        int parallel = body.path("parallel").asInt(4);
        if (parallel < 1 || parallel > 32) throw new ApiError(400, "bad_request", "field 'parallel' must be from 1 to 32, not " + parallel);
        String id = jobs.start(Requests.text(body, "tag"), Requests.text(body, "difficulty"), parallel,
                new QueryAudit(ctx.users(), Routes.user(c).name(), null));
        c.status(202).json(Map.of("id", id, "status", "running"));
    }

    private EvalStore.RunRow row(String id) {
        return ctx.evals().run(ctx.project(), id).orElseThrow(() -> new ApiError(404, "unknown_run", "no eval run " + id));
    }

    static Map<String, Object> runJson(EvalStore.RunRow r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", r.id());
        m.put("started_at", r.startedAt());
        m.put("finished_at", r.finishedAt());
        m.put("status", r.status());
        m.put("model", r.model());
        m.put("filters", r.filters());
        m.put("selected", r.selected());
        m.put("done", r.total());
        m.put("passed", r.passed());
        m.put("accuracy", r.total() == 0 ? null : r.accuracy());
        return m;
    }

    private void run(Context c) {
        EvalStore.RunRow run = row(c.pathParam("id"));
        EvalReport report = EvalReport.of(run, ctx.evals().results(run.id()), null, List.of());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run", runJson(run));
        m.put("by_difficulty", counts(report.byDifficulty()));
        m.put("by_kind", counts(report.byKind()));
        m.put("by_tag", counts(report.byTag()));
        m.put("results", reworded(report.results()));
        c.json(m);
    }

    /** The results as a user of the server reads them: a failed answer's reason names no command to run ({@link AnswerAdvice}). */
    private static JsonNode reworded(List<EvalStore.ResultRow> results) {
        JsonNode rows = ApiServer.JSON.valueToTree(results);
        for (JsonNode row : rows) {
            for (String field : List.of("reason", "error")) {
                if (row.path(field).isTextual()) ((com.fasterxml.jackson.databind.node.ObjectNode) row).put(field, AnswerAdvice.reworded(row.get(field).asText()));
            }
        }
        return rows;
    }

    private static Map<String, Map<String, Integer>> counts(Map<String, int[]> byKey) {
        Map<String, Map<String, Integer>> m = new LinkedHashMap<>();
        byKey.forEach((k, v) -> m.put(k, Map.of("total", v[0], "passed", v[1])));
        return m;
    }

    private void diff(Context c) {
        EvalStore.RunRow base = row(c.pathParam("id"));
        EvalStore.RunRow other = row(c.pathParam("other"));
        List<EvalStore.ResultRow> before = ctx.evals().results(base.id());
        List<EvalStore.ResultRow> after = ctx.evals().results(other.id());
        EvalReport report = EvalReport.of(other, after, base, before);
        Map<String, Boolean> was = new LinkedHashMap<>();
        before.forEach(r -> was.put(r.goldenId(), r.passed()));
        Map<String, Boolean> now = new LinkedHashMap<>();
        after.forEach(r -> now.put(r.goldenId(), r.passed()));
        Map<String, String> questions = new LinkedHashMap<>();
        before.forEach(r -> questions.put(r.goldenId(), r.question()));
        after.forEach(r -> questions.put(r.goldenId(), r.question()));
        List<Map<String, Object>> rows = questions.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("golden_id", e.getKey());
            row.put("question", e.getValue());
            row.put("before", was.get(e.getKey()));
            row.put("after", now.get(e.getKey()));
            return row;
        }).toList();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("base", runJson(base));
        m.put("other", runJson(other));
        m.put("newly_failing", report.newlyFailing());
        m.put("newly_passing", report.newlyPassing());
        m.put("questions", rows);
        c.json(m);
    }
}
