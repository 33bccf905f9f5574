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
import dev.almanac.eval.EvalReport;
import dev.almanac.knowledge.KnowledgeEditor;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.store.EvalStore;
import dev.almanac.store.KnowledgeStore;
import dev.almanac.store.LearningRow;
import dev.almanac.store.UserStore;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON API and the web app in one process. Every API request is authenticated with a bearer
 * token; roles: viewer (ask, read), editor (curate knowledge, run evals), admin (users). The web
 * app's static files carry no data and are served without a token (the app asks for one).
 * Questions are rate-limited per user; bodies are size-limited; every query the agent executes is
 * written to the audit log with the user and thread. Errors are JSON {@code {code, message}}, never
 * a stack trace. Model calls block only their own request thread, so the server does not serialise
 * on them.
 */
public final class ApiServer {
    static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    private static final String USER = "almanac.user";
    /** The web app loads nothing from elsewhere; Vega compiles its expressions, hence 'unsafe-eval'. */
    private static final String CSP = "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

    private final ServerContext ctx;
    private final RateLimiter limiter;
    private final EvalJobs evalJobs;
    private final List<OpenApi.Route> routes = new ArrayList<>();
    private String openApi;
    private Javalin app;

    public ApiServer(ServerContext ctx) {
        this.ctx = ctx;
        this.limiter = new RateLimiter(ctx.settings().questionsPerMinute());
        this.evalJobs = new EvalJobs(ctx);
    }

    public ApiServer start(int port) {
        app = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.http.maxRequestSize = ctx.settings().maxBodyBytes();
            config.jsonMapper(new JavalinJackson(JSON, false));
            config.useVirtualThreads = false;
            config.staticFiles.add(web -> {
                web.hostedPath = "/";
                web.directory = "/dev/almanac/web";
                web.location = Location.CLASSPATH;
                web.headers = Map.of("Cache-Control", "no-cache", "X-Content-Type-Options", "nosniff", "X-Frame-Options", "DENY",
                        "Referrer-Policy", "no-referrer", "Content-Security-Policy", CSP);
            });
            config.staticFiles.enableWebjars();
        });
        app.before("/api/*", this::authenticate);
        app.exception(ApiError.class, (e, c) -> c.status(e.status).json(error(e.code, e.getMessage(), e.details)));
        app.exception(KnowledgeEditor.NotFound.class, (e, c) -> c.status(404).json(error("not_found", e.getMessage(), null)));
        app.exception(UserError.class, (e, c) -> c.status(400).json(error("bad_request", e.getMessage(), null)));
        app.exception(AlmanacException.class, (e, c) -> c.status(500).json(error("failure", e.getMessage(), null)));
        app.exception(Exception.class, (e, c) -> c.status(500).json(error("internal", "internal error: " + e.getClass().getSimpleName(), null)));
        app.error(404, c -> {
            String type = c.res().getContentType();
            if (type == null || !type.startsWith("application/json")) c.json(error("not_found", "no such endpoint: " + c.method() + " " + c.path(), null));
        });
        app.error(413, c -> c.json(error("too_large", "the request body is larger than " + ctx.settings().maxBodyBytes() + " bytes", null)));

        route("GET", "/api/health", "viewer", "Liveness", c -> c.json(Map.of("status", "ok")));
        route("GET", "/api/ready", "viewer", "Readiness: tables and knowledge loaded", c -> c.json(Map.of("status", "ready",
                "tables", ctx.catalog().get().tables().size(), "knowledge_items", ctx.knowledge().get().size())));
        route("GET", "/api/openapi.json", "viewer", "This description", c -> c.contentType("application/json").result(openApi));
        route("GET", "/api/me", "viewer", "The caller, the project and the display settings", this::me);
        route("POST", "/api/ask", "viewer", "Ask a question; body {question, thread_id?, dq_panel?}; the answer JSON", this::ask);
        route("POST", "/api/ask/stream", "viewer", "Ask, streaming each step as a server-sent event, then the answer", this::askStream);
        route("GET", "/api/threads", "viewer", "The project's threads, most recently active first; ?limit= (default 100, at most 1000)",
                c -> c.json(ctx.threads().threads(ctx.project(), limit(c, 100))));
        route("GET", "/api/threads/{id}", "viewer", "A thread's turns with their answers", this::thread);
        route("GET", "/api/threads/{id}/dq", "viewer", "A thread's data-quality log", c -> c.json(ctx.threads().dqLogs(requireThread(c.pathParam("id")))));
        route("GET", "/api/schema", "viewer", "The catalog: tables, columns, keys, row counts, date ranges", c -> c.json(ctx.catalog().get()));
        route("GET", "/api/schema/{table}", "viewer", "One table of the catalog", c -> c.json(ctx.catalog().get().table(c.pathParam("table"))
                .orElseThrow(() -> new ApiError(404, "unknown_table", "unknown table " + c.pathParam("table")))));
        route("GET", "/api/knowledge/{kind}", "viewer", "Knowledge items of a kind: tables, metrics, queries, rules, golden", this::knowledge);
        route("GET", "/api/knowledge/{kind}/{name}", "viewer", "One knowledge item, with the file it lives in", this::knowledgeItem);
        route("PUT", "/api/knowledge/{kind}/{name}", "editor", "Create or replace an item; validated with the whole folder, then written and imported", this::putKnowledge);
        route("DELETE", "/api/knowledge/{kind}/{name}", "editor", "Remove an item; validated, then written and imported", this::deleteKnowledge);
        route("POST", "/api/knowledge/import", "editor", "Import the project's knowledge folder as it is on disk (all-or-nothing)", this::importKnowledge);
        route("GET", "/api/learnings", "viewer", "Learnings, most trusted first (the review queue)", c -> c.json(ctx.learnings().all(ctx.project())));
        route("POST", "/api/learnings/{id}/deactivate", "editor", "Stop using a learning", this::deactivate);
        route("POST", "/api/learnings/{id}/promote", "editor", "Promote a learning to a rule or verified query; body {as: rule|query}", this::promote);
        route("GET", "/api/golden", "viewer", "The golden questions", c -> c.json(ctx.knowledge().get().golden()));
        route("GET", "/api/evals", "viewer", "Eval runs, newest first, with accuracy", c -> c.json(ctx.evals().runs(ctx.project()).stream().map(ApiServer::runJson).toList()));
        route("POST", "/api/evals", "editor", "Start an eval run in the background; body {tag?, difficulty?, parallel?}; 202 with its id", this::startEval);
        route("GET", "/api/evals/{id}", "viewer", "A run's progress and results so far", this::evalRun);
        route("GET", "/api/evals/{id}/diff/{other}", "viewer", "What changed between two runs, question by question", this::evalDiff);
        route("GET", "/api/users", "admin", "API users", c -> c.json(ctx.users().all()));
        route("POST", "/api/users", "admin", "Create a user; body {name, role, project?}; the token is shown once", this::addUser);
        route("DELETE", "/api/users/{name}", "admin", "Remove a user and revoke their token", this::removeUser);
        route("GET", "/api/audit", "admin", "Executed queries, newest first, with user, thread and SQL; ?user= and ?limit= (default 100, at most 1000)",
                c -> c.json(ctx.users().audit(c.queryParam("user"), limit(c, 100))));
        openApi = OpenApi.describe(routes);
        try {
            app.start(port);
        } catch (io.javalin.util.JavalinBindException e) {
            throw new UserError("cannot listen on port " + port + ": it is in use (choose another with --port)");
        }
        return this;
    }

    private void route(String method, String path, String role, String summary, Handler handler) {
        routes.add(new OpenApi.Route(method, path, role, summary));
        app.addHttpHandler(HandlerType.valueOf(method), path, role(role, handler));
    }

    public int port() {
        return app.port();
    }

    public void stop() {
        evalJobs.close();
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
        String scope = user.get().project();
        if (scope != null && !scope.equals(ctx.project().name()) && !scope.equals(KnowledgeStore.slug(ctx.project()))) {
            throw new ApiError(403, "forbidden", "this user may only use project " + scope);
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

    private static Map<String, Object> error(String code, String message, Object details) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("code", code);
        m.put("message", message == null ? code : message.lines().findFirst().orElse(code));
        if (details != null) m.put("problems", details);
        return m;
    }

    /** The parsed JSON body: a question, an optional thread and the dq_panel display setting. */
    private record AskRequest(String question, String threadId, boolean dqPanel) {}

    private AskRequest askRequest(Context c) {
        JsonNode body = body(c);
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
        Agent agent = ctx.agents().create(e -> audit(user, thread, e), true);
        Answer a = agent.ask(req.question(), req.threadId());
        c.json(req.dqPanel() || ctx.settings().dqPanel() ? a : hideDq(a));
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
        }, true);
        Answer a = agent.ask(req.question(), req.threadId());
        send(out, "answer", req.dqPanel() || ctx.settings().dqPanel() ? a : hideDq(a));
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

    /** Writes an executed query to the audit log; a "thread" step tells which thread the following queries belong to. */
    private void audit(UserStore.User user, String[] thread, AgentEvent e) {
        if (e.step().equals("thread")) thread[0] = e.detail();
        if (e.step().equals("executed")) ctx.users().audit(user.name(), thread[0], e.detail());
    }

    static Answer hideDq(Answer a) {
        return new Answer(a.answer(), a.kind(), a.confidence(), a.iterations(), a.verified(), a.data(), a.chart(), a.provenance(), null,
                a.suggestions(), a.threadId(), a.turnId(), a.usage(), a.latencyMs());
    }

    /** The id of a thread of this project, else 404 (threads of other projects sharing the store are not visible). */
    private String requireThread(String id) {
        if (!ctx.threads().exists(ctx.project(), id)) throw new ApiError(404, "unknown_thread", "no thread " + id);
        return id;
    }

    private void thread(Context c) {
        String id = c.pathParam("id");
        requireThread(id);
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
        KnowledgeSet.Kind kind = KnowledgeEditor.kind(c.pathParam("kind"));
        KnowledgeSet k = ctx.knowledge().get();
        Object items = switch (kind) {
            case TABLE -> k.tables();
            case METRIC -> k.metrics();
            case QUERY -> k.queries();
            case RULE -> k.rules();
            case GOLDEN -> k.golden();
        };
        c.json(items);
    }

    private void knowledgeItem(Context c) {
        KnowledgeSet.Kind kind = KnowledgeEditor.kind(c.pathParam("kind"));
        String name = c.pathParam("name");
        KnowledgeSet k = ctx.knowledge().get();
        List<?> items = switch (kind) {
            case TABLE -> k.tables();
            case METRIC -> k.metrics();
            case QUERY -> k.queries();
            case RULE -> k.rules();
            case GOLDEN -> k.golden();
        };
        Object item = items.stream().filter(i -> KnowledgeEditor.nameOf(i).equals(name)).findFirst()
                .orElseThrow(() -> new ApiError(404, "not_found", "no " + c.pathParam("kind") + " item '" + name + "'"));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("item", KnowledgeEditor.toJson(item));
        m.put("file", k.files().get(KnowledgeSet.key(kind, name)));
        c.json(m);
    }

    private void putKnowledge(Context c) {
        KnowledgeSet.Kind kind = KnowledgeEditor.kind(c.pathParam("kind"));
        edited(c, ctx.curation().editor().put(kind, c.pathParam("name"), body(c)), kind, c.pathParam("name"));
    }

    private void deleteKnowledge(Context c) {
        KnowledgeSet.Kind kind = KnowledgeEditor.kind(c.pathParam("kind"));
        edited(c, ctx.curation().editor().delete(kind, c.pathParam("name")), kind, c.pathParam("name"));
    }

    private void importKnowledge(Context c) {
        KnowledgeEditor.Result r = ctx.curation().editor().reimport();
        ctx.curation().changed().run();
        if (!r.ok()) throw invalid(r);
        c.json(Map.of("imported", ctx.knowledge().get().size()));
    }

    /** Answers an edit: the item and its file, or 422 with every problem (file, line, message); nothing changed then. */
    private void edited(Context c, KnowledgeEditor.Result r, KnowledgeSet.Kind kind, String name) {
        if (!r.ok()) throw invalid(r);
        ctx.curation().changed().run();
        c.json(Map.of("kind", kind.name().toLowerCase(java.util.Locale.ROOT), "name", name, "file", r.file()));
    }

    private static ApiError invalid(KnowledgeEditor.Result r) {
        List<Map<String, Object>> problems = r.problems().stream().map(p -> Map.<String, Object>of("file", p.file(), "line", p.line(),
                "message", p.message())).toList();
        return new ApiError(422, "invalid_knowledge", "nothing changed: " + r.problems().size() + " problem(s); first: " + r.problems().get(0), problems);
    }

    private LearningRow learning(String id) {
        return ctx.learnings().all(ctx.project()).stream().filter(l -> l.id().equals(id)).findFirst()
                .orElseThrow(() -> new ApiError(404, "unknown_learning", "no learning " + id));
    }

    private void deactivate(Context c) {
        LearningRow l = learning(c.pathParam("id"));
        ctx.learnings().setActive(l.id(), false);
        c.json(Map.of("id", l.id(), "active", false));
    }

    private void promote(Context c) {
        LearningRow l = learning(c.pathParam("id"));
        JsonNode body = c.body().isBlank() ? JSON.createObjectNode() : body(c);
        String as = body.path("as").asText("rule");
        if (!as.equals("rule") && !as.equals("query")) throw new ApiError(400, "bad_request", "as must be rule or query");
        UserStore.User user = c.attribute(USER);
        KnowledgeEditor.Promoted p = KnowledgeEditor.promotion(l, as.equals("rule") ? KnowledgeSet.Kind.RULE : KnowledgeSet.Kind.QUERY,
                user.name() + " (web review)", java.time.LocalDate.now());
        KnowledgeEditor.Result r = ctx.curation().editor().put(p.kind(), p.name(), p.item());
        if (!r.ok()) throw invalid(r);
        ctx.curation().changed().run();
        ctx.learnings().setActive(l.id(), false);
        c.json(Map.of("id", l.id(), "active", false, "kind", as, "name", p.name(), "file", r.file()));
    }

    private void startEval(Context c) {
        JsonNode body = c.body().isBlank() ? JSON.createObjectNode() : body(c);
        UserStore.User user = c.attribute(USER);
        String id = evalJobs.start(text(body, "tag"), text(body, "difficulty"), body.path("parallel").asInt(4),
                e -> audit(user, new String[] {null}, e));
        c.status(202).json(Map.of("id", id, "status", "running"));
    }

    /** The ?limit= query parameter: a whole number from 1 to 1000. */
    private static int limit(Context c, int fallback) {
        String raw = c.queryParam("limit");
        if (raw == null || raw.isBlank()) return fallback;
        try {
            int n = Integer.parseInt(raw.strip());
            if (n >= 1 && n <= 1000) return n;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ApiError(400, "bad_request", "limit must be a whole number from 1 to 1000");
    }

    private static String text(JsonNode body, String field) {
        return body.hasNonNull(field) && !body.get(field).asText().isBlank() ? body.get(field).asText() : null;
    }

    private EvalStore.RunRow evalRow(String id) {
        return ctx.evals().run(ctx.project(), id).orElseThrow(() -> new ApiError(404, "unknown_run", "no eval run " + id));
    }

    private static Map<String, Object> runJson(EvalStore.RunRow r) {
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

    private void evalRun(Context c) {
        EvalStore.RunRow run = evalRow(c.pathParam("id"));
        EvalReport report = EvalReport.of(run, ctx.evals().results(run.id()), null, List.of());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run", runJson(run));
        m.put("by_difficulty", counts(report.byDifficulty()));
        m.put("by_tag", counts(report.byTag()));
        m.put("results", report.results());
        c.json(m);
    }

    private static Map<String, Map<String, Integer>> counts(Map<String, int[]> byKey) {
        Map<String, Map<String, Integer>> m = new LinkedHashMap<>();
        byKey.forEach((k, v) -> m.put(k, Map.of("total", v[0], "passed", v[1])));
        return m;
    }

    private void evalDiff(Context c) {
        EvalStore.RunRow base = evalRow(c.pathParam("id"));
        EvalStore.RunRow other = evalRow(c.pathParam("other"));
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

    private static JsonNode body(Context c) {
        try {
            JsonNode body = JSON.readTree(c.body());
            if (body == null || !body.isObject()) throw new ApiError(400, "bad_json", "the body must be a JSON object");
            return body;
        } catch (IOException e) {
            throw new ApiError(400, "bad_json", "the body is not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    private void me(Context c) {
        UserStore.User user = c.attribute(USER);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", user.name());
        m.put("role", user.role());
        m.put("project", ctx.project().name());
        m.put("dq_panel", ctx.settings().dqPanel());
        m.put("model", ctx.settings().model());
        c.json(m);
    }

    private void removeUser(Context c) {
        if (!ctx.users().remove(c.pathParam("name"))) throw new ApiError(404, "unknown_user", "no user " + c.pathParam("name"));
        c.status(204);
    }

    private void addUser(Context c) {
        JsonNode body = body(c);
        String token = ctx.users().add(body.path("name").asText(""), body.path("role").asText("viewer"), body.hasNonNull("project") ? body.get("project").asText() : null);
        c.status(201).json(Map.of("name", body.path("name").asText(), "token", token));
    }
}
