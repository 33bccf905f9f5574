package dev.almanac.agent;

import dev.almanac.knowledge.Metric;
import dev.almanac.quality.Timeframe;
import dev.almanac.semantic.Dimension;
import dev.almanac.semantic.Grain;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticMetric;
import dev.almanac.semantic.SemanticQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The deterministic checks of a semantic answer against its question: the time grain asked for
 * ("monthly", "per quarter") is the query's grain; a breakdown asked for ("by region", "for each
 * plan", "broken down by tier", by a dimension's name, label or synonym) is grouped by; a period
 * named in the question is the query's period. Metric names that contain a grain or breakdown word
 * ("monthly recurring revenue", "cost per click") are read as names, and "average ... per X" as a
 * ratio, not a breakdown.
 */
final class SemanticCritic {
    private static final Map<Grain, String> ADVERB = Map.of(Grain.DAY, "daily", Grain.WEEK, "weekly", Grain.MONTH, "monthly",
            Grain.QUARTER, "quarterly", Grain.YEAR, "yearly");
    private static final String BREAKDOWN = "(?<prefix>\\bbroken\\s+down\\s+by|\\bsplit\\s+by|\\bgrouped\\s+by|\\bby|\\bper|\\bfor\\s+(?:each|every)|\\beach|\\bevery|\\bacross)"
            + "\\s+(?:the\\s+|their\\s+|its\\s+|our\\s+|all\\s+)?";
    private static final Pattern BREAKDOWN_WORD = Pattern.compile("\\b(by|per|each|every|across)\\b");
    /** "average revenue per customer" is a ratio, not a breakdown. */
    private static final Pattern AVERAGE = Pattern.compile("\\b(average|avg|mean)\\b");
    private static final List<String> METRIC_PHRASES = List.of("monthly recurring revenue", "monthly active users", "daily active users",
            "weekly active users", "annual recurring revenue");

    private final SemanticLayer layer;
    private final List<String> metricPhrases;

    SemanticCritic(SemanticLayer layer, List<Metric> canonical) {
        this.layer = layer;
        Set<String> phrases = new LinkedHashSet<>(METRIC_PHRASES);
        for (SemanticMetric m : layer.model().metrics()) {
            if (m.info().label() != null) phrases.add(m.info().label().toLowerCase(Locale.ROOT));
            m.info().synonyms().forEach(x -> phrases.add(x.toLowerCase(Locale.ROOT)));
        }
        for (Metric m : canonical) {
            if (m.label() != null) phrases.add(m.label().toLowerCase(Locale.ROOT));
            m.synonyms().forEach(x -> phrases.add(x.toLowerCase(Locale.ROOT)));
        }
        // only the names that would read as a grain or a breakdown ("monthly recurring revenue", "cost per click") are set aside
        phrases.removeIf(p -> p.isBlank() || (Critic.GRAINS.values().stream().noneMatch(g -> g.matcher(p).find()) && !BREAKDOWN_WORD.matcher(p).find()));
        this.metricPhrases = phrases.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
    }

    List<String> check(String question, SemanticQuery q, Optional<Timeframe> timeframe) {
        List<String> issues = new ArrayList<>();
        String text = withoutMetricNames(question);
        grain(text, q).ifPresent(issues::add);
        issues.addAll(breakdown(text, q));
        period(q, timeframe).ifPresent(issues::add);
        return issues;
    }

    /**
     * Why the checks leave no doubt about a semantic query that passed them, when they do: the question names each of its
     * metrics and each dimension it groups by, each value it filters on, the grain it has (if any) and exactly its period
     * (or none, for a query over all the data), and the query asks nothing else (no ranking, comparison or segment). Then
     * the query is the question's, and the system compiled it from the model: no model review is needed.
     */
    Optional<String> confirms(String question, SemanticQuery q, Optional<Timeframe> timeframe) {
        String text = " " + words(question) + " ";
        if (q.limit() != null || !q.order().isEmpty() || q.compareTo() != null || !q.segments().isEmpty() || !q.withoutSegments().isEmpty()
                || q.asksGaps() || q.asksShare() || q.metrics().isEmpty()) {
            return Optional.empty();
        }
        for (String name : q.metrics()) {
            Optional<SemanticMetric> m = layer.model().metric(name);
            if (m.isEmpty()) return Optional.empty();
            List<String> names = new ArrayList<>(m.get().info().synonyms());
            names.add(m.get().name().replace('_', ' '));
            if (m.get().info().label() != null) names.add(m.get().info().label());
            if (names.stream().noneMatch(n -> named(text, n))) return Optional.empty();
        }
        for (SemanticQuery.GroupBy g : q.groupBy()) {
            Optional<Dimension> d = layer.model().dimension(g.dimension());
            if (d.isEmpty() || d.get().time() || terms(d.get()).stream().noneMatch(n -> named(text, n))) return Optional.empty();
        }
        for (SemanticQuery.Filter f : q.filters()) {
            if (f.values().isEmpty() || f.values().stream().anyMatch(v -> !named(text, v))) return Optional.empty();
        }
        if (q.grain() != null) {
            Pattern asked = Critic.GRAINS.get(q.grain().label().toLowerCase(Locale.ROOT));
            if (asked == null || !asked.matcher(withoutMetricNames(question)).find()) return Optional.empty();
        }
        boolean samePeriod = timeframe.isPresent() ? timeframe.get().start().equals(q.start()) && timeframe.get().end().equals(q.end())
                : q.start() == null && q.end() == null;
        if (!samePeriod) return Optional.empty();
        return Optional.of("the question names the query's metrics, breakdowns, filters, grain and period");
    }

    /** Whether the words of a name occur, as words, in the question's words (padded with spaces). */
    private static boolean named(String paddedQuestion, String name) {
        String n = words(name);
        return !n.isBlank() && paddedQuestion.contains(" " + n + " ");
    }

    private static String words(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }

    /** The question in lower case, with the metric names that contain a grain or breakdown word blanked out. */
    private String withoutMetricNames(String question) {
        String text = question.toLowerCase(Locale.ROOT);
        for (String phrase : metricPhrases) text = text.replace(phrase, " ".repeat(phrase.length()));
        return text;
    }

    private Optional<String> grain(String text, SemanticQuery q) {
        for (Map.Entry<String, Pattern> e : Critic.GRAINS.entrySet()) {
            Matcher m = e.getValue().matcher(text);
            if (!m.find()) continue;
            Grain asked = Grain.parse(e.getKey());
            if (q.grain() == null) {
                return Optional.of("the question asks for a " + ADVERB.get(asked) + " breakdown (\"" + m.group() + "\") but the query has no grain: "
                        + "set grain to " + asked.label());
            }
            if (q.grain() != asked) {
                return Optional.of("the question asks per " + asked.label() + " (\"" + m.group() + "\") but the query's grain is " + q.grain().label()
                        + ": set grain to " + asked.label());
            }
        }
        return Optional.empty();
    }

    /** Each breakdown the question names by a dimension's words must be grouped by; the longest words win ("plan tier" over "plan"). */
    private List<String> breakdown(String text, SemanticQuery q) {
        record Hit(int start, int end, String words, Set<String> dimensions) {}
        Map<String, Hit> hits = new LinkedHashMap<>();
        for (Dimension d : layer.model().dimensions()) {
            if (!d.breakdown() || d.time()) continue;
            for (String term : terms(d)) {
                Matcher m = Pattern.compile(BREAKDOWN + "(" + Pattern.quote(term) + ")(?:s|es)?\\b").matcher(text);
                while (m.find()) {
                    if (m.group("prefix").equals("per") && AVERAGE.matcher(text.substring(0, m.start())).find()) continue;
                    String key = m.start(1) + ":" + m.end(1);
                    hits.computeIfAbsent(key, k -> new Hit(m.start(1), m.end(1), m.group(), new LinkedHashSet<>())).dimensions().add(d.name());
                }
            }
        }
        List<Hit> kept = new ArrayList<>();
        hits.values().stream().sorted(Comparator.comparingInt((Hit h) -> h.end() - h.start()).reversed()).forEach(h -> {
            if (kept.stream().noneMatch(k -> h.start() < k.end() && k.start() < h.end())) kept.add(h);
        });
        kept.sort(Comparator.comparingInt(Hit::start));
        Set<String> grouped = new LinkedHashSet<>();
        q.groupBy().forEach(g -> grouped.add(g.dimension().toLowerCase(Locale.ROOT)));
        List<String> issues = new ArrayList<>();
        for (Hit h : kept) {
            if (h.dimensions().stream().anyMatch(grouped::contains)) continue;
            issues.add("the question asks for a breakdown (\"" + h.words().strip() + "\") but the query does not group by "
                    + String.join(" or ", h.dimensions()) + ": add it to group_by");
        }
        return issues;
    }

    private static List<String> terms(Dimension d) {
        Set<String> out = new LinkedHashSet<>();
        out.add(d.name().toLowerCase(Locale.ROOT));
        out.add(d.name().replace('_', ' ').toLowerCase(Locale.ROOT));
        if (d.label() != null) out.add(d.label().toLowerCase(Locale.ROOT));
        d.synonyms().forEach(s -> out.add(s.toLowerCase(Locale.ROOT)));
        out.removeIf(s -> s.isBlank() || s.length() < 2);
        return List.copyOf(out);
    }

    /** A period named in the question must be the query's (or overlap it) when every metric of the query can take one. */
    private Optional<String> period(SemanticQuery q, Optional<Timeframe> timeframe) {
        if (timeframe.isEmpty()) return Optional.empty();
        for (String name : q.metrics()) {
            Optional<SemanticMetric> m = layer.model().metric(name);
            if (m.isEmpty() || layer.timeDimensionOf(m.get()).isEmpty()) return Optional.empty();
        }
        Timeframe tf = timeframe.get();
        if (q.start() == null || q.end() == null) {
            return Optional.of("the question names a period (" + tf.label() + ") but the query has no start and end: set start " + tf.start()
                    + " and end " + tf.end() + " (end excluded)");
        }
        if (!q.start().isBefore(tf.end()) || !tf.start().isBefore(q.end())) {
            return Optional.of("the query's period " + q.start() + " to " + q.end() + " is not the period the question names (" + tf.label() + ", "
                    + tf.start() + " to " + tf.end() + ", end excluded)");
        }
        return Optional.empty();
    }
}
