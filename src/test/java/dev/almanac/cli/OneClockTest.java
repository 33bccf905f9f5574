package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ApiServer;
import dev.almanac.server.ServerContext;
import dev.almanac.store.UserStore;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Now" comes from one setting (--now, $ALMANAC_NOW, now: in config.yml), never from the machine's clock deep inside: the
 * commands, the server's answers, the records it writes and the day the web app dates its conversation list by all follow it.
 * The suite runs with ALMANAC_NOW=2026-11-22 (pom.xml); here a day far from it, 15 June 2025, shows each part takes the setting.
 */
class OneClockTest {
    @TempDir
    static Path home;
    static Path project;

    @BeforeAll
    static void setUp() {
        System.setProperty("almanac.home", home.toString());
        project = dev.almanac.testing.ScratchProject.create(home.resolve("clock"), "Clock");
    }

    @AfterAll
    static void tearDown() {
        System.clearProperty("almanac.home");
    }

    @Test
    void the_now_option_resolves_relative_periods_in_every_command_that_reads_them() throws Exception {
        CliTest.Run ask = CliTest.run("ask", "How many new customers signed up last year?", "--now", "2025-06-15", "--llm", "none", "--format", "json",
                "--project", project.toString());
        assertThat(ask.code()).as(ask.err()).isZero();
        assertThat(Json.MAPPER.readTree(ask.out()).at("/provenance/filters").toString()).contains("2024").doesNotContain("2025");
        CliTest.Run before = CliTest.run("--now", "2025-06-15", "ask", "How many new customers signed up last year?", "--llm", "none", "--format", "json",
                "--project", project.toString());
        assertThat(Json.MAPPER.readTree(before.out()).at("/provenance/filters").toString()).as("given before the command name").contains("2024").doesNotContain("2025");
        CliTest.Run dq = CliTest.run("dq", "--sql", "SELECT count(*) FROM customers WHERE signup_date >= DATE '2024-01-01' AND signup_date < DATE '2025-01-01'",
                "--question", "How many customers signed up last year?", "--now", "2025-06-15", "--format", "json", "--project", project.toString());
        assertThat(dq.code()).as(dq.err()).isZero();
        assertThat(Json.MAPPER.readTree(dq.out()).get("requested").asText()).startsWith("2024");
        assertThat(CliTest.run("ask", "MRR?", "--now", "yesterday", "--project", project.toString()).err().strip())
                .isEqualTo("almanac: invalid now 'yesterday': expected a date written YYYY-MM-DD or an instant such as 2027-01-02T10:00:00Z");
    }

    @Test
    void the_server_answers_stamps_its_records_and_tells_the_web_app_the_time_by_its_setting() throws Exception {
        GlobalOptions options = new GlobalOptions();
        options.project = project;
        options.now = "2025-06-15";
        try (Workspace ws = Workspace.open(options, System.err)) {
            ApiServer server = ServeCommand.start(ws, "none", new ServerContext.Settings(0, 64 * 1024, 100));
            try {
                String viewer = new UserStore(ws.appStore()).add("clock-viewer", "viewer", null);
                var http = java.net.http.HttpClient.newHttpClient();
                java.util.function.BiFunction<String, String, JsonNode> call = (path, body) -> {
                    try {
                        var b = java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://localhost:" + server.port() + path))
                                .header("Authorization", "Bearer " + viewer);
                        if (body != null) b.header("Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofString(body));
                        return Json.MAPPER.readTree(http.send(b.build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                };
                JsonNode me = call.apply("/api/me", null);
                assertThat(me.get("now").asText()).as("the web app dates its conversation list by this").startsWith("2025-06-15T");
                JsonNode a = call.apply("/api/ask", "{\"question\": \"How many new customers signed up last year?\"}");
                assertThat(a.at("/provenance/filters").toString()).as(a.toString()).contains("2024").doesNotContain("2025");
                JsonNode threads = call.apply("/api/threads", null);
                assertThat(threads).isNotEmpty();
                assertThat(threads.get(0).get("updated_at").asText()).as("records are stamped by the same clock").startsWith("2025-06-15T");
            } finally {
                server.stop();
            }
        }
    }
}
