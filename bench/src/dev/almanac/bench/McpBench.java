package dev.almanac.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.cli.BenchAccess;
import dev.almanac.demo.DemoProject;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Tool-call latency through the MCP server (issues 17 and 27): list_metrics, query_metrics, run_sql and a verified ask, 200 calls each after
 * 20 warm-up calls, through the official SDK's client over stdio (`java -jar target/almanac.jar mcp` as a process) and over Streamable HTTP
 * (`/mcp` of a running server), next to the same work through the HTTP API (a verified ask; the semantic query as the
 * question that reads into it). {@code bench/run McpBench}
 */
public final class McpBench {
    static final int CALLS = 200;
    static final int WARM = 20;
    static final Map<String, Object> QUERY = Map.of("metrics", List.of("invoices"), "group_by", List.of("invoice_status"), "start", "2025-01-01", "end", "2026-01-01");
    static final String VERIFIED = "What was MRR in September 2026?";
    static final String SQL = "SELECT status, count(*) AS n FROM invoices GROUP BY status ORDER BY status";

    public static void main(String[] args) {
        try {
            run();
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
        System.exit(0); // the SDK's client threads would keep exec:java waiting
    }

    static void run() throws Exception {
        String load = loadAverage();
        Path dir = Path.of("target", "bench-demo").toAbsolutePath();
        DemoProject.init(dir, 1, false, System.err);
        Map<String, long[]> stdio;
        Map<String, long[]> http;
        Map<String, long[]> api = new LinkedHashMap<>();
        // stdio first, on its own: the process has the project to itself
        Path jar = Path.of("target", "almanac.jar").toAbsolutePath(); // exec:java's own class path is Maven's
        if (!java.nio.file.Files.isRegularFile(jar)) throw new IllegalStateException("build the jar first: ./mvnw -DskipTests package");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString(),
                "mcp", "--project", dir.toString(), "--llm", "none");
        StdioClientTransport transport = new StdioClientTransport(ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build(),
                new JacksonMcpJsonMapper(new ObjectMapper()));
        transport.setStdErrorHandler(line -> System.err.println("mcp: " + line));
        try (McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build()) {
            client.initialize();
            stdio = calls(client);
        }
        BenchAccess.Server server = BenchAccess.start(dir, "none", 1_000_000);
        String token = server.addUser("bench-mcp-" + Long.toString(System.currentTimeMillis(), 36), "viewer");
        try {
            HttpRequest.Builder auth = HttpRequest.newBuilder().header("Authorization", "Bearer " + token);
            try (McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://localhost:" + server.port()).endpoint("/mcp")
                    .requestBuilder(auth).jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper())).build()).requestTimeout(Duration.ofSeconds(60)).build()) {
                client.initialize();
                http = calls(client);
            }
            HttpClient httpClient = HttpClient.newHttpClient();
            String ask = "http://localhost:" + server.port() + "/api/ask";
            api.put("ask (verified)", times(() -> post(httpClient, ask, token, "{\"question\": \"" + VERIFIED + "\"}")));
            api.put("query (as a question)", times(() -> post(httpClient, ask, token, "{\"question\": \"How many invoices per invoice status in 2025?\"}")));
        } finally {
            server.stop();
        }
        StringBuilder out = new StringBuilder(String.format("""
                `bench/run McpBench`: %d calls of each tool after %d warm-up calls, one client at a time, on the demo (scale 1), no model;
                latency in ms (p50 / p99). stdio: `almanac mcp` as a process, through the official MCP Java SDK client; HTTP: the same
                client over Streamable HTTP at `/mcp` of `almanac serve` (bearer token); API: `POST /api/ask` with a JSON body (the
                semantic query asked as the question that reads into it). Over HTTP with the limits of issue 27: every message
                checked before the SDK's session sees it, the session looked up for its user, and `run_sql`, `query_metrics` and
                `ask` counted against the user's limit in the app store (SQLite) on every call. Load average of the machine when
                the run began: %s (other work shares its cores; compare the columns of one run, not runs with each other).

                | tool | stdio | MCP over HTTP | HTTP API |
                |---|---:|---:|---:|
                """, CALLS, WARM, load));
        row(out, "list_metrics", stdio, http, null);
        row(out, "query_metrics", stdio, http, api.get("query (as a question)"));
        row(out, "run_sql", stdio, http, null);
        row(out, "ask (verified)", stdio, http, api.get("ask (verified)"));
        Report.write("mcp", "MCP tool-call latency (issues 17 and 27)", out.toString());
    }

    /** The one-minute load average (Linux), or "unknown". */
    static String loadAverage() {
        try {
            return java.nio.file.Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }

    static void row(StringBuilder out, String tool, Map<String, long[]> stdio, Map<String, long[]> http, long[] api) {
        out.append(String.format("| `%s` | %s | %s | %s |%n", tool, p(stdio.get(tool)), p(http.get(tool)), api == null ? "–" : p(api)));
    }

    static String p(long[] nanos) {
        return String.format("%.1f / %.1f", Report.quantileMicros(nanos, 0.5) / 1000, Report.quantileMicros(nanos, 0.99) / 1000);
    }

    static Map<String, long[]> calls(McpSyncClient client) throws Exception {
        Map<String, long[]> out = new LinkedHashMap<>();
        out.put("list_metrics", times(() -> check(client.callTool(new McpSchema.CallToolRequest("list_metrics", Map.of())))));
        out.put("query_metrics", times(() -> check(client.callTool(new McpSchema.CallToolRequest("query_metrics", QUERY)))));
        out.put("run_sql", times(() -> check(client.callTool(new McpSchema.CallToolRequest("run_sql", Map.of("sql", SQL))))));
        out.put("ask (verified)", times(() -> check(client.callTool(new McpSchema.CallToolRequest("ask", Map.of("question", VERIFIED))))));
        return out;
    }

    static Object check(McpSchema.CallToolResult r) {
        if (Boolean.TRUE.equals(r.isError())) throw new IllegalStateException(r.content().toString());
        return r;
    }

    static Object post(HttpClient client, String url, String token, String body) {
        try {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) throw new IllegalStateException(r.statusCode() + " " + r.body());
            return r;
        } catch (java.io.IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    static long[] times(Supplier<Object> call) {
        for (int i = 0; i < WARM; i++) call.get();
        long[] t = new long[CALLS];
        for (int i = 0; i < CALLS; i++) {
            long start = System.nanoTime();
            call.get();
            t[i] = System.nanoTime() - start;
        }
        return t;
    }
}
