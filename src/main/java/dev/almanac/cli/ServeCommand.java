package dev.almanac.cli;

import dev.almanac.server.ApiServer;
import dev.almanac.server.KnowledgeWatch;
import dev.almanac.server.McpLimits;
import dev.almanac.server.ServerContext;
import dev.almanac.sql.QueryLimits;
import dev.almanac.store.EvalStore;
import dev.almanac.store.KnowledgeStore;
import dev.almanac.store.LearningStore;
import dev.almanac.store.RateLimits;
import dev.almanac.store.ThreadStore;
import dev.almanac.store.UserStore;
import java.time.LocalDate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Serve the web app, the JSON API and MCP over HTTP.",
        description = {"Serve the web app (at /) and the JSON API (OpenAPI at /api/openapi.json). Every API request needs a bearer token:",
                "create one with `almanac users add NAME --role viewer|editor|admin`."})
final class ServeCommand extends WorkspaceCommand {
    @Option(names = "--port", defaultValue = "8080", description = "Port (default ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = "--host", defaultValue = ApiServer.LOOPBACK, description = "Address to listen on (default ${DEFAULT-VALUE}, this machine only; "
            + "0.0.0.0 for every interface).")
    String host;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Cancel a query after this many seconds (default: query_timeout in almanac.yml, else 30).")
    Integer timeout;

    @Option(names = "--llm", paramLabel = "SPEC", description = "The model the agent uses.")
    String llm;

    @Option(names = "--questions-per-minute", paramLabel = "N", description = "Questions per user per minute, counted across every server sharing the app store "
            + "(default: the questions_per_minute setting, else 30).")
    Integer perMinute;

    @Option(names = "--max-body-bytes", defaultValue = "65536", description = "Largest request body (default ${DEFAULT-VALUE}).")
    long maxBody;

    @Option(names = "--mcp-session-idle-minutes", paramLabel = "N", defaultValue = "30",
            description = "An MCP session at /mcp ends after this many minutes without a request (default ${DEFAULT-VALUE}).")
    long mcpIdleMinutes;

    @Option(names = "--mcp-sessions-per-user", paramLabel = "N", defaultValue = "10",
            description = "MCP sessions a user may hold open; one more closes their least recently used (default ${DEFAULT-VALUE}).")
    int mcpSessions;

    @Option(names = "--mcp-stream-minutes", paramLabel = "N", defaultValue = "10",
            description = "An MCP event stream (GET /mcp) is closed after this many minutes; the client opens another (default ${DEFAULT-VALUE}).")
    long mcpStreamMinutes;

    @Option(names = "--dq-panel", description = "Show the data-quality panel next to answers (default: the dq_panel setting, else off).")
    Boolean dqPanel;

    @Override
    public void run() {
        Workspace ws = openWorkspace();
        ws.queryTimeout(timeout);
        int questions = perMinute != null ? perMinute : Workspace.config().getInt("questions_per_minute", 30);
        if (questions < 1) throw new dev.almanac.UserError("--questions-per-minute must be at least 1");
        if (maxBody < 1024) throw new dev.almanac.UserError("--max-body-bytes must be at least 1024");
        boolean dq = dqPanel != null ? dqPanel : "true".equalsIgnoreCase(Workspace.config().get("dq_panel"));
        String model = Workspace.modelName(llm);
        if (port < 0 || port > 65535) throw new dev.almanac.UserError("--port must be between 0 and 65535, not " + port);
        if (mcpIdleMinutes < 1) throw new dev.almanac.UserError("--mcp-session-idle-minutes must be at least 1");
        if (mcpStreamMinutes < 1) throw new dev.almanac.UserError("--mcp-stream-minutes must be at least 1");
        if (mcpSessions < 1) throw new dev.almanac.UserError("--mcp-sessions-per-user must be at least 1");
        McpLimits mcp = new McpLimits(java.time.Duration.ofMinutes(mcpIdleMinutes), mcpSessions, java.time.Duration.ofMinutes(mcpStreamMinutes));
        ApiServer server = start(ws, llm, new ServerContext.Settings(port, maxBody, questions, dq, model, dev.almanac.server.ExportLimits.from(Workspace.config()), mcp), host);
        String shown = host.equals(ApiServer.LOOPBACK) || host.equals("0.0.0.0") || host.equals("::") ? "localhost" : host;
        out().println("Almanac on http://" + shown + ":" + server.port() + "/ (web app) and /api (OpenAPI: /api/openapi.json)"
                + (host.equals("0.0.0.0") || host.equals("::") ? ", listening on every interface" : "") + ". Ctrl-C stops it.");
        out().flush();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop();
            ws.close();
        }));
        try {
            Thread.currentThread().join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static ApiServer start(Workspace ws, String llm, ServerContext.Settings settings) {
        return start(ws, llm, settings, ApiServer.LOOPBACK);
    }

    static ApiServer start(Workspace ws, String llm, ServerContext.Settings settings, String host) {
        var project = ws.requireProject();
        var store = ws.appStore();
        ws.executor(ws.limits());
        var catalog = ws.catalog();
        var knowledgeStore = new KnowledgeStore(store);
        var watch = new KnowledgeWatch(() -> knowledgeStore.version(project), ws::reloadKnowledgeFromStore); // before the knowledge loads
        ws.keepLastGoodKnowledge();
        ws.knowledge();
        var curation = new ServerContext.Curation(ws.knowledgeEditor(), ws::reloadKnowledge, () -> ws.executor(ws.limits()), ws::knowledgeProblems);
        ServerContext.AgentFactory agents = (events, origin) -> {
            watch.check();
            return ws.agent(llm, ws.today(), events, origin);
        };
        ServerContext ctx = new ServerContext(project, () -> catalog, watch.checked(ws::knowledge), agents, curation, new ThreadStore(store),
                new LearningStore(store), new EvalStore(store), new UserStore(store, project), new RateLimits(store), settings, () -> {
                    watch.check();
                    return ws.dataTools();
                }, ws.clock());
        return new ApiServer(ctx).start(host, settings.port());
    }
}
