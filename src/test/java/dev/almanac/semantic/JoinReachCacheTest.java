package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which datasets reach which, kept between runs (a one-shot command plans no join it planned before), on the demo's semantic model. */
class JoinReachCacheTest {
    static KnowledgeSet knowledge;
    static SemanticModel model;

    @TempDir
    Path dir;

    @BeforeAll
    static void read() {
        knowledge = KnowledgeFiles.read(Path.of("knowledge")).knowledge();
        model = SemanticModel.of(knowledge.semantic());
    }

    SemanticLayer layer() {
        return new SemanticLayer(model, knowledge, ValueIndex.EMPTY, null);
    }

    @Test
    void a_later_layer_over_the_same_model_takes_which_datasets_reach_which_from_the_file() throws Exception {
        JoinReachCache cache = JoinReachCache.in(dir, "digest of the model", "DUCKDB");
        SemanticMetric mrr = model.metric("mrr").orElseThrow();
        List<Dimension> planned = layer().keepingReaches(cache).dimensionsOf(mrr);
        assertThat(planned).isNotEmpty();
        assertThat(cache.file()).exists();

        assertThat(layer().keepingReaches(cache).dimensionsOf(mrr)).as("the same answer from the file").isEqualTo(planned);

        // the file says the metric's dataset reaches nothing: a later layer believes it, so it read the file and planned nothing
        String dataset = model.simpleInputs(mrr).iterator().next().dataset();
        List<String> lines = Files.readAllLines(cache.file()).stream()
                .map(l -> l.startsWith(dataset + "->") ? l.replace("\ttrue", "\tfalse") : l).toList();
        Files.write(cache.file(), lines);
        assertThat(layer().keepingReaches(cache).dimensionsOf(mrr)).isEmpty();
        assertThat(layer().dimensionsOf(mrr)).as("a layer without the file plans again").isEqualTo(planned);
    }

    @Test
    void another_model_or_dialect_is_another_file_and_a_broken_file_is_planned_again() throws Exception {
        assertThat(JoinReachCache.in(dir, "a", "DUCKDB").file()).isNotEqualTo(JoinReachCache.in(dir, "b", "DUCKDB").file())
                .isNotEqualTo(JoinReachCache.in(dir, "a", "POSTGRESQL").file());
        JoinReachCache cache = JoinReachCache.in(dir, "digest of the model", "DUCKDB");
        Files.writeString(cache.file(), "not a pair\nalso\tnot a boolean\n");
        SemanticMetric mrr = model.metric("mrr").orElseThrow();
        assertThat(layer().keepingReaches(cache).dimensionsOf(mrr)).isEqualTo(layer().dimensionsOf(mrr)).isNotEmpty();
        assertThat(Files.readString(cache.file())).contains(model.simpleInputs(mrr).iterator().next().dataset() + "->");
    }
}
