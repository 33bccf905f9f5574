package dev.almanac.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Raw requests to {@code /mcp} (java.net.http, no SDK), for what a well-behaved client never sends. */
final class McpRaw {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String BOTH = "application/json, text/event-stream";
    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
    static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    final ApiFixture api;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

    McpRaw(ApiFixture api) {
        this.api = api;
    }

    HttpResponse<String> send(String method, String token, String session, String accept, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(api.url("/mcp"))).timeout(Duration.ofSeconds(30));
        if (token != null) b.header("Authorization", "Bearer " + token);
        if (session != null) b.header("Mcp-Session-Id", session);
        if (accept != null) b.header("Accept", accept);
        if (body != null) b.header("Content-Type", "application/json");
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String token, String session, String body) throws Exception {
        return send("POST", token, session, BOTH, body);
    }

    /** A new session of this user, initialized; its id. */
    String session(String token) throws Exception {
        HttpResponse<String> r = post(token, null, INITIALIZE);
        if (r.statusCode() != 200) throw new AssertionError("initialize: " + r.statusCode() + " " + r.body());
        String id = r.headers().firstValue("Mcp-Session-Id").orElseThrow();
        HttpResponse<String> done = post(token, id, INITIALIZED);
        if (done.statusCode() != 202) throw new AssertionError("initialized: " + done.statusCode() + " " + done.body());
        return id;
    }

    /** The JSON-RPC message of a reply: the body, or the data of its one server-sent event. */
    static JsonNode message(HttpResponse<String> r) throws Exception {
        String body = r.body();
        if (r.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
            String data = body.lines().filter(l -> l.startsWith("data:")).reduce((a, b) -> b).orElseThrow(() -> new AssertionError("no event in " + body));
            return JSON.readTree(data.substring(5).trim());
        }
        return JSON.readTree(body);
    }

    static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}}";
    }

    static String toolsList(int id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}";
    }
}
