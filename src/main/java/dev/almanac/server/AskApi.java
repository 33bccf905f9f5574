package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.agent.Agent;
import dev.almanac.agent.Answer;
import dev.almanac.sql.CsvExport;
import dev.almanac.sql.QueryFailed;
import dev.almanac.sql.QueryRejected;
import dev.almanac.store.TurnRow;
import dev.almanac.store.UserStore;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Asking (plain and streamed as server-sent events) and reading threads. A question is rate-limited
 * per user once, however many model calls it takes, counted in the app store so that servers sharing
 * it share the limit; its queries are audited. Threads live in the store too: a thread started on one
 * server continues on another. Model calls block only the request's own thread.
 */
final class AskApi {
    private final ServerContext ctx;

    AskApi(ServerContext ctx) {
        this.ctx = ctx;
    }

    void register(Routes routes) {
        routes.add("POST", "/api/ask", "viewer", "Ask a question; body {question, thread_id?, dq_panel?}; the answer JSON", this::ask);
        routes.add("POST", "/api/ask/stream", "viewer", "Ask, streaming each step as a server-sent event, then the answer", this::askStream);
        routes.add("GET", "/api/threads", "viewer", "The project's threads, most recently active first; ?limit= (default 100, at most 1000)",
                c -> c.json(ctx.threads().threads(ctx.project(), Requests.limit(c, 100))));
        routes.add("GET", "/api/threads/{id}", "viewer", "A thread's turns with their answers", this::thread);
        routes.add("GET", "/api/threads/{id}/turns/{turn}/csv", "viewer",
                "A turn's whole result as a CSV download: its main query run again, every row up to the export limits "
                        + "(headers X-Almanac-Rows, X-Almanac-Truncated)", this::csv);
        routes.add("GET", "/api/threads/{id}/dq", "viewer", "A thread's data-quality log",
                c -> c.json(ctx.threads().dqLogs(requireThread(c.pathParam("id")))));
    }

    /** The parsed JSON body: a question, an optional thread and the dq_panel display setting. */
    private record AskRequest(String question, String threadId, boolean dqPanel) {}

    private AskRequest askRequest(Context c) {
        JsonNode body = Requests.body(c, java.util.Map.of("question", Requests.Kind.TEXT, "thread_id", Requests.Kind.TEXT, "dq_panel", Requests.Kind.BOOLEAN));
        String question;
        try {
            question = dev.almanac.agent.QuestionText.check(body.path("question").asText(""));
        } catch (dev.almanac.UserError e) {
            throw new ApiError(400, "bad_request", e.getMessage());
        }
        return new AskRequest(question, body.hasNonNull("thread_id") ? body.get("thread_id").asText() : null, body.path("dq_panel").asBoolean(false));
    }

    private void rateLimit(Context c, UserStore.User user) {
        long wait = ctx.rateLimits().acquire(user.name(), ctx.settings().questionsPerMinute(), System.currentTimeMillis());
        if (wait > 0) {
            c.header("Retry-After", String.valueOf(wait));
            throw new ApiError(429, "rate_limited", "too many questions: try again in " + wait + " s");
        }
    }

    private void ask(Context c) {
        AskRequest req = askRequest(c);
        UserStore.User user = Routes.user(c);
        rateLimit(c, user);
        Agent agent = ctx.agents().create(new QueryAudit(ctx.users(), user.name(), req.threadId()), true);
        c.json(shown(agent.ask(req.question(), req.threadId()), req));
    }

    private void askStream(Context c) throws IOException {
        AskRequest req = askRequest(c);
        UserStore.User user = Routes.user(c);
        rateLimit(c, user);
        c.contentType("text/event-stream");
        c.header("Cache-Control", "no-cache");
        OutputStream out = c.res().getOutputStream();
        QueryAudit audit = new QueryAudit(ctx.users(), user.name(), req.threadId());
        Agent agent = ctx.agents().create(e -> {
            audit.accept(e);
            send(out, "step", Map.of("step", e.step(), "detail", e.detail()));
        }, true);
        send(out, "answer", shown(agent.ask(req.question(), req.threadId()), req));
        out.close();
    }

    /** The answer as this client sees it: without the data-quality verdict unless the panel is on. */
    private Answer shown(Answer a, AskRequest req) {
        if (req.dqPanel() || ctx.settings().dqPanel()) return a;
        return new Answer(a.answer(), a.kind(), a.confidence(), a.iterations(), a.verified(), a.data(), a.chart(), a.provenance(), null,
                a.suggestions(), a.threadId(), a.turnId(), a.usage(), a.latencyMs());
    }

    private static void send(OutputStream out, String event, Object data) {
        synchronized (out) {
            try {
                out.write(("event: " + event + "\ndata: " + ApiServer.JSON.writeValueAsString(data) + "\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException ignored) {
                // the client went away: the agent still finishes and the turn is kept
            }
        }
    }

    /** The id of a thread of this project, else 404 (threads of other projects sharing the store are not visible). */
    private String requireThread(String id) {
        if (!ctx.threads().exists(ctx.project(), id)) throw new ApiError(404, "unknown_thread", "no thread " + id);
        return id;
    }

    private void thread(Context c) {
        String id = requireThread(c.pathParam("id"));
        List<Map<String, Object>> turns = ctx.threads().turns(id).stream().map(t -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("turn_id", t.id());
            m.put("question", t.question());
            try {
                m.put("answer", ApiServer.JSON.readTree(t.answerJson()));
            } catch (IOException e) {
                m.put("answer", t.answerText());
            }
            return m;
        }).toList();
        c.json(Map.of("thread_id", id, "turns", turns));
    }

    /**
     * A turn's result as CSV, every row: the answer's main query runs again through the guard (and the audit log), streamed
     * into a temporary file within the export limits, so that the response can say how many rows it holds and whether the
     * limit cut it before the first byte is sent.
     */
    private void csv(Context c) throws IOException {
        String threadId = requireThread(c.pathParam("id"));
        String turnId = c.pathParam("turn");
        TurnRow turn = ctx.threads().turns(threadId).stream().filter(t -> t.id().equals(turnId)).findFirst()
                .orElseThrow(() -> new ApiError(404, "unknown_turn", "no turn " + turnId + " in thread " + threadId));
        JsonNode answer = ApiServer.JSON.readTree(turn.answerJson());
        JsonNode sql = answer.path("provenance").path("sql");
        if (!answer.hasNonNull("data") || !sql.isArray() || sql.isEmpty()) {
            throw new ApiError(404, "no_result", "this answer has no table of results to download");
        }
        String main = sql.get(0).asText();
        UserStore.User user = Routes.user(c);
        ctx.users().audit(user.name(), threadId, main);
        Path file = Files.createTempFile("almanac-export-", ".csv");
        try {
            CsvExport.Written written;
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                written = CsvExport.write(ctx.curation().executor().get(), main, out, "\r\n");
            } catch (QueryRejected | QueryFailed e) {
                throw new ApiError(409, "result_unavailable", "the answer's query cannot run again: " + e.getMessage());
            }
            c.contentType("text/csv; charset=utf-8");
            c.header("Content-Disposition", "attachment; filename=\"almanac-" + turnId + ".csv\"");
            c.header("X-Almanac-Rows", String.valueOf(written.rows()));
            c.header("X-Almanac-Truncated", String.valueOf(written.rowsLeftOut()));
            try (OutputStream out = c.res().getOutputStream()) {
                Files.copy(file, out);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
