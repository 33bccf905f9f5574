package dev.almanac.server;

import dev.almanac.UserError;
import dev.almanac.eval.EvalRunner;
import dev.almanac.eval.GoldenFilter;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Eval runs started over the API: recorded at once (so their id can be polled), then asked in the
 * background, one run at a time per server (a run that the store shows finished no longer blocks the
 * next, which queues behind its last bookkeeping); progress is what the store has recorded so far.
 */
final class EvalJobs implements AutoCloseable {
    private final ServerContext ctx;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "almanac-eval");
        t.setDaemon(true);
        return t;
    });
    private final AtomicReference<String> running = new AtomicReference<>();

    EvalJobs(ServerContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Starts a run over the golden questions with the tag and difficulty (either may be null); the
     * agent's steps go to {@code events} (the audit log); its questions are kept as no one's threads.
     */
    synchronized String start(String tag, String difficulty, int parallel, java.util.function.Consumer<dev.almanac.agent.AgentEvent> events) {
        GoldenFilter filter = new GoldenFilter(tag, difficulty);
        if (parallel < 1 || parallel > 16) throw new UserError("parallel must be between 1 and 16");
        String current = running.get();
        if (current != null && ctx.evals().run(ctx.project(), current).map(r -> r.status().equals("running")).orElse(false)) {
            throw new ApiError(409, "eval_running", "eval run " + current + " is still running");
        }
        KnowledgeSet knowledge = ctx.knowledge().get();
        List<GoldenQuery> selected = filter.select(knowledge.golden());
        EvalRunner runner = new EvalRunner(ctx.agents().create(events, false), ctx.evals(), ctx.project(), ctx.curation().executor().get());
        String id = runner.begin(selected, ctx.settings().model(), filter.label(), EvalRunner.snapshot(ctx.project(), knowledge));
        running.set(id);
        worker.submit(() -> {
            try {
                runner.execute(id, selected, parallel, null);
            } catch (RuntimeException e) {
                // the run is marked incomplete by the runner; its results so far stay readable
            } finally {
                running.compareAndSet(id, null);
            }
        });
        return id;
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
