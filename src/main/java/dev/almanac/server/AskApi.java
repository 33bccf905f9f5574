package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.agent.Agent;
import dev.almanac.agent.Answer;
import dev.almanac.sql.CsvExport;
import dev.almanac.sql.QueryFailed;
import dev.almanac.sql.QueryRejected;
import dev.almanac.store.ThreadStore;
import dev.almanac.store.TurnRow;
import dev.almanac.store.UserStore;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Asking (plain and streamed as server-sent events), and reading, renaming and deleting threads. A question is
 * rate-limited per user once, however many model calls it takes, counted in the app store so that servers sharing
 * it share the limit; its queries are audited. Threads live in the store too: a thread started on one
 * server continues on another. A thread started here is tagged with the client the request names (the web app, or
 * another client of the API); the list shows those unless asked for the command line's, eval runs' and MCP clients'.
 * Threads belong to the project, not to a user: whoever may read them (a viewer) may rename or delete them.
 * Model calls block only the request's own thread.
 */
final class AskApi {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(AskApi.class);

    private final ServerContext ctx;
    /** The whole-result downloads running now, within the settings' limits. */
    private final ExportSlots exports;

    AskApi(ServerContext ctx) {
        this.ctx = ctx;
        this.exports = new ExportSlots(ctx.settings().exports());
    }

    void register(Routes routes) {
        routes.add("POST", "/api/ask", "viewer", "Ask a question; body {question, thread_id?, dq_panel?, origin?}; the answer JSON. "
                + "origin names the client a new thread is listed under: web or api (default api)", this::ask);
        routes.add("POST", "/api/ask/stream", "viewer", "Ask, streaming each step as a server-sent event, then the answer", this::askStream);
        routes.add("GET", "/api/threads", "viewer", "The project's threads (id, title, created_at, updated_at, origin), most recently active first; "
                + "?origin= the origins to list, comma-separated, of web, api, cli, eval, mcp, or all (default web,api: the command line's, "
                + "eval runs' and MCP clients' threads only when asked for); ?limit= (default 100, at most 1000)", this::threads);
        routes.add("GET", "/api/threads/{id}", "viewer", "A thread's turns with their answers", this::thread);
        routes.add("PATCH", "/api/threads/{id}", "viewer", "Rename a thread; body {title} (1 to " + ThreadStore.MAX_TITLE
                + " characters); the thread", this::rename);
        routes.add("DELETE", "/api/threads/{id}", "viewer", "Delete a thread with its turns and data-quality log, all or nothing; 204", this::delete);
        routes.add("GET", "/api/threads/{id}/turns/{turn}/csv", "viewer",
                "A turn's whole result as a CSV download: its main query run again, every row up to the export limits "
                        + "(headers X-Almanac-Rows, X-Almanac-Truncated); text cells a spreadsheet would run as a formula get a leading ' "
                        + "unless ?raw=true", this::csv);
        routes.add("GET", "/api/threads/{id}/dq", "viewer", "A thread's data-quality log",
                c -> c.json(ctx.threads().dqLogs(requireThread(c.pathParam("id")))));
    }

    /** The parsed JSON body: a question, an optional thread, the dq_panel display setting and the client a new thread is listed under. */
    private record AskRequest(String question, String threadId, boolean dqPanel, ThreadStore.Origin origin) {}

    /** The clients a request may name as a thread's origin (the others start threads elsewhere: the command line, eval runs, MCP). */
    private static final Set<ThreadStore.Origin> ASKING = EnumSet.of(ThreadStore.Origin.web, ThreadStore.Origin.api);

    private AskRequest askRequest(Context c) {
        JsonNode body = Requests.body(c, java.util.Map.of("question", Requests.Kind.TEXT, "thread_id", Requests.Kind.TEXT, "dq_panel", Requests.Kind.BOOLEAN,
                "origin", Requests.Kind.TEXT));
        String question;
        try {
            question = dev.almanac.agent.QuestionText.check(body.path("question").asText(""));
        } catch (dev.almanac.UserError e) {
            throw new ApiError(400, "bad_request", e.getMessage());
        }
        String origin = body.path("origin").asText("api");
        if (ASKING.stream().noneMatch(o -> o.name().equals(origin))) {
            throw new ApiError(400, "bad_request", "field 'origin' must be web or api, not " + body.get("origin"));
        }
        return new AskRequest(question, body.hasNonNull("thread_id") ? body.get("thread_id").asText() : null, body.path("dq_panel").asBoolean(false),
                ThreadStore.Origin.named(origin));
    }

    /**
     * An agent for the request. Making one fails only when the server is set up wrong (most often its model: an unknown
     * provider, a missing key), which the asker cannot change: say whom to ask, and log the cause for the administrator.
     */
    private Agent agent(java.util.function.Consumer<dev.almanac.agent.AgentEvent> events, AskRequest req) {
        try {
            return ctx.agents().create(events, req.origin());
        } catch (dev.almanac.UserError e) {
            LOG.warn("cannot answer questions: {}", e.getMessage());
            throw new ApiError(503, "model_unavailable", "No question can be answered right now: the language model this server is set to use "
                    + "is not set up. " + AnswerAdvice.ASK_ADMIN_FOR_MODEL + ".");
        }
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
        Agent agent = agent(new QueryAudit(ctx.users(), user.name(), req.threadId()), req);
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
        Agent agent = agent(e -> {
            audit.accept(e);
            send(out, "step", Map.of("step", e.step(), "detail", AnswerAdvice.withoutCliHints(e.detail())));
        }, req);
        send(out, "answer", shown(agent.ask(req.question(), req.threadId()), req));
        out.close();
    }

    /** The answer as this client sees it: worded for a user of the server, without the data-quality verdict unless the panel is on. */
    private JsonNode shown(Answer a, AskRequest req) {
        Answer kept = req.dqPanel() || ctx.settings().dqPanel() ? a
                : new Answer(a.answer(), a.kind(), a.confidence(), a.iterations(), a.verified(), a.data(), a.chart(), a.provenance(), null,
                        a.suggestions(), a.threadId(), a.turnId(), a.usage(), a.latencyMs(), a.change());
        return AnswerAdvice.advised(ApiServer.JSON.valueToTree(kept));
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
        if (!ctx.threads().exists(ctx.project(), id)) throw unknownThread(id);
        return id;
    }

    /** The threads of the origins asked for (?origin=), else those started in the web app and over the API. */
    private void threads(Context c) {
        c.json(ctx.threads().threads(ctx.project(), origins(c.queryParam("origin")), Requests.limit(c, 100)));
    }

    static Set<ThreadStore.Origin> origins(String param) {
        if (param == null || param.isBlank()) return ASKING;
        if (param.strip().equals("all")) return EnumSet.allOf(ThreadStore.Origin.class);
        Set<ThreadStore.Origin> origins = EnumSet.noneOf(ThreadStore.Origin.class);
        for (String name : param.split(",")) {
            try {
                origins.add(ThreadStore.Origin.named(name.strip()));
            } catch (dev.almanac.UserError e) {
                throw new ApiError(400, "bad_request", "origin: " + e.getMessage() + ", or all");
            }
        }
        return origins;
    }

    private void rename(Context c) {
        String id = c.pathParam("id");
        JsonNode body = Requests.body(c, Map.of("title", Requests.Kind.TEXT));
        if (!body.hasNonNull("title")) throw new ApiError(400, "bad_request", "the body needs a title: {\"title\": \"...\"}");
        String title = dev.almanac.agent.QuestionText.title(body.get("title").asText(), ThreadStore.MAX_TITLE);
        if (!ctx.threads().rename(ctx.project(), id, title)) throw unknownThread(id);
        c.json(ctx.threads().thread(ctx.project(), id).orElseThrow(() -> unknownThread(id)));
    }

    private void delete(Context c) {
        String id = c.pathParam("id");
        if (!ctx.threads().delete(ctx.project(), id)) throw unknownThread(id);
        c.status(204);
    }

    private static ApiError unknownThread(String id) {
        return new ApiError(404, "unknown_thread", "no thread " + id);
    }

    private void thread(Context c) {
        String id = requireThread(c.pathParam("id"));
        List<Map<String, Object>> turns = ctx.threads().turns(id).stream().map(t -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("turn_id", t.id());
            m.put("question", t.question());
            try {
                m.put("answer", AnswerAdvice.advised(ApiServer.JSON.readTree(t.answerJson())));
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
    /** ?raw=true: text cells as they are; by default (or false) those a spreadsheet would run get a leading quote. */
    private static CsvExport.Cells raw(String param) {
        if (param == null || param.isBlank() || param.strip().equalsIgnoreCase("false")) return CsvExport.Cells.NEUTRALISED;
        if (param.strip().equalsIgnoreCase("true")) return CsvExport.Cells.RAW;
        throw new ApiError(400, "bad_request", "raw must be true or false, not '" + param + "'");
    }

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
        CsvExport.Cells cells = raw(c.queryParam("raw"));
        UserStore.User user = Routes.user(c);
        ctx.users().audit(user.name(), threadId, main);
        Path file = null;
        try (ExportSlots.Slot slot = exports.acquire(user.name())) {
            file = Files.createTempFile("almanac-export-", ".csv");
            CsvExport.Written written;
            try (Writer out = new java.io.BufferedWriter(new java.io.OutputStreamWriter(slot.counting(Files.newOutputStream(file)), StandardCharsets.UTF_8))) {
                written = CsvExport.write(ctx.curation().executor().get(), main, out, "\r\n", cells);
            } catch (QueryRejected | QueryFailed e) {
                throw new ApiError(409, "result_unavailable", "the answer's query cannot run again: " + e.getMessage());
            } catch (java.io.UncheckedIOException e) {
                if (e.getCause() instanceof ExportSlots.SpaceFull full) throw full.asApiError();
                throw e;
            } catch (ExportSlots.SpaceFull full) { // on the writer's last flush
                throw full.asApiError();
            }
            c.contentType("text/csv; charset=utf-8");
            c.header("Content-Disposition", "attachment; filename=\"almanac-" + turnId + ".csv\"");
            c.header("X-Almanac-Rows", String.valueOf(written.rows()));
            c.header("X-Almanac-Truncated", String.valueOf(written.rowsLeftOut()));
            try (OutputStream out = c.res().getOutputStream()) {
                Files.copy(file, out);
            }
        } finally {
            if (file != null) Files.deleteIfExists(file);
        }
    }
}
