package dev.almanac.semantic;

import dev.almanac.quality.Timeframe;
import dev.almanac.quality.TimeframeParser;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import dev.almanac.reading.Lexicon;
import dev.almanac.reading.PartOfSpeech;
import dev.almanac.reading.Sense;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A question that asks why a metric changed ("why did X drop in P", "what drove X in P", "what explains the change in X
 * between A and B", "where did the growth in X come from"), read into a {@link ChangeAnalysis.Request}. The frame's words
 * are English's (verbs and nouns of movement, question words), never a model's; what is left, the metric with its filters
 * and periods, is read by the question reader like any question, so a metric, a filter or a period it cannot read is not
 * read here either.
 */
public final class ChangeQuestion {
    /** What a change question was read as: the analysis to run, or why it cannot be read (with questions that can). */
    public sealed interface Reading permits Explain, Unsure {}

    /**
     * The analysis asked for, the question read back in words, and the direction the question says the metric moved (1
     * up, -1 down, 0 not said), so an answer can say when the data moved the other way.
     */
    public record Explain(ChangeAnalysis.Request request, String readAs, int said) implements Reading {}

    /** A change question whose metric or periods were not read whole: why, and questions that would be (may be none). */
    public record Unsure(String reason, List<String> options) implements Reading {}

    /** "why did/has/is ...": the rest holds the metric, a word of movement, and the periods. */
    private static final Pattern WHY = Pattern.compile("^(?:so\\s+|and\\s+|but\\s+)?why\\s+(?:did|does|do|has|have|had|is|was|were|are|would|'s)\\s+(.+)$");
    /** "what drove / explains / caused [the change in] X [period]" */
    private static final Pattern WHAT = Pattern.compile("^what(?:'s|\\s+is|\\s+was|\\s+has\\s+been)?\\s+(?:drove|drives|driven|driving|caused|causes|causing|"
            + "explains|explained|explaining|behind|contributed\\s+to|contributes\\s+to)\\s+(?:the\\s+)?(.+)$");
    /** "explain / break down the change in X [period]" */
    private static final Pattern EXPLAIN = Pattern.compile("^(?:please\\s+)?(?:explain|break\\s+down|decompose|analy[sz]e)\\s+(?:the\\s+|this\\s+)?(\\w+)\\s+(?:in|of)\\s+(.+)$");
    /** "where did the growth in X come from [period]" */
    private static final Pattern WHERE = Pattern.compile("^where\\s+(?:did|does|do|has|have)\\s+(?:the\\s+)?(\\w+)\\s+(?:in|of)\\s+(.+?)\\s+(?:come|came)\\s+from(\\s.*)?$");
    /** A noun of movement before the metric: "[the drop] in X". */
    private static final Pattern NOUN_IN = Pattern.compile("^(\\w+)\\s+(?:in|of)\\s+(.+)$");
    /** Words between the subject and its movement that only carry it: "go up", "has been down". */
    private static final Pattern CARRIER = Pattern.compile("\\s+(?:go|gone|went|been|be|get|got|gotten|come|came)$");
    /** Degree words after the movement: "so much", "so sharply". */
    private static final Pattern DEGREE = Pattern.compile("^(?:so\\s+)?(?:much|sharply|fast|quickly|steeply|suddenly)\\b");
    /** "between A and B", "from A to B": two periods, the earlier the one the change is from. */
    private static final Pattern TWO_PERIODS = Pattern.compile("\\b(?:between\\s+(.+?)\\s+and\\s+(.+)|from\\s+(.+?)\\s+(?:to|until|till)\\s+(.+))$");
    private static final Pattern YEAR = Pattern.compile("\\b(\\d{4})\\b");

    private ChangeQuestion() {}

    /**
     * The two verbs every verb of a change in amount is a kind of, in WordNet, with the direction each says: what "rise",
     * "climb", "shrink" or "dip" do, a few hypernym steps away.
     */
    private static final java.util.Map<String, Integer> AMOUNT_ROOTS = java.util.Map.of("increase", 1, "decrease", -1);
    /** Verbs that say only that something changed, no direction. */
    private static final Set<String> ANY_CHANGE = Set.of("change", "move", "shift", "vary", "differ", "swing", "fluctuate");
    /** How many hypernym steps a verb may be from a root ("climb" is a kind of "increase"). */
    private static final int STEPS = 2;
    /** How many of a verb's senses, most frequent first, are looked at: a movement must be one of its usual meanings. */
    private static final int SENSES = 4;

    /**
     * The direction a word says an amount moved (1 up, -1 down, 0 either), or empty when it says no movement: a verb of
     * change in amount by WordNet (one whose broader verbs, within {@link #STEPS} steps from one of its first {@link #SENSES}
     * senses, include increasing or decreasing; a verb whose antonym is one, in the other direction: "fall" of "rise"), a
     * verb that says only that something changed, "up" or "down", or a comparative adjective ("higher", "smaller": its pole).
     */
    static Optional<Integer> movement(String word) {
        if (word.equals("up")) return Optional.of(1);
        if (word.equals("down")) return Optional.of(-1);
        Lexicon lx = Lexicon.english();
        for (String base : lx.baseForms(word, PartOfSpeech.VERB)) {
            if (ANY_CHANGE.contains(base)) return Optional.of(0);
            Optional<Integer> d = amountVerb(lx, base, STEPS, true);
            if (d.isPresent()) return d;
        }
        if (word.endsWith("er")) { // a comparative: "higher", "smaller"
            for (String base : lx.baseForms(word, PartOfSpeech.ADJECTIVE)) if (!base.equals(word)) return Optional.of(Lexicon.lowerPole(base) ? -1 : 1);
        }
        return Optional.empty();
    }

    private static List<Sense> first(List<Sense> senses) {
        return senses.subList(0, Math.min(senses.size(), SENSES));
    }

    /** The direction of a verb of change in amount: a root, or a verb whose broader verb (or, the other way, antonym) is one. */
    private static Optional<Integer> amountVerb(Lexicon lx, String verb, int steps, boolean antonyms) {
        if (AMOUNT_ROOTS.containsKey(verb)) return Optional.of(AMOUNT_ROOTS.get(verb));
        if (steps == 0) return Optional.empty();
        for (Sense sense : first(lx.senses(verb, PartOfSpeech.VERB))) {
            for (String broader : sense.broader()) {
                if (broader.contains(" ")) continue;
                Optional<Integer> d = amountVerb(lx, broader, steps - 1, false);
                if (d.isPresent()) return d;
            }
        }
        if (!antonyms) return Optional.empty();
        for (Sense sense : first(lx.senses(verb, PartOfSpeech.VERB))) {
            for (dev.almanac.reading.Related a : sense.antonyms()) {
                if (a.pos() != PartOfSpeech.VERB) continue;
                Optional<Integer> other = amountVerb(lx, a.word(), steps, false);
                if (other.isPresent()) return Optional.of(-other.get());
            }
        }
        return Optional.empty();
    }

    /**
     * The direction a noun of movement says ("growth", "decline", "drop", "change"): one that is itself such a verb, or is
     * derived from one in its first senses; never a noun of people or things ("customers").
     */
    static Optional<Integer> movementNoun(String word) {
        Lexicon lx = Lexicon.english();
        for (String base : lx.baseForms(word, PartOfSpeech.NOUN)) {
            List<Sense> senses = lx.senses(base, PartOfSpeech.NOUN);
            if (senses.isEmpty() || senses.get(0).lexFile().endsWith(".person") || senses.get(0).lexFile().endsWith(".artifact")) continue;
            Optional<Integer> d = movement(base);
            if (d.isPresent()) return d;
            // derived from such a verb: a movement, its direction not said with certainty ("difference" of "differ")
            for (Sense sense : first(senses)) {
                for (dev.almanac.reading.Related r : sense.derived()) {
                    if (r.pos() == PartOfSpeech.VERB && movement(r.word()).isPresent()) return Optional.of(0);
                }
            }
        }
        return Optional.empty();
    }

    /** The words after the frame (the metric, its filters and periods) and the direction the question says. */
    record Frame(String subject, int said) {}

    /** The reading of a change question; empty when the question does not ask why a metric changed. */
    public static Optional<Reading> read(String question, QuestionParser parser, LocalDate today) {
        String q = question.toLowerCase(Locale.ROOT).replace('’', '\'').replaceAll("[?!.]+\\s*$", "").replaceAll("\\s+", " ").strip();
        Frame f = frame(q);
        if (f == null) return Optional.empty();
        Reading r = subject(f.subject(), parser, today);
        return Optional.of(r instanceof Explain e ? new Explain(e.request(), e.readAs(), f.said()) : r);
    }

    /** The question's change frame, or null when it has none. */
    static Frame frame(String q) {
        Matcher m = WHY.matcher(q);
        if (m.matches()) {
            // the last word of movement after the subject: "why did the change rate rise" moves at "rise"
            String[] words = m.group(1).split(" ");
            for (int i = words.length - 1; i >= 1; i--) {
                Optional<Integer> d = movement(words[i]);
                if (d.isEmpty()) continue;
                String subject = CARRIER.matcher(String.join(" ", java.util.Arrays.copyOfRange(words, 0, i))).replaceAll("");
                String tail = DEGREE.matcher(String.join(" ", java.util.Arrays.copyOfRange(words, i + 1, words.length))).replaceAll("").strip();
                return new Frame((subject + " " + tail).strip(), d.get());
            }
            return null;
        }
        Matcher where = WHERE.matcher(q);
        if (where.matches()) {
            return movementNoun(where.group(1)).map(d -> new Frame((where.group(2) + (where.group(3) == null ? "" : where.group(3))).strip(), d)).orElse(null);
        }
        Matcher explain = EXPLAIN.matcher(q);
        if (explain.matches()) return movementNoun(explain.group(1)).map(d -> new Frame(explain.group(2).strip(), d)).orElse(null);
        m = WHAT.matcher(q);
        if (m.matches()) {
            Matcher noun = NOUN_IN.matcher(m.group(1));
            if (noun.matches()) {
                Optional<Integer> d = movementNoun(noun.group(1));
                if (d.isPresent()) return new Frame(noun.group(2).strip(), d.get());
            }
            return new Frame(m.group(1).strip(), 0); // "what drove revenue in August": the metric's change
        }
        return null;
    }

    private static Reading subject(String subject, QuestionParser parser, LocalDate today) {
        TimeframeParser timeframes = parser.timeframes();
        SemanticQuery.Period before = null;
        SemanticQuery.Period after = null;
        String metricWords = subject;
        Matcher two = TWO_PERIODS.matcher(subject);
        if (two.find()) {
            String b = two.group(2) != null ? two.group(2) : two.group(4);
            // "between Q1 and Q2 2026": the year said once is both periods'
            Matcher yearOfB = YEAR.matcher(b);
            String said = two.group(1) != null ? two.group(1) : two.group(3);
            String a = !YEAR.matcher(said).find() && yearOfB.find() ? said + " " + yearOfB.group(1) : said;
            Optional<Timeframe> first = timeframes.parse(a).filter(t -> t.text().strip().length() >= a.strip().length() - 4);
            Optional<Timeframe> second = timeframes.parse(b).filter(t -> t.text().strip().length() >= b.strip().length() - 4);
            if (first.isPresent() && second.isPresent()) {
                before = new SemanticQuery.Period(first.get().start(), first.get().end());
                after = new SemanticQuery.Period(second.get().start(), second.get().end());
                if (before.start().isAfter(after.start())) {
                    SemanticQuery.Period x = before;
                    before = after;
                    after = x;
                }
                metricWords = subject.substring(0, two.start()).strip();
            }
        }
        QuestionParser.Result r = parser.parse(metricWords);
        if (r instanceof QuestionParser.Cannot c) return new Unsure(c.reason(), List.of());
        if (r instanceof QuestionParser.Clarify c) return new Unsure(c.question(), List.of());
        if (!(r instanceof QuestionParser.Parsed p)) return new Unsure("no metric of the model is named in '" + metricWords + "'", List.of());
        SemanticQuery query = p.query();
        if (query.metrics().size() != 1 || query.records() != null || query.asksGaps() || query.asksShare() || !query.countDistinct().isEmpty()
                || !query.exists().isEmpty() || query.limit() != null) {
            return new Unsure("a change is explained for one metric at a time", List.of());
        }
        String metric = query.metrics().get(0);
        List<String> by = query.groupBy().stream().map(SemanticQuery.GroupBy::dimension).toList();
        if (after == null && query.start() != null) {
            after = new SemanticQuery.Period(query.start(), query.end());
            if (query.compareTo() != null) before = query.compareTo();
        }
        if (after == null) {
            return new Unsure("which period's change should be explained", options(parser, metric, today));
        }
        if (before == null) before = ChangeAnalysis.previous(after);
        ChangeAnalysis.Request request = new ChangeAnalysis.Request(metric, before, after, by, query.filters());
        return new Explain(request, readAs(parser, request), 0);
    }

    /** The same question for the last whole month and quarter before today. */
    private static List<String> options(QuestionParser parser, String metric, LocalDate today) {
        String label = parser.model().metric(metric).map(SemanticMetric::displayName).orElse(metric);
        LocalDate month = today.withDayOfMonth(1).minusMonths(1);
        LocalDate quarter = Grain.QUARTER.start(today).minusMonths(3);
        return List.of("Why did " + label + " change in " + QueryExplainer.periodName(month, month.plusMonths(1)) + "?",
                "Why did " + label + " change in " + QueryExplainer.periodName(quarter, quarter.plusMonths(3)) + "?");
    }

    /** "The change in Monthly recurring revenue (MRR) from July 2026 to August 2026, split by plan, where region = Europe". */
    static String readAs(QuestionParser parser, ChangeAnalysis.Request r) {
        return readAs(parser.model().metric(r.metric()).map(SemanticMetric::displayName).orElse(r.metric()), r);
    }

    /** The request in words, its metric called {@code label}: what a change question, or the model's call, was read as. */
    public static String readAs(String label, ChangeAnalysis.Request r) {
        StringBuilder s = new StringBuilder("The change in " + label + " from " + QueryExplainer.periodName(r.before().start(), r.before().end()) + " to "
                + QueryExplainer.periodName(r.after().start(), r.after().end()));
        if (!r.by().isEmpty()) s.append(", split by ").append(String.join(", ", r.by()));
        else s.append(", split by each dimension it has");
        for (SemanticQuery.Filter f : r.filters()) s.append(", where ").append(f.field()).append(' ').append(f.op().replace('_', ' ')).append(' ').append(String.join(", ", f.values()));
        return s.toString();
    }
}
