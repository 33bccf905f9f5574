package dev.almanac.semantic;

import static dev.almanac.semantic.Spans.longestFirst;
import static dev.almanac.semantic.Spans.metricsOf;
import static dev.almanac.semantic.Spans.overlaps;

import dev.almanac.semantic.QuestionParser.Cannot;
import dev.almanac.semantic.QuestionParser.Clarify;
import dev.almanac.semantic.QuestionParser.Parsed;
import dev.almanac.semantic.QuestionParser.Reading;
import dev.almanac.semantic.QuestionParser.Result;
import dev.almanac.semantic.QuestionParser.Span;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Each metric the question's words may name, read whole ({@link MetricReading}), and the one answer of them: the readings
 * that hold, of the phrases that weigh most, narrowed by the rules of {@link MetricChoice}; two or more left make a question
 * back whose options each resolve; none, the first reading's refusal (or a reading of the count through other rows, or of a
 * narrower metric, that holds where the plain one did not).
 */
final class ReadingChoice {
    /** The most measures a question is read for, one whole reading each; more are narrowed to those of the records named. */
    static final int MAX_READINGS = 12;

    /** With {@code -Dalmanac.trace.words=true}, each metric's whole reading and what came of it, on standard error. */
    private static final boolean TRACE = Boolean.getBoolean("almanac.trace.words");

    private final QuestionParser reader;
    private final Question question;
    private final List<String> words;
    private final List<Span> metricSpans, anyDimSpans;
    private final SemanticQuery previous;

    private ReadingChoice(QuestionParser reader, Question question, List<Span> metricSpans, List<Span> anyDimSpans, SemanticQuery previous) {
        this.reader = reader;
        this.question = question;
        this.words = question.words();
        this.metricSpans = metricSpans;
        this.anyDimSpans = anyDimSpans;
        this.previous = previous;
    }

    /** The question's answer over the metrics its phrases name: one reading, a question back, or a refusal. */
    static Result of(QuestionParser reader, Question question, List<Span> metricSpans, List<Span> anyDimSpans, SemanticQuery previous) {
        return new ReadingChoice(reader, question, metricSpans, anyDimSpans, previous).choose();
    }

    private Result read(SemanticMetric metric, Span span) {
        return reader.read(question, metric, span, metricSpans, anyDimSpans, previous);
    }

    private Result choose() {
        Step<Map<SemanticMetric, Span>> candidates = candidates();
        if (candidates.ended().isPresent()) return candidates.refusal();
        List<Reading> readings = new ArrayList<>();
        for (Map.Entry<SemanticMetric, Span> c : candidates.value().entrySet()) {
            Reading reading = new Reading(c.getKey(), c.getValue(), read(c.getKey(), c.getValue()));
            if (reading.result() instanceof Cannot no && no.reason().startsWith(QuestionParser.QUALIFIED)) {
                // the metric's words in order, if the question has them ("spend" of "spend on paid social campaigns")
                for (Span other : longestFirst(metricSpans)) {
                    if (other.scattered() || !metricsOf(other).contains(c.getKey())) continue;
                    reading = new Reading(c.getKey(), other, read(c.getKey(), other));
                    break;
                }
            }
            readings.add(reading);
        }
        readings.sort(Comparator.<Reading>comparingInt(r -> -r.span().weight()).thenComparing(r -> r.span().scattered())
                .thenComparingInt(r -> r.span().length()));
        if (TRACE) readings.forEach(r -> System.err.println("  [reading] " + r.metric().name() + " " + r.span().from() + "-" + r.span().to() + java.util.Arrays.toString(r.span().at()) + " w" + r.span().weight() + " -> " + r.result()));
        List<Reading> answered = answered(readings);
        if (answered.isEmpty()) return noneHeld(readings);
        int top = answered.get(0).span().weight();
        List<Reading> best = answered.stream().filter(r -> r.span().weight() == top).toList();
        // words in order first, unless the words in order are another form of the metric's ("claims are open" of "claims
        // opened": a state, not the event) and a metric's words out of order are written as its names ("open claims")
        List<Reading> inOrder = best.stream().filter(r -> !r.span().scattered()).toList();
        if (!inOrder.isEmpty()) {
            int verbatim = inOrder.stream().mapToInt(r -> MetricNames.verbatimWords(r.metric(), words)).max().orElseThrow();
            best = best.stream().filter(r -> !r.span().scattered() || MetricNames.verbatimWords(r.metric(), words) > verbatim).toList();
        }
        best = MetricChoice.chosen(reader, best, words);
        if (best.size() == 1) { // a count of some records said as the records alone: asked back beside the count of them all
            Reading one = best.get(0);
            Optional<SemanticMetric> whole = MetricChoice.wholeCount(reader, one, words);
            if (whole.isPresent()) {
                Reading all = new Reading(whole.get(), one.span(), read(whole.get(), one.span()));
                if (all.result() instanceof Parsed) best = List.of(one, all);
            }
        }
        if (best.size() == 1) return alone(best.get(0), readings);
        return askedBack(best);
    }

    /**
     * Each metric the words may name, by its heaviest phrase (words in order before scattered ones); more than
     * {@link #MAX_READINGS}, words every dataset's measure has ("the total amount" in a model of many tables), are narrowed
     * to the measures of the records the question names: none named, or still too many, is a refusal (each would be read whole).
     */
    private Step<Map<SemanticMetric, Span>> candidates() {
        Map<SemanticMetric, Span> candidates = new LinkedHashMap<>();
        for (Span s : longestFirst(metricSpans)) {
            List<SemanticMetric> ms = metricsOf(s);
            for (SemanticMetric m : ms) candidates.merge(m, s, (a, b) -> b.weight() > a.weight() || b.weight() == a.weight() && a.scattered() && !b.scattered() ? b : a);
        }
        reader.metricNames.shareOf(words).forEach(candidates::putIfAbsent);
        if (candidates.size() > MAX_READINGS) {
            Set<String> named = new HashSet<>();
            for (Dataset d : reader.lexicon.namedRows(words)) named.add(d.name());
            int all = candidates.size();
            candidates.keySet().removeIf(m -> Collections.disjoint(reader.datasetsOf(m), named));
            if (candidates.isEmpty() || candidates.size() > MAX_READINGS) {
                return Step.refused(new Cannot("the question's words name " + all + " measures of different records; say whose (which records) you mean"));
            }
        }
        return Step.read(candidates);
    }

    /**
     * The readings that hold and are meant: a metric named by words inside a longer phrase of another metric is not meant
     * ("active users" in "monthly active users"), unless that phrase's words are scattered and its reading failed; nor is a
     * metric whose words are scattered over another metric's words in order, of other records ("car ... name" of "car makers
     * ... continent name") or a measure's of two words or more ("claim ... open" over "claimed amount of claims that are
     * open"): those words name the other, whether its reading holds or not ("how many" names no records).
     */
    private List<Reading> answered(List<Reading> readings) {
        return readings.stream().filter(r -> !(r.result() instanceof Cannot))
                .filter(r -> readings.stream().noneMatch(o -> o.span().weight() > r.span().weight() && !(o.span().scattered() && o.result() instanceof Cannot)
                        && o.span().from() <= r.span().from()
                        && r.span().to() <= o.span().to()))
                .filter(r -> !r.span().scattered() || readings.stream().noneMatch(o -> !o.span().scattered() && o.span().weight() >= r.span().weight()
                        && (Collections.disjoint(reader.datasetsOf(o.metric()), reader.datasetsOf(r.metric())) || o.span().weight() >= 2 && !o.metric().countsRows())
                        && Arrays.stream(r.span().at()).anyMatch(i -> i >= o.span().from() && i < o.span().to() && !MeasureFit.COUNT_CUES.contains(words.get(i)))))
                .toList();
    }

    /** No reading held: the count read through other rows, or a narrower metric, if one holds; else the first reading's refusal. */
    private Result noneHeld(List<Reading> readings) {
        Optional<Result> through = countedThrough(readings);
        if (through.isPresent()) return through.get();
        Result first = readings.get(0).result();
        if (first instanceof Cannot no && (!no.unplaced().isEmpty() || no.reason().startsWith(QuestionParser.NOTHING_RANKED))) {
            Optional<Result> narrower = reader.metricNames.narrowerMetrics(readings.get(0), question.q(), question.original(), words);
            if (narrower.isPresent()) return narrower.get();
        }
        return first;
    }

    /**
     * The one reading left, unless another measure's whole phrase of two words or more is said in order apart from it ("the
     * claimed amount of open claims" read as the count of open claims): the question names two measures, however the one
     * read placed the other's words. A count's phrase names records, which a measure may be of ("revenue from orders shipped").
     */
    private Result alone(Reading one, List<Reading> readings) {
        Optional<Reading> other = readings.stream().filter(o -> !o.metric().equals(one.metric()) && !o.span().scattered() && o.span().weight() >= 2
                && !o.metric().countsRows()
                && o.span().weight() >= one.span().weight() && !overlaps(o.span(), one.span())).findFirst();
        if (other.isPresent()) return QuestionParser.twoMeasures(one.metric(), other.get().metric());
        return one.result();
    }

    /**
     * A question back between the readings left: each option the question with the metric's words said by its name without
     * the aside ("Orders placed", not "Orders placed (all statuses)"), which a question does not say, unless that leaves two alike.
     */
    private Result askedBack(List<Reading> best) {
        List<String> names = QuestionParser.toldApart(best.stream().map(Reading::metric).toList(), SemanticMetric::displayName, m -> {
            Set<String> over = reader.datasetsOf(m);
            return over.size() == 1 ? over.iterator().next() : null;
        });
        List<String> said = names.stream().map(QuestionParser::withoutAside).toList();
        if (new HashSet<>(said).size() < said.size()) said = names;
        List<String> options = new ArrayList<>();
        for (int i = 0; i < best.size(); i++) {
            Reading r = best.get(i);
            String shown = String.join(" ", question.original().subList(r.span().from(), r.span().to()));
            options.add(question.q().replaceFirst("(?i)" + Pattern.quote(shown), Matcher.quoteReplacement(said.get(i))));
        }
        return reader.checked(new Clarify("Which do you mean: " + String.join("; ", names) + "?", options));
    }

    /**
     * "Which language is spoken by the most countries?": a count of records no reading of which holds, read again as the
     * number of different records the rows of another dataset refer to ({@link SemanticModel#countedThrough}), when the
     * question names an attribute of those rows that the records themselves do not have. One such reading, or none.
     */
    private Optional<Result> countedThrough(List<Reading> readings) {
        if (reader.checking) return Optional.empty();
        Map<String, Result> read = new LinkedHashMap<>();
        int top = readings.get(0).span().weight();
        for (Reading r : readings) {
            // the records the question counts, said together, not others it names ("how many dogs ... by breed size" counts no sizes)
            if (r.span().weight() < top || !together(r.span(), words)) continue;
            List<SemanticMetric.Simple> through = reader.model.countedThrough(r.metric());
            if (through.isEmpty() || r.span().length() > 0 && question.original().get(r.span().from()).equalsIgnoreCase("numbers")) continue; // "flight numbers of ...": an attribute
            Set<String> own = new HashSet<>();
            for (Dimension d : reader.sliceable(r.metric())) own.add(d.qualifiedName());
            for (SemanticMetric.Simple t : through) {
                if (read.containsKey(t.name())) continue;
                Result result = read(t, r.span());
                if (!(result instanceof Parsed p)) continue;
                SemanticQuery sq = p.query();
                boolean theirs = Stream.concat(sq.groupBy().stream().map(SemanticQuery.GroupBy::dimension), sq.filters().stream().map(SemanticQuery.Filter::field))
                        .map(f -> reader.model.dimension(f).map(Dimension::qualifiedName).orElse(f)).anyMatch(f -> !own.contains(f));
                // "how many departments offer degrees": the rows that refer to the records, named where the count alone left words
                boolean named = r.result() instanceof Cannot no && no.unplaced().stream().anyMatch(w -> reader.namesRowsOf(w, t.dataset()))
                        && words.stream().noneMatch(QuestionWords::denies);
                if (theirs || named) read.put(t.name(), result);
            }
        }
        return read.size() == 1 ? Optional.of(read.values().iterator().next()) : Optional.empty();
    }

    /** Whether a span's words stand together, or with only function words and "different" between them ("how many different templates"). */
    private static boolean together(Span span, List<String> words) {
        if (!span.scattered()) return true;
        int[] at = span.at();
        for (int k = at[0]; k < at[at.length - 1]; k++) {
            final int i = k;
            if (Arrays.stream(at).noneMatch(x -> x == i) && !QuestionFrame.FILLER.contains(words.get(k)) && !RecordShapes.DISTINCT_WORDS.contains(words.get(k))) return false;
        }
        return true;
    }
}
