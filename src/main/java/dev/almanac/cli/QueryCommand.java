package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.semantic.Grain;
import dev.almanac.semantic.SemanticCompiler;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticQuery;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "query", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Compute metrics by dimensions over a period.",
        description = {"Compute metrics from the semantic model (knowledge/semantic/): by dimensions, over a period, at a time grain.",
                "The query is compiled to SQL for the source, passes the SQL guard and runs under its limits. No model is used.",
                "Example: almanac query --metric mrr --by plan --grain month --from 2026-01-01 --to 2026-10-01 --where \"region = EMEA\" --order -mrr --limit 5",
                "Records: almanac query --records customers --by customer --by signup_date --where \"signup_date < 2024-01-01\" --order -signup_date --limit 1 --ties"})
final class QueryCommand extends WorkspaceCommand {
    @Option(names = "--metric", paramLabel = "M", description = "A metric (repeatable); `almanac metrics` lists them. Without one, --by lists a "
            + "dimension's values.")
    List<String> metrics = new java.util.ArrayList<>();

    @Option(names = "--share", description = "The part the --where filters keep, in percent of the whole without them.")
    boolean share;

    @Option(names = "--gaps", description = "The periods at --grain, from --from to --to, that hold no rows of the metric.")
    boolean gaps;

    @Option(names = "--by", paramLabel = "DIMENSION", description = "Group by a dimension (repeatable); 'region via RELATIONSHIP' picks the join when two reach it.")
    List<String> by = new ArrayList<>();

    @Option(names = "--grain", paramLabel = "G", description = "Bucket the metric's time: day, week, month, quarter or year.")
    String grain;

    @Option(names = "--from", paramLabel = "DATE", description = "First day of the period (YYYY-MM-DD), included.")
    String from;

    @Option(names = "--to", paramLabel = "DATE", description = "First day after the period (YYYY-MM-DD), not included.")
    String to;

    @Option(names = "--where", paramLabel = "FILTER", description = "A filter (repeatable): \"region = EMEA\", \"plan in (Pro, Business)\", \"mrr > 1000\".")
    List<String> where = new ArrayList<>();

    @Option(names = "--order", paramLabel = "COLUMN", description = "Order by a column of the answer (repeatable); -mrr is descending.")
    List<String> order = new ArrayList<>();

    @Option(names = "--limit", paramLabel = "N", description = "At most N rows.")
    Integer limit;

    @Option(names = "--ties", description = "With --order and --limit: keep every row tied with the last one (--order age --limit 1 --ties: every youngest).")
    boolean ties;

    @Option(names = "--records", paramLabel = "DATASET", description = "List the records of a dataset, one row each, with the --by dimensions as their "
            + "attributes (without it, --by alone lists distinct values).")
    String records;

    @Option(names = "--exists", paramLabel = "RELATED", description = "Only rows with related rows (repeatable): \"[not] DATASET [of DATASET] [where FILTER "
            + "[and FILTER]]\", e.g. \"concerts where year = 2014\", \"not orders\".")
    List<String> exists = new ArrayList<>();

    @Option(names = "--count-distinct", paramLabel = "DIMENSION", description = "Count the distinct values of a dimension (repeatable): a column "
            + "DIMENSION_distinct_count.")
    List<String> countDistinct = new ArrayList<>();

    @Option(names = "--compare-from", paramLabel = "DATE", description = "Compare with another period of the same length starting on this day.")
    String compareFrom;

    @Option(names = "--compare-to", paramLabel = "DATE", description = "End (not included) of the comparison period.")
    String compareTo;

    @Option(names = "--segment", paramLabel = "S", description = "Apply a named segment (repeatable).")
    List<String> segments = new ArrayList<>();

    @Option(names = "--without-segment", paramLabel = "S", description = "Turn off a segment that applies by default (repeatable).")
    List<String> withoutSegments = new ArrayList<>();

    @Option(names = "--sql", description = "Print the compiled SQL instead of running it.")
    boolean sqlOnly;

    @Option(names = "--format", defaultValue = "table", description = "table, json or csv (default ${DEFAULT-VALUE}).")
    ResultPrinter.Format format;

    @Override
    public void run() {
        SemanticQuery query = SemanticQuery.of(metrics.toArray(String[]::new))
                .by(by.toArray(String[]::new))
                .grain(grain == null ? null : Grain.parse(grain))
                .between(date(from, "--from"), date(to, "--to"))
                .where(where.toArray(String[]::new))
                .orderBy(order.toArray(String[]::new))
                .limit(limit)
                .withSegments(segments, withoutSegments)
                .records(records)
                .exists(exists.toArray(String[]::new))
                .countDistinct(countDistinct.toArray(String[]::new));
        if (ties) query = query.withTies();
        if (metrics.isEmpty() && by.isEmpty() && countDistinct.isEmpty()) {
            throw new UserError("give a metric (--metric), or a dimension to list its values (--by; with --records DATASET, its records)");
        }
        if (share) query = query.asShare();
        if (gaps) query = query.onlyGaps();
        if (compareFrom != null || compareTo != null) {
            if (compareFrom == null || compareTo == null) throw new UserError("a comparison needs both --compare-from and --compare-to");
            query = query.comparedTo(date(compareFrom, "--compare-from"), date(compareTo, "--compare-to"));
        }
        try (Workspace ws = openWorkspace()) {
            SemanticLayer layer = ws.semanticLayer();
            if (layer.model().isEmpty()) {
                throw new UserError("this project has no semantic model: add datasets and metrics in knowledge/semantic/*.yml (docs/SEMANTIC.md)");
            }
            if (sqlOnly) {
                SemanticCompiler.Compiled compiled = layer.compile(query);
                if (format == ResultPrinter.Format.json) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("semantic_query", compiled.query());
                    m.put("sql", compiled.sql());
                    m.put("columns", compiled.columns());
                    m.put("tables", compiled.tables());
                    out().println(Json.write(m));
                } else {
                    out().println(compiled.sql());
                }
                out().flush();
                return;
            }
            SemanticLayer.Run run = layer.run(query);
            // a period the metric's data covers only in part is said with the rows, so a cut series is not read as complete
            java.util.Optional<String> coverage = layer.coverageNote(run.compiled().query());
            if (format == ResultPrinter.Format.json) {
                Map<String, Object> m = new LinkedHashMap<>(ResultPrinter.asMap(run.result()));
                m.put("semantic_query", run.compiled().query());
                m.put("sql", run.compiled().sql());
                coverage.ifPresent(n -> m.put("coverage_note", n));
                out().println(Json.write(m));
                out().flush();
            } else {
                ResultPrinter.print(run.result(), format, out());
                // csv stays rows only: the note goes to stderr there
                coverage.ifPresent(n -> (format == ResultPrinter.Format.table ? out() : err()).println("Note: " + n));
                out().flush();
                err().flush();
            }
        }
    }

    private static LocalDate date(String text, String option) {
        if (text == null) return null;
        try {
            return LocalDate.parse(text.strip());
        } catch (DateTimeParseException e) {
            throw new UserError(option + " must be a date written YYYY-MM-DD, not '" + text + "'");
        }
    }
}
