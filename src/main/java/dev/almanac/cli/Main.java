package dev.almanac.cli;

import picocli.CommandLine;

/** Entry point of the {@code almanac} command. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        dev.almanac.Timing.phase("JVM start to main");
        int code = run(args);
        dev.almanac.Timing.phase("command");
        System.exit(code);
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
