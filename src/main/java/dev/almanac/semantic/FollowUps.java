package dev.almanac.semantic;

import dev.almanac.semantic.QuestionParser.Cannot;
import dev.almanac.semantic.QuestionParser.NoMetric;
import dev.almanac.semantic.QuestionParser.Parsed;
import dev.almanac.semantic.QuestionParser.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Follow-ups in a thread: another metric asked as the last question was ("and refunds?"), and what a follow-up says
 * merged into the last query ("by region instead", "only Germany", "and in 2024?").
 */
final class FollowUps {
    private FollowUps() {}

    /**
     * A follow-up read against the thread's last query: another metric named ("how about leads?") is the last question
     * asked of it; a question that reads whole on its own is a new question; else what it says changes the last query.
     */
    static Result read(QuestionParser reader, String question, SemanticQuery previous) {
        Matcher another = ANOTHER_METRIC.matcher(question.strip());
        if (previous != null && !previous.metrics().isEmpty() && another.matches()) {
            Result named = reader.translatedBack(reader.prepared(another.group(1)), reader.parse(another.group(1), null));
            if (named instanceof Parsed p && !p.query().listsRecords()) return sameQuestionOf(reader, p, previous);
        }
        Result fresh = reader.translatedBack(reader.prepared(question), reader.parse(question, null));
        if (!(fresh instanceof NoMetric) || previous == null || previous.metrics().isEmpty()) return fresh;
        return reader.parse(question, previous);
    }

    /** "How about leads?", "and refunds?", "same for churned MRR": another metric, asked as the thread's last question. */
    private static final Pattern ANOTHER_METRIC = Pattern.compile("(?i)^(?:(?:and\\s+)?(?:what|how)\\s+about|(?:and\\s+)?(?:the\\s+)?same\\s+(?:for|with)|and)\\s+(?:the\\s+|for\\s+)?(.+?)\\s*[?.!]*$");

    /**
     * The thread's last question asked of the metric a follow-up names: its period, breakdown and conditions kept where
     * the follow-up says none of its own; a breakdown or condition the new metric cannot be read by is refused, never
     * dropped ("only Germany", then "how about ad spend": spend has no customer country).
     */
    private static Result sameQuestionOf(QuestionParser reader, Parsed named, SemanticQuery previous) {
        SemanticModel model = reader.model;
        SemanticQuery now = named.query();
        SemanticMetric metric = model.metric(now.metrics().get(0)).orElse(null);
        if (metric == null) return named;
        Set<String> reachable = new java.util.HashSet<>();
        for (Dimension d : reader.layer.dimensionsOf(metric)) {
            reachable.add(d.name());
            reachable.add(d.qualifiedName());
            reachable.add(model.reference(d));
        }
        List<String> carried = new ArrayList<>();
        if (now.groupBy().isEmpty()) previous.groupBy().forEach(g -> carried.add(g.dimension()));
        if (now.filters().isEmpty()) previous.filters().forEach(f -> carried.add(f.field()));
        for (String field : carried) {
            String bare = field.contains(".") ? field.substring(field.indexOf('.') + 1) : field;
            if (!reachable.contains(field) && !reachable.contains(bare)) {
                return new Cannot(metric.displayName() + " cannot be read by '" + bare + "' as the last question was; ask it in full");
            }
        }
        if (!previous.exists().isEmpty() && now.exists().isEmpty()) {
            return new Cannot(metric.displayName() + " cannot be read with the related rows the last question had; ask it in full");
        }
        boolean ownPeriod = now.start() != null || now.grain() != null && previous.grain() == null;
        SemanticQuery q = new SemanticQuery(now.metrics(), now.groupBy().isEmpty() ? previous.groupBy() : now.groupBy(),
                ownPeriod ? now.grain() : previous.grain(), ownPeriod ? now.start() : previous.start(), ownPeriod ? now.end() : previous.end(),
                now.filters().isEmpty() ? previous.filters() : now.filters(), now.order(), now.limit() != null ? now.limit() : previous.limit(),
                ownPeriod ? now.compareTo() : previous.compareTo(), now.segments(), now.withoutSegments()).withExists(now.exists());
        if (q.order().isEmpty() && !q.groupBy().isEmpty() && !previous.order().isEmpty()) {
            q = q.withOrder(List.of(new SemanticQuery.Order(metric.name(), previous.order().get(0).descending())));
        }
        return new Parsed(q, ownPeriod ? named.period() : Optional.empty());
    }

    /** Words a follow-up says that change nothing of what is read ("instead", "only", "as a chart"). */
    static final Set<String> FOLLOW_UP = Set.of("instead", "only", "just", "also", "and", "about", "chart", "graph", "plot", "same", "then",
            "again", "but", "now", "rather", "visualize", "visualise", "draw");

    /** The previous query with what the follow-up says: a new period, breakdown, grain or ranking replaces the old; filters add up (per dimension, the new wins). */
    static SemanticQuery merge(SemanticQuery previous, SemanticQuery now, boolean newPeriod, List<SemanticQuery.Filter> newFilters) {
        List<SemanticQuery.Filter> filters = new ArrayList<>(previous.filters().stream()
                .filter(f -> newFilters.stream().noneMatch(n -> n.field().equals(f.field()))).toList());
        filters.addAll(newFilters);
        return new SemanticQuery(previous.metrics(), now.groupBy().isEmpty() ? previous.groupBy() : now.groupBy(),
                now.grain() != null ? now.grain() : previous.grain(),
                newPeriod ? now.start() : previous.start(), newPeriod ? now.end() : previous.end(), filters,
                now.order().isEmpty() ? previous.order() : now.order(), now.limit() != null ? now.limit() : previous.limit(),
                newPeriod ? null : previous.compareTo(), previous.segments(), previous.withoutSegments(), previous.gaps(), previous.share());
    }
}
