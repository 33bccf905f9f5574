package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ApiServer;
import dev.almanac.server.ServerContext;
import dev.almanac.store.UserStore;
import dev.almanac.testing.EmbeddedPostgres;
import dev.almanac.testing.ScratchProject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two servers on one PostgreSQL app store behave as one service. Each has its own workspace and server context, as two
 * `almanac serve` processes over the same project folder would: nothing is shared in memory, only the store. The rate
 * limit counts questions on both, one eval run at a time runs across both, a knowledge edit on one is served and used
 * by the other within seconds, and a thread started on one continues on the other.
 */
class TwoServersTest {
    @TempDir
    static Path home;
    static Server a;
    static Server b;
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static String viewer;
    static String limited;
    static String editor;

    /** One server process: its own workspace (store pool, knowledge, caches) and its own HTTP server. */
    record Server(Workspace ws, ApiServer api) {
        static Server start(Path project, String llm) {
            GlobalOptions options = new GlobalOptions();
            options.project = project;
            Workspace ws = Workspace.open(options, System.err);
            return new Server(ws, ServeCommand.start(ws, llm, new ServerContext.Settings(0, 64 * 1024, 3)));
        }

        HttpResponse<String> call(String method, String path, String token, String body) throws Exception {
            HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://localhost:" + api.port() + path)).header("Authorization", "Bearer " + token)
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            if (body != null) r.header("Content-Type", "application/json");
            return HTTP.send(r.build(), HttpResponse.BodyHandlers.ofString());
        }

        void stop() {
            api.stop();
            ws.close();
        }
    }

    @BeforeAll
    static void start() throws Exception {
        System.setProperty("almanac.home", home.toString());
        String store = EmbeddedPostgres.shared().createDatabase("two_servers");
        Path project = ScratchProject.create(home.resolve("shared-project"), "Two Servers");
        Files.writeString(project.resolve("almanac.yml"), Files.readString(project.resolve("almanac.yml")) + "app_store: " + store + "\n");
        // A's model is slow, so that its eval run is still going when B is asked for another; no question below needs it
        Path slow = Files.writeString(home.resolve("slow.yml"), """
                delay_ms: 300
                loop: true
                turns:
                  - tool_calls: [{name: submit_result, arguments: {queries: [{name: p, sql: "SELECT count(*) AS plans FROM plans"}], template: "{p.plans} plans"}}]
                  - text: PASS
                """);
        a = Server.start(project, "script:" + slow);
        b = Server.start(project, "none");
        UserStore users = new UserStore(a.ws().appStore());
        viewer = users.add("vera", "viewer", null);
        limited = users.add("lim", "viewer", null);
        editor = users.add("ed", "editor", null);
    }

    @AfterAll
    static void stop() {
        if (a != null) a.stop();
        if (b != null) b.stop();
        System.clearProperty("almanac.home");
    }

    static JsonNode json(HttpResponse<String> r) throws Exception {
        return Json.MAPPER.readTree(r.body());
    }

    static final String MRR = "{\"question\": \"What was MRR in September 2026?\"}";

    @Test
    void the_rate_limit_counts_a_users_questions_on_both_servers() throws Exception {
        assertThat(a.call("POST", "/api/ask", limited, MRR).statusCode()).isEqualTo(200);
        assertThat(b.call("POST", "/api/ask", limited, MRR).statusCode()).isEqualTo(200);
        assertThat(a.call("POST", "/api/ask", limited, MRR).statusCode()).isEqualTo(200);
        for (Server s : new Server[] {b, a}) {
            HttpResponse<String> r = s.call("POST", "/api/ask", limited, MRR);
            assertThat(r.statusCode()).as("the fourth question of the minute, whichever server gets it").isEqualTo(429);
            assertThat(json(r).get("code").asText()).isEqualTo("rate_limited");
            assertThat(r.headers().firstValue("Retry-After")).isPresent();
        }
    }

    @Test
    void a_thread_started_on_one_server_continues_on_the_other() throws Exception {
        HttpResponse<String> first = a.call("POST", "/api/ask", viewer, MRR);
        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        String thread = json(first).get("thread_id").asText();
        HttpResponse<String> next = b.call("POST", "/api/ask", viewer, "{\"question\": \"and in August 2026?\", \"thread_id\": \"" + thread + "\"}");
        assertThat(next.statusCode()).as(next.body()).isEqualTo(200);
        assertThat(json(next).get("thread_id").asText()).isEqualTo(thread);
        assertThat(json(next).get("kind").asText()).as("the follow-up is read with the thread's question: " + next.body()).isEqualTo("result");
        assertThat(json(next).at("/provenance/metric").asText()).isNotBlank().isEqualTo(json(first).at("/provenance/metric").asText());
        JsonNode turns = json(a.call("GET", "/api/threads/" + thread, viewer, null)).get("turns");
        assertThat(turns).extracting(t -> t.get("question").asText()).containsExactly("What was MRR in September 2026?", "and in August 2026?");
    }

    @Test
    void a_knowledge_edit_on_one_server_is_served_and_used_by_the_other_without_a_restart() throws Exception {
        String question = "How many distinct carriers have shipped our orders?";
        String ask = "{\"question\": \"" + question + "\"}";
        assertThat(b.call("GET", "/api/knowledge/queries/carriers_shipping", viewer, null).statusCode()).isEqualTo(404);
        JsonNode before = json(b.call("POST", "/api/ask", editor, ask));
        assertThat(before.path("verified").asBoolean()).as(before.toString()).isFalse();

        HttpResponse<String> put = a.call("PUT", "/api/knowledge/queries/carriers_shipping", editor, """
                {"question": "%s", "sql": "SELECT count(DISTINCT carrier) AS carriers FROM shipments", "tables": ["shipments"],
                 "verified_by": "ops", "verified_at": "2026-10-01"}""".formatted(question));
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        long edited = System.nanoTime();
        HttpResponse<String> seen;
        do { // B's watch of the store's knowledge version picks the edit up on a later request: polled, up to a minute
            Thread.sleep(100);
            seen = b.call("GET", "/api/knowledge/queries/carriers_shipping", viewer, null);
        } while (seen.statusCode() == 404 && System.nanoTime() - edited < 60_000_000_000L);
        assertThat(seen.statusCode()).as("B serves A's edit").isEqualTo(200);

        JsonNode after = json(b.call("POST", "/api/ask", editor, ask));
        assertThat(after.path("verified").asBoolean()).as("B answers with A's verified query: " + after).isTrue();
        assertThat(after.at("/provenance/sql/0").asText()).contains("count(DISTINCT carrier)");
    }

    @Test
    void one_eval_run_at_a_time_across_both_servers() throws Exception {
        HttpResponse<String> started = a.call("POST", "/api/evals", editor, "{\"tag\": \"not_held\", \"parallel\": 1}");
        assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
        String first = json(started).get("id").asText();

        HttpResponse<String> refused = b.call("POST", "/api/evals", editor, "{\"tag\": \"not_held\"}");
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
        assertThat(json(refused).get("code").asText()).isEqualTo("eval_running");
        assertThat(json(refused).get("message").asText()).contains("eval run " + first + " is still running");
        JsonNode latest = json(b.call("GET", "/api/evals", viewer, null)).get(0);
        assertThat(latest.get("id").asText()).isEqualTo(first);
        assertThat(latest.get("status").asText()).as("B sees A's run going, and leaves it be").isEqualTo("running");

        waitUntilDone(first);
        HttpResponse<String> next = b.call("POST", "/api/evals", editor, "{\"tag\": \"not_held\"}");
        assertThat(next.statusCode()).as("once A's run is done, B may start one: " + next.body()).isEqualTo(202);
        waitUntilDone(json(next).get("id").asText());
    }

    private static void waitUntilDone(String id) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            if (!json(b.call("GET", "/api/evals/" + id, viewer, null)).at("/run/status").asText().equals("running")) return;
            Thread.sleep(100);
        }
        throw new AssertionError("eval run " + id + " did not finish in 60 s");
    }
}
