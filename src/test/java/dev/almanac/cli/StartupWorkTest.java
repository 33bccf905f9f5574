package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.testing.ScratchProject;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One-shot commands do only the work they need, and never the same work twice across runs: each run here is a whole
 * process, its start-up phases read from {@code ALMANAC_TIMING=1} on standard error.
 */
class StartupWorkTest {
    @TempDir
    Path home;

    record Run(int code, String out, String phases) {}

    Run almanac(String... args) throws Exception {
        // C1 only and the serial collector, as the launcher runs one-shot commands (./almanac): the phases are the same
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "-Dalmanac.home=" + home,
                Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("ALMANAC_TIMING", "1");
        pb.environment().remove("ALMANAC_PROJECT");
        Path err = Files.createTempFile(home.getParent(), "err", ".txt");
        pb.redirectError(err.toFile());
        pb.redirectOutput(ProcessBuilder.Redirect.PIPE);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String phases = Files.readString(err);
        Files.delete(err);
        return new Run(p.exitValue(), out, phases);
    }

    @Test
    void version_and_help_touch_nothing() throws Exception {
        for (String option : new String[] {"--version", "--help"}) {
            Run r = almanac(option);
            assertThat(r.code()).as(r.phases()).isZero();
            assertThat(r.out()).isNotBlank();
            assertThat(r.phases()).doesNotContain("project", "app store", "source open", "knowledge", "embedding");
        }
        try (Stream<Path> files = Files.list(home)) {
            assertThat(files.toList()).as("nothing created in Almanac's folder").isEmpty();
        }
    }

    @Test
    void knowledge_commands_never_open_the_data_source() throws Exception {
        Path project = ScratchProject.cold(home.resolve("p"), "Startup work");
        Run imported = almanac("knowledge", "list", "--project", project.toString());
        assertThat(imported.code()).as(imported.phases()).isZero();
        assertThat(imported.phases()).as("files never imported are validated against the data first").contains("source open");
        Run r = almanac("knowledge", "list", "--project", project.toString());
        assertThat(r.code()).as(r.phases()).isZero();
        assertThat(r.out()).isEqualTo(imported.out()).contains("mrr");
        assertThat(r.phases()).contains("app store", "knowledge").doesNotContain("source open");
    }

    @Test
    void vectors_are_computed_once_and_the_embedding_model_loads_only_for_a_text_never_seen() throws Exception {
        Path project = ScratchProject.cold(home.resolve("q"), "Startup vectors");
        String question = "Which tables hold the refunds we issued to customers?";
        Run first = almanac("tables", question, "--project", project.toString());
        assertThat(first.code()).as(first.phases()).isZero();
        assertThat(first.phases()).as("the first run computes the vectors of the tables and of the question").contains("embedding model load");
        Path cache = project.resolve("data/cache/embeddings-all-minilm-l6-v2-q.bin");
        assertThat(cache).isRegularFile();
        long size = Files.size(cache);

        Run again = almanac("tables", question, "--project", project.toString());
        assertThat(again.out()).as("the same choice").isEqualTo(first.out());
        assertThat(again.phases()).contains("table selector").doesNotContain("embedding model load");
        assertThat(Files.size(cache)).as("nothing computed again").isEqualTo(size);

        Run other = almanac("tables", "Where do we keep the invoices that were never paid?", "--project", project.toString());
        assertThat(other.code()).isZero();
        assertThat(other.phases()).as("a new question needs the model").contains("embedding model load");
        assertThat(Files.size(cache)).as("its vector is kept").isGreaterThan(size);
    }

    @Test
    void an_answer_twice_reads_the_kept_catalog_value_index_and_vectors() throws Exception {
        Path project = ScratchProject.cold(home.resolve("r"), "Startup store");
        assertThat(almanac("sql", "SELECT 1", "--project", project.toString()).code()).isZero();
        Run r = almanac("ask", "What was MRR in September 2026?", "--project", project.toString(), "--llm", "none");
        assertThat(r.code()).as(r.phases()).isZero();
        assertThat(r.out()).contains("MRR");
        Run again = almanac("ask", "What was MRR in September 2026?", "--project", project.toString(), "--llm", "none");
        assertThat(again.out().lines().findFirst()).isEqualTo(r.out().lines().findFirst());
        assertThat(again.phases()).doesNotContain("embedding model load");
        assertThat(new File(project.toFile(), "data/cache").list()).as("catalog, value index and vectors kept")
                .anyMatch(n -> n.startsWith("catalog")).anyMatch(n -> n.startsWith("values-")).anyMatch(n -> n.startsWith("embeddings-"));
    }
}
