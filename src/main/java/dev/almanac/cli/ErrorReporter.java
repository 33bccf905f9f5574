package dev.almanac.cli;

import dev.almanac.AlmanacException;
import dev.almanac.UserError;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Maps exceptions to exit codes in one place: the user's errors get one line and exit code 2, the
 * system's failures one line and exit code 1; a stack trace only with {@code -v}.
 */
final class ErrorReporter implements CommandLine.IExecutionExceptionHandler {
    static final int FAILURE = 1;
    static final int REJECTED = 2;

    @Override
    public int handleExecutionException(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        boolean verbose = parsed.hasMatchedOption("-v") || hasVerbose(parsed);
        if (e instanceof UserError) {
            err.println("almanac: " + e.getMessage());
            if (verbose) e.printStackTrace(err);
            err.flush();
            return REJECTED;
        }
        String message = e instanceof AlmanacException ? e.getMessage() : "internal error: " + e;
        err.println("almanac: " + message);
        if (verbose) e.printStackTrace(err);
        else if (!(e instanceof AlmanacException)) err.println("(run again with -v for details)");
        err.flush();
        return FAILURE;
    }

    private static boolean hasVerbose(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("-v")) return true;
        }
        return false;
    }

    /** Bad options or arguments: the reason and a pointer to --help, exit code 2. */
    static int parameterError(CommandLine.ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        PrintWriter err = cli.getErr();
        err.println("almanac: " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + cli.getCommandSpec().qualifiedName() + " --help' for usage.");
        err.flush();
        return REJECTED;
    }
}
