package dev.almanac.server;

import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.function.Supplier;

/** MCP over stdio for one project ({@code almanac mcp}): serves until standard input ends. */
public final class McpServe {
    static final String INSTRUCTIONS = "Almanac answers questions about this project's data with numbers computed by the database. "
            + "Call ask with the question first; use list_metrics, get_dimensions and query_metrics for metrics by dimensions over time, "
            + "list_tables, describe_table and run_sql (read-only) for anything else.";

    private McpServe() {}

    /** Almanac's version, as recorded at build time. */
    public static String version() {
        java.util.Properties p = new java.util.Properties();
        try (InputStream in = McpServe.class.getResourceAsStream("/dev/almanac/version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            // unknown
        }
        return p.getProperty("version", "dev");
    }

    /**
     * Serves on these streams as the local user (who may also save learnings) until {@code in} ends: each line goes through
     * {@link McpStdio} (a bad line is answered with a JSON-RPC error and the next is read) to the SDK's stdio transport.
     */
    public static void stdio(Supplier<McpTools.Backend> backend, String version, InputStream in, OutputStream out) {
        McpStdio lines = new McpStdio(in, out);
        StdioServerTransportProvider transport = new StdioServerTransportProvider(new JacksonMcpJsonMapper(new com.fasterxml.jackson.databind.ObjectMapper()),
                lines.sdkInput(), lines.sdkOutput());
        // tool calls run on the transport's own reading thread, one at a time: stdio has one client, and the transport's
        // outbound queue refuses messages offered from two threads at once ("Failed to enqueue message")
        McpSyncServer server = McpServer.sync(transport)
                .immediateExecution(true)
                .serverInfo("almanac", version)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .instructions(INSTRUCTIONS)
                .tools(McpTools.tools(exchange -> new McpTools.Caller(System.getProperty("user.name", "local"), true), backend))
                .build();
        lines.pump();
        server.closeGracefully();
    }
}
