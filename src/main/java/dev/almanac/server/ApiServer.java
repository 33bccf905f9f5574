package dev.almanac.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.almanac.AlmanacException;
import dev.almanac.UserError;
import dev.almanac.knowledge.KnowledgeEditor;
import dev.almanac.knowledge.KnowledgeName;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Problem;
import dev.almanac.store.UserStore;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import io.javalin.util.JavalinBindException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON API and the web app in one process. Every API request is authenticated with a bearer
 * token; roles: viewer (ask, read), editor (curate knowledge, run evals), admin (users, audit).
 * The web app's static files carry no data and are served without a token (the app asks for one).
 * Errors are JSON {@code {code, message}}, never a stack trace, those Jetty answers before routing
 * included ({@link JettyErrors}). The routes live in {@link AskApi},
 * {@link KnowledgeApi}, {@link EvalApi} and {@link AdminApi}; the OpenAPI description is made from
 * the same route table.
 */
public final class ApiServer {
    static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    /** The web app loads nothing from elsewhere; Vega compiles its expressions, hence 'unsafe-eval'. */
    private static final String CSP = "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

    private final ServerContext ctx;
    private final EvalApi evals;
    private Javalin app;
    private McpHttp mcp;

    public ApiServer(ServerContext ctx) {
        this.ctx = ctx;
        this.evals = new EvalApi(ctx);
    }

    /** Listens on the loopback interface only: another machine reaches it only when asked for with {@link #start(String, int)}. */
    public ApiServer start(int port) {
        return start(LOOPBACK, port);
    }

    /** The address a server listens on unless told otherwise. */
    public static final String LOOPBACK = "127.0.0.1";

    public ApiServer start(String host, int port) {
        if (port < 0 || port > 65535) throw new UserError("--port must be between 0 and 65535, not " + port);
        mcp = new McpHttp(ctx, McpServe.version());
        app = Javalin.create(config -> {
            // MCP over Streamable HTTP: the SDK's servlet, behind the API's bearer tokens
            config.jetty.modifyServletContextHandler(handler -> {
                handler.addFilter(new org.eclipse.jetty.servlet.FilterHolder(new TraceRefusal()), "/*",
                        java.util.EnumSet.of(jakarta.servlet.DispatcherType.REQUEST));
                org.eclipse.jetty.servlet.ServletHolder holder = new org.eclipse.jetty.servlet.ServletHolder(mcp.transport);
                holder.setAsyncSupported(true);
                handler.addServlet(holder, McpHttp.PATH);
                handler.addFilter(new org.eclipse.jetty.servlet.FilterHolder(mcp.auth), McpHttp.PATH,
                        java.util.EnumSet.of(jakarta.servlet.DispatcherType.REQUEST));
            });
            config.showJavalinBanner = false;
            config.http.maxRequestSize = ctx.settings().maxBodyBytes();
            config.jsonMapper(new JavalinJackson(JSON, false));
            config.useVirtualThreads = false;
            config.jetty.modifyServer(server -> server.setErrorHandler(new JettyErrors.Handler()));
            config.jetty.addConnector((server, http) -> JettyErrors.connector(server, http, host, port));
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
        app.exception(KnowledgeName.Invalid.class, (e, c) -> c.status(422).json(error("invalid_name", e.getMessage(), null)));
        app.exception(KnowledgeName.Taken.class, (e, c) -> c.status(409).json(error("name_taken", e.getMessage(), null)));
        app.exception(UserError.class, (e, c) -> c.status(400).json(error("bad_request", e.getMessage(), null)));
        app.exception(AlmanacException.class, (e, c) -> serverError(c, e, "failure", e.getMessage()));
        app.exception(Exception.class, (e, c) -> serverError(c, e, "internal", "internal error: " + e.getClass().getSimpleName()));
        app.error(404, c -> {
            String type = c.res().getContentType();
            if (type == null || !type.startsWith("application/json")) c.json(error("not_found", "no such endpoint: " + c.method() + " " + c.path(), null));
        });
        app.error(413, c -> c.json(error("too_large", "the request body is larger than " + ctx.settings().maxBodyBytes() + " bytes", null)));

        Routes routes = new Routes(app);
        String[] openApi = new String[1];
        routes.add("GET", "/api/health", "viewer", "Liveness", c -> c.json(Map.of("status", "ok")));
        routes.add("GET", "/api/ready", "viewer", "Readiness: tables and knowledge loaded; degraded (the last good knowledge served) when knowledge files are broken",
                this::ready);
        routes.add("GET", "/api/openapi.json", "viewer", "This description", c -> c.contentType("application/json").result(openApi[0]));
        routes.add("GET", "/api/me", "viewer", "The caller, the project and the display settings", this::me);
        routes.add("GET", "/api/schema", "viewer", "The catalog: tables, columns, keys, row counts, date ranges", c -> c.json(ctx.catalog().get()));
        routes.add("GET", "/api/schema/{table}", "viewer", "One table of the catalog", c -> c.json(ctx.catalog().get().table(c.pathParam("table"))
                .orElseThrow(() -> new ApiError(404, "unknown_table", "unknown table " + c.pathParam("table")))));
        new AskApi(ctx).register(routes);
        new KnowledgeApi(ctx).register(routes);
        evals.register(routes);
        new AdminApi(ctx).register(routes);
        openApi[0] = OpenApi.describe(routes.described());
        try {
            app.start();
        } catch (JavalinBindException e) {
            app.stop();
            throw new UserError("cannot listen on " + host + " port " + port + ": it is in use or not an address of this machine (choose another with --port or --host)");
        } catch (RuntimeException e) {
            app.stop();
            throw new UserError("cannot listen on " + host + " port " + port + ": " + firstLine(e));
        }
        return this;
    }

    private static String firstLine(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null) cause = cause.getCause();
        String m = cause.getMessage();
        return m == null ? cause.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }

    public int port() {
        return app.port();
    }

    public void stop() {
        evals.close();
        if (mcp != null) mcp.close();
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
        if (!user.get().mayUse(ctx.project())) throw new ApiError(403, "forbidden", "this user may only use project " + user.get().project());
        Routes.authenticated(c, user.get());
    }

    /**
     * Ready, or degraded: the knowledge files have problems (file:line) that kept them from being imported, and the last
     * good knowledge is served until they are fixed.
     */
    private void ready(Context c) {
        KnowledgeSet knowledge = ctx.knowledge().get();
        List<Problem> problems = ctx.curation().problems().get();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", problems.isEmpty() ? "ready" : "degraded");
        body.put("tables", ctx.catalog().get().tables().size());
        body.put("knowledge_items", knowledge.size());
        if (!problems.isEmpty()) {
            body.put("knowledge_problems", problems.stream().map(p -> Map.of("file", p.file(), "line", p.line(), "message", p.message(),
                    "at", p.toString())).toList());
        }
        c.json(body);
    }

    private void me(Context c) {
        UserStore.User user = Routes.user(c);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", user.name());
        m.put("role", user.role());
        m.put("project", ctx.project().name());
        m.put("dq_panel", ctx.settings().dqPanel());
        m.put("model", ctx.settings().model());
        m.put("now", ctx.clock().instant().toString()); // the web app dates its conversation list by the server's clock
        c.json(m);
    }

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ApiServer.class);

    /**
     * A failure of ours, not the caller's: logged whole with a request id that the JSON body carries, so that an
     * operator finds the stack trace a user reports.
     */
    static void serverError(io.javalin.http.Context c, Exception e, String code, String message) {
        String id = java.util.UUID.randomUUID().toString().substring(0, 8);
        LOG.error("request {} {} {} failed: {}", id, c.method(), c.path(), e.toString(), e);
        Map<String, Object> body = error(code, message, null);
        body.put("request_id", id);
        c.status(500).json(body);
    }

    static Map<String, Object> error(String code, String message, Object details) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("code", code);
        m.put("message", message == null ? code : message.lines().findFirst().orElse(code));
        if (details != null) m.put("problems", details);
        return m;
    }
}
