package dev.almanac.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.almanac.agent.Agent;
import dev.almanac.agent.Answer;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.store.EvalStore;
import dev.almanac.store.Project;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Asks the agent every selected golden question, compares each answer's data with the expected
 * result under the question's comparison mode, and records every result as soon as it is known, so
 * that an interrupted run keeps what it did (and is later marked incomplete).
 */
public final class EvalRunner {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    /** Told after each question: how many are done and how many passed so far. */
    @FunctionalInterface
    public interface Progress {
        void update(int done, int passed);
    }

    private final Agent agent;
    private final EvalStore store;
    private final Project project;
    private final dev.almanac.sql.QueryExecutor executor;

    /** @param executor runs each golden question's expected SQL first: one that no longer runs is reported, not asked */
    public EvalRunner(Agent agent, EvalStore store, Project project, dev.almanac.sql.QueryExecutor executor) {
        this.agent = agent;
        this.store = store;
        this.project = project;
        this.executor = executor;
    }

    public String run(List<GoldenQuery> golden, String model, String filters, String snapshot, int parallel, Progress progress) {
        String id = UUID.randomUUID().toString().substring(0, 8);
        store.start(project, id, model, filters, snapshot, golden.size());
        Thread hook = new Thread(() -> store.finish(id, "incomplete"));
        Runtime.getRuntime().addShutdownHook(hook);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parallel));
        AtomicInteger done = new AtomicInteger();
        AtomicInteger passed = new AtomicInteger();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (GoldenQuery g : golden) {
                futures.add(pool.submit(() -> {
                    EvalStore.ResultRow r = evaluate(id, g);
                    store.add(r);
                    if (r.passed()) passed.incrementAndGet();
                    if (progress != null) progress.update(done.incrementAndGet(), passed.get());
                }));
            }
            for (Future<?> f : futures) f.get();
            store.finish(id, "complete");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            store.finish(id, "incomplete");
        } catch (java.util.concurrent.ExecutionException e) {
            store.finish(id, "incomplete");
            throw new dev.almanac.AlmanacException("the eval run stopped: " + e.getCause().getMessage(), e.getCause());
        } finally {
            pool.shutdownNow();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // shutting down already
            }
        }
        return id;
    }

    EvalStore.ResultRow evaluate(String runId, GoldenQuery g) {
        String expectedJson = json(g.expectedResult());
        long start = System.nanoTime();
        if (executor != null) {
            try {
                executor.execute(g.expectedSql());
            } catch (RuntimeException e) {
                return new EvalStore.ResultRow(runId, g.id(), g.question(), g.difficulty(), g.tags(), false, "the expected SQL fails", expectedJson,
                        null, null, "expected SQL: " + e.getMessage(), 0, 0, 0, null);
            }
        }
        Answer a;
        try {
            a = agent.ask(g.question(), null);
        } catch (RuntimeException e) {
            return new EvalStore.ResultRow(runId, g.id(), g.question(), g.difficulty(), g.tags(), false, "the agent failed", expectedJson, null, null,
                    e.getMessage(), (System.nanoTime() - start) / 1_000_000, 0, 0, null);
        }
        String sql = a.provenance() == null ? null : String.join(";\n", a.provenance().sql());
        if (a.data() == null) {
            return new EvalStore.ResultRow(runId, g.id(), g.question(), g.difficulty(), g.tags(), false, "no result: " + a.kind() + ": " + a.answer(),
                    expectedJson, null, sql, a.kind() == Answer.Kind.error ? a.answer() : null, a.latencyMs(), a.usage().promptTokens(),
                    a.usage().completionTokens(), a.confidence());
        }
        Table expected = new Table(g.expectedResult().columns(), g.expectedResult().rows());
        Table actual = new Table(a.data().columns(), a.data().rows());
        Verdict v = ResultComparator.compare(expected, actual, Comparison.of(g.comparison()), g.tolerance() == null ? 0 : g.tolerance(),
                ResultComparator.ordersResult(g.expectedSql()));
        return new EvalStore.ResultRow(runId, g.id(), g.question(), g.difficulty(), g.tags(), v.passed(), v.reason(), expectedJson,
                json(java.util.Map.of("columns", actual.columns(), "rows", actual.rows())), sql, null, a.latencyMs(), a.usage().promptTokens(),
                a.usage().completionTokens(), a.confidence());
    }

    static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
