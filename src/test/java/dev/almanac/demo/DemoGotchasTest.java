package dev.almanac.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.testing.DemoWarehouse;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every real-world gotcha the knowledge files document is present in the generated warehouse. */
class DemoGotchasTest {
    static Source demo;

    @BeforeAll
    static void open() {
        demo = Sources.openFile(DemoWarehouse.file());
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    static List<List<Object>> query(String sql) {
        return demo.withConnection(c -> {
            List<List<Object>> rows = new ArrayList<>();
            try (ResultSet rs = c.createStatement().executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= n; i++) row.add(rs.getObject(i));
                    rows.add(row);
                }
            }
            return rows;
        });
    }

    static Object one(String sql) {
        return query(sql).get(0).get(0);
    }

    @Test
    void has_fifty_plus_commented_tables_with_keys_and_half_a_million_rows() {
        assertThat(((Number) one("SELECT count(*) FROM duckdb_tables()")).intValue()).isGreaterThanOrEqualTo(50);
        assertThat(one("SELECT count(*) FROM duckdb_tables() WHERE comment IS NULL")).isEqualTo(0L);
        assertThat(((Number) one("SELECT sum(estimated_size) FROM duckdb_tables()")).longValue()).isGreaterThanOrEqualTo(500_000);
        assertThat(((Number) one("SELECT count(*) FROM duckdb_constraints() WHERE constraint_type = 'FOREIGN KEY'")).intValue()).isGreaterThan(40);
        assertThat(one("SELECT count(*) FROM duckdb_tables() t WHERE NOT EXISTS (SELECT 1 FROM duckdb_constraints() c "
                + "WHERE c.table_name = t.table_name AND c.constraint_type = 'PRIMARY KEY')")).isEqualTo(0L);
    }

    @Test
    void payment_amounts_are_in_cents() {
        // the succeeded payments of paid invoices add up to the invoices' dollar totals times 100
        Object[] sums = query("""
                SELECT (SELECT sum(amount) FROM payments WHERE status = 'succeeded'),
                       (SELECT sum(amount_due) * 100 FROM invoices WHERE status = 'paid')""").get(0).toArray();
        assertThat(((Number) sums[0]).longValue()).isEqualTo(((java.math.BigDecimal) sums[1]).longValueExact());
        assertThat(one("SELECT data_type FROM duckdb_columns() WHERE table_name = 'payments' AND column_name = 'amount'")).isEqualTo("BIGINT");
    }

    @Test
    void customers_have_a_soft_delete_flag_whose_rows_still_have_activity() {
        assertThat(((Number) one("SELECT count(*) FROM customers WHERE is_deleted")).longValue()).isGreaterThan(0);
        assertThat(one("SELECT count(*) FROM customers WHERE is_deleted AND deleted_at IS NULL")).isEqualTo(0L);
        assertThat(((Number) one("SELECT count(*) FROM orders o JOIN customers c USING (customer_id) WHERE c.is_deleted")).longValue()).isGreaterThan(0);
    }

    @Test
    void usage_event_timestamps_are_epoch_milliseconds() {
        List<Object> row = query("SELECT min(event_ts), max(event_ts) FROM usage_events").get(0);
        long jan2021 = java.time.Instant.parse("2021-01-01T00:00:00Z").toEpochMilli();
        long oct2026 = java.time.Instant.parse("2026-10-01T00:00:00Z").toEpochMilli();
        assertThat(((Number) row.get(0)).longValue()).isBetween(jan2021, oct2026);
        assertThat(((Number) row.get(1)).longValue()).isBetween(jan2021, oct2026);
        assertThat(one("SELECT data_type FROM duckdb_columns() WHERE table_name = 'usage_events' AND column_name = 'event_ts'")).isEqualTo("BIGINT");
    }

    @Test
    void signup_summary_holds_a_running_total_not_daily_counts() {
        assertThat(one("""
                SELECT count(*) FROM (SELECT signups - lag(signups) OVER (ORDER BY stat_date) AS d FROM signup_summary) WHERE d < 0""")).isEqualTo(0L);
        assertThat(one("SELECT max(signups) = (SELECT count(*) FROM customers) FROM signup_summary")).isEqualTo(true);
        // the day-over-day difference is that day's signups
        assertThat(one("""
                SELECT count(*) FROM (
                  SELECT stat_date, signups - lag(signups, 1, 0) OVER (ORDER BY stat_date) AS daily FROM signup_summary) s
                WHERE daily <> (SELECT count(*) FROM customers c WHERE c.signup_date = s.stat_date)""")).isEqualTo(0L);
    }

    @Test
    void orders_of_one_quarter_were_loaded_twice() {
        List<Object> row = query("""
                SELECT count(*), min(ordered_at)::DATE, max(ordered_at)::DATE FROM orders
                WHERE order_number IN (SELECT order_number FROM orders GROUP BY 1 HAVING count(*) > 1)""").get(0);
        assertThat(((Number) row.get(0)).longValue()).isGreaterThan(100);
        assertThat(row.get(1).toString()).isGreaterThanOrEqualTo("2024-04-01");
        assertThat(row.get(2).toString()).isLessThanOrEqualTo("2024-06-30");
    }

    @Test
    void revenue_before_2023_lives_only_in_the_legacy_table() {
        assertThat(one("SELECT min(invoice_date)::VARCHAR FROM invoices")).isEqualTo("2023-01-01");
        assertThat(one("SELECT min(ordered_at)::DATE >= DATE '2023-01-01' FROM orders")).isEqualTo(true);
        assertThat(one("SELECT min(revenue_month)::VARCHAR || '..' || max(revenue_month)::VARCHAR FROM legacy_revenue")).isEqualTo("2021-01-01..2022-12-01");
    }

    @Test
    void a_null_subscription_status_marks_a_legacy_record() {
        assertThat(((Number) one("SELECT count(*) FROM subscriptions WHERE status IS NULL")).longValue()).isGreaterThan(0);
        assertThat(one("SELECT count(*) FROM subscriptions WHERE (status IS NULL) <> (started_at < DATE '2022-01-01')")).isEqualTo(0L);
    }

    @Test
    void two_series_have_whole_months_missing_and_fx_rates_stop_early() {
        assertThat(missingMonths("marketing_spend", "spend_date")).containsExactly("2024-07");
        assertThat(missingMonths("nps_responses", "responded_on")).containsExactly("2023-11", "2025-02");
        assertThat(one("SELECT max(rate_date)::VARCHAR FROM fx_rates")).isEqualTo("2026-03-31");
        assertThat(one("SELECT max(ordered_at)::DATE::VARCHAR FROM orders")).isEqualTo("2026-09-30");
        assertThat(one("SELECT max(snapshot_month)::VARCHAR FROM mrr_snapshots")).isEqualTo("2026-09-01");
    }

    @Test
    void nothing_happens_after_the_data_ends_except_scheduled_dates() {
        List<String> late = new ArrayList<>();
        for (List<Object> col : query("SELECT table_name, column_name FROM duckdb_columns() WHERE data_type IN ('DATE', 'TIMESTAMP')")) {
            String where = col.get(0) + "." + col.get(1);
            if (List.of("calendar_days.day", "holidays.holiday_date", "invoices.due_date", "invoices.period_end", "trials.ended_on").contains(where)) continue;
            if ((Boolean) one("SELECT coalesce(max(" + col.get(1) + ") > TIMESTAMP '2026-09-30 23:59:59', false) FROM " + col.get(0))) late.add(where);
        }
        assertThat(late).isEmpty();
    }

    static List<String> missingMonths(String table, String column) {
        return query("""
                WITH observed AS (SELECT DISTINCT date_trunc('month', %2$s) AS m FROM %1$s),
                     expected AS (SELECT unnest(generate_series((SELECT min(m) FROM observed), (SELECT max(m) FROM observed), INTERVAL 1 MONTH)) AS m)
                SELECT strftime(m, '%%Y-%%m') FROM expected WHERE m NOT IN (SELECT m FROM observed) ORDER BY 1""".formatted(table, column))
                .stream().map(r -> (String) r.get(0)).toList();
    }
}
