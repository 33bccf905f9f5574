package dev.almanac.cli;

import dev.almanac.AlmanacException;
import dev.almanac.UserError;
import dev.almanac.agent.Answer;
import dev.almanac.agent.VerifiedAnswerer;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.sql.QueryLimits;
import java.io.PrintWriter;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "ask", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Ask a question about the data in plain language.",
                "Without a language model, questions that match a verified query or canonical metric closely are",
                "answered from it (marked verified); others get the closest matches."})
final class AskCommand extends WorkspaceCommand {
    enum Format { text, json }

    @Parameters(paramLabel = "QUESTION", description = "The question, in plain language.")
    String question;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--now", paramLabel = "DATE", description = "Resolve relative periods (\"last month\") against this date (YYYY-MM-DD; default today).")
    String now;

    @Override
    public void run() {
        String q = Questions.check(question);
        LocalDate today = today();
        try (Workspace ws = openWorkspace()) {
            KnowledgeSet knowledge = ws.knowledge();
            VerifiedAnswerer answerer = new VerifiedAnswerer(knowledge, MiniLmEmbedder.get(), ws.executor(QueryLimits.DEFAULT), ws.catalog(), today);
            Optional<Answer> answer = answerer.answer(q);
            PrintWriter out = out();
            if (answer.isPresent()) {
                print(answer.get(), out);
                return;
            }
            List<VerifiedAnswerer.Match> closest = answerer.rank(q).stream().limit(3).toList();
            if (format == Format.json) {
                Answer none = new Answer(noMatchText(closest), Answer.Kind.error, "low", 0, false, null, null, null, Answer.Dq.NOT_EVALUATED,
                        closest.stream().map(VerifiedAnswerer.Match::label).toList(), null, null, Answer.Usage.NONE, 0);
                out.println(Json.write(none));
            } else {
                out.println(noMatchText(closest));
                for (VerifiedAnswerer.Match m : closest) out.printf("  %.2f  %s %s: %s%n", m.score(), m.kind(), m.name(), m.label());
            }
            out.flush();
            throw new NotAnswered();
        }
    }

    private LocalDate today() {
        if (now == null) return LocalDate.now();
        try {
            return LocalDate.parse(now);
        } catch (DateTimeParseException e) {
            throw new UserError("invalid --now '" + now + "': expected a date written YYYY-MM-DD");
        }
    }

    static String noMatchText(List<VerifiedAnswerer.Match> closest) {
        String best = closest.isEmpty() ? "there is no verified query or metric yet"
                : "the closest match scores " + String.format("%.2f", closest.get(0).score()) + ", below " + VerifiedAnswerer.THRESHOLD;
        return "No answer: no language model is configured, and no verified query or canonical metric matches this question closely enough ("
                + best + "). Closest:";
    }

    private void print(Answer a, PrintWriter out) {
        if (format == Format.json) {
            out.println(Json.write(a));
            out.flush();
            return;
        }
        out.println(a.answer());
        out.println();
        List<List<Object>> rows = a.data().rows();
        ResultPrinter.table(a.data().columns(), rows.size() > 25 ? rows.subList(0, 25) : rows, a.data().truncated(), out);
        if (rows.size() > 25) out.println("(first 25 of " + rows.size() + " rows shown; --format json has them all)");
        out.println();
        Answer.Provenance p = a.provenance();
        out.println("Verified: yes · confidence " + a.confidence());
        out.println("Source: " + String.join(", ", p.knowledgeApplied()) + " — " + p.explanation());
        if (!p.filters().isEmpty()) out.println("Filters: " + String.join("; ", p.filters()));
        out.println("Tables: " + String.join(", ", p.tables().stream().map(t -> p.freshness().containsKey(t) ? t + " (" + p.freshness().get(t) + ")" : t).toList()));
        if (!p.caveats().isEmpty()) out.println("Caveats: " + String.join(" ", p.caveats()));
        out.println("SQL:");
        for (String sql : p.sql()) sql.strip().lines().forEach(l -> out.println("  " + l));
        out.flush();
    }

    /** Exit code 1 without a further message: the explanation has been printed. */
    static final class NotAnswered extends AlmanacException {
        NotAnswered() {
            super("no answer (see above)");
        }
    }
}
