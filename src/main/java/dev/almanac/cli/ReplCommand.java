package dev.almanac.cli;

import dev.almanac.AlmanacException;
import dev.almanac.agent.Agent;
import dev.almanac.agent.Answer;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogRenderer;
import dev.almanac.store.LearningRow;
import dev.almanac.store.LearningStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "repl", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Ask questions in a conversation (type help inside).",
        description = {"Ask questions in a conversation. Commands: help, new (a new conversation), clear (the screen), schema [TABLE],",
                "context (the conversation so far and the knowledge in play), knowledge, learnings, exit. History is kept in ~/.almanac/history."})
final class ReplCommand extends WorkspaceCommand {
    @Option(names = "--llm", paramLabel = "SPEC", description = "openai:MODEL, anthropic:MODEL, ollama:MODEL, script:FILE or none.")
    String llm;

    @Option(names = "--dq-panel", description = "Show the data-quality verdict next to each answer.")
    boolean dqPanel;

    @Override
    public void run() {
        try (Workspace ws = openWorkspace()) {
            run(ws, System.in, System.out);
        }
    }

    /** Where lines come from: JLine on an interactive terminal (editing, history), plain lines from a pipe. */
    interface Lines extends AutoCloseable {
        /** The next line, or null at the end of input. */
        String read(String prompt);

        PrintWriter out();

        @Override
        void close();
    }

    void run(Workspace ws, InputStream in, OutputStream outStream) {
        boolean interactive = in == System.in && System.console() != null;
        try (Lines lines = interactive ? jline() : piped(in, outStream)) {
            loop(ws, lines);
        }
    }

    private static Lines jline() {
        try {
            Terminal terminal = TerminalBuilder.builder().system(true).build();
            LineReader reader = LineReaderBuilder.builder().terminal(terminal)
                    .variable(LineReader.HISTORY_FILE, Workspace.home().resolve("history")).build();
            return new Lines() {
                @Override
                public String read(String prompt) {
                    while (true) {
                        try {
                            return reader.readLine(prompt);
                        } catch (UserInterruptException e) {
                            // Ctrl-C clears the line
                        } catch (EndOfFileException e) {
                            return null;
                        }
                    }
                }

                @Override
                public PrintWriter out() {
                    return terminal.writer();
                }

                @Override
                public void close() {
                    try {
                        terminal.close();
                    } catch (IOException ignored) {
                        // closing the terminal at exit
                    }
                }
            };
        } catch (IOException e) {
            throw new AlmanacException("cannot open the terminal: " + e.getMessage(), e);
        }
    }

    private static Lines piped(InputStream in, OutputStream outStream) {
        java.io.BufferedReader reader = new java.io.BufferedReader(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(outStream, java.nio.charset.StandardCharsets.UTF_8), true);
        return new Lines() {
            @Override
            public String read(String prompt) {
                out.print(prompt);
                out.flush();
                try {
                    return reader.readLine();
                } catch (IOException e) {
                    return null;
                }
            }

            @Override
            public PrintWriter out() {
                return out;
            }

            @Override
            public void close() {
                out.flush();
            }
        };
    }

    /** The conversation so far (each question and the first line of its answer) and what the last answer relied on. */
    private static void context(Workspace ws, String thread, Answer last, PrintWriter out) {
        if (thread == null || ws.project().isEmpty()) {
            out.println("Conversation: none yet (ask a question).");
        } else {
            List<dev.almanac.store.TurnRow> turns = new dev.almanac.store.ThreadStore(ws.appStore()).turns(thread);
            out.println("Conversation (" + turns.size() + (turns.size() == 1 ? " turn" : " turns") + "):");
            for (dev.almanac.store.TurnRow t : turns) {
                String answer = t.answerText() == null ? "" : t.answerText().lines().findFirst().orElse("");
                out.println("  you: " + t.question());
                out.println("  almanac: " + (answer.length() > 160 ? answer.substring(0, 160) + "…" : answer));
            }
        }
        if (last != null && last.provenance() != null) {
            Answer.Provenance p = last.provenance();
            if (p.metric() != null) out.println("Metric in play: " + p.metric());
            if (!p.tables().isEmpty()) out.println("Tables in play: " + String.join(", ", p.tables()));
            if (!p.knowledgeApplied().isEmpty()) out.println("Knowledge in play: " + String.join(", ", p.knowledgeApplied()));
            if (!p.filters().isEmpty()) out.println("Filters in play: " + String.join("; ", p.filters()));
        }
    }

    private void loop(Workspace ws, Lines lines) {
        PrintWriter out = lines.out();
        Spinner spinner = new Spinner(out, System.console() != null);
        Agent agent = ws.agent(llm, ws.today(), e -> spinner.step(e.step() + ": " + e.detail()));
        out.println("Almanac on " + ws.source().id() + ". Ask a question, or type help.");
        String thread = null;
        Answer lastAnswer = null;
        while (true) {
            String line = lines.read("almanac> ");
            if (line == null) break;
            String cmd = line.strip();
            if (cmd.isEmpty()) continue;
            String word = cmd.split("\\s+")[0].toLowerCase();
            switch (word) {
                case "exit", "quit" -> {
                    out.println("Bye.");
                    out.flush();
                    return;
                }
                case "help" -> out.println("""
                        Ask a question in plain language, or:
                          new              start a new conversation
                          clear            clear the screen
                          schema [TABLE]   tables, or one table's columns
                          context          the conversation so far and the knowledge in play
                          (a question back: answer with an option's number or its words)
                          knowledge        metrics, verified queries and rules
                          learnings        what the agent has learned
                          exit             leave""");
                case "new" -> {
                    thread = null;
                    lastAnswer = null;
                    out.println("New conversation.");
                }
                case "clear" -> {
                    if (System.console() != null) out.print("\033[H\033[2J"); // the terminal's screen; the conversation goes on
                    out.flush();
                }
                case "schema" -> {
                    Catalog catalog = ws.catalog();
                    String table = cmd.length() > 6 ? cmd.substring(6).strip() : "";
                    if (table.isEmpty()) catalog.tables().forEach(t -> out.println(t.name() + " (" + t.rowCount() + " rows)"));
                    else out.print(catalog.table(table).map(CatalogRenderer::render).orElse("unknown table " + table + "\n"));
                }
                case "context", "knowledge" -> {
                    KnowledgeSet k = ws.knowledge();
                    if (word.equals("context")) context(ws, thread, lastAnswer, out);
                    out.println("Knowledge loaded: " + KnowledgeCommand.summary(k));
                    if (word.equals("knowledge")) {
                        k.metrics().forEach(m -> out.println("  metric " + m.name() + ": " + m.label()));
                        k.queries().forEach(q -> out.println("  verified: " + q.question()));
                    }
                }
                case "learnings" -> {
                    if (ws.project().isEmpty()) {
                        out.println("No project: learnings are kept per project.");
                    } else {
                        var rows = new LearningStore(ws.appStore()).active(ws.project().get());
                        if (rows.isEmpty()) out.println("No learnings yet.");
                        for (LearningRow l : rows) out.printf("  %s %.2f %s%n", l.id(), l.confidence(), l.description());
                    }
                }
                default -> {
                    try {
                        String question = Questions.check(cmd);
                        spinner.start();
                        Answer a;
                        try {
                            a = agent.ask(question, thread);
                        } finally {
                            spinner.stop();
                        }
                        thread = a.threadId();
                        lastAnswer = a;
                        AskCommand.print(a, ws, out, true);
                        if (dqPanel) AskCommand.printDq(a, out);
                    } catch (AlmanacException e) {
                        out.println("almanac: " + e.getMessage());
                    }
                }
            }
            out.flush();
        }
    }

    /** A one-line spinner with the agent's latest step, drawn while the model works. */
    static final class Spinner {
        private static final String FRAMES = "|/-\\";
        private final PrintWriter out;
        private final boolean enabled;
        private final AtomicBoolean running = new AtomicBoolean();
        private volatile String step = "thinking";
        private Thread thread;

        Spinner(PrintWriter out, boolean enabled) {
            this.out = out;
            this.enabled = enabled;
        }

        /** The step on one line (a query's SQL has several): a line break would leave the spinner's text behind on screen. */
        void step(String text) {
            String line = text.replaceAll("\\s+", " ").strip();
            step = line.length() > 70 ? line.substring(0, 70) + "..." : line;
        }

        void start() {
            if (!enabled) return;
            running.set(true);
            thread = new Thread(() -> {
                int i = 0;
                while (running.get()) {
                    out.print("\r" + FRAMES.charAt(i++ % FRAMES.length()) + " " + step + "\u001b[K");
                    out.flush();
                    try {
                        Thread.sleep(120);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "almanac-spinner");
            thread.setDaemon(true);
            thread.start();
        }

        void stop() {
            if (!enabled) return;
            running.set(false);
            if (thread != null) {
                thread.interrupt();
                try {
                    thread.join(500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            out.print("\r\u001b[K");
            out.flush();
        }
    }
}
