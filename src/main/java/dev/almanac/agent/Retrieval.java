package dev.almanac.agent;

import dev.almanac.knowledge.KnowledgeRetriever;
import dev.almanac.knowledge.Metric;
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
        List<String> tables = withMetricTables(turn, ctx.selector().select(turn.question(), meaning, ctx.settings().tables()).stream().map(TableChoice::table).toList());
        flow.event("tables", String.join(", ", tables));
        List<LearningRow> learnings = ctx.learnings() == null || ctx.project() == null ? List.of() : ctx.learnings().active(ctx.project());
        return turn.with(new Turn.Retrieved(tables, indexed().with(learnings).retrieve(turn.question(), meaning, tables)));
    }

    /**
     * The tables a canonical metric the question names reads, first: the prompt tells the model to use that metric's SQL, so
     * it needs their columns; the selected tables follow, as many as there is room for.
     */
    private List<String> withMetricTables(Turn turn, List<String> selected) {
        if (turn.metric().isEmpty() || turn.metric().get().sql() == null) return selected;
        Metric m = turn.metric().get();
        java.util.LinkedHashSet<String> tables = new java.util.LinkedHashSet<>();
        for (String t : flow.verified().tablesOf(m.sql(), m.parameters())) {
            flow.ctx.catalog().table(t).ifPresent(x -> tables.add(x.qualifiedName()));
        }
        if (tables.isEmpty()) return selected;
        int room = Math.max(selected.size(), tables.size());
        for (String t : selected) if (tables.size() < room && tables.stream().noneMatch(t::equalsIgnoreCase)) tables.add(t);
        return List.copyOf(tables);
    }

    private synchronized KnowledgeRetriever indexed() {
        if (indexed == null) indexed = new KnowledgeRetriever(flow.ctx.knowledge(), List.of(), flow.ctx.embedder());
        return indexed;
    }
}
