package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.testing.DemoWarehouse;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `almanac why` on the demo warehouse: the change as the data holds it, split into parts that add up; bad input exits 2. */
class WhyCommandTest {
    @TempDir
    static Path home;
    static String project;

    @BeforeAll
    static void setUp() {
        System.setProperty("almanac.home", home.toString());
        project = DemoWarehouse.projectDir().toString();
    }

    @AfterAll
    static void tearDown() {
        System.clearProperty("almanac.home");
    }

    @Test
    void the_change_is_the_datas_and_each_split_adds_up_to_it_as_shown() throws Exception {
        CliTest.Run r = CliTest.run("why", "--metric", "shop_revenue", "--from", "2026-Q1", "--to", "2026-Q2", "--format", "json", "--project", project);
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode c = new ObjectMapper().readTree(r.out());
        BigDecimal q1 = c.path("value_before").decimalValue();
        BigDecimal q2 = c.path("value_after").decimalValue();
        assertThat(c.path("change").decimalValue()).isEqualByComparingTo(q2.subtract(q1));
        assertThat(c.path("dimensions").size()).isGreaterThan(1);
        for (JsonNode split : c.path("dimensions")) {
            BigDecimal shown = BigDecimal.ZERO;
            for (JsonNode v : split.path("values")) shown = shown.add(v.path("shown").decimalValue());
            assertThat(shown).as(split.path("dimension").asText()).isEqualByComparingTo(c.path("shown_change").decimalValue());
        }
        assertThat(c.path("queries").size()).isGreaterThan(c.path("dimensions").size());
        // the text says where the change sits, never what caused it, and lists its queries
        CliTest.Run text = CliTest.run("why", "--metric", "shop_revenue", "--to", "2026-Q2", "--project", project);
        assertThat(text.code()).isZero();
        assertThat(text.out()).contains("from Q1 2026 to Q2 2026", "Queries:", "1. Shop revenue, Q2 2026 against Q1 2026").doesNotContain("because");
    }

    @Test
    void a_bad_period_an_unknown_metric_or_an_average_exits_2_with_one_line() {
        for (List<String> args : List.of(List.of("--metric", "mrr", "--to", "August"), List.of("--metric", "no_such_metric", "--to", "2026-08"),
                List.of("--metric", "mrr", "--to", "2026-08", "--by", "no_such_dimension"))) {
            List<String> all = new java.util.ArrayList<>(List.of("why"));
            all.addAll(args);
            all.addAll(List.of("--project", project));
            CliTest.Run r = CliTest.run(all.toArray(String[]::new));
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
            assertThat(r.err()).doesNotContain("Exception");
        }
    }
}
