package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ApiServer;
import dev.almanac.server.ServerContext;
import dev.almanac.store.ThreadStore;
import dev.almanac.testing.EmbeddedPostgres;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Threads over real HTTP on both app stores (the project's SQLite file, a real PostgreSQL): each is listed under where it
 * was started (the web app, the API, the command line, eval runs), renamed and deleted, with 4xx JSON for a missing
 * thread or a bad title; errors that a user of the server reads name no command to run.
 */
class ApiThreadsTest {
    @TempDir
    static Path home;
    static final Map<String, ApiFixture> SERVERS = new HashMap<>();

    /** One server per app store, started when a test first needs it. */
    static synchronized ApiFixture api(String engine) {
        return SERVERS.computeIfAbsent(engine, e -> new ApiFixture(home, "threads-" + e, "none", new ServerContext.Settings(0, 64 * 1024, 1000),
                e.equals("postgresql") ? EmbeddedPostgres.shared().createDatabase("api_threads") : null));
    }

    @AfterAll
    static void stop() {
        SERVERS.values().forEach(ApiFixture::close);
    }

    static JsonNode json(HttpResponse<String> r) throws Exception {
        return ApiFixture.json(r);
    }

    static String ask(ApiFixture api, String question, String origin) throws Exception {
        String body = "{\"question\": " + Json.MAPPER.writeValueAsString(question) + (origin == null ? "" : ", \"origin\": \"" + origin + "\"") + "}";
        HttpResponse<String> r = api.call("POST", "/api/ask", api.viewer, body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return json(r).get("thread_id").asText();
    }

    static List<String> listed(ApiFixture api, String query) throws Exception {
        HttpResponse<String> r = api.call("GET", "/api/threads" + query, api.viewer, null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        json(r).forEach(t -> ids.add(t.get("id").asText()));
        return ids;
    }

    /** An error with the JSON body every error has. */
    static JsonNode refused(HttpResponse<String> r, int status, String code) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        JsonNode body = json(r);
        assertThat(body.get("code").asText()).isEqualTo(code);
        assertThat(body.get("message").asText()).isNotBlank();
        return body;
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void the_list_holds_the_web_and_api_threads_unless_asked_for_those_of_the_command_line_and_eval_runs(String engine) throws Exception {
        ApiFixture api = api(engine);
        String web = ask(api, "What was MRR in September 2026?", "web");
        String script = ask(api, "What was total marketing spend in 2024?", null);
        CliTest.Run run = CliTest.run("ask", "What was MRR in September 2026?", "--project", api.project.toString(), "--llm", "none", "--format", "json");
        assertThat(run.code()).as(run.err()).isZero();
        String cli = Json.MAPPER.readTree(run.out()).get("thread_id").asText();
        String eval = new ThreadStore(api.ws.appStore(), ThreadStore.Origin.eval).create(api.ws.requireProject(), "What was MRR in September 2026?");

        JsonNode rows = json(api.call("GET", "/api/threads", api.viewer, null));
        assertThat(listed(api, "")).contains(web, script).doesNotContain(cli, eval);
        JsonNode row = null;
        for (JsonNode t : rows) if (t.get("id").asText().equals(web)) row = t;
        assertThat(row).isNotNull();
        assertThat(row.get("origin").asText()).isEqualTo("web");
        assertThat(row.get("title").asText()).isEqualTo("What was MRR in September 2026?");
        assertThat(row.get("created_at").asText()).matches("\\d{4}-\\d{2}-\\d{2}T.*Z");
        assertThat(row.get("updated_at").asText()).matches("\\d{4}-\\d{2}-\\d{2}T.*Z");
        assertThat(listed(api, "?origin=all")).contains(web, script, cli, eval);
        assertThat(listed(api, "?origin=cli,eval")).contains(cli, eval).doesNotContain(web, script);
        assertThat(listed(api, "?origin=api")).contains(script).doesNotContain(web, cli, eval);
        JsonNode bad = refused(api.call("GET", "/api/threads?origin=web,slack", api.viewer, null), 400, "bad_request");
        assertThat(bad.get("message").asText()).contains("slack", "web, api, cli, eval, mcp", "all");
        refused(api.call("POST", "/api/ask", api.viewer, "{\"question\": \"What was MRR?\", \"origin\": \"cli\"}"), 400, "bad_request");
        refused(api.call("POST", "/api/ask", api.viewer, "{\"question\": \"What was MRR?\", \"origin\": 7}"), 400, "bad_request");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void a_viewer_renames_and_deletes_a_thread_and_a_missing_thread_or_a_bad_title_is_a_4xx(String engine) throws Exception {
        ApiFixture api = api(engine);
        String id = ask(api, "What was MRR in September 2026?", "web");
        String other = ask(api, "What was MRR in September 2026?", "web");

        HttpResponse<String> renamed = api.call("PATCH", "/api/threads/" + id, api.viewer, "{\"title\": \"  MRR,\\n September \\u200b2026 \"}");
        assertThat(renamed.statusCode()).as(renamed.body()).isEqualTo(200);
        assertThat(json(renamed).get("title").asText()).as("spaces and invisible characters tidied").isEqualTo("MRR, September 2026");
        assertThat(json(renamed).get("id").asText()).isEqualTo(id);
        String longest = "m".repeat(ThreadStore.MAX_TITLE);
        assertThat(json(api.call("PATCH", "/api/threads/" + id, api.viewer, "{\"title\": \"" + longest + "\"}")).get("title").asText()).isEqualTo(longest);

        for (String body : List.of("{\"title\": \"\"}", "{\"title\": \"   \"}", "{\"title\": \"\\u200b\\u200e\"}", "{\"title\": \"" + "m".repeat(ThreadStore.MAX_TITLE + 1) + "\"}",
                "{}", "{\"title\": null}", "{\"title\": 42}", "{\"name\": \"x\"}", "not json")) {
            HttpResponse<String> r = api.call("PATCH", "/api/threads/" + id, api.viewer, body);
            assertThat(r.statusCode()).as(body + " -> " + r.body()).isEqualTo(400);
            assertThat(json(r).get("message").asText()).as(body).isNotBlank();
        }
        assertThat(json(api.call("PATCH", "/api/threads/" + id, api.viewer, "{\"title\": \"\"}")).get("message").asText()).contains("empty");
        assertThat(json(api.call("PATCH", "/api/threads/" + id, api.viewer, "{\"title\": \"" + "m".repeat(501) + "\"}")).get("message").asText())
                .contains("501", "500");
        assertThat(json(api.call("GET", "/api/threads?limit=1000", api.viewer, null)).findValuesAsText("title")).as("refused titles changed nothing").contains(longest);
        refused(api.call("PATCH", "/api/threads/no-such-thread", api.viewer, "{\"title\": \"x\"}"), 404, "unknown_thread");

        assertThat(api.call("DELETE", "/api/threads/" + id, api.viewer, null).statusCode()).isEqualTo(204);
        refused(api.call("GET", "/api/threads/" + id, api.viewer, null), 404, "unknown_thread");
        refused(api.call("GET", "/api/threads/" + id + "/dq", api.viewer, null), 404, "unknown_thread");
        assertThat(listed(api, "?origin=all&limit=1000")).doesNotContain(id).contains(other);
        refused(api.call("DELETE", "/api/threads/" + id, api.viewer, null), 404, "unknown_thread");
        refused(api.call("PATCH", "/api/threads/" + id, api.viewer, "{\"title\": \"x\"}"), 404, "unknown_thread");
        assertThat(json(api.call("GET", "/api/threads/" + other, api.viewer, null)).get("turns")).as("the other thread keeps its turns").hasSize(1);
    }

    static final String UNANSWERABLE = "Which carriers deliver late most often?";

    @Test
    void without_a_model_an_unanswerable_question_says_whom_to_ask_not_which_command_to_run() throws Exception {
        ApiFixture api = api("sqlite");
        JsonNode a = json(api.call("POST", "/api/ask", api.viewer, "{\"question\": \"" + UNANSWERABLE + "\", \"origin\": \"web\"}"));
        assertThat(a.get("kind").asText()).isEqualTo("error");
        assertThat(a.get("error_code").asText()).isEqualTo("no_model");
        String text = a.get("answer").asText();
        assertThat(text).contains("no language model is configured", "Ask your Almanac administrator to configure a language model", "ask about:")
                .doesNotContain("almanac config", "--llm", "`almanac");
        JsonNode stored = json(api.call("GET", "/api/threads/" + a.get("thread_id").asText(), api.viewer, null)).at("/turns/0/answer");
        assertThat(stored.get("answer").asText()).as("read back the same way").isEqualTo(text);
        assertThat(stored.get("error_code").asText()).isEqualTo("no_model");
    }

    @Test
    void a_server_whose_model_is_not_set_up_says_whom_to_ask() throws Exception {
        ApiFixture api = api("sqlite");
        ApiServer broken = ServeCommand.start(api.ws, "nosuchprovider:model", new ServerContext.Settings(0, 64 * 1024, 1000));
        try {
            for (String path : List.of("/api/ask", "/api/ask/stream")) {
                HttpResponse<String> r = api.http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://localhost:" + broken.port() + path))
                        .header("Authorization", "Bearer " + api.viewer).POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"question\": \"What was MRR?\"}"))
                        .build(), HttpResponse.BodyHandlers.ofString());
                JsonNode body = refused(r, 503, "model_unavailable");
                assertThat(body.get("message").asText()).as(path).contains("Ask your Almanac administrator").doesNotContain("--llm", "almanac ");
            }
        } finally {
            broken.stop();
        }
    }
}
