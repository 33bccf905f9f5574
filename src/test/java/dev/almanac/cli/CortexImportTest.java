package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.testing.DemoWarehouse;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Snowflake Cortex Analyst semantic model written from its published specification over the demo's billing tables
 * (src/test/resources/interchange/cortex/billing.yaml), imported into a project with no knowledge: upper-case logical names
 * become lower-case ones, facts are read by name, Snowflake functions with a portable form ({@code IFF}, {@code COUNT_IF},
 * {@code DIV0}) answer as hand-written SQL does, a metric combining aggregates or other metrics is a derived metric (a
 * table's and the model's), filters written over logical names are segments, a relationship declared from both sides joins
 * once, verified queries written over logical tables and columns run on the base tables, and what has no counterpart
 * (Snowflake-only functions, a window, a table the source lacks, a query that does not run) is listed with its place.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CortexImportTest {
    static final Path MODEL = Path.of("src/test/resources/interchange/cortex/billing.yaml").toAbsolutePath();

    Path home;
    Path project;
    String db;
    CliTest.Run imported;

    @BeforeAll
    void importModel(@TempDir Path dir) {
        home = dir;
        System.setProperty("almanac.home", home.toString());
        project = dev.almanac.testing.ScratchProject.empty(home.resolve("cortex-project"), "cortex users");
        db = DemoWarehouse.file().toString();
        imported = CliTest.run("knowledge", "import", "--cortex", MODEL.toString(), "--project", project.toString());
    }

    @AfterAll
    void forget() {
        System.clearProperty("almanac.home");
    }

    BigDecimal hand(String sql) {
        CliTest.Run r = CliTest.run("sql", sql, "--db", db, "--format", "csv");
        assertThat(r.code()).as(sql + ": " + r.err()).isZero();
        return new BigDecimal(r.out().lines().skip(1).findFirst().orElseThrow().split(",")[0]).setScale(6, RoundingMode.HALF_UP);
    }

    List<String> rows(String sql) {
        return CliTest.sqlRows(project, sql);
    }

    List<String> query(String... args) {
        return CliTest.queryRows(project, args);
    }

    BigDecimal metric(String... args) {
        return new BigDecimal(query(args).get(0).split(",")[0]).setScale(6, RoundingMode.HALF_UP);
    }

    JsonNode yaml(String file) throws Exception {
        return new ObjectMapper(new YAMLFactory()).readTree(project.resolve("knowledge").resolve(file).toFile());
    }

    @Test
    void what_has_no_counterpart_is_listed_with_its_place_and_the_rest_imports() {
        assertThat(imported.code()).as(imported.err() + imported.out()).isZero();
        assertThat(imported.out())
                .contains("tables[BILLS].dimensions[BILL_STATE].cortex_search_service: the Cortex Search Service DEMO.MAIN.BILL_STATES")
                .contains("tables[BILLS].dimensions[DUE_WEEKDAY]: Snowflake's DAYNAME has no portable form")
                .contains("tables[BILLS].metrics[BILLED_LAST_WEEK]: Snowflake's DATEADD has no portable form")
                .contains("tables[BILLS].metrics[RUNNING_TOTAL]: 'SUM(SUM(amount_due)) OVER (ORDER BY invoice_date)': SUM(...) OVER / FILTER: a window")
                .contains("tables[LEDGER].base_table: DEMO.FINANCE.GL_POSTINGS is not a table of the source")
                .contains("relationships[bills_to_ledger]: it joins LEDGER, which is no mapped logical table")
                .contains("verified_queries[billed last week]: Snowflake's DATEADD has no portable form")
                .contains("verified_queries[bill lines]: translated to 'SELECT invoice_id FROM invoices WHERE late_fee > 0', which does not run on the source")
                .contains("custom_instructions: kept as the business rule cortex_custom_instructions");
        assertThat(imported.out().lines().filter(l -> l.startsWith("  ")).count()).as(imported.out()).isEqualTo(9);
        CliTest.Run valid = CliTest.run("knowledge", "validate", "--project", project.toString());
        assertThat(valid.code()).as(valid.err() + valid.out()).isZero();
    }

    @Test
    void metrics_answer_as_hand_written_sql() {
        // a fact read by its name; the fact needs no metric of its own when one sums it
        assertThat(metric("--metric", "total_billed", "--from", "2025-01-01", "--to", "2026-01-01")).isEqualTo(hand(
                "SELECT sum(amount_due) FROM invoices WHERE invoice_date >= DATE '2025-01-01' AND invoice_date < DATE '2026-01-01'"));
        assertThat(metric("--metric", "billed_customers")).isEqualTo(hand("SELECT count(DISTINCT customer_id) FROM invoices"));
        // a measure (the older facts) with its default aggregation
        assertThat(metric("--metric", "largest_bill")).isEqualTo(hand("SELECT max(amount_due) FROM invoices"));
        // a measure written as an aggregate, as many published models write their metrics: that metric
        assertThat(metric("--metric", "smallest_bill")).isEqualTo(hand("SELECT min(amount_due) FROM invoices"));
        // COUNT_IF over a logical dimension
        assertThat(metric("--metric", "paid_count")).isEqualTo(hand("SELECT count(*) FROM invoices WHERE status = 'paid'"));
        // several aggregates: a derived metric over the metrics that compute them
        assertThat(metric("--metric", "average_bill")).isEqualTo(hand("SELECT sum(amount_due) / count(*) FROM invoices"));
        // DIV0 over a private fact (IFF) and another metric of the table
        assertThat(metric("--metric", "open_share")).isEqualTo(hand(
                "SELECT sum(CASE WHEN status = 'open' THEN amount_due ELSE 0 END) / sum(amount_due) FROM invoices"));
        // the model's metric over two tables' metrics
        assertThat(metric("--metric", "billed_per_account")).isEqualTo(hand(
                "SELECT (SELECT sum(amount_due) FROM invoices) / (SELECT count(DISTINCT customer_id) FROM customers)"));
        // a dimension of the table the bills join, many to one
        assertThat(metric("--metric", "bill_count", "--where", "account_country = JP")).isEqualTo(hand(
                "SELECT count(*) FROM invoices i JOIN customers c USING (customer_id) WHERE c.country_code = 'JP'"));
        // a dimension written with IFF, and the filter over a logical name as a segment
        assertThat(query("--metric", "bill_count", "--by", "paid_flag", "--order", "paid_flag"))
                .isEqualTo(rows("SELECT CASE WHEN status = 'paid' THEN 'yes' ELSE 'no' END AS f, count(*) FROM invoices GROUP BY 1 ORDER BY 1"));
        assertThat(metric("--metric", "bill_count", "--segment", "paid_bills")).isEqualTo(hand("SELECT count(*) FROM invoices WHERE status = 'paid'"));
    }

    @Test
    void names_are_lower_case_with_the_cortex_name_kept_where_it_says_more() throws Exception {
        JsonNode semantic = yaml("semantic/cortex.yml");
        JsonNode bills = semantic.path("datasets").get(0);
        assertThat(bills.path("name").asText()).isEqualTo("bills");
        assertThat(bills.path("table").asText()).isEqualTo("invoices");
        assertThat(bills.path("primary_key").get(0).asText()).isEqualTo("invoice_id");
        assertThat(bills.path("default_time_dimension").asText()).isEqualTo("bill_date");
        JsonNode date = bills.path("dimensions").findParent("grain");
        assertThat(date.path("name").asText()).isEqualTo("bill_date");
        assertThat(date.path("label").asText()).isEqualTo("Bill Date");
        assertThat(bills.path("entities").toString()).contains("{\"name\":\"bills\",\"type\":\"primary\",\"expr\":\"invoice_id\"}")
                .contains("{\"name\":\"accounts\",\"type\":\"foreign\",\"expr\":\"customer_id\"}");
        assertThat(bills.path("segments").get(0).path("expr").asText()).isEqualTo("status = 'paid'");
        assertThat(bills.path("segments").get(0).path("description").asText()).contains("Also called: settled bills");
        // the relationship declared from both sides is one join
        assertThat(semantic.path("relationships")).hasSize(1);
        assertThat(semantic.path("metrics").findValuesAsText("name")).doesNotContain("billed_amount", "open_amount");
    }

    @Test
    void verified_queries_are_written_over_the_base_tables_and_answer() throws Exception {
        JsonNode paid = yaml("queries/cortex_paid_bills.yml");
        assertThat(paid.path("sql").asText()).isEqualTo("SELECT count(*) AS paid FROM invoices WHERE status = 'paid'");
        assertThat(paid.path("verified_at").asText()).isEqualTo("2026-01-01");
        assertThat(paid.path("tags").toString()).contains("onboarding");

        JsonNode byCountry = yaml("queries/cortex_billed_by_country.yml");
        assertThat(byCountry.path("sql").asText()).contains("a.country_code AS account_country").contains("SUM(b.amount_due)");
        assertThat(rows(byCountry.path("sql").asText())).isEqualTo(rows(
                "SELECT c.country_code, sum(i.amount_due) FROM invoices i JOIN customers c ON i.customer_id = c.customer_id GROUP BY 1 ORDER BY 1"));
        JsonNode flag = yaml("queries/cortex_paid_flag.yml");
        assertThat(rows(flag.path("sql").asText()))
                .isEqualTo(rows("SELECT CASE WHEN status = 'paid' THEN 'yes' ELSE 'no' END AS f, count(*) FROM invoices GROUP BY 1 ORDER BY 1"));
        // the base table by its warehouse name, database and schema said: the table the logical one reads
        JsonNode open = yaml("queries/cortex_open_bills.yml");
        assertThat(rows(open.path("sql").asText())).isEqualTo(rows("SELECT count(*) FROM invoices WHERE status = 'open'"));
        assertThat(project.resolve("knowledge/queries/cortex_billed_last_week.yml")).doesNotExist();
        assertThat(project.resolve("knowledge/queries/cortex_bill_lines.yml")).doesNotExist();

        CliTest.Run asked = CliTest.run("ask", "How many of our invoices have been paid?", "--project", project.toString(), "--llm", "none", "--format", "csv");
        assertThat(asked.code()).as(asked.err()).isZero();
        assertThat(new BigDecimal(asked.out().lines().skip(1).findFirst().orElseThrow().split(",")[0]).setScale(6, RoundingMode.HALF_UP))
                .isEqualTo(hand("SELECT count(*) FROM invoices WHERE status = 'paid'"));
        assertThat(yaml("business/cortex_custom_instructions.yml").path("description").asText()).isEqualTo("Amounts are in US dollars, before tax.");
    }

    @Test
    void a_file_that_is_no_cortex_model_is_refused_in_one_line() {
        CliTest.Run broken = CliTest.run("knowledge", "import", "--cortex", project.resolve("almanac.yml").toString(), "--project", project.toString());
        assertThat(broken.code()).isEqualTo(2);
        assertThat(broken.err().strip()).doesNotContain("\n").contains("Cortex");
    }
}
