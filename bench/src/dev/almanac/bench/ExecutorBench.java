package dev.almanac.bench;

import dev.almanac.demo.DemoProject;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.store.Project;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

/**
 * Executor overhead against plain JDBC: the same queries on the demo warehouse, run alternately
 * through {@link QueryExecutor} (guard, timeout timer, row cap, value conversion) and through a bare
 * JDBC statement on the same read-only source that reads every value.
 */
public final class ExecutorBench {
    static final List<String> QUERIES = List.of(
            "SELECT name FROM plans WHERE plan_id = 3",
            "SELECT count(*) FROM customers WHERE NOT is_deleted",
            "SELECT round(sum(mrr_cents) / 100.0, 2) FROM mrr_snapshots WHERE snapshot_month = DATE '2026-09-01'",
            "SELECT status, count(*) FROM subscriptions GROUP BY status",
            "SELECT * FROM customers WHERE customer_id = 1234",
            "SELECT r.name, count(*) FROM customers c JOIN countries co ON co.country_code = c.country_code JOIN regions r ON r.region_id = co.region_id GROUP BY r.name",
            "SELECT date_trunc('month', ordered_at) m, sum(total_amount) FROM orders WHERE ordered_at >= DATE '2026-01-01' GROUP BY 1 ORDER BY 1",
            "SELECT * FROM products ORDER BY product_id LIMIT 50");

    public static void main(String[] args) throws Exception {
        Path dir = Path.of("target", "bench-demo").toAbsolutePath();
        DemoProject.init(dir, 1, false, System.err);
        int rounds = 300;
        try (Source source = Sources.openFile(dir.resolve(Project.DEMO_SOURCE)); Guard guard = new Guard()) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            StringBuilder table = new StringBuilder("| query | plain JDBC p50 (µs) | executor p50 (µs) | overhead p50 (µs) |\n|---|---:|---:|---:|\n");
            long[] allOverhead = new long[rounds * QUERIES.size()];
            int k = 0;
            for (String sql : QUERIES) {
                for (int w = 0; w < 30; w++) {
                    plain(source, sql);
                    executor.execute(sql);
                }
                long[] plain = new long[rounds];
                long[] guarded = new long[rounds];
                for (int i = 0; i < rounds; i++) {
                    long t0 = System.nanoTime();
                    plain(source, sql);
                    long t1 = System.nanoTime();
                    executor.execute(sql);
                    long t2 = System.nanoTime();
                    plain[i] = t1 - t0;
                    guarded[i] = t2 - t1;
                    allOverhead[k++] = guarded[i] - plain[i];
                }
                double p = Report.quantileMicros(plain, 0.5);
                double g = Report.quantileMicros(guarded, 0.5);
                table.append("| `").append(sql.length() > 70 ? sql.substring(0, 67) + "..." : sql).append("` | ")
                        .append(String.format("%.0f | %.0f | %.0f |%n", p, g, g - p));
            }
            String body = """
                    `bench/run ExecutorBench`: %d queries on the scale-1 demo warehouse, %d alternating runs each after warm-up.
                    Plain JDBC = a statement on the same locked-down read-only source, reading every value. Executor =
                    guard + timeout timer + row cap + conversion to plain Java values.

                    %s
                    Overhead over all runs (executor minus the plain run next to it): p50 %.0f µs, p99 %.0f µs. Target: under 2 ms p50.
                    """.formatted(QUERIES.size(), rounds, table, Report.quantileMicros(allOverhead, 0.5), Report.quantileMicros(allOverhead, 0.99));
            Report.write("executor", "Executor overhead against plain JDBC (issue 2)", body);
        }
    }

    private static void plain(Source source, String sql) throws Exception {
        try (Connection c = source.openConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) for (int i = 1; i <= n; i++) rs.getObject(i);
        }
    }
}
