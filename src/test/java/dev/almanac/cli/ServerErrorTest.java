package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failure of the server's own (here: its app store gone) is a 500 whose body carries a request id, logged with the stack trace. */
class ServerErrorTest {
    @TempDir
    Path home;

    @Test
    void a_server_error_carries_a_request_id_that_the_log_has_with_the_cause() throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (ApiFixture api = new ApiFixture(home, "server-errors", new ServerContext.Settings(0, 64 * 1024, 100_000))) {
            api.ws.appStore().close(); // the store is gone: every call that needs it fails on our side
            System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
            HttpResponse<String> r = api.call("POST", "/api/ask", api.viewer, "{\"question\": \"What was MRR in September 2026?\"}");
            System.setErr(err);

            assertThat(r.statusCode()).isEqualTo(500);
            JsonNode body = ApiFixture.json(r);
            String id = body.path("request_id").asText();
            assertThat(id).as(r.body()).matches("[0-9a-f]{8}");
            assertThat(body.path("message").asText()).doesNotContain("\n").doesNotContain("at dev.almanac");
            String logged = log.toString(StandardCharsets.UTF_8);
            assertThat(logged).as("the log names the request and the cause").contains("request " + id).contains("POST /api/ask").contains("at dev.almanac");
        } finally {
            System.setErr(err);
        }
    }
}
