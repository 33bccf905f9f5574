package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.testing.DemoWarehouse;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Snowflake Cortex Analyst semantic model (written from its published specification, over the demo's tables) imported
 * into a project with no knowledge: metrics answer as hand-written SQL does (facts by their name, COUNT(DISTINCT)),
 * filters are segments, relationships join, verified queries run on the base tables, and what has no counterpart is listed.
 */
class CortexImportTest {
    static final Path MODEL = Path.of("src/test/resources/interchange/cortex/billing.yaml").toAbsolutePath();

    @TempDir
    Path home;
    Path project;

    @BeforeEach
    void project() throws Exception {
        System.setProperty("almanac.home", home.toString());
        project = dev.almanac.testing.ScratchProject.empty(home.resolve("cortex-project"), "cortex users");
    }

    @AfterEach
    void forget() {
        System.clearProperty("almanac.home");
    }

    static BigDecimal first(CliTest.Run r, int column) {
        return new BigDecimal(r.out().lines().skip(1).findFirst().orElseThrow().split(",")[column]);
    }

    @Test
    void metrics_segments_joins_and_verified_queries_answer_as_the_data_says() throws Exception {
        CliTest.Run r = CliTest.run("knowledge", "import", "--cortex", MODEL.toString(), "--project", project.toString());
        assertThat(r.code()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("not mapped (2):")
                .contains("tables[0] bills metrics[3] average_bill: 'SUM(amount_due) / COUNT(*)' is not one aggregation")
                .contains("relationships[1] accounts_to_bills: a one_to_many relationship");
        String db = DemoWarehouse.file().toString();
        String p = project.toString();

        CliTest.Run billed = CliTest.run("query", "--metric", "total_billed", "--from", "2025-01-01", "--to", "2026-01-01", "--format", "csv", "--project", p);
        assertThat(billed.code()).as(billed.err()).isZero();
        assertThat(first(billed, 0)).isEqualByComparingTo(first(CliTest.run("sql", "SELECT sum(amount_due) FROM invoices WHERE invoice_date >= DATE '2025-01-01' "
                + "AND invoice_date < DATE '2026-01-01'", "--db", db, "--format", "csv"), 0));

        CliTest.Run customers = CliTest.run("query", "--metric", "billed_customers", "--format", "csv", "--project", p);
        assertThat(first(customers, 0)).isEqualByComparingTo(first(CliTest.run("sql", "SELECT count(DISTINCT customer_id) FROM invoices", "--db", db, "--format", "csv"), 0));

        CliTest.Run byCountry = CliTest.run("query", "--metric", "bill_count", "--where", "account_country = JP", "--format", "csv", "--project", p);
        assertThat(byCountry.code()).as(byCountry.err()).isZero();
        assertThat(first(byCountry, 0)).isEqualByComparingTo(first(CliTest.run("sql",
                "SELECT count(*) FROM invoices i JOIN customers c USING (customer_id) WHERE c.country_code = 'JP'", "--db", db, "--format", "csv"), 0));

        String verified = Files.readString(project.resolve("knowledge/queries/cortex_paid_bills.yml"));
        assertThat(verified).contains("FROM invoices WHERE").doesNotContain("__bills").contains("verified_at: 2026-01-01");
        CliTest.Run paid = CliTest.run("ask", "How many of our invoices have been paid?", "--project", p, "--llm", "none", "--format", "csv");
        assertThat(paid.code()).as(paid.err()).isZero();
        assertThat(first(paid, 0)).isEqualByComparingTo(first(CliTest.run("sql", "SELECT count(*) FROM invoices WHERE status = 'paid'", "--db", db, "--format", "csv"), 0));
        assertThat(Files.readString(project.resolve("knowledge/semantic/cortex.yml"))).contains("paid_bills").contains("status = 'paid'");

        CliTest.Run broken = CliTest.run("knowledge", "import", "--cortex", project.resolve("almanac.yml").toString(), "--project", p);
        assertThat(broken.code()).isEqualTo(2);
        assertThat(broken.err().strip()).doesNotContain("\n").contains("Cortex");
    }
}
