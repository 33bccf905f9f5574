package dev.almanac.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.testing.FixtureDb;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Guarded execution on a real DuckDB: the timeout, the row cap, and the byte budgets applied while the rows are read. */
class QueryExecutorTest {
    @TempDir
    static Path dir;
    static Source source;
    static Guard guard;

    @BeforeAll
    static void open() throws Exception {
        source = Sources.openFile(FixtureDb.create(dir));
        guard = new Guard();
    }

    @AfterAll
    static void close() {
        guard.close();
        source.close();
    }

    @Test
    void runaway_query_is_interrupted_within_the_timeout_and_the_source_stays_usable() {
        Duration timeout = Duration.ofSeconds(1);
        QueryExecutor executor = new QueryExecutor(source, guard, new QueryLimits(timeout, 1000));
        long start = System.nanoTime();
        assertThatThrownBy(() -> executor.execute(
                "SELECT count(*) FROM range(100000000) a, range(100000000) b WHERE a.range + b.range = -1"))
                .isInstanceOf(QueryTimedOut.class)
                .hasMessageContaining("timeout");
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        assertThat(elapsedMs).as("stopped by the timeout (the cross join alone would run for hours), however busy the machine").isLessThan(60_000);

        QueryResult next = executor.execute("SELECT count(*) FROM customers");
        assertThat(next.rows()).containsExactly(java.util.List.of(3L));
    }

    @Test
    void rows_beyond_the_cap_are_not_returned_and_the_result_says_truncated() {
        QueryExecutor executor = new QueryExecutor(source, guard, new QueryLimits(Duration.ofSeconds(10), 5));
        QueryResult capped = executor.execute("SELECT * FROM range(100000)");
        assertThat(capped.rowCount()).isEqualTo(5);
        assertThat(capped.truncated()).isTrue();
        assertThat(capped.truncation()).isEqualTo(QueryResult.Truncation.ROW_CAP);

        QueryResult exact = executor.execute("SELECT * FROM range(5)");
        assertThat(exact.rowCount()).isEqualTo(5);
        assertThat(exact.truncated()).isFalse();
    }

    @Test
    void reports_the_tables_a_query_reads_without_cte_names() {
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        QueryResult result = executor.execute("""
                WITH big AS (SELECT * FROM orders WHERE amount > 10)
                SELECT c.name, count(*) FROM big JOIN customers c ON c.id = big.customer_id
                WHERE c.id IN (SELECT a FROM t) GROUP BY 1""");
        assertThat(result.tables()).containsExactlyInAnyOrder("orders", "customers", "t");
    }

    @Test
    void failing_query_gives_the_engine_reason_on_one_line() {
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        assertThatThrownBy(() -> executor.execute("SELECT nme FROM customers"))
                .isInstanceOf(QueryFailed.class)
                .hasMessageContaining("nme")
                .hasMessageNotContaining("\n")
                .hasMessageNotContaining("pending query result");
    }

    @Test
    void values_come_back_as_plain_java_types() {
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        QueryResult r = executor.execute("SELECT 1::INTEGER, 2::BIGINT, 1.50::DECIMAL(5,2), 'x', DATE '2024-01-31', TIMESTAMP '2024-01-31 10:00', NULL, true, 2.5::DOUBLE");
        assertThat(r.rows().get(0)).containsExactly(1, 2L, new java.math.BigDecimal("1.50"), "x",
                java.time.LocalDate.of(2024, 1, 31), java.time.LocalDateTime.of(2024, 1, 31, 10, 0), null, true, 2.5);
    }

    private static QueryResult run(QueryLimits limits, String sql) {
        return new QueryExecutor(source, guard, limits).execute(sql);
    }

    private static int bytes(Object value) {
        return String.valueOf(value).getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void a_five_million_character_cell_comes_back_cut_to_the_cell_budget_with_a_marker_and_truncated() {
        QueryResult r = run(QueryLimits.DEFAULT, "SELECT repeat('x', 5000000) AS long_text, 42 AS n");
        String cell = (String) r.rows().get(0).get(0);
        assertThat(bytes(cell)).isLessThanOrEqualTo(QueryLimits.DEFAULT_CELL_BYTES).isGreaterThan(QueryLimits.DEFAULT_CELL_BYTES - 100);
        assertThat(cell).startsWith("xxxx").endsWith("… [cut: 5000000 characters in all]");
        assertThat(r.rows().get(0).get(1)).as("the other cells are whole").isEqualTo(42);
        assertThat(r.truncated()).isTrue();
        assertThat(r.truncation()).isEqualTo(QueryResult.Truncation.CELL_BYTES);
        assertThat(r.rowsLeftOut()).isFalse();
    }

    @Test
    void text_is_cut_on_a_character_boundary_counting_utf8_bytes() {
        QueryResult r = run(new QueryLimits(Duration.ofSeconds(10), 10, 200, 10_000), "SELECT repeat('€😀', 1000) AS t");
        String cell = (String) r.rows().get(0).get(0);
        assertThat(bytes(cell)).isLessThanOrEqualTo(200);
        String kept = cell.substring(0, cell.indexOf('…'));
        assertThat(kept).isNotEmpty();
        assertThat(kept.codePoints().allMatch(cp -> cp == '€' || cp == 0x1F600)).as("no half of a surrogate pair is kept: " + kept).isTrue();
    }

    @Test
    void many_medium_rows_stop_at_the_result_budget_and_every_row_kept_is_whole() {
        QueryLimits limits = new QueryLimits(Duration.ofSeconds(10), 1000, 64 * 1024, 100_000);
        QueryResult r = run(limits, "SELECT i, repeat('m', 1000) AS medium FROM range(1000) t(i)");
        assertThat(r.rowCount()).isBetween(90, 100);
        assertThat(r.truncated()).isTrue();
        assertThat(r.truncation()).isEqualTo(QueryResult.Truncation.RESULT_BYTES);
        assertThat(r.rows()).allSatisfy(row -> assertThat(row.get(1)).isEqualTo("m".repeat(1000)));
        long total = r.rows().stream().flatMap(List::stream).mapToLong(QueryExecutorTest::bytes).sum();
        assertThat(total).isLessThanOrEqualTo(100_000);

        QueryResult fits = run(limits, "SELECT i, repeat('m', 1000) AS medium FROM range(50) t(i)");
        assertThat(fits.rowCount()).isEqualTo(50);
        assertThat(fits.truncated()).as("a result within both budgets is whole").isFalse();
    }

    @Test
    void one_row_wider_than_the_result_budget_is_kept_cut_to_it() {
        QueryResult r = run(new QueryLimits(Duration.ofSeconds(10), 100, 4096, 5000),
                "SELECT repeat('a', 3000) AS a, repeat('b', 3000) AS b, repeat('c', 3000) AS c FROM range(3)");
        assertThat(r.rowCount()).isEqualTo(1);
        assertThat(r.truncation()).isEqualTo(QueryResult.Truncation.RESULT_BYTES);
        assertThat(r.rows().get(0).get(0)).isEqualTo("a".repeat(3000));
        assertThat((String) r.rows().get(0).get(1)).startsWith("bbb").contains("[cut: 3000 characters in all]");
        assertThat(r.rows().get(0).stream().mapToLong(QueryExecutorTest::bytes).sum()).isLessThanOrEqualTo(5000 + 64);

        QueryResult alone = run(new QueryLimits(Duration.ofSeconds(10), 100, 4096, 5000),
                "SELECT repeat('a', 3000) AS a, repeat('b', 3000) AS b, repeat('c', 3000) AS c");
        assertThat(alone.rowCount()).isEqualTo(1);
        assertThat(alone.truncation()).as("the only row, cut to fit: no row is left out").isEqualTo(QueryResult.Truncation.CELL_BYTES);
        assertThat(alone.rowsLeftOut()).isFalse();
    }

    @Test
    void a_list_of_millions_is_written_out_only_as_far_as_its_budget() {
        QueryResult r = run(new QueryLimits(Duration.ofSeconds(60), 10, 1024, 10_000), "SELECT list(i) AS l FROM range(5000000) t(i)");
        String cell = (String) r.rows().get(0).get(0);
        assertThat(bytes(cell)).isLessThanOrEqualTo(1024);
        assertThat(cell).startsWith("[0, 1, 2, 3").endsWith("… [cut: 5000000 items in all]");
        assertThat(r.truncation()).isEqualTo(QueryResult.Truncation.CELL_BYTES);
    }

    @Test
    void nested_values_and_blobs_that_fit_are_shown_whole_and_large_ones_cut() {
        QueryResult small = run(QueryLimits.DEFAULT, "SELECT [1, 2, 3] AS l, {'a': 1, 'b': [1, 2]} AS s, MAP {'k': 1} AS m, 'ab\\x00'::BLOB AS b");
        assertThat(small.rows().get(0)).containsExactly("[1, 2, 3]", "{a=1, b=[1, 2]}", "{k=1}", "ab\\x00");
        assertThat(small.truncated()).isFalse();

        QueryLimits tight = new QueryLimits(Duration.ofSeconds(10), 10, 256, 10_000);
        QueryResult big = run(tight, "SELECT {'a': range(100000)} AS s, repeat('\\xAA', 100000)::BLOB AS b, MAP(range(1000), range(1000)) AS m");
        List<Object> row = big.rows().get(0);
        assertThat((String) row.get(0)).startsWith("{a=[0, 1, 2").endsWith("… [cut: 1 field in all]");
        assertThat((String) row.get(1)).startsWith("\\xAA\\xAA").endsWith("… [cut: 100000 bytes in all]");
        assertThat((String) row.get(2)).startsWith("{0=0, 1=1").endsWith("… [cut: 1000 entries in all]");
        assertThat(row).allSatisfy(v -> assertThat(bytes(v)).isLessThanOrEqualTo(256));
    }
}
