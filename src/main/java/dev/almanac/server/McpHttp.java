package dev.almanac.server;

import dev.almanac.store.KnowledgeStore;
import dev.almanac.store.UserStore;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * MCP over Streamable HTTP at {@code /mcp} in {@code almanac serve}: the SDK's server on Almanac's transport
 * ({@link McpHttpTransport}: the body limit, sessions owned by their user and bounded, protocol errors), behind the API's
 * bearer tokens and roles (a viewer may use every read tool; {@code save_learning} needs an editor). A request without a
 * known token gets 401 with a JSON body, as the API's do. {@code ask} counts against the user's questions per minute, and
 * so do the tools that run a query ({@code run_sql}, {@code query_metrics}), in the same store as the API's questions.
 */
final class McpHttp {
    static final String PATH = "/mcp";
    private static final String USER = "almanac.mcp.user";

    final McpHttpTransport transport;
    final McpSyncServer server;
    final Filter auth;

    McpHttp(ServerContext ctx, String version) {
        this.transport = new McpHttpTransport(new JacksonMcpJsonMapper(new com.fasterxml.jackson.databind.ObjectMapper()),
                request -> {
                    UserStore.User user = (UserStore.User) request.getAttribute(USER);
                    return McpTransportContext.create(user == null ? Map.of() : Map.of("user", user.name(), "editor", user.can("editor")));
                },
                request -> ((UserStore.User) request.getAttribute(USER)).name(),
                ctx.settings().maxBodyBytes(), ctx.settings().mcp(), System::currentTimeMillis);
        this.server = McpServer.sync(transport)
                .serverInfo("almanac", version)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .instructions(McpServe.INSTRUCTIONS)
                .tools(McpTools.tools(exchange -> {
                    McpTransportContext t = exchange.transportContext();
                    Object user = t == null ? null : t.get("user");
                    return new McpTools.Caller(user == null ? "anonymous" : user.toString(), Boolean.TRUE.equals(t == null ? null : t.get("editor")));
                }, () -> new McpTools.Backend() {
                    @Override
                    public dev.almanac.agent.Agent agent(McpTools.Caller caller, String threadId) {
                        // questions are rate-limited per user as over the API, counted in the same store
                        admit(caller);
                        return ctx.agents().create(new QueryAudit(ctx.users(), caller.user(), threadId), dev.almanac.store.ThreadStore.Origin.mcp);
                    }

                    @Override
                    public dev.almanac.agent.DataTools tools() {
                        return ctx.dataTools().get();
                    }

                    @Override
                    public void admit(McpTools.Caller caller) {
                        long wait = ctx.rateLimits().acquire(caller.user(), ctx.settings().questionsPerMinute(), System.currentTimeMillis());
                        if (wait > 0) throw new dev.almanac.UserError("too many questions and queries: try again in " + wait + " s");
                    }

                    @Override
                    public void audit(McpTools.Caller caller, String sql) {
                        ctx.users().audit(caller.user(), null, QueryAudit.bounded(sql));
                    }
                }))
                .build();
        this.auth = new Filter() {
            @Override
            public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
                HttpServletRequest req = (HttpServletRequest) request;
                String header = req.getHeader("Authorization");
                String token = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7) : null;
                Optional<UserStore.User> user = ctx.users().byToken(token);
                String scope = user.map(UserStore.User::project).orElse(null);
                if (user.isEmpty() || (scope != null && !scope.equals(ctx.project().name()) && !scope.equals(KnowledgeStore.slug(ctx.project())))) {
                    HttpServletResponse res = (HttpServletResponse) response;
                    res.setStatus(user.isEmpty() ? 401 : 403);
                    if (user.isEmpty()) res.setHeader("WWW-Authenticate", "Bearer");
                    res.setContentType("application/json");
                    String body = user.isEmpty()
                            ? "{\"code\":\"unauthorized\",\"message\":\"" + (token == null ? "a bearer token is required" : "unknown token") + "\"}"
                            : "{\"code\":\"forbidden\",\"message\":\"this user may only use project " + scope.replace("\"", "") + "\"}";
                    res.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
                    return;
                }
                req.setAttribute(USER, user.get());
                chain.doFilter(request, response);
            }
        };
    }

    void close() {
        server.closeGracefully();
    }
}
