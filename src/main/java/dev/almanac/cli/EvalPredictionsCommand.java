package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.eval.PredictionScorer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "predictions", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Score SQL predictions against gold SQL (Spider / BIRD layout) by executing both on each SQLite database.",
                "Prints execution accuracy (ours, and BIRD's set comparison) overall and per database; see docs/EVALS.md.",
                "Exit code 1 when any item could not be scored (missing database or prediction, failing gold, timeout)."})
final class EvalPredictionsCommand implements Runnable {
    enum Format { text, json }

    @Spec
    CommandSpec spec;

    @Option(names = "--gold", required = true, paramLabel = "FILE", description = "JSON list of {db_id, question, query|SQL}.")
    Path gold;

    @Option(names = "--pred", required = true, paramLabel = "FILE", description = "One predicted SQL per line, in gold order.")
    Path pred;

    @Option(names = "--db-dir", required = true, paramLabel = "DIR", description = "Folder with DB_ID/DB_ID.sqlite.")
    Path dbDir;

    @Option(names = "--parallel", defaultValue = "1", paramLabel = "N", description = "Questions scored at once (default ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = "--timeout", defaultValue = "30", paramLabel = "SECONDS", description = "Per query (default ${DEFAULT-VALUE}).")
    int timeout;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public void run() {
        if (parallel < 1 || parallel > 64) throw new UserError("--parallel must be between 1 and 64");
        if (timeout < 1) throw new UserError("--timeout must be at least 1 second");
        int total = PredictionScorer.readGold(gold).size();
        AtomicInteger done = new AtomicInteger();
        Progress bar = new Progress(total, format == Format.text);
        PredictionScorer.Report report = PredictionScorer.score(gold, pred, dbDir, parallel, Duration.ofSeconds(timeout), i -> bar.update(done.incrementAndGet(), -1));
        bar.finish();
        PrintWriter out = spec.commandLine().getOut();
        if (format == Format.json) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("questions", report.items().size());
            json.put("evaluable", report.evaluable());
            json.put("execution_accuracy", ratio(report.correct(), report.evaluable()));
            json.put("set_execution_accuracy", ratio(report.setEqual(), report.evaluable()));
            json.put("problems", report.problems());
            json.put("seconds", report.seconds());
            Map<String, Object> perDb = new LinkedHashMap<>();
            report.perDatabase().forEach((db, c) -> perDb.put(db, Map.of("evaluable", c[0], "correct", c[1], "set_correct", c[2], "problems", c[3])));
            json.put("per_database", perDb);
            json.put("items", report.items());
            out.println(Json.write(json));
        } else {
            out.printf("Execution accuracy: %.2f%% (%d of %d evaluable questions); BIRD set comparison: %.2f%%%n",
                    100 * ratio(report.correct(), report.evaluable()), report.correct(), report.evaluable(), 100 * ratio(report.setEqual(), report.evaluable()));
            out.printf("%d questions in %.1f s (%.1f questions/s)%n", report.items().size(), report.seconds(), report.items().size() / report.seconds());
            out.println();
            out.printf("%-30s %9s %9s %9s %9s%n", "database", "questions", "EX %", "set EX %", "problems");
            report.perDatabase().forEach((db, c) -> out.printf("%-30s %9d %9s %9s %9d%n", db, c[0],
                    c[0] == 0 ? "-" : String.format("%.1f", 100.0 * c[1] / c[0]), c[0] == 0 ? "-" : String.format("%.1f", 100.0 * c[2] / c[0]), c[3]));
            Map<PredictionScorer.Status, Long> byStatus = new LinkedHashMap<>();
            report.items().forEach(i -> byStatus.merge(i.status(), 1L, Long::sum));
            out.println();
            byStatus.forEach((s, n) -> out.println(s.name().toLowerCase().replace('_', ' ') + ": " + n));
            List<PredictionScorer.Item> problems = report.items().stream()
                    .filter(i -> i.status() != PredictionScorer.Status.SCORED && i.status() != PredictionScorer.Status.PREDICTION_FAILED).toList();
            problems.stream().limit(10).forEach(i -> out.println("  #" + (i.index() + 1) + " " + i.db() + ": " + i.detail()));
            if (problems.size() > 10) out.println("  ... " + (problems.size() - 10) + " more (--format json lists all)");
        }
        out.flush();
        if (report.problems() > 0) throw new AskCommand.NotAnswered();
    }

    static double ratio(long a, long b) {
        return b == 0 ? 0 : (double) a / b;
    }
}
