package dev.almanac.agent;

import dev.almanac.knowledge.KnowledgeBlock;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.VerifiedQuery;
import dev.almanac.quality.Timeframe;
import dev.almanac.semantic.Dimension;
import dev.almanac.semantic.InWords;
import dev.almanac.semantic.QueryExplainer;
import dev.almanac.semantic.QuestionParser;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticMetric;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueIndex;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Suggestions: two or three follow-up questions of an answer, each one the product answers: its metric by a breakdown,
 * over time, for the period before; then related metrics of the same data; then the closest verified questions about the
 * tables it read (else the closest verified questions).
 */
final class FollowUps {
    private final Flow flow;

    FollowUps(Flow flow) {
        this.flow = flow;
    }

    /** The answer with its suggestions (a question back keeps its options; a turn without retrieved knowledge gets none). */
    Answer added(Turn t, Answer a) {
        KnowledgeBlock block = t.block();
        if (a.kind() == Answer.Kind.clarification || block == null) return a;
        List<String> follow = new ArrayList<>();
        if (a.kind() != Answer.Kind.error) of(t, a).stream().filter(q -> !q.equalsIgnoreCase(t.question())).limit(3).forEach(follow::add);
        Set<String> read = new LinkedHashSet<>(a.provenance() == null ? List.of() : a.provenance().tables());
        List<VerifiedQuery> closest = block.verified();
        List<VerifiedQuery> sameTables = closest.stream().filter(q -> flow.verified().tablesOf(q.sql()).stream().anyMatch(read::contains)).toList();
        // nothing on topic (no metric, no verified question about these tables): the closest verified questions, to show what can be asked
        for (VerifiedQuery q : follow.isEmpty() && sameTables.isEmpty() ? closest : sameTables) {
            if (follow.size() >= 3) break;
            if (!q.question().equalsIgnoreCase(t.question()) && !follow.contains(q.question())) follow.add(q.question());
        }
        return new Answer(a.answer(), a.kind(), a.confidence(), a.iterations(), a.verified(), a.data(), a.chart(), a.provenance(), a.dq(),
                List.copyOf(follow), a.threadId(), a.turnId(), a.usage(), a.latencyMs(), a.change());
    }

    /** Questions that follow from an answer's metric, in the order people ask them, each checked to be read whole. */
    private List<String> of(Turn t, Answer a) {
        if (flow.semantic == null || a.provenance() == null) return List.of();
        SemanticLayer layer = flow.ctx.semantic();
        SemanticQuery q = a.provenance().semanticQuery();
        String name = q != null ? (q.metrics().isEmpty() ? null : q.metrics().get(0)) : a.provenance().metric(); // a list of values has none
        LocalDate start = q != null && q.start() != null ? q.start() : t.timeframe().map(Timeframe::start).orElse(null);
        LocalDate end = q != null && q.end() != null ? q.end() : t.timeframe().map(Timeframe::end).orElse(null);
        String period = start == null ? "" : " " + QueryExplainer.period(start, end);
        String before = null;
        if (start != null) {
            long months = ChronoUnit.MONTHS.between(start, end);
            boolean whole = start.getDayOfMonth() == 1 && end.getDayOfMonth() == 1 && (months == 1 || months == 3 || months == 12);
            if (whole) before = " " + QueryExplainer.period(start.minusMonths(months), start);
        }
        Optional<SemanticMetric> metric = name == null ? Optional.empty() : layer.model().metric(name.split(",")[0].strip());
        if (metric.isEmpty()) { // a canonical metric the semantic model does not have: the period before, when it answers that
            Optional<Metric> canonical = name == null ? Optional.empty() : flow.ctx.knowledge().metrics().stream().filter(m -> m.name().equals(name)).findFirst();
            if (canonical.isEmpty() || before == null) return List.of();
            long months = ChronoUnit.MONTHS.between(start, end);
            Timeframe earlier = new Timeframe(start.minusMonths(months), start, months == 12 ? Timeframe.Grain.YEAR : months == 3 ? Timeframe.Grain.QUARTER
                    : Timeframe.Grain.MONTH, "");
            if (!flow.holdsData(canonical.get(), earlier)) return List.of();
            String asked = (canonical.get().label() == null ? InWords.label(name) : canonical.get().label()) + before;
            return flow.verified().match(asked).filter(m -> !m.isQuery() && m.name().equals(name)).map(m -> List.of(asked)).orElse(List.of());
        }
        String label = metric.get().displayName();
        // written without a verb ("Shop revenue by region in 2025"): it reads right for any metric's name
        List<String> candidates = new ArrayList<>();
        if (q == null || q.groupBy().isEmpty()) {
            String filter = layer.model().simpleInputs(metric.get()).stream().map(x -> x.filter() == null ? "" : x.filter())
                    .reduce("", (x, y) -> x + " " + y).toLowerCase(Locale.ROOT);
            for (Dimension d : layer.dimensionsOf(metric.get())) {
                String column = (d.expr() == null ? d.name() : d.expr()).toLowerCase(Locale.ROOT);
                if (filter.contains(column)) continue; // the metric keeps one value of it ("completed orders" by status)
                ValueIndex.Values values = layer.values().of(d);
                if (values == null || !values.complete() || values.values().size() > 12) continue; // a breakdown that reads at a glance
                candidates.add(label + " by " + d.displayName().toLowerCase(Locale.ROOT) + period);
                if (candidates.size() >= 4) break;
            }
        }
        if ((q == null || q.grain() == null) && (start == null || !end.equals(start.plusMonths(1)))) candidates.add(label + " per month" + period);
        if (before != null && layer.outsideData(SemanticQuery.of(metric.get().name())
                .between(start.minusMonths(ChronoUnit.MONTHS.between(start, end)), start), flow.ctx.catalog()).isEmpty()) {
            candidates.add(label + before); // only a period that holds data
        }
        for (SemanticMetric other : layer.model().metrics()) { // then metrics of the same data
            if (other.name().equals(metric.get().name()) || !sameData(metric.get(), other)) continue;
            candidates.add(other.displayName() + period);
        }
        List<String> out = new ArrayList<>();
        boolean byDimension = false;
        for (String c : candidates) {
            if (out.size() >= 3) break;
            boolean dimensionQuestion = c.contains(" by ");
            if (dimensionQuestion && byDimension) continue; // one breakdown is enough
            if (answers(c)) {
                out.add(c);
                byDimension |= dimensionQuestion;
            }
        }
        return out;
    }

    /** Whether a follow-up gets a number without a model: read whole, compiled, and over data (not after it ends, not a grain the metric refuses). */
    private boolean answers(String question) {
        if (!flow.ctx.settings().parseQuestions()) return false;
        if (!(flow.parse(question) instanceof QuestionParser.Parsed p)) return false;
        try {
            flow.ctx.semantic().compile(p.query());
        } catch (RuntimeException e) {
            return false; // refused as asked (a month-only metric over a quarter): not a follow-up to offer
        }
        return flow.ctx.semantic().outsideData(p.query(), flow.ctx.catalog()).isEmpty();
    }

    private boolean sameData(SemanticMetric a, SemanticMetric b) {
        Set<String> mine = new LinkedHashSet<>();
        flow.ctx.semantic().model().simpleInputs(a).forEach(s -> mine.add(s.dataset()));
        return flow.ctx.semantic().model().simpleInputs(b).stream().anyMatch(s -> mine.contains(s.dataset()));
    }
}
