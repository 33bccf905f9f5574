package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.testing.DemoWarehouse;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dbt's semantic manifest (a file written from dbt-semantic-interfaces' published shape, over the demo's tables) imported
 * into a project that has no knowledge yet: the metrics answer as hand-written SQL does, what has no counterpart is
 * listed with its place, saved queries become verified queries, and importing again changes nothing.
 */
class DbtSemanticImportTest {
    static final Path MANIFEST = Path.of("src/test/resources/interchange/dbt/semantic_manifest.json").toAbsolutePath();

    @TempDir
    Path home;
    Path project;

    @BeforeEach
    void project() throws Exception {
        System.setProperty("almanac.home", home.toString());
        project = dev.almanac.testing.ScratchProject.empty(home.resolve("dbt-project"), "dbt users");
    }

    @AfterEach
    void forget() {
        System.clearProperty("almanac.home");
    }

    static Map<String, String> csvByFirstColumn(String csv) {
        Map<String, String> out = new HashMap<>();
        csv.lines().skip(1).forEach(l -> out.put(l.substring(0, l.indexOf(',')), l.substring(l.indexOf(',') + 1)));
        return out;
    }

    @Test
    void metrics_answer_as_hand_written_sql_and_what_has_no_counterpart_is_listed() throws Exception {
        CliTest.Run r = CliTest.run("knowledge", "import", "--dbt-semantic", MANIFEST.toString(), "--project", project.toString());
        assertThat(r.code()).as(r.err() + r.out()).isZero();
        assertThat(project.resolve("knowledge/semantic/dbt.yml")).isRegularFile();
        assertThat(project.resolve("knowledge/queries/dbt_invoices_by_status.yml")).isRegularFile();
        assertThat(r.out()).contains("not mapped (2):").doesNotContain("billed_to_date")
                .contains("metrics[billed_in_germany] filter: it filters on client__client_country")
                .contains("metrics[bill_spread]: aggregation 'stddev' has no counterpart")
                .doesNotContain("saved_queries[german_billing]");

        String db = DemoWarehouse.file().toString();
        // billed_to_date: cumulative over amount_billed with the older type_params.grain_to_date: year, so the first half of March
        // adds January and February to it (the year began before the period), and by month each shows its 1st (dbt's period_agg first)
        CliTest.Run toDate = CliTest.run("query", "--metric", "billed_to_date", "--from", "2025-03-01", "--to", "2025-03-16", "--format", "csv",
                "--project", project.toString());
        assertThat(toDate.code()).as(toDate.err()).isZero();
        CliTest.Run handToDate = CliTest.run("sql", "SELECT sum(amount_due) FROM invoices WHERE invoice_date >= DATE '2025-01-01' AND invoice_date < DATE '2025-03-16'",
                "--db", db, "--format", "csv");
        assertThat(new BigDecimal(toDate.out().lines().skip(1).findFirst().orElseThrow()))
                .isEqualByComparingTo(new BigDecimal(handToDate.out().lines().skip(1).findFirst().orElseThrow()));
        CliTest.Run monthly = CliTest.run("query", "--metric", "billed_to_date", "--grain", "month", "--from", "2025-02-01", "--to", "2025-04-01",
                "--format", "csv", "--project", project.toString());
        CliTest.Run handMonthly = CliTest.run("sql", "SELECT m, (SELECT sum(amount_due) FROM invoices WHERE invoice_date >= DATE '2025-01-01' AND invoice_date <= m)"
                + " FROM (VALUES (DATE '2025-02-01'), (DATE '2025-03-01')) AS v(m) ORDER BY m", "--db", db, "--format", "csv");
        assertThat(monthly.code()).as(monthly.err()).isZero();
        Map<String, BigDecimal> byMonth = new HashMap<>(), byHand = new HashMap<>();
        csvByFirstColumn(monthly.out()).forEach((k, v) -> byMonth.put(k, new BigDecimal(v).stripTrailingZeros()));
        csvByFirstColumn(handMonthly.out()).forEach((k, v) -> byHand.put(k, new BigDecimal(v).stripTrailingZeros()));
        assertThat(byMonth).hasSize(2).isEqualTo(byHand);
        CliTest.Run byStatus = CliTest.run("query", "--metric", "invoices_issued", "--by", "bill_status", "--from", "2025-01-01", "--to", "2026-01-01",
                "--format", "csv", "--project", project.toString());
        assertThat(byStatus.code()).as(byStatus.err()).isZero();
        CliTest.Run hand = CliTest.run("sql", "SELECT status, count(*) FROM invoices WHERE invoice_date >= DATE '2025-01-01' AND invoice_date < DATE '2026-01-01' GROUP BY status",
                "--db", db, "--format", "csv");
        assertThat(csvByFirstColumn(byStatus.out())).isEqualTo(csvByFirstColumn(hand.out()));

        CliTest.Run share = CliTest.run("query", "--metric", "paid_share", "--from", "2025-01-01", "--to", "2026-01-01", "--format", "csv", "--project", project.toString());
        assertThat(share.code()).as(share.err()).isZero();
        CliTest.Run handShare = CliTest.run("sql", "SELECT avg(CASE WHEN status = 'paid' THEN 1.0 ELSE 0 END) FROM invoices "
                + "WHERE invoice_date >= DATE '2025-01-01' AND invoice_date < DATE '2026-01-01'", "--db", db, "--format", "csv");
        assertThat(new BigDecimal(share.out().lines().skip(1).findFirst().orElseThrow().split(",")[0]).doubleValue())
                .isCloseTo(new BigDecimal(handShare.out().lines().skip(1).findFirst().orElseThrow()).doubleValue(), org.assertj.core.data.Offset.offset(1e-9));

        CliTest.Run flags = CliTest.run("query", "--metric", "paid_flags", "--from", "2025-01-01", "--to", "2026-01-01", "--format", "csv", "--project", project.toString());
        assertThat(flags.code()).as(flags.err()).isZero();
        CliTest.Run paid = CliTest.run("query", "--metric", "paid_invoices", "--from", "2025-01-01", "--to", "2026-01-01", "--format", "csv", "--project", project.toString());
        assertThat(flags.out().lines().skip(1).toList()).as("sum_boolean counts the rows where it holds, as the filtered count does")
                .isEqualTo(paid.out().lines().skip(1).toList());

        CliTest.Run byCountry = CliTest.run("query", "--metric", "amount_billed", "--by", "client_country", "--where", "client_country = DE", "--format", "csv",
                "--project", project.toString());
        assertThat(byCountry.code()).as("a foreign entity became a many-to-one join: " + byCountry.err()).isZero();
        CliTest.Run handCountry = CliTest.run("sql", "SELECT sum(i.amount_due) FROM invoices i JOIN customers c USING (customer_id) WHERE c.country_code = 'DE'",
                "--db", db, "--format", "csv");
        assertThat(new BigDecimal(byCountry.out().lines().skip(1).findFirst().orElseThrow().split(",")[1]))
                .isEqualByComparingTo(new BigDecimal(handCountry.out().lines().skip(1).findFirst().orElseThrow()));

        // the saved query german_billing filters on {{ Dimension('client__client_country') }} = 'DE': a verified query with that condition
        String sql = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readTree(project.resolve("knowledge/queries/dbt_german_billing.yml").toFile()).path("sql").asText();
        CliTest.Run german = CliTest.run("sql", sql, "--db", db, "--format", "csv");
        assertThat(german.code()).as(sql + ": " + german.err()).isZero();
        assertThat(new BigDecimal(german.out().lines().skip(1).findFirst().orElseThrow()))
                .isEqualByComparingTo(new BigDecimal(handCountry.out().lines().skip(1).findFirst().orElseThrow()));
    }

    @Test
    void saved_queries_are_verified_queries_and_importing_again_changes_nothing() throws Exception {
        assertThat(CliTest.run("knowledge", "import", "--dbt-semantic", MANIFEST.toString(), "--project", project.toString()).code()).isZero();
        Map<Path, String> first = new HashMap<>();
        try (var files = Files.walk(project.resolve("knowledge"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) first.put(f, Files.readString(f));
        }
        String verified = Files.readString(project.resolve("knowledge/queries/dbt_invoices_by_status.yml"));
        assertThat(verified).contains("How many invoices were issued per bill status?").contains("dbt saved query invoices_by_status");
        CliTest.Run list = CliTest.run("knowledge", "list", "--project", project.toString());
        assertThat(list.out()).contains("dbt_invoices_by_status", "dbt_monthly_billing");

        CliTest.Run again = CliTest.run("knowledge", "import", "--dbt-semantic", MANIFEST.toString(), "--project", project.toString());
        assertThat(again.code()).isZero();
        Map<Path, String> second = new HashMap<>();
        try (var files = Files.walk(project.resolve("knowledge"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) second.put(f, Files.readString(f));
        }
        assertThat(second).isEqualTo(first);

        CliTest.Run notAManifest = CliTest.run("knowledge", "import", "--dbt-semantic", project.resolve("almanac.yml").toString(), "--project", project.toString());
        assertThat(notAManifest.code()).isEqualTo(2);
        assertThat(notAManifest.err().strip()).doesNotContain("\n").contains("semantic");
        assertThat(List.of(project.resolve("knowledge").toFile().list())).as("nothing else written").containsExactlyInAnyOrder("semantic", "queries");
    }
}
