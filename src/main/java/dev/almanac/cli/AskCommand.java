package dev.almanac.cli;

import dev.almanac.UserError;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "ask", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Ask a question about the data in plain language.")
final class AskCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions global;

    @ParentCommand
    AlmanacCommand parent;

    @Parameters(paramLabel = "QUESTION", description = "The question, in plain language.")
    String question;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
    String format;

    @Override
    public void run() {
        Questions.check(question);
        try (Workspace ws = Workspace.open(global.orElse(parent.global), System.err)) {
            int tables = ws.catalog().tables().size();
            PrintWriter out = spec.commandLine().getOut();
            out.println("Almanac cannot answer questions yet: the question-answering agent (table selection, knowledge");
            out.println("retrieval, the language-model loop) is not built in this version.");
            out.printf("What works now, on %s (%d tables):%n", ws.source().id(), tables);
            out.println("  almanac schema [TABLE]            tables, columns, keys, date ranges, sample values");
            out.println("  almanac sql \"SELECT ...\"          a guarded read-only query, with timeout and row cap");
            out.flush();
            throw new NotAnswered();
        }
    }

    /** Exit code 1 without a further message: the explanation has been printed. */
    static final class NotAnswered extends dev.almanac.AlmanacException {
        NotAnswered() {
            super("no answer: the agent is not built yet");
        }
    }
}
