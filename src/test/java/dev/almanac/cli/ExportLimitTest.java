package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ExportLimits;
import dev.almanac.server.ServerContext;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole-result downloads are bounded: a user may run only so many at once (429 beyond), their temporary files share one
 * disk budget (429 while others hold it, 422 for a result larger than all of it), and a slot is given back when its
 * client goes away.
 */
class ExportLimitTest {
    @TempDir
    static Path home;

    @AfterAll
    static void forgetScratchHome() {
        System.clearProperty("almanac.home");
    }

    @Test
    void downloads_beyond_the_limits_are_refused_with_429_and_a_slot_comes_back_when_its_client_leaves(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("exports.yml");
        Files.writeString(script, """
                turns:
                  - tool_calls:
                      - name: submit_result
                        arguments:
                          queries: [{name: o, sql: "SELECT i, 'row number ' || i AS label FROM range(1000000) t(i)"}]
                          template: "Here are the rows ({o.row_count} shown)."
                  - text: PASS
                  - text: PASS
                """);
        Path wideScript = dir.resolve("wide.yml");
        Files.writeString(wideScript, Files.readString(script).replace("'row number ' || i AS label", "repeat('x', 80) AS wide"));
        // about 26 MB for the first answer's file, 90 MB for the second's
        ServerContext.Settings settings = new ServerContext.Settings(0, 64 * 1024, 100).withExports(new ExportLimits(1, 4, 40L << 20));
        try (ApiFixture api = new ApiFixture(home, "export-limits", "script:" + script, settings)) {
            String rows = csvPath(api, "List the generated rows");

            try (Socket stalled = stalledDownload(api, rows, api.viewer)) {
                HttpResponse<String> again = api.call("GET", rows, api.viewer, null);
                assertThat(again.statusCode()).as(again.body()).isEqualTo(429);
                JsonNode refusal = ApiFixture.json(again);
                assertThat(refusal.get("code").asText()).isEqualTo("too_many_exports");
                assertThat(refusal.get("message").asText()).contains("exports_per_user");

                HttpResponse<String> other = api.call("GET", rows, api.editor, null);
                assertThat(other.statusCode()).as("another user, while the first file holds the space").isEqualTo(429);
                assertThat(ApiFixture.json(other).get("code").asText()).isEqualTo("export_space_busy");
            }

            HttpResponse<String> after = null;
            for (int i = 0; i < 600; i++) { // the server notices the closed connection at its next write
                after = api.call("GET", rows, api.viewer, null);
                if (after.statusCode() != 429) break;
                Thread.sleep(50);
            }
            assertThat(after.statusCode()).as("once the stalled client left").isEqualTo(200);
            assertThat(after.body().lines().count()).isEqualTo(1_000_001);

            dev.almanac.server.ApiServer wideServer = ServeCommand.start(api.ws, "script:" + wideScript, settings);
            try {
                HttpResponse<String> asked = api.http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                                "http://localhost:" + wideServer.port() + "/api/ask")).header("Authorization", "Bearer " + api.admin)
                        .header("Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                                "{\"question\": \"List the wide rows\"}")).build(), HttpResponse.BodyHandlers.ofString());
                JsonNode a = ApiFixture.json(asked);
                HttpResponse<String> tooLarge = api.http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://localhost:"
                                + wideServer.port() + "/api/threads/" + a.get("thread_id").asText() + "/turns/" + a.get("turn_id").asText() + "/csv"))
                        .header("Authorization", "Bearer " + api.admin).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(tooLarge.statusCode()).as(tooLarge.body()).isEqualTo(422);
                assertThat(ApiFixture.json(tooLarge).get("code").asText()).isEqualTo("export_too_large");
                assertThat(ApiFixture.json(tooLarge).get("message").asText()).contains("export_disk_budget");
            } finally {
                wideServer.stop();
            }

            HttpResponse<String> health = api.call("GET", rows, api.editor, null);
            assertThat(health.statusCode()).as("every slot and byte was given back").isEqualTo(200);
        }
    }

    private static String csvPath(ApiFixture api, String question) throws Exception {
        HttpResponse<String> asked = api.call("POST", "/api/ask", api.viewer, "{\"question\": \"" + question + "\"}");
        JsonNode a = ApiFixture.json(asked);
        assertThat(a.has("turn_id")).as(asked.body()).isTrue();
        return "/api/threads/" + a.get("thread_id").asText() + "/turns/" + a.get("turn_id").asText() + "/csv";
    }

    /** A download whose client reads the status line and then nothing more: the server blocks writing the body. */
    private static Socket stalledDownload(ApiFixture api, String path, String token) throws Exception {
        Socket s = new Socket();
        s.setReceiveBufferSize(4096);
        s.connect(new InetSocketAddress("localhost", api.server.port()));
        OutputStream out = s.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + token + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = s.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().contains("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) break;
            head.append((char) b);
        }
        assertThat(head.toString()).startsWith("HTTP/1.1 200");
        return s;
    }
}
