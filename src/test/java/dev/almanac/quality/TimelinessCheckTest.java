package dev.almanac.quality;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.testing.DemoContext;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Timeliness on the demo's gappy series. */
class TimelinessCheckTest {
    static DemoContext demo;
    static TimelinessCheck check;

    @BeforeAll
    static void open() {
        demo = new DemoContext();
        check = new TimelinessCheck(demo.catalog, KnowledgeFiles.read(Path.of("knowledge")).knowledge(), demo.executor, LocalDate.of(2026, 11, 22));
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    @Test
    void full_coverage_is_ok() {
        Timeliness t = check.evaluate(List.of("What was marketing spend in 2025?"),
                List.of("SELECT sum(spend_usd) FROM marketing_spend WHERE year(spend_date) = 2025"));
        assertThat(t.status()).isEqualTo(Timeliness.Status.OK);
        assertThat(t.missingBuckets()).isEmpty();
        assertThat(t.table()).isEqualTo("marketing_spend");
        assertThat(t.observed()).contains("2025-01 to 2025-12 (12 of 12 months)");
    }

    @Test
    void a_missing_month_inside_the_range_is_partial_and_named() {
        Timeliness t = check.evaluate(List.of("What was marketing spend per channel in 2024?"),
                List.of("SELECT c.channel_id, sum(s.spend_usd) FROM marketing_spend s JOIN campaigns c USING (campaign_id) WHERE year(s.spend_date) = 2024 GROUP BY 1"));
        assertThat(t.status()).isEqualTo(Timeliness.Status.PARTIAL);
        assertThat(t.missingBuckets()).containsExactly("2024-07");
        assertThat(t.dqSql()).contains("FROM \"marketing_spend\"").contains("\"spend_date\" >= TIMESTAMP '2024-01-01 00:00:00'");
    }

    @Test
    void a_range_after_the_series_stops_is_a_mismatch() {
        Timeliness t = check.evaluate(List.of("What was the euro rate in June 2026?"),
                List.of("SELECT avg(units_per_usd) FROM fx_rates WHERE currency_code = 'EUR' AND rate_date >= '2026-06-01' AND rate_date < '2026-07-01'"));
        assertThat(t.status()).isEqualTo(Timeliness.Status.MISMATCH);
        assertThat(t.observed()).contains("no data in the period", "2026-03-31");
    }

    @Test
    void a_query_without_a_time_column_is_unknown_and_no_query_is_not_evaluated() {
        assertThat(check.evaluate(List.of("Which plans did we sell in 2025?"), List.of("SELECT name FROM plans")).status())
                .isEqualTo(Timeliness.Status.UNKNOWN);
        assertThat(check.evaluate(List.of("Hello, what can you do in 2025?"), List.of()).status()).isEqualTo(Timeliness.Status.NOT_EVALUATED);
        assertThat(check.evaluate(List.of("How many plans are there?"), List.of("SELECT count(*) FROM nps_responses")).status())
                .as("no period asked").isEqualTo(Timeliness.Status.UNKNOWN);
    }

    @Test
    void a_period_given_two_turns_earlier_counts() {
        Timeliness t = check.evaluate(List.of("Let's look at 2023.", "Which survey do you mean?", "The NPS survey: how many responses?"),
                List.of("SELECT count(*) FROM nps_responses"));
        assertThat(t.status()).isEqualTo(Timeliness.Status.PARTIAL);
        assertThat(t.missingBuckets()).containsExactly("2023-11");
        assertThat(t.requested()).startsWith("2023");
    }

    @Test
    void epoch_millisecond_time_columns_and_relative_periods_work() {
        Timeliness t = check.evaluate(List.of("How many usage events last month?"), List.of("SELECT count(*) FROM usage_events"));
        assertThat(t.requested()).startsWith("October 2026");
        assertThat(t.status()).isEqualTo(Timeliness.Status.MISMATCH);
        Timeliness sept = check.evaluate(List.of("Daily events in September 2026"), List.of("SELECT count(*) FROM usage_events"));
        assertThat(sept.grain()).isEqualTo("day");
        assertThat(sept.status()).isEqualTo(Timeliness.Status.OK);
        assertThat(sept.column()).isEqualTo("event_ts");
    }

    @Test
    void a_missing_month_is_found_on_sqlite_and_postgresql_too(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("sales.sqlite");
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file); java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, sold_at DATETIME, amount REAL)");
            s.execute("INSERT INTO sales VALUES (1, '2026-01-05 10:00:00', 5), (2, '2026-01-31 23:59:59', 7), (3, '2026-03-01 00:00:00', 2), (4, '2026-04-02 08:00:00', 1)");
        }
        dev.almanac.testing.EmbeddedPostgres pg = dev.almanac.testing.EmbeddedPostgres.shared();
        String url = pg.createDatabase("timeliness_gap");
        pg.execute("timeliness_gap", "CREATE TABLE sales (sale_id integer PRIMARY KEY, sold_at timestamp, amount numeric)",
                "INSERT INTO sales VALUES (1, '2026-01-05 10:00', 5), (2, '2026-01-31 23:59:59', 7), (3, '2026-03-01 00:00', 2), (4, '2026-04-02 08:00', 1)");
        for (String spec : List.of(file.toString(), url)) {
            Timeliness t = evaluatedOn(spec, "How much did we sell per month in the first quarter of 2026?",
                    "SELECT sum(amount) FROM sales WHERE sold_at >= '2026-01-01' AND sold_at < '2026-04-01'");
            assertThat(t.status()).as(spec + ": " + t.dqSql()).isEqualTo(Timeliness.Status.PARTIAL);
            assertThat(t.missingBuckets()).as(spec).containsExactly("2026-02");
            assertThat(t.observed()).as(spec).contains("2026-01 to 2026-03 (2 of 3 months)");
        }
    }

    /** The timeliness of a question and its query on a source of its own (a file or a JDBC URL), with its catalog read from it. */
    static Timeliness evaluatedOn(String spec, String question, String sql) {
        try (dev.almanac.source.Source source = spec.startsWith("jdbc:") ? dev.almanac.source.Sources.open(spec) : dev.almanac.source.Sources.openFile(Path.of(spec));
             dev.almanac.sql.Guard guard = new dev.almanac.sql.Guard(source.dialect())) {
            dev.almanac.sql.QueryExecutor executor = new dev.almanac.sql.QueryExecutor(source, guard, dev.almanac.sql.QueryLimits.DEFAULT);
            TimelinessCheck onSource = new TimelinessCheck(new dev.almanac.source.CatalogIntrospector().introspect(source),
                    dev.almanac.knowledge.KnowledgeSet.EMPTY, executor, LocalDate.of(2026, 11, 22));
            return onSource.evaluate(List.of(question), List.of(sql));
        }
    }

    @Test
    void a_table_outside_the_default_schema_is_read_through_its_schema(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("schema.duckdb");
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:" + file); java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA shop");
            s.execute("CREATE TABLE shop.sales (sale_id integer, sold_at timestamp, amount decimal(10, 2))");
            s.execute("INSERT INTO shop.sales VALUES (1, '2026-01-05 10:00', 5), (2, '2026-03-01 00:00', 2)");
        }
        dev.almanac.testing.EmbeddedPostgres pg = dev.almanac.testing.EmbeddedPostgres.shared();
        String url = pg.createDatabase("timeliness_schema");
        pg.execute("timeliness_schema", "CREATE SCHEMA shop", "CREATE TABLE shop.sales (sale_id integer PRIMARY KEY, sold_at timestamp, amount numeric)",
                "INSERT INTO shop.sales VALUES (1, '2026-01-05 10:00', 5), (2, '2026-03-01 00:00', 2)");
        for (String spec : List.of(file.toString(), url)) {
            Timeliness t = evaluatedOn(spec, "How much did we sell in the first quarter of 2026?",
                    "SELECT sum(amount) FROM shop.sales WHERE sold_at >= '2026-01-01' AND sold_at < '2026-04-01'");
            assertThat(t.status()).as(spec + ": " + t.dqSql()).isEqualTo(Timeliness.Status.PARTIAL);
            assertThat(t.missingBuckets()).as(spec).containsExactly("2026-02");
        }
    }
}
