package dev.almanac.bench;

import dev.almanac.demo.DemoProject;
import dev.almanac.demo.TrinoLoader;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.semantic.QuestionParser;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueIndex;
import dev.almanac.source.Dialect;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.sql.QueryResult;
import dev.almanac.store.Project;
import dev.almanac.testing.TrinoCluster;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The golden questions with a semantic answer (the parser reads them whole) on the demo in DuckDB and on the tests'
 * two-node Trino cluster (coordinator and worker, the demo copied into its memory catalog): whether the answers are the
 * same, and the time per question on each (compile, guard and run; the median of three runs). Trino on one machine is
 * expected to be slower: the figure is for the record. {@code bench/run TrinoBench [SCALE]} (default 0.2: the copy into
 * Trino goes through INSERT statements).
 */
public final class TrinoBench {
    public static void main(String[] args) throws Exception {
        double scale = args.length > 0 ? Double.parseDouble(args[0]) : 0.2;
        Path dir = Path.of("target", "bench-trino-demo").toAbsolutePath();
        DemoProject.init(dir, scale, false, System.err);
        var read = KnowledgeFiles.read(Path.of("knowledge"));
        SemanticModel model = SemanticModel.of(read.knowledge().semantic());
        LocalDate today = LocalDate.parse("2026-11-22");
        try (TrinoCluster trino = TrinoCluster.startHere();
             Source duck = Sources.openFile(dir.resolve(Project.DEMO_SOURCE)); Guard duckGuard = new Guard()) {
            String schema = "demo";
            trino.load("CREATE SCHEMA IF NOT EXISTS memory." + schema);
            long l0 = System.nanoTime();
            Map<String, Long> copied;
            copied = TrinoLoader.load(duck, trino.url(TrinoCluster.LOADER, schema), null);
            double loadSeconds = (System.nanoTime() - l0) / 1e9;
            long rowsCopied = copied.values().stream().mapToLong(Long::longValue).sum();

            try (Source trinoSource = Sources.open(trino.url(TrinoCluster.ALMANAC, schema)); Guard trinoGuard = new Guard(Dialect.TRINO)) {
                QueryExecutor duckExec = new QueryExecutor(duck, duckGuard, QueryLimits.DEFAULT);
                QueryExecutor trinoExec = new QueryExecutor(trinoSource, trinoGuard, QueryLimits.DEFAULT);
                ValueIndex values = ValueIndex.build(model, duckExec, ValueIndex.DEFAULT_LIMIT);
                SemanticLayer onDuck = new SemanticLayer(model, read.knowledge(), values, duckExec);
                // the same model as Trino reads it: each expression's Trino variant (knowledge/semantic: dialects)
                SemanticLayer onTrino = new SemanticLayer(SemanticModel.of(read.knowledge().semantic(), Dialect.TRINO), read.knowledge(), values, trinoExec);
                QuestionParser parser = new QuestionParser(onDuck, today);

                int asked = 0, same = 0;
                List<String> differ = new ArrayList<>();
                Map<String, Integer> refusedOnTrino = new LinkedHashMap<>();
                List<Long> duckTimes = new ArrayList<>();
                List<Long> trinoTimes = new ArrayList<>();
                for (GoldenQuery g : read.knowledge().golden()) {
                    if (!(parser.parse(g.question()) instanceof QuestionParser.Parsed p)) continue;
                    SemanticQuery q = p.query();
                    QueryResult d;
                    try {
                        d = onDuck.run(q).result();
                    } catch (RuntimeException e) {
                        continue; // refused on DuckDB too: not a semantic answer
                    }
                    asked++;
                    QueryResult t;
                    try {
                        t = onTrino.run(q).result();
                    } catch (RuntimeException e) {
                        String why = firstLine(e.getMessage());
                        refusedOnTrino.merge(why.length() > 140 ? why.substring(0, 140) + "..." : why, 1, Integer::sum);
                        continue;
                    }
                    if (rows(d).equals(rows(t))) same++;
                    else differ.add(g.id() + " " + g.question());
                    duckTimes.add(median(() -> onDuck.run(q)));
                    trinoTimes.add(median(() -> onTrino.run(q)));
                }
                double duckP50 = quantile(duckTimes, 0.5);
                double trinoP50 = quantile(trinoTimes, 0.5);
                StringBuilder refused = new StringBuilder();
                refusedOnTrino.forEach((why, n) -> refused.append("- ").append(n).append(" × ").append(why).append('\n'));
                String body = """
                        `bench/run TrinoBench %s`: the demo at scale %s (%,d rows in %d tables) in DuckDB, and copied into the memory catalog of the
                        tests' two-node Trino 476 cluster (a coordinator that only plans and a worker, on this one machine) by
                        `almanac demo init --target` in %.0f s. The golden questions the parser reads whole are compiled for each engine,
                        run through the guard and the executor (Trino as Almanac's read-only user), and their rows compared (numbers to
                        six decimals).

                        | | questions |
                        |---|---:|
                        | read whole and answered on DuckDB | %d |
                        | same rows on Trino | %d |
                        | different rows on Trino | %d |
                        | refused or failed on Trino | %d |

                        %s%s
                        Time per question (compile, guard, run; the median of three runs each), p50 over the questions answered on both:
                        DuckDB %.1f ms, Trino %.1f ms (%.1fx). Trino's figure includes its planning and the coordinator-worker round trips
                        on one machine; it is for the record, not a target.
                        """.formatted(args.length > 0 ? args[0] : "", scale, rowsCopied, copied.size(), loadSeconds, asked, same, differ.size(),
                        refusedOnTrino.values().stream().mapToInt(Integer::intValue).sum(),
                        differ.isEmpty() ? "" : "Different: " + String.join("; ", differ) + ".\n\n",
                        refused.isEmpty() ? "" : "Refused or failed on Trino, by reason:\n\n" + refused + "\n",
                        duckP50, trinoP50, trinoP50 / duckP50);
                Report.write("trino", "Trino: the golden questions on DuckDB and on a two-node cluster", body);
            }
        }
    }

    interface Run {
        Object run();
    }

    private static long median(Run r) {
        long[] t = new long[3];
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            r.run();
            t[i] = System.nanoTime() - t0;
        }
        java.util.Arrays.sort(t);
        return t[1];
    }

    private static double quantile(List<Long> nanos, double q) {
        if (nanos.isEmpty()) return Double.NaN;
        return Report.quantileMicros(nanos.stream().mapToLong(Long::longValue).toArray(), q) / 1000;
    }

    /** Rows as text: numbers to six decimals, so that DECIMAL and DOUBLE of the same value compare equal. */
    static List<String> rows(QueryResult r) {
        List<String> out = new ArrayList<>();
        for (List<Object> row : r.rows()) {
            List<String> cells = new ArrayList<>();
            for (Object v : row) {
                if (v instanceof Number n) cells.add(new BigDecimal(n.toString()).setScale(6, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString());
                else if (v instanceof java.sql.Timestamp ts) cells.add(ts.toLocalDateTime().toString());
                else cells.add(String.valueOf(v));
            }
            out.add(String.join(" | ", cells));
        }
        return out;
    }

    private static String firstLine(String s) {
        if (s == null) return "(no message)";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
