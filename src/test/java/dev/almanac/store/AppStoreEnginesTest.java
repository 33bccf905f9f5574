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
    void a_turn_and_its_dq_log_are_kept_together_or_not_at_all(String engine) {
        ThreadStore threads = new ThreadStore(fresh(engine));
        String id = threads.create(PROJECT, "What was MRR?");
        TurnRow kept = threads.append(new TurnRow("t1", id, 0, "What was MRR?", "result", "2.0M", "{}", "SELECT 1", "high", 1, 1, 10, 2, 5),
                new ThreadStore.DqLogRow("t1", id, "OK", "{}", "mrr_snapshots", "SELECT 1", null));
        assertThat(kept.position()).isZero();
        assertThat(threads.turns(id)).extracting(TurnRow::id).containsExactly("t1");
        assertThat(threads.dqLogs(id)).extracting(ThreadStore.DqLogRow::turnId).containsExactly("t1");

        assertThat(threads.delete(PROJECT, id)).isTrue();
        threads.append(new TurnRow("t2", id, 0, "and ARR?", "result", "24M", "{}", "SELECT 2", "high", 1, 1, 10, 2, 5),
                new ThreadStore.DqLogRow("t2", id, "OK", "{}", "mrr_snapshots", "SELECT 2", null));
        assertThat(threads.turns(id)).as("a deleted thread keeps neither").isEmpty();
        assertThat(threads.dqLogs(id)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void threads_know_where_they_were_started_and_are_listed_by_it(String engine) {
        AppStore store = fresh(engine);
        String cli = new ThreadStore(store).create(PROJECT, "asked on the command line");
        String web = new ThreadStore(store, ThreadStore.Origin.web).create(PROJECT, "asked in the web app");
        String mcp = new ThreadStore(store, ThreadStore.Origin.mcp).create(PROJECT, "asked by an assistant");
        ThreadStore threads = new ThreadStore(store);
        assertThat(threads.threads(PROJECT)).extracting(ThreadStore.ThreadRow::id).containsExactlyInAnyOrder(cli, web, mcp);
        assertThat(threads.threads(PROJECT, java.util.EnumSet.of(ThreadStore.Origin.web, ThreadStore.Origin.api), 100))
                .extracting(ThreadStore.ThreadRow::id).containsExactly(web);
        assertThat(threads.thread(PROJECT, cli).orElseThrow().origin()).as("a thread started without an origin is the command line's").isEqualTo(ThreadStore.Origin.cli);
        assertThat(threads.thread(PROJECT, mcp).orElseThrow().origin()).isEqualTo(ThreadStore.Origin.mcp);
        String question = ("How much did each of our " + "very ".repeat(120) + "large customers pay?");
        String title = threads.thread(PROJECT, threads.create(PROJECT, question)).orElseThrow().title();
        assertThat(title).as("a long question is cut after a word").hasSizeLessThanOrEqualTo(ThreadStore.MAX_TITLE).endsWith("very…");
        String fits = "x".repeat(ThreadStore.MAX_TITLE);
        assertThat(threads.thread(PROJECT, threads.create(PROJECT, fits)).orElseThrow().title()).as("a question that fits is whole").isEqualTo(fits);
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void a_thread_is_renamed_and_deleted_with_its_turns_and_dq_logs_all_or_nothing(String engine) throws Exception {
        AppStore store = fresh(engine);
        ThreadStore threads = new ThreadStore(store, ThreadStore.Origin.web);
        String id = threads.create(PROJECT, "What was MRR?");
        String kept = threads.create(PROJECT, "What was ARR?");
        threads.append(new TurnRow("t1", id, 0, "What was MRR?", "result", "2.0M", "{}", "SELECT 1", "high", 1, 0, 0, 0, 5));
        threads.logDq(new ThreadStore.DqLogRow("t1", id, "OK", "{}", "mrr_snapshots", "SELECT 1", null));
        threads.append(new TurnRow("k1", kept, 0, "What was ARR?", "result", "24M", "{}", "SELECT 2", "high", 1, 0, 0, 0, 5));
        String before = threads.thread(PROJECT, id).orElseThrow().updatedAt();
        assertThat(threads.rename(PROJECT, id, "MRR, September")).isTrue();
        assertThat(threads.thread(PROJECT, id).orElseThrow().title()).isEqualTo("MRR, September");
        assertThat(threads.thread(PROJECT, id).orElseThrow().updatedAt()).as("a new title is no new activity").isEqualTo(before);
        Project other = new Project("Other", Path.of("/tmp/other"), "x.duckdb", Path.of("/tmp/other/knowledge"), false);
        assertThat(threads.rename(other, id, "hijacked")).as("another project's thread is not found").isFalse();
        assertThat(threads.delete(other, id)).isFalse();
        assertThat(threads.rename(PROJECT, "nope", "x")).isFalse();

        // something else holds on to the thread: deleting it fails at its last statement, and the turns and log stay
        store.inTransaction(c -> {
            try (var s = c.createStatement()) {
                s.execute("CREATE TABLE pins (thread_id VARCHAR(64) NOT NULL REFERENCES threads(id))");
                s.execute("INSERT INTO pins VALUES ('" + id + "')");
            }
            return null;
        });
        assertThatThrownBy(() -> threads.delete(PROJECT, id)).isInstanceOf(RuntimeException.class);
        assertThat(threads.turns(id)).as("all or nothing").hasSize(1);
        assertThat(threads.dqLogs(id)).hasSize(1);
        store.inTransaction(c -> {
            try (var s = c.createStatement()) {
                return s.executeUpdate("DELETE FROM pins");
            }
        });

        assertThat(threads.delete(PROJECT, id)).isTrue();
        assertThat(threads.exists(PROJECT, id)).isFalse();
        assertThat(threads.turns(id)).isEmpty();
        assertThat(threads.dqLogs(id)).isEmpty();
        assertThat(threads.delete(PROJECT, id)).as("gone already").isFalse();
        assertThat(threads.turns(kept)).as("the other thread is untouched").hasSize(1);

        // a question answered while its thread was deleted keeps nothing, and fails no one
        threads.append(new TurnRow("t2", id, 0, "and in October?", "result", "2.1M", "{}", "SELECT 1", "high", 1, 0, 0, 0, 5));
        threads.logDq(new ThreadStore.DqLogRow("t2", id, "OK", "{}", "mrr_snapshots", "SELECT 1", null));
        assertThat(threads.turns(id)).isEmpty();
        assertThat(threads.dqLogs(id)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void threads_from_before_origins_are_the_command_lines_and_those_of_early_eval_runs_are_the_runs(String engine) throws Exception {
        String url = StoreEngines.freshUrl(engine, dir);
        org.flywaydb.core.Flyway.configure(AppStore.class.getClassLoader()).dataSource(url, null, null)
                .locations("classpath:dev/almanac/store/migration").target("6").load().migrate();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url); java.sql.Statement s = c.createStatement()) {
            s.execute("INSERT INTO projects (slug, name, source_url, knowledge_dir, created_at, updated_at) VALUES ('engines', 'Engines', 'x', 'k', "
                    + "'2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')");
            s.execute("""
                    INSERT INTO eval_runs (id, project, started_at, finished_at, status, model, filters, knowledge_snapshot, selected, total, passed, owner_pid)
                    VALUES ('r1', 'engines', '2026-11-20T10:00:00.5Z', '2026-11-20T10:05:00Z', 'complete', 'none', '', '{}', 1, 1, 1, 1)""");
            s.execute("""
                    INSERT INTO eval_results (run_id, golden_id, question, difficulty, tags, passed, expected_json, latency_ms, prompt_tokens, completion_tokens)
                    VALUES ('r1', 'g1', 'What was MRR in September 2026?', 'easy', '[]', 1, '{}', 5, 0, 0)""");
            s.execute("INSERT INTO threads VALUES ('during', 'engines', 'What was MRR in September 2026?', '2026-11-20T10:00:00.9Z', '2026-11-20T10:00:01Z')");
            s.execute("INSERT INTO threads VALUES ('later', 'engines', 'What was MRR in September 2026?', '2026-11-21T08:00:00Z', '2026-11-21T08:00:00Z')");
            s.execute("INSERT INTO threads VALUES ('other', 'engines', 'Who are our largest customers?', '2026-11-20T10:01:00Z', '2026-11-20T10:01:00Z')");
        }
        AppStore store = AppStore.at(url);
        ThreadStore threads = new ThreadStore(store);
        assertThat(threads.thread(PROJECT, "during").orElseThrow().origin()).as("asked by the run while it ran").isEqualTo(ThreadStore.Origin.eval);
        assertThat(threads.thread(PROJECT, "later").orElseThrow().origin()).as("the same question asked after the run").isEqualTo(ThreadStore.Origin.cli);
        assertThat(threads.thread(PROJECT, "other").orElseThrow().origin()).isEqualTo(ThreadStore.Origin.cli);
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void audit_entries_from_before_projects_are_their_threads_or_their_users_project(String engine) throws Exception {
        String url = StoreEngines.freshUrl(engine, dir);
        org.flywaydb.core.Flyway.configure(AppStore.class.getClassLoader()).dataSource(url, null, null)
                .locations("classpath:dev/almanac/store/migration").target("7").load().migrate();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url); java.sql.Statement s = c.createStatement()) {
            for (String[] p : new String[][] {{"engines", "Engines"}, {"the-shop", "The Shop"}}) {
                s.execute("INSERT INTO projects (slug, name, source_url, knowledge_dir, created_at, updated_at) VALUES ('" + p[0] + "', '" + p[1]
                        + "', 'x', 'k', '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')");
            }
            s.execute("INSERT INTO threads (id, project, title, created_at, updated_at) VALUES ('t-shop', 'the-shop', 'q', '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z')");
            s.execute("INSERT INTO users VALUES ('eng', 'admin', 'Engines', 'h1', '2026-11-20T09:00:00Z')");
            s.execute("INSERT INTO users VALUES ('shopper', 'viewer', 'the-shop', 'h2', '2026-11-20T09:00:00Z')");
            s.execute("INSERT INTO users VALUES ('root', 'admin', NULL, 'h3', '2026-11-20T09:00:00Z')");
            s.execute("INSERT INTO audit_log VALUES ('a1', 'root', 't-shop', 'SELECT 1', '2026-11-20T10:00:01Z')");
            s.execute("INSERT INTO audit_log VALUES ('a2', 'eng', NULL, 'SELECT 2', '2026-11-20T10:00:02Z')");
            s.execute("INSERT INTO audit_log VALUES ('a3', 'shopper', NULL, 'SELECT 3', '2026-11-20T10:00:03Z')");
            s.execute("INSERT INTO audit_log VALUES ('a4', 'root', NULL, 'SELECT 4', '2026-11-20T10:00:04Z')");
            s.execute("INSERT INTO audit_log VALUES ('a5', 'gone', NULL, 'SELECT 5', '2026-11-20T10:00:05Z')");
        }
        UserStore users = new UserStore(AppStore.at(url));
        assertThat(users.audit(null, null, 100)).as("every entry is kept").hasSize(5);
        assertThat(users.audit(null, "The Shop", 100)).as("a thread's entries are its project's, then the user's project by its key")
                .extracting(UserStore.AuditRow::sql).containsExactlyInAnyOrder("SELECT 1", "SELECT 3");
        assertThat(users.audit(null, "engines", 100)).as("a user's project named by its name").extracting(UserStore.AuditRow::sql).containsExactly("SELECT 2");
        assertThat(users.audit(null, null, 100).stream().filter(r -> r.project() == null)).as("no project to tell: for admins of every project only")
                .extracting(UserStore.AuditRow::sql).containsExactlyInAnyOrder("SELECT 4", "SELECT 5");
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
        assertThat(users.of("engines")).extracting(UserStore.User::name).containsExactly("ana");
        assertThat(users.of("another")).isEmpty();
        UserStore served = new UserStore(fresh(engine), PROJECT);
        served.audit("ana", null, "SELECT 'served'");
        assertThat(served.audit("ana", "Engines", 10)).extracting(UserStore.AuditRow::project).containsExactly("engines");
        assertThat(served.audit("ana", "another", 10)).isEmpty();
        assertThat(users.remove("ana", u -> false)).as("refused: the user stays").isEqualTo(UserStore.Removal.FORBIDDEN);
        assertThat(users.byToken(token)).isPresent();
        assertThat(users.remove("nobody", u -> true)).isEqualTo(UserStore.Removal.UNKNOWN);
        assertThat(users.remove("ana")).isTrue();
        assertThat(users.byToken(token)).isEmpty();
    }
}
