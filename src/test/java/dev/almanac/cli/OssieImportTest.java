package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apache Ossie's own published TPC-DS example (releases 0.1.1 and the 0.2 draft, in ../shared/interchange/ossie) imported
 * into a project over a DuckDB warehouse holding those tables with a few hand-written rows: the model validates against
 * the warehouse's catalog, and each metric answers what SQL written by hand from the example's expression gives.
 */
class OssieImportTest {
    static final Path OSSIE = Path.of("..", "shared", "interchange", "ossie");

    @TempDir
    Path home;

    @BeforeEach
    void home() {
        System.setProperty("almanac.home", home.toString());
    }

    @AfterEach
    void forget() {
        System.clearProperty("almanac.home");
    }

    /** A project over a DuckDB warehouse of the TPC-DS tables the example reads, filled from the test's SQL. */
    Path tpcdsProject() throws Exception {
        Path db = home.resolve("tpcds.duckdb");
        String script = Files.readString(Path.of("src/test/resources/interchange/tpcds/tpcds-sample.sql"));
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            for (String statement : script.replaceAll("(?m)^--.*$", "").split(";")) if (!statement.isBlank()) s.execute(statement);
        }
        Path project = home.resolve("tpcds");
        Files.createDirectories(project.resolve("knowledge"));
        Files.writeString(project.resolve("almanac.yml"), "name: tpcds\nsource: " + db + "\nknowledge: knowledge\n");
        return project;
    }

    static BigDecimal hand(Path project, String sql) throws Exception {
        Path db = project.resolve("..").resolve("tpcds.duckdb").normalize();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getBigDecimal(1);
        }
    }

    static BigDecimal metric(Path project, String metric, String... more) throws Exception {
        String[] args = new String[7 + more.length];
        System.arraycopy(new String[] {"query", "--metric", metric, "--format", "csv", "--project", project.toString()}, 0, args, 0, 7);
        System.arraycopy(more, 0, args, 7, more.length);
        CliTest.Run r = CliTest.run(args);
        assertThat(r.code()).as(metric + ": " + r.err()).isZero();
        String line = r.out().lines().skip(1).findFirst().orElseThrow();
        String[] cells = line.split(",");
        return new BigDecimal(cells[cells.length - 1]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.1.1", "0.2.0.dev0"})
    void the_published_tpcds_example_imports_and_its_metrics_answer_as_hand_written_sql(String release) throws Exception {
        Path project = tpcdsProject();
        Path file = OSSIE.resolve(release).resolve("tpcds_semantic_model.yaml").toAbsolutePath();
        CliTest.Run imported = CliTest.run("knowledge", "import", "--osi", file.toString(), "--project", project.toString());
        assertThat(imported.code()).as(imported.err() + imported.out()).isZero();
        assertThat(imported.out()).as("time fields over columns that hold no dates are said to be read as categories")
                .contains("d_year: marked as time, but date_dim.d_year is INTEGER").contains("d_month_name");
        CliTest.Run byYear = CliTest.run("query", "--metric", "total_sales", "--by", "d_year", "--format", "csv", "--project", project.toString());
        assertThat(byYear.code()).as(byYear.err()).isZero();
        assertThat(byYear.out().lines().skip(1).toList()).containsExactly("2024,87.73", "2025,66.25"); // the sample's rows, summed by hand

        assertThat(metric(project, "total_sales")).isEqualByComparingTo(hand(project, "SELECT sum(ss_ext_sales_price) FROM store_sales"));
        assertThat(metric(project, "total_profit")).isEqualByComparingTo(hand(project, "SELECT sum(ss_net_profit) FROM store_sales"));
        // each aggregate over its own dataset, as MetricFlow computes a derived metric's inputs
        assertThat(metric(project, "customer_lifetime_value")).isEqualByComparingTo(hand(project,
                "SELECT (SELECT sum(ss_ext_sales_price) FROM store_sales) / (SELECT count(DISTINCT c_customer_sk) FROM customer)"));
        assertThat(metric(project, "store_productivity")).isEqualByComparingTo(hand(project,
                "SELECT (SELECT sum(ss_ext_sales_price) FROM store_sales) / (SELECT sum(s_number_employees) FROM store)"));
        // sliced through the example's relationship to item
        assertThat(metric(project, "total_sales", "--where", "i_brand = Acme")).isEqualByComparingTo(hand(project,
                "SELECT sum(ss_ext_sales_price) FROM store_sales JOIN item ON ss_item_sk = i_item_sk WHERE i_brand = 'Acme'"));
    }
}
