package dev.almanac.agent;

import dev.almanac.knowledge.KnowledgeRetriever;
import dev.almanac.knowledge.TableChoice;
import dev.almanac.store.LearningRow;
import java.util.List;

/**
 * Retrieve: the tables for the question (lexical, embedding and foreign-key expansion) and their knowledge (rules,
 * learnings, the closest verified queries, from which follow-ups are drawn). A step of the flow that never answers: the
 * routes after it get the turn with its knowledge.
 */
final class Retrieval implements Route {
    private final Flow flow;
    /** The knowledge's indexes, built on first use (the agent's knowledge does not change while it runs). */
    private KnowledgeRetriever indexed;

    Retrieval(Flow flow) {
        this.flow = flow;
    }

    @Override
    public Outcome take(Turn turn) {
        return new Next(retrieved(turn));
    }

    /** The turn with its tables and knowledge (retrieved once). */
    Turn retrieved(Turn turn) {
        if (turn.retrieved() != null) return turn;
        var ctx = flow.ctx;
        // embedded without its period, as the verified matching embeds it: one embedding of the question per turn
        String meaning = flow.timeframes.withoutPeriods(turn.question());
        List<String> tables = ctx.selector().select(turn.question(), meaning, ctx.settings().tables()).stream().map(TableChoice::table).toList();
        flow.event("tables", String.join(", ", tables));
        List<LearningRow> learnings = ctx.learnings() == null || ctx.project() == null ? List.of() : ctx.learnings().active(ctx.project());
        return turn.with(new Turn.Retrieved(tables, indexed().with(learnings).retrieve(turn.question(), meaning, tables)));
    }

    private synchronized KnowledgeRetriever indexed() {
        if (indexed == null) indexed = new KnowledgeRetriever(flow.ctx.knowledge(), List.of(), flow.ctx.embedder());
        return indexed;
    }
}
