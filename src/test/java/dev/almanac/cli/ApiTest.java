package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ApiServer;
import dev.almanac.server.ServerContext;
import dev.almanac.store.UserStore;
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
    static ApiFixture api;
    static Workspace ws;
    static ApiServer server;
    static String viewer;
    static String editor;
    static String admin;
    static String limited;

    @BeforeAll
    static void start() {
        api = new ApiFixture(home, "api-project", new ServerContext.Settings(0, 2048, 5));
        ws = api.ws;
        server = api.server;
        viewer = api.viewer;
        editor = api.editor;
        admin = api.admin;
        limited = new UserStore(ws.appStore()).add("lim", "viewer", null);
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    static HttpResponse<String> call(String method, String path, String token, String body) throws Exception {
        return api.call(method, path, token, body);
    }

    static JsonNode json(HttpResponse<String> r) throws Exception {
        return ApiFixture.json(r);
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

    /**
     * Each endpoint (method, template, a concrete path), the least role that may call it (1 viewer, 2 editor, 3 admin), a
     * request body (valid where the route needs one), and the one status each role gets: below the least role 403, else the
     * status given (for the viewer, editor and admin in turn where they differ: the editor creates an item, the admin finds it there).
     */
    static final String[][] MATRIX = {
            {"GET", "/api/health", "/api/health", "1", null, "200"},
            {"GET", "/api/ready", "/api/ready", "1", null, "200"},
            {"GET", "/api/openapi.json", "/api/openapi.json", "1", null, "200"},
            {"GET", "/api/me", "/api/me", "1", null, "200"},
            {"POST", "/api/ask", "/api/ask", "1", "{\"question\": \"What was MRR in September 2026?\"}", "200"},
            {"POST", "/api/ask/stream", "/api/ask/stream", "1", "{\"question\": \"What was MRR in September 2026?\"}", "200"},
            {"GET", "/api/threads", "/api/threads", "1", null, "200"},
            {"GET", "/api/threads/{id}", "/api/threads/T-none", "1", null, "404"},
            {"PATCH", "/api/threads/{id}", "/api/threads/T-none", "1", "{\"title\": \"renamed\"}", "404"},
            {"DELETE", "/api/threads/{id}", "/api/threads/T-none", "1", null, "404"},
            {"GET", "/api/threads/{id}/dq", "/api/threads/T-none/dq", "1", null, "404"},
            {"GET", "/api/threads/{id}/turns/{turn}/csv", "/api/threads/T-none/turns/X-none/csv", "1", null, "404"},
            {"GET", "/api/schema", "/api/schema", "1", null, "200"},
            {"GET", "/api/schema/{table}", "/api/schema/plans", "1", null, "200"},
            {"GET", "/api/knowledge/{kind}", "/api/knowledge/metrics", "1", null, "200"},
            {"GET", "/api/knowledge/{kind}/{name}", "/api/knowledge/metrics/mrr", "1", null, "200"},
            {"PUT", "/api/knowledge/{kind}/{name}", "/api/knowledge/metrics/matrix_probe", "2",
                    "{\"label\": \"Matrix probe\", \"definition\": \"How many plans there are.\", \"sql\": \"SELECT count(*) AS plans FROM plans\"}",
                    "403 200 200"},
            {"DELETE", "/api/knowledge/{kind}/{name}", "/api/knowledge/metrics/matrix_probe", "2", null, "403 200 404"},
            {"POST", "/api/knowledge/import", "/api/knowledge/import", "2", null, "200"},
            {"GET", "/api/learnings", "/api/learnings", "1", null, "200"},
            {"POST", "/api/learnings/{id}/deactivate", "/api/learnings/L-none/deactivate", "2", null, "404"},
            {"POST", "/api/learnings/{id}/promote", "/api/learnings/L-none/promote", "2", "{\"as\": \"rule\"}", "404"},
            {"GET", "/api/golden", "/api/golden", "1", null, "200"},
            {"GET", "/api/evals", "/api/evals", "1", null, "200"},
            {"POST", "/api/evals", "/api/evals", "2", "{\"difficulty\": \"impossible\"}", "400"},
            {"GET", "/api/evals/{id}", "/api/evals/E-none", "1", null, "404"},
            {"GET", "/api/evals/{id}/diff/{other}", "/api/evals/E-none/diff/E-other", "1", null, "404"},
            {"GET", "/api/users", "/api/users", "3", null, "200"},
            {"POST", "/api/users", "/api/users", "3", "{\"name\": \"matrix-probe\", \"role\": \"viewer\"}", "201"},
            {"DELETE", "/api/users/{name}", "/api/users/matrix-probe", "3", null, "204"},
            {"GET", "/api/audit", "/api/audit?limit=5", "3", null, "200"},
    };

    @Test
    void roles_decide_what_each_user_may_do_on_every_endpoint() throws Exception {
        // users of their own, so that the questions asked here count against no other test's rate limit
        UserStore store = new UserStore(ws.appStore());
        String[] tokens = {store.add("mx-viewer", "viewer", null), store.add("mx-editor", "editor", null), store.add("mx-admin", "admin", null)};
        java.util.Set<String> covered = new java.util.HashSet<>();
        List<String> wrong = new ArrayList<>();
        for (String[] e : MATRIX) {
            String method = e[0];
            String path = e[2];
            covered.add(method + " " + e[1]);
            String[] expected = e[5].split(" ");
            for (int rank = 1; rank <= 3; rank++) {
                HttpResponse<String> r = call(method, path, tokens[rank - 1], e[4]);
                int want = rank < Integer.parseInt(e[3]) ? 403 : Integer.parseInt(expected.length == 3 ? expected[rank - 1] : expected[0]);
                if (r.statusCode() != want) wrong.add(method + " " + path + " as rank " + rank + ": " + r.statusCode() + " (want " + want + ") " + r.body());
                if (want == 403 && r.statusCode() == 403) assertThat(json(r).get("code").asText()).isEqualTo("forbidden");
            }
        }
        assertThat(wrong).as("each route answers each role as stated").isEmpty();
        JsonNode paths = json(call("GET", "/api/openapi.json", viewer, null)).get("paths");
        paths.fieldNames().forEachRemaining(p -> paths.get(p).fieldNames().forEachRemaining(m -> {
            String key = m.toUpperCase(java.util.Locale.ROOT) + " " + p;
            assertThat(covered).as("the matrix covers %s", key).contains(key);
        }));

        HttpResponse<String> created = call("POST", "/api/users", admin, "{\"name\": \"newbie\", \"role\": \"viewer\"}");
        assertThat(created.statusCode()).isEqualTo(201);
        String token = json(created).get("token").asText();
        assertThat(call("GET", "/api/threads", token, null).statusCode()).isEqualTo(200);
        assertThat(json(call("GET", "/api/me", token, null)).get("role").asText()).isEqualTo("viewer");
        assertThat(call("DELETE", "/api/users/newbie", admin, null).statusCode()).isEqualTo(204);
        assertThat(call("GET", "/api/threads", token, null).statusCode()).as("a removed user's token no longer works").isEqualTo(401);
        assertThat(call("POST", "/api/users", editor, "{\"name\": \"x\", \"role\": \"admin\"}").statusCode()).isEqualTo(403);
    }

    @Test
    void the_read_endpoints_answer_from_the_catalog_and_knowledge() throws Exception {
        JsonNode ready = json(call("GET", "/api/ready", viewer, null));
        assertThat(ready.get("tables").asInt()).isEqualTo(58);
        assertThat(ready.get("knowledge_items").asInt()).isGreaterThan(100);
        JsonNode plans = json(call("GET", "/api/schema/plans", viewer, null));
        assertThat(plans.toString()).contains("plan_id");
        assertThat(call("GET", "/api/schema/no_such_table", viewer, null).statusCode()).isEqualTo(404);
        assertThat(json(call("GET", "/api/schema", viewer, null)).get("tables")).hasSize(58);
        assertThat(json(call("GET", "/api/golden", viewer, null))).hasSize(193);
        assertThat(json(call("GET", "/api/knowledge/rules", viewer, null)).findValuesAsText("name")).contains("exclude_soft_deleted_customers");
        assertThat(json(call("GET", "/api/learnings", viewer, null)).isArray()).isTrue();
        JsonNode me = json(call("GET", "/api/me", editor, null));
        assertThat(me.get("name").asText()).isEqualTo("ed");
        assertThat(me.get("project").asText()).isEqualTo("api-project");
        assertThat(me.get("dq_panel").asBoolean()).isFalse();
    }

    @Test
    void the_web_app_is_served_without_a_token_and_loads_nothing_from_elsewhere() throws Exception {
        HttpResponse<String> page = call("GET", "/", null, null);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<title>Almanac</title>", "/app.js", "/webjars/vega-lite/");
        assertThat(page.body()).doesNotContain("https://", "http://");
        assertThat(page.headers().firstValue("Content-Security-Policy").orElse("")).contains("default-src 'self'");
        for (String asset : List.of("/app.js", "/app.css", "/webjars/vega/5.32.0/vega.min.js", "/webjars/vega-lite/5.23.0/vega-lite.min.js",
                "/webjars/vega-embed/6.29.0/vega-embed.min.js")) {
            assertThat(call("GET", asset, null, null).statusCode()).as(asset).isEqualTo(200);
        }
    }

    @Test
    void a_user_limited_to_another_project_is_refused() throws Exception {
        String other = new UserStore(ws.appStore()).add("outsider", "admin", "some-other-project");
        HttpResponse<String> r = call("GET", "/api/threads", other, null);
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(json(r).get("message").asText()).contains("some-other-project");
        String inside = new UserStore(ws.appStore()).add("insider", "viewer", "api-project");
        assertThat(call("GET", "/api/threads", inside, null).statusCode()).isEqualTo(200);
    }

    @Test
    void the_server_listens_on_this_machine_only_unless_told_otherwise() throws Exception {
        java.net.InetAddress outside = null;
        for (var nic : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            for (var address : java.util.Collections.list(nic.getInetAddresses())) {
                if (!address.isLoopbackAddress() && address instanceof java.net.Inet4Address) outside = address;
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(outside != null, "this machine has an address other than the loopback one");
        try (var socket = new java.net.Socket()) {
            java.net.InetAddress target = outside;
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> socket.connect(new java.net.InetSocketAddress(target, server.port()), 2000))
                    .as("not reachable on " + target).isInstanceOf(java.io.IOException.class);
        }
        assertThat(call("GET", "/api/health", viewer, null).statusCode()).as("reachable on the loopback address").isEqualTo(200);
    }

    @Test
    void mistyped_unknown_or_trailing_request_fields_are_refused_naming_the_field_and_start_nothing() throws Exception {
        int runs = json(call("GET", "/api/evals", viewer, null)).size();
        Map<String, String> refused = Map.of(
                "{\"parallel\": \"lots\"}", "'parallel'",
                "{\"parallel\": 2.7}", "'parallel'",
                "{\"parallel\": 0}", "'parallel'",
                "{\"difficulty\": [\"easy\"]}", "'difficulty'",
                "{\"paralel\": 2}", "'paralel'",
                "true", "JSON object",
                "{\"tag\": \"revenue\"} trailing", "not valid JSON");
        for (var e : refused.entrySet()) {
            HttpResponse<String> r = call("POST", "/api/evals", editor, e.getKey());
            assertThat(r.statusCode()).as(e.getKey() + " -> " + r.body()).isEqualTo(400);
            assertThat(json(r).get("message").asText()).as(e.getKey()).contains(e.getValue());
        }
        assertThat(json(call("GET", "/api/evals", viewer, null)).size()).as("no eval run was started").isEqualTo(runs);
        HttpResponse<String> ask = call("POST", "/api/ask", viewer, "{\"question\": 42}");
        assertThat(ask.statusCode()).isEqualTo(400);
        assertThat(json(ask).get("message").asText()).contains("'question'");
        assertThat(call("POST", "/api/ask", viewer, "{\"question\": \"What was MRR in September 2026?\", \"dq_panel\": \"yes\"}").statusCode())
                .isEqualTo(400);
    }

    @Test
    void a_question_of_invisible_characters_is_refused_before_anything_is_created() throws Exception {
        int before = json(call("GET", "/api/threads?limit=1000", viewer, null)).size();
        for (String invisible : List.of("\\u0000", "\\u0001\\u0002", "\\u200b\\u200b", "\\ufeff", "\\u0085", "\\ud800", " \\u200e\\u202e ", "?!")) {
            HttpResponse<String> r = call("POST", "/api/ask", viewer, "{\"question\": \"" + invisible + "\"}");
            assertThat(r.statusCode()).as(invisible + ": " + r.body()).isEqualTo(400);
            assertThat(json(r).get("message").asText()).startsWith("the question");
        }
        assertThat(json(call("GET", "/api/threads?limit=1000", viewer, null)).size()).as("no thread left behind").isEqualTo(before);
    }

    @Test
    void random_unicode_questions_never_give_a_server_error_and_refusals_create_nothing() throws Exception {
        java.util.Random random = new java.util.Random(14);
        for (int round = 0; round < 30; round++) {
            String q = dev.almanac.testing.RandomText.of(random, 12);
            int threads = json(call("GET", "/api/threads?limit=1000", viewer, null)).size();
            String body = "{\"question\": " + Json.MAPPER.writeValueAsString(q) + "}";
            HttpResponse<String> r = call("POST", "/api/ask", viewer, body);
            assertThat(r.statusCode()).as("question %s -> %s", dev.almanac.testing.RandomText.codes(q), r.body()).isLessThan(500);
            if (r.statusCode() == 400) {
                assertThat(json(call("GET", "/api/threads?limit=1000", viewer, null)).size()).as("a refusal creates nothing").isEqualTo(threads);
            }
        }
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
            assertThat(row[1]).isEqualTo(thread);
        });
        JsonNode audit = json(call("GET", "/api/audit?user=vera&limit=50", admin, null));
        assertThat(audit).isNotEmpty().allSatisfy(row -> assertThat(row.get("user").asText()).isEqualTo("vera"));
        assertThat(audit.findValuesAsText("thread_id")).contains(thread);
        assertThat(call("GET", "/api/audit?limit=0", admin, null).statusCode()).isEqualTo(400);
        assertThat(json(call("GET", "/api/threads?limit=1", viewer, null))).hasSize(1);
        assertThat(call("GET", "/api/threads?limit=abc", viewer, null).statusCode()).isEqualTo(400);
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
    void streamed_steps_arrive_while_the_agent_works_not_with_the_answer(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("slow.yml");
        Files.writeString(script, """
                delay_ms: 400
                turns:
                  - tool_calls:
                      - name: submit_result
                        arguments:
                          queries: [{name: c, sql: "SELECT count(*) AS carriers FROM (SELECT DISTINCT carrier FROM shipments)"}]
                          template: "We ship with {c.carriers|int} carriers."
                  - text: PASS
                  - text: PASS
                """);
        ApiServer slow = ServeCommand.start(ws, "script:" + script, new ServerContext.Settings(0, 2048, 100));
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + slow.port() + "/api/ask/stream"))
                    .header("Authorization", "Bearer " + editor).POST(HttpRequest.BodyPublishers.ofString("{\"question\": \"How many carriers have we ever worked with?\"}"))
                    .build();
            long start = System.nanoTime();
            long[] firstStep = {-1};
            long[] answer = {-1};
            List<String> lines = new ArrayList<>();
            HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofLines()).body().forEach(line -> {
                long at = (System.nanoTime() - start) / 1_000_000;
                if (line.equals("event: step") && firstStep[0] < 0) firstStep[0] = at;
                if (line.equals("event: answer")) answer[0] = at;
                lines.add(line);
            });
            assertThat(firstStep[0]).isNotNegative();
            assertThat(answer[0] - firstStep[0]).as("two model calls of 400 ms (the submit and one review) come between the first step and the answer")
                    .isGreaterThanOrEqualTo(700);
            assertThat(String.join("\n", lines)).contains("We ship with 4 carriers.");
        } finally {
            slow.stop();
        }
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
    void a_port_in_use_is_a_one_line_user_error() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ServeCommand.start(ws, "none", new ServerContext.Settings(server.port(), 2048, 5)))
                .isInstanceOf(dev.almanac.UserError.class).hasMessage("cannot listen on 127.0.0.1 port " + server.port()
                        + ": it is in use or not an address of this machine (choose another with --port or --host)");
    }

    @Test
    void the_openapi_description_lists_every_route() throws Exception {
        JsonNode doc = json(call("GET", "/api/openapi.json", viewer, null));
        assertThat(doc.get("openapi").asText()).startsWith("3.");
        for (String p : List.of("/api/ask", "/api/ask/stream", "/api/threads", "/api/threads/{id}", "/api/threads/{id}/dq", "/api/schema",
                "/api/knowledge/{kind}", "/api/knowledge/{kind}/{name}", "/api/learnings", "/api/learnings/{id}/promote", "/api/golden",
                "/api/evals", "/api/evals/{id}", "/api/evals/{id}/diff/{other}", "/api/users", "/api/health", "/api/ready")) {
            assertThat(doc.get("paths").has(p)).as(p).isTrue();
        }
        assertThat(doc.at("/paths/~1api~1knowledge~1{kind}~1{name}/put/x-almanac-role").asText()).isEqualTo("editor");
        assertThat(doc.at("/paths/~1api~1users/post/x-almanac-role").asText()).isEqualTo("admin");
        JsonNode limited = doc.at("/paths/~1api~1ask/post/responses/429");
        assertThat(limited.isMissingNode()).as("POST /api/ask documents its 429").isFalse();
        assertThat(limited.path("description").asText()).contains("too many questions", "Retry-After");
        assertThat(limited.at("/content/application~1json/schema/$ref").asText()).isEqualTo("#/components/schemas/Error");
        assertThat(doc.at("/paths/~1api~1threads/get/responses/429").isMissingNode()).as("only asking is rate limited").isTrue();
    }

    @Test
    void many_users_at_once_are_served_in_parallel(@TempDir Path dir) throws Exception {
        // a model that takes 500 ms a reply: one question costs two replies; eight served one after the other would take 8 s
        Path script = dir.resolve("slow-pass.yml");
        Files.writeString(script, "delay_ms: 500\nloop: true\nturns:\n  - text: PASS\n");
        ApiServer slow = ServeCommand.start(ws, "script:" + script, new ServerContext.Settings(0, 2048, 100));
        UserStore users = new UserStore(ws.appStore());
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < 8; i++) tokens.add(users.add("par" + i, "viewer", null));
        String question = "{\"question\": \"Which suppliers deliver the fastest?\"}";
        HttpClient client = HttpClient.newHttpClient();
        java.util.function.Function<String, HttpResponse<String>> ask = token -> {
            try {
                return client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + slow.port() + "/api/ask"))
                        .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(question)).build(), HttpResponse.BodyHandlers.ofString());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            long t0 = System.nanoTime();
            HttpResponse<String> one = ask.apply(tokens.get(0));
            long single = System.nanoTime() - t0;
            assertThat(one.statusCode()).as(one.body()).isEqualTo(200);
            assertThat(json(one).at("/usage/llm_calls").asInt()).as("each question waits on the model").isGreaterThanOrEqualTo(1);

            long t1 = System.nanoTime();
            List<Future<HttpResponse<String>>> calls = new ArrayList<>();
            for (String t : tokens) calls.add(pool.submit(() -> ask.apply(t)));
            for (Future<HttpResponse<String>> f : calls) assertThat(f.get().statusCode()).as(f.get().body()).isEqualTo(200);
            long eight = System.nanoTime() - t1;
            assertThat(eight).as("8 questions at once take %d ms, one takes %d ms: they are answered side by side", eight / 1_000_000, single / 1_000_000)
                    .isLessThan(4 * single);
        } finally {
            pool.shutdownNow();
            slow.stop();
        }
    }
}
