package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.semantic.Change;
import dev.almanac.semantic.ChangeAnalysis;
import dev.almanac.semantic.ChangeWords;
import dev.almanac.semantic.SemanticLayer;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "why", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Explain a metric's change between two periods: where it came from, by each dimension.",
        description = {"Split a metric's change from one period to another by every dimension it can be sliced by (or those given with --by): "
                + "each value's contribution, adding up to the change; for a ratio, the part from the mix of groups and from within them; one "
                + "level deeper inside the value carrying the most; a snapshot's new, expansion, contraction and churn. Every number comes from "
                + "a query listed with the answer. No model is used.",
                "Periods: 2026, 2026-Q3, 2026-08, 2026-08-14, or 2026-01-01..2026-04-01 (the end not included).",
                "Example: almanac why --metric mrr --from 2026-07 --to 2026-08",
                "         almanac why --metric shop_revenue --to 2026-Q2 --by sales_channel     (Q2 against Q1)"})
final class WhyCommand extends WorkspaceCommand {
    @Option(names = "--metric", required = true, paramLabel = "M", description = "The metric whose change to explain; `almanac metrics` lists them.")
    String metric;

    @Option(names = "--from", paramLabel = "PERIOD", description = "The period the change is from (default: the period of the same length just before --to).")
    String from;

    @Option(names = "--to", required = true, paramLabel = "PERIOD", description = "The period the change is to.")
    String to;

    @Option(names = "--by", paramLabel = "DIMENSION", description = "Split only by these dimensions (repeatable; default: every one the metric can be sliced by).")
    List<String> by = new ArrayList<>();

    @Option(names = "--where", paramLabel = "FILTER", description = "A filter on both periods (repeatable): \"region = Europe\".")
    List<String> where = new ArrayList<>();

    @Option(names = "--sql", description = "Also print the SQL of every query the analysis ran.")
    boolean sql;

    @Option(names = "--format", defaultValue = "table", description = "table or json (default ${DEFAULT-VALUE}).")
    ResultPrinter.Format format;

    @Override
    public void run() {
        if (format == ResultPrinter.Format.csv) throw new UserError("why prints a table or json, not csv");
        ChangeAnalysis.Request request = ChangeAnalysis.Request.read(metric, from, to, by, where);
        try (Workspace ws = openWorkspace()) {
            SemanticLayer layer = ws.semanticLayer();
            if (layer.model().isEmpty()) {
                throw new UserError("this project has no semantic model: add datasets and metrics in knowledge/semantic/*.yml (docs/SEMANTIC.md)");
            }
            Change change = new ChangeAnalysis(layer, ws.executor(ws.limits())).explain(request);
            if (format == ResultPrinter.Format.json) {
                out().println(Json.write(change));
            } else {
                out().println(ChangeWords.text(change));
                out().println();
                out().println("Queries:");
                for (Change.Query q : change.queries()) {
                    out().println("  " + q.index() + ". " + q.purpose());
                    if (sql) out().println(q.sql().indent(6).stripTrailing());
                }
            }
            out().flush();
        }
    }
}
