package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import dev.almanac.sql.QueryLimits;
import dev.almanac.testing.DemoWarehouse;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A result longer than the row cap is an answer, and its whole is a download: `sql --format csv` and `ask --format csv`
 * write every row, and the API serves a turn's whole result as CSV, counted against the database.
 */
class WholeResultExportTest {
    @TempDir
    static Path home;

    @BeforeEach
    void useScratchHome() {
        System.setProperty("almanac.home", home.toString());
    }

    @AfterAll
    static void forgetScratchHome() {
        System.clearProperty("almanac.home");
    }

    /** A script whose model lists every customer (many more than the row cap), then passes both reviews. */
    static Path everyCustomerScript(Path dir) throws Exception {
        Path script = dir.resolve("orders.yml");
        Files.writeString(script, """
                turns:
                  - tool_calls:
                      - name: submit_result
                        arguments:
                          queries: [{name: o, sql: "SELECT customer_id, company_name FROM customers ORDER BY customer_id"}]
                          template: "Here are our customers ({o.row_count} shown)."
                  - text: PASS
                  - text: PASS
                """);
        return script;
    }

    static long customers() {
        CliTest.Run n = CliTest.run("sql", "SELECT count(*) AS n FROM customers", "--db", DemoWarehouse.file().toString(), "--format", "csv");
        return Long.parseLong(n.out().lines().skip(1).findFirst().orElseThrow());
    }

    @Test
    void sql_as_csv_writes_every_row_past_the_row_cap_unless_a_cap_is_given() {
        String db = DemoWarehouse.file().toString();
        CliTest.Run all = CliTest.run("sql", "SELECT i, 'row ' || i AS label FROM range(2500) t(i)", "--db", db, "--format", "csv");
        assertThat(all.code()).as(all.err()).isZero();
        List<String> lines = all.out().lines().toList();
        assertThat(lines).hasSize(2501);
        assertThat(lines.get(0)).isEqualTo("i,label");
        assertThat(lines.get(2500)).isEqualTo("2499,row 2499");
        assertThat(all.err()).isEmpty();

        CliTest.Run capped = CliTest.run("sql", "SELECT i FROM range(2500) t(i)", "--db", db, "--format", "csv", "--max-rows", "7");
        assertThat(capped.out().lines()).hasSize(8);
        assertThat(CliTest.run("sql", "SELECT i FROM range(2500) t(i)", "--db", db).out()).contains("(1000 rows; truncated at the row cap");
    }

    @Test
    void ask_as_csv_writes_the_answers_whole_result_with_its_text_on_standard_error(@TempDir Path dir) throws Exception {
        Path script = everyCustomerScript(dir);
        long customers = customers();
        assertThat(customers).as("the demo has more customers than the row cap").isGreaterThan(QueryLimits.DEFAULT.maxRows());
        CliTest.Run r = CliTest.run("ask", "List every customer id with its name", "--project", dev.almanac.testing.ScratchProject.create(dir.resolve("csv-project"), "CSV").toString(),
                "--llm", "script:" + script, "--format", "csv");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("customer_id,company_name");
        assertThat(lines).hasSize((int) customers + 1);
        assertThat(r.err()).contains("Here are our customers (1000 shown).");
    }

    @Test
    void the_api_serves_a_long_answers_whole_result_as_csv_and_says_how_many_rows_it_has(@TempDir Path dir) throws Exception {
        Path script = everyCustomerScript(dir);
        try (ApiFixture api = new ApiFixture(home, "export", "script:" + script, new ServerContext.Settings(0, 64 * 1024, 100))) {
            long customers = ((Number) api.ws.executor(QueryLimits.DEFAULT).execute("SELECT count(*) FROM customers").rows().get(0).get(0)).longValue();
            HttpResponse<String> asked = api.call("POST", "/api/ask", api.viewer, "{\"question\": \"List every customer id with its name\"}");
            JsonNode a = ApiFixture.json(asked);
            assertThat(a.get("confidence").asText()).as(asked.body().substring(0, 300)).isEqualTo("high");
            assertThat(a.at("/data/row_count").asInt()).isEqualTo(1000);
            assertThat(a.at("/data/total_rows").asLong()).isEqualTo(customers);
            assertThat(a.at("/provenance/caveats").toString())
                    .contains("The result has " + String.format(Locale.ROOT, "%,d", customers) + " rows in all; the first 1,000 are shown.");

            String path = "/api/threads/" + a.get("thread_id").asText() + "/turns/" + a.get("turn_id").asText() + "/csv";
            HttpResponse<String> csv = api.call("GET", path, api.viewer, null);
            assertThat(csv.statusCode()).as(csv.body()).isEqualTo(200);
            assertThat(csv.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
            assertThat(csv.headers().firstValue("Content-Disposition").orElse("")).contains("attachment").contains(".csv");
            assertThat(csv.headers().firstValue("X-Almanac-Rows")).contains(String.valueOf(customers));
            assertThat(csv.headers().firstValue("X-Almanac-Truncated")).contains("false");
            assertThat(csv.body()).startsWith("customer_id,company_name\r\n").endsWith("\r\n");
            List<String> lines = csv.body().lines().toList();
            assertThat(lines).hasSize((int) customers + 1);
            long distinct = lines.stream().skip(1).map(l -> l.split(",")[0]).distinct().count();
            assertThat(distinct).as("every customer once").isEqualTo(customers);

            assertThat(api.call("GET", path, null, null).statusCode()).isEqualTo(401);
            HttpResponse<String> unknown = api.call("GET", "/api/threads/" + a.get("thread_id").asText() + "/turns/not-a-turn/csv", api.viewer, null);
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(ApiFixture.json(unknown).get("code").asText()).isEqualTo("unknown_turn");
            HttpResponse<String> audit = api.call("GET", "/api/audit?limit=5", api.admin, null);
            assertThat(audit.body()).as("the download's query is audited").contains("SELECT customer_id, company_name FROM customers ORDER BY customer_id");
        }
    }
}
