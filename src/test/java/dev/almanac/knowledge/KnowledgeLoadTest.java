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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The knowledge as the app store holds it (SQLite): what a question needs is read at once, the golden questions when first looked into. */
class KnowledgeLoadTest {
    @TempDir
    Path dir;

    @Test
    void golden_questions_are_read_when_first_looked_into_and_the_rest_at_once() {
        AppStore app = AppStore.sqlite(dir.resolve("almanac.db"));
        try {
            KnowledgeStore store = new KnowledgeStore(app);
            Project project = new Project("Load", dir, "data/demo.duckdb", dir.resolve("knowledge"), false);
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
        } finally {
            app.close();
        }
    }

    @Test
    void golden_questions_read_later_are_those_stored_in_order() {
        AppStore app = AppStore.sqlite(dir.resolve("almanac.db"));
        try {
            KnowledgeStore store = new KnowledgeStore(app);
            Project project = new Project("Load", dir, "data/demo.duckdb", dir.resolve("knowledge"), false);
            store.replace(project, List.of(
                    new StoredItem("golden", "g1", "{\"id\":\"g1\",\"question\":\"What was MRR?\",\"expected_sql\":\"SELECT 1\"}", null),
                    new StoredItem("golden", "g2", "{\"id\":\"g2\",\"question\":\"What was ARR?\",\"expected_sql\":\"SELECT 2\"}", null)), "fp");

            KnowledgeSet loaded = new KnowledgeBase(store).load(project);

            assertThat(loaded.golden()).extracting(GoldenQuery::id, GoldenQuery::question)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("g1", "What was MRR?"), org.assertj.core.groups.Tuple.tuple("g2", "What was ARR?"));
            assertThatThrownBy(() -> loaded.golden().add(loaded.golden().get(0))).isInstanceOf(UnsupportedOperationException.class);
        } finally {
            app.close();
        }
    }
}
