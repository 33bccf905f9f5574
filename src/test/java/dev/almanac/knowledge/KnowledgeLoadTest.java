package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.AlmanacException;
import dev.almanac.store.AppStore;
import dev.almanac.store.KnowledgeStore;
import dev.almanac.store.Project;
import dev.almanac.store.StoredItem;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The knowledge as the app store holds it (SQLite): each kind read when first looked into, by whichever thread needs it first. */
class KnowledgeLoadTest {
    @TempDir
    Path dir;
    private AppStore app;
    private KnowledgeStore store;
    private Project project;

    @BeforeEach
    void open() {
        app = AppStore.sqlite(dir.resolve("almanac.db"));
        store = new KnowledgeStore(app);
        project = new Project("Load", dir, "data/demo.duckdb", dir.resolve("knowledge"), false);
    }

    @AfterEach
    void close() {
        app.close();
    }

    @Test
    void golden_questions_are_read_when_first_looked_into_and_a_broken_one_is_reported_then() {
        store.replace(project, List.of(
                new StoredItem("metric", "mrr", "{\"name\":\"mrr\",\"definition\":\"Monthly recurring revenue.\",\"sql\":\"SELECT 1\"}", "metrics/mrr.yml"),
                new StoredItem("golden", "g1", "{\"id\":\"g1\",\"question\":\"What was MRR?\",\"expected_sql\":\"SELECT 1\"}", "golden/g.yml"),
                new StoredItem("golden", "g2", "{\"id\":\"g2\",\"question\": not json", "golden/g.yml")), "fp");

        KnowledgeSet loaded = new KnowledgeBase(store).load(project);

        assertThat(loaded.metrics()).extracting(Metric::name).containsExactly("mrr");
        assertThat(loaded.golden()).as("the number of golden questions, without reading them").hasSize(2);
        assertThat(loaded.files()).containsEntry(KnowledgeSet.key(KnowledgeSet.Kind.GOLDEN, "g1"), "golden/g.yml");
        assertThatThrownBy(() -> loaded.golden().get(0)).as("a golden question that cannot be read is reported when they are read")
                .isInstanceOf(AlmanacException.class).hasMessageContaining("stored golden 'g2' cannot be read");
    }

    @Test
    void golden_questions_read_later_are_those_stored_in_order() {
        store.replace(project, List.of(
                new StoredItem("golden", "g1", "{\"id\":\"g1\",\"question\":\"What was MRR?\",\"expected_sql\":\"SELECT 1\"}", null),
                new StoredItem("golden", "g2", "{\"id\":\"g2\",\"question\":\"What was ARR?\",\"expected_sql\":\"SELECT 2\"}", null)), "fp");

        KnowledgeSet loaded = new KnowledgeBase(store).load(project);

        assertThat(loaded.golden()).extracting(GoldenQuery::id, GoldenQuery::question)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("g1", "What was MRR?"), org.assertj.core.groups.Tuple.tuple("g2", "What was ARR?"));
        assertThatThrownBy(() -> loaded.golden().add(loaded.golden().get(0))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void the_semantic_files_text_for_cache_digests_is_the_stored_text_and_reading_them_is_left_to_whoever_needs_the_model() {
        String broken = "{\"name\":\"orders\",\"semantic_models\": not json";
        store.replace(project, List.of(
                new StoredItem("rule", "r1", "{\"name\":\"r1\",\"title\":\"Paying\",\"description\":\"Paying means an amount above zero.\"}", "business/r1.yml"),
                new StoredItem("semantic", "orders", broken, "semantic/orders.yml")), "fp");

        KnowledgeSet loaded = new KnowledgeBase(store).load(project);

        assertThat(loaded.semanticText()).as("the digest's text, without reading the files").isEqualTo("[" + broken + "]");
        assertThat(loaded.semantic()).as("how many files, without reading them").hasSize(1);
        assertThat(loaded.files()).containsEntry(KnowledgeSet.key(KnowledgeSet.Kind.SEMANTIC, "orders"), "semantic/orders.yml");
        assertThatThrownBy(() -> loaded.semantic().get(0)).isInstanceOf(AlmanacException.class).hasMessageContaining("stored semantic 'orders' cannot be read");
        assertThat(loaded.rules()).as("another kind is read on its own").hasSize(1);
    }

    @Test
    void a_set_read_from_files_gives_the_same_kind_of_digest_text_from_its_records() {
        assertThat(KnowledgeSet.EMPTY.semanticText()).isEqualTo("[]");
    }
}
