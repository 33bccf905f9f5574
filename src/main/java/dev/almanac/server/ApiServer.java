package dev.almanac.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.almanac.AlmanacException;
import dev.almanac.UserError;
import dev.almanac.agent.Agent;
import dev.almanac.agent.AgentEvent;
import dev.almanac.agent.Answer;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.store.UserStore;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.json.JavalinJackson;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON API (and, later, the web app) in one process. Every request is authenticated with a
 * bearer token; roles: viewer (ask, read), editor (curate knowledge, run evals), admin (users).
 * Questions are rate-limited per user; bodies are size-limited; every query the agent executes is
 * written to the audit log with the user and thread. Errors are JSON {@code {code, message}}, never
 * a stack trace. Model calls block only their own request thread, so the server does not serialise
 * on them.
 */
public final class ApiServer {
    static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    private static final String USER = "almanac.user";

    private final ServerContext ctx;
    private final RateLimiter limiter;
    private Javalin app;

    public ApiServer(ServerContext ctx) {
        this.ctx = ctx;
        this.limiter = new RateLimiter(ctx.settings().questionsPerMinute());
    }

    public ApiServer start(int port) {
        app = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.http.maxRequestSize = ctx.settings().maxBodyBytes();
            config.jsonMapper(new JavalinJackson(JSON, false));
            config.useVirtualThreads = false;
        });
        app.before("/api/*", this::authenticate);
        app.exception(ApiError.class, (e, c) -> c.status(e.status).json(error(e.code, e.getMessage())));
        app.exception(UserError.class, (e, c) -> c.status(400).json(error("bad_request", e.getMessage())));
        app.exception(AlmanacException.class, (e, c) -> c.status(500).json(error("failure", e.getMessage())));
        app.exception(Exception.class, (e, c) -> c.status(500).json(error("internal", "internal error: " + e.getClass().getSimpleName())));
        app.error(404, c -> {
            String type = c.res().getContentType();
            if (type == null || !type.startsWith("application/json")) c.json(error("not_found", "no such endpoint: " + c.method() + " " + c.path()));
        });
        app.error(413, c -> c.json(error("too_large", "the request body is larger than " + ctx.settings().maxBodyBytes() + " bytes")));

        app.get("/api/health", c -> c.json(Map.of("status", "ok")));
        app.get("/api/ready", c -> c.json(Map.of("status", "ready", "tables", ctx.catalog().get().tables().size(),
                "knowledge_items", ctx.knowledge().get().size())));
        app.get("/api/openapi.json", c -> c.contentType("application/json").result(openApi()));
        app.post("/api/ask", role("viewer", this::ask));
        app.post("/api/ask/stream", role("viewer", this::askStream));
        app.get("/api/threads", role("viewer", c -> c.json(ctx.threads().threads(ctx.project()))));
        app.get("/api/threads/{id}", role("viewer", this::thread));
        app.get("/api/threads/{id}/dq", role("viewer", c -> c.json(ctx.threads().dqLogs(c.pathParam("id")))));
        app.get("/api/schema", role("viewer", c -> c.json(ctx.catalog().get())));
        app.get("/api/schema/{table}", role("viewer", c -> c.json(ctx.catalog().get().table(c.pathParam("table"))
                .orElseThrow(() -> new ApiError(404, "unknown_table", "unknown table " + c.pathParam("table"))))));
        app.get("/api/knowledge/{kind}", role("viewer", this::knowledge));
        app.get("/api/learnings", role("viewer", c -> c.json(ctx.learnings().all(ctx.project()))));
        app.post("/api/learnings/{id}/deactivate", role("editor", c -> {
            ctx.learnings().setActive(c.pathParam("id"), false);
            c.json(Map.of("id", c.pathParam("id"), "active", false));
        }));
        app.get("/api/golden", role("viewer", c -> c.json(ctx.knowledge().get().golden())));
        app.get("/api/evals", role("viewer", c -> c.json(ctx.evals().runs(ctx.project()))));
        app.get("/api/evals/{id}", role("viewer", c -> c.json(Map.of("run", ctx.evals().run(ctx.project(), c.pathParam("id"))
                .orElseThrow(() -> new ApiError(404, "unknown_run", "no eval run " + c.pathParam("id"))), "results", ctx.evals().results(c.pathParam("id"))))));
        app.get("/api/users", role("admin", c -> c.json(ctx.users().all())));
        app.post("/api/users", role("admin", this::addUser));
        app.start(port);
        return this;
    }

    public int port() {
        return app.port();
    }

    public void stop() {
        if (app != null) app.stop();
    }

    private void authenticate(Context c) {
        String header = c.header("Authorization");
        String token = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7) : null;
        Optional<UserStore.User> user = ctx.users().byToken(token);
        if (user.isEmpty()) {
            c.header("WWW-Authenticate", "Bearer");
            throw new ApiError(401, "unauthorized", token == null ? "a bearer token is required (almanac users add NAME --role viewer)" : "unknown token");
        }
        c.attribute(USER, user.get());
    }

    private static Handler role(String needed, Handler handler) {
        return c -> {
            UserStore.User user = c.attribute(USER);
            if (user == null || !user.can(needed)) throw new ApiError(403, "forbidden", "this needs the " + needed + " role");
            handler.handle(c);
        };
    }

    private static Map<String, String> error(String code, String message) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("code", code);
        m.put("message", message == null ? code : message.lines().findFirst().orElse(code));
        return m;
    }

    /** The parsed JSON body: a question, an optional thread and the dq_panel display setting. */
    private record AskRequest(String question, String threadId, boolean dqPanel) {}

    private AskRequest askRequest(Context c) {
        JsonNode body;
        try {
            body = JSON.readTree(c.body());
        } catch (IOException e) {
            throw new ApiError(400, "bad_json", "the body is not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (body == null || !body.isObject()) throw new ApiError(400, "bad_json", "the body must be a JSON object with a question");
        String question = body.path("question").asText("").strip();
        if (question.isEmpty()) throw new ApiError(400, "bad_request", "the question is empty");
        if (question.length() > 4000) throw new ApiError(400, "bad_request", "the question is too long (at most 4000 characters)");
        return new AskRequest(question, body.hasNonNull("thread_id") ? body.get("thread_id").asText() : null, body.path("dq_panel").asBoolean(false));
    }

    private void rateLimit(Context c, UserStore.User user) {
        long wait = limiter.acquire(user.name(), System.currentTimeMillis());
        if (wait > 0) {
            c.header("Retry-After", String.valueOf(wait));
            throw new ApiError(429, "rate_limited", "too many questions: try again in " + wait + " s");
        }
    }

    private void ask(Context c) {
        AskRequest req = askRequest(c);
        UserStore.User user = c.attribute(USER);
        rateLimit(c, user);
        String[] thread = {req.threadId()};
        Agent agent = ctx.agents().create(e -> audit(user, thread, e));
        Answer a = agent.ask(req.question(), req.threadId());
        c.json(req.dqPanel() ? a : hideDq(a));
    }

    private void askStream(Context c) throws IOException {
        AskRequest req = askRequest(c);
        UserStore.User user = c.attribute(USER);
        rateLimit(c, user);
        c.contentType("text/event-stream");
        c.header("Cache-Control", "no-cache");
        var out = c.res().getOutputStream();
        String[] thread = {req.threadId()};
        Agent agent = ctx.agents().create(e -> {
            audit(user, thread, e);
            send(out, "step", Map.of("step", e.step(), "detail", e.detail()));
        });
        Answer a = agent.ask(req.question(), req.threadId());
        send(out, "answer", req.dqPanel() ? a : hideDq(a));
        out.close();
    }

    private static synchronized void send(java.io.OutputStream out, String event, Object data) {
        try {
            out.write(("event: " + event + "\ndata: " + JSON.writeValueAsString(data) + "\n\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException ignored) {
            // the client went away: the agent still finishes and the turn is kept
        }
    }

    private void audit(UserStore.User user, String[] thread, AgentEvent e) {
        if (e.step().equals("executed")) ctx.users().audit(user.name(), thread[0], e.detail());
    }

    static Answer hideDq(Answer a) {
        return new Answer(a.answer(), a.kind(), a.confidence(), a.iterations(), a.verified(), a.data(), a.chart(), a.provenance(), null,
                a.suggestions(), a.threadId(), a.turnId(), a.usage(), a.latencyMs());
    }

    private void thread(Context c) {
        String id = c.pathParam("id");
        if (!ctx.threads().exists(id)) throw new ApiError(404, "unknown_thread", "no thread " + id);
        List<Map<String, Object>> turns = ctx.threads().turns(id).stream().map(t -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("turn_id", t.id());
            m.put("question", t.question());
            try {
                m.put("answer", JSON.readTree(t.answerJson()));
            } catch (IOException e) {
                m.put("answer", t.answerText());
            }
            return m;
        }).toList();
        c.json(Map.of("thread_id", id, "turns", turns));
    }

    private void knowledge(Context c) {
        KnowledgeSet k = ctx.knowledge().get();
        Object items = switch (c.pathParam("kind")) {
            case "tables" -> k.tables();
            case "metrics" -> k.metrics();
            case "queries" -> k.queries();
            case "rules" -> k.rules();
            case "golden" -> k.golden();
            default -> throw new ApiError(404, "unknown_kind", "knowledge kinds: tables, metrics, queries, rules, golden");
        };
        c.json(items);
    }

    private void addUser(Context c) {
        JsonNode body;
        try {
            body = JSON.readTree(c.body());
        } catch (IOException e) {
            throw new ApiError(400, "bad_json", "the body is not valid JSON");
        }
        String token = ctx.users().add(body.path("name").asText(""), body.path("role").asText("viewer"), body.hasNonNull("project") ? body.get("project").asText() : null);
        c.status(201).json(Map.of("name", body.path("name").asText(), "token", token));
    }

    private static String openApi() throws IOException {
        try (InputStream in = ApiServer.class.getResourceAsStream("openapi.json")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
