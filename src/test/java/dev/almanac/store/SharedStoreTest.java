package dev.almanac.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What servers sharing one app store agree on through it, on both engines: each "server" here opens the store on its
 * own (its own pool, nothing shared in memory), as separate processes would. Rate limits count across them, one eval
 * run at a time is claimed in the store (and a claim whose owner died expires), and the knowledge version moves with
 * every import.
 */
class SharedStoreTest {
    @TempDir
    static Path dir;

    /** Two servers' views of one new store: each opens it on its own (its own pool), as separate processes would. */
    record Shared(AppStore a, AppStore b) implements AutoCloseable {
        static Shared fresh(String engine) {
            String url = StoreEngines.freshUrl(engine, dir);
            return new Shared(AppStore.at(url), AppStore.at(url));
        }

        @Override
        public void close() {
            a.close();
            b.close();
        }
    }

    static final Project PROJECT = new Project("Shared", Path.of("/tmp/shared"), "data/demo.duckdb", Path.of("/tmp/shared/knowledge"), false);

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void the_rate_limit_counts_questions_on_every_server_of_the_store(String engine) throws Exception {
        try (Shared store = Shared.fresh(engine)) {
            RateLimits onA = new RateLimits(store.a());
            RateLimits onB = new RateLimits(store.b());
            long t = 1_000_000;
            assertThat(onA.acquire("ana", 3, t)).isZero();
            assertThat(onB.acquire("ana", 3, t + 1_000)).isZero();
            assertThat(onA.acquire("ana", 3, t + 2_000)).isZero();
            assertThat(onB.acquire("ana", 3, t + 10_000)).as("the fourth question in a minute, on the other server").isEqualTo(50);
            assertThat(onB.acquire("bo", 3, t + 10_000)).as("another user has a count of their own").isZero();
            assertThat(onA.acquire("ana", 3, t + 60_001)).as("the first question left the sliding minute").isZero();
            assertThat(onB.acquire("ana", 3, t + 60_002)).isEqualTo(1);

            // many questions at once on both servers: exactly the limit goes through
            ExecutorService pool = Executors.newFixedThreadPool(8);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Long>> asks = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                RateLimits limits = i % 2 == 0 ? onA : onB;
                asks.add(pool.submit((Callable<Long>) () -> {
                    go.await();
                    return limits.acquire("cy", 5, 5_000_000);
                }));
            }
            go.countDown();
            int allowed = 0;
            for (Future<Long> f : asks) if (f.get() == 0) allowed++;
            pool.shutdown();
            assertThat(allowed).isEqualTo(5);
        }
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void one_eval_run_at_a_time_across_servers_and_a_dead_owners_claim_expires(String engine) throws Exception {
        try (Shared store = Shared.fresh(engine)) {
            EvalStore onA = new EvalStore(store.a());
            EvalStore onB = new EvalStore(store.b());
            onA.start(PROJECT, "r1", "none", "all", "{}", 3);
            assertThatThrownBy(() -> onB.start(PROJECT, "r2", "none", "all", "{}", 3)).isInstanceOf(EvalStore.RunInProgress.class)
                    .hasMessageStartingWith("eval run r1 is still running (started ").hasMessageNotContaining("\n");
            assertThat(onB.runs(PROJECT)).extracting(EvalStore.RunRow::id).containsExactly("r1");

            onA.finish("r1", "complete");
            onB.start(PROJECT, "r2", "none", "all", "{}", 3);
            assertThatThrownBy(() -> onA.start(PROJECT, "r3", "none", "all", "{}", 3)).isInstanceOf(EvalStore.RunInProgress.class);

            // r2's server lives on another host and still beats: its claim holds
            store.b().inTransaction(c -> c.createStatement().executeUpdate("UPDATE eval_runs SET owner_host = 'elsewhere', owner_pid = 1 WHERE id = 'r2'"));
            onB.beat("r2");
            assertThatThrownBy(() -> onA.start(PROJECT, "r3", "none", "all", "{}", 3)).isInstanceOf(EvalStore.RunInProgress.class);

            // ... until it stops beating: that server died, and its claim expires
            long old = System.currentTimeMillis() - EvalStore.STALE_AFTER_MS - 1_000;
            store.b().inTransaction(c -> c.createStatement().executeUpdate("UPDATE eval_runs SET heartbeat_ms = " + old + " WHERE id = 'r2'"));
            onA.start(PROJECT, "r3", "none", "all", "{}", 3);
            assertThat(onB.run(PROJECT, "r2").orElseThrow().status()).isEqualTo("incomplete");
            assertThat(onB.run(PROJECT, "r3").orElseThrow().status()).isEqualTo("running");
        }
    }

    @ParameterizedTest
    @MethodSource("dev.almanac.store.StoreEngines#names")
    void the_knowledge_version_moves_with_every_import_seen_from_another_server(String engine) {
        try (Shared store = Shared.fresh(engine)) {
            KnowledgeStore onA = new KnowledgeStore(store.a());
            KnowledgeStore onB = new KnowledgeStore(store.b());
            assertThat(onB.version(PROJECT)).isZero();
            onA.replace(PROJECT, List.of(new StoredItem("rule", "cents", "{}", null)), "fp1");
            long first = onB.version(PROJECT);
            assertThat(first).isPositive();
            assertThatThrownBy(() -> onA.replace(PROJECT, List.of(new StoredItem("rule", "x", "{}", null), new StoredItem("rule", "x", "{}", null)), "bad"))
                    .isInstanceOf(RuntimeException.class);
            assertThat(onB.version(PROJECT)).as("a failed import changes nothing").isEqualTo(first);
            onA.replace(PROJECT, List.of(), "fp2");
            assertThat(onB.version(PROJECT)).isGreaterThan(first);
        }
    }
}
