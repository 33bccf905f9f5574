package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A knowledge file broken on disk (a hand edit with a mistake) never takes the service down: after a
 * failed import the server keeps answering from the last good knowledge, reports the broken file and
 * line on /api/ready as degraded, and accepts the fix; a server started on broken files starts degraded.
 */
class BrokenKnowledgeTest {
    static final String MRR = "{\"question\": \"What was MRR in September 2026?\"}";

    @TempDir
    Path home;

    @Test
    void a_failed_import_keeps_the_last_good_knowledge_reports_the_file_and_line_and_takes_the_fix() throws Exception {
        try (ApiFixture api = new ApiFixture(home, "broken-project", ServerContext.Settings.DEFAULT.withPort(0))) {
            Path file = api.project.resolve("knowledge/metrics/mrr.yml");
            String good = Files.readString(file);
            int items = ApiFixture.json(api.call("GET", "/api/knowledge/metrics", api.viewer, null)).size();
            Files.writeString(file, good.replace("label: Monthly", "label: [Monthly"));

            HttpResponse<String> imported = api.call("POST", "/api/knowledge/import", api.editor, null);
            assertThat(imported.statusCode()).as(imported.body()).isEqualTo(422);
            // past the store watch's interval: the version it last saw (before the start-up import) has moved, so the next
            // request reloads from the store, and must still find the broken files
            Thread.sleep(dev.almanac.server.KnowledgeWatch.INTERVAL_MS + 200);

            HttpResponse<String> asked = api.call("POST", "/api/ask", api.viewer, MRR);
            assertThat(asked.statusCode()).as(asked.body()).isEqualTo(200);
            assertThat(ApiFixture.json(asked).get("verified").asBoolean()).as("answered from the last good metric").isTrue();
            assertThat(ApiFixture.json(api.call("GET", "/api/knowledge/metrics", api.viewer, null))).hasSize(items);
            assertThat(api.call("GET", "/api/knowledge/metrics/mrr", api.viewer, null).statusCode()).isEqualTo(200);

            HttpResponse<String> ready = api.call("GET", "/api/ready", api.viewer, null);
            assertThat(ready.statusCode()).isEqualTo(200);
            JsonNode r = ApiFixture.json(ready);
            assertThat(r.get("status").asText()).isEqualTo("degraded");
            assertThat(r.get("knowledge_items").asInt()).isPositive();
            assertThat(r.get("knowledge_problems")).as("the broken file and line are named").anySatisfy(problem -> {
                assertThat(problem.get("file").asText()).isEqualTo("metrics/mrr.yml");
                assertThat(problem.get("line").asInt()).as("where the parser stopped, at or after the broken line 2").isBetween(2, 3);
                assertThat(problem.get("at").asText()).startsWith("metrics/mrr.yml:" + problem.get("line").asInt()).contains("YAML");
            });

            // the fix, through the API: the item written whole again
            JsonNode item = ApiFixture.json(api.call("GET", "/api/knowledge/metrics/mrr", api.viewer, null));
            HttpResponse<String> fixed = api.call("PUT", "/api/knowledge/metrics/mrr", api.editor, item.has("item") ? item.get("item").toString() : item.toString());
            assertThat(fixed.statusCode()).as(fixed.body()).isEqualTo(200);
            JsonNode after = ApiFixture.json(api.call("GET", "/api/ready", api.viewer, null));
            assertThat(after.get("status").asText()).isEqualTo("ready");
            assertThat(after.has("knowledge_problems")).isFalse();
        }
    }

    @Test
    void a_server_started_on_broken_files_serves_the_last_good_knowledge_and_a_fixed_folder_imports() throws Exception {
        Path file;
        String good;
        try (ApiFixture first = new ApiFixture(home, "restart-project", ServerContext.Settings.DEFAULT.withPort(0))) {
            file = first.project.resolve("knowledge/metrics/mrr.yml");
            good = Files.readString(file);
        }
        Files.writeString(file, good + "\nsynonyms: [unclosed\n");
        System.setProperty("almanac.home", home.toString());
        GlobalOptions options = new GlobalOptions();
        options.project = home.resolve("restart-project");
        try (Workspace ws = Workspace.open(options, System.err)) {
            var server = ServeCommand.start(ws, "none", ServerContext.Settings.DEFAULT.withPort(0));
            try {
                String token = new dev.almanac.store.UserStore(ws.appStore()).add("rita", "editor", null);
                ApiClient api = new ApiClient(server.port(), token);
                assertThat(api.call("POST", "/api/ask", MRR).statusCode()).isEqualTo(200);
                JsonNode ready = ApiFixture.json(api.call("GET", "/api/ready", null));
                assertThat(ready.get("status").asText()).isEqualTo("degraded");
                assertThat(ready.get("knowledge_problems")).anySatisfy(p -> assertThat(p.get("file").asText()).isEqualTo("metrics/mrr.yml"));

                Files.writeString(file, good);
                assertThat(api.call("POST", "/api/knowledge/import", null).statusCode()).isEqualTo(200);
                assertThat(ApiFixture.json(api.call("GET", "/api/ready", null)).get("status").asText()).isEqualTo("ready");
            } finally {
                server.stop();
                System.clearProperty("almanac.home");
            }
        }
    }

    /** Calls one server with one token. */
    record ApiClient(int port, String token) {
        HttpResponse<String> call(String method, String path, String body) throws Exception {
            var b = java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://localhost:" + port + path)).header("Authorization", "Bearer " + token);
            b.method(method, body == null ? java.net.http.HttpRequest.BodyPublishers.noBody() : java.net.http.HttpRequest.BodyPublishers.ofString(body));
            if (body != null) b.header("Content-Type", "application/json");
            return java.net.http.HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
        }
    }
}
