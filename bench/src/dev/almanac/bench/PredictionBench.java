package dev.almanac.bench;

import dev.almanac.eval.PredictionScorer;
import java.nio.file.Path;
import java.time.Duration;

/** Prediction scoring throughput on Spider dev (DAIL-SQL + GPT-4 predictions), with 1 and 2 threads. */
public final class PredictionBench {
    public static void main(String[] args) throws Exception {
        Path spider = Path.of("..", "shared", "bench", "spider-dev");
        Path gold = spider.resolve("dev.json");
        StringBuilder rows = new StringBuilder("| predictions | --parallel | questions | seconds | questions/s | EX (ours) | EX (BIRD set) |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (String file : new String[] {"dail_sql_gpt4", "c3_chatgpt", "din_sql_gpt4"}) {
            Path pred = spider.resolve("predictions").resolve(file + ".sql");
            PredictionScorer.score(gold, pred, spider.resolve("database"), 2, Duration.ofSeconds(30), null); // warm-up
            for (int parallel : new int[] {1, 2}) {
                double best = Double.MAX_VALUE;
                PredictionScorer.Report report = null;
                for (int run = 0; run < 3; run++) {
                    report = PredictionScorer.score(gold, pred, spider.resolve("database"), parallel, Duration.ofSeconds(30), null);
                    best = Math.min(best, report.seconds());
                }
                rows.append(String.format("| %s | %d | %d | %.2f | %.0f | %.2f%% | %.2f%% |%n", file, parallel, report.items().size(), best,
                        report.items().size() / best, 100.0 * report.correct() / report.evaluable(), 100.0 * report.setEqual() / report.evaluable()));
            }
        }
        String body = """
                `bench/run PredictionBench`: `almanac eval predictions` on the 1034 Spider dev questions (both gold and predicted SQL
                executed on the SQLite databases; the 62 wta_1 questions are reported as missing and not executed), best of 3 runs
                after a warm-up. Accuracy is over the 972 evaluable questions; docs/EVALS.md compares it with the published figures.

                %s""".formatted(rows);
        Report.write("predictions", "Prediction scoring throughput (issue 5)", body);
    }
}
