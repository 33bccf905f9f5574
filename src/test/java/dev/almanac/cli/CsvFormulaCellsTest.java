package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ServerContext;
import dev.almanac.testing.DemoWarehouse;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CSV that a spreadsheet opens does not run what the data holds (OWASP, "CSV Injection"): a text cell starting with =, +,
 * -, @, a tab or a carriage return is written with a leading single quote, on the command line ({@code sql --format csv},
 * streamed or capped) and in the API's download, unless raw cells are asked for ({@code --csv-raw}, {@code ?raw=true});
 * numbers, negative ones included, stay numbers.
 */
class CsvFormulaCellsTest {
    @TempDir
    static Path home;

    /** Text cells of each dangerous start, a negative decimal and integer, the same number as text, and plain text. */
    static final String QUERY = "SELECT '=1+2' AS f, '+SUM(A1)' AS p, '-2+3' AS m, '@SUM(A1)' AS a, chr(9) || '=1' AS tab, chr(13) || '=1' AS cr, "
            + "-12.5 AS neg, CAST(-3 AS INTEGER) AS i, '-12.5' AS negtext, 'plain' AS ok, 'a=b' AS inner_eq, 1 AS \"=header\"";

    static final String HEADER = "f,p,m,a,tab,cr,neg,i,negtext,ok,inner_eq,'=header";
    static final String NEUTRALISED = "'=1+2,'+SUM(A1),'-2+3,'@SUM(A1),'\t=1,\"'\r=1\",-12.5,-3,'-12.5,plain,a=b,1";
    static final String RAW_HEADER = "f,p,m,a,tab,cr,neg,i,negtext,ok,inner_eq,=header";
    static final String RAW = "=1+2,+SUM(A1),-2+3,@SUM(A1),\t=1,\"\r=1\",-12.5,-3,-12.5,plain,a=b,1";

    @BeforeEach
    void useScratchHome() {
        System.setProperty("almanac.home", home.toString());
    }

    @AfterAll
    static void forgetScratchHome() {
        System.clearProperty("almanac.home");
    }

    static List<String> records(String csv, String newline) {
        return List.of(csv.split(newline, -1));
    }

    @Test
    void sql_as_csv_neutralises_text_cells_a_spreadsheet_would_run_and_keeps_negative_numbers() {
        String db = DemoWarehouse.file().toString();
        CliTest.Run streamed = CliTest.run("sql", QUERY, "--db", db, "--format", "csv");
        assertThat(streamed.code()).as(streamed.err()).isZero();
        assertThat(records(streamed.out(), "\n")).containsExactly(HEADER, NEUTRALISED, "");

        CliTest.Run capped = CliTest.run("sql", QUERY, "--db", db, "--format", "csv", "--max-rows", "5");
        assertThat(capped.code()).as(capped.err()).isZero();
        assertThat(records(capped.out(), "\n")).as("the capped path writes the same cells").containsExactly(HEADER, NEUTRALISED, "");
    }

    @Test
    void sql_as_csv_raw_writes_cells_as_they_are() {
        String db = DemoWarehouse.file().toString();
        CliTest.Run raw = CliTest.run("sql", QUERY, "--db", db, "--format", "csv", "--csv-raw");
        assertThat(raw.code()).as(raw.err()).isZero();
        assertThat(records(raw.out(), "\n")).containsExactly(RAW_HEADER, RAW, "");
        assertThat(records(CliTest.run("sql", QUERY, "--db", db, "--format", "csv", "--csv-raw", "--max-rows", "5").out(), "\n"))
                .containsExactly(RAW_HEADER, RAW, "");

        CliTest.Run alone = CliTest.run("sql", QUERY, "--db", db, "--csv-raw");
        assertThat(alone.code()).isEqualTo(2);
        assertThat(alone.err().strip()).doesNotContain("\n").contains("--csv-raw goes with --format csv");
    }

    @Test
    void the_api_download_neutralises_formula_cells_unless_raw_is_asked_for(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("formulas.yml");
        Files.writeString(script, """
                turns:
                  - tool_calls:
                      - name: submit_result
                        arguments:
                          queries: [{name: o, sql: %s}]
                          template: "Here are the cells ({o.row_count} row)."
                  - text: PASS
                  - text: PASS
                """.formatted(Json.MAPPER.writeValueAsString(QUERY)));
        try (ApiFixture api = new ApiFixture(home, "formulas", "script:" + script, new ServerContext.Settings(0, 64 * 1024, 100))) {
            HttpResponse<String> asked = api.call("POST", "/api/ask", api.viewer, "{\"question\": \"Show me the formula cells\"}");
            assertThat(asked.statusCode()).as(asked.body()).isEqualTo(200);
            JsonNode a = ApiFixture.json(asked);
            assertThat(a.at("/data/row_count").asInt()).as(asked.body()).isEqualTo(1);
            String path = "/api/threads/" + a.get("thread_id").asText() + "/turns/" + a.get("turn_id").asText() + "/csv";

            HttpResponse<String> safe = api.call("GET", path, api.viewer, null);
            assertThat(safe.statusCode()).as(safe.body()).isEqualTo(200);
            assertThat(records(safe.body(), "\r\n")).containsExactly(HEADER, NEUTRALISED, "");
            assertThat(records(api.call("GET", path + "?raw=false", api.viewer, null).body(), "\r\n")).containsExactly(HEADER, NEUTRALISED, "");

            HttpResponse<String> raw = api.call("GET", path + "?raw=true", api.viewer, null);
            assertThat(raw.statusCode()).as(raw.body()).isEqualTo(200);
            assertThat(records(raw.body(), "\r\n")).containsExactly(RAW_HEADER, RAW, "");

            HttpResponse<String> bad = api.call("GET", path + "?raw=maybe", api.viewer, null);
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(ApiFixture.json(bad).get("code").asText()).isEqualTo("bad_request");
        }
    }
}
