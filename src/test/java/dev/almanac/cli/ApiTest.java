package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ApiServer;
import dev.almanac.server.ServerContext;
import dev.almanac.store.UserStore;
import dev.almanac.testing.DemoWarehouse;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTTP API over real HTTP: auth and the role matrix, asking, streaming, threads, limits and errors. */
class ApiTest {
    @TempDir
    static Path home;
    static Workspace ws;
    static ApiServer server;
    static HttpClient http = HttpClient.newHttpClient();
    static String viewer;
    static String editor;
    static String admin;
    static String limited;
    static volatile String lastError = "";

    @BeforeAll
    static void start() throws Exception {
        System.setProperty("almanac.home", home.toString());
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("api-project"), "API test");
        GlobalOptions options = new GlobalOptions();
        options.project = proj;
        ws = Workspace.open(options, System.err);
        server = ServeCommand.start(ws, "none", new ServerContext.Settings(0, 2048, 5));
        UserStore users = new UserStore(ws.appStore());
        viewer = users.add("vera", "viewer", null);
        editor = users.add("ed", "editor", null);
        admin = users.add("ada", "admin", null);
        limited = users.add("lim", "viewer", null);
    }

    @AfterAll
    static void stop() {
        server.stop();
        ws.close();
        System.clearProperty("almanac.home");
    }

    static HttpResponse<String> call(String method, String path, String token, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + path));
        if (token != null) b.header("Authorization", "Bearer " + token);
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) b.header("Content-Type", "application/json");
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> r) throws Exception {
        return Json.MAPPER.readTree(r.body());
    }

    static final String MRR = "{\"question\": \"What was MRR in September 2026?\"}";

    @Test
    void every_request_needs_a_known_token() throws Exception {
        for (String path : List.of("/api/health", "/api/threads", "/api/schema", "/api/openapi.json")) {
            HttpResponse<String> r = call("GET", path, null, null);
            assertThat(r.statusCode()).as(path).isEqualTo(401);
            assertThat(json(r).get("code").asText()).isEqualTo("unauthorized");
        }
        assertThat(call("GET", "/api/threads", "alm_not_a_token", null).statusCode()).isEqualTo(401);
        assertThat(call("POST", "/api/ask", "wrong", MRR).statusCode()).isEqualTo(401);
    }

    @Test
    void roles_decide_what_each_user_may_do() throws Exception {
        Map<String, Integer> minimum = new java.util.LinkedHashMap<>();
        minimum.put("GET /api/health", 1);
        minimum.put("GET /api/ready", 1);
        minimum.put("GET /api/openapi.json", 1);
        minimum.put("GET /api/threads", 1);
        minimum.put("GET /api/schema", 1);
        minimum.put("GET /api/schema/plans", 1);
        minimum.put("GET /api/knowledge/metrics", 1);
        minimum.put("GET /api/learnings", 1);
        minimum.put("GET /api/golden", 1);
        minimum.put("GET /api/evals", 1);
        minimum.put("POST /api/learnings/L-none/deactivate", 2);
        minimum.put("GET /api/users", 3);
        String[] tokens = {viewer, editor, admin};
        for (Map.Entry<String, Integer> e : minimum.entrySet()) {
            String[] parts = e.getKey().split(" ");
            for (int rank = 1; rank <= 3; rank++) {
                int status = call(parts[0], parts[1], tokens[rank - 1], parts[0].equals("POST") ? "{}" : null).statusCode();
                if (rank < e.getValue()) assertThat(status).as("%s as rank %d", e.getKey(), rank).isEqualTo(403);
                else assertThat(status).as("%s as rank %d", e.getKey(), rank).isIn(200, 400);
            }
        }
        HttpResponse<String> created = call("POST", "/api/users", admin, "{\"name\": \"newbie\", \"role\": \"viewer\"}");
        assertThat(created.statusCode()).isEqualTo(201);
        String token = json(created).get("token").asText();
        assertThat(call("GET", "/api/threads", token, null).statusCode()).isEqualTo(200);
        assertThat(call("POST", "/api/users", editor, "{\"name\": \"x\", \"role\": \"admin\"}").statusCode()).isEqualTo(403);
    }

    @Test
    void ask_answers_keeps_the_thread_audits_the_sql_and_hides_dq_unless_asked() throws Exception {
        HttpResponse<String> r = call("POST", "/api/ask", viewer, MRR);
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode a = json(r);
        assertThat(a.get("verified").asBoolean()).isTrue();
        assertThat(a.get("dq").isNull()).isTrue();
        assertThat(a.at("/provenance/sql/0").asText()).contains("mrr_snapshots");
        String thread = a.get("thread_id").asText();

        JsonNode t = json(call("GET", "/api/threads/" + thread, viewer, null));
        assertThat(t.get("turns")).hasSize(1);
        assertThat(t.at("/turns/0/question").asText()).isEqualTo("What was MRR in September 2026?");
        assertThat(json(call("GET", "/api/threads/" + thread + "/dq", viewer, null)).get(0).get("status").asText()).isEqualTo("OK");
        assertThat(call("GET", "/api/threads/nope", viewer, null).statusCode()).isEqualTo(404);

        JsonNode withDq = json(call("POST", "/api/ask", viewer, "{\"question\": \"What was total marketing spend in 2024?\", \"dq_panel\": true}"));
        assertThat(withDq.at("/dq/status").asText()).isEqualTo("PARTIAL");
        assertThat(new UserStore(ws.appStore()).auditOf("vera")).anySatisfy(row -> {
            assertThat(row[2]).contains("mrr_snapshots");
            assertThat(row[1]).isNull();
        });
    }

    @Test
    void streaming_sends_each_step_then_the_answer() throws Exception {
        HttpResponse<String> r = call("POST", "/api/ask/stream", editor, MRR);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        assertThat(r.body()).contains("event: step", "\"step\":\"tables\"", "event: answer", "\"verified\":true");
        assertThat(r.body().indexOf("event: answer")).isGreaterThan(r.body().indexOf("event: step"));
    }

    @Test
    void questions_are_rate_limited_per_user() throws Exception {
        for (int i = 0; i < 5; i++) assertThat(call("POST", "/api/ask", limited, MRR).statusCode()).isEqualTo(200);
        HttpResponse<String> r = call("POST", "/api/ask", limited, MRR);
        assertThat(r.statusCode()).isEqualTo(429);
        assertThat(r.headers().firstValue("Retry-After")).isPresent();
        assertThat(json(r).get("code").asText()).isEqualTo("rate_limited");
        assertThat(call("POST", "/api/ask", admin, MRR).statusCode()).as("other users are not affected").isEqualTo(200);
    }

    @Test
    void bad_json_oversized_bodies_and_unknown_routes_get_json_errors() throws Exception {
        HttpResponse<String> bad = call("POST", "/api/ask", editor, "{not json");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(json(bad).get("code").asText()).isEqualTo("bad_json");
        assertThat(call("POST", "/api/ask", editor, "{\"question\": \"  \"}").statusCode()).isEqualTo(400);
        HttpResponse<String> big = call("POST", "/api/ask", editor, "{\"question\": \"" + "x".repeat(5000) + "\"}");
        assertThat(big.statusCode()).isEqualTo(413);
        assertThat(big.body()).doesNotContain("Exception").doesNotContain("at io.");
        HttpResponse<String> missing = call("GET", "/api/nothing", editor, null);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(json(missing).get("code").asText()).isEqualTo("not_found");
        assertThat(call("GET", "/api/knowledge/bogus", editor, null).statusCode()).isEqualTo(404);
    }

    @Test
    void the_openapi_description_lists_every_route() throws Exception {
        JsonNode doc = json(call("GET", "/api/openapi.json", viewer, null));
        assertThat(doc.get("openapi").asText()).startsWith("3.");
        for (String p : List.of("/api/ask", "/api/ask/stream", "/api/threads", "/api/threads/{id}", "/api/threads/{id}/dq", "/api/schema",
                "/api/knowledge/{kind}", "/api/learnings", "/api/golden", "/api/evals", "/api/users", "/api/health", "/api/ready")) {
            assertThat(doc.get("paths").has(p)).as(p).isTrue();
        }
    }

    @Test
    void many_users_at_once_are_served_in_parallel() throws Exception {
        UserStore users = new UserStore(ws.appStore());
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < 8; i++) tokens.add(users.add("par" + i, "viewer", null));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> calls = new ArrayList<>();
            for (String t : tokens) calls.add(pool.submit(() -> { var r = call("POST", "/api/ask", t, MRR); if (r.statusCode() != 200) lastError = r.body(); return r.statusCode(); }));
            for (Future<Integer> f : calls) assertThat(f.get()).as(lastError).isEqualTo(200);
        } finally {
            pool.shutdownNow();
        }
    }
}
