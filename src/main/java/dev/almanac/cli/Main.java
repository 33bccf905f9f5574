package dev.almanac.cli;

import picocli.CommandLine;

/** Entry point of the {@code almanac} command. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        dev.almanac.Timing.phase("JVM start to main");
        if (opensSource(args)) Preload.start();
        int code = run(args);
        dev.almanac.Timing.phase("command");
        System.exit(code);
    }

    /** Commands that open the data source and the app store as their first work (the others do not preload them). */
    private static final java.util.Set<String> SOURCE_COMMANDS = java.util.Set.of("ask", "sql", "tables", "schema", "why");

    /** Whether the command line is one of those commands (its first word that is not an option). */
    static boolean opensSource(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--project") || args[i].equals("--db") || args[i].equals("--now")) {
                i++;
                continue;
            }
            if (!args[i].startsWith("-")) return SOURCE_COMMANDS.contains(args[i]);
        }
        return false;
    }

    /** Runs a command line and returns its exit code (0 ok, 1 failure, 2 rejected input). */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new AlmanacCommand());
        cli.setExecutionExceptionHandler(new ErrorReporter());
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler(ErrorReporter::parameterError);
        dev.almanac.Timing.phase("command line model");
        return cli;
    }
}
