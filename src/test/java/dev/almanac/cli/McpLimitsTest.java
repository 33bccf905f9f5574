package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.server.McpLimits;
import dev.almanac.server.ServerContext;
import dev.almanac.store.UserStore;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What one client can hold of the server through {@code /mcp} (issue 27): bodies as large as the API's limit and no
 * larger, read no further than it; sessions owned by their user, capped per user and ended when idle; event streams with
 * a lifetime; queries counted against the user's limit; arguments and audited SQL bounded.
 */
class McpLimitsTest {
    static final int MAX_BODY = 64 * 1024;
    static final int PER_MINUTE = 4;

    @TempDir
    static Path home;
    static ApiFixture api;
    static McpRaw raw;
    static UserStore users;

    @BeforeAll
    static void start() {
        api = new ApiFixture(home, "mcp-limits", new ServerContext.Settings(0, MAX_BODY, PER_MINUTE)
                .withMcp(new McpLimits(Duration.ofSeconds(4), 3, Duration.ofSeconds(2))));
        raw = new McpRaw(api);
        users = new UserStore(api.ws.appStore());
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    static McpSyncClient client(String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(api.url("")).endpoint("/mcp")
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token)).jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper())).build();
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
        client.initialize();
        return client;
    }

    static String text(McpSchema.CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    static JsonNode error(HttpResponse<String> r) throws Exception {
        return McpRaw.JSON.readTree(r.body()).path("error");
    }

    /** The status line the server answers a request whose head is written raw, its body not (or not all) sent. */
    static String statusOf(String head, String bodyStart) throws Exception {
        try (Socket socket = new Socket("localhost", api.server.port())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(bodyStart.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
        }
    }

    @Test
    void a_body_over_the_limit_is_refused_with_413_without_reading_it() throws Exception {
        String name = "n".repeat(8 * 1024 * 1024);
        HttpResponse<String> large = raw.post(api.viewer, null, McpRaw.INITIALIZE.replace("\"raw\"", "\"" + name + "\""));
        assertThat(large.statusCode()).isEqualTo(413);
        assertThat(error(large).path("message").asText()).isEqualTo("the request body is larger than " + MAX_BODY + " bytes");
        assertThat(large.body()).hasSizeLessThan(300);

        String head = "POST /mcp HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + api.viewer + "\r\nAccept: " + McpRaw.BOTH
                + "\r\nContent-Type: application/json\r\n";
        // a declared length over the limit is refused before a byte of the body is read (the rest never comes)
        assertThat(statusOf(head + "Content-Length: 8388608\r\n\r\n", "{\"jsonrpc\":")).startsWith("HTTP/1.1 413");
        // an undeclared one is read up to the limit only (the body never ends)
        String chunk = "x".repeat(MAX_BODY + 4096);
        assertThat(statusOf(head + "Transfer-Encoding: chunked\r\n\r\n", Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n")).startsWith("HTTP/1.1 413");
    }

    @Test
    void an_initialize_with_a_large_client_name_is_refused_and_opens_no_session() throws Exception {
        String token = users.add("many-inits", "viewer", null);
        String name = "n".repeat(MAX_BODY - 1024);
        for (int i = 0; i < 86; i++) {
            HttpResponse<String> r = raw.post(token, null, McpRaw.INITIALIZE.replace("\"raw\"", "\"" + name + "\""));
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(error(r).path("code").asInt()).isEqualTo(-32602);
            assertThat(r.body()).hasSizeLessThan(300).doesNotContain("nnnnnnnnnn");
            assertThat(r.headers().firstValue("Mcp-Session-Id")).isEmpty();
        }
        assertThat(raw.session(token)).isNotBlank();
    }

    @Test
    void a_user_holds_at_most_three_sessions_and_the_least_recently_used_is_closed() throws Exception {
        String token = users.add("capped", "viewer", null);
        List<String> sessions = new ArrayList<>();
        for (int i = 0; i < 3; i++) sessions.add(raw.session(token));
        assertThat(raw.post(token, sessions.get(0), McpRaw.toolsList(1)).statusCode()).as("the first, used last").isEqualTo(200);
        sessions.add(raw.session(token));
        HttpResponse<String> closed = raw.post(token, sessions.get(1), McpRaw.toolsList(2));
        assertThat(closed.statusCode()).as("the least recently used is closed").isEqualTo(404);
        assertThat(error(closed).path("code").asInt()).isEqualTo(-32001);
        for (String open : List.of(sessions.get(0), sessions.get(2), sessions.get(3))) {
            assertThat(raw.post(token, open, McpRaw.toolsList(3)).statusCode()).isEqualTo(200);
        }
        assertThat(raw.session(api.viewer)).as("another user's sessions do not count").isNotBlank();
    }

    @Test
    void a_session_answers_only_the_user_who_opened_it() throws Exception {
        String owner = users.add("owner", "viewer", null);
        String other = users.add("other", "editor", null);
        String session = raw.session(owner);
        HttpResponse<String> stolen = raw.post(other, session, McpRaw.call(1, "run_sql", "{\"sql\":\"SELECT 1 AS one\"}"));
        assertThat(stolen.statusCode()).isEqualTo(404);
        assertThat(error(stolen).path("code").asInt()).isEqualTo(-32001);
        assertThat(raw.send("GET", other, session, "text/event-stream", null).statusCode()).isEqualTo(404);
        assertThat(raw.send("DELETE", other, session, null, null).statusCode()).isEqualTo(404);
        HttpResponse<String> mine = raw.post(owner, session, McpRaw.toolsList(2));
        assertThat(mine.statusCode()).as("the owner's session is untouched").isEqualTo(200);
        assertThat(McpRaw.message(mine).at("/result/tools").size()).isEqualTo(McpServerTest.TOOLS.size());
    }

    @Test
    void a_session_ends_after_it_was_idle_for_the_idle_time() throws Exception {
        String token = users.add("idle", "viewer", null);
        String session = raw.session(token);
        assertThat(raw.post(token, session, McpRaw.toolsList(1)).statusCode()).isEqualTo(200);
        Thread.sleep(5_000); // longer than the idle time of 4 s: time has to pass for a session to be idle
        HttpResponse<String> expired = raw.post(token, session, McpRaw.toolsList(2));
        assertThat(expired.statusCode()).isEqualTo(404);
        assertThat(error(expired).path("message").asText()).contains("expired");
    }

    @Test
    void an_event_stream_ends_after_its_lifetime() throws Exception {
        String token = users.add("listener", "viewer", null);
        String session = raw.session(token);
        HttpRequest get = HttpRequest.newBuilder(URI.create(api.url("/mcp"))).header("Authorization", "Bearer " + token)
                .header("Mcp-Session-Id", session).header("Accept", "text/event-stream").GET().build();
        long started = System.nanoTime();
        CompletableFuture<HttpResponse<String>> stream = raw.http.sendAsync(get, HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> ended = stream.get(90, TimeUnit.SECONDS);
        assertThat(ended.statusCode()).isEqualTo(200);
        assertThat(ended.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).as("not before its lifetime of 2 s").isGreaterThanOrEqualTo(1_900);
        assertThat(raw.post(token, session, McpRaw.toolsList(1)).statusCode()).as("the session outlives its stream").isEqualTo(200);
    }

    @Test
    void queries_and_questions_count_against_the_users_limit() throws Exception {
        String token = users.add("counted", "viewer", null);
        try (McpSyncClient client = client(token)) {
            Map<String, Object> query = Map.of("metrics", List.of("invoices"), "start", "2025-01-01", "end", "2026-01-01");
            for (int i = 0; i < PER_MINUTE / 2; i++) {
                assertThat(client.callTool(new McpSchema.CallToolRequest("run_sql", Map.of("sql", "SELECT 1 AS one"))).isError()).isFalse();
                assertThat(client.callTool(new McpSchema.CallToolRequest("query_metrics", query)).isError()).isFalse();
            }
            McpSchema.CallToolResult limited = client.callTool(new McpSchema.CallToolRequest("run_sql", Map.of("sql", "SELECT 1 AS one")));
            assertThat(limited.isError()).isTrue();
            assertThat(text(limited)).startsWith("too many questions and queries: try again in");
            assertThat(client.callTool(new McpSchema.CallToolRequest("query_metrics", query)).isError()).isTrue();
            McpSchema.CallToolResult ask = client.callTool(new McpSchema.CallToolRequest("ask", Map.of("question", "How many invoices were issued in 2025?")));
            assertThat(ask.isError()).as("the question limit holds for ask too").isTrue();
            assertThat(text(ask)).startsWith("too many questions and queries");
            assertThat(client.callTool(new McpSchema.CallToolRequest("list_tables", Map.of())).isError()).as("reading the catalog is not a query").isFalse();
        }
        assertThat(api.call("POST", "/api/ask", token, "{\"question\": \"How many invoices were issued in 2025?\"}").statusCode())
                .as("one limit with the API").isEqualTo(429);
    }

    @Test
    void a_long_argument_is_refused_in_one_short_line_and_long_sql_is_cut_in_the_audit_log() throws Exception {
        String token = users.add("verbose", "viewer", null);
        try (McpSyncClient client = client(token)) {
            McpSchema.CallToolResult name = client.callTool(new McpSchema.CallToolRequest("describe_table", Map.of("name", "t".repeat(60_000))));
            assertThat(name.isError()).isTrue();
            assertThat(text(name)).isEqualTo("\"name\" is too long (60,000 characters; at most 1,000)");
            McpSchema.CallToolResult list = client.callTool(new McpSchema.CallToolRequest("get_dimensions", Map.of("metrics", List.of("m".repeat(5_000)))));
            assertThat(text(list)).isEqualTo("an item of \"metrics\" is too long (5,000 characters; at most 1,000)");

            String sql = "SELECT length('" + "x".repeat(30_000) + "') AS n";
            McpSchema.CallToolResult run = client.callTool(new McpSchema.CallToolRequest("run_sql", Map.of("sql", sql)));
            assertThat(run.isError()).as(text(run)).isFalse();
            assertThat(McpRaw.JSON.valueToTree(run.structuredContent()).at("/rows/0/0").asLong()).isEqualTo(30_000);
        }
        List<String[]> audited = users.auditOf("verbose");
        assertThat(audited).hasSize(1);
        String kept = audited.get(0)[2];
        assertThat(kept).startsWith("SELECT length('xxxx").endsWith("(cut: " + ("SELECT length('" + "x".repeat(30_000) + "') AS n").length() + " characters in all)");
        assertThat(kept.length()).isLessThan(10_100);
    }
}
