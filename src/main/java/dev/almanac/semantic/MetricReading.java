package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionWords.stem;
import static dev.almanac.semantic.QuestionWords.tokens;
import static dev.almanac.semantic.Spans.anyUsed;
import static dev.almanac.semantic.Spans.dimensionOf;
import static dev.almanac.semantic.Spans.inSpan;
import static dev.almanac.semantic.Spans.mark;
import static dev.almanac.semantic.Spans.metricsOf;
import static dev.almanac.semantic.Spans.outermost;
import static dev.almanac.semantic.Spans.overlaps;
import static dev.almanac.semantic.Spans.spans;

import dev.almanac.quality.Timeframe;
import dev.almanac.semantic.Conditions.Quoted;
import dev.almanac.semantic.QuestionParser.Cannot;
import dev.almanac.semantic.QuestionParser.Parsed;
import dev.almanac.semantic.QuestionParser.Result;
import dev.almanac.semantic.QuestionParser.Span;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The question read whole for one metric: a semantic query, a question back, or why not. The reader's engine for one
 * reading: it marks the words each rule set places, in this order, and stops at the first that ends the reading:
 * <ol>
 *   <li>the metric's own words, and conditions on a year of rows with no time of their own ({@link Conditions#years});</li>
 *   <li>whether the metric is the kind of figure asked for ({@link MeasureFit});</li>
 *   <li>the time grain ({@link GrainRule});</li>
 *   <li>values of the metric's attributes ({@link ValueRule}), number and text conditions ({@link Conditions}), values of
 *       related rows ({@link RelatedValues});</li>
 *   <li>breakdowns ({@link Breakdown}) and rankings ({@link Ranking});</li>
 *   <li>a second measure, a share of the whole, the rows themselves ({@link RowsOverPeriod});</li>
 *   <li>every word left, which must be placed ({@link WordPlacement}): else a refusal naming them;</li>
 * </ol>
 * and then assembles the query from what was placed. Each step is a rule set by concern with its named rules and their
 * examples; this class only runs them in order over one reading's marks.
 */
final class MetricReading {
    /** Words that ask for a part of a whole in percent ("what share of MRR came from ..."). */
    private static final Set<String> SHARE_CUES = Set.of("share", "percentage", "percent", "proportion", "fraction", "%");
    /** Words that tie a part to its whole ("accounted for", "made up", "represented"). */
    private static final Set<String> SHARE_FILLER = Set.of("accounted", "account", "represent", "represented", "contributed", "contribute", "went");
    /** Words right before a number attribute that ask for each of its values. */
    private static final Set<String> EACH = Set.of("each", "every", "per");
    /** A sentence after the question that asks to show some attributes and no number ("... ? List the owner id and name."). */
    private static final Pattern SHOWN_ONLY = Pattern.compile("(?i)[.?!;]\\s*(?:please\\s+)?(?:list|show|give|return|display|tell)\\b(?![^.?!]*\\b(?:number|count|how\\s+many|total|amount|sum|average|many)\\b)[^.?!]*[.?!]?\\s*$");
    /** Verbs that put rows in an order: "by" after them says by what, never a breakdown. */
    static final Set<String> SORTING_VERBS = Set.of("sorted", "sort", "ordered", "order", "ranked", "rank", "arranged", "arrange", "listed", "list");

    /** The aggregations whose values add up over parts (an amount or a count), as opposed to an average or a rate. */
    private static final Set<SemanticMetric.Agg> ADDITIVE = Set.of(SemanticMetric.Agg.SUM, SemanticMetric.Agg.COUNT, SemanticMetric.Agg.COUNT_DISTINCT);

    private final QuestionParser reader;
    private final SemanticModel model;
    private final Question question;
    private final String q;
    private final List<String> words, original;
    private final SemanticMetric metric;
    private final Span metricSpan;
    private final List<Span> metricSpans, anyDimSpans;
    private final SemanticQuery previous;
    /** The words placed so far. */
    private final boolean[] used;
    /** The words of the metric's phrases. */
    private boolean[] metricWords;
    /** The period the query keeps (none once it is read as a condition on rows' years). */
    private Optional<Timeframe> period;

    private List<SemanticQuery.Filter> yearConditions = List.of();
    private List<SemanticQuery.Exists> relatedYears = List.of();
    private List<Dimension> dims;
    private List<Span> dimSpans;
    private final List<SemanticQuery.Filter> contained = new ArrayList<>();
    private List<Span> valueSpans, grainSpans;

    private MetricReading(QuestionParser reader, Question question, SemanticMetric metric, Span metricSpan, List<Span> metricSpans,
                          List<Span> anyDimSpans, SemanticQuery previous) {
        this.reader = reader;
        this.model = reader.model;
        this.question = question;
        this.q = question.q();
        this.words = question.words();
        this.original = question.original();
        this.metric = metric;
        this.metricSpan = metricSpan;
        this.metricSpans = metricSpans;
        this.anyDimSpans = anyDimSpans;
        this.previous = previous;
        this.used = new boolean[words.size()];
        this.period = question.period();
    }

    /** The question read for one metric: a semantic query, a question back, or why not. */
    static Result of(QuestionParser reader, Question question, SemanticMetric metric, Span metricSpan, List<Span> metricSpans,
                     List<Span> anyDimSpans, SemanticQuery previous) {
        return new MetricReading(reader, question, metric, metricSpan, metricSpans, anyDimSpans, previous).read();
    }

    private Result read() {
        metricWords();
        yearsOfRows();
        shareInputs();
        attributesSaid();

        // the metric is the kind of figure asked for: what is counted, an amount or a count, the record or its extreme
        Optional<Cannot> unfit = MeasureFit.check(reader, new MeasureFit.Asked(question, metric, metricSpan, used, period));
        if (unfit.isPresent()) return unfit.get();

        // the time grain asked for ("each month", "quarterly"), read before the values (a grain word may be a value too)
        GrainRule.Said grains = new GrainRule.Said(question, period, used, metric, metricSpan, grainSpans, valueSpans, dimSpans);
        Optional<Result> grainEnds = GrainRule.read(reader, grains);
        if (grainEnds.isPresent()) return grainEnds.get();
        Grain grain = grains.grain;

        // values first: a value with its dimension's word next to it ("the type CV") is a condition
        ValueRule.Said placed = new ValueRule.Said(q, words, original, used, metric, metricSpan, metricWords, dimSpans, anyDimSpans, valueSpans,
                reader.metricNames.contentStems(metric), reader.datasetsOf(metric));
        Optional<Result> valuesEnd = ValueRule.place(reader, placed);
        if (valuesEnd.isPresent()) return valuesEnd.get();
        Step<List<SemanticQuery.Filter>> conditions = conditions();
        if (conditions.ended().isPresent()) return conditions.refusal();
        // "countries where English is spoken", "the region of the city Kabul": a value of rows that refer to the rows read
        Optional<Object> relatedRows = reader.relatedValues.place(words, original, used, placed.valueOf, metric);
        if (relatedRows.isPresent() && relatedRows.get() instanceof Cannot no) return no;
        RelatedValues.Placed related = relatedRows.map(x -> (RelatedValues.Placed) x).orElse(new RelatedValues.Placed(List.of(), Set.of())).with(relatedYears);
        // "how many subscriptions were upgraded in 2026": a value of related rows that have a time of their own, with a period,
        // may be dated by either (the upgrades in 2026, or the subscriptions started in 2026): which one is not read
        if (period.isPresent() && relatedRows.isPresent()) {
            for (SemanticQuery.Exists e : ((RelatedValues.Placed) relatedRows.get()).exists()) {
                Optional<Dataset> rowsOf = reader.model.dataset(e.dataset());
                if (rowsOf.isPresent() && rowsOf.get().defaultTimeDimension() != null && e.filters().stream().noneMatch(f -> reader.model.dimension(f.field()).map(Dimension::time).orElse(false))) {
                    return new Cannot("'" + period.get().text().strip() + "' may date the " + e.dataset().replace('_', ' ') + " or the " + metric.displayName().toLowerCase(java.util.Locale.ROOT)
                            + ": which one is not read yet");
                }
            }
        }

        // the breakdowns: a dimension named after a cue, in the metric's phrase, or by two values of it
        Breakdown.Said breakdowns = new Breakdown.Said(q, words, original, used, metric, metricSpan, metricWords, dims, dimSpans, placed.filterValues);
        Optional<Result> ends = Breakdown.read(reader, breakdowns);
        if (ends.isPresent()) return ends.get();
        List<String> groupBy = breakdowns.groupBy;
        Optional<Cannot> own = ownConditionAsked(placed, groupBy);
        if (own.isPresent()) return own.get();

        // rankings
        Ranking.Said ranked = Ranking.read(reader, new Ranking.Said(words, used, metric, groupBy, breakdowns.rankedAllDescending,
                reader.readingWords.groupsInPlural(breakdowns), breakdowns.limit, grain));
        grain = ranked.grain;
        if (ranked.limit != null && groupBy.isEmpty() && grain == null) {
            return new Cannot(QuestionParser.NOTHING_RANKED + " (\"top 5 products by ...\"): no dimension was named");
        }
        Optional<Cannot> second = conjoinedMeasure();
        if (second.isPresent()) return second.get();
        Step<Boolean> share = share(placed);
        if (share.ended().isPresent()) return share.refusal();
        Step<RowsOverPeriod> listed = rowsListed(groupBy, ranked.limit, grain);
        if (listed.ended().isPresent()) return listed.refusal();
        Breakdown.groupedAttributes(reader, words, used, groupBy);
        Optional<Cannot> alternatives = ValueRule.alternatives(words, original, used, placed.valueOf, question.compared().isPresent());
        if (alternatives.isPresent()) return alternatives.get();
        Optional<Cannot> left = wordsLeft(related, groupBy, grain, placed.valueOf);
        if (left.isPresent()) return left.get();

        List<SemanticQuery.Filter> filters = new ArrayList<>();
        placed.filterValues.forEach((dim, vs) -> filters.add(new SemanticQuery.Filter(dim, vs.size() == 1 ? "=" : "in", vs)));
        placed.negatedValues.forEach((dim, vs) -> filters.add(new SemanticQuery.Filter(dim, vs.size() == 1 ? "!=" : "not_in", vs)));
        filters.addAll(conditions.value());
        if (listed.value() != null) {
            Parsed rows = listed.value().query(filters, question.asked());
            return new Parsed(rows.query().withExists(related.exists()), rows.period());
        }
        return assembled(filters, related, groupBy, grain, ranked.order, ranked.limit, share.value());
    }

    /** The metric's phrase, and its other phrases the question has apart from it: its words. */
    private void metricWords() {
        mark(used, metricSpan);
        for (Span s : metricSpans) {
            List<SemanticMetric> ms = metricsOf(s);
            if (ms.contains(metric) && !overlaps(s, metricSpan)) mark(used, s);
        }
        metricWords = used.clone();
    }

    /**
     * "concerts in 2014", "museums opened after 2013": whole years of rows with no time of their own, a condition on their
     * year; "stadiums that had no concert in 2014": the years of rows that refer to those read. Either takes the period.
     */
    private void yearsOfRows() {
        Optional<Timeframe> compared = question.compared();
        yearConditions = compared.isPresent() ? List.of() : reader.conditionRules.years(q, metric, period, words, used).orElse(List.of());
        if (!yearConditions.isEmpty()) period = Optional.empty();
        relatedYears = yearConditions.isEmpty() && compared.isEmpty() && period.isPresent()
                ? reader.relatedValues.years(q, metric, period.get(), words, used).map(List::of).orElse(List.of()) : List.of();
        if (!relatedYears.isEmpty()) period = Optional.empty();
    }

    /** "what share of payment attempts failed": the words of the percentage's inputs define it; they are not filters. */
    private void shareInputs() {
        if (metricSpan.length() != 1 || !MetricNames.SHARE_WORDS.contains(words.get(metricSpan.from())) || metric instanceof SemanticMetric.Simple) return;
        Set<String> vocabulary = new HashSet<>(reader.metricNames.contentStems(metric));
        metric.inputNames().forEach(n -> model.metric(n).ifPresent(m -> vocabulary.addAll(reader.metricNames.contentStems(m))));
        for (int i = 0; i < words.size(); i++) if (!used[i] && vocabulary.contains(stem(words.get(i)))) used[i] = true;
    }

    /**
     * The phrases of the dimensions, values and grains the metric can be read by (dimensions read before the grain:
     * "monthly plans" is a billing period), and text the question says some attribute holds.
     */
    private void attributesSaid() {
        dims = reader.sliceable(metric);
        dimSpans = new ArrayList<>(spans(words, reader.phrases.dimensionsOf(metric.name(), () -> reader.lexicon.dimensionPhrases(dims))));
        dimSpans.addAll(reader.dimensions.headNounSpans(words, dims, dimSpans, metric));
        // "how many high schoolers are in each grade": a number the metric's rows reach, named right after "each", "every" or
        // "per", is grouped by, each of its values a group (never offered as a breakdown, and elsewhere a condition's)
        // "which grade has the most high schoolers": so is one named right after "which" or "what" in a ranking of the rows counted
        boolean rankedCount = metric.countsRows() && reader.orders.anySuperlative(words);
        if (words.stream().anyMatch(EACH::contains) || words.contains("by") || rankedCount) {
            for (Span sp : spans(words, reader.lexicon.numberPhrasesOf(metric))) {
                String before = sp.from() > 0 ? words.get(sp.from() - 1) : "";
                // "highschoolers by grade" too, a count by it; never "sorted by age", an order
                boolean byIt = before.equals("by") && metric.countsRows() && (sp.from() < 2 || !SORTING_VERBS.contains(words.get(sp.from() - 2)))
                        && (words.contains("number") || words.contains("count") || words.contains("many")); // a count said, not a list sorted
                if ((EACH.contains(before) || byIt || rankedCount && Set.of("which", "what").contains(before)) && dimensionOf(sp).size() == 1
                        && dimSpans.stream().noneMatch(d -> overlaps(d, sp))) dimSpans.add(sp);
            }
        }
        containedText();
        valueSpans = new ArrayList<>(spans(words, reader.phrases.valuesOf(metric.name(), () -> reader.lexicon.valuePhrases(dims))));
        valueSpans.removeIf(v -> v.length() == 1 && reader.lexicon.phrasalModelWord(words, v.from())); // "signed up": no value "signed"
        // "how many people": the persons counted, not a value called "People"
        valueSpans.removeIf(v -> v.length() == 1 && v.from() >= 2 && words.get(v.from() - 2).equals("how") && words.get(v.from() - 1).equals("many")
                && QuestionFrame.anyPerson(words.get(v.from())));
        grainSpans = spans(words, ReaderLexicon.grainPhrases());
    }

    /**
     * "names that contain the substring 'Al'", "a description with the letter 'w' in it": text holding a piece of text, read
     * before values so that the piece is never taken for one.
     */
    private void containedText() {
        List<Span> attributeSpans = new ArrayList<>(dimSpans); // the records' own attributes by their short names too ("names" of contestant_name)
        for (String ds : reader.datasetsOf(metric)) model.dataset(ds).ifPresent(d -> attributeSpans.addAll(spans(words, reader.lexicon.attributesOf(d))));
        for (Quoted literal : Conditions.quoted(q, original)) {
            reader.conditionRules.containedText(words, used, attributeSpans, literal.from(), literal.to(), literal.text()).ifPresent(contained::add);
        }
        for (int i = 0; i < words.size(); i++) {
            if (used[i] || !Conditions.PIECE_WORDS.contains(words.get(i))) continue;
            int v = i + 1 < words.size() && words.get(i + 1).equals("the") ? i + 2 : i + 1; // "the substring the computer"
            if (v < words.size() && !used[v] && (v + 1 == words.size() || words.get(v + 1).equals("in"))) {
                reader.conditionRules.containedText(words, used, attributeSpans, v, v + 1, original.get(v)).ifPresent(contained::add);
            }
        }
    }

    /**
     * "more than 4 cylinders", "horsepower greater than 150", "aged at least 30": a number compared with a number attribute;
     * the years and text read before; "with episode 'A Love of a Lifetime'": a quoted value of the attribute just before
     * it. The conditions, or why a quoted value is not read.
     */
    private Step<List<SemanticQuery.Filter>> conditions() {
        List<SemanticQuery.Filter> conditions = reader.conditionRules.conditions(words, used, metric, dims);
        conditions.addAll(yearConditions);
        conditions.addAll(contained);
        for (Quoted literal : Conditions.quoted(q, original)) {
            if (IntStream.range(literal.from(), literal.to()).anyMatch(i -> used[i])) continue;
            Optional<Object> f = reader.conditionRules.quotedValue(words, used, metric, dims, literal);
            if (f.isPresent() && f.get() instanceof Cannot no) return Step.refused(no);
            f.ifPresent(x -> conditions.add((SemanticQuery.Filter) x));
        }
        return Step.read(conditions);
    }

    /**
     * "how many orders were refunded" of completed orders: a value of what the metric's own definition keeps one value of;
     * "orders by status": a breakdown by it (one group, or a few the definition lets through, never the statuses asked).
     */
    private Optional<Cannot> ownConditionAsked(ValueRule.Said placed, List<String> groupBy) {
        // "the share of tickets resolved within SLA" of "Resolution SLA attainment": a value derived from a word of the measure's
        // own name ("resolved", resolution: another word of one family, not the word itself) may be that word or a condition;
        // which is not said
        List<String> named = QuestionWords.tokens(QuestionParser.withoutAside(metric.displayName()), true);
        for (Map.Entry<String, List<String>> f : placed.filterValues.entrySet()) {
            for (String value : f.getValue()) {
                for (String w : QuestionWords.tokens(value, true)) {
                    boolean ownWord = named.stream().anyMatch(n -> !n.equals(w) && dev.almanac.reading.Lexicon.english().relation(w, n)
                            .filter(r -> r.kind() == dev.almanac.reading.Relation.Kind.DERIVED).isPresent());
                    if (ownWord) {
                        return Optional.of(new Cannot("'" + value + "' may be the word of " + metric.displayName() + " or a condition on "
                                + model.dimension(f.getKey()).map(Dimension::displayName).orElse(f.getKey()) + "; which is not said"));
                    }
                }
            }
        }
        for (String field : Stream.of(placed.filterValues.keySet(), placed.negatedValues.keySet(), groupBy).flatMap(Collection::stream).toList()) {
            Optional<String> own = ownCondition(field);
            // "the average value of completed orders" of a metric of completed orders only: its own condition said again, nothing more
            if (own.isPresent() && !groupBy.contains(field) && !placed.negatedValues.containsKey(field)
                    && restated(own.get(), field, placed.filterValues.get(field))) {
                placed.filterValues.remove(field);
                continue;
            }
            if (own.isPresent()) {
                return Optional.of(new Cannot(metric.displayName() + " counts only the rows where " + own.get() + ": " + (groupBy.contains(field) ? "a breakdown by " : "a condition on ")
                        + model.dimension(field).map(Dimension::displayName).orElse(field) + " is not read with it"));
            }
        }
        return Optional.empty();
    }

    /** Whether the metric's own condition is the column equal to the one value the question asks of it ({@code status = 'completed'}). */
    private boolean restated(String own, String field, List<String> asked) {
        Dimension d = model.dimension(field).orElse(null);
        if (d == null || asked == null || asked.size() != 1) return false;
        Matcher m = Pattern.compile("(?i)^\\(?\\s*" + Pattern.quote(d.expr()) + "\\s*=\\s*'([^']*)'\\s*\\)?$").matcher(own);
        return m.matches() && m.group(1).equals(asked.get(0));
    }

    /**
     * The condition of the metric's own definition on a dimension's column (completed orders: {@code status = 'completed'}),
     * if it has one: a value of that dimension asked of it would contradict it or repeat it.
     */
    private Optional<String> ownCondition(String field) {
        Dimension d = model.dimension(field).orElse(null);
        if (d == null || d.expr() == null || !d.expr().matches("[A-Za-z_][A-Za-z0-9_]*")) return Optional.empty();
        Pattern column = Pattern.compile("(?i)(?<![\\w.])" + Pattern.quote(d.expr()) + "(?!\\w)");
        for (SemanticMetric.Simple s : model.simpleInputs(metric)) {
            if (s.dataset().equals(d.dataset()) && s.filter() != null && column.matcher(s.filter()).find()) return Optional.of(s.filter().strip());
        }
        return Optional.empty();
    }

    /**
     * Another metric's phrase joined to this one's by "and", "or" or "vs" ("revenue and MRR", "forecast vs revenue") is a
     * second measure, even when its words are also this metric's.
     */
    private Optional<Cannot> conjoinedMeasure() {
        for (Span s : metricSpans) {
            List<SemanticMetric> ms = metricsOf(s);
            if (ms.contains(metric) || overlaps(s, metricSpan) || s.scattered() || metricSpan.scattered()) continue;
            boolean conjoined = QuestionParser.conjoined(words, s, metricSpan);
            boolean free = true;
            for (int i = s.from(); i < s.to(); i++) if (used[i]) free = false;
            if (conjoined && free && !ms.stream().allMatch(m -> m.inputNames().contains(metric.name()) || metric.inputNames().contains(m.name()))) {
                return Optional.of(QuestionParser.twoMeasures(metric, ms.get(0)));
            }
        }
        return Optional.empty();
    }

    /**
     * "what share of MRR came from Enterprise customers": the part the filters keep of an amount or a count, in percent
     * (true), or not (false); "what fraction of leads converted" of a metric that is neither a share nor adds up: a part of
     * a whole is asked, which a count or an amount alone does not give (refused).
     */
    private Step<Boolean> share(ValueRule.Said placed) {
        boolean adds = metric instanceof SemanticMetric.Simple ms && ADDITIVE.contains(ms.agg());
        if (adds && !placed.filterValues.isEmpty() && question.compared().isEmpty() && !"percent".equals(metric.info().format())) {
            for (int i = 0; i < words.size() && i < metricSpan.from(); i++) {
                if (used[i] || !SHARE_CUES.contains(words.get(i))) continue;
                used[i] = true;
                for (int k = 0; k < words.size(); k++) if (!used[k] && SHARE_FILLER.contains(words.get(k))) used[k] = true;
                return Step.read(true);
            }
        }
        if (!"percent".equals(metric.info().format())) {
            for (int i = 0; i < metricSpan.from(); i++) {
                if (SHARE_CUES.contains(words.get(i)) && i + 1 < words.size() && words.get(i + 1).equals("of")) {
                    return Step.refused(new Cannot("the question asks for a share ('" + original.get(i) + " of'), and " + metric.displayName() + " is not one"));
                }
            }
        }
        return Step.read(false);
    }

    /**
     * "list the campaigns launched in 2026", "which customers signed up last month": the rows a plain count counts, over the
     * period on the time it counts them by, listed by the attribute that names them (a {@link RowsOverPeriod}); none (null)
     * when the question asks for a number; refused when it asks for rows that cannot be listed so. ("show all distinct codes", "list
     * the singers": the rows or values asked for, which a count of them does not show; a listing, read with no metric
     * phrase, is such a request answered.) A series over periods ("show the monthly trend of orders") asks for their number in
     * each, never the rows.
     */
    private Step<RowsOverPeriod> rowsListed(List<String> groupBy, Integer limit, Grain grain) {
        // "which employees were hired in 2026 and in what department": the rows counted asked for, never their count by a group
        if (!groupBy.isEmpty() && limit == null && metric instanceof SemanticMetric.Simple c && (c.agg() == SemanticMetric.Agg.COUNT || c.agg() == SemanticMetric.Agg.COUNT_DISTINCT)
                && IntStream.range(0, words.size()).noneMatch(this::asksHowMany) && RowsOverPeriod.whichOfTheCounted(reader, words, c)) {
            return Step.refused(new Cannot("the question asks for the " + String.join(" ", original.subList(1, 2)) + " themselves, not how many of them; lists of records by a group are not read yet"));
        }
        if (metricSpans.isEmpty() || !(metric instanceof SemanticMetric.Simple counted)
                || counted.agg() != SemanticMetric.Agg.COUNT && counted.agg() != SemanticMetric.Agg.COUNT_DISTINCT
                || counted.info().synonyms().equals(RecordShapes.LISTING_WORDS) // a list being read is such a request answered
                || !RowsOverPeriod.asked(reader, q, words, metricSpan) || !groupBy.isEmpty() || limit != null || grain != null
                || IntStream.range(0, words.size()).anyMatch(this::asksHowMany)) return Step.read(null);
        Optional<RowsOverPeriod> listed = RowsOverPeriod.of(reader, counted, period.orElse(null), grain, question.compared().isPresent());
        if (listed.isPresent()) return Step.read(listed.get());
        return Step.refused(new Cannot("the question asks for the " + metric.displayName().toLowerCase(Locale.ROOT).replaceFirst("^(number|count) of ", "")
                + " themselves, not how many; lists of records are not read yet"));
    }

    /** Whether a word asks how many or how much: a count cue, not one a possessive makes the records' own ("their amounts"). */
    private boolean asksHowMany(int i) {
        return MeasureFit.COUNT_CUES.contains(words.get(i))
                && !(i > 0 && dev.almanac.reading.FunctionWords.english().is(words.get(i - 1), dev.almanac.reading.FunctionClass.POSSESSIVE));
    }

    /**
     * Every other word must be a function word, a word of the metric's records, or a number placed ({@link WordPlacement}):
     * the words left are named in a refusal (or make a second measure, when another metric's phrase is among them).
     */
    private Optional<Cannot> wordsLeft(RelatedValues.Placed related, List<String> groupBy, Grain grain, String[] valueOf) {
        ReadingVocabulary readingWords = reader.readingWords;
        Set<String> entities = readingWords.entityNouns(readingWords.readingDatasets(metric, dims));
        entities.addAll(readingWords.entityNouns(related.datasets()));
        Set<String> allowed = readingWords.allowedWords(metric, dims, entities);
        List<String> unplaced = WordPlacement.unplaced(reader, new WordPlacement.Left(question, used, metric, metricSpan, metricWords, groupBy, grain, valueOf,
                entities, allowed, readingWords.describedPairs(readingWords.readingDatasets(metric, dims), metric), previous, unreadBreakdowns(groupBy)));
        if (unplaced.isEmpty()) return Optional.empty();
        for (Span s : metricSpans) {
            List<SemanticMetric> ms = metricsOf(s);
            if (ms.contains(metric) || overlaps(s, metricSpan) || !readingWords.unplacedIn(s, used, words, allowed)) continue;
            return Optional.of(QuestionParser.twoMeasures(metric, ms.get(0)));
        }
        return Optional.of(new Cannot("I could not place " + String.join(", ", unplaced.stream().map(u -> "'" + u + "'").toList()) + " in a question about "
                + metric.displayName(), unplaced));
    }

    /**
     * The words never let pass as words of the metric's records: a word that names a breakdown of the metric and was not read
     * as one ("MRR by customer region": "region" is a breakdown, not the customers' entity; MRR by customer alone dropped it);
     * and "dogs by breed size": the noun of other records right after a breakdown read, with no cue of its own, which asks
     * for a breakdown by them too (or by an attribute of the first), not read.
     */
    private boolean[] unreadBreakdowns(List<String> groupBy) {
        boolean[] unread = new boolean[words.size()];
        for (Span d : dimSpans) {
            if (anyUsed(used, d) || dimensionOf(d).stream().noneMatch(x -> x.breakdown() && !x.time())) continue;
            if (d.from() > 0 && (used[d.from() - 1] && Breakdown.cueBefore(words, d.from()) == null && !inSpan(metricSpan, d.from() - 1))) {
                for (int k = d.from(); k < d.to(); k++) unread[k] = true;
            }
        }
        Set<String> ownRows = reader.datasetsOf(metric);
        for (Span r : spans(words, reader.lexicon.rowWords())) {
            if (anyUsed(used, r) || Breakdown.cueBefore(words, r.from()) != null || !reader.dimensions.groupedJustBefore(r.from(), used, dimSpans, groupBy)) continue;
            @SuppressWarnings("unchecked") List<Dataset> named = (List<Dataset>) r.target();
            if (named.stream().allMatch(d -> ownRows.contains(d.name()))) continue;
            for (int k = r.from(); k < r.to(); k++) unread[k] = true;
        }
        return unread;
    }

    private static final Pattern MORE_THAN = Pattern.compile("(?i)\\b(?:more|fewer|less|higher|lower|bigger|smaller|greater|larger|better|worse)\\b.*\\bthan\\b");

    /** The semantic query of what was placed: the metric, its breakdowns, grain, period, filters, order, limit and comparison. */
    private Result assembled(List<SemanticQuery.Filter> filters, RelatedValues.Placed related, List<String> groupBy, Grain grain, List<String> order,
                             Integer limit, boolean share) {
        Optional<Timeframe> compared = question.compared();
        SemanticQuery query = SemanticQuery.of(metric.name()).withExists(related.exists());
        if (!groupBy.isEmpty()) query = query.by(groupBy.toArray(String[]::new));
        if (grain != null) query = query.grain(grain);
        if (period.isPresent()) query = query.between(period.get().start(), period.get().end());
        query = query.where(filters);
        // a breakdown of an amount or a count by categories reads largest first (its bars sorted); an average or a rate, and a
        // trend, keep the categories' or the periods' order
        boolean additive = metric instanceof SemanticMetric.Simple sm && ADDITIVE.contains(sm.agg());
        if (order.isEmpty() && !groupBy.isEmpty() && grain == null && additive) order.add("-" + metric.name());
        if (share) {
            query = query.asShare(); // ranked and ordered by the share, the one column of the metric it has
            order.replaceAll(o -> o.replace(metric.name(), metric.name() + "_share_pct"));
        }
        if (!order.isEmpty()) query = query.orderBy(order.toArray(String[]::new));
        if (limit != null) query = query.limit(limit);
        Matcher shownOnly = SHOWN_ONLY.matcher(q);
        if (limit != null && !groupBy.isEmpty() && grain == null && !share && compared.isEmpty() && shownOnly.find()) query = shownOnly(query, shownOnly.group());
        // "which plan has the most": every one tied for the most, never one of them picked by its name's order
        if (limit != null && limit == 1 && (!groupBy.isEmpty() || grain != null)) query = query.withTies();
        // "which contestant received the fewest votes": the fewest of every contestant, those with none too, so the records
        // ranked with their count (none counted 0), never only the groups the counted rows fall in
        if (limit != null && !order.isEmpty() && !order.get(0).startsWith("-") && groupBy.size() == 1 && grain == null && !share && period.isEmpty()
                && metric instanceof SemanticMetric.Simple counted && counted.countsRows()) {
            Dimension by = reader.model.dimension(groupBy.get(0)).orElse(null);
            if (by != null && by.labelsEntity() && !by.dataset().equals(counted.dataset())) query = query.records(by.dataset());
        }
        if (compared.isPresent()) {
            if (grain != null || !groupBy.isEmpty() && limit != null) return new Cannot("a comparison of two periods is answered for the periods as a whole, not by "
                    + (grain != null ? grain.label() : "a ranking"));
            // "which reps closed more deals than last year": the groups whose change is above nothing, a condition on the change
            if (!groupBy.isEmpty() && MORE_THAN.matcher(q).find()) {
                return new Cannot("the groups that did better or worse than in another period are a condition on the change, which is not read yet");
            }
            query = query.comparedTo(compared.get().start(), compared.get().end());
        }
        Optional<Timeframe> asked = question.asked();
        if (previous != null) query = FollowUps.merge(previous, query, asked.isPresent(), filters).withExists(previous.exists()).withExists(related.exists());
        return new Parsed(query, yearConditions.isEmpty() && relatedYears.isEmpty() ? asked : Optional.empty());
    }

    /**
     * "Which breed do the most dogs have? Give me the breed name.": a sentence of its own says what to show, the groups
     * ranked; the measure ranks them and is not shown. "Which owner has the most dogs? Give me the last name.": the records
     * ranked (by the attribute naming each) with what the sentence shows of them, the naming attribute only when it says it.
     */
    private SemanticQuery shownOnly(SemanticQuery query, String sentenceText) {
        query = new SemanticQuery(List.of(), query.groupBy(), null, query.start(), query.end(), query.filters(), query.order(), query.limit(), null, null, null)
                .withExists(query.exists());
        Dimension rankedBy = model.dimension(query.groupBy().get(0).dimension()).orElse(null);
        List<String> sentence = tokens(sentenceText, true);
        if (rankedBy != null && rankedBy.labelsEntity() && query.groupBy().size() > 1
                && query.groupBy().stream().skip(1).allMatch(g -> model.dimension(g.dimension()).map(d -> d.dataset().equals(rankedBy.dataset())).orElse(false))
                && !names(sentence, rankedBy)) {
            query = query.withConditionsOf(List.of(), query.groupBy().subList(1, query.groupBy().size())).records(rankedBy.dataset())
                    .withOrder(query.order()).limit(query.limit());
        }
        return query;
    }

    /** Whether the words name the attribute, by a phrase of its dataset's attributes no longer phrase holds ("owner", not "owner id"). */
    private boolean names(List<String> sentence, Dimension d) {
        Map<List<String>, Object> phrases = model.dataset(d.dataset()).map(reader.lexicon::attributesOf).orElse(Map.of());
        return outermost(spans(sentence, phrases)).stream().anyMatch(sp -> dimensionOf(sp).contains(d));
    }
}
