package dev.almanac.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.almanac.agent.Agent;
import dev.almanac.agent.Answer;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.store.EvalStore;
import dev.almanac.store.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Asks the agent every selected golden question, compares each answer's data with the expected
 * result under the question's comparison mode, and records every result as soon as it is known, so
 * that an interrupted run keeps what it did (and is later marked incomplete). A question with
 * comparison {@code refused} (the data cannot answer it) passes only when the agent asks back or
 * declines without data; such a question may have no gold SQL, which is then not run.
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
        String id = begin(golden, model, filters, snapshot);
        execute(id, golden, parallel, progress);
        return id;
    }

    /** Records a new run (status running) and returns its id; {@link #execute} then asks the questions. */
    public String begin(List<GoldenQuery> golden, String model, String filters, String snapshot) {
        String id = UUID.randomUUID().toString().substring(0, 8);
        store.start(project, id, model, filters, snapshot, golden.size());
        return id;
    }

    /**
     * Asks every question of the run begun as {@code id}, recording each result as it comes; marks the run complete or
     * incomplete. While it asks, the run beats in the store, so that other servers see that its owner is alive.
     */
    public void execute(String id, List<GoldenQuery> golden, int parallel, Progress progress) {
        Thread hook = new Thread(() -> store.finish(id, "incomplete"));
        Runtime.getRuntime().addShutdownHook(hook);
        ScheduledExecutorService heart = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "almanac-eval-beat");
            t.setDaemon(true);
            return t;
        });
        heart.scheduleAtFixedRate(() -> beat(id), EvalStore.BEAT_MS, EvalStore.BEAT_MS, TimeUnit.MILLISECONDS);
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
            heart.shutdownNow();
            pool.shutdownNow();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // shutting down already
            }
        }
    }

    private void beat(String id) {
        try {
            store.beat(id);
        } catch (RuntimeException e) {
            // the store is out of reach for now: the next beat tries again, and the results say how far the run got
        }
    }

    EvalStore.ResultRow evaluate(String runId, GoldenQuery g) {
        boolean refused = Comparison.of(g.comparison()) == Comparison.REFUSED;
        String expectedJson = refused && g.expectedResult() == null ? json(Map.of("refused", true)) : json(g.expectedResult());
        long start = System.nanoTime();
        if (executor != null && g.expectedSql() != null) {
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
        if (refused) {
            Verdict v = refusal(a.kind(), a.data(), a.provenance() == null ? List.of() : a.provenance().sql());
            return new EvalStore.ResultRow(runId, g.id(), g.question(), g.difficulty(), g.tags(), v.passed(), v.reason(), expectedJson,
                    a.data() == null ? null : json(java.util.Map.of("columns", a.data().columns(), "rows", a.data().rows())), sql,
                    a.kind() == Answer.Kind.error ? a.answer() : null, a.latencyMs(), a.usage().promptTokens(), a.usage().completionTokens(), a.confidence());
        }
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

    /**
     * The verdict on an answer to a question the data cannot answer (comparison {@code refused}): it passes
     * when the agent asked back (a clarification), declined (an error), or said the data holds nothing for it
     * (an observation that ran no query: "there is no data for 2019, the data starts in 2021"), with no rows of
     * data; any other answer, or one that carries data, fails.
     */
    static Verdict refusal(Answer.Kind kind, Answer.Data data, List<String> sqlRun) {
        int rows = data == null || data.rows() == null ? 0 : data.rows().size();
        boolean nothingComputed = kind == Answer.Kind.observation && rows == 0 && (sqlRun == null || sqlRun.isEmpty());
        if (kind != Answer.Kind.clarification && kind != Answer.Kind.error && !nothingComputed) {
            return Verdict.fail("expected a refusal or a question back, got " + (kind == null ? "no answer" : "a " + kind)
                    + (rows > 0 ? " with " + rows + " rows of data" : ""));
        }
        if (rows > 0) return Verdict.fail("a " + kind + " that still carries " + rows + " rows of data");
        return Verdict.pass();
    }

    /** Counts per kind, the last change to the knowledge files, and their digest. */
    public static String snapshot(Project project, dev.almanac.knowledge.KnowledgeSet k) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("tables", k.tables().size());
        s.put("metrics", k.metrics().size());
        s.put("queries", k.queries().size());
        s.put("rules", k.rules().size());
        s.put("golden", k.golden().size());
        Path dir = project.knowledgeDir();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                s.put("last_modified", files.filter(Files::isRegularFile).map(f -> {
                    try {
                        return Files.getLastModifiedTime(f).toInstant();
                    } catch (IOException e) {
                        return java.time.Instant.EPOCH;
                    }
                }).max(java.util.Comparator.naturalOrder()).map(Object::toString).orElse(null));
            } catch (IOException e) {
                s.put("last_modified", null);
            }
            s.put("fingerprint", dev.almanac.knowledge.KnowledgeBase.fingerprint(dir));
        }
        return json(s).replaceAll("\\s+", " ");
    }

    static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
