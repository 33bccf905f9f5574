package dev.almanac.semantic;

import dev.almanac.quality.Timeframe;
import dev.almanac.semantic.QuestionParser.Parsed;
import dev.almanac.semantic.QuestionParser.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Records listed by their naming attribute, over a period on their own time (shown next to them): what "list the
 * campaigns launched in 2026" and "which customers signed up last month" ask of a plain count of those records.
 */
record RowsOverPeriod(String rows, String label, String time, Timeframe period) {
    /** Whether the question asks for the rows a count counts: a request to list or show, or "which" right before their words. */
    static boolean asked(QuestionParser reader, String q, List<String> words, Span metricSpan) {
        return REQUEST_FOR_ROWS.matcher(q).find() || whichRows(reader, words, metricSpan);
    }

    /** A request for rows or values, not for a figure. */
    private static final Pattern REQUEST_FOR_ROWS = Pattern.compile("(?i)^\\s*(please\\s+)?(list|show|name|give|display|find|return)\\b");

    /**
     * The rows a plain count counts (no filter or segment of its own beyond its dataset's), named by their one naming
     * attribute, over a period on the count's time: what "list the campaigns launched in 2026" asks. Empty for a count
     * that keeps only some rows (its list would need its condition), a dataset whose records nothing names, a question
     * with a grain or a comparison, or a period the count has no time for.
     */
    static Optional<RowsOverPeriod> of(QuestionParser reader, SemanticMetric.Simple counted, Timeframe period, Grain grain, boolean compared) {
        SemanticModel model = reader.model;
        if (counted.agg() != SemanticMetric.Agg.COUNT || counted.expr() != null || counted.snapshotDimension() != null || grain != null || compared) return Optional.empty();
        Optional<Dataset> rows = model.dataset(counted.dataset());
        if (rows.isEmpty()) return Optional.empty();
        List<Dimension> labels = reader.attributes.namingAttributes(rows.get());
        if (labels.size() != 1) return Optional.empty();
        Dimension time = period == null ? null : model.timeDimensionOf(counted).orElse(null);
        if (period != null && (time == null || !time.dataset().equals(rows.get().name()))) return Optional.empty();
        // a count with a condition ("deals won") lists the rows it keeps: the records are named by the count
        String records = counted.filter() != null || !counted.segments().isEmpty() ? counted.name() : rows.get().name();
        return Optional.of(new RowsOverPeriod(records, model.reference(labels.get(0)), time == null ? null : model.reference(time), period));
    }

    /** Whether the question word stands before a noun of the very rows a count counts ("which employees were hired" of hires). */
    static boolean whichOfTheCounted(QuestionParser reader, List<String> words, SemanticMetric.Simple counted) {
        return recordsAfterQuestionWord(reader, words).stream().anyMatch(d -> d.name().equals(counted.dataset()));
    }

    /**
     * "which campaigns were launched in 2026", "what deals did we win", "which marketing campaigns started in 2026": the
     * question word right before the counted rows' words, or before a noun of some records, asks for the rows.
     */
    private static boolean whichRows(QuestionParser reader, List<String> words, Span metricSpan) {
        if (words.isEmpty() || !Set.of("which", "what").contains(words.get(0))) return false;
        return metricSpan.from() == 1 || !recordsAfterQuestionWord(reader, words).isEmpty();
    }

    /**
     * The records a noun phrase of nouns only (a word to three: "marketing campaigns") right after "which" or "what" names,
     * by the whole phrase or its last word; none for anything else ("what percent of claims").
     */
    private static List<Dataset> recordsAfterQuestionWord(QuestionParser reader, List<String> words) {
        if (words.size() < 2 || !Set.of("which", "what").contains(words.get(0))) return List.of();
        for (int n = 1; n <= 3 && n < words.size(); n++) {
            String w = words.get(n);
            if (dev.almanac.reading.FunctionWords.english().isFunctionWord(w) || MeasureFit.asksAggregate(w) || QuestionWords.digits(w)) return List.of();
            List<String> noun = words.subList(1, 1 + n).stream().map(QuestionWords::singular).toList();
            List<Dataset> named = reader.lexicon.rowsCalled(noun);
            if (named.isEmpty()) named = reader.lexicon.rowsCalled(noun.subList(n - 1, n));
            if (!named.isEmpty()) return named;
        }
        return List.of();
    }

    /** The list with the question's own filters, and the period's on the rows' time; {@code said}: the period as the question said it. */
    Parsed query(List<SemanticQuery.Filter> asked, Optional<Timeframe> said) {
        List<SemanticQuery.Filter> filters = new ArrayList<>(asked);
        List<SemanticQuery.GroupBy> shown = new ArrayList<>(List.of(new SemanticQuery.GroupBy(label, List.of())));
        List<SemanticQuery.Order> order = List.of();
        if (time != null) {
            filters.add(new SemanticQuery.Filter(time, ">=", List.of(period.start().toString())));
            filters.add(new SemanticQuery.Filter(time, "<", List.of(period.end().toString())));
            shown.add(new SemanticQuery.GroupBy(time, List.of()));
            order = List.of(new SemanticQuery.Order(time, false));
        }
        return new Parsed(new SemanticQuery(List.of(), shown, null, null, null, filters, order, null, null, null, null).records(rows), said);
    }
}
