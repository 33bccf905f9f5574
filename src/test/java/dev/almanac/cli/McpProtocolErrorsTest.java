package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import dev.almanac.testing.RandomText;
import dev.almanac.testing.ScratchProject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed MCP messages (issue 27): over HTTP each gets a JSON-RPC error (or, before MCP, a JSON {code, message}) with a
 * one-line message and never an exception's text, and the session goes on; over stdio each bad line gets a JSON-RPC error,
 * later requests still get replies and the process ends with its input. Random bodies and lines hold the same.
 */
class McpProtocolErrorsTest {
    @TempDir
    static Path home;
    static ApiFixture api;
    static McpRaw raw;

    @BeforeAll
    static void start() {
        api = new ApiFixture(home, "mcp-errors", new ServerContext.Settings(0, 64 * 1024, 100_000));
        raw = new McpRaw(api);
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    /** A reply a client can read: JSON, no exception's text, one short message. */
    static JsonNode jsonRpcError(HttpResponse<String> r, int status, int code) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("stackTrace");
        assertThat(r.body().length()).as(r.body()).isLessThan(600);
        JsonNode m = McpRaw.message(r);
        assertThat(m.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(m.at("/error/code").asInt()).as(r.body()).isEqualTo(code);
        assertThat(m.at("/error/message").asText()).isNotBlank().doesNotContain("\n");
        return m;
    }

    static void stillWorks(String session) throws Exception {
        HttpResponse<String> r = raw.post(api.viewer, session, McpRaw.toolsList(99));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(McpRaw.message(r).at("/result/tools").size()).isEqualTo(McpServerTest.TOOLS.size());
    }

    @Test
    void malformed_messages_get_json_rpc_errors_and_the_session_goes_on() throws Exception {
        String session = raw.session(api.viewer);
        jsonRpcError(raw.post(api.viewer, session, "this is not json"), 400, -32700);
        stillWorks(session);
        jsonRpcError(raw.post(api.viewer, session, ""), 400, -32700);
        jsonRpcError(raw.post(api.viewer, session, "{\"jsonrpc\":\"2.0\",\"id\":3,"), 400, -32700);
        JsonNode batch = jsonRpcError(raw.post(api.viewer, session, "[" + McpRaw.toolsList(4) + "," + McpRaw.toolsList(5) + "]"), 400, -32600);
        assertThat(batch.at("/error/message").asText()).contains("batch");
        jsonRpcError(raw.post(api.viewer, session, "42"), 400, -32600);
        jsonRpcError(raw.post(api.viewer, session, "{\"id\":6,\"method\":\"tools/list\"}"), 400, -32600);
        jsonRpcError(raw.post(api.viewer, session, "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"tools/list\"}"), 400, -32600);
        JsonNode params = jsonRpcError(raw.post(api.viewer, session, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":[1]}"), 400, -32602);
        assertThat(params.path("id").asInt()).as("the error answers the request by its id").isEqualTo(7);
        stillWorks(session);
        HttpResponse<String> unknownMethod = raw.post(api.viewer, session, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"no/such/method\"}");
        jsonRpcError(unknownMethod, 200, -32601);
        stillWorks(session);
    }

    @Test
    void tool_calls_with_missing_or_wrong_arguments_get_an_answer() throws Exception {
        String session = raw.session(api.viewer);
        JsonNode notObject = jsonRpcError(raw.post(api.viewer, session, McpRaw.call(10, "describe_table", "\"invoices\"")), 400, -32602);
        assertThat(notObject.path("id").asInt()).isEqualTo(10);
        jsonRpcError(raw.post(api.viewer, session, McpRaw.call(11, "describe_table", "[\"invoices\"]")), 400, -32602);
        jsonRpcError(raw.post(api.viewer, session, "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{\"arguments\":{}}}"), 400, -32602);
        jsonRpcError(raw.post(api.viewer, session, "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"tools/call\"}"), 400, -32602);
        jsonRpcError(raw.post(api.viewer, session, McpRaw.call(14, "no_such_tool", "{}")), 200, -32602);

        // arguments are optional in MCP: the tool runs and says what it misses
        HttpResponse<String> missing = raw.post(api.viewer, session, "{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"tools/call\",\"params\":{\"name\":\"describe_table\"}}");
        assertThat(missing.statusCode()).isEqualTo(200);
        JsonNode result = McpRaw.message(missing);
        assertThat(result.path("id").asInt()).isEqualTo(15);
        assertThat(result.at("/result/isError").asBoolean()).isTrue();
        assertThat(result.at("/result/content/0/text").asText()).contains("required property 'name'");
        HttpResponse<String> none = raw.post(api.viewer, session, "{\"jsonrpc\":\"2.0\",\"id\":16,\"method\":\"tools/call\",\"params\":{\"name\":\"list_tables\",\"arguments\":null}}");
        assertThat(McpRaw.message(none).at("/result/structuredContent/tables").size()).isGreaterThan(40);
        stillWorks(session);
    }

    @Test
    void requests_without_a_session_or_with_the_wrong_accept_are_refused_as_json() throws Exception {
        String session = raw.session(api.viewer);
        JsonNode noSession = jsonRpcError(raw.post(api.viewer, null, McpRaw.toolsList(20)), 400, -32600);
        assertThat(noSession.path("id").asInt()).isEqualTo(20);
        assertThat(noSession.at("/error/message").asText()).contains("Mcp-Session-Id");
        jsonRpcError(raw.post(api.viewer, "no-such-session", McpRaw.toolsList(21)), 404, -32001);
        jsonRpcError(raw.send("POST", api.viewer, session, "application/json", McpRaw.toolsList(22)), 406, -32600);
        jsonRpcError(raw.send("POST", api.viewer, session, null, McpRaw.toolsList(23)), 406, -32600);
        jsonRpcError(raw.send("GET", api.viewer, null, "text/event-stream", null), 400, -32600);
        jsonRpcError(raw.send("GET", api.viewer, "no-such-session", "text/event-stream", null), 404, -32001);
        jsonRpcError(raw.send("GET", api.viewer, session, "application/json", null), 406, -32600);
        jsonRpcError(raw.send("DELETE", api.viewer, null, null, null), 400, -32600);
        jsonRpcError(raw.send("DELETE", api.viewer, "no-such-session", null, null), 404, -32001);
        jsonRpcError(raw.send("PUT", api.viewer, session, McpRaw.BOTH, McpRaw.toolsList(24)), 405, -32600);
        jsonRpcError(raw.send("PATCH", api.viewer, session, McpRaw.BOTH, McpRaw.toolsList(25)), 405, -32600);
        stillWorks(session);

        assertThat(raw.send("DELETE", api.viewer, session, null, null).statusCode()).isEqualTo(200);
        jsonRpcError(raw.post(api.viewer, session, McpRaw.toolsList(26)), 404, -32001);
    }

    @Test
    void trace_is_refused_everywhere_and_never_echoes_the_token() throws Exception {
        for (String path : List.of("/mcp", "/api/health", "/api/ask", "/", "/index.html", "/no/such/path")) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(api.url(path))).header("Authorization", "Bearer " + api.admin)
                    .method("TRACE", HttpRequest.BodyPublishers.noBody()).build();
            HttpResponse<String> r = raw.http.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(path).isEqualTo(405);
            assertThat(r.body()).as(path).doesNotContain(api.admin).doesNotContain("Bearer");
            assertThat(McpRaw.JSON.readTree(r.body()).path("code").asText()).isEqualTo("method_not_allowed");
        }
    }

    @Test
    void unknown_paths_answer_json_not_found() throws Exception {
        for (String method : List.of("GET", "POST", "DELETE", "PUT")) {
            for (String path : List.of("/no/such/path", "/api/no-such-route", "/mcp/extra", "/mcpx", "/api")) {
                HttpResponse<String> r = api.call(method, path, api.viewer, method.equals("GET") || method.equals("DELETE") ? null : "{}");
                assertThat(r.statusCode()).as(method + " " + path).isEqualTo(404);
                JsonNode body = McpRaw.JSON.readTree(r.body());
                assertThat(body.path("code").asText()).as(method + " " + path + ": " + r.body()).isEqualTo("not_found");
                assertThat(body.path("message").asText()).isNotBlank();
            }
        }
    }

    /** A random body: random text, a valid message cut or changed at random, or random JSON values in a message's places. */
    static String randomBody(Random random) {
        String[] valid = {McpRaw.toolsList(1), McpRaw.call(2, "describe_table", "{\"name\":\"invoices\"}"), McpRaw.INITIALIZE,
                McpRaw.call(3, "run_sql", "{\"sql\":\"SELECT 1\"}"), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}"};
        String base = valid[random.nextInt(valid.length)];
        String[] values = {"null", "true", "-1", "1e999", "\"\"", "[]", "{}", "[[[[[]]]]]", "{\"a\":{\"b\":null}}", "\"" + "x".repeat(300) + "\"", "9223372036854775808"};
        return switch (random.nextInt(5)) {
            case 0 -> RandomText.of(random, 40);
            case 1 -> base.substring(0, random.nextInt(base.length()));
            case 2 -> {
                StringBuilder s = new StringBuilder(base);
                for (int i = 0; i < 1 + random.nextInt(3); i++) s.insert(random.nextInt(s.length()), RandomText.of(random, 3));
                yield s.toString();
            }
            case 3 -> base.replaceFirst("(\"(?:id|params|arguments|name|method|jsonrpc|protocolVersion|clientInfo)\":)", "$1" + values[random.nextInt(values.length)] + ",\"was\":");
            default -> "{\"jsonrpc\":\"2.0\",\"id\":" + values[random.nextInt(values.length)] + ",\"method\":" + values[random.nextInt(values.length)]
                    + ",\"params\":" + values[random.nextInt(values.length)] + "}";
        };
    }

    @Test
    void random_bodies_never_get_a_server_error_or_a_stack_trace() throws Exception {
        Random random = new Random(27);
        String session = raw.session(api.viewer);
        for (int i = 0; i < 150; i++) {
            String body = randomBody(random);
            HttpResponse<String> r = raw.post(api.viewer, session, body);
            assertThat(r.statusCode()).as("body %s -> %s", RandomText.codes(body), r.body()).isLessThan(500);
            assertThat(r.body()).as(body).doesNotContain("Exception").doesNotContain("\tat ");
            if (!r.body().isEmpty()) assertThat(McpRaw.message(r).path("jsonrpc").asText()).as(body + " -> " + r.body()).isEqualTo("2.0");
        }
        stillWorks(session);
    }

    static List<String> mcpCommand(Path project) {
        // C1 only, as the test JVM itself runs: a session of a few calls is over before the optimising compiler would pay
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"),
                "-Dalmanac.home=" + home, Main.class.getName(), "mcp", "--project", project.toString(), "--llm", "none"));
    }

    /** Writes the lines to `almanac mcp`, closes its input, and returns every line it wrote (after it ended). */
    static List<JsonNode> stdio(String name, List<String> lines) throws Exception {
        Path project = ScratchProject.create(home.resolve(name), name);
        Process p = new ProcessBuilder(mcpCommand(project)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<JsonNode> replies = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    synchronized (replies) {
                        replies.add(McpRaw.JSON.readTree(line));
                    }
                }
            } catch (Exception e) {
                synchronized (replies) {
                    replies.add(McpRaw.JSON.createObjectNode().put("not_json", e.toString()));
                }
            }
        });
        reader.start();
        Thread writer = new Thread(() -> {
            try (OutputStream in = p.getOutputStream()) {
                for (String line : lines) in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                // the process stopped reading: the assertions below say what it answered
            }
        });
        writer.start();
        boolean ended = p.waitFor(120, TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        String answered;
        synchronized (replies) {
            answered = replies.toString();
        }
        assertThat(ended).as("the process reads every line and ends when its input does; it answered " + answered).isTrue();
        reader.join(10_000);
        assertThat(replies).as("every line on standard output is JSON").noneMatch(r -> r.has("not_json"));
        return replies;
    }

    static JsonNode reply(List<JsonNode> replies, int id) {
        return replies.stream().filter(r -> r.path("id").asInt(-1) == id).findFirst().orElseThrow(() -> new AssertionError("no reply to " + id + " in " + replies));
    }

    @Test
    void over_stdio_bad_lines_get_errors_later_requests_replies_and_the_end_of_input_ends_the_process() throws Exception {
        List<JsonNode> replies = stdio("stdio-errors", List.of(
                "",
                "not json at all",
                McpRaw.toolsList(1),
                McpRaw.INITIALIZE.replace("\"id\":1", "\"id\":2"),
                McpRaw.INITIALIZED,
                "[" + McpRaw.toolsList(3) + "]",
                "{\"jsonrpc\":\"2.0\",\"id\":4,",
                McpRaw.call(5, "describe_table", "\"plans\""),
                McpRaw.call(6, "describe_table", "{\"name\":\"plans\"}"),
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}",
                McpRaw.call(8, "describe_table", "{\"name\":\"" + "p".repeat(2_000_000) + "\"}"),
                McpRaw.call(9, "describe_table", "{\"name\":\"" + "p".repeat(900_000) + "\"}"),
                McpRaw.call(11, "describe_table", "{\"name\":\"" + "p".repeat(150_000) + "\"}"),
                McpRaw.call(10, "run_sql", "{\"sql\":\"SELECT count(*) AS n FROM plans\"}")));
        List<Integer> parseErrors = replies.stream().filter(r -> r.at("/error/code").asInt() == -32700).map(r -> 1).toList();
        assertThat(parseErrors).as("the empty line, the line of text and the cut message: " + replies).hasSize(3);
        assertThat(reply(replies, 1).at("/error/message").asText()).contains("initialize");
        assertThat(reply(replies, 2).at("/result/serverInfo/name").asText()).isEqualTo("almanac");
        assertThat(replies.stream().filter(r -> r.at("/error/message").asText().contains("batch")).count()).isEqualTo(1);
        assertThat(reply(replies, 5).at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(reply(replies, 6).at("/result/structuredContent/name").asText()).isEqualTo("plans");
        assertThat(replies.stream().filter(r -> r.at("/error/message").asText().contains("longer than")).count()).as("the 2 MB line").isEqualTo(1);
        JsonNode large = reply(replies, 9);
        assertThat(large.at("/result/isError").asBoolean()).isTrue();
        assertThat(large.at("/result/content/0/text").asText()).startsWith("the arguments are too large (900,0").hasSizeLessThan(100);
        JsonNode longName = reply(replies, 11);
        assertThat(longName.at("/result/isError").asBoolean()).isTrue();
        assertThat(longName.at("/result/content/0/text").asText()).isEqualTo("\"name\" is too long (150,000 characters; at most 1,000)");
        assertThat(reply(replies, 10).at("/result/structuredContent/rows/0/0").asLong()).isPositive();
        assertThat(replies).as("nothing answers the response or the notification").noneMatch(r -> r.path("id").asInt() == 7);
    }

    @Test
    void over_stdio_random_lines_never_stop_the_replies() throws Exception {
        Random random = new Random(2027);
        List<String> lines = new ArrayList<>(List.of(McpRaw.INITIALIZE.replace("\"id\":1", "\"id\":\"init\""), McpRaw.INITIALIZED));
        for (int i = 0; i < 120; i++) lines.add(randomBody(random).replace('\n', ' ').replace('\r', ' ').replace('\u2028', ' ').replace('\u2029', ' ')
                .replace('\u0085', ' ').replace("\"id\":1", "\"id\":\"r\"").replace("\"id\":2", "\"id\":\"r\"").replace("\"id\":3", "\"id\":\"r\""));
        lines.add(McpRaw.call(424242, "run_sql", "{\"sql\":\"SELECT count(*) AS n FROM plans\"}"));
        List<JsonNode> replies = stdio("stdio-random", lines);
        assertThat(reply(replies, 424242).at("/result/structuredContent/rows/0/0").asLong()).as("the last request is answered").isPositive();
        assertThat(replies).allSatisfy(r -> assertThat(r.toString()).doesNotContain("Exception").doesNotContain("\\tat "));
    }
}
