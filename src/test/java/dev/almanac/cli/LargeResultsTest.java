package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import dev.almanac.testing.DemoWarehouse;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results bounded in bytes wherever they go: the CLI's output, an answer over the API and the turn it stores. */
class LargeResultsTest {
    @TempDir
    static Path home;

    /** Before each test: the API fixture clears the home folder's property when it closes. */
    @BeforeEach
    void useScratchHome() {
        System.setProperty("almanac.home", home.toString());
    }

    @AfterAll
    static void forgetScratchHome() {
        System.clearProperty("almanac.home");
    }

    @Test
    void a_list_of_five_million_numbers_prints_quickly_and_bounded() throws Exception {
        // the baseline, measured here: the engine building the same list, only its length printed (both with time to spare
        // beyond the default 30 s timeout, for a machine whose cores are all busy: the suite runs in two JVMs)
        long t0 = System.nanoTime();
        CliTest.Run built = CliTest.run("sql", "SELECT len(range(5000000)) AS n", "--db", DemoWarehouse.file().toString(), "--format", "json",
                "--timeout", "120");
        long engine = System.nanoTime() - t0;
        assertThat(built.code()).as(built.err()).isZero();
        long start = System.nanoTime();
        CliTest.Run r = CliTest.run("sql", "SELECT range(5000000) AS r", "--db", DemoWarehouse.file().toString(), "--format", "json",
                "--timeout", "120");
        long printed = System.nanoTime() - start;
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().length()).as("the output").isLessThan(80_000);
        JsonNode json = Json.MAPPER.readTree(r.out());
        assertThat(json.get("truncated").asBoolean()).isTrue();
        assertThat(json.get("truncated_by").asText()).isEqualTo("cell_bytes");
        assertThat(json.at("/rows/0/0").asText()).startsWith("[0, 1, 2, 3").endsWith("… [cut: 5000000 items in all]");
        assertThat(printed).as("most of it is the engine building the list (%d ms alone); the whole list of twenty million used to be "
                + "written out in 34 s, ten times that", engine / 1_000_000).isLessThan(4 * engine + 2_000_000_000L);
    }

    @Test
    void the_byte_budgets_are_options_of_sql_next_to_the_row_cap() {
        String db = DemoWarehouse.file().toString();
        CliTest.Run r = CliTest.run("sql", "SELECT i, repeat('m', 100) AS m FROM range(100) t(i)", "--db", db, "--max-result-bytes", "1000");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("(9 rows; truncated at the result's byte budget, the query returns more)");

        CliTest.Run cell = CliTest.run("sql", "SELECT repeat('m', 1000) AS m", "--db", db, "--max-cell-bytes", "100", "--format", "csv");
        assertThat(cell.out().strip()).endsWith("… [cut: 1000 characters in all]");
        assertThat(cell.out().lines().skip(1).findFirst().orElseThrow().getBytes(java.nio.charset.StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(100);

        for (String option : new String[] {"--max-cell-bytes", "--max-result-bytes"}) {
            CliTest.Run bad = CliTest.run("sql", "SELECT 1", "--db", db, option, "10");
            assertThat(bad.code()).isEqualTo(2);
            assertThat(bad.err().strip()).doesNotContain("\n").contains(option + " must be at least 64");
        }
    }

    @Test
    void an_answer_with_a_five_million_character_cell_is_small_flagged_and_its_stored_turn_reads_back_as_json(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("long.yml");
        Files.writeString(script, """
                turns:
                  - tool_calls:
                      - name: submit_result
                        arguments:
                          queries: [{name: c, sql: "SELECT repeat('x', 5000000) AS note, 5000000 AS n"}]
                          template: "The note is {c.n|int} characters long."
                  - text: PASS
                  - text: PASS
                """);
        try (ApiFixture api = new ApiFixture(home, "large-results", "script:" + script, new ServerContext.Settings(0, 64 * 1024, 100))) {
            HttpResponse<String> r = api.call("POST", "/api/ask", api.viewer, "{\"question\": \"How long is the longest note we keep?\"}");
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(r.body().length()).as("the response").isLessThan(200_000);
            JsonNode a = ApiFixture.json(r);
            assertThat(a.get("kind").asText()).as(r.body().substring(0, Math.min(2000, r.body().length()))).isEqualTo("result");
            assertThat(a.at("/data/truncated").asBoolean()).isTrue();
            assertThat(a.at("/data/rows/0/0").asText()).startsWith("xxxx").endsWith("… [cut: 5000000 characters in all]");

            JsonNode thread = ApiFixture.json(api.call("GET", "/api/threads/" + a.get("thread_id").asText(), api.viewer, null));
            JsonNode stored = thread.at("/turns/0/answer");
            assertThat(stored.isObject()).as("the stored turn reads back as JSON: " + stored.toString().substring(0, 200)).isTrue();
            assertThat(stored.at("/data/truncated").asBoolean()).isTrue();
            assertThat(stored.at("/data/rows/0/0").asText()).endsWith("… [cut: 5000000 characters in all]");
        }
    }
}
