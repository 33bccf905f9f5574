package dev.almanac.agent;

import dev.almanac.semantic.QuestionParser;
import dev.almanac.semantic.SemanticQuery;
import java.util.Objects;
import java.util.Optional;

/**
 * Verified: the question asks what a verified query or a canonical metric computes (same grain, same breakdown), and
 * that query is the answer, marked verified. Two places in the flow: a verified query's own question comes first, before
 * any question back; a canonical metric comes after clarification (it may need its period asked) and retrieval.
 */
final class VerifiedRoute implements Route {
    private final Flow flow;
    private final Retrieval retrieval;
    private final boolean queries;

    private VerifiedRoute(Flow flow, Retrieval retrieval, boolean queries) {
        this.flow = flow;
        this.retrieval = retrieval;
        this.queries = queries;
    }

    /** A verified query's own question (or one that differs only in words that do not change the query). */
    static VerifiedRoute ownQuestion(Flow flow, Retrieval retrieval) {
        return new VerifiedRoute(flow, retrieval, true);
    }

    /** A canonical metric the question names closely. */
    static VerifiedRoute canonicalMetric(Flow flow, Retrieval retrieval) {
        return new VerifiedRoute(flow, retrieval, false);
    }

    @Override
    public Outcome take(Turn turn) {
        Optional<VerifiedAnswerer.Match> match = turn.match().get().filter(m -> m.isQuery() == queries);
        if (match.isEmpty()) return new Next(turn);
        Answer v = flow.verified().answer(turn.question(), match.get());
        if (onlyNulls(v) || asksMoreThanTheMetric(turn, v)) {
            flow.event("verified", "set aside: it does not compute what is asked (" + (onlyNulls(v) ? "no value for this period" : "another grain or breakdown") + ")");
            return new Next(turn);
        }
        flow.event("verified", v.provenance().knowledgeApplied().toString());
        v.provenance().sql().forEach(q -> flow.event("executed", q));
        return new Answered(retrieval.retrieved(turn), v);
    }

    /** A verified answer whose every value is empty (the period holds no data) is never shown as verified. */
    private static boolean onlyNulls(Answer a) {
        return a.data() == null || a.data().rows().stream().allMatch(row -> row.stream().allMatch(Objects::isNull));
    }

    /** A canonical metric's single value, for a question that asks it by something, filtered or ranked ("which campaign had the most spend"). */
    private boolean asksMoreThanTheMetric(Turn t, Answer a) {
        if (flow.semantic == null || a.provenance() == null || a.provenance().knowledgeApplied().stream().noneMatch(k -> k.startsWith("metric:"))) return false;
        // the question read on its own: the turn's reading when it has no thread before it
        QuestionParser.Result reading = t.history().isEmpty() && flow.ctx.settings().parseQuestions() ? t.read() : flow.parse(t.question());
        if (reading instanceof QuestionParser.Parsed p) {
            SemanticQuery q = p.query();
            // "total sales last quarter" read whole as another measure than the canonical metric matched by a word of it: which
            // one is meant is the reader's to answer, not the metric's
            String canonical = a.provenance().knowledgeApplied().stream().filter(k -> k.startsWith("metric:")).findFirst().orElseThrow().substring("metric:".length());
            if (q.metrics().size() == 1 && !q.metrics().get(0).equals(canonical) && flow.ctx.semantic().model().metric(canonical).isPresent()) return true;
            // "revenue and MRR in 2025" read as both: one metric is not the answer
            return q.metrics().size() > 1 || !q.groupBy().isEmpty() || q.grain() != null || !q.filters().isEmpty() || q.limit() != null || q.compareTo() != null;
        }
        if (!(reading instanceof QuestionParser.Cannot c)) return false;
        if (c.namesTwoMeasures()) return true; // "revenue and MRR in 2025": one metric is not the answer
        // a word the reader could not place that is a value in the data ("web shop revenue", "shop revenue from web"): the
        // question keeps some rows only, and the metric's one value over all of them is not its answer
        return c.unplaced().stream().anyMatch(this::isValue);
    }

    /** Whether a word (not a number) is one of the values of a dimension of the semantic model, or a synonym of one. */
    private boolean isValue(String word) {
        if (word.isBlank() || !Character.isLetter(word.charAt(0))) return false;
        return flow.ctx.semantic().values().all().values().stream().anyMatch(v -> v.match(word) != null);
    }
}
