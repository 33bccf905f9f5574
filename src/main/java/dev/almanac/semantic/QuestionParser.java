package dev.almanac.semantic;







import static dev.almanac.semantic.ModelAttributes.isKey;
import static dev.almanac.semantic.ModelAttributes.attributeStems;

import static dev.almanac.semantic.QuestionWords.shortNoun;
import static dev.almanac.semantic.QuestionWords.linking;
import static dev.almanac.semantic.QuestionWords.NEGATIONS;
import static dev.almanac.semantic.QuestionWords.denies;
import static dev.almanac.semantic.QuestionWords.isAllowed;
import static dev.almanac.semantic.QuestionWords.nullToEmpty;

import static dev.almanac.semantic.QuestionWords.WORD;
import static dev.almanac.semantic.QuestionWords.tokens;
import static dev.almanac.semantic.QuestionWords.digits;
import static dev.almanac.semantic.QuestionWords.smallNumber;
import static dev.almanac.semantic.QuestionWords.singular;
import static dev.almanac.semantic.QuestionWords.stem;
import static dev.almanac.semantic.Spans.spans;
import static dev.almanac.semantic.Spans.outermost;
import static dev.almanac.semantic.Spans.longestFirst;
import static dev.almanac.semantic.Spans.metricsOf;
import static dev.almanac.semantic.Spans.dimensionOf;
import static dev.almanac.semantic.Spans.neighbours;
import static dev.almanac.semantic.Spans.adjacent;
import static dev.almanac.semantic.Spans.mark;
import static dev.almanac.semantic.Spans.inSpan;
import static dev.almanac.semantic.Spans.anyUsed;
import static dev.almanac.semantic.Spans.overlaps;

import dev.almanac.reading.FunctionWords;
import dev.almanac.semantic.Conditions.Quoted;
import dev.almanac.reading.Lexicon;

import dev.almanac.quality.Timeframe;
import dev.almanac.quality.TimeframeParser;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
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
 * Turns a question into a semantic query without a language model, or says why it cannot: the
 * metric (its name, label or a synonym), the period (the {@link TimeframeParser}), a grain
 * ("monthly", "each week"), group-by dimensions ("by plan", "per region", "for each channel"),
 * filters from the value index ("in Germany", "on the Pro plan"), and rankings ("top 5 products",
 * "which region had the most"). Precision first: every word that could change the answer must be
 * placed; a word that cannot be is reported, never ignored, and two metrics the words fit equally
 * make a question back. It returns a value and runs nothing.
 */
public final class QuestionParser {
    /**
     * Words that carry no meaning of their own in a question about a number: English's function words that never change
     * which rows are read (negation, quantifiers, comparison and "only" are read by rules of their own) and the
     * {@link QuestionFrame question's frame}.
     */
    static final Set<String> FILLER = withSingulars(QuestionFrame.words(List.of("what", "what's", "was", "were", "is", "are", "be", "been", "being",
            "the", "a", "an", "our", "my", "we", "us", "did", "do", "does", "how", "much", "many", "in", "of", "for", "on", "at", "and",
            "me", "there", "have", "has", "had", "during", "over", "across", "all", "to", "from", "with", "it", "its", "that", "this",
            "these", "those", "i", "you", "can", "could", "would", "about", "as", "by", "per", "each", "every", "which", "who", "whose",
            "where", "when", "any", "some", "them", "they", "their", "your", "up", "or", "between", "down", "through", "via")));
    /** The words and their forms as the parser compares them ("does" is read as "doe"). */
    private static Set<String> withSingulars(Collection<String> words) {
        Set<String> out = new java.util.HashSet<>(words);
        words.forEach(w -> out.add(singular(w)));
        return Set.copyOf(out);
    }

    /** "top 5", "lowest 3": a ranking's end and how many of it. */
    static final Pattern TOP = Pattern.compile("\\b(top|best|biggest|largest|highest|bottom|worst|smallest|lowest)\\s+(\\d{1,3})\\b");
    static final Set<String> MOST = Set.of("most", "highest", "largest", "biggest", "best", "greatest", "top", "maximum");
    static final Set<String> LEAST = Set.of("least", "lowest", "smallest", "fewest", "worst", "minimum", "bottom");
    /** A period's name, as in "which month", "the best days". */
    static final Map<String, Grain> UNITS = Map.of("day", Grain.DAY, "week", Grain.WEEK, "month", Grain.MONTH, "quarter", Grain.QUARTER, "year", Grain.YEAR);

    final SemanticModel model;
    /** What the model says of its attributes as questions name them. */
    final ModelAttributes attributes;
    /** Which attribute a word names when several fit, and whether a value is said as one of its attribute. */
    final DimensionChoice dimensions;
    /** What the question says of order: superlatives and the attribute a list is sorted by. */
    final OrderWords orders;
    /** The words a reading of one metric may leave unplaced: the model's own for what it reads. */
    final ReadingVocabulary readingWords;
    final ValueIndex values;
    private final TimeframeParser timeframes;
    final SemanticLayer layer;
    private final Map<String, List<Dimension>> sliceable = new java.util.concurrent.ConcurrentHashMap<>();
    /** The phrases of the model and of its values, shared by the layer's parsers. */
    final ParserPhrases phrases;
    /** The rules of questions about records ({@link RecordShape}). */
    final RecordShapes shapes = new RecordShapes(this);
    /** The rules of conditions on the rows read ({@link NumberCondition}). */
    private final Conditions conditionRules = new Conditions(this);
    private final RelatedValues relatedValues = new RelatedValues(this);
    /** The rules of the measures and metrics a question names. */
    final MetricNames metricNames = new MetricNames(this);
    /** The phrases of the model, as the words a question is read in. */
    final ReaderLexicon lexicon;
    /** The rules of a list of one attribute's values. */
    final ValueListing valueListing;

    public QuestionParser(SemanticLayer layer, LocalDate today) {
        this.layer = layer;
        this.model = layer.model();
        this.attributes = new ModelAttributes(model);
        this.readingWords = new ReadingVocabulary(this);
        this.dimensions = new DimensionChoice(this);
        this.values = layer.values();
        // a month said alone is a period only where it names nothing of the model ("How many april rows")
        this.timeframes = new TimeframeParser(today, layer.fiscalYear()).withNames(this::isModelWord);
        this.phrases = layer.parserPhrases();
        this.read = layer.readings(today);
        this.lexicon = new ReaderLexicon(this);
        this.orders = new OrderWords(lexicon);
        this.valueListing = new ValueListing(this);
        Set<String> ours = new java.util.HashSet<>();
        layer.company().forEach(name -> ours.addAll(tokens(name, true)));
        this.ours = Set.copyOf(ours);
    }

    /** The words of the business's own names: "at Brightline" is "at our company", and says nothing more. */
    final Set<String> ours;

    /** What parsing gave. */
    public sealed interface Result permits Parsed, Clarify, Cannot, NoMetric {}

    /** A semantic query for the question. */
    public record Parsed(SemanticQuery query, Optional<Timeframe> period) implements Result {}

    /** One question back; each option is a whole question that resolves to an answer. */
    public record Clarify(String question, List<String> options) implements Result {}

    /**
     * The question names a metric but has words that cannot be placed (or asks for what the model cannot compute).
     *
     * @param unplaced the question's words that could not be placed, as written; empty when the reason is another
     */
    public record Cannot(String reason, List<String> unplaced) implements Result {
        static final String TWO_MEASURES = "the question names two measures";

        public Cannot {
            unplaced = unplaced == null ? List.of() : List.copyOf(unplaced);
        }

        public Cannot(String reason) {
            this(reason, List.of());
        }

        /** Whether the question asks for two measures at once ("revenue and MRR"): no answer with one of them is its answer. */
        public boolean namesTwoMeasures() {
            return reason.startsWith(TWO_MEASURES);
        }
    }

    /** Whether the words are a metric's own name or label (without what its label says in parentheses). */
    static boolean ownName(SemanticMetric m, List<String> words) {
        return tokens(m.name(), true).equals(words) || m.info().label() != null && tokens(withoutAside(m.info().label()), true).equals(words);
    }

    private static final Pattern ASIDE = Pattern.compile("\\s*\\(.*?\\)");

    /** A label without what it says in parentheses: "Monthly recurring revenue (MRR)" is "Monthly recurring revenue". */
    public static String withoutAside(String label) {
        return ASIDE.matcher(label).replaceAll("");
    }

    /**
     * The condition of a metric's own definition on a dimension's column (completed orders: {@code status = 'completed'}),
     * if it has one: a value of that dimension asked of it would contradict it or repeat it.
     */
    private Optional<String> ownCondition(SemanticMetric metric, String field) {
        Dimension d = model.dimension(field).orElse(null);
        if (d == null || d.expr() == null || !d.expr().matches("[A-Za-z_][A-Za-z0-9_]*")) return Optional.empty();
        Pattern column = Pattern.compile("(?i)(?<![\\w.])" + Pattern.quote(d.expr()) + "(?!\\w)");
        for (SemanticMetric.Simple s : model.simpleInputs(metric)) {
            if (s.dataset().equals(d.dataset()) && s.filter() != null && column.matcher(s.filter()).find()) return Optional.of(s.filter().strip());
        }
        return Optional.empty();
    }

    /** A metric's name and label as one text. */
    static String nameAndLabel(SemanticMetric metric) {
        return metric.name().replace('_', ' ') + " " + nullToEmpty(metric.info().label());
    }

    /** Two phrases side by side, joined by "and", "or", "plus" or "vs" ("revenue and MRR", "hires vs leavers"). */
    static boolean conjoined(List<String> words, Span a, Span b) {
        Set<String> joining = Set.of("and", "or", "plus", "vs", "versus");
        return a.to() + 1 == b.from() && joining.contains(words.get(a.to())) || b.to() + 1 == a.from() && joining.contains(words.get(b.to()));
    }

    static Cannot twoMeasures(SemanticMetric metric, SemanticMetric other) {
        return new Cannot(Cannot.TWO_MEASURES + " (" + metric.displayName() + " and " + other.displayName() + "); ask for one at a time");
    }

    /** No semantic metric is named: not a question for this parser. */
    public record NoMetric() implements Result {}

    /**
     * A matched phrase: its token span, what it stands for, and how many of its words are the phrase's (small words
     * between are not); {@code at} lists the words' places when they are scattered over the question, else null.
     */
    record Span(int from, int to, Object target, int weight, int[] at) {
        Span(int from, int to, Object target) {
            this(from, to, target, to - from, null);
        }

        Span(int from, int to, Object target, int weight) {
            this(from, to, target, weight, null);
        }

        boolean scattered() {
            return at != null;
        }

        int length() {
            return to - from;
        }
    }

    record ValueHit(Dimension dimension, Object value) {}

    /** Whether a word is one of the model's names (a month said alone that is one names that, not a period). */
    private boolean isModelWord(String w) {
        return lexicon.vocabulary().contains(w);
    }

    /** The model questions are read over. */
    public SemanticModel model() {
        return model;
    }

    /** How this parser reads periods (its day and the project's fiscal year). */
    public dev.almanac.quality.TimeframeParser timeframes() {
        return timeframes;
    }

    public Result parse(String question) {
        if (checking) {
            Result known = read.known(question); // an option of a question back: read as it would be on its own, never kept
            return known != null ? known : parse(question, null);
        }
        return read.of(question, () -> finished(question, parse(question, null)), r -> r instanceof Parsed || r instanceof NoMetric);
    }

    /**
     * The reading of a question made now, never one kept from an earlier reading of the same words: what a question asked for
     * the first time costs (for measuring it; {@link #parse} keeps readings).
     */
    public Result readAnew(String question) {
        return finished(question, parse(question, null));
    }

    /** A reading as it is given: what it shows once ({@link ShownOnce}), then checked back against the words (the question rewritten once for both). */
    private Result finished(String question, Result r) {
        if (!(r instanceof Parsed)) return r;
        String q = prepared(question);
        return translatedBack(q, ShownOnce.identified(this, q, r));
    }

    /**
     * The reading, unless its query has a part no word of the question asks for ({@link BackTranslation}): then a refusal
     * naming those parts. A follow-up's parts may come from the thread's question and are not checked so. {@code q}: the
     * question as it is read ({@link #prepared}).
     */
    Result translatedBack(String q, Result r) {
        if (!(r instanceof Parsed p)) return r;
        // the period's words are looked for again only when the query has a period the reading did not keep the words of
        boolean periodSaid = p.query().start() == null && p.query().compareTo() == null || p.period().isPresent() || timeframes.parse(q).isPresent()
                || tokens(q, true).stream().anyMatch(NOW_WORDS::contains);
        List<String> unsaid = new BackTranslation(model).unsaid(q, p.query(), periodSaid);
        if (unsaid.isEmpty()) return r;
        return new Cannot("the reading found has " + String.join(", ", unsaid) + ", which no word of the question asks for");
    }

    /** Words that place a question at the present: the latest period or value is meant. */
    private static final Set<String> NOW_WORDS = Set.of("now", "today", "current", "currently", "still", "latest", "present", "presently", "live");

    /**
     * The questions this layer's parsers of the day read into a query (or found no metric in), by their text: the same
     * question gives the same result for the day and model (the command's warm-up and its answer, an answer's follow-ups
     * read twice in one turn). Bounded.
     */
    final Readings read;

    /**
     * A follow-up in a thread changes the previous semantic query: "and in 2024?" (the period), "by region
     * instead" (the breakdown), "only enterprise customers" (a filter), "monthly" (the grain), "as a chart".
     * A question that names a metric of its own is a new question ({@link FollowUps}).
     */
    public Result followUp(String question, SemanticQuery previous) {
        return FollowUps.read(this, question, previous);
    }

    /** Amounts written as people write them, as the number they are ("$500" is 500, "10k" 10000): {@link Rephrasing#AMOUNTS}. */
    public static String amounts(String q) {
        return Rephrasing.amounts(q);
    }

    /** The question as it is read: every {@link Rephrasing} made, in order. */
    String prepared(String question) {
        return Rephrasing.all(this, question);
    }

    /** The phrases of every value of the model's dimensions that are not times. */
    Map<List<String>, Object> allValuePhrases() {
        Map<List<String>, Object> v = allValues;
        if (v == null) allValues = v = lexicon.valuePhrases(model.dimensions().stream().filter(d -> !d.time()).toList());
        return v;
    }

    private volatile Map<List<String>, Object> allValues;

    /** The question's reading as one shape alone, or empty when it is not of that shape (what the shape's corpus is read with). */
    Optional<Result> readAs(RecordShape shape, String question) {
        return shape.read(shapes, prepared(question));
    }

    Result parse(String question, SemanticQuery previous) {
        String q = prepared(question);
        if (previous == null) {
            for (RecordShape shape : RecordShape.values()) {
                Optional<Result> reading = shape.read(shapes, q);
                if (reading.isPresent()) return reading.get();
            }
        }
        Optional<Timeframe> period = timeframes.parse(q);
        if (period.isPresent() && period.get().text().strip().matches("(?i)today|now")) period = Optional.empty(); // "today": the latest value
        if (period.isPresent() && conditionRules.yearOfAttribute(q, period.get())) period = Optional.empty(); // "whose birth year is 1948": a number, not a period
        // two periods with a comparison word: the later one is asked, the earlier is the comparison ("2025 compared with 2024")
        PeriodComparison.Read periods = PeriodComparison.of(timeframes, q, period);
        period = periods.asked();
        Optional<Timeframe> compared = periods.compared();
        String text = periods.rest();
        Optional<Timeframe> asked = period;
        String rest = text;
        List<String> original = tokens(rest, false);
        List<String> words = tokens(rest, true);

        // the metric: phrases of names, labels and synonyms (their words in order, a small word between allowed, word forms folded)
        List<Span> metricSpans = metricNames.metricSpans(words);
        // after "by", "per", "which", "each" a word that names a dimension is that dimension, not a metric ("spend by campaign")
        Map<List<String>, Object> allDims = lexicon.breakdownPhrases();
        metricSpans = new ArrayList<>(metricSpans.stream()
                .filter(sp -> !(Breakdown.cueBefore(words, sp.from()) != null && allDims.containsKey(words.subList(sp.from(), sp.to())))).toList());
        // "which five products sold ...": a metric phrase that starts with the ranked dimension gives way to another metric phrase
        List<Span> rankedDimFirst = metricSpans.stream().filter(sp -> (sp.from() >= 2 && smallNumber(words.get(sp.from() - 1))
                && Set.of("which", "top").contains(words.get(sp.from() - 2)) || sp.from() >= 1 && words.get(sp.from() - 1).equals("which"))
                && allDims.keySet().stream().anyMatch(k -> k.size() < sp.length() && words.subList(sp.from(), sp.from() + k.size()).equals(k))).toList();
        if (!rankedDimFirst.isEmpty() && metricSpans.size() > rankedDimFirst.size()) metricSpans.removeAll(rankedDimFirst);
        // "older than the average age", "above the average weight": an average compared with is a condition, not the measure asked
        metricSpans = new ArrayList<>(metricSpans.stream().filter(sp -> !Conditions.comparedAverage(words, sp)).toList());
        List<Span> counted = metricNames.entityCount(words);
        if (metricSpans.isEmpty()) metricSpans = counted;
        else {
            List<Span> all = new ArrayList<>(metricSpans); // "how many subscriptions are billed annually": the count is a reading too
            for (Span c : counted) if (all.stream().noneMatch(m -> m.target().equals(c.target()))) all.add(c);
            metricSpans = all;
        }
        // a metric's scattered words never take an attribute's name said whole ("the contestant numbers of all contestants" lists
        // numbers; it is not "the number of contestants"), unless the name is also the rows' ("count the car makers")
        List<Span> attributeNames = orders.attributeNames(words).stream().filter(d -> {
            List<String> said = words.subList(d.from(), d.to()).stream().map(QuestionWords::singular).toList();
            return model.datasets().stream().noneMatch(ds -> ReaderLexicon.namesRows(ds, said));
        }).toList();
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> attributeNames.stream().noneMatch(d -> takesOutOfOrder(m, d))).toList());
        if (metricSpans.isEmpty() && previous != null && model.metric(previous.metrics().get(0)).isPresent()) {
            metricSpans = List.of(new Span(0, 0, List.of(model.metric(previous.metrics().get(0)).get()))); // the thread's metric, named by no word
        }
        // "the name of the stadium with the largest capacity": the attributes of the record first by an attribute of its own
        if (previous == null && REQUEST_FOR_LIST.matcher(q).find() && period.isEmpty() && compared.isEmpty() && !words.contains("how") && !groupFirstTried) {
            Optional<Result> first = shapes.superlativeRecord(new Question(q, period, compared, asked, original, words));
            if (first.isPresent() && first.get() instanceof Cannot && !metricSpans.isEmpty()) {
                // "give the continent that has the most countries": no record is first, but a group of them may be
                groupFirstTried = true;
                try {
                    Result group = parse(question, null);
                    if (group instanceof Parsed p && !p.query().groupBy().isEmpty() && p.query().records() == null) return group;
                } finally {
                    groupFirstTried = false;
                }
            }
            if (first.isPresent()) return first.get();
        }
        // "the names and ages of singers older than 30": a list of records' attributes, though a word may name a count too
        if (previous == null && REQUEST_FOR_LIST.matcher(q).find() && period.isEmpty() && compared.isEmpty()
                && !orders.anySuperlative(words) && !words.contains("how")) {
            Optional<Result> list = shapes.severalAttributes(new Question(q, period, compared, asked, original, words));
            if (list.isPresent() && list.get() instanceof Parsed) return list.get();
        }
        if (metricSpans.isEmpty()) return shapes.listing(new Question(q, period, compared, asked, original, words));
        // a metric word inside a longer dimension phrase is part of the dimension ("sales" in "sales channel")
        List<Span> anyDimSpans = spans(words, allDims);
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> anyDimSpans.stream().noneMatch(d -> d.length() > m.weight() && overlaps(d, m))).toList());
        // scattered words of a metric never include a dimension's words after a grouping cue ("spend on each marketing channel")
        // nor those of a grain phrase ("recurring revenue ... per month" is not "monthly recurring revenue" read scattered)
        List<Span> grainPhrases = spans(words, ReaderLexicon.grainPhrases()).stream().filter(g -> g.length() > 1).toList();
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> !m.scattered() || grainPhrases.stream()
                .noneMatch(g -> java.util.Arrays.stream(m.at()).anyMatch(i -> i >= g.from() && i < g.to()))).toList());
        // nor those of a dimension ranked ("top 3 product categories by shop revenue": "product" is the category's)
        metricSpans = new ArrayList<>(metricSpans.stream().filter(m -> !m.scattered() || anyDimSpans.stream()
                .noneMatch(d -> (Breakdown.cueBefore(words, d.from()) != null || ranked(words, d)) && java.util.Arrays.stream(m.at()).anyMatch(i -> i >= d.from() && i < d.to()))).toList());
        if (compared.isPresent()) {
            // two periods compared: "change", "growth" say what to do with them, not which metric ("how much did MRR change
            // from Q1 to Q2" is MRR in both, not the month-over-month growth metric)
            List<Span> plain = metricSpans.stream().filter(m -> !changeWordIn(m, words)).toList();
            if (!plain.isEmpty()) metricSpans = new ArrayList<>(plain);
        }
        if (metricSpans.isEmpty()) return new NoMetric();

        // each metric the words may name is tried: the question is read whole for it, or not at all
        Map<SemanticMetric, Span> candidates = new LinkedHashMap<>();
        for (Span s : longestFirst(metricSpans)) {
            List<SemanticMetric> ms = metricsOf(s);
            for (SemanticMetric m : ms) candidates.merge(m, s, (a, b) -> b.weight() > a.weight() || b.weight() == a.weight() && a.scattered() && !b.scattered() ? b : a);
        }
        metricNames.shareOf(words).forEach(candidates::putIfAbsent);
        if (candidates.size() > MAX_READINGS) {
            // words every dataset's measure has ("the total amount" in a model of many tables): only the measures of the records
            // the question names are read; none named, or still too many, is no reading (each would be read whole)
            Set<String> named = new java.util.HashSet<>();
            for (Dataset d : lexicon.namedRows(words)) named.add(d.name());
            int all = candidates.size();
            candidates.keySet().removeIf(m -> java.util.Collections.disjoint(datasetsOf(m), named));
            if (candidates.isEmpty() || candidates.size() > MAX_READINGS) {
                return new Cannot("the question's words name " + all + " measures of different records; say whose (which records) you mean");
            }
        }
        Question asked_ = new Question(q, period, compared, asked, original, words);
        List<Reading> readings = new ArrayList<>();
        for (Map.Entry<SemanticMetric, Span> c : candidates.entrySet()) {
            Reading reading = new Reading(c.getKey(), c.getValue(), read(asked_, c.getKey(), c.getValue(), metricSpans, anyDimSpans, previous));
            if (reading.result() instanceof Cannot no && no.reason().startsWith(QUALIFIED)) {
                // the metric's words in order, if the question has them ("spend" of "spend on paid social campaigns")
                for (Span other : longestFirst(metricSpans)) {
                    if (other.scattered() || !metricsOf(other).contains(c.getKey())) continue;
                    reading = new Reading(c.getKey(), other, read(asked_, c.getKey(), other, metricSpans, anyDimSpans, previous));
                    break;
                }
            }
            readings.add(reading);
        }
        readings.sort(java.util.Comparator.<Reading>comparingInt(r -> -r.span().weight()).thenComparing(r -> r.span().scattered())
                .thenComparingInt(r -> r.span().length()));
        // a metric named by words inside a longer phrase of another metric is not meant ("active users" in "monthly active users"),
        // unless that phrase's words are scattered and its reading failed
        List<Reading> answered = readings.stream().filter(r -> !(r.result() instanceof Cannot))
                .filter(r -> readings.stream().noneMatch(o -> o.span().weight() > r.span().weight() && !(o.span().scattered() && o.result() instanceof Cannot)
                        && o.span().from() <= r.span().from()
                        && r.span().to() <= o.span().to()))
                // nor is a metric whose words are scattered over another metric's words in order, of other records ("car ... name"
                // of "car makers ... continent name") or a measure's of two words or more ("claim ... open" over "claimed amount of
                // claims that are open"): those words name the other, whether its reading holds or not ("how many" names no records)
                .filter(r -> !r.span().scattered() || readings.stream().noneMatch(o -> !o.span().scattered() && o.span().weight() >= r.span().weight()
                        && (java.util.Collections.disjoint(datasetsOf(o.metric()), datasetsOf(r.metric())) || o.span().weight() >= 2 && !o.metric().countsRows())
                        && java.util.Arrays.stream(r.span().at()).anyMatch(i -> i >= o.span().from() && i < o.span().to() && !COUNT_CUES.contains(words.get(i)))))
                .toList();
        if (answered.isEmpty()) {
            Optional<Result> through = countedThrough(readings, asked_, metricSpans, anyDimSpans, previous);
            if (through.isPresent()) return through.get();
            Result first = readings.get(0).result();
            if (first instanceof Cannot no && (!no.unplaced().isEmpty() || no.reason().startsWith(NOTHING_RANKED))) {
                Optional<Result> narrower = metricNames.narrowerMetrics(readings.get(0), q, original, words);
                if (narrower.isPresent()) return narrower.get();
            }
            return first;
        }
        int top = answered.get(0).span().weight();
        List<Reading> best = answered.stream().filter(r -> r.span().weight() == top).toList();
        // words in order first, unless the words in order are another form of the metric's ("claims are open" of "claims
        // opened": a state, not the event) and a metric's words out of order are written as its names ("open claims")
        List<Reading> inOrder = best.stream().filter(r -> !r.span().scattered()).toList();
        if (!inOrder.isEmpty()) {
            int verbatim = inOrder.stream().mapToInt(r -> MetricNames.verbatimWords(r.metric(), words)).max().orElseThrow();
            best = best.stream().filter(r -> !r.span().scattered() || MetricNames.verbatimWords(r.metric(), words) > verbatim).toList();
        }
        best = MetricChoice.chosen(this, best, words);
        if (best.size() == 1) { // a count of some records said as the records alone: asked back beside the count of them all
            Reading one = best.get(0);
            Optional<SemanticMetric> whole = MetricChoice.wholeCount(this, one, words);
            if (whole.isPresent()) {
                Reading all = new Reading(whole.get(), one.span(), read(asked_, whole.get(), one.span(), metricSpans, anyDimSpans, previous));
                if (all.result() instanceof Parsed) best = List.of(one, all);
            }
        }
        if (best.size() == 1) {
            // another measure's whole phrase of two words or more, said in order apart from the one read ("the claimed amount of
            // open claims" read as the count of open claims): the question names two measures, however the one read placed the
            // other's words. A count's phrase names records, which a measure may be of ("revenue from orders shipped")
            Reading one = best.get(0);
            Optional<Reading> other = readings.stream().filter(o -> !o.metric().equals(one.metric()) && !o.span().scattered() && o.span().weight() >= 2
                    && !o.metric().countsRows()
                    && o.span().weight() >= one.span().weight() && !overlaps(o.span(), one.span())).findFirst();
            if (other.isPresent()) return twoMeasures(one.metric(), other.get().metric());
            return one.result();
        }
        List<String> names = toldApart(best.stream().map(Reading::metric).toList(), SemanticMetric::displayName, m -> {
            Set<String> over = datasetsOf(m);
            return over.size() == 1 ? over.iterator().next() : null;
        });
        // each option says the measure by its name without the aside ("Orders placed", not "Orders placed (all statuses)"),
        // which a question does not say, unless that leaves two alike
        List<String> said = names.stream().map(QuestionParser::withoutAside).toList();
        if (new java.util.HashSet<>(said).size() < said.size()) said = names;
        List<String> options = new ArrayList<>();
        for (int i = 0; i < best.size(); i++) {
            Reading r = best.get(i);
            String shown = String.join(" ", original.subList(r.span().from(), r.span().to()));
            options.add(q.replaceFirst("(?i)" + Pattern.quote(shown), Matcher.quoteReplacement(said.get(i))));
        }
        return checked(new Clarify("Which do you mean: " + String.join("; ", names) + "?", options));
    }

    /**
     * "Which language is spoken by the most countries?": a count of records no reading of which holds, read again as the
     * number of different records the rows of another dataset refer to ({@link SemanticModel#countedThrough}), when the
     * question names an attribute of those rows that the records themselves do not have. One such reading, or none.
     */
    private Optional<Result> countedThrough(List<Reading> readings, Question question, List<Span> metricSpans, List<Span> anyDimSpans, SemanticQuery previous) {
        if (checking) return Optional.empty();
        Map<String, Result> read = new LinkedHashMap<>();
        int top = readings.get(0).span().weight();
        for (Reading r : readings) {
            // the records the question counts, said together, not others it names ("how many dogs ... by breed size" counts no sizes)
            if (r.span().weight() < top || !together(r.span(), question.words())) continue;
            List<SemanticMetric.Simple> through = model.countedThrough(r.metric());
            if (through.isEmpty() || r.span().length() > 0 && question.original().get(r.span().from()).equalsIgnoreCase("numbers")) continue; // "flight numbers of ...": an attribute
            Set<String> own = new java.util.HashSet<>();
            for (Dimension d : sliceable(r.metric())) own.add(d.qualifiedName());
            for (SemanticMetric.Simple t : through) {
                if (read.containsKey(t.name())) continue;
                Result result = read(question, t, r.span(), metricSpans, anyDimSpans, previous);
                if (!(result instanceof Parsed p)) continue;
                SemanticQuery sq = p.query();
                boolean theirs = java.util.stream.Stream.concat(sq.groupBy().stream().map(SemanticQuery.GroupBy::dimension), sq.filters().stream().map(SemanticQuery.Filter::field))
                        .map(f -> model.dimension(f).map(Dimension::qualifiedName).orElse(f)).anyMatch(f -> !own.contains(f));
                // "how many departments offer degrees": the rows that refer to the records, named where the count alone left words
                boolean named = r.result() instanceof Cannot no && no.unplaced().stream().anyMatch(w -> namesRowsOf(w, t.dataset()))
                        && question.words().stream().noneMatch(QuestionWords::denies);
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
            if (java.util.Arrays.stream(at).noneMatch(x -> x == i) && !FILLER.contains(words.get(k)) && !DISTINCT_WORDS.contains(words.get(k))) return false;
        }
        return true;
    }

    /** Whether a word, as the question has it, is a content word of a dataset's names ("degrees" of degree programs). */
    boolean namesRowsOf(String word, String dataset) {
        String stem = stem(singular(word.toLowerCase(Locale.ROOT)));
        return model.dataset(dataset).map(d -> ReaderLexicon.datasetWords(d).stream()
                .anyMatch(w -> !FunctionWords.english().isFunctionWord(w) && stem(w).equals(stem))).orElse(false);
    }

    /** While a question no record of which is first is read again for a group first ({@link #parse}). */
    private boolean groupFirstTried;

    /** The most measures a question is read for, one whole reading each; more are narrowed to those of the records named. */
    static final int MAX_READINGS = 12;

    /** The datasets a metric's facts come from. */
    Set<String> datasetsOf(SemanticMetric m) {
        Set<String> out = new java.util.HashSet<>();
        model.simpleInputs(m).forEach(x -> out.add(x.dataset()));
        return out;
    }

    /** Why a reading of scattered words out of order is set aside (see {@link #read}). */
    static final String QUALIFIED = "a word of the metric is the noun a value qualifies";

    /** Words that ask for a part of a whole in percent ("what share of MRR came from ..."). */
    private static final Set<String> SHARE_CUES = Set.of("share", "percentage", "percent", "proportion", "fraction", "%");
    /** Words that tie a part to its whole ("accounted for", "made up", "represented"). */
    private static final Set<String> SHARE_FILLER = Set.of("accounted", "account", "represent", "represented", "contributed", "contribute", "went");

    /** How a request for a list of values starts ("list the products ...", "which currency is used in Japan?"). */
    static final Pattern LISTING = Pattern.compile("(?i)^\\s*(please\\s+)?(list|show|name|which|what|sort|give|display|find|return|tell)\\b");
    /** Words that say nothing more in a request for a list ("the plans we offer", "the currency used in Japan"). */
    static final List<String> LISTING_WORDS = List.of("list", "show", "return", "display", "find", "give", "tell", "used", "use", "available", "offered", "exist", "existing", "called",
            "known", "kind", "type", "sort");

    /**
     * Whether a metric's words, taken here and there, take all the words of a name said whole, out of their order
     * ("contestant number of" read as "number of contestants").
     */
    private static boolean takesOutOfOrder(Span metric, Span name) {
        if (!metric.scattered()) return false;
        int[] at = metric.at();
        boolean inOrder = java.util.stream.IntStream.range(1, at.length).allMatch(i -> at[i] > at[i - 1]);
        return !inOrder && java.util.stream.IntStream.range(name.from(), name.to()).allMatch(k -> java.util.Arrays.stream(at).anyMatch(x -> x == k));
    }

    /** How a refusal of a ranking with nothing to rank begins: the metric read may not be the one the ranked things have. */
    static final String NOTHING_RANKED = "a ranking needs something to rank";

    /** A question that asks for a list ("what are", "show", "return", "give me"). */
    private static final Pattern REQUEST_FOR_LIST = Pattern.compile("(?i)^\\s*(please\\s+)?(list|show|name|which|what|sort|give|display|find|return|tell)\\b");

    /**
     * The rows of a dataset as the "metric" a list is read for: its count with the words that ask for a list ("list", "show",
     * "return") as its synonyms, so that reading the question for it places them; never computed itself.
     */
    SemanticMetric.Simple listedRows(String dataset) {
        SemanticMetric.Simple rows = model.rowsOf(dataset);
        SemanticMetric.Info info = rows.info();
        return new SemanticMetric.Simple(rows.name(), new SemanticMetric.Info(info.label(), info.description(), info.unit(), info.format(), info.decimals(),
                info.owner(), info.caveats(), LISTING_WORDS, info.tags(), info.file()), rows.dataset(), rows.agg(), rows.expr(), rows.percentile(),
                rows.filter(), rows.segments(), rows.timeDimension(), rows.snapshotDimension(), rows.snapshotLast(), rows.timeGrain(), rows.fillNullsWith());
    }

    /** Whether "for" stands before a word, "the" and "all" aside ("for all the different cylinders"). */
    static boolean forBefore(List<String> words, int at) {
        int i = at - 1;
        while (i >= 0 && Set.of("the", "all").contains(words.get(i))) i--;
        return i >= 0 && words.get(i).equals("for");
    }

    /** Words that may stand between the attributes of one list ("name, country and age", "the names and the ages"). */
    static final Set<String> LIST_JOINERS = Set.of("and", "the", "their", "its", "his", "her", "also", "as", "well");

    /**
     * Marks the words of a value's attribute said a few words before it, only an auxiliary, an article, a preposition or the
     * words that exclude it between ("whose nationality is USA", "with a nationality other than USA"): they name what the
     * value is of.
     */
    void markAttributeBefore(List<String> words, boolean[] used, Span v, Dimension dim) {
        Set<String> attribute = attributeStems(dim);
        for (int i = v.from() - 1; i >= 0 && i >= v.from() - 5; i--) {
            String w = words.get(i);
            if (attribute.contains(stem(w)) || attribute.contains(stem(singular(w)))) {
                if (!used[i] && Breakdown.cueBefore(words, i) != null) return; // "by store for franchised stores": a breakdown, not the value's attribute
                if (!used[i]) used[i] = true;
                continue;
            }
            boolean between = linking(w) || NEGATIONS.contains(w) || w.equals("other") || used[i];
            if (!between) return;
        }
    }

    /** Words that ask for values each once. */
    static final Set<String> DISTINCT_WORDS = Set.of("different", "distinct", "unique");

    /** What a piece of text is called ("the substring 'Al'", "the letter w", "the word computer"). */
    static final Set<String> PIECE_WORDS = Set.of("substring", "string", "letter", "letters", "word", "words", "character", "characters");

    /** A sentence after the question that asks to show some attributes and no number ("... ? List the owner id and name."). */
    private static final Pattern SHOWN_ONLY = Pattern.compile("(?i)[.?!;]\\s*(?:please\\s+)?(?:list|show|give|return|display|tell)\\b(?![^.?!]*\\b(?:number|count|how\\s+many|total|amount|sum|average|many)\\b)[^.?!]*[.?!]?\\s*$");

    /** Words that ask how many. */
    private static final Set<String> COUNT_CUES = Set.of("how", "many", "number", "count", "total", "amount");

    /** Words that ask for an aggregate of rows (a count, a sum, an average, an extreme), never for the rows or values themselves. */
    static final Set<String> AGGREGATES = Set.of("number", "count", "total", "sum", "average", "avg", "mean", "median", "amount", "maximum",
            "minimum", "max", "min");

    static final Set<String> SHARE_WORDS = Set.of("share", "percentage", "percent", "proportion", "fraction", "ratio", "rate");

    private static final Set<String> CHANGE_STEMS = Set.of("chang", "growth", "grow", "grew", "increas", "decreas", "differ", "differenc");

    /** Words of a moment of a period: its start ("at the start of each month"), its end. */
    static final List<String> PERIOD_START_WORDS = List.of("start", "beginning"), PERIOD_END_WORDS = List.of("end", "close");

    /** Word stems that ask how a number moved or how two compare, not the number itself. */
    private static final Set<String> MOVEMENT_STEMS = java.util.stream.Stream.concat(CHANGE_STEMS.stream(),
            java.util.stream.Stream.of("vs", "versus", "compar", "drop", "rise", "rose", "fell", "fall", "declin", "trend")).collect(java.util.stream.Collectors.toUnmodifiableSet());

    /** The words of a text that ask how a number moved or how two compare ("growth", "vs", "dropped"), as written. */
    public static List<String> movementWords(String text) {
        return tokens(text, true).stream().filter(w -> MOVEMENT_STEMS.contains(stem(w))).toList();
    }

    private static boolean changeWordIn(Span s, List<String> words) {
        if (s.scattered()) return java.util.Arrays.stream(s.at()).anyMatch(i -> CHANGE_STEMS.contains(stem(words.get(i))));
        for (int i = s.from(); i < s.to(); i++) if (CHANGE_STEMS.contains(stem(words.get(i)))) return true;
        return false;
    }


    /** A metric the question may name, and the question read for it. */
    record Reading(SemanticMetric metric, Span span, Result result) {}

    /** The dimensions, identifiers and free text a metric can be sliced by ("for each hometown": free text named is grouped by, never offered). */
    private List<Dimension> sliceable(SemanticMetric metric) {
        return sliceable.computeIfAbsent(metric.name(), k -> {
            List<Dimension> out = new ArrayList<>(layer.dimensionsOf(metric));
            out.addAll(layer.identifiersOf(metric));
            out.addAll(layer.textsOf(metric));
            return List.copyOf(out);
        });
    }

    /** The question read for one metric: a semantic query, a question back, or why not. */
    Result read(Question question, SemanticMetric metric, Span metricSpan, List<Span> metricSpans, List<Span> anyDimSpans, SemanticQuery previous) {
        String q = question.q();
        Optional<Timeframe> period = question.period();
        Optional<Timeframe> compared = question.compared();
        Optional<Timeframe> asked = question.asked();
        List<String> original = question.original();
        List<String> words = question.words();
        boolean[] used = new boolean[words.size()];
        mark(used, metricSpan);
        // other phrases of the same metric are its words too
        for (Span s : metricSpans) {
            List<SemanticMetric> ms = metricsOf(s);
            if (ms.contains(metric) && !overlaps(s, metricSpan)) mark(used, s);
        }
        boolean[] metricWords = used.clone();
        // "concerts in 2014", "museums opened after 2013": whole years of rows with no time of their own, a condition on their year
        List<SemanticQuery.Filter> yearConditions = compared.isPresent() ? List.of() : conditionRules.years(q, metric, period, words, used).orElse(List.of());
        if (!yearConditions.isEmpty()) period = Optional.empty();
        // "stadiums that had no concert in 2014": the years of rows that refer to those read
        List<SemanticQuery.Exists> relatedYears = yearConditions.isEmpty() && compared.isEmpty() && period.isPresent()
                ? relatedValues.years(q, metric, period.get(), words, used).map(List::of).orElse(List.of()) : List.of();
        if (!relatedYears.isEmpty()) period = Optional.empty();
        if (metricSpan.length() == 1 && SHARE_WORDS.contains(words.get(metricSpan.from())) && !(metric instanceof SemanticMetric.Simple)) {
            // "what share of payment attempts failed": the words of the percentage's inputs define it; they are not filters
            Set<String> vocabulary = new java.util.HashSet<>(metricNames.contentStems(metric));
            metric.inputNames().forEach(n -> model.metric(n).ifPresent(m -> vocabulary.addAll(metricNames.contentStems(m))));
            for (int i = 0; i < words.size(); i++) if (!used[i] && vocabulary.contains(stem(words.get(i)))) used[i] = true;
        }
        // dimensions and values the metric can be sliced by (read before the grain: "monthly plans" is a billing period)
        List<Dimension> dims = sliceable(metric);
        List<Span> dimSpans = new ArrayList<>(spans(words, phrases.dimensionsOf(metric.name(), () -> lexicon.dimensionPhrases(dims))));
        dimSpans.addAll(dimensions.headNounSpans(words, dims, dimSpans, metric));
        // "how many high schoolers are in each grade": a number the metric's rows reach, named right after "each", "every" or
        // "per", is grouped by, each of its values a group (never offered as a breakdown, and elsewhere a condition's)
        // "which grade has the most high schoolers": so is one named right after "which" or "what" in a ranking of the rows counted
        boolean rankedCount = metric.countsRows() && orders.anySuperlative(words);
        if (words.stream().anyMatch(EACH::contains) || rankedCount) {
            for (Span sp : spans(words, lexicon.numberPhrasesOf(metric))) {
                String before = sp.from() > 0 ? words.get(sp.from() - 1) : "";
                if ((EACH.contains(before) || rankedCount && Set.of("which", "what").contains(before)) && dimensionOf(sp).size() == 1
                        && dimSpans.stream().noneMatch(d -> overlaps(d, sp))) dimSpans.add(sp);
            }
        }
        // "names that contain the substring 'Al'", "a description with the letter 'w' in it": text holding a piece of text, read
        // before values so that the piece is never taken for one
        List<SemanticQuery.Filter> contained = new ArrayList<>();
        List<Span> attributeSpans = new ArrayList<>(dimSpans); // the records' own attributes by their short names too ("names" of contestant_name)
        for (String ds : datasetsOf(metric)) model.dataset(ds).ifPresent(d -> attributeSpans.addAll(spans(words, lexicon.attributesOf(d))));
        for (Quoted literal : Conditions.quoted(q, original)) conditionRules.containedText(words, used, attributeSpans, literal.from(), literal.to(), literal.text()).ifPresent(contained::add);
        for (int i = 0; i < words.size(); i++) {
            if (used[i] || !PIECE_WORDS.contains(words.get(i))) continue;
            int v = i + 1 < words.size() && words.get(i + 1).equals("the") ? i + 2 : i + 1; // "the substring the computer"
            if (v < words.size() && !used[v] && (v + 1 == words.size() || words.get(v + 1).equals("in"))) {
                conditionRules.containedText(words, used, attributeSpans, v, v + 1, original.get(v)).ifPresent(contained::add);
            }
        }
        List<Span> valueSpans = new ArrayList<>(spans(words, phrases.valuesOf(metric.name(), () -> lexicon.valuePhrases(dims))));
        valueSpans.removeIf(v -> v.length() == 1 && lexicon.phrasalModelWord(words, v.from())); // "signed up": no value "signed"
        // "how many people": the persons counted, not a value called "People"
        valueSpans.removeIf(v -> v.length() == 1 && v.from() >= 2 && words.get(v.from() - 2).equals("how") && words.get(v.from() - 1).equals("many")
                && QuestionFrame.anyPerson(words.get(v.from())));
        List<Span> grainSpans = spans(words, ReaderLexicon.grainPhrases());

        // the metric is the kind of figure asked for: what is counted, an amount or a count, the record or its extreme
        Optional<Cannot> unfit = MeasureFit.check(this, new MeasureFit.Asked(question, metric, metricSpan, used, period));
        if (unfit.isPresent()) return unfit.get();

        // the time grain asked for ("each month", "quarterly"), read before the values (a grain word may be a value too)
        GrainRule.Said grains = new GrainRule.Said(question, period, used, metric, metricSpan, grainSpans, valueSpans, dimSpans);
        Optional<Result> grainEnds = GrainRule.read(this, grains);
        if (grainEnds.isPresent()) return grainEnds.get();
        Grain grain = grains.grain;

        // values first: a value with its dimension's word next to it ("the type CV") is a condition
        ValueRule.Said placed = new ValueRule.Said(q, words, original, used, metric, metricSpan, metricWords, dimSpans, anyDimSpans, valueSpans,
                metricNames.contentStems(metric), datasetsOf(metric));
        Optional<Result> valuesEnd = ValueRule.place(this, placed);
        if (valuesEnd.isPresent()) return valuesEnd.get();
        Map<String, List<String>> filterValues = placed.filterValues;
        Map<String, List<String>> negatedValues = placed.negatedValues;
        String[] valueOf = placed.valueOf;
        // "more than 4 cylinders", "horsepower greater than 150", "aged at least 30": a number compared with a number attribute
        List<SemanticQuery.Filter> conditions = conditionRules.conditions(words, used, metric, dims);
        conditions.addAll(yearConditions);
        conditions.addAll(contained);
        // "with episode 'A Love of a Lifetime'", "the airline named "JetBlue Airways"": a quoted value of the attribute just before it
        for (Quoted literal : Conditions.quoted(q, original)) {
            if (java.util.stream.IntStream.range(literal.from(), literal.to()).anyMatch(i -> used[i])) continue;
            Optional<Object> f = conditionRules.quotedValue(words, used, metric, dims, literal);
            if (f.isPresent() && f.get() instanceof Cannot no) return no;
            f.ifPresent(x -> conditions.add((SemanticQuery.Filter) x));
        }
        // "countries where English is spoken", "the region of the city Kabul": a value of rows that refer to the rows read
        Optional<Object> relatedRows = relatedValues.place(words, original, used, valueOf, metric);
        if (relatedRows.isPresent() && relatedRows.get() instanceof Cannot no) return no;
        RelatedValues.Placed related = relatedRows.map(x -> (RelatedValues.Placed) x).orElse(new RelatedValues.Placed(List.of(), Set.of())).with(relatedYears);
        // the breakdowns: a dimension named after a cue, in the metric's phrase, or by two values of it
        Breakdown.Said breakdowns = new Breakdown.Said(q, words, original, used, metric, metricSpan, metricWords, dims, dimSpans, filterValues);
        Optional<Result> ends = Breakdown.read(this, breakdowns);
        if (ends.isPresent()) return ends.get();
        List<String> groupBy = breakdowns.groupBy;
        Integer limit = breakdowns.limit;
        Boolean rankedAllDescending = breakdowns.rankedAllDescending;
        // "how many orders were refunded" of completed orders: a value of what the metric's own definition keeps one value of;
        // "orders by status": a breakdown by it (one group, or a few the definition lets through, never the statuses asked)
        for (String field : java.util.stream.Stream.of(filterValues.keySet(), negatedValues.keySet(), groupBy).flatMap(Collection::stream).toList()) {
            Optional<String> own = ownCondition(metric, field);
            if (own.isPresent()) {
                return new Cannot(metric.displayName() + " counts only the rows where " + own.get() + ": " + (groupBy.contains(field) ? "a breakdown by " : "a condition on ")
                        + model.dimension(field).map(Dimension::displayName).orElse(field) + " is not read with it");
            }
        }

        // rankings
        Ranking.Said ranked = Ranking.read(this, new Ranking.Said(words, used, metric, groupBy, rankedAllDescending,
                readingWords.groupsInPlural(breakdowns), limit, grain));
        List<String> order = ranked.order;
        limit = ranked.limit;
        grain = ranked.grain;
        if (limit != null && groupBy.isEmpty() && grain == null) {
            return new Cannot(NOTHING_RANKED + " (\"top 5 products by ...\"): no dimension was named");
        }

        // another metric's phrase joined to this one's by "and", "or" or "vs" ("revenue and MRR", "forecast vs revenue") is a
        // second measure, even when its words are also this metric's
        for (Span s : metricSpans) {
            List<SemanticMetric> ms = metricsOf(s);
            if (ms.contains(metric) || overlaps(s, metricSpan) || s.scattered() || metricSpan.scattered()) continue;
            boolean conjoined = conjoined(words, s, metricSpan);
            boolean free = true;
            for (int i = s.from(); i < s.to(); i++) if (used[i]) free = false;
            if (conjoined && free && !ms.stream().allMatch(m -> m.inputNames().contains(metric.name()) || metric.inputNames().contains(m.name()))) {
                return twoMeasures(metric, ms.get(0));
            }
        }
        // "what share of MRR came from Enterprise customers": the part the filters keep of an amount or a count, in percent
        boolean share = false;
        boolean adds = metric instanceof SemanticMetric.Simple ms && Set.of(SemanticMetric.Agg.SUM, SemanticMetric.Agg.COUNT,
                SemanticMetric.Agg.COUNT_DISTINCT).contains(ms.agg());
        if (adds && !filterValues.isEmpty() && compared.isEmpty() && !"percent".equals(metric.info().format())) {
            for (int i = 0; i < words.size() && i < metricSpan.from(); i++) {
                if (used[i] || !SHARE_CUES.contains(words.get(i))) continue;
                share = true;
                used[i] = true;
                for (int k = 0; k < words.size(); k++) if (!used[k] && SHARE_FILLER.contains(words.get(k))) used[k] = true;
                break;
            }
        }
        // "what fraction of leads converted": a part of a whole is asked, which a count or an amount alone does not give
        if (!share && !"percent".equals(metric.info().format())) {
            for (int i = 0; i < metricSpan.from(); i++) {
                if (SHARE_CUES.contains(words.get(i)) && i + 1 < words.size() && words.get(i + 1).equals("of")) {
                    return new Cannot("the question asks for a share ('" + original.get(i) + " of'), and " + metric.displayName() + " is not one");
                }
            }
        }
        // "show all distinct codes", "list the singers": the rows or values asked for, which a count of them does not show (a
        // listing, read with no metric phrase, is such a request answered)
        // "list the campaigns launched in 2026", "which customers signed up last month": the rows a plain count counts, over the
        // period on the time it counts them by, are listed by the attribute that names them
        RowsOverPeriod listed = null;
        if (!metricSpans.isEmpty() && metric instanceof SemanticMetric.Simple counted && (counted.agg() == SemanticMetric.Agg.COUNT || counted.agg() == SemanticMetric.Agg.COUNT_DISTINCT)
                && !counted.info().synonyms().equals(LISTING_WORDS) // a list being read is such a request answered
                && RowsOverPeriod.asked(q, words, metricSpan) && groupBy.isEmpty() && limit == null
                && words.stream().noneMatch(COUNT_CUES::contains)) {
            listed = RowsOverPeriod.of(this, counted, period.orElse(null), grain, compared.isPresent()).orElse(null);
            if (listed == null) {
                return new Cannot("the question asks for the " + metric.displayName().toLowerCase(Locale.ROOT).replaceFirst("^(number|count) of ", "")
                        + " themselves, not how many; lists of records are not read yet");
            }
        }
        Breakdown.groupedAttributes(this, words, used, groupBy);
        Optional<Cannot> alternatives = ValueRule.alternatives(words, original, used, valueOf, compared.isPresent());
        if (alternatives.isPresent()) return alternatives.get();
        // every other word must be filler, a word of the metric's entities, or a number we placed
        Set<String> entities = readingWords.entityNouns(readingWords.readingDatasets(metric, dims));
        entities.addAll(readingWords.entityNouns(related.datasets()));
        Set<String> allowed = readingWords.allowedWords(metric, dims, entities);
        // a word that names a breakdown of the metric and was not read as one is not let pass as a word of its records ("MRR by
        // customer region": "region" is a breakdown, not the customers' entity; MRR by customer alone dropped it)
        boolean[] unreadBreakdown = new boolean[words.size()];
        for (Span d : dimSpans) {
            if (anyUsed(used, d) || dimensionOf(d).stream().noneMatch(x -> x.breakdown() && !x.time())) continue;
            if (d.from() > 0 && (used[d.from() - 1] && Breakdown.cueBefore(words, d.from()) == null && !inSpan(metricSpan, d.from() - 1))) {
                for (int k = d.from(); k < d.to(); k++) unreadBreakdown[k] = true;
            }
        }
        // "dogs by breed size": the noun of other records right after a breakdown read, with no cue of its own, asks for a
        // breakdown by them too (or by an attribute of the first), which was not read; never let pass as a word of the rows
        Set<String> ownRows = datasetsOf(metric);
        for (Span r : spans(words, lexicon.rowWords())) {
            if (anyUsed(used, r) || Breakdown.cueBefore(words, r.from()) != null || !dimensions.groupedJustBefore(r.from(), used, dimSpans, groupBy)) continue;
            @SuppressWarnings("unchecked") List<Dataset> named = (List<Dataset>) r.target();
            if (named.stream().allMatch(d -> ownRows.contains(d.name()))) continue;
            for (int k = r.from(); k < r.to(); k++) unreadBreakdown[k] = true;
        }
        List<String> unplaced = WordPlacement.unplaced(this, new WordPlacement.Left(question, used, metric, metricSpan, metricWords, groupBy, grain, valueOf,
                entities, allowed, readingWords.describedPairs(readingWords.readingDatasets(metric, dims), metric), previous, unreadBreakdown));
        if (!unplaced.isEmpty()) {
            for (Span s : metricSpans) {
                List<SemanticMetric> ms = metricsOf(s);
                if (ms.contains(metric) || overlaps(s, metricSpan) || !readingWords.unplacedIn(s, used, words, allowed)) continue;
                return twoMeasures(metric, ms.get(0));
            }
            return new Cannot("I could not place " + String.join(", ", unplaced.stream().map(u -> "'" + u + "'").toList()) + " in a question about "
                    + metric.displayName(), unplaced);
        }

        List<SemanticQuery.Filter> filters = new ArrayList<>();
        filterValues.forEach((dim, vs) -> filters.add(new SemanticQuery.Filter(dim, vs.size() == 1 ? "=" : "in", vs)));
        negatedValues.forEach((dim, vs) -> filters.add(new SemanticQuery.Filter(dim, vs.size() == 1 ? "!=" : "not_in", vs)));
        filters.addAll(conditions);
        if (listed != null) {
            Parsed rows = listed.query(filters, asked);
            return new Parsed(rows.query().withExists(related.exists()), rows.period());
        }
        SemanticQuery query = SemanticQuery.of(metric.name()).withExists(related.exists());
        if (!groupBy.isEmpty()) query = query.by(groupBy.toArray(String[]::new));
        if (grain != null) query = query.grain(grain);
        if (period.isPresent()) query = query.between(period.get().start(), period.get().end());
        query = query.where(filters);
        // a breakdown of an amount or a count by categories reads largest first (its bars sorted); an average or a rate, and a
        // trend, keep the categories' or the periods' order
        boolean additive = metric instanceof SemanticMetric.Simple sm && Set.of(SemanticMetric.Agg.SUM, SemanticMetric.Agg.COUNT,
                SemanticMetric.Agg.COUNT_DISTINCT).contains(sm.agg());
        if (order.isEmpty() && !groupBy.isEmpty() && grain == null && additive) order.add("-" + metric.name());
        if (share) {
            query = query.asShare(); // ranked and ordered by the share, the one column of the metric it has
            order.replaceAll(o -> o.replace(metric.name(), metric.name() + "_share_pct"));
        }
        if (!order.isEmpty()) query = query.orderBy(order.toArray(String[]::new));
        if (limit != null) query = query.limit(limit);
        // "Which breed do the most dogs have? Give me the breed name.": a sentence of its own says what to show, the groups
        // ranked; the measure ranks them and is not shown
        Matcher shownOnly = SHOWN_ONLY.matcher(q);
        if (limit != null && !groupBy.isEmpty() && grain == null && !share && compared.isEmpty() && shownOnly.find()) {
            query = new SemanticQuery(List.of(), query.groupBy(), null, query.start(), query.end(), query.filters(), query.order(), query.limit(), null, null, null)
                    .withExists(query.exists());
            // "Which owner has the most dogs? Give me the last name.": the records ranked (by the attribute naming each) with what
            // the sentence shows of them, the naming attribute only when it says it
            Dimension rankedBy = model.dimension(query.groupBy().get(0).dimension()).orElse(null);
            List<String> sentence = tokens(shownOnly.group(), true);
            if (rankedBy != null && rankedBy.labelsEntity() && query.groupBy().size() > 1
                    && query.groupBy().stream().skip(1).allMatch(g -> model.dimension(g.dimension()).map(d -> d.dataset().equals(rankedBy.dataset())).orElse(false))
                    && !names(sentence, rankedBy)) {
                query = query.withConditionsOf(List.of(), query.groupBy().subList(1, query.groupBy().size())).records(rankedBy.dataset())
                        .withOrder(query.order()).limit(query.limit());
            }
        }
        // "which plan has the most": every one tied for the most, never one of them picked by its name's order
        if (limit != null && limit == 1 && (!groupBy.isEmpty() || grain != null)) query = query.withTies();
        if (compared.isPresent()) {
            if (grain != null || !groupBy.isEmpty() && limit != null) return new Cannot("a comparison of two periods is answered for the periods as a whole, not by "
                    + (grain != null ? grain.label() : "a ranking"));
            query = query.comparedTo(compared.get().start(), compared.get().end());
        }
        if (previous != null) query = FollowUps.merge(previous, query, asked.isPresent(), filters).withExists(previous.exists()).withExists(related.exists());
        return new Parsed(query, yearConditions.isEmpty() && relatedYears.isEmpty() ? asked : Optional.empty());
    }

    /** Whether the words name the attribute, by a phrase of its dataset's attributes no longer phrase holds ("owner", not "owner id"). */
    private boolean names(List<String> words, Dimension d) {
        Map<List<String>, Object> phrases = model.dataset(d.dataset()).map(lexicon::attributesOf).orElse(Map.of());
        return outermost(spans(words, phrases)).stream().anyMatch(sp -> dimensionOf(sp).contains(d));
    }

    /**
     * The dimensions' names as people read them, each told apart from the others: a name two datasets share ("Status" of
     * orders and of tickets) says whose it is ("status of orders"), so that a question back never offers the same words twice.
     */
    static List<String> toldApart(List<Dimension> ds) {
        return toldApart(ds, Dimension::displayName, d -> d.dataset());
    }

    /** Names, each with whose it is ("Status of orders") where another has the same one; {@code whose} null when it cannot say. */
    private static <T> List<String> toldApart(List<T> things, java.util.function.Function<T, String> name, java.util.function.Function<T, String> whose) {
        Map<String, Long> seen = things.stream().collect(java.util.stream.Collectors.groupingBy(x -> name.apply(x).toLowerCase(Locale.ROOT),
                java.util.stream.Collectors.counting()));
        return things.stream().map(x -> seen.get(name.apply(x).toLowerCase(Locale.ROOT)) > 1 && whose.apply(x) != null
                ? name.apply(x) + " of " + InWords.of(whose.apply(x)) : name.apply(x)).toList();
    }

    /** A question back whose every option resolves to a semantic query; else a plain refusal naming the doubt. */
    Result checked(Clarify c) {
        if (checking) return c;
        checking = true;
        try {
            for (String option : c.options()) {
                if (!(parse(option) instanceof Parsed)) return new Cannot(c.question().replace(" Which one do you mean?", "")
                        + "; and the rest of the question could not be placed either way");
            }
            return c;
        } finally {
            checking = false;
        }
    }

    /** Whether a reading is being checked (its options read back), so that a check does not start another. */
    boolean checking;

    // ------------------------------------------------------------------ matching

    /** Words right before a number attribute that ask for each of its values. */
    private static final Set<String> EACH = Set.of("each", "every", "per");

    /** Words after which a noun asks for a breakdown. */
    static final Set<String> BREAKDOWN_CUES = Set.of("by", "per", "each", "every");
    static final Pattern COMPARE_WORDS = Pattern.compile("(?i)\\b(compare[ds]?|comparison|versus|vs\\.?|against|than|grow|grew|growth|change[ds]?|differ(ence)?|increase[ds]?|decrease[ds]?|lower|higher|more|less|bigger|smaller"
            + "|rise|rose|fell|fall|drop(?:ped)?|(?:go|goes|went|gone)\\s+(?:up|down))\\b");

    static final Set<String> COMPARISON_FILLER = Set.of("compare", "compared", "comparison", "versus", "vs", "against", "than", "grow", "grew",
            "growth", "change", "changed", "differ", "difference", "increase", "increased", "decrease", "decreased", "more", "less",
            "same", "previous", "prior", "year", "did", "from", "lower", "higher", "bigger", "smaller", "better", "worse", "or",
            // the verbs of a change of amount ("did bookings go up in Q3 vs Q2", "fell", "dropped")
            "go", "goes", "went", "gone", "up", "down", "rise", "rose", "risen", "fall", "fell", "fallen", "drop", "dropped");

    /** The time grain a text asks for ("each month", "quarterly"), if any. */
    public static Optional<Grain> grainOf(String text) {
        List<String> words = tokens(text, true);
        List<Span> found = spans(words, ReaderLexicon.grainPhrases());
        return found.isEmpty() ? Optional.empty() : Optional.of((Grain) found.get(0).target());
    }

    /** Ranking words said right before what they rank, with no count: "top campaign by leads", "worst performing rep by bookings". */

    /** A phrase after a ranking's count ("top 3 product categories", "which five products", "the 10 biggest customers"). */
    static boolean ranked(List<String> words, Span d) {
        if (d.from() < 2) return false;
        String twoBefore = words.get(d.from() - 2), before = words.get(d.from() - 1);
        return smallNumber(before) && Set.of("top", "which", "bottom", "best", "worst").contains(twoBefore)
                || smallNumber(twoBefore) && (MOST.contains(before) || LEAST.contains(before));
    }

}

