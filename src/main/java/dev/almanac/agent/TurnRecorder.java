package dev.almanac.agent;

import dev.almanac.AlmanacException;
import dev.almanac.quality.Timeliness;
import dev.almanac.quality.TimelinessCheck;
import dev.almanac.store.ThreadStore;
import dev.almanac.store.TurnRow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Persist: the thread a question belongs to (a new one unless it continues one), and the finished turn with its
 * timeliness verdict (DQ pass over the queries the answer and the model ran), usage and latency: one turn row and one DQ
 * log row per turn.
 */
final class TurnRecorder {
    /** The thread of a question (null without a thread store) and its earlier turns. */
    record Opened(String id, List<TurnRow> history) {}

    private final Flow flow;

    TurnRecorder(Flow flow) {
        this.flow = flow;
    }

    Opened open(String asked, String threadId) {
        var ctx = flow.ctx;
        String thread = threadId;
        if (ctx.threads() != null && ctx.project() != null && (thread == null || !ctx.threads().exists(ctx.project(), thread))) {
            thread = ctx.threads().create(ctx.project(), asked);
        }
        if (thread != null) flow.event("thread", thread);
        return new Opened(thread, thread == null || ctx.threads() == null ? List.of() : ctx.threads().turns(thread));
    }

    /** The answer with its DQ verdict, usage, latency and turn id, stored in its thread. */
    Answer record(Turn t, Answer a, Route.Work work) {
        var ctx = flow.ctx;
        String turnId = UUID.randomUUID().toString();
        List<String> sqlRun = new ArrayList<>(work.sqlRun());
        if (a.provenance() != null) a.provenance().sql().stream().filter(q -> !sqlRun.contains(q)).forEach(sqlRun::add);
        List<String> questions = new ArrayList<>(t.history().stream().map(TurnRow::question).toList());
        questions.add(t.question());
        Timeliness dq = new TimelinessCheck(ctx.catalog(), ctx.knowledge(), ctx.executor(), ctx.today(), dev.almanac.quality.FiscalYear.of(ctx.project())).evaluate(questions, sqlRun);
        flow.event("dq", dq.status() + (dq.missingBuckets().isEmpty() ? "" : " missing " + String.join(", ", dq.missingBuckets())));
        Answer.Dq dqField = new Answer.Dq(dq.status().name(), dq.requested(), dq.observed(), dq.missingBuckets());
        var usage = work.usage();
        Answer done = new Answer(a.answer(), a.kind(), a.confidence(), a.iterations(), a.verified(), a.data(), a.chart(), a.provenance(), dqField,
                a.suggestions(), t.threadId(), t.threadId() == null ? null : turnId,
                new Answer.Usage(usage.calls(), usage.promptTokens(), usage.completionTokens()), t.elapsedMs(), a.change());
        if (ctx.threads() != null && t.threadId() != null) {
            try {
                String json = Answers.JSON.writeValueAsString(done);
                String sql = done.provenance() == null ? null : String.join(";\n", done.provenance().sql());
                // the turn and its DQ log in one transaction: both kept, or neither
                ctx.threads().append(new TurnRow(turnId, t.threadId(), 0, done.kind() == Answer.Kind.clarification ? t.question() : t.asked(),
                        done.kind().name(), done.answer(), json, sql, done.confidence(), done.iterations(), usage.calls(), usage.promptTokens(),
                        usage.completionTokens(), done.latencyMs()),
                        new ThreadStore.DqLogRow(turnId, t.threadId(), dq.status().name(), Answers.JSON.writeValueAsString(Map.of("timeliness", dq)),
                        String.join(",", done.provenance() == null ? List.of() : done.provenance().tables()), String.join(";\n", sqlRun), dq.dqSql()));
            } catch (IOException e) {
                throw new AlmanacException("cannot store the turn: " + e.getMessage(), e);
            }
        }
        return done;
    }
}
