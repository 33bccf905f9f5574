package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `almanac ask --llm none` answered from the semantic model, as people see it: a chart page written offline for a monthly
 * question and none for a single value; tables with labels and formatted values; the JSON's rows raw, with display hints.
 */
class NoModelAnswerPresentationTest {
    @TempDir
    static Path home;
    static String project;

    @BeforeAll
    static void setUp() {
        System.setProperty("almanac.home", home.toString());
        project = dev.almanac.testing.ScratchProject.create(home.resolve("presented"), "Presented").toString();
    }

    @AfterAll
    static void tearDown() {
        System.clearProperty("almanac.home");
    }

    static CliTest.Run ask(String question, String format) {
        CliTest.Run r = CliTest.run("ask", question, "--llm", "none", "--format", format, "--project", project);
        assertThat(r.code()).as(r.err()).isZero();
        return r;
    }

    static final String MONTHLY = "What was shop revenue in Germany per month in the first half of 2026?";

    @Test
    void a_monthly_question_writes_a_line_chart_page_and_a_table_of_months_and_dollars() throws Exception {
        CliTest.Run r = ask(MONTHLY, "text");

        String chartLine = r.out().lines().filter(l -> l.startsWith("Chart: ")).findFirst().orElseThrow();
        Path page = Path.of(chartLine.substring("Chart: ".length()).replaceFirst(" \\(opens offline in a browser\\)$", ""));
        assertThat(page).exists().startsWith(Path.of(project));
        String html = Files.readString(page);
        assertThat(html).contains("vegaEmbed('#chart'", "\"type\":\"line\"", "\"title\":\"Shop revenue\"")
                .contains("<title>Shop revenue per month from January to June 2026, where Country is Germany</title>")
                .doesNotContain("https://cdn");
        String shown = r.out().substring(0, r.out().indexOf(chartLine)); // the answer and its table; provenance follows
        assertThat(shown).contains("Month", "Shop revenue", "January 2026", "June 2026").containsPattern("\\$\\d{1,3}(,\\d{3})*\\.\\d{2}")
                .doesNotContain("2026-01-01", "shop_revenue");
        assertThat(r.out()).contains("Explanation: Shop revenue: ").contains("where Country is Germany", "per month", "from January to June 2026");
        // what the question was read as: the query in words, as the chart is titled
        String title = html.substring(html.indexOf("<title>") + "<title>".length(), html.indexOf("</title>"));
        assertThat(r.out().lines()).contains("Read as: " + title);
    }

    @Test
    void a_single_value_gets_a_sentence_and_no_chart() {
        CliTest.Run r = ask("What was MRR this year?", "text");
        assertThat(r.out()).doesNotContain("Chart: ");
        assertThat(r.out().lines().findFirst().orElseThrow()).matches(".* in 2026 was \\$\\d{1,3}(,\\d{3})*\\.\\d{2}\\.");
    }

    @Test
    void the_json_keeps_raw_rows_and_adds_labels_and_formats() throws Exception {
        JsonNode a = Json.MAPPER.readTree(ask(MONTHLY, "json").out());
        assertThat(a.at("/data/columns/0").asText()).isEqualTo("month");
        assertThat(a.at("/data/rows/0/0").asText()).isEqualTo("2026-01-01");
        assertThat(a.at("/data/rows/0/1").isNumber()).isTrue();
        assertThat(a.at("/data/labels").toString()).isEqualTo("[\"Month\",\"Shop revenue\"]");
        assertThat(a.at("/data/formats/0/kind").asText()).isEqualTo("month");
        assertThat(a.at("/data/formats/1").toString()).isEqualTo("{\"kind\":\"currency\",\"unit\":\"USD\",\"decimals\":2}");
        assertThat(a.at("/chart/mark/type").asText()).isEqualTo("line");
        assertThat(a.at("/chart/data/values")).hasSize(a.at("/data/rows").size());
        assertThat(a.get("answer").asText()).contains("| January 2026 | $");
        assertThat(a.at("/provenance/read_as").asText()).isEqualTo(a.at("/chart/title/text").asText().isEmpty() ? a.at("/chart/title").asText()
                : a.at("/chart/title/text").asText()).contains("where Country is Germany");
    }
}
