package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The check of a reading against its question, made apart from the reading: every part of the query must come from words
 * of the question. The query is translated back into the words each of its parts can be said with (a metric's name, label
 * and synonyms and the rows it counts; a breakdown's; a filter's values and their synonyms, or its attribute and number; a
 * period's own words; a ranking's superlative or number; a grain's unit), and a part none of whose words is in the
 * question was not asked for: the reading is not answered. (That every content word of the question is in the query, the
 * other way, is the reader's own rule: a word it cannot place stops the answer.)
 *
 * <p>Words are compared as the reader compares them: lower case, plural endings off, and by their stems ("placed" and
 * "place"), digits for number words.
 */
public final class BackTranslation {
    private final SemanticModel model;

    public BackTranslation(SemanticModel model) {
        this.model = model;
    }

    /** Words that ask for the first or last of something, or a number of them ("top 5", "the most", "the oldest"). */
    private static final Set<String> RANKING = Set.of("top", "most", "least", "best", "worst", "highest", "lowest", "largest", "smallest", "biggest",
            "greatest", "fewest", "maximum", "minimum", "max", "min", "bottom", "first", "last", "oldest", "youngest", "newest", "latest", "earliest",
            "longest", "shortest", "heaviest", "lightest", "cheapest", "expensive", "recent", "more", "less", "fewer", "lead", "leads", "leading");

    /** Words that ask for a series over time without naming its unit. */
    private static final Set<String> SERIES = Set.of("trend", "time", "develop", "evolv", "over", "progress", "chang", "histor");

    /**
     * The parts of the query that no word of the question asks for, in words ("the breakdown by region"); empty when every
     * part is said. {@code periodSaid}: whether the question names a period (the reader's period parser found one, or a word
     * of now: "today", "currently").
     */
    public List<String> unsaid(String question, SemanticQuery q, boolean periodSaid) {
        Set<String> said = stems(QuestionWords.tokens(question, true));
        List<String> out = new ArrayList<>();
        for (String m : q.metrics()) {
            if (!anySaid(said, metricWords(m))) out.add("the measure " + m);
        }
        for (SemanticQuery.GroupBy g : q.groupBy()) {
            Dimension d = model.dimension(g.dimension()).orElse(null);
            // a breakdown by the attribute whose values the question names ("Europe or North America") is said by them
            boolean byValues = d != null && q.filters().stream().anyMatch(f -> model.dimension(f.field()).map(d::equals).orElse(false) && filterSaid(said, f));
            if (d != null && !byValues && !anySaid(said, dimensionWords(d))) out.add("the " + (q.records() != null ? "attribute " : "breakdown by ") + d.displayName());
        }
        for (SemanticQuery.Filter f : q.filters()) {
            if (!filterSaid(said, f)) out.add("the condition " + f);
        }
        for (SemanticQuery.Exists e : q.exists()) {
            // the related rows are said by their name or by a value of theirs ("countries where English is spoken")
            // or by a verb whose noun they are ("dogs that got treated": treatments)
            boolean rowsSaid = model.dataset(e.dataset()).map(d -> anySaid(said, datasetWords(d)) || anySaid(nounsOfVerbs(question), datasetWords(d))).orElse(false)
                    || e.filters().stream().anyMatch(f -> filterSaid(said, f));
            if (!rowsSaid) out.add("the related " + e.dataset());
            for (SemanticQuery.Filter f : e.filters()) if (!filterSaid(said, f)) out.add("the condition " + f + " on the related " + e.dataset());
        }
        for (String c : q.countDistinct()) {
            if (!model.dimension(c).map(d -> anySaid(said, dimensionWords(d))).orElse(false)) out.add("the distinct count of " + c);
        }
        // the records of a dataset, or those a count keeps ("the members who left": said by the count's own words)
        if (q.records() != null && !model.dataset(q.records()).map(d -> anySaid(said, datasetWords(d)) || q.groupBy().stream()
                .anyMatch(g -> model.dimension(g.dimension()).map(x -> anySaid(said, dimensionWords(x))).orElse(false)))
                .orElseGet(() -> model.metric(q.records()).isPresent() && anySaid(said, metricWords(q.records())))) {
            out.add("the records of " + q.records());
        }
        if (q.limit() != null && !anySaid(said, RANKING) && !said.contains(String.valueOf(q.limit()))) out.add("the limit of " + q.limit());
        if (q.grain() != null && !said.contains(stem(q.grain().label())) && !anySaid(said, grainWords(q.grain())) && !anySaid(said, SERIES)) {
            out.add("the grain " + q.grain().label());
        }
        if ((q.start() != null || q.compareTo() != null) && !periodSaid) out.add("the period");
        // a question that asks for a place or a person ("where is ... from", "who ...") is answered by what names one, a list
        // or a breakdown; one that asks when, by a time: a number alone answers neither
        List<String> words = QuestionWords.tokens(question, true);
        String asks = words.isEmpty() ? "" : words.get(0);
        boolean named = !q.groupBy().isEmpty() || q.records() != null;
        if ((asks.equals("where") || asks.equals("who")) && !named || asks.equals("when") && q.grain() == null && !timeShown(q)) {
            out.add("a number, where the question asks " + asks);
        }
        return out;
    }

    private boolean timeShown(SemanticQuery q) {
        return q.groupBy().stream().anyMatch(g -> model.dimension(g.dimension()).map(Dimension::time).orElse(false));
    }

    private Set<String> metricWords(String name) {
        Set<String> out = new HashSet<>(words(name.replace('_', ' ')));
        ReaderLexicon.initialism(QuestionWords.tokens(name, true)).ifPresent(out::add);
        model.metric(name).ifPresent(m -> {
            out.addAll(words(m.info().label()));
            if (m.info().label() != null) ReaderLexicon.initialism(QuestionWords.tokens(m.info().label(), true)).ifPresent(out::add);
            m.info().synonyms().forEach(s -> out.addAll(words(s)));
            if (m.info().unit() != null) out.addAll(words(m.info().unit()));
            for (SemanticMetric.Simple s : model.simpleInputs(m)) {
                out.addAll(words(s.name().replace('_', ' ')));
                out.addAll(words(s.info().label()));
                s.info().synonyms().forEach(x -> out.addAll(words(x)));
                model.dataset(s.dataset()).ifPresent(d -> out.addAll(datasetWords(d)));
            }
            if (!(m instanceof SemanticMetric.Simple)) m.inputNames().forEach(n -> { if (!n.equals(name)) out.addAll(metricWords(n)); });
        });
        return out;
    }

    private Set<String> dimensionWords(Dimension d) {
        Set<String> out = new HashSet<>(words(d.name().replace('_', ' ')));
        out.addAll(words(d.label()));
        d.synonyms().forEach(s -> out.addAll(words(s)));
        // every way the reader reads it by ("director" of "Directed by")
        ReaderLexicon.phrasingsOf(d).forEach(p -> out.addAll(words(String.join(" ", p))));
        // an attribute that names its records ("which airlines": the airline's name) is said by the records' name
        model.dataset(d.dataset()).filter(ds -> namesRecords(ds, d)).ifPresent(ds -> out.addAll(datasetWords(ds)));
        return out;
    }

    /** Whether the attribute names its dataset's records: it labels their entity, or is called "name", "title" or after them. */
    private static boolean namesRecords(Dataset ds, Dimension d) {
        return d.labelsEntity() || ModelAttributes.calledAfterRecords(ds, d);
    }

    private Set<String> datasetWords(Dataset d) {
        Set<String> out = new HashSet<>();
        ReaderLexicon.datasetWords(d).forEach(w -> out.addAll(words(w)));
        d.entities().stream().filter(Dataset.Entity::identifies).forEach(e -> out.addAll(words(e.name().replace('_', ' '))));
        return out;
    }

    private boolean filterSaid(Set<String> said, SemanticQuery.Filter f) {
        Set<String> words = new HashSet<>();
        for (String v : f.values()) words.addAll(words(v));
        Dimension d = model.dimension(f.field()).orElse(null);
        if (d != null) {
            for (Map.Entry<String, List<String>> e : d.valueSynonyms().entrySet()) {
                if (f.values().stream().anyMatch(v -> v.equalsIgnoreCase(e.getKey()) || ValueIndex.sameTruth(v, e.getKey()))) e.getValue().forEach(x -> words.addAll(words(x)));
            }
            // a comparison with a number: its attribute or the number said ("older than 30", "horsepower above 150")
            if (!Set.of("=", "!=", "in", "not_in").contains(f.op())) words.addAll(dimensionWords(d));
        } else if (model.metric(f.field()).isPresent()) {
            words.addAll(metricWords(f.field())); // "more than 3 car makers": the rows counted, or the number
        }
        return anySaid(said, words);
    }

    private static Set<String> grainWords(Grain g) {
        return switch (g) {
            case DAY -> Set.of("day", "daily");
            case WEEK -> Set.of("week", "weekly");
            case MONTH -> Set.of("month", "monthly");
            case QUARTER -> Set.of("quarter", "quarterly");
            case YEAR -> Set.of("year", "yearly", "annual", "annually");
            default -> Set.of();
        };
    }

    /** The nouns of the question's verbs (WordNet's derivationally related forms: "treated", treatment), and their stems. */
    private static Set<String> nounsOfVerbs(String question) {
        Set<String> out = new HashSet<>();
        for (String w : QuestionWords.tokens(question, false)) dev.almanac.reading.Lexicon.english().nounsOfVerb(w).forEach(n -> out.addAll(words(n)));
        return out;
    }

    private static boolean anySaid(Set<String> said, Set<String> words) {
        for (String w : words) if (said.contains(w) || said.contains(stem(w))) return true;
        return false;
    }

    private static Set<String> words(String text) {
        if (text == null || text.isBlank()) return Set.of();
        Set<String> out = new HashSet<>();
        for (String t : QuestionWords.tokens(text, true)) {
            if (t.length() < 2 && !t.chars().allMatch(Character::isDigit)) continue;
            out.add(t);
            out.add(stem(t));
        }
        return out;
    }

    private static Set<String> stems(List<String> tokens) {
        Set<String> out = new HashSet<>();
        for (String t : tokens) {
            out.add(t);
            out.add(stem(t));
        }
        return out;
    }

    private static String stem(String w) {
        return QuestionWords.stem(w.toLowerCase(Locale.ROOT));
    }
}
