package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules that read the time grain a question about one metric asks for ("each month", "quarterly", "over time"), tried
 * in this order once the metric's own words are placed and before its values: each reads the grain or marks its words
 * placed, or ends the reading (asked back or refused). Each is a named rule with the examples it must read beside it,
 * {@code "database: question => query"} (a corpus model of the tests' own; {@code => refused} for a question that must not
 * be answered); the test {@code RuleCorporaTest} reads them all. No rule names a model's word.
 */
enum GrainRule implements CorpusRule {
    /**
     * "weekly claimants" for a distinct count over any period: the metric's own words give the grain (a count of distinct
     * policies over a month is not weekly); a general "trend" takes it.
     */
    NAMED_BY_THE_METRIC(GrainRule::namedByTheMetric,
            "insurer: weekly claimants over time in 2025 => {'metrics':['weekly_claimants'],'grain':'week','start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many weekly claimants were there in 2025? => {'metrics':['weekly_claimants'],'grain':'week','start':'2025-01-01','end':'2026-01-01'}"),
    /**
     * "claims each month", "quarterly premiums": a grain said; two grains are refused, and a grain word that is also a
     * value of a dimension is a value only with its dimension's word or another of its values next to it (else asked back).
     */
    SAID(GrainRule::said,
            "insurer: How many claims were there each month in 2025? => {'metrics':['claims'],'grain':'month','start':'2025-01-01','end':'2026-01-01'}",
            "insurer: How many claims were there each month and each quarter in 2025? => refused",
            // rows with no time of their own: their attribute of years
            "car_1: What is the average weight of cars each year? => {'metrics':['cars_data_average_weight'],'group_by':[{'dimension':'year'}]}"),
    /**
     * "the reserves at the start of each month", of snapshots taken once a month: at the grain of the snapshots each period
     * holds one, its first and its last alike.
     */
    EDGE_OF_A_SNAPSHOT(GrainRule::edgeOfASnapshot,
            "insurer: What were the reserves at the start of each month in 2025? => {'metrics':['reserves'],'grain':'month','start':'2025-01-01','end':'2026-01-01'}",
            "insurer: What were the reserves at the end of each month in 2025? => {'metrics':['reserves'],'grain':'month','start':'2025-01-01','end':'2026-01-01'}");

    /** A grain's words and what is read of it: the question, its words placed, the metric, the phrases named, and the grain read. */
    static final class Said {
        final Question question;
        final Optional<dev.almanac.quality.Timeframe> period;
        final boolean[] used;
        final SemanticMetric metric;
        final QuestionParser.Span metricSpan;
        final List<QuestionParser.Span> grainSpans;
        final List<QuestionParser.Span> valueSpans;
        final List<QuestionParser.Span> dimSpans;
        /** The grain the metric's own words name, and the grain read. */
        Grain named;
        Grain grain;

        Said(Question question, Optional<dev.almanac.quality.Timeframe> period, boolean[] used, SemanticMetric metric, QuestionParser.Span metricSpan,
             List<QuestionParser.Span> grainSpans, List<QuestionParser.Span> valueSpans, List<QuestionParser.Span> dimSpans) {
            this.question = question;
            this.period = period;
            this.used = used;
            this.metric = metric;
            this.metricSpan = metricSpan;
            this.grainSpans = grainSpans;
            this.valueSpans = valueSpans;
            this.dimSpans = dimSpans;
        }
    }

    private interface Rule {
        Optional<QuestionParser.Result> read(QuestionParser reader, Said at);
    }

    private final Rule rule;
    private final List<String> examples;

    GrainRule(Rule rule, String... examples) {
        this.rule = rule;
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "database: question => query"} or {@code "... => refused"}. */
    @Override
    public List<String> examples() {
        return examples;
    }

    /**
     * Every rule in order: the grain read is in {@code at}, or the result that ends the reading. A period asked "in each
     * month" that no rule read a grain of is refused, said so, never answered as one figure.
     */
    static Optional<QuestionParser.Result> read(QuestionParser reader, Said at) {
        for (GrainRule r : values()) {
            Optional<QuestionParser.Result> ends = r.rule.read(reader, at);
            if (ends.isPresent()) return ends;
        }
        if (at.grain == null && at.period.isPresent() && EACH_PERIOD.matcher(at.question.q()).find()) {
            return Optional.of(new QuestionParser.Cannot("the grain of the question could not be read"));
        }
        return Optional.empty();
    }

    private static Optional<QuestionParser.Result> namedByTheMetric(QuestionParser reader, Said at) {
        if (at.metric instanceof SemanticMetric.Simple sm && sm.agg() == SemanticMetric.Agg.COUNT_DISTINCT && sm.timeGrain() == null && !sm.isSnapshot()) {
            for (QuestionParser.Span s : at.grainSpans) if (s.length() == 1 && Spans.inSpan(at.metricSpan, s.from())) at.named = (Grain) s.target();
        }
        at.grain = at.named;
        return Optional.empty();
    }

    private static Optional<QuestionParser.Result> said(QuestionParser reader, Said at) {
        List<String> words = at.question.words();
        List<String> original = at.question.original();
        String q = at.question.q();
        for (QuestionParser.Span s : at.grainSpans) {
            if (Spans.anyUsed(at.used, s)) continue;
            boolean general = GENERAL.contains(String.join(" ", words.subList(s.from(), s.to())));
            if (at.named != null && general) {
                Spans.mark(at.used, s);
                continue;
            }
            List<QuestionParser.ValueHit> alsoValue = new ArrayList<>();
            for (QuestionParser.Span v : at.valueSpans) {
                if (!Spans.overlaps(v, s)) continue;
                @SuppressWarnings("unchecked") List<QuestionParser.ValueHit> hits = (List<QuestionParser.ValueHit>) v.target();
                alsoValue.addAll(hits);
            }
            Grain g = (Grain) s.target();
            // "the average weight of cars each year" of rows with no time: "year" is their attribute of years, grouped by
            if (at.metric instanceof SemanticMetric.Simple sm && sm.timeDimension() == null && at.dimSpans.stream().anyMatch(d -> Spans.overlaps(d, s))) continue;
            if (!alsoValue.isEmpty()) {
                // a grain word inside a longer value phrase is that value ("billed annually", "yearly plan")
                boolean inLongerValue = at.valueSpans.stream().anyMatch(v -> v.length() > s.length() && v.from() <= s.from() && s.to() <= v.to());
                boolean asValue = inLongerValue || alsoValue.stream().anyMatch(h -> reader.dimensions.valueInContext(words, s, h.dimension(), at.dimSpans, at.valueSpans));
                if (asValue) continue;
                QuestionParser.ValueHit h = alsoValue.get(0);
                String word = String.join(" ", original.subList(s.from(), s.to()));
                String attribute = h.dimension().displayName().toLowerCase(Locale.ROOT);
                return Optional.of(reader.checked(new QuestionParser.Clarify("Does '" + word + "' mean per " + g.label() + ", or " + attribute + " " + h.value() + "?",
                        List.of(q.replace(word, "per " + g.label()), q.replace(word, attribute + " " + h.value())))));
            }
            if (at.grain != null && at.grain != g) {
                return Optional.of(new QuestionParser.Cannot("the question asks for two time grains (" + at.grain.label() + " and " + g.label() + ")"));
            }
            at.grain = g;
            Spans.mark(at.used, s);
        }
        return Optional.empty();
    }

    private static Optional<QuestionParser.Result> edgeOfASnapshot(QuestionParser reader, Said at) {
        if (at.grain == null || !(at.metric instanceof SemanticMetric.Simple s) || !s.isSnapshot() || s.timeDimension() == null
                || reader.model.dimension(s.dataset() + "." + s.timeDimension()).map(Dimension::grain).orElse(null) != at.grain) return Optional.empty();
        List<String> words = at.question.words();
        for (int i = 0; i < words.size(); i++) if (!at.used[i] && (PERIOD_START_WORDS.contains(words.get(i)) || PERIOD_END_WORDS.contains(words.get(i)))) at.used[i] = true;
        return Optional.empty();
    }

    /** Words that ask for the course over time, at whatever grain the metric has. */
    private static final Set<String> GENERAL = Set.of("trend", "over time");
    private static final Pattern EACH_PERIOD = Pattern.compile("(?i)\\b(in )?(each|every) (month|quarter|week|year|day)\\b");

    /** A period's name, as in "which month", "the best days". */
    static final Map<String, Grain> UNITS = Map.of("day", Grain.DAY, "week", Grain.WEEK, "month", Grain.MONTH, "quarter", Grain.QUARTER, "year", Grain.YEAR);

    /** Words of a moment of a period: its start ("at the start of each month"), its end. */
    static final List<String> PERIOD_START_WORDS = List.of("start", "beginning"), PERIOD_END_WORDS = List.of("end", "close");
}
