package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.sql.CsvExport;
import dev.almanac.sql.QueryLimits;
import dev.almanac.sql.QueryResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "sql", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Run one guarded, read-only SQL query.",
        description = {"Run one read-only query through the SQL guard, under a timeout, a row cap and byte budgets.",
                "Allowed: SELECT, WITH ... SELECT, VALUES, set operations, DESCRIBE, SUMMARIZE, SHOW.",
                "Anything else is rejected with the reason (exit code 2)."})
final class SqlCommand extends WorkspaceCommand {
    @Parameters(paramLabel = "SQL", description = "The query; '-' reads it from standard input.")
    String sql;

    @Option(names = "--format", defaultValue = "table", description = {"table, json or csv (default ${DEFAULT-VALUE}).",
            "csv streams every row, up to " + QueryLimits.EXPORT_MAX_ROWS + " rows and " + (QueryLimits.EXPORT_MAX_BYTES >> 20) + " MiB (unless --max-rows is given)."})
    ResultPrinter.Format format;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30", description = "Interrupt the query after this many seconds (default ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @Option(names = "--max-rows", paramLabel = "N", description = "Row cap; more rows are reported as truncated (default 1000; with --format csv, the export's hard limit).")
    Integer maxRows;

    @Option(names = "--max-cell-bytes", paramLabel = "N", defaultValue = "" + QueryLimits.DEFAULT_CELL_BYTES,
            description = "Byte budget of one value; a longer one is cut with a marker and the result reported as truncated (default ${DEFAULT-VALUE}).")
    int maxCellBytes;

    @Option(names = "--max-result-bytes", paramLabel = "N", defaultValue = "" + QueryLimits.DEFAULT_RESULT_BYTES,
            description = "Byte budget of the whole result; rows stop once it is spent and the result is reported as truncated (default ${DEFAULT-VALUE}).")
    int maxResultBytes;

    @Option(names = "--csv-raw", description = {"With --format csv: write text cells as they are. By default a text cell that starts with",
            "=, +, -, @, a tab or a carriage return gets a leading ' so that a spreadsheet does not run it as a formula."})
    boolean csvRaw;

    @Override
    public void run() {
        String text = sql.equals("-") ? readStdin() : sql;
        if (text.isBlank()) throw new UserError("rejected: empty statement: nothing to run");
        if (csvRaw && format != ResultPrinter.Format.csv) throw new UserError("--csv-raw goes with --format csv");
        if (!(timeoutSeconds > 0)) throw new UserError("--timeout must be a positive number of seconds");
        if (maxRows != null && maxRows < 1) throw new UserError("--max-rows must be at least 1");
        if (maxCellBytes < QueryLimits.MIN_BYTES) throw new UserError("--max-cell-bytes must be at least " + QueryLimits.MIN_BYTES);
        if (maxResultBytes < QueryLimits.MIN_BYTES) throw new UserError("--max-result-bytes must be at least " + QueryLimits.MIN_BYTES);
        Duration timeout = Duration.ofMillis((long) (timeoutSeconds * 1000));
        QueryLimits limits = new QueryLimits(timeout, maxRows == null ? QueryLimits.DEFAULT.maxRows() : maxRows, maxCellBytes, maxResultBytes);
        try (Workspace ws = openWorkspace()) {
            if (format == ResultPrinter.Format.csv && maxRows == null) {
                warnIfCut(CsvExport.write(ws.executor(limits), text, out(), "\n", cells()));
                return;
            }
            QueryResult result = ws.executor(limits).execute(text);
            ResultPrinter.print(result, format, cells(), out());
        }
    }

    private CsvExport.Cells cells() {
        return csvRaw ? CsvExport.Cells.RAW : CsvExport.Cells.NEUTRALISED;
    }

    private static String readStdin() {
        try {
            return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("cannot read the query from standard input: " + e.getMessage());
        }
    }
}
