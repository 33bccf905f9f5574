package dev.almanac.bench;

import dev.almanac.sql.Guard;
import dev.almanac.sql.Verdict;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Guard time per statement over the attack/acceptance corpus (src/test/resources/guard/corpus.tsv). */
public final class GuardBench {
    public static void main(String[] args) throws Exception {
        List<String> statements = new ArrayList<>();
        try (InputStream in = GuardBench.class.getResourceAsStream("/guard/corpus.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                statements.add(line.split("\t", 3)[2].replace("{dir}", "/tmp/sandbox").replace("\\n", "\n"));
            }
        }
        int rounds = 200;
        try (Guard guard = new Guard()) {
            for (int w = 0; w < 50; w++) for (String s : statements) guard.check(s);
            long[] allowed = new long[rounds * statements.size()];
            long[] rejected = new long[rounds * statements.size()];
            int a = 0, r = 0;
            for (int round = 0; round < rounds; round++) {
                for (String s : statements) {
                    long t0 = System.nanoTime();
                    Verdict v = guard.check(s);
                    long t = System.nanoTime() - t0;
                    if (v instanceof Verdict.Allowed) allowed[a++] = t;
                    else rejected[r++] = t;
                }
            }
            allowed = java.util.Arrays.copyOf(allowed, a);
            rejected = java.util.Arrays.copyOf(rejected, r);
            long[] all = new long[a + r];
            System.arraycopy(allowed, 0, all, 0, a);
            System.arraycopy(rejected, 0, all, a, r);
            String body = """
                    `bench/run GuardBench`: %d corpus statements (%d allowed, %d rejected) checked %d times each after warm-up;
                    time per `Guard.check` (DuckDB `json_serialize_sql` on an in-memory engine, plus the tree walk).

                    | statements | p50 (µs) | p99 (µs) |
                    |---|---:|---:|
                    | all | %.1f | %.1f |
                    | allowed | %.1f | %.1f |
                    | rejected | %.1f | %.1f |
                    """.formatted(statements.size(), a / rounds, r / rounds, rounds,
                    Report.quantileMicros(all, 0.5), Report.quantileMicros(all, 0.99),
                    Report.quantileMicros(allowed, 0.5), Report.quantileMicros(allowed, 0.99),
                    Report.quantileMicros(rejected, 0.5), Report.quantileMicros(rejected, 0.99));
            Report.write("guard", "SQL guard: time per statement (issue 2)", body);
        }
    }
}
