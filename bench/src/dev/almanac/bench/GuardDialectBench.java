package dev.almanac.bench;

import dev.almanac.source.Dialect;
import dev.almanac.sql.Guard;
import dev.almanac.sql.Verdict;
import dev.almanac.testing.SpiderDatabases;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The guard per dialect (issue 15): time per statement of each dialect's guard over Spider dev's gold SQL and the
 * attack corpora, and how many Spider gold queries and published predictions each guard rejects (the predictions
 * also counted among those SQLite itself accepts).
 */
public final class GuardDialectBench {
    static final Path SPIDER = SpiderDatabases.SPIDER;
    static final Dialect[] DIALECTS = {Dialect.DUCKDB, Dialect.SQLITE, Dialect.POSTGRES, Dialect.MYSQL, Dialect.SNOWFLAKE, Dialect.BIGQUERY,
            Dialect.TRINO};
    static final String[] PREDICTIONS = {"dail_sql_gpt4", "c3_chatgpt", "din_sql_gpt4"};

    public static void main(String[] args) throws Exception {
        List<String> goldLines = Files.readAllLines(SPIDER.resolve("dev_gold.sql"));
        Set<String> statements = new LinkedHashSet<>();
        for (String line : goldLines) statements.add(line.split("\t")[0]);
        int gold = statements.size();
        statements.addAll(corpus("/guard/corpus.tsv", 3));
        statements.addAll(corpus("/guard/dialects.tsv", 4));
        List<String> all = List.copyOf(statements);

        int rounds = 10;
        for (Dialect dialect : DIALECTS) { // warm every parser (JIT) before any is measured
            try (Guard guard = new Guard(dialect)) {
                for (int w = 0; w < 3; w++) for (String s : all) guard.check(s);
            }
        }
        StringBuilder timing = new StringBuilder("| dialect | parser | p50 (µs) | p99 (µs) | gold p50 (µs) | attacks and other p50 (µs) |\n"
                + "|---|---|---:|---:|---:|---:|\n");
        for (Dialect dialect : DIALECTS) {
            try (Guard guard = new Guard(dialect)) {
                for (int w = 0; w < 3; w++) for (String s : all) guard.check(s);
                long[] times = new long[rounds * all.size()];
                long[] goldTimes = new long[rounds * gold];
                long[] otherTimes = new long[rounds * (all.size() - gold)];
                int n = 0, g = 0, o = 0;
                for (int round = 0; round < rounds; round++) {
                    for (int i = 0; i < all.size(); i++) {
                        long t0 = System.nanoTime();
                        guard.check(all.get(i));
                        long t = System.nanoTime() - t0;
                        times[n++] = t;
                        if (i < gold) goldTimes[g++] = t;
                        else otherTimes[o++] = t;
                    }
                }
                timing.append(String.format("| %s | %s | %.0f | %.0f | %.0f | %.0f |%n", dialect.label(),
                        dialect == Dialect.DUCKDB ? "DuckDB `json_serialize_sql`" : "JSqlParser 5.4", Report.quantileMicros(times, 0.5),
                        Report.quantileMicros(times, 0.99), Report.quantileMicros(goldTimes, 0.5), Report.quantileMicros(otherTimes, 0.5)));
            }
        }

        SpiderDatabases dbs = new SpiderDatabases();
        StringBuilder counts = new StringBuilder("| guard | gold rejected |");
        for (String p : PREDICTIONS) counts.append(" ").append(p).append(" rejected (valid) |");
        counts.append("\n|---|---:|");
        for (int i = 0; i < PREDICTIONS.length; i++) counts.append("---:|");
        counts.append('\n');
        Map<String, List<String>> predictions = new HashMap<>();
        Map<String, boolean[]> valid = new HashMap<>();
        for (String p : PREDICTIONS) {
            List<String> lines = Files.readAllLines(SPIDER.resolve("predictions").resolve(p + ".sql"));
            boolean[] ok = new boolean[lines.size()];
            for (int i = 0; i < lines.size(); i++) ok[i] = dbs.accepts(goldLines.get(i).split("\t")[1], lines.get(i));
            predictions.put(p, lines);
            valid.put(p, ok);
        }
        List<String> duckDbExamples = new ArrayList<>();
        for (Dialect dialect : DIALECTS) {
            try (Guard guard = new Guard(dialect)) {
                int goldRejected = 0;
                for (String line : goldLines) {
                    if (guard.check(line.split("\t")[0]) instanceof Verdict.Rejected r) {
                        goldRejected++;
                        String example = "- `` " + line.split("\t")[0] + " ``: " + r.reason();
                        if (dialect == Dialect.DUCKDB && !duckDbExamples.contains(example)) duckDbExamples.add(example);
                    }
                }
                counts.append("| ").append(dialect.label()).append(" | ").append(goldRejected).append(" / ").append(goldLines.size()).append(" |");
                for (String p : PREDICTIONS) {
                    List<String> lines = predictions.get(p);
                    int rejected = 0, rejectedValid = 0, validCount = 0;
                    for (int i = 0; i < lines.size(); i++) {
                        boolean isValid = valid.get(p)[i];
                        if (isValid) validCount++;
                        if (!lines.get(i).isBlank() && guard.check(lines.get(i)) instanceof Verdict.Rejected) {
                            rejected++;
                            if (isValid) rejectedValid++;
                        }
                    }
                    counts.append(" ").append(rejected).append(" (").append(rejectedValid).append(" of ").append(validCount).append(") |");
                }
                counts.append('\n');
            }
        }
        dbs.close();

        String body = """
                `bench/run GuardDialectBench`: each dialect's guard (`new Guard(dialect)`) on %d distinct statements: the %d distinct Spider
                dev gold queries, the DuckDB attack/acceptance corpus (`src/test/resources/guard/corpus.tsv`) and the per-dialect corpus
                (`dialects.tsv`), checked %d times each after warm-up rounds on every guard (the guard's cache of 64 recent verdicts never hits:
                the statements cycle). DuckDB's row is today's guard, measured in the same run.

                %s
                Rejections on Spider dev (1034 gold queries; 1034 predictions per published system, run against the SQLite databases).
                "valid" = the predictions SQLite itself compiles on their database (19 databases; wta_1's 62 questions have no
                database and count as not valid). A valid query rejected is a false rejection.

                %s
                SQLite's p99 comes from the statements that JSqlParser parses again after reading a word as SQLite does (a
                keyword as a name, `GLOB`, `a IS b`): one parse per word. Each parse runs on the guard's parser thread pool
                (with a 5 s limit), which the times include.

                The distinct gold queries the DuckDB parser rejects:

                %s
                """.formatted(all.size(), gold, rounds, timing, counts, String.join("\n", duckDbExamples));
        Report.write("guard-dialects", "SQL guard per dialect: parse time and Spider rejections (issue 15)", body);
    }

    static List<String> corpus(String resource, int columns) throws Exception {
        List<String> out = new ArrayList<>();
        try (InputStream in = GuardDialectBench.class.getResourceAsStream(resource)) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                out.add(line.split("\t", columns)[columns - 1].replace("{dir}", "/tmp/sandbox").replace("\\n", "\n").replace("\\r", "\r"));
            }
        }
        return out;
    }
}
