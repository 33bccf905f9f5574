package dev.almanac.server;

import dev.almanac.UserError;
import dev.almanac.eval.EvalRunner;
import dev.almanac.eval.GoldenFilter;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.store.EvalStore;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Eval runs started over the API: recorded at once (so their id can be polled), then asked in the
 * background. One run at a time per project, across every server sharing the app store: the store
 * holds the claim ({@link EvalStore#start}), and a start while another run goes on
 * answers 409. A run that the store shows finished no longer blocks the next, which queues behind its
 * last bookkeeping; progress is what the store has recorded so far.
 */
final class EvalJobs implements AutoCloseable {
    private final ServerContext ctx;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "almanac-eval");
        t.setDaemon(true);
        return t;
    });

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
        KnowledgeSet knowledge = ctx.knowledge().get();
        List<GoldenQuery> selected = filter.select(knowledge.golden());
        EvalRunner runner = new EvalRunner(ctx.agents().create(events, null /* eval runs keep no threads */), ctx.evals(), ctx.project(), ctx.curation().executor().get());
        String id;
        try {
            id = runner.begin(selected, ctx.settings().model(), filter.label(), EvalRunner.snapshot(ctx.project(), knowledge));
        } catch (EvalStore.RunInProgress e) {
            throw new ApiError(409, "eval_running", e.getMessage());
        }
        worker.submit(() -> {
            try {
                runner.execute(id, selected, parallel, null);
            } catch (RuntimeException e) {
                // the run is marked incomplete by the runner; its results so far stay readable
            }
        });
        return id;
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
