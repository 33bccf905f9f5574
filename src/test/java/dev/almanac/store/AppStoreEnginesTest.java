package dev.almanac.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every store on both engines the app store runs on: the embedded SQLite file and a real PostgreSQL
 * (the same migrations, the same SQL). Each case gets a fresh store.
 */
class AppStoreEnginesTest {
    @TempDir
    static Path dir;

    static AppStore fresh(String engine) {
        return AppStore.at(StoreEngines.freshUrl(engine, dir));
    }

    static final Project PROJECT = new Project("Engines", Path.of("/tmp/engines"), "data/demo.duckdb", Path.of("/tmp/engines/knowledge"), false);

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void knowledge_is_replaced_all_or_nothing_and_read_back_in_order(String engine) {
        AppStore store = fresh(engine);
        KnowledgeStore k = new KnowledgeStore(store);
        k.replace(PROJECT, List.of(new StoredItem("metric", "mrr", "{\"name\":\"mrr\"}", "metrics/mrr.yml"),
                new StoredItem("rule", "cents", "{\"name\":\"cents\"}", null)), "fp1");
        assertThat(k.items(PROJECT)).extracting(StoredItem::name).containsExactly("mrr", "cents");
        assertThat(k.lastFingerprint(PROJECT)).contains("fp1");
        assertThatThrownBy(() -> k.replace(PROJECT, List.of(new StoredItem("metric", "a", "{}", null), new StoredItem("metric", "a", "{}", null)), "fp2"))
                .as("a duplicate key fails the whole replacement").isInstanceOf(RuntimeException.class);
        assertThat(k.items(PROJECT)).extracting(StoredItem::name).containsExactly("mrr", "cents");
        assertThat(k.lastFingerprint(PROJECT)).contains("fp1");
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void threads_turns_and_dq_logs(String engine) {
        ThreadStore threads = new ThreadStore(fresh(engine));
        String id = threads.create(PROJECT, "What was MRR?");
        assertThat(threads.exists(PROJECT, id)).isTrue();
        assertThat(threads.exists(PROJECT, "nope")).isFalse();
        Project other = new Project("Other", Path.of("/tmp/other"), "x.duckdb", Path.of("/tmp/other/knowledge"), false);
        assertThat(threads.exists(other, id)).as("another project sharing the store does not see it").isFalse();
        threads.append(new TurnRow("t1", id, 0, "What was MRR?", "clarification", "Which period?", "{}", null, "high", 0, 0, 0, 0, 5));
        threads.append(new TurnRow("t2", id, 0, "last year", "result", "2.0M", "{\"answer\":\"2.0M\"}", "SELECT 1", "high", 1, 3, 100, 20, 40));
        threads.logDq(new ThreadStore.DqLogRow("t2", id, "OK", "{}", "mrr_snapshots", "SELECT 1", null));
        assertThat(threads.turns(id)).extracting(TurnRow::question).containsExactly("What was MRR?", "last year");
        assertThat(threads.turns(id)).extracting(TurnRow::position).containsExactly(0, 1);
        assertThat(threads.last(id).orElseThrow().kind()).isEqualTo("result");
        assertThat(threads.dqLogs(id)).extracting(ThreadStore.DqLogRow::status).containsExactly("OK");
        assertThat(threads.threads(PROJECT)).extracting(ThreadStore.ThreadRow::id).containsExactly(id);
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void learnings_move_confidence_and_deactivate(String engine) {
        LearningStore learnings = new LearningStore(fresh(engine));
        learnings.save(PROJECT, new LearningRow("L1", "suppliers is plural", "naming", List.of("Suppliers"), "SELECT 1", "SELECT 2", 0.5, 0, true));
        learnings.adjust("L1", 0.1, true);
        learnings.adjust("L1", 0.9, true);
        LearningRow l = learnings.active(PROJECT).get(0);
        assertThat(l.confidence()).isEqualTo(1.0);
        assertThat(l.timesApplied()).isEqualTo(2);
        assertThat(l.tables()).containsExactly("suppliers");
        learnings.setActive("L1", false);
        assertThat(learnings.active(PROJECT)).isEmpty();
        assertThat(learnings.all(PROJECT)).hasSize(1);
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void eval_runs_count_results_as_they_come(String engine) {
        EvalStore evals = new EvalStore(fresh(engine));
        evals.start(PROJECT, "r1", "scripted", "tag=x", "{}", 2);
        evals.add(new EvalStore.ResultRow("r1", "g1", "q1", "easy", List.of("x", "y"), true, "match", "{}", "{}", "SELECT 1", null, 10, 5, 5, "high"));
        EvalStore.RunRow half = evals.run(PROJECT, "r1").orElseThrow();
        assertThat(half.status()).isEqualTo("running");
        assertThat(half.total()).isEqualTo(1);
        evals.add(new EvalStore.ResultRow("r1", "g2", "q2", "hard", List.of(), false, "differs", "{}", null, null, "boom", 10, 0, 0, null));
        evals.finish("r1", "complete");
        EvalStore.RunRow done = evals.run(PROJECT, "r1").orElseThrow();
        assertThat(done.status()).isEqualTo("complete");
        assertThat(done.passed()).isEqualTo(1);
        assertThat(done.accuracy()).isEqualTo(0.5);
        assertThat(evals.results("r1")).extracting(EvalStore.ResultRow::goldenId).containsExactlyInAnyOrder("g1", "g2");
        assertThat(evals.results("r1").stream().filter(r -> r.goldenId().equals("g1")).findFirst().orElseThrow().tags()).containsExactly("x", "y");
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void users_tokens_and_the_audit_log(String engine) throws Exception {
        UserStore users = new UserStore(fresh(engine));
        String token = users.add("ana", "editor", "Engines");
        assertThat(users.byToken(token).orElseThrow().role()).isEqualTo("editor");
        assertThat(users.byToken("alm_wrong")).isEmpty();
        assertThatThrownBy(() -> users.add("ana", "viewer", null)).hasMessageContaining("exists already");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> writes = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                int n = i;
                writes.add(pool.submit(() -> users.audit("ana", "thread-" + (n % 3), "SELECT " + n)));
            }
            for (Future<?> f : writes) f.get();
        } finally {
            pool.shutdownNow();
        }
        assertThat(users.auditOf("ana")).as("concurrent writers lose nothing").hasSize(40);
        assertThat(users.remove("ana")).isTrue();
        assertThat(users.byToken(token)).isEmpty();
    }
}
