package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.testing.DemoWarehouse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The REPL driven through a real (dumb) JLine terminal over piped streams. */
class ReplTest {
    @TempDir
    Path home;

    @Test
    void answers_questions_and_runs_its_commands() {
        System.setProperty("almanac.home", home.toString());
        try {
            GlobalOptions options = new GlobalOptions();
            options.project = dev.almanac.testing.ScratchProject.create(home.resolve("repl"), "Repl"); // its own store: "No learnings yet." is its own
            ReplCommand repl = new ReplCommand();
            repl.llm = "none";
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            String input = "help\nschema plans\ncontext\nWhat was MRR in September 2026?\ncontext\nWhat were orders worth in 2025?\n2\nlearnings\nnew\nclear\nexit\n";
            try (Workspace ws = Workspace.open(options, System.err)) {
                repl.run(ws, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out);
            }
            String text = out.toString(StandardCharsets.UTF_8);
            try { java.nio.file.Files.writeString(Path.of("target/repl-output.txt"), text); } catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); }
            assertThat(text).contains("Ask a question, or type help", "start a new conversation", "TABLE plans", "58 table notes",
                    "[verified] Monthly recurring revenue (MRR) for September 2026", "No learnings yet.", "New conversation.", "Bye.");
            Object mrr = DemoWarehouseQueries.value("SELECT round(sum(mrr_cents) / 100.0, 2) FROM mrr_snapshots WHERE snapshot_month = DATE '2026-09-01'");
            assertThat(text).as("the number, from the warehouse").contains("for September 2026 was $"
                    + new java.text.DecimalFormat("#,##0.00", java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ENGLISH)).format(mrr) + ".");
            assertThat(text).as("context: the conversation so far and what the answer relied on")
                    .contains("Conversation: none yet", "Conversation (1 turn):", "  you: What was MRR in September 2026?", "Knowledge in play: metric:mrr");
            assertThat(text).as("a question back is answered by an option's number")
                    .contains("  2. Shop revenue", "Answer with an option's number or its words.", "Shop revenue for 2025 was $5,209,541.83")
                    .doesNotContain("almanac ask \"");
        } finally {
            System.clearProperty("almanac.home");
        }
    }
}
