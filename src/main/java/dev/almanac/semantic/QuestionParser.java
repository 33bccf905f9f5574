package dev.almanac.semantic;

import static dev.almanac.semantic.ModelAttributes.attributeStems;
import static dev.almanac.semantic.QuestionWords.NEGATIONS;
import static dev.almanac.semantic.QuestionWords.linking;
import static dev.almanac.semantic.QuestionWords.nullToEmpty;
import static dev.almanac.semantic.QuestionWords.singular;
import static dev.almanac.semantic.QuestionWords.smallNumber;
import static dev.almanac.semantic.QuestionWords.stem;
import static dev.almanac.semantic.QuestionWords.tokens;
import static dev.almanac.semantic.Spans.spans;

import dev.almanac.quality.Timeframe;
import dev.almanac.quality.TimeframeParser;
import dev.almanac.reading.FunctionWords;
import java.time.LocalDate;
import java.util.ArrayList;
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
    final Conditions conditionRules = new Conditions(this);
    final RelatedValues relatedValues = new RelatedValues(this);
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

    /** A metric's name and label as one text. */
    static String nameAndLabel(SemanticMetric metric) {
        return metric.name().replace('_', ' ') + " " + nullToEmpty(metric.info().label());
    }

    /** Two phrases side by side, joined by "and", "or", "plus" or "vs" ("revenue and MRR", "hires vs leavers"). */
    static boolean conjoined(List<String> words, Span a, Span b) {
        return a.to() + 1 == b.from() && MetricNames.JOINING.contains(words.get(a.to())) || b.to() + 1 == a.from() && MetricNames.JOINING.contains(words.get(b.to()));
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
        return read.of(question, () -> readWhole(question), r -> r instanceof Parsed || r instanceof NoMetric);
    }

    /**
     * The question read as asked; when that gives no answer and it begins with the records it is about and says what of them
     * ("airlines with at least 10 flights", "teachers ordered by age"), read as the request to list them it is
     * ({@link Rephrasing#listOfRecordsNamedFirst}); when it is a name and an attribute alone ("jetblue airways abbreviation?"),
     * as the question for that attribute of it ({@link Rephrasing#attributeOfNamed}); when it ends with what to show after a
     * dash, a colon or a comma ("makers with over 3 models - names and ids"), as that request ({@link Rephrasing#requestAfter}).
     * A question asked back stays asked back (which reading is meant is not for a rewrite to decide); the first reading's
     * refusal is kept when these give none either.
     */
    /** With {@code -Dalmanac.trace.words=true}, the question as rewritten before it is read, on standard error. */
    private static final boolean TRACE = Boolean.getBoolean("almanac.trace.words");

    private Result readWhole(String question) {
        Result r = finished(question, parse(question, null));
        if (TRACE) System.err.println("  [rephrased] " + prepared(question));
        if (r instanceof Parsed || r instanceof Clarify) return r;
        String prepared = prepared(question);
        if (sidesRead < 2 && SideBySide.named(this, prepared)) {
            sidesRead++;
            try {
                Optional<Result> both = SideBySide.read(this, prepared).map(read -> finished(question, read));
                if (both.isPresent() && (both.get() instanceof Parsed || both.get() instanceof Clarify)) return both.get();
            } finally {
                sidesRead--;
            }
        }
        for (String asked : new String[] {RequestForms.listOfRecordsNamedFirst(this, prepared), RequestForms.attributeOfNamed(this, prepared),
                RequestForms.requestAfter(this, prepared)}) {
            if (asked == null) continue;
            Result read = finished(asked, parse(asked, null));
            if (read instanceof Parsed) return read;
        }
        return r;
    }

    /**
     * The reading of a question made now, never one kept from an earlier reading of the same words: what a question asked for
     * the first time costs (for measuring it; {@link #parse} keeps readings).
     */
    public Result readAnew(String question) {
        return readWhole(question);
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
        SemanticQuery x = p.query();
        // "which languages are not Italian": a denial said must be in the query read (a condition that excludes, rows that have
        // none, a segment left out), or in the words of what it reads; a reading that lost it answers the opposite
        List<String> denied = denials(q);
        if (!denied.isEmpty() && !deniedIn(x)) return new Cannot("the question says '" + String.join("', '", denied) + "', which the reading found does not");
        // "what percentage of cartoons were directed by X": a share asked, which a list of the rows is not
        if (x.metrics().isEmpty() && x.countDistinct().isEmpty() && !x.asksShare()) {
            Set<String> shown = new java.util.HashSet<>();
            for (SemanticQuery.GroupBy g : x.groupBy()) {
                model.dimension(g.dimension()).ifPresent(d -> {
                    ReaderLexicon.names(d).forEach(n -> shown.addAll(tokens(n, true)));
                });
            }
            for (String w : tokens(q, true)) {
                if (MetricNames.SHARE_WORDS.contains(w) && !Set.of("rate", "ratio").contains(w) && !shown.contains(w)) {
                    return new Cannot("the question asks for a " + w + ", but the reading lists the rows; a share of records is not read yet");
                }
            }
        }
        // the period's words are looked for again only when the query has a period the reading did not keep the words of
        boolean periodSaid = p.query().start() == null && p.query().compareTo() == null || p.period().isPresent() || timeframes.parse(q).isPresent()
                || tokens(q, true).stream().anyMatch(NOW_WORDS::contains);
        List<String> unsaid = new BackTranslation(model).unsaid(q, p.query(), periodSaid);
        if (unsaid.isEmpty()) return r;
        return new Cannot("the reading found has " + String.join(", ", unsaid) + ", which no word of the question asks for");
    }

    /** The words of a question that deny or leave out ({@link QuestionWords#denies}, and the grammar's other negations: "neither", "nor"). */
    private static List<String> denials(String q) {
        List<String> out = new ArrayList<>();
        List<String> words = tokens(q, true);
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (!QuestionWords.denies(w) && !dev.almanac.reading.FunctionWords.english().is(w, dev.almanac.reading.FunctionClass.NEGATION)) continue;
            // "not higher than 4", "no more than 3": a comparison turned round, read as the comparison it is
            if (i + 1 < words.size() && ComparisonRule.before(words, i + 1).isPresent()) continue;
            out.add(w);
        }
        return out;
    }

    /** The operators of a condition that leaves values out. */
    private static final Set<String> EXCLUDING = Set.of("!=", "not_in", "not_contains");

    /**
     * Whether a query excludes: a condition that leaves out values, rows that have no related rows, a segment turned off,
     * the periods with no data, or a measure or value whose own words deny.
     */
    private boolean deniedIn(SemanticQuery x) {
        if (x.filters().stream().anyMatch(f -> EXCLUDING.contains(f.op()))) return true;
        if (x.exists().stream().anyMatch(e -> Boolean.TRUE.equals(e.negated()) || e.filters().stream().anyMatch(f -> EXCLUDING.contains(f.op())))) return true;
        if (!x.withoutSegments().isEmpty() || x.asksGaps()) return true; // the periods with no data
        List<String> own = new ArrayList<>();
        for (String m : x.metrics()) model.metric(m).ifPresent(metric -> {
            own.add(nameAndLabel(metric));
            own.addAll(metric.info().synonyms());
            if (metric.info().description() != null) own.add(metric.info().description());
        });
        x.filters().forEach(f -> own.addAll(f.values()));
        x.exists().forEach(e -> e.filters().forEach(f -> own.addAll(f.values())));
        for (String text : own) if (!denials(text).isEmpty()) return true;
        return false;
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
        return TypedForms.amounts(q);
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

    /**
     * The reader's engine: the question as it is read ({@link Rephrasing}); the questions about records first
     * ({@link RecordShape}); its periods ({@link PeriodComparison}); the phrases that may name a metric
     * ({@link MetricPhrases}); the attributes of a record first or of several records ({@link RecordShapes}), a list of
     * values when no metric is named; then each metric read whole and one answer chosen ({@link ReadingChoice}).
     */
    Result parse(String question, SemanticQuery previous) {
        String q = prepared(question);
        // a comparison symbol no rewrite said in words ("a -> b") says something the words read would drop
        Matcher sign = UNREAD_SIGN.matcher(q);
        if (sign.find()) return new Cannot("the symbol '" + sign.group() + "' is not read");
        // "trials started last quarter and how many converted": a second question of a value of the first's rows, which read
        // as a condition would answer the second alone
        Matcher second = SECOND_COUNT_OF_A_VALUE.matcher(q);
        if (second.find() && lexicon.rowsCalled(List.of(QuestionWords.singular(second.group(1).toLowerCase(Locale.ROOT)))).isEmpty()
                && !FunctionWords.english().isFunctionWord(second.group(1).toLowerCase(Locale.ROOT))) {
            return new Cannot("'how many " + second.group(1) + "' asks a second question, which is not read yet; ask each on its own");
        }
        if (previous == null && TWO_QUESTIONS.matcher(q).find()) {
            Optional<Result> both = shapes.countAndMeasure(q);
            return both.orElse(new Cannot("the question asks two questions ('how many' or 'how much' twice); ask each on its own"));
        }
        Optional<String> twice = twoOfOneKind(q);
        if (twice.isPresent()) return new Cannot("'" + twice.get() + "' is said of two different ones, which is not read yet");
        if (previous == null) {
            for (RecordShape shape : RecordShape.values()) {
                Optional<Result> reading = shape.read(shapes, q);
                if (reading.isPresent()) return reading.get();
            }
        }
        Question asked = periodsRead(q);
        List<String> words = asked.words();
        Map<List<String>, Object> allDims = lexicon.breakdownPhrases();
        List<Span> metricSpans = MetricPhrases.said(this, words, allDims, previous);
        if (previous == null && RequestForms.REQUEST_FOR_LIST.matcher(q).find() && asked.period().isEmpty() && asked.compared().isEmpty() && !words.contains("how")) {
            Optional<Result> records = recordsAsked(question, asked, !metricSpans.isEmpty());
            if (records.isPresent()) return records.get();
        }
        if (metricSpans.isEmpty()) return shapes.listing(asked);
        List<Span> anyDimSpans = spans(words, allDims);
        metricSpans = MetricPhrases.apartFromOthers(words, metricSpans, anyDimSpans, asked.compared().isPresent());
        if (metricSpans.isEmpty()) return new NoMetric();
        return ReadingChoice.of(this, asked, metricSpans, anyDimSpans, previous);
    }

    /** "how many emails did we send, and how many were opened": a second "how many" or "how much" after the first, joined to it. */
    private static final Pattern TWO_QUESTIONS = Pattern.compile("(?i)\\bhow\\s+(?:many|much)\\b.*?(?:,|\\s+and\\s+|\\s*[+&;])\\s*(?:and\\s+)?how\\s+(?:many|much)\\b");

    /** "..., and how many converted?": one more word after "and how many", ending the question. */
    private static final Pattern SECOND_COUNT_OF_A_VALUE = Pattern.compile("(?i)(?<!\\w)and\\s+how\\s+many\\s+(\\p{L}+)\\s*[?.!]?\\s*$");

    /** Comparison signs left in a question once it is rewritten: quoted text aside, none may be. */
    private static final Pattern UNREAD_SIGN = Pattern.compile("[<>=](?=(?:[^\"'`]*[\"'`][^\"'`]*[\"'`])*[^\"'`]*$)");

    /**
     * "countries where a singer above 40 and a singer below 30 are from": records of one kind introduced twice ("a", "an",
     * "another" before their noun), two different ones each with its own conditions, which no reading of one record's
     * conditions answers; the noun, else empty.
     */
    private Optional<String> twoOfOneKind(String q) {
        List<String> words = tokens(q, true);
        Set<String> introduced = new java.util.HashSet<>();
        for (int i = 0; i + 1 < words.size(); i++) {
            if (!Set.of("a", "an", "another").contains(words.get(i))) continue;
            for (int n = Math.min(3, words.size() - i - 1); n >= 1; n--) {
                List<String> noun = words.subList(i + 1, i + 1 + n);
                Optional<Dataset> named = lexicon.rowsCalled(noun).stream().findFirst();
                if (named.isEmpty()) continue;
                if (!introduced.add(named.get().name()) || words.get(i).equals("another")) return Optional.of(String.join(" ", noun));
                break;
            }
        }
        return Optional.empty();
    }

    /**
     * The question's periods read off it: the period asked and one compared with ("2025 compared with 2024": the later is
     * asked), neither when the only one is "today" (the latest value is meant) or a year an attribute is compared with
     * ("whose birth year is 1948"); the words left, as written and as read.
     */
    private Question periodsRead(String q) {
        Optional<Timeframe> period = timeframes.parse(q);
        if (period.isPresent() && period.get().text().strip().matches("(?i)today|now")) period = Optional.empty();
        if (period.isPresent() && conditionRules.yearOfAttribute(q, period.get())) period = Optional.empty();
        PeriodComparison.Read periods = PeriodComparison.of(timeframes, q, period);
        String rest = periods.rest();
        return new Question(q, periods.asked(), periods.compared(), periods.asked(), tokens(rest, false), tokens(rest, true));
    }

    /**
     * A request for records read as one first: "the name of the stadium with the largest capacity", the attributes of the
     * record first by an attribute of its own (or, when none is and a metric is named, "give the continent that has the most
     * countries": a group of them first); "the names and ages of singers older than 30", a list of records' attributes,
     * though a word may name a count too.
     */
    private Optional<Result> recordsAsked(String question, Question asked, boolean metricNamed) {
        if (!groupFirstTried) {
            Optional<Result> first = shapes.superlativeRecord(asked);
            if (first.isPresent() && first.get() instanceof Cannot && metricNamed) {
                groupFirstTried = true;
                try {
                    Result group = parse(question, null);
                    if (group instanceof Parsed p && !p.query().groupBy().isEmpty() && p.query().records() == null) return Optional.of(group);
                } finally {
                    groupFirstTried = false;
                }
            }
            if (first.isPresent()) return first;
        }
        if (orders.anySuperlative(asked.words())) return Optional.empty();
        return shapes.severalAttributes(asked).filter(r -> r instanceof Parsed);
    }

    /** Whether a word, as the question has it, is a content word of a dataset's names ("degrees" of degree programs). */
    boolean namesRowsOf(String word, String dataset) {
        String stem = stem(singular(word.toLowerCase(Locale.ROOT)));
        return model.dataset(dataset).map(d -> ReaderLexicon.datasetWords(d).stream()
                .anyMatch(w -> !FunctionWords.english().isFunctionWord(w) && stem(w).equals(stem))).orElse(false);
    }

    /** How deep the reading of two metrics' sides is ({@link SideBySide}): the options of a question back about one side are read too, no deeper. */
    private int sidesRead;

    /** While a question no record of which is first is read again for a group first ({@link #parse}). */
    private boolean groupFirstTried;

    /** The datasets a metric's facts come from. */
    Set<String> datasetsOf(SemanticMetric m) {
        Set<String> out = new java.util.HashSet<>();
        model.simpleInputs(m).forEach(x -> out.add(x.dataset()));
        return out;
    }

    /** Why a reading of scattered words out of order is set aside (see {@link #read}). */
    static final String QUALIFIED = "a word of the metric is the noun a value qualifies";

    /** How a refusal of a ranking with nothing to rank begins: the metric read may not be the one the ranked things have. */
    static final String NOTHING_RANKED = "a ranking needs something to rank";

    /**
     * The rows of a dataset as the "metric" a list is read for: its count with the words that ask for a list ("list", "show",
     * "return") as its synonyms, so that reading the question for it places them; never computed itself.
     */
    SemanticMetric.Simple listedRows(String dataset) {
        SemanticMetric.Simple rows = model.rowsOf(dataset);
        SemanticMetric.Info info = rows.info();
        return new SemanticMetric.Simple(rows.name(), new SemanticMetric.Info(info.label(), info.description(), info.unit(), info.format(), info.decimals(),
                info.owner(), info.caveats(), RecordShapes.LISTING_WORDS, info.tags(), info.file()), rows.dataset(), rows.agg(), rows.expr(), rows.percentile(),
                rows.filter(), rows.segments(), rows.timeDimension(), rows.snapshotDimension(), rows.snapshotLast(), rows.timeGrain(), rows.fillNullsWith());
    }

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

    /** Word stems that ask how a number moved or how two compare, not the number itself. */
    private static final Set<String> MOVEMENT_STEMS = java.util.stream.Stream.concat(MetricPhrases.CHANGE_STEMS.stream(),
            java.util.stream.Stream.of("vs", "versus", "compar", "drop", "rise", "rose", "fell", "fall", "declin", "trend")).collect(java.util.stream.Collectors.toUnmodifiableSet());

    /** The words of a text that ask how a number moved or how two compare ("growth", "vs", "dropped"), as written. */
    public static List<String> movementWords(String text) {
        return tokens(text, true).stream().filter(w -> MOVEMENT_STEMS.contains(stem(w))).toList();
    }

    /** A metric the question may name, and the question read for it. */
    record Reading(SemanticMetric metric, Span span, Result result) {}

    /** The dimensions, identifiers and free text a metric can be sliced by ("for each hometown": free text named is grouped by, never offered). */
    List<Dimension> sliceable(SemanticMetric metric) {
        return sliceable.computeIfAbsent(metric.name(), k -> {
            List<Dimension> out = new ArrayList<>(layer.dimensionsOf(metric));
            out.addAll(layer.identifiersOf(metric));
            out.addAll(layer.textsOf(metric));
            return List.copyOf(out);
        });
    }

    /** The question read for one metric: a semantic query, a question back, or why not ({@link MetricReading}). */
    Result read(Question question, SemanticMetric metric, Span metricSpan, List<Span> metricSpans, List<Span> anyDimSpans, SemanticQuery previous) {
        return MetricReading.of(this, question, metric, metricSpan, metricSpans, anyDimSpans, previous);
    }

    /**
     * The dimensions' names as people read them, each told apart from the others: a name two datasets share ("Status" of
     * orders and of tickets) says whose it is ("status of orders"), so that a question back never offers the same words twice.
     */
    static List<String> toldApart(List<Dimension> ds) {
        return toldApart(ds, Dimension::displayName, d -> d.dataset());
    }

    /** Names, each with whose it is ("Status of orders") where another has the same one; {@code whose} null when it cannot say. */
    static <T> List<String> toldApart(List<T> things, java.util.function.Function<T, String> name, java.util.function.Function<T, String> whose) {
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
                || smallNumber(twoBefore) && (Ranking.MOST.contains(before) || Ranking.LEAST.contains(before));
    }

}

