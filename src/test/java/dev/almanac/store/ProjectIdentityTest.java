package dev.almanac.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A project keeps its identity in a shared app store, on both engines: two names with one slug ("Other Co" and
 * "other co!") never share rows — the second is refused on every read and write, with one line that says what to do —
 * while the same name from another folder (a teammate's checkout, a second server) is the same project.
 */
class ProjectIdentityTest {
    @TempDir
    static Path dir;

    static Project project(String name, String folder) {
        return new Project(name, Path.of(folder), "data/demo.duckdb", Path.of(folder, "knowledge"), false);
    }

    static final Project FIRST = project("Other Co", "/srv/other-co");
    static final Project SECOND = project("other co!", "/home/bo/other");

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void a_second_name_with_the_same_slug_is_refused_and_reads_nothing_of_the_first(String engine) {
        AppStore store = AppStore.at(StoreEngines.freshUrl(engine, dir));
        try {
            KnowledgeStore knowledge = new KnowledgeStore(store);
            ThreadStore threads = new ThreadStore(store);
            LearningStore learnings = new LearningStore(store);
            EvalStore evals = new EvalStore(store);
            knowledge.replace(FIRST, List.of(new StoredItem("rule", "cents", "{\"title\":\"cents\"}", "business/cents.yml")), "fp-first");
            String thread = threads.create(FIRST, "What was revenue?");
            learnings.save(FIRST, new LearningRow("L1", "amounts are cents", "naming", List.of("payments"), null, null, 0.5, 0, true));

            assertRefused(() -> knowledge.replace(SECOND, List.of(), "fp-second"));
            assertRefused(() -> knowledge.items(SECOND));
            assertRefused(() -> knowledge.lastFingerprint(SECOND));
            assertRefused(() -> threads.threads(SECOND));
            assertRefused(() -> threads.exists(SECOND, thread));
            assertRefused(() -> threads.create(SECOND, "Hello"));
            assertRefused(() -> learnings.active(SECOND));
            assertRefused(() -> learnings.save(SECOND, new LearningRow("L2", "x", "naming", List.of(), null, null, 0.5, 0, true)));
            assertRefused(() -> evals.runs(SECOND));
            assertRefused(() -> evals.start(SECOND, "r1", "none", "all", "{}", 1));

            assertThat(knowledge.items(FIRST)).extracting(StoredItem::name).as("the first project's knowledge is untouched").containsExactly("cents");
            assertThat(knowledge.lastFingerprint(FIRST)).contains("fp-first");
            assertThat(threads.threads(FIRST)).extracting(ThreadStore.ThreadRow::id).containsExactly(thread);
            assertThat(learnings.all(FIRST)).extracting(LearningRow::id).containsExactly("L1");
            assertThat(evals.runs(FIRST)).isEmpty();
            String name = store.read(c -> {
                try (var rs = c.createStatement().executeQuery("SELECT name FROM projects")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertThat(name).as("the row keeps the first name").isEqualTo("Other Co");
        } finally {
            store.close();
        }
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void the_same_name_from_another_folder_is_the_same_project(String engine) {
        AppStore store = AppStore.at(StoreEngines.freshUrl(engine, dir));
        try {
            ThreadStore threads = new ThreadStore(store);
            String thread = threads.create(FIRST, "What was revenue?");
            Project checkout = project("Other Co", "/home/ana/work/other-co");
            assertThat(threads.exists(checkout, thread)).isTrue();
            assertThat(threads.create(checkout, "And costs?")).isNotBlank();
            assertThat(threads.threads(FIRST)).hasSize(2);
        } finally {
            store.close();
        }
    }

    private static void assertRefused(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOf(KnowledgeStore.ProjectTaken.class).isInstanceOf(dev.almanac.UserError.class)
                .hasMessage("project 'other co!' cannot use this app store: its key 'other-co' belongs to project 'Other Co' (names that differ "
                        + "only in case or punctuation share a key); rename one of them (name: in almanac.yml)");
    }
}
