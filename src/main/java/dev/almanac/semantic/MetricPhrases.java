package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionWords.smallNumber;
import static dev.almanac.semantic.QuestionWords.stem;
import static dev.almanac.semantic.Spans.overlaps;
import static dev.almanac.semantic.Spans.spans;

import dev.almanac.semantic.QuestionParser.Span;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * The phrases a question may name a metric by ({@link MetricNames}: names, labels and synonyms, their words in order with a
 * small word between allowed, word forms folded, or scattered; a count of the records named), less those the words give to
 * something else: a dimension after a grouping cue or inside a longer dimension phrase, a ranked dimension, an average
 * compared with, an attribute's name said whole, a grain phrase, the words of a change between two periods. Read in two
 * steps around the questions about records ({@link RecordShapes}), which see the first step's phrases.
 */
final class MetricPhrases {
    /** Word stems that ask how a number changed, not which number. */
    static final Set<String> CHANGE_STEMS = Set.of("chang", "growth", "grow", "grew", "increas", "decreas", "differ", "differenc");

    private MetricPhrases() {}

    /**
     * The metric phrases of the words, before the record shapes are tried: each metric's phrases, those after a grouping
     * cue that name a dimension, that begin with a ranked dimension, or compare with an average left out; the counts of
     * records named added; a metric's scattered words that take an attribute's name said whole left out; with none, the
     * thread's metric named by no word.
     */
    static List<Span> said(QuestionParser reader, List<String> words, Map<List<String>, Object> allDims, SemanticQuery previous) {
        List<Span> metricSpans = reader.metricNames.metricSpans(words);
        // after "by", "per", "which", "each" a word that names a dimension is that dimension, not a metric ("spend by campaign")
        metricSpans = new ArrayList<>(metricSpans.stream()
                .filter(sp -> !(Breakdown.cueBefore(words, sp.from()) != null && allDims.containsKey(words.subList(sp.from(), sp.to())))).toList());
        // "which five products sold ...": a metric phrase that starts with the ranked dimension gives way to another metric phrase
        List<Span> rankedDimFirst = metricSpans.stream().filter(sp -> (sp.from() >= 2 && smallNumber(words.get(sp.from() - 1))
                && Set.of("which", "top").contains(words.get(sp.from() - 2)) || sp.from() >= 1 && words.get(sp.from() - 1).equals("which"))
                && allDims.keySet().stream().anyMatch(k -> k.size() < sp.length() && words.subList(sp.from(), sp.from() + k.size()).equals(k))).toList();
        if (!rankedDimFirst.isEmpty() && metricSpans.size() > rankedDimFirst.size()) metricSpans.removeAll(rankedDimFirst);
        // "older than the average age", "above the average weight": an average compared with is a condition, not the measure asked
        metricSpans = new ArrayList<>(metricSpans.stream().filter(sp -> !Conditions.comparedAverage(words, sp)).toList());
        List<Span> counted = reader.metricNames.entityCount(words);
        if (metricSpans.isEmpty()) metricSpans = counted;
        else {
            List<Span> all = new ArrayList<>(metricSpans); // "how many subscriptions are billed annually": the count is a reading too
            for (Span c : counted) if (all.stream().noneMatch(m -> m.target().equals(c.target()))) all.add(c);
            metricSpans = all;
        }
        // a metric's scattered words never take an attribute's name said whole ("the contestant numbers of all contestants" lists
        // numbers; it is not "the number of contestants"), unless the name is also the rows' ("count the car makers")
        List<Span> attributeNames = reader.orders.attributeNames(words).stream().filter(d -> {
            List<String> named = words.subList(d.from(), d.to()).stream().map(QuestionWords::singular).toList();
            return reader.lexicon.rowsCalled(named).isEmpty();
        }).toList();
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> attributeNames.stream().noneMatch(d -> takesOutOfOrder(m, d))).toList());
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> !valueOfTheRowsNamedNext(reader, words, m)).toList());
        metricSpans = amountOfTheRows(reader, words, metricSpans);
        if (metricSpans.isEmpty() && previous != null && reader.model.metric(previous.metrics().get(0)).isPresent()) {
            metricSpans = List.of(new Span(0, 0, List.of(reader.model.metric(previous.metrics().get(0)).get()))); // the thread's metric, named by no word
        }
        return metricSpans;
    }

    /**
     * The phrases left once the dimensions' phrases are read: a metric word inside a longer dimension phrase is part of the
     * dimension ("sales" in "sales channel"); a metric's scattered words never include a dimension's words after a grouping
     * cue ("spend on each marketing channel") or ranked ("top 3 product categories by shop revenue": "product" is the
     * category's) nor part of one's phrase ranked by something ("sales" of "top sales rep by bookings"), nor those of a grain phrase ("recurring revenue ... per month" is not "monthly recurring revenue" read
     * scattered); and with two periods compared, "change" and "growth" say what to do with them, not which metric ("how much
     * did MRR change from Q1 to Q2" is MRR in both, not the month-over-month growth metric).
     */
    static List<Span> apartFromOthers(List<String> words, List<Span> metricSpans, List<Span> anyDimSpans, boolean periodsCompared) {
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> anyDimSpans.stream().noneMatch(d -> d.length() > m.weight() && overlaps(d, m))).toList());
        List<Span> grainPhrases = spans(words, ReaderLexicon.grainPhrases()).stream().filter(g -> g.length() > 1).toList();
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> !m.scattered() || grainPhrases.stream()
                .noneMatch(g -> Arrays.stream(m.at()).anyMatch(i -> i >= g.from() && i < g.to()))).toList());
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> !m.scattered() || anyDimSpans.stream()
                .noneMatch(d -> (Breakdown.cueBefore(words, d.from()) != null || QuestionParser.ranked(words, d))
                        && Arrays.stream(m.at()).anyMatch(i -> i >= d.from() && i < d.to()))).toList());
        // nor a word right after "each" or "every" they skip: the noun after it is what is taken one at a time ("how many area
        // codes does each state have" is not the count of area code states)
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> m.scattered() ? Arrays.stream(m.at())
                .noneMatch(i -> i > 0 && distributive(words.get(i - 1)) && Arrays.stream(m.at()).noneMatch(k -> k == i - 1))
                : m.weight() == m.length() || IntStream.range(m.from() + 1, m.to() - 1).noneMatch(i -> distributive(words.get(i)))).toList());
        // nor part of a dimension's phrase ranked by what follows, the rest of it left ("top sales rep by bookings" is not
        // "sales bookings" read scattered)
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> !m.scattered() || anyDimSpans.stream()
                .noneMatch(d -> rankedBy(words, d) && splits(m, d))).toList());
        if (periodsCompared) {
            List<Span> plain = metricSpans.stream().filter(m -> !changeWordIn(m, words)).toList();
            if (!plain.isEmpty()) metricSpans = new ArrayList<>(plain);
        }
        return metricSpans;
    }

    /**
     * "how much did we invoice last quarter", "how much was invoiced in 2025": "how much" asks for an amount, and a word that
     * names a plain count of rows (no condition of its own) names, so asked, the one amount of money the model sums over
     * those rows with no condition either (the invoices' total due): the count's phrase names that sum instead. With
     * none or several such sums, or another word naming an amount ("how much did we spend on the campaigns"), the phrase
     * stays the count's, and the reading says it is one.
     */
    private static List<Span> amountOfTheRows(QuestionParser reader, List<String> words, List<Span> metricSpans) {
        boolean howMuch = IntStream.range(0, words.size() - 1).anyMatch(i -> words.get(i).equals("how") && words.get(i + 1).equals("much"));
        if (!howMuch) return metricSpans;
        // another word names an amount already ("how much did we spend on the campaigns"): it is the one asked
        boolean amountNamed = metricSpans.stream().anyMatch(sp -> sp.target() instanceof List<?> l && l.stream().anyMatch(t -> t instanceof SemanticMetric m && MeasureFit.isMoney(m)));
        if (amountNamed) return metricSpans;
        List<Span> out = new ArrayList<>();
        for (Span sp : metricSpans) {
            List<?> targets = sp.target() instanceof List<?> l ? l : List.of();
            Set<String> counted = new java.util.HashSet<>();
            boolean plainCounts = !targets.isEmpty();
            for (Object t : targets) {
                if (t instanceof SemanticMetric.Simple c && c.countsRows() && c.filter() == null && c.segments().isEmpty()) counted.add(c.dataset());
                else plainCounts = false;
            }
            if (!plainCounts || counted.size() != 1) {
                out.add(sp);
                continue;
            }
            List<SemanticMetric.Simple> sums = reader.model.moneySums(counted.iterator().next(), null, List.of());
            out.add(sums.size() == 1 ? new Span(sp.from(), sp.to(), List.of(sums.get(0)), sp.weight(), sp.at()) : sp);
        }
        return out;
    }

    /**
     * "open cases" where "opens" names a count of letters: one word right before a noun of other records, a value of one of
     * those records' attributes (a case's status), qualifies them; it names no measure of other rows.
     */
    private static boolean valueOfTheRowsNamedNext(QuestionParser reader, List<String> words, Span m) {
        if (m.scattered() || m.length() != 1 || m.to() >= words.size()) return false;
        Object hits = reader.allValuePhrases().get(words.subList(m.from(), m.to()));
        if (!(hits instanceof List<?> values) || values.isEmpty()) return false;
        for (int n = Math.min(3, words.size() - m.to()); n >= 1; n--) {
            List<Dataset> rows = reader.lexicon.rowsCalled(words.subList(m.to(), m.to() + n).stream().map(QuestionWords::singular).toList());
            if (rows.size() != 1) continue;
            String named = rows.get(0).name();
            Set<String> measured = m.target() instanceof List<?> targets ? targets.stream().filter(SemanticMetric.class::isInstance)
                    .flatMap(t -> reader.datasetsOf((SemanticMetric) t).stream()).collect(java.util.stream.Collectors.toSet()) : Set.of();
            return !measured.contains(named) && values.stream().anyMatch(v -> v instanceof QuestionParser.ValueHit h && h.dimension().dataset().equals(named));
        }
        return false;
    }

    /**
     * Whether a metric's words, taken here and there, take all the words of a name said whole, out of their order
     * ("contestant number of" read as "number of contestants").
     */
    private static boolean takesOutOfOrder(Span metric, Span name) {
        if (!metric.scattered()) return false;
        int[] at = metric.at();
        boolean inOrder = IntStream.range(1, at.length).allMatch(i -> at[i] > at[i - 1]);
        return !inOrder && IntStream.range(name.from(), name.to()).allMatch(k -> Arrays.stream(at).anyMatch(x -> x == k));
    }

    /** "each", "every": a word that takes the rows one group at a time, never a word of a measure's name. */
    private static boolean distributive(String word) {
        return word.equals("each") || word.equals("every");
    }

    /** "top sales rep by", "best region by": a phrase right after a word of ranking and right before "by". */
    private static boolean rankedBy(List<String> words, Span d) {
        return d.from() >= 1 && d.to() < words.size() && Breakdown.RANK_BEFORE.contains(words.get(d.from() - 1)) && words.get(d.to()).equals("by");
    }

    /** Whether scattered words take some of a phrase's words and leave others. */
    private static boolean splits(Span scattered, Span phrase) {
        long taken = IntStream.range(phrase.from(), phrase.to()).filter(k -> Arrays.stream(scattered.at()).anyMatch(x -> x == k)).count();
        return taken > 0 && taken < phrase.length();
    }

    private static boolean changeWordIn(Span s, List<String> words) {
        if (s.scattered()) return Arrays.stream(s.at()).anyMatch(i -> CHANGE_STEMS.contains(stem(words.get(i))));
        for (int i = s.from(); i < s.to(); i++) if (CHANGE_STEMS.contains(stem(words.get(i)))) return true;
        return false;
    }
}
