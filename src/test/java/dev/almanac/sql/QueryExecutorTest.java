package dev.almanac.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.testing.FixtureDb;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        assertThat(elapsedMs).isLessThan(timeout.toMillis() + 2000);

        QueryResult next = executor.execute("SELECT count(*) FROM customers");
        assertThat(next.rows()).containsExactly(java.util.List.of(3L));
    }

    @Test
    void rows_beyond_the_cap_are_not_returned_and_the_result_says_truncated() {
        QueryExecutor executor = new QueryExecutor(source, guard, new QueryLimits(Duration.ofSeconds(10), 5));
        QueryResult capped = executor.execute("SELECT * FROM range(100000)");
        assertThat(capped.rowCount()).isEqualTo(5);
        assertThat(capped.truncated()).isTrue();

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
}
