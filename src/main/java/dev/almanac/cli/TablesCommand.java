package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.knowledge.TableChoice;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "tables", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Rank the tables that answer a question (no model needed).",
        description = {"Rank the tables for a question, without a language model: BM25 over names, columns, comments and",
                "knowledge, combined with in-process sentence embeddings, plus bridge tables needed for a join."})
final class TablesCommand extends WorkspaceCommand {
    enum Format { text, json }

    @Parameters(paramLabel = "QUESTION", description = "The question, in plain language.")
    String question;

    @Option(names = "--top", paramLabel = "K", defaultValue = "5", description = "How many tables (default ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public void run() {
        String q = Questions.check(question);
        if (top < 1 || top > 100) throw new UserError("--top must be between 1 and 100");
        try (Workspace ws = openWorkspace()) {
            List<TableChoice> choices = ws.tableSelector(ws.knowledge()).select(q, top);
            PrintWriter out = out();
            if (format == Format.json) {
                out.println(Json.write(java.util.Map.of("question", q, "tables", choices)));
            } else {
                int i = 1;
                for (TableChoice c : choices) {
                    out.printf("%d. %-28s %.3f  (lexical %.2f, semantic %.2f) %s%n", i++, c.table(), c.score(), c.lexical(), c.semantic(), String.join("; ", c.reasons()));
                }
            }
            out.flush();
        }
    }
}
