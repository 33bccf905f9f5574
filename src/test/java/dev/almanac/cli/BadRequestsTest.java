package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests the server cannot read or will not take get a JSON 4xx {code, message}: those Jetty refuses before any route
 * (sent as raw bytes, since an HTTP client will not send them) and bodies with fields a route does not take.
 */
class BadRequestsTest {
    @TempDir
    static Path home;
    static ApiFixture api;

    @BeforeAll
    static void start() {
        api = new ApiFixture(home, "bad-requests", new ServerContext.Settings(0, 64 * 1024, 100));
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    /** A response as it came over the socket: status, content type and body. */
    private record Raw(int status, String contentType, String body) {}

    private static Raw send(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", api.server.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            ByteArrayOutputStream in = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(in);
            String response = in.toString(StandardCharsets.UTF_8);
            int headersEnd = response.indexOf("\r\n\r\n");
            String head = response.substring(0, headersEnd);
            String type = head.lines().filter(l -> l.regionMatches(true, 0, "Content-Type:", 0, 13)).map(l -> l.substring(13).strip()).findFirst().orElse("");
            return new Raw(Integer.parseInt(head.split(" ")[1]), type, response.substring(headersEnd + 4));
        }
    }

    @Test
    void requests_jetty_cannot_read_get_a_json_4xx_not_an_html_page() throws Exception {
        String close = "Host: localhost\r\nConnection: close\r\n\r\n";
        List<Map.Entry<String, Integer>> requests = List.of(
                Map.entry("GET /%zz HTTP/1.1\r\n" + close, 400),
                Map.entry("GET /..%2f..%2fetc HTTP/1.1\r\n" + close, 400),
                Map.entry("GET /api/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n" + close, 400),
                Map.entry("GET /api/\u00e9 HTTP/1.1\r\n" + close, 400),
                Map.entry("GET /api/health HTTP/1.1\r\nX-Big: " + "a".repeat(100_000) + "\r\n" + close, 431),
                Map.entry("GET /api/health HTTP/9.9\r\n" + close, 400),
                Map.entry("GET /api/health NOT-A-VERSION\r\n" + close, 400),
                Map.entry("GET api/health HTTP/1.1\r\n" + close, 400),
                Map.entry("GET /" + "a".repeat(20_000) + " HTTP/1.1\r\n" + close, 414),
                Map.entry("GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n", 400),
                Map.entry("POST /api/ask HTTP/1.1\r\nContent-Length: lots\r\n" + close, 400));
        for (var e : requests) {
            String line = e.getKey().substring(0, Math.min(60, e.getKey().indexOf('\r')));
            Raw r = send(e.getKey());
            assertThat(r.status()).as(line + " -> " + r.body()).isEqualTo(e.getValue());
            assertThat(r.contentType()).as(line).startsWith("application/json");
            assertThat(r.body()).as(line).doesNotContain("<h1>").doesNotContain("<html");
            JsonNode body = Json.MAPPER.readTree(r.body());
            assertThat(body.get("code").asText()).as(line).isNotBlank();
            assertThat(body.get("message").asText()).as(line).isNotBlank().doesNotContain("\n");
        }
        assertThat(Json.MAPPER.readTree(send("GET /api/health HTTP/1.1\r\nX-Big: " + "a".repeat(100_000) + "\r\n" + close).body())
                .get("code").asText()).isEqualTo("headers_too_large");
        assertThat(api.call("GET", "/api/health", api.viewer, null).statusCode()).as("the server still answers").isEqualTo(200);
    }

    @Test
    void every_route_with_a_body_refuses_fields_it_does_not_take_naming_them() throws Exception {
        record Case(String method, String path, String token, String body, String named) {}
        for (Case c : new Case[] {
                new Case("POST", "/api/users", api.admin, "{\"name\": \"zoe\", \"role\": \"viewer\", \"admin\": true}", "'admin'"),
                new Case("POST", "/api/users", api.admin, "{\"name\": \"zoe\", \"role\": 3}", "'role'"),
                new Case("POST", "/api/learnings/L-none/promote", api.editor, "{\"as\": 1}", "'as'"),
                new Case("POST", "/api/learnings/L-none/promote", api.editor, "{\"as\": \"rule\", \"force\": true}", "'force'"),
                new Case("POST", "/api/learnings/L-none/deactivate", api.editor, "{\"active\": true}", "'active'"),
                new Case("POST", "/api/knowledge/import", api.editor, "{\"dry_run\": true}", "'dry_run'"),
                new Case("POST", "/api/ask/stream", api.viewer, "{\"question\": \"What was MRR in September 2026?\", \"stream\": true}", "'stream'")}) {
            HttpResponse<String> r = api.call(c.method(), c.path(), c.token(), c.body());
            assertThat(r.statusCode()).as(c + " -> " + r.body()).isEqualTo(400);
            assertThat(ApiFixture.json(r).get("message").asText()).as(c.toString()).contains(c.named());
        }
        assertThat(json("GET", "/api/users", api.admin).findValuesAsText("name")).as("no user was created").doesNotContain("zoe");
        assertThat(api.call("POST", "/api/knowledge/import", api.editor, null).statusCode()).as("no body is still fine").isEqualTo(200);

        String metric = "{\"definition\": \"Support tickets not yet closed.\", \"sql\": \"SELECT count(*) AS open_tickets FROM support_tickets\"";
        HttpResponse<String> unknown = api.call("PUT", "/api/knowledge/metrics/strict_probe", api.editor, metric + ", \"owner_email\": \"x@y\"}");
        assertThat(unknown.statusCode()).as(unknown.body()).isEqualTo(422);
        assertThat(unknown.body()).contains("owner_email");
        HttpResponse<String> mistyped = api.call("PUT", "/api/knowledge/metrics/strict_probe", api.editor, metric + ", \"tags\": {\"a\": 1}}");
        assertThat(mistyped.statusCode()).as(mistyped.body()).isEqualTo(422);
        assertThat(api.call("GET", "/api/knowledge/metrics/strict_probe", api.viewer, null).statusCode()).as("nothing was written").isEqualTo(404);
    }

    private static JsonNode json(String method, String path, String token) throws Exception {
        return ApiFixture.json(api.call(method, path, token, null));
    }
}
