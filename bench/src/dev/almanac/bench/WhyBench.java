package dev.almanac.bench;

import dev.almanac.demo.DemoProject;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.semantic.Change;
import dev.almanac.semantic.ChangeAnalysis;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueIndex;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.store.Project;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * "Why did it change?" on the demo (issue 32): the whole analysis of one metric's change (every dimension it can be sliced
 * by, one level deeper, a snapshot's movements, the usual-variation series), wall time and query count, at scale 1 and 10,
 * next to one comparison query of the same metric (its total in both periods) timed in the same run, as the baseline.
 * {@code bench/run WhyBench [SCALES]}
 */
public final class WhyBench {
    record Case(String metric, String from, String to) {}

    static final List<Case> CASES = List.of(
            new Case("mrr", "2026-07", "2026-08"),
            new Case("shop_revenue", "2026-Q1", "2026-Q2"),
            new Case("new_customers", "2026-Q1", "2026-Q2"),
            new Case("refund_rate", "2026-Q1", "2026-Q2"),
            new Case("order_cancellation_rate", "2025", "2026-01-01..2027-01-01"),
            new Case("units_sold", "2026-05", "2026-06"));

    static final int ROUNDS = 7;

    public static void main(String[] args) throws Exception {
        List<Double> scales = args.length == 0 ? List.of(1.0, 10.0) : Arrays.stream(args).map(Double::parseDouble).toList();
        var read = KnowledgeFiles.read(Path.of("knowledge"));
        SemanticModel model = SemanticModel.of(read.knowledge().semantic());
        StringBuilder table = new StringBuilder("| scale | metric | periods | verdict | dimensions split (not split) | queries | analysis p50 (ms) | one query p50 (ms) | ratio |\n"
                + "|---|---|---|---|---:|---:|---:|---:|---:|\n");
        for (double scale : scales) {
            Path dir = Path.of("target", "bench-demo-" + DemoProject.formatScale(scale)).toAbsolutePath();
            DemoProject.init(dir, scale, false, System.err);
            try (Source source = Sources.openFile(dir.resolve(Project.DEMO_SOURCE)); Guard guard = new Guard()) {
                QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
                SemanticLayer layer = new SemanticLayer(model, read.knowledge(), ValueIndex.build(model, executor, ValueIndex.DEFAULT_LIMIT), executor);
                ChangeAnalysis analysis = new ChangeAnalysis(layer, executor);
                for (Case c : CASES) {
                    ChangeAnalysis.Request request = ChangeAnalysis.Request.read(c.metric(), c.from(), c.to(), List.of(), List.of());
                    SemanticQuery one = SemanticQuery.of(c.metric()).between(request.after().start(), request.after().end())
                            .comparedTo(request.before().start(), request.before().end());
                    String oneSql = layer.compile(one).sql();
                    for (int w = 0; w < 2; w++) {
                        analysis.explain(request);
                        executor.execute(oneSql);
                    }
                    long[] whole = new long[ROUNDS];
                    long[] single = new long[ROUNDS];
                    Change last = null;
                    for (int i = 0; i < ROUNDS; i++) {
                        long t0 = System.nanoTime();
                        last = analysis.explain(request);
                        whole[i] = System.nanoTime() - t0;
                        t0 = System.nanoTime();
                        executor.execute(oneSql);
                        single[i] = System.nanoTime() - t0;
                    }
                    double a = median(whole) / 1e6;
                    double b = median(single) / 1e6;
                    table.append(String.format(java.util.Locale.ROOT, "| %s | %s | %s to %s | %s | %d (%d) | %d | %.0f | %.1f | %.0fx |%n", DemoProject.formatScale(scale),
                            c.metric(), c.from(), c.to(), last.verdict(), last.dimensions().size(), last.notSplit().size(), last.queries().size(), a, b, a / b));
                    System.err.println(c.metric() + " at " + scale + ": " + a + " ms, " + last.queries().size() + " queries");
                }
                int most = model.metrics().stream().mapToInt(m -> layer.dimensionsOf(m).size()).max().orElse(0);
                if (scale == scales.get(0)) table.insert(0, "The demo model's metrics can be sliced by up to " + most + " dimensions.\n\n");
            }
        }
        String body = """
                `bench/run WhyBench [SCALES]`: the whole analysis of a metric's change (the total in both periods, the metric's
                monthly series for its usual variation, one comparison query per dimension it can be sliced by, one level deeper
                inside the top value, a snapshot's movements), median of %d runs after 2 warm-up runs, on the demo's DuckDB; next
                to it one comparison query of the same metric (both periods, no breakdown) in the same run, and the ratio. A
                change inside the usual variation stops after the two first queries ("usual_variation"). 2 cores.

                %s
                """.formatted(ROUNDS, table);
        Report.write("why", "Why did it change: time and query count per analysis (issue 32)", body);
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
