package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.sql.QueryLimits;
import dev.almanac.sql.QueryResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "sql", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Run one read-only query through the SQL guard, under a timeout and a row cap.",
                "Allowed: SELECT, WITH ... SELECT, VALUES, set operations, DESCRIBE, SUMMARIZE, SHOW.",
                "Anything else is rejected with the reason (exit code 2)."})
final class SqlCommand extends WorkspaceCommand {
    @Parameters(paramLabel = "SQL", description = "The query; '-' reads it from standard input.")
    String sql;

    @Option(names = "--format", defaultValue = "table", description = "table, json or csv (default ${DEFAULT-VALUE}).")
    ResultPrinter.Format format;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30", description = "Interrupt the query after this many seconds (default ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @Option(names = "--max-rows", paramLabel = "N", defaultValue = "1000", description = "Row cap; more rows are reported as truncated (default ${DEFAULT-VALUE}).")
    int maxRows;

    @Override
    public void run() {
        String text = sql.equals("-") ? readStdin() : sql;
        if (text.isBlank()) throw new UserError("rejected: empty statement: nothing to run");
        if (!(timeoutSeconds > 0)) throw new UserError("--timeout must be a positive number of seconds");
        if (maxRows < 1) throw new UserError("--max-rows must be at least 1");
        QueryLimits limits = new QueryLimits(Duration.ofMillis((long) (timeoutSeconds * 1000)), maxRows);
        try (Workspace ws = openWorkspace()) {
            QueryResult result = ws.executor(limits).execute(text);
            ResultPrinter.print(result, format, out());
        }
    }

    private static String readStdin() {
        try {
            return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("cannot read the query from standard input: " + e.getMessage());
        }
    }
}
