package dev.almanac.cli;

import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.quality.Timeliness;
import dev.almanac.quality.TimelinessCheck;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "dq", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Check whether the data covers the period a query asks for.",
        description = {"The timeliness verdict for a query on its own: does the data it reads cover the period the question asks for?",
                "OK, PARTIAL (missing buckets inside the period), MISMATCH (no data in it), UNKNOWN or NOT_EVALUATED."})
final class DqCommand extends WorkspaceCommand {
    @Option(names = "--sql", required = true, paramLabel = "SQL", description = "The query that was run.")
    String sql;

    @Option(names = "--question", required = true, paramLabel = "TEXT", description = "The question it answers (names the period).")
    String question;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
    AskCommand.Format format;

    @Override
    public void run() {
        String q = Questions.check(question);
        if (sql.isBlank()) throw new dev.almanac.UserError("rejected: empty statement: nothing to run");
        try (Workspace ws = openWorkspace()) {
            KnowledgeSet knowledge = ws.knowledge();
            ws.executor(dev.almanac.sql.QueryLimits.DEFAULT).execute(sql);
            Timeliness t = new TimelinessCheck(ws.catalog(), knowledge, ws.executor(dev.almanac.sql.QueryLimits.DEFAULT), ws.today(),
                    dev.almanac.quality.FiscalYear.of(ws.project().orElse(null)))
                    .evaluate(List.of(q), List.of(sql));
            PrintWriter out = out();
            if (format == AskCommand.Format.json) {
                out.println(Json.write(t));
            } else {
                out.println("Timeliness: " + t.status() + " — " + t.reason());
                if (t.requested() != null) out.println("Requested: " + t.requested());
                if (t.observed() != null) out.println("Observed:  " + t.observed());
                if (t.table() != null) out.println("Time column: " + t.table() + "." + t.column());
                if (!t.missingBuckets().isEmpty()) out.println("Missing:   " + String.join(", ", t.missingBuckets()));
            }
            out.flush();
        }
    }
}
