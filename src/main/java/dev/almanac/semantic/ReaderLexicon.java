package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionFrame.FILLER;
import static dev.almanac.semantic.QuestionWords.digits;
import static dev.almanac.semantic.QuestionParser.nameAndLabel;
import static dev.almanac.semantic.QuestionWords.singular;
import static dev.almanac.semantic.QuestionWords.stem;
import static dev.almanac.semantic.QuestionWords.tokens;

import dev.almanac.reading.FunctionWords;
import dev.almanac.reading.Lexicon;
import dev.almanac.semantic.QuestionParser.ValueHit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The reader's lexicon: every phrase the model says things with, as the words a question is read in. What rows are called
 * (a dataset's name, its table's, its synonyms), the phrases of attributes (names, labels, synonyms, short names, and the
 * other orders English says them in), of values and their synonyms, of breakdowns, numbers and grains, and the model's
 * words for spelling and shortenings. Each table is made once per reader (the breakdowns' once per layer) and read by the
 * engine ({@link QuestionParser}) and its rule sets; nothing here decides how a question is read.
 */
final class ReaderLexicon {
    private final QuestionParser reader;
    private final SemanticModel model;
    private final ValueIndex values;
    private final ParserPhrases phrases;
    private final SemanticLayer layer;

    ReaderLexicon(QuestionParser reader) {
        this.reader = reader;
        this.model = reader.model;
        this.values = reader.values;
        this.phrases = reader.phrases;
        this.layer = reader.layer;
    }

    private static final Map<String, Grain> GRAIN_WORDS = new LinkedHashMap<>();

    static {
        for (String w : List.of("daily", "per day", "each day", "every day", "by day", "day by day")) GRAIN_WORDS.put(w, Grain.DAY);
        for (String w : List.of("weekly", "per week", "each week", "every week", "by week", "week by week")) GRAIN_WORDS.put(w, Grain.WEEK);
        for (String w : List.of("monthly", "per month", "each month", "every month", "by month", "month by month", "over time", "trend", "month over month"))
            GRAIN_WORDS.put(w, Grain.MONTH);
        for (String w : List.of("quarterly", "per quarter", "each quarter", "every quarter", "by quarter", "quarter by quarter")) GRAIN_WORDS.put(w, Grain.QUARTER);
        for (String w : List.of("yearly", "per year", "each year", "every year", "by year", "year by year", "annually")) GRAIN_WORDS.put(w, Grain.YEAR);
    }

    /** The phrases of every attribute of the model's datasets that is not a time (names, codes and numbers too). */
    Map<List<String>, Object> attributePhrases() {
        Map<List<String>, Object> a = attributes;
        if (a == null) attributes = a = dimensionPhrases(model.dimensions().stream().filter(d -> !d.time()).toList());
        return a;
    }

    private volatile Map<List<String>, Object> attributes;

    /** Verbs that open a request in the imperative. */
    private static final Set<String> REQUEST_VERBS = Set.of("list", "show", "give", "display", "find", "return", "tell", "sort", "name", "count");

    /** The datasets whose rows a word of the question names ("singers", "stadium"). */
    List<Dataset> namedRows(List<String> words) {
        Map<List<String>, List<Dataset>> byWord = rowWords();
        java.util.LinkedHashSet<Dataset> out = new java.util.LinkedHashSet<>();
        // names of two words or more ("poker players"), their last word in either number; a word of one of them names
        // nothing of its own ("car" of "car makers")
        boolean[] inPhrase = new boolean[words.size()];
        java.util.LinkedHashSet<Dataset> phrased = new java.util.LinkedHashSet<>();
        for (RowPhrase p : rowPhrases()) {
            for (int i = 0; i + p.words().size() <= words.size(); i++) {
                if (withSingularLast(words.subList(i, i + p.words().size())).equals(p.words())) {
                    phrased.add(p.dataset());
                    java.util.Arrays.fill(inPhrase, i, i + p.words().size(), true);
                }
            }
        }
        for (int i = 0; i < words.size(); i++) {
            if (i == 0 && REQUEST_VERBS.contains(words.get(0))) continue; // "Show the names ...": the request, not a dataset called show
            if (inPhrase[i]) continue;
            out.addAll(byWord.getOrDefault(List.of(singular(words.get(i))), List.of()));
        }
        out.addAll(phrased);
        return List.copyOf(out);
    }

    /** A name of two words or more of a dataset's rows, its last word in the singular. */
    private record RowPhrase(Dataset dataset, List<String> words) {}

    /** The names of two words or more of every dataset's rows, in the model's order; made once. */
    private List<RowPhrase> rowPhrases() {
        List<RowPhrase> r = rowPhrases;
        if (r == null) {
            List<RowPhrase> out = new ArrayList<>();
            for (Dataset d : model.datasets()) {
                for (String n : rowNames(d)) {
                    List<String> t = tokens(n.replace('_', ' '), true);
                    if (t.size() >= 2) out.add(new RowPhrase(d, withSingularLast(t)));
                }
            }
            rowPhrases = r = List.copyOf(out);
        }
        return r;
    }

    private volatile List<RowPhrase> rowPhrases;

    private static List<String> withSingularLast(List<String> words) {
        List<String> out = new ArrayList<>(words);
        out.set(out.size() - 1, singular(out.get(out.size() - 1)));
        return out;
    }

    /** The datasets each one-word name of rows names ("singer": singers): the one-word names of {@link #rowNameIndex}, made once. */
    Map<List<String>, List<Dataset>> rowWords() {
        Map<List<String>, List<Dataset>> r = rowWords;
        if (r == null) {
            Map<List<String>, List<Dataset>> out = new HashMap<>();
            rowNameIndex().forEach((words, datasets) -> { if (words.size() == 1) out.put(words, datasets); });
            rowWords = r = Map.copyOf(out);
        }
        return r;
    }

    private volatile Map<List<String>, List<Dataset>> rowWords;

    /** A dataset's attributes by their short names ({@link ShortName}), made once. */
    Map<List<String>, Dimension> shortPhrases(Dataset ds) {
        return shortPhrases.computeIfAbsent(ds.name(), k -> ShortName.of(reader, ds));
    }

    final Map<String, Map<List<String>, Dimension>> shortPhrases = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The phrases of a dataset's attributes (its times too): their names, labels and synonyms, and their short names, each
     * also after the records' noun ("store location"). Made once.
     */
    Map<List<String>, Object> attributesOf(Dataset ds) {
        return datasetAttributes.computeIfAbsent(ds.name(), k -> {
            Map<List<String>, Object> out = new HashMap<>(dimensionPhrases(model.dimensionsOf(ds.name())));
            shortPhrases(ds).forEach((phrase, d) -> out.putIfAbsent(phrase, new ArrayList<>(List.of(d))));
            // "list the people": the records' own noun names them by the one attribute that labels them, as the noun of the
            // entity it labels does ("person")
            List<Dimension> labels = model.dimensionsOf(ds.name()).stream().filter(Dimension::labelsEntity).toList();
            if (labels.isEmpty() && wordless(ds)) labels = referredLabels(ds); // "list the poker players": each by the person it is
            if (labels.size() == 1) {
                for (String n : rowNames(ds)) out.putIfAbsent(tokens(n.replace('_', ' '), true), new ArrayList<>(List.of(labels.get(0))));
            }
            // "the store locations", "the degree names": the records' noun before their attribute
            List<List<String>> nouns = rowNames(ds).stream().map(x -> tokens(x, true)).distinct().toList();
            Map<List<String>, Object> said = new HashMap<>(out);
            said.forEach((phrase, dims) -> {
                // a compound of nouns only: "the cartoon directed by" is the cartoon, not its director
                if (!isNoun(phrase.get(phrase.size() - 1)) || phrase.stream().anyMatch(w -> FunctionWords.english().isFunctionWord(w))) return;
                for (List<String> noun : nouns) {
                    if (phrase.size() >= noun.size() && phrase.subList(0, noun.size()).equals(noun)) continue;
                    List<String> before = new ArrayList<>(noun);
                    before.addAll(phrase);
                    out.putIfAbsent(List.copyOf(before), dims);
                }
            });
            return Map.copyOf(out);
        });
    }

    private final Map<String, Map<List<String>, Object>> datasetAttributes = new java.util.concurrent.ConcurrentHashMap<>();

    /** Whether a dataset's rows have no words of their own (keys and numbers only: a player's winnings). */
    boolean wordless(Dataset ds) {
        return model.dimensionsOf(ds.name()).stream().noneMatch(x -> x.kind() == Dimension.Kind.TEXT || x.kind() == Dimension.Kind.CATEGORICAL);
    }

    /** The labelling attribute of the one record each row refers to, when its rows refer to one kind of record only. */
    private List<Dimension> referredLabels(Dataset ds) {
        List<String> to = model.edgesFrom(ds.name()).stream().filter(e -> e.from().equals(ds.name()) && !e.to().equals(ds.name()))
                .map(SemanticModel.Edge::to).distinct().toList();
        if (to.size() != 1) return List.of();
        return model.dimensionsOf(to.get(0)).stream().filter(Dimension::labelsEntity).toList();
    }

    /** The phrases of every number attribute, by name, label, synonym and short name ("the largest capacity"). Made once. */
    Map<List<String>, Object> numberPhrases() {
        Map<List<String>, Object> n = numbers;
        if (n == null) {
            Map<List<String>, Object> out = new HashMap<>(dimensionPhrases(model.dimensions().stream().filter(d -> d.kind() == Dimension.Kind.NUMBER).toList()));
            for (Dataset ds : model.datasets()) {
                shortPhrases(ds).forEach((phrase, d) -> { if (d.kind() == Dimension.Kind.NUMBER) out.putIfAbsent(phrase, new ArrayList<>(List.of(d))); });
            }
            numbers = n = Map.copyOf(out);
        }
        return n;
    }

    private volatile Map<List<String>, Object> numbers;

    /** The datasets whose rows the words are what they are called ({@link #namesRows}), from an index made once. */
    List<Dataset> rowsCalled(List<String> words) {
        return rowNameIndex().getOrDefault(words, List.of());
    }

    /** Every name of every dataset's rows, as words, with the datasets it names in the model's order; made once. */
    private Map<List<String>, List<Dataset>> rowNameIndex() {
        Map<List<String>, List<Dataset>> r = rowsCalled;
        if (r == null) {
            Map<List<String>, List<Dataset>> out = new HashMap<>();
            for (Dataset d : model.datasets()) {
                for (String n : rowNames(d)) {
                    List<Dataset> list = out.computeIfAbsent(List.copyOf(tokens(n, true)), k -> new ArrayList<>());
                    if (!list.contains(d)) list.add(d);
                }
            }
            out.replaceAll((k, v) -> List.copyOf(v));
            rowsCalled = r = Map.copyOf(out);
        }
        return r;
    }

    private volatile Map<List<String>, List<Dataset>> rowsCalled;

    /** The one-word names of attributes ("result", "age"), each with the attributes it names; made once. */
    Map<List<String>, List<Object>> oneWordAttributeNames() {
        Map<List<String>, List<Object>> r = oneWordAttributes;
        if (r == null) {
            Map<List<String>, List<Object>> out = new HashMap<>();
            attributePhrases().forEach((phrase, dims) -> { if (phrase.size() == 1) out.put(phrase, List.of(dims)); });
            oneWordAttributes = r = Map.copyOf(out);
        }
        return r;
    }

    private volatile Map<List<String>, List<Object>> oneWordAttributes;

    /** Whether the words are what a dataset's rows are called: its name, its table's or a synonym, read as words. */
    static boolean namesRows(Dataset d, List<String> words) {
        return rowNames(d).stream().anyMatch(x -> tokens(x, true).equals(words));
    }

    /** What a dataset's rows are called: its name, its table's and its synonyms. */
    static List<String> rowNames(Dataset d) {
        List<String> names = new ArrayList<>(List.of(d.name()));
        if (d.table() != null) names.add(d.table());
        names.addAll(d.synonyms());
        return names;
    }

    /**
     * Whether a word (in lower case) is a verb that says only how records relate: a verb English knows by its base forms,
     * no function word and no word of the model (a status or a measure says which rows: "returned", "refunded").
     */
    boolean relatingVerb(String word) {
        return !FunctionWords.english().isFunctionWord(word) && !modelStems().contains(stem(word))
                && !Lexicon.english().baseForms(word, dev.almanac.reading.PartOfSpeech.VERB).isEmpty();
    }

    /**
     * Whether the word at {@code verb} is a verb whose particle right after it makes, written as one word, a word of the
     * model ("signed up" where the model says signup): the two are that word, never the verb alone (a value called "signed").
     */
    boolean phrasalModelWord(List<String> words, int verb) {
        return phrasalOf(words, verb, modelStems());
    }

    /** Whether the word at {@code verb} and the preposition right after it, written as one word, have a stem among {@code stems}. */
    static boolean phrasalOf(List<String> words, int verb, Set<String> stems) {
        if (verb < 0 || verb + 1 >= words.size() || !FunctionWords.english().is(words.get(verb + 1), dev.almanac.reading.FunctionClass.PREPOSITION)) return false;
        for (String base : Lexicon.english().baseForms(words.get(verb), dev.almanac.reading.PartOfSpeech.VERB)) {
            if (stems.contains(stem(base + words.get(verb + 1)))) return true;
        }
        return false;
    }

    /** The stems of every word the model names things with: measures, attributes, datasets and the values indexed. */
    Set<String> modelStems() {
        Set<String> v = modelStems;
        if (v != null) return v;
        Set<String> out = new java.util.HashSet<>();
        vocabulary().forEach(w -> out.add(stem(w)));
        attributePhrases().keySet().forEach(p -> p.forEach(w -> out.add(stem(w))));
        for (ValueIndex.Values vs : values.all().values()) valueWords(vs, w -> out.add(stem(w)));
        return modelStems = Set.copyOf(out);
    }

    volatile Set<String> modelStems;

    /** Each word of an attribute's values and of the other names the model gives them. */
    private static void valueWords(ValueIndex.Values vs, java.util.function.Consumer<String> word) {
        for (Object x : vs.values()) tokens(String.valueOf(x), true).forEach(word);
        vs.synonyms().keySet().forEach(x -> tokens(x, true).forEach(word));
    }

    /**
     * The words that could say which rows of a metric are read, by stem, each with what the model names with it: the
     * attributes the metric is read by, by their names, labels and synonyms (the attribute's reference) and by their values
     * ({@link #VALUE_OF} before it), and the counts and the measures of some rows over the datasets its rows reach and those
     * datasets ({@link #ROWS}). A
     * word of the model outside them ("handled by" of a ticket's agent, asked of shipments) names nothing these rows are
     * read by.
     */
    Map<String, Set<String>> stemsAbout(SemanticMetric metric) {
        return stemsAbout.computeIfAbsent(metric.name(), n -> {
            List<Dimension> dims = layer.dimensionsOf(metric);
            Set<String> datasets = new java.util.HashSet<>();
            model.simpleInputs(metric).forEach(x -> datasets.add(x.dataset()));
            dims.forEach(d -> datasets.add(d.dataset()));
            Map<String, Set<String>> out = new HashMap<>();
            java.util.function.BiConsumer<String, String> add = (word, owner) -> out.computeIfAbsent(stem(word), k -> new java.util.HashSet<>()).add(owner);
            dimensionPhrases(dims).forEach((phrase, targets) -> {
                @SuppressWarnings("unchecked") List<Dimension> ds = (List<Dimension>) targets;
                for (Dimension d : ds) phrase.forEach(w -> add.accept(w, model.reference(d)));
            });
            for (Dimension d : dims) {
                ValueIndex.Values vs = values.of(d);
                if (vs != null) valueWords(vs, w -> add.accept(w, VALUE_OF + model.reference(d)));
            }
            reader.metricNames.metricPhraseMap().forEach((phrase, targets) -> {
                @SuppressWarnings("unchecked") List<SemanticMetric> ms = (List<SemanticMetric>) targets;
                // a count of these rows or a total of some of them ("tickets resolved", "refunded revenue"); the words of an
                // average or another statistic of them ("average handling time") name no rows
                if (ms.stream().anyMatch(m -> m instanceof SemanticMetric.Simple x && datasets.contains(x.dataset()) && (x.countsRows() || x.filter() != null && x.agg() == SemanticMetric.Agg.SUM)))
                    phrase.forEach(w -> add.accept(w, ROWS));
            });
            for (String name : datasets) model.dataset(name).ifPresent(d -> datasetWords(d).forEach(w -> add.accept(w, ROWS)));
            Map<String, Set<String>> frozen = new HashMap<>();
            out.forEach((k, v) -> frozen.put(k, Set.copyOf(v)));
            return Map.copyOf(frozen);
        });
    }

    /** In {@link #stemsAbout}: before an attribute's reference, a word of its values. */
    static final String VALUE_OF = "value of ";
    /** In {@link #stemsAbout}: a word of the rows' measures or of what the rows are called. */
    static final String ROWS = "rows";

    private final Map<String, Map<String, Set<String>>> stemsAbout = new java.util.concurrent.ConcurrentHashMap<>();

    Set<String> vocabulary() {
        Set<String> v = vocabulary;
        if (v != null) return v;
        Set<String> out = new java.util.HashSet<>();
        reader.metricNames.metricPhraseMap().keySet().forEach(out::addAll);
        breakdownPhrases().keySet().forEach(out::addAll);
        model.datasets().forEach(d -> out.addAll(tokens(d.name(), true)));
        out.removeIf(w -> w.length() < 3 || !w.chars().allMatch(Character::isLetter));
        return vocabulary = Set.copyOf(out);
    }

    private volatile Set<String> vocabulary;

    /**
     * The {@link #vocabulary} and the words of every attribute's name and label, free text too ("hometown", "abbreviation"):
     * the words a misspelling or an abbreviation may be of. Made once.
     */
    Set<String> namingWords() {
        Set<String> w = namingWords;
        if (w != null) return w;
        Set<String> out = new java.util.HashSet<>(vocabulary());
        nameWords().stream().filter(x -> x.length() >= 3 && x.chars().allMatch(Character::isLetter)).forEach(out::add);
        return namingWords = Set.copyOf(out);
    }

    private volatile Set<String> namingWords;

    /** The words of the model's attribute and measure names and labels, made once. */
    private Set<String> nameWords() {
        Set<String> w = nameWords;
        if (w != null) return w;
        Set<String> out = new java.util.LinkedHashSet<>();
        model.dimensions().forEach(d -> {
            out.addAll(tokens(d.name(), true));
            if (d.label() != null) out.addAll(tokens(d.label(), true));
        });
        model.metrics().forEach(m -> out.addAll(tokens(nameAndLabel(m), true)));
        return nameWords = Set.copyOf(out);
    }

    private volatile Set<String> nameWords;

    /**
     * The words of the model's names that may stand for the initials of several words ("mpg", "gnp"): of letters only, three
     * to five of them, that English knows as no word or as the initials of a phrase of as many words.
     */
    Set<String> initialisms() {
        Set<String> i = initialisms;
        if (i != null) return i;
        Set<String> out = new java.util.HashSet<>();
        Lexicon english = Lexicon.english();
        for (String w : nameWords()) {
            if (w.length() < 3 || w.length() > 5 || !w.chars().allMatch(Character::isLetter) || Words.ABBREVIATIONS.containsKey(w)) continue;
            if (!english.knows(w) || english.synonyms(w).stream().anyMatch(x -> x.split(" ").length == w.length())) out.add(w);
        }
        return initialisms = Set.copyOf(out);
    }

    private volatile Set<String> initialisms;

    static final int ABBREVIATION_MAX = dev.almanac.reading.Lexicon.ABBREVIATION_MAX_LETTERS;

    /**
     * The one word of the model's attribute and measure names that shortens {@code word}: a word of the names WordNet does not
     * know, of {@value dev.almanac.reading.Lexicon#ABBREVIATION_MIN_LETTERS} to {@value #ABBREVIATION_MAX} letters, that
     * begins the word (an English word, two letters longer or more), and no schema abbreviation spelled out already; never a
     * function word, which WordNet does not list either ("per" of "Claims per region" shortens no "percent").
     */
    Optional<String> shortening(String word) {
        Set<String> shortenings = modelShortenings;
        if (shortenings == null) {
            Set<String> out = new java.util.HashSet<>();
            Lexicon english = Lexicon.english();
            for (String w : nameWords()) {
                if (w.length() >= dev.almanac.reading.Lexicon.ABBREVIATION_MIN_LETTERS && w.length() <= ABBREVIATION_MAX && w.chars().allMatch(Character::isLetter)
                        && !Words.ABBREVIATIONS.containsKey(w) && !english.knows(w) && !dev.almanac.reading.FunctionWords.english().isFunctionWord(w)) out.add(w);
            }
            modelShortenings = shortenings = Set.copyOf(out);
        }
        if (shortenings.isEmpty() || !word.chars().allMatch(Character::isLetter) || !Lexicon.english().knows(word)) return Optional.empty();
        List<String> found = shortenings.stream().filter(a -> word.startsWith(a) && word.length() >= a.length() + 2).toList();
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    private volatile Set<String> modelShortenings;

    /**
     * The words a misspelling is corrected to: the model's ({@link #vocabulary}) and those of the values the value index
     * holds and their synonyms ("germnay" of Germany), each of the letters only and long enough to be corrected to.
     */
    Set<String> spellingWords() {
        Set<String> w = spellingWords;
        if (w != null) return w;
        Set<String> out = new java.util.HashSet<>();
        for (ValueIndex.Values v : values.all().values()) {
            for (Object value : v.values()) if (value instanceof String text) out.addAll(tokens(text, true));
            v.synonyms().keySet().forEach(x -> out.addAll(tokens(x, true)));
        }
        out.removeIf(x -> x.length() < dev.almanac.reading.Lexicon.TYPO_MIN_LETTERS || !x.chars().allMatch(Character::isLetter));
        out.addAll(namingWords());
        return spellingWords = Set.copyOf(out);
    }

    private volatile Set<String> spellingWords;

    /** The phrases of every dimension offered as a breakdown, made once per layer and kept by this parser. */
    Map<List<String>, Object> breakdownPhrases() {
        if (allDimensionPhrases == null) {
            allDimensionPhrases = phrases.dimensions(() -> {
                Map<List<String>, Object> out = dimensionPhrases(new ArrayList<>(model.dimensions().stream().filter(Dimension::breakdown).toList()));
                // an identifier by its whole name of two words or more ("template type code", "document id"), never by one, nor
                // by words that name the records it points to ("car maker" of a car's maker names the car makers)
                dimensionPhrases(model.dimensions().stream().filter(d -> d.kind() == Dimension.Kind.IDENTIFIER).toList()).forEach((phrase, dims) -> {
                    if (phrase.size() > 1 && rowsCalled(phrase).isEmpty()) out.putIfAbsent(phrase, dims);
                });
                // a thing named by its own value in a table of pairs ("language" of a country's languages), by one word too
                dimensionPhrases(model.dimensions().stream().filter(model::valueOfPairs).toList()).forEach((phrase, dims) -> {
                    if (rowsCalled(phrase).isEmpty()) out.putIfAbsent(phrase, dims);
                });
                return out;
            });
        }
        return allDimensionPhrases;
    }

    private Map<List<String>, Object> allDimensionPhrases;

    /** The initials of a name of three words or more, when they are not an English word: "aov" of average order value. */
    static Optional<String> initialism(List<String> words) {
        if (words.size() < 3 || !words.stream().allMatch(w -> w.length() > 1 && w.chars().allMatch(Character::isLetter))) return Optional.empty();
        StringBuilder initials = new StringBuilder();
        words.forEach(w -> initials.append(w.charAt(0)));
        return Lexicon.english().knows(initials.toString()) ? Optional.empty() : Optional.of(initials.toString());
    }

    static Map<List<String>, Object> grainPhrases() {
        return GrainPhrases.ALL;
    }

    /** The grain words as phrases, made once (after the class's own tables, which {@link #tokens} reads). */
    private static final class GrainPhrases {
        static final Map<List<String>, Object> ALL;

        static {
            Map<List<String>, Object> out = new HashMap<>();
            GRAIN_WORDS.forEach((w, g) -> out.put(tokens(w, true), g));
            ALL = Map.copyOf(out);
        }
    }

    /**
     * A name's words and the other orders English says them in: "date of birth" as "birth date" (a noun after "of" put
     * before the noun it qualifies), "date arrived" as "arrival date" (a noun followed by a verb's participle, the verb's
     * noun of action before it, from WordNet's derivations).
     */
    static List<List<String>> phrasings(List<String> words) {
        List<List<String>> out = new ArrayList<>();
        out.add(words);
        int of = words.indexOf("of");
        if (of > 0 && of == words.lastIndexOf("of") && of < words.size() - 1) {
            List<String> swapped = new ArrayList<>(words.subList(of + 1, words.size()));
            swapped.addAll(words.subList(0, of));
            out.add(List.copyOf(swapped));
        }
        // "government form" is also "form of government": a compound of two nouns said with "of"
        // (a shortening English does not know, "indep year", qualifies a noun as one: "year of independence" once read so)
        if (of < 0 && words.size() == 2 && (isNoun(words.get(0)) || !Lexicon.english().knows(words.get(0)) && words.get(0).chars().allMatch(Character::isLetter))
                && isNoun(words.get(1))) {
            out.add(List.of(words.get(1), "of", words.get(0)));
            out.add(List.of(words.get(1), "of", "the", words.get(0))); // "the ids of the students"
        }
        // "number products" is the "number of products": a measure noun before what it measures, said with "of"
        if (of < 0 && words.size() == 2 && MEASURE_NOUNS.contains(words.get(0)) && isNoun(words.get(1))) out.add(List.of(words.get(0), "of", words.get(1)));
        if (words.size() == 2 && (words.get(1).endsWith("ed") || words.get(1).endsWith("en"))) {
            Lexicon lexicon = Lexicon.english();
            for (String verb : lexicon.baseForms(words.get(1), dev.almanac.reading.PartOfSpeech.VERB)) {
                // "date arrived" is also the "arriving date": the verb's present participle before the noun
                String participle = (verb.endsWith("e") && !verb.endsWith("ee") ? verb.substring(0, verb.length() - 1) : verb) + "ing";
                if (lexicon.baseForms(participle, dev.almanac.reading.PartOfSpeech.VERB).contains(verb)) out.add(List.of(participle, words.get(0)));
                List<dev.almanac.reading.Sense> senses = lexicon.senses(verb, dev.almanac.reading.PartOfSpeech.VERB);
                if (senses.isEmpty()) continue;
                for (dev.almanac.reading.Related r : senses.get(0).derived()) {
                    // the noun of the action ("arrival"), not of its doer ("arriver")
                    if (r.pos() == dev.almanac.reading.PartOfSpeech.NOUN && !r.word().contains(" ") && !r.word().matches(".*(er|or|ant|ent|ist|ee)")) {
                        out.add(List.of(singular(r.word()), words.get(0)));
                    }
                }
            }
        }
        // "directed by" is also "director", "written by" "writer": the noun of who does what the verb says, as WordNet derives it
        if (words.size() == 2 && words.get(1).equals("by") && words.get(0).matches("\\p{L}+(ed|en)")) {
            Lexicon lexicon = Lexicon.english();
            for (String verb : lexicon.baseForms(words.get(0), dev.almanac.reading.PartOfSpeech.VERB)) {
                String root = verb.endsWith("e") ? verb.substring(0, verb.length() - 1) : verb;
                for (dev.almanac.reading.Sense sense : lexicon.senses(verb, dev.almanac.reading.PartOfSpeech.VERB)) {
                    for (dev.almanac.reading.Related r : sense.derived()) {
                        List<String> doer = List.of(r.word());
                        if (r.pos() == dev.almanac.reading.PartOfSpeech.NOUN && (r.word().equals(root + "er") || r.word().equals(root + "or")) && !out.contains(doer)) out.add(doer);
                    }
                }
            }
        }
        List<String> spelled = spelledOut(words);
        if (!spelled.equals(words)) out.add(spelled);
        return out;
    }

    /** The nouns English measures a quantity of a thing with, said before it with "of" ("the number of products"). */
    private static final Set<String> MEASURE_NOUNS = Set.of("number", "count", "amount", "quantity", "total");

    /**
     * A name written with a schema's usual abbreviations, said with the words ("avg delivery days": average delivery days),
     * as a question is read with the word ("avg" is read as "average" when the model's names use it).
     */
    static List<String> spelledOut(List<String> words) {
        return words.stream().map(w -> {
            String full = Words.ABBREVIATIONS.get(w);
            return full == null || full.contains(" ") ? w : full;
        }).toList();
    }

    private static boolean isNoun(String word) {
        return Lexicon.english().partsOfSpeech(word).contains(dev.almanac.reading.PartOfSpeech.NOUN);
    }

    Map<List<String>, Object> dimensionPhrases(List<Dimension> dims) {
        Map<List<String>, Object> out = new HashMap<>();
        for (Dimension d : dims) {
            for (List<String> phrase : phrases.phrasingsOf(d, ReaderLexicon::phrasingsOf)) {
                @SuppressWarnings("unchecked") List<Dimension> list = (List<Dimension>) out.computeIfAbsent(phrase, k -> new ArrayList<Dimension>());
                if (list.stream().noneMatch(x -> x == d)) list.add(d); // by identity: a dimension's record equality is deep and slow
            }
        }
        out.remove(List.<String>of());
        return out;
    }

    /**
     * A dimension's names: its name (words apart), its label when it has one, its synonyms, in that order, and last the
     * column it reads when that is one column of two words or more named otherwise ({@code method_type} of a payment
     * method): the data's own name for it.
     */
    static List<String> names(Dimension d) {
        List<String> names = new ArrayList<>(List.of(d.name().replace('_', ' ')));
        if (d.label() != null) names.add(d.label());
        names.addAll(d.synonyms());
        String column = columnWords(d);
        if (column != null && names.stream().noneMatch(n -> n.equalsIgnoreCase(column))) names.add(column);
        for (String spelled : spelledOut(d)) if (names.stream().noneMatch(n -> n.equalsIgnoreCase(spelled))) names.add(spelled);
        return names;
    }

    /**
     * A dimension's name with a shortening in it written out as its own description writes it: {@code ae_soc_class}
     * described as "System Organ Class category ..." is also "system organ class", {@code ae_severity} described as "Severity
     * level of the adverse event" also "adverse event severity". A word of the name of two to five letters whose letters
     * begin as many content words in a row of the description stands for them (a word English knows, only where each of
     * them is written with a capital, as a name is: "National Olympic Committee" of {@code noc}); the name is said from
     * that word on (a word right after it that ends the run is said once). None without a description.
     */
    static List<String> spelledOut(Dimension d) {
        if (d.description() == null || d.description().isBlank()) return List.of();
        return SPELLED_OUT.computeIfAbsent(d.name() + "\u0000" + d.description(), k -> {
            List<String> name = tokens(d.name().replace('_', ' '), true);
            List<String> written = tokens(d.description(), false);
            List<String> described = written.stream().map(x -> x.toLowerCase(java.util.Locale.ROOT)).toList();
            List<String> out = new ArrayList<>();
            var function = dev.almanac.reading.FunctionWords.english();
            for (int t = 0; t < name.size(); t++) {
                String w = name.get(t);
                if (w.length() < 2 || w.length() > 5 || !w.chars().allMatch(Character::isLetter) || function.isFunctionWord(w)) continue;
                // a word English knows stands for the words only where they are written as a name is, each with a capital
                boolean known = Lexicon.english().knows(w);
                for (int i = 0; i + w.length() <= described.size(); i++) {
                    List<String> run = described.subList(i, i + w.length());
                    boolean spells = true;
                    for (int c = 0; c < run.size() && spells; c++) {
                        String r = run.get(c);
                        spells = r.length() > 1 && r.charAt(0) == w.charAt(c) && r.chars().allMatch(Character::isLetter) && !function.isFunctionWord(r)
                                && (!known || Character.isUpperCase(written.get(i + c).charAt(0)));
                    }
                    if (!spells) continue;
                    List<String> phrase = new ArrayList<>(run);
                    List<String> after = name.subList(t + 1, name.size());
                    phrase.addAll(after.subList(!after.isEmpty() && after.get(0).equals(run.get(run.size() - 1)) ? 1 : 0, after.size()));
                    out.add(String.join(" ", phrase));
                    break;
                }
            }
            return List.copyOf(out);
        });
    }

    /** The spelled-out names of each dimension read so far: the reader asks for a dimension's names often. */
    private static final java.util.Map<String, List<String>> SPELLED_OUT = new java.util.concurrent.ConcurrentHashMap<>();

    private static final java.util.regex.Pattern ONE_COLUMN = java.util.regex.Pattern.compile("\"?([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)\"?");

    /** The words of the one column a dimension reads, when its name has two words or more ("method type"); else null. */
    private static String columnWords(Dimension d) {
        if (d.expr() == null || d.time() || d.expr().indexOf('_') < 0) return null;
        return COLUMN_WORDS.computeIfAbsent(d.expr(), expr -> {
            java.util.regex.Matcher m = ONE_COLUMN.matcher(expr.strip());
            if (!m.matches()) return "";
            String words = m.group(1).replace('_', ' ').toLowerCase(java.util.Locale.ROOT);
            return words.matches(".*\\bid$") ? "" : words;
        }).transform(w -> w.isEmpty() ? null : w);
    }

    /** The column words of each expression read so far ("" for none): the reader asks for a dimension's names often. */
    private static final java.util.Map<String, String> COLUMN_WORDS = new java.util.concurrent.ConcurrentHashMap<>();

    /** Every way a dimension is said: its name's, label's and synonyms' words and their {@link #phrasings}, in that order. */
    static List<List<String>> phrasingsOf(Dimension d) {
        List<List<String>> out = new ArrayList<>();
        for (String p : names(d)) out.addAll(phrasings(tokens(p, true)));
        for (String agent : agentsOf(tokens(d.name().replace('_', ' '), true))) out.add(List.of(agent));
        return out;
    }

    /**
     * "directed by", "written by": an attribute named by a verb's participle and "by" holds who did it, which English calls
     * by the verb's noun of a person (WordNet: director, writer); none for any other name.
     */
    static List<String> agentsOf(List<String> name) {
        if (name.size() != 2 || !name.get(1).equals("by")) return List.of();
        dev.almanac.reading.Lexicon english = dev.almanac.reading.Lexicon.english();
        if (english.baseForms(name.get(0), dev.almanac.reading.PartOfSpeech.VERB).stream().noneMatch(b -> !b.equals(name.get(0)))) return List.of();
        return english.nounsOfVerb(name.get(0)).stream().filter(n -> english.senses(n, dev.almanac.reading.PartOfSpeech.NOUN).stream().findFirst()
                .map(x -> "noun.person".equals(x.lexFile())).orElse(false)).sorted().toList();
    }

    Map<List<String>, Object> valuePhrases(List<Dimension> dims) {
        Map<List<String>, Object> out = new HashMap<>();
        for (Dimension d : dims) {
            ValueIndex.Values v = values.of(d);
            if (v == null) continue;
            for (Object value : v.values()) add(out, String.valueOf(value), new ValueHit(d, value));
            v.synonyms().forEach((word, target) -> {
                Object value = v.match(target);
                add(out, word, new ValueHit(d, value == null ? target : value));
            });
        }
        out.remove(List.<String>of());
        return out;
    }

    private static void add(Map<List<String>, Object> out, String phrase, ValueHit hit) {
        List<String> key = tokens(phrase, true);
        if (key.isEmpty() || key.size() > 6 || key.stream().allMatch(w -> digits(w))) return;
        @SuppressWarnings("unchecked") List<ValueHit> list = (List<ValueHit>) out.computeIfAbsent(key, k -> new ArrayList<ValueHit>());
        if (list.stream().noneMatch(h -> h.dimension().equals(hit.dimension()))) list.add(hit);
    }

    static List<String> datasetWords(Dataset d) {
        List<String> out = new ArrayList<>(tokens(d.name().replace('_', ' '), true));
        if (d.table() != null) out.addAll(tokens(d.table().replace('_', ' '), true));
        d.synonyms().forEach(x -> out.addAll(tokens(x, true)));
        return out;
    }

    /** The nouns that name a dataset's rows ("subscription", "order"): the last word of each of its names. */
    Set<String> entityWords() {
        if (entityWords == null) {
            Set<String> out = new java.util.HashSet<>();
            for (Dataset d : model.datasets()) {
                for (String n : rowNames(d)) {
                    List<String> t = tokens(n, true);
                    if (!t.isEmpty()) out.add(t.get(t.size() - 1));
                }
            }
            entityWords = out;
        }
        return entityWords;
    }

    private Set<String> entityWords;

    /** The phrases of the numbers a metric's rows reach one way, made once per metric for this parser. */
    Map<List<String>, Object> numberPhrasesOf(SemanticMetric metric) {
        return numbersByMetric.computeIfAbsent(metric.name(), k -> dimensionPhrases(layer.numbersOf(metric)));
    }

    private final Map<String, Map<List<String>, Object>> numbersByMetric = new java.util.concurrent.ConcurrentHashMap<>();

    /** Words too general to tie a value to its dimension ("period" of "billing period", "date", "type"). */
    private static final Set<String> GENERIC_DIMENSION_WORDS = Set.of("period", "date", "day", "time", "type", "kind", "status", "name", "id", "level",
            "category", "group", "code", "flag", "state", "value");

    final Map<Dimension, Set<String>> dimensionStems = new java.util.concurrent.ConcurrentHashMap<>();

    /** The stems of the words that name a dimension (its name and label), small and general words and what rows are called left out. */
    Set<String> dimensionStems(Dimension d) {
        return dimensionStems.computeIfAbsent(d, k -> {
            Set<String> out = new java.util.HashSet<>();
            List<String> names = new ArrayList<>(List.of(d.name()));
            if (d.label() != null) names.add(d.label());
            for (String n : names) {
                for (String w : tokens(n, true)) if (!FILLER.contains(w) && !GENERIC_DIMENSION_WORDS.contains(w) && w.length() >= 3) out.add(stem(w));
            }
            for (Dataset x : model.datasets()) out.removeAll(datasetWords(x).stream().map(QuestionWords::stem).toList()); // "ticket" of "ticket status"
            return Set.copyOf(out);
        });
    }
}
