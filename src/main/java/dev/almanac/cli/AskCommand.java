package dev.almanac.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.AlmanacException;
import dev.almanac.UserError;
import dev.almanac.agent.Agent;
import dev.almanac.agent.Answer;
import dev.almanac.agent.ChartPage;
import dev.almanac.semantic.ValueFormat;
import dev.almanac.sql.CsvExport;
import dev.almanac.sql.QueryLimits;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "ask", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Ask a question about the data in plain language.",
        description = {"Ask a question about the data in plain language.",
                "Questions that a verified query or canonical metric matches closely are answered from it (marked verified);",
                "others go to the language model (--llm), which writes queries that the system checks and runs."})
final class AskCommand extends WorkspaceCommand {
    enum Format { text, json, csv }

    @Parameters(paramLabel = "QUESTION", description = "The question, in plain language.")
    String question;

    @Option(names = "--format", defaultValue = "text", description = {"text, json or csv (default ${DEFAULT-VALUE}).",
            "csv writes the answer's whole result (every row, up to " + QueryLimits.EXPORT_MAX_ROWS + "), the text goes to standard error."})
    Format format;

    @Option(names = "--llm", paramLabel = "SPEC", description = "openai:MODEL, anthropic:MODEL, ollama:MODEL, script:FILE or none (default: the configured or first available).")
    String llm;

    @Option(names = "--thread", paramLabel = "ID", description = "Continue this thread (follow-ups see its earlier turns).")
    String thread;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Cancel a query after this many seconds (default: query_timeout in almanac.yml, else 30).")
    Integer timeout;

    @Option(names = "--dq-panel", description = "Show the data-quality verdict (timeliness of the data used) next to the answer.")
    boolean dqPanel;

    @Override
    public void run() {
        String q = Questions.check(question);
        boolean trace = global.verbose || parent.global.verbose;
        try (Workspace ws = openWorkspace()) {
            LocalDate today = ws.today();
            ws.queryTimeout(timeout);
            ws.prepareInBackground(q, today);
            Agent agent = ws.agent(llm, today, trace ? e -> System.err.println("· " + e.step() + ": " + e.detail()) : null);
            dev.almanac.Timing.phase("agent");
            Answer a = agent.ask(q, thread);
            dev.almanac.Timing.phase("answer");
            PrintWriter out = out();
            if (format == Format.json) out.println(Json.write(dqPanel ? a : withoutDq(a)));
            else if (format == Format.csv) writeCsv(a, ws, out);
            else {
                print(a, ws, out);
                if (dqPanel) printDq(a, out);
            }
            out.flush();
            if (a.kind() == Answer.Kind.error && a.answer().startsWith(Agent.NOTHING_TO_COMPUTE)) throw new UserError("the question names nothing to compute (see above)");
            if (a.kind() == Answer.Kind.error) throw new NotAnswered();
        }
    }

    /**
     * The answer's result as CSV on standard output, every row: the rows it holds when they are all there, else its main
     * query run again and streamed, up to the export's hard limit. The answer's text goes to standard error.
     */
    private void writeCsv(Answer a, Workspace ws, PrintWriter out) {
        PrintWriter err = err();
        err.println(lead(a));
        if (a.kind() == Answer.Kind.clarification) a.suggestions().forEach(s -> err.println("  - " + s));
        err.flush();
        if (a.data() == null) return;
        if (allRowsHeld(a)) {
            out.print(CsvExport.line(a.data().columns(), "\n"));
            for (List<Object> row : a.data().rows()) out.print(CsvExport.line(row, "\n"));
            return;
        }
        warnIfCut(CsvExport.write(ws.executor(ws.limits()), a.provenance().sql().get(0), out, "\n"));
    }

    /** Whether an answer with data holds its whole result: not cut at the row cap, or with no query to run again for the rest. */
    static boolean allRowsHeld(Answer a) {
        return !a.data().truncated() || a.provenance() == null || a.provenance().sql().isEmpty();
    }

    static void print(Answer a, Workspace ws, PrintWriter out) {
        print(a, ws, out, false);
    }

    /** The answer as text; {@code inRepl}: a question back is answered at the prompt, not with another command. */
    static void print(Answer a, Workspace ws, PrintWriter out, boolean inRepl) {
        String badge = a.verified() ? "[verified]" : "medium".equals(a.confidence()) ? "[Refined answer]"
                : "low".equals(a.confidence()) && a.kind() != Answer.Kind.error ? "[Best attempt — results may be incomplete]" : "";
        out.println((badge.isEmpty() ? "" : badge + " ") + lead(a));
        if (a.kind() == Answer.Kind.clarification) {
            for (int i = 0; i < a.suggestions().size(); i++) out.printf("  %d. %s%n", i + 1, a.suggestions().get(i));
            if (inRepl) out.println("Answer with an option's number or its words.");
            else if (a.threadId() != null) out.println("Answer with an option's number or its words: almanac ask <number or words> --thread " + a.threadId());
            return;
        }
        if (a.data() != null) {
            out.println();
            List<List<Object>> rows = a.data().rows();
            List<List<Object>> shown = rows.size() > 25 ? rows.subList(0, 25) : rows;
            if (a.data().labels() != null && a.data().formats() != null) printShown(a.data(), shown, out);
            else ResultPrinter.table(a.data().columns(), shown, a.data().truncated(), out);
            if (rows.size() > 25) out.println("(first 25 of " + rows.size() + " rows shown; --format json has them all)");
        }
        if (a.chart() != null) {
            Path file = ws.project().map(p -> p.dir().resolve("data")).orElse(Workspace.home()).resolve("charts").resolve((a.turnId() == null ? "chart" : a.turnId()) + ".html");
            try {
                Files.createDirectories(file.getParent());
                Files.writeString(file, ChartPage.html(a.chart(), chartTitle(a)));
                out.println("Chart: " + file.toAbsolutePath() + " (opens offline in a browser)");
            } catch (IOException e) {
                throw new AlmanacException("cannot write the chart: " + e.getMessage(), e);
            }
        }
        Answer.Provenance p = a.provenance();
        if (p != null && !p.sql().isEmpty()) {
            out.println();
            out.println("Confidence: " + a.confidence() + (a.iterations() > 1 ? " (" + a.iterations() + " iterations)" : "") + (a.verified() ? " · verified" : ""));
            if (p.readAs() != null) out.println("Read as: " + p.readAs());
            if (p.explanation() != null) out.println("Explanation: " + p.explanation());
            if (!p.knowledgeApplied().isEmpty()) out.println("Knowledge used: " + String.join(", ", p.knowledgeApplied().stream().limit(8).toList())
                    + (p.knowledgeApplied().size() > 8 ? ", ..." : ""));
            if (!p.learningsApplied().isEmpty()) out.println("Learnings used: " + String.join("; ", p.learningsApplied()));
            if (!p.filters().isEmpty()) out.println("Filters: " + String.join("; ", p.filters()));
            out.println("Tables: " + String.join(", ", p.tables().stream().map(t -> p.freshness().containsKey(t) ? t + " (" + p.freshness().get(t) + ")" : t).toList()));
            if (!p.caveats().isEmpty()) out.println("Caveats: " + String.join(" ", p.caveats()));
            out.println("▸ SQL");
            for (String sql : p.sql()) sql.strip().lines().forEach(l -> out.println("  " + l));
        }
        if (!a.suggestions().isEmpty()) {
            out.println();
            out.println("You could also ask:");
            a.suggestions().forEach(s -> out.println("  - " + s));
        }
        if (a.usage() != null && a.usage().llmCalls() > 0) {
            out.printf("(%d model calls, %d + %d tokens, %.1f s)%n", a.usage().llmCalls(), a.usage().promptTokens(), a.usage().completionTokens(), a.latencyMs() / 1000.0);
        }
    }

    /**
     * The text shown above the answer's table: an answer from a semantic query (its data has labels) carries its table in the
     * text too, for readers of the text alone; the table printed below shows those rows, so the text is its lead sentence.
     */
    static String lead(Answer a) {
        int table = a.data() != null && a.data().labels() != null ? a.answer().indexOf("\n\n| ") : -1;
        return table > 0 ? a.answer().substring(0, table) : a.answer();
    }

    /** The rows with the answer's labels as headers and its values formatted (money, percentages, dates at their grain). */
    static void printShown(Answer.Data data, List<List<Object>> rows, PrintWriter out) {
        int n = data.columns().size();
        List<String[]> cells = new java.util.ArrayList<>();
        for (List<Object> row : rows) {
            String[] line = new String[n];
            for (int i = 0; i < n; i++) {
                ValueFormat f = data.formats().get(i);
                Object v = row.get(i);
                line[i] = v == null ? "no value" : f == null ? ResultPrinter.text(v) : f.show(v);
            }
            cells.add(line);
        }
        boolean[] right = new boolean[n];
        for (int i = 0; i < n; i++) right[i] = data.formats().get(i) != null && !data.formats().get(i).isDate();
        ResultPrinter.table(data.labels(), cells, right, data.truncated(), out);
    }

    /** The chart's own title when it has one (an answer's text may carry a whole table), else the answer. */
    private static String chartTitle(Answer a) {
        JsonNode spec = Json.MAPPER.valueToTree(a.chart());
        return spec.path("title").isTextual() ? spec.path("title").asText() : a.answer();
    }

    /** The answer as shown when the data-quality panel is off: the verdict is kept in the store, not shown. */
    static Answer withoutDq(Answer a) {
        return new Answer(a.answer(), a.kind(), a.confidence(), a.iterations(), a.verified(), a.data(), a.chart(), a.provenance(), null,
                a.suggestions(), a.threadId(), a.turnId(), a.usage(), a.latencyMs(), a.change());
    }

    static void printDq(Answer a, PrintWriter out) {
        if (a.dq() == null) return;
        out.println();
        out.println("┃ Data quality — timeliness: " + a.dq().status());
        if (a.dq().requested() != null) out.println("┃ requested: " + a.dq().requested());
        if (a.dq().observed() != null) out.println("┃ observed:  " + a.dq().observed());
        if (!a.dq().missingBuckets().isEmpty()) out.println("┃ missing:   " + String.join(", ", a.dq().missingBuckets()));
    }

    /** Exit code 1 without a further message: the explanation has been printed. */
    static final class NotAnswered extends AlmanacException {
        NotAnswered() {
            super("no answer (see above)");
        }
    }
}
