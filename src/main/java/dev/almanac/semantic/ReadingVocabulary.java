package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionFrame.FILLER;
import static dev.almanac.semantic.GrainRule.PERIOD_END_WORDS;
import static dev.almanac.semantic.GrainRule.PERIOD_START_WORDS;
import static dev.almanac.semantic.QuestionParser.nameAndLabel;
import static dev.almanac.semantic.QuestionWords.isAllowed;
import static dev.almanac.semantic.QuestionWords.nullToEmpty;
import static dev.almanac.semantic.QuestionWords.singular;
import static dev.almanac.semantic.QuestionWords.stem;
import static dev.almanac.semantic.QuestionWords.tokens;
import static dev.almanac.semantic.Spans.dimensionOf;

import dev.almanac.semantic.QuestionParser.Span;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The words a reading of one metric may leave unplaced because they are the model's own for what it reads: the metric's
 * and its inputs' names, its unit's words, what its rows and the entities they reach are called (with the words English
 * has for the same thing), the compounds the model's descriptions say, the organization whose data it is, and the verbs
 * that say rows exist or events took place. It reads the model only.
 */
final class ReadingVocabulary {
    private final QuestionParser reader;
    private final SemanticModel model;

    private JoinPlanner planner;

    ReadingVocabulary(QuestionParser reader) {
        this.reader = reader;
        this.model = reader.model;
    }

    /**
     * The words a reading of the metric over these dimensions may leave unplaced, and their stems.
     *
     * @param nouns the reading's {@link #entityNouns entity nouns}
     */
    Set<String> allowedWords(SemanticMetric metric, List<Dimension> dims, Set<String> nouns) {
        Set<String> out = new LinkedHashSet<>();
        // the metric's own words ("opened" of "support tickets opened" when the question said "support tickets"), its unit's and its inputs'
        List<SemanticMetric> own = new ArrayList<>(List.of(metric));
        if (!(metric instanceof SemanticMetric.Simple)) metric.inputNames().forEach(n -> model.metric(n).ifPresent(own::add));
        for (SemanticMetric m : own) {
            out.addAll(tokens(nameAndLabel(m), true));
            m.info().synonyms().forEach(x -> out.addAll(tokens(x, true)));
        }
        String unit = nullToEmpty(metric.info().unit()).toLowerCase(Locale.ROOT);
        if (!unit.isBlank() && !unit.equals("percent")) out.addAll(tokens(unit, true));
        if (unit.equals("usd")) out.addAll(List.of("dollar", "us", "usd", "money", "cost")); // "in dollars", "cost us the most money"
        if (unit.matches("hours?|days?|minutes?|seconds?") || nullToEmpty(metric.info().label()).toLowerCase(Locale.ROOT).matches(".*\\b(time|duration)\\b.*")) {
            out.addAll(List.of("long", "take", "took", "last", "lasted", "it")); // "how long did it take"
        }
        // a snapshot is taken at the end of each period ("headcount at the end of each month") or at its start, never both:
        // "headcount at the start of 2025" is not the last snapshot of 2025
        if (metric instanceof SemanticMetric.Simple s && s.isSnapshot()) out.addAll(s.snapshotLast() ? PERIOD_END_WORDS : PERIOD_START_WORDS);
        // a count of rows that "exist", "are listed", "are recorded": verbs that say the rows are there and nothing about which
        if (metric instanceof SemanticMetric.Simple c && c.agg() == SemanticMetric.Agg.COUNT && c.filter() == null) out.addAll(EXISTENCE);
        if (metric instanceof SemanticMetric.Simple c && c.agg() == SemanticMetric.Agg.COUNT) out.addAll(OCCURRENCE); // "how many upgrades happened"
        out.removeAll(List.of("not", "no", "without", "excluding", "except", "only", "per", "by"));
        // what the rows of its datasets, and of those its dimensions come from, are called ("orders", "shop order", "office")
        Set<String> datasets = readingDatasets(metric, dims);
        for (String name : datasets) model.dataset(name).ifPresent(d -> out.addAll(ReaderLexicon.datasetWords(d)));
        // the entities those rows are of, and those their rows reach ("MRR from Enterprise customers": a snapshot is a
        // customer's), with the words English has for the same thing in the noun's most frequent sense (WordNet: "client"
        // for "customer"; not "club" for "order", a rarer sense's)
        out.addAll(nouns);
        var lexicon = dev.almanac.reading.Lexicon.english();
        for (String n : nouns) {
            if (n.length() < 3) continue;
            for (String base : lexicon.baseForms(n, dev.almanac.reading.PartOfSpeech.NOUN)) {
                List<dev.almanac.reading.Sense> senses = lexicon.senses(base, dev.almanac.reading.PartOfSpeech.NOUN);
                if (!senses.isEmpty()) for (String syn : senses.get(0).synonyms()) if (!syn.contains(" ")) out.add(syn);
            }
        }
        new ArrayList<>(out).forEach(w -> out.add(stem(w)));
        return out;
    }

    /**
     * The pairs of words the model's descriptions of the rows read say one after the other ("loyalty program" of a view
     * described as "... loyalty program effectiveness"), each as {@code "first second"}: the model's own compounds.
     */
    Set<String> describedPairs(Set<String> datasets, SemanticMetric metric) {
        List<String> texts = new ArrayList<>();
        for (String name : datasets) {
            model.dataset(name).ifPresent(d -> texts.add(d.description()));
            model.dimensionsOf(name).forEach(d -> texts.add(d.description()));
        }
        texts.add(metric.info().description());
        Set<String> out = new java.util.HashSet<>();
        for (String t : texts) {
            if (t == null) continue;
            List<String> w = tokens(t, true);
            for (int i = 0; i + 1 < w.size(); i++) out.add(w.get(i) + " " + w.get(i + 1));
        }
        return out;
    }

    /** The datasets a reading reads: its metric's inputs' and its dimensions'. */
    Set<String> readingDatasets(SemanticMetric metric, List<Dimension> dims) {
        Set<String> datasets = new LinkedHashSet<>();
        for (SemanticMetric.Simple s : model.simpleInputs(metric)) datasets.add(s.dataset());
        for (Dimension d : dims) datasets.add(d.dataset());
        return datasets;
    }

    /**
     * English's nouns for an organization, which a question uses for the one whose data it is ("how many departments does
     * the company have"), as it uses "we": WordNet's synsets of an organization that trades or is organized (company,
     * business, firm, enterprise, corporation, organization).
     */
    private static final Set<String> ORGANIZATION = Set.of("company", "business", "firm", "enterprise", "corporation", "organization", "organisation");

    /** Whether the word is the organization itself: one of {@link #ORGANIZATION} after "the", "our" or "this", or the project's own name. */
    boolean organizationItself(List<String> words, int i) {
        String w = words.get(i);
        if (reader.layer.company().stream().anyMatch(c -> c.equalsIgnoreCase(w))) return true;
        // never a word before the records' noun, which it says which of ("the enterprise customers")
        return ORGANIZATION.contains(w) && i > 0 && Set.of("the", "our", "this").contains(words.get(i - 1))
                && !(i + 1 < words.size() && !reader.lexicon.rowsCalled(List.of(QuestionWords.singular(words.get(i + 1)))).isEmpty());
    }

    /**
     * Whether a breakdown read is named in the plural ("which regions", "the countries with"): the last word of a span of a
     * grouped dimension, all of whose words were placed, written otherwise than its singular.
     */
    boolean groupsInPlural(Breakdown.Said said) {
        for (Span s : said.dimSpans) {
            int last = s.to() - 1;
            if (s.scattered() || !said.used[last] || dimensionOf(s).stream().noneMatch(d -> said.groupBy.contains(model.reference(d)))) continue;
            if (said.metricSpan != null && Spans.inSpan(said.metricSpan, last)) continue; // "the most area code states": the measure's word
            String written = said.original.get(last).toLowerCase(Locale.ROOT);
            if (!written.equals(said.words.get(last)) && singular(written).equals(said.words.get(last))) return true;
        }
        return false;
    }

    /** The nouns of the entities the rows of these datasets are of, and of those their rows reach many-to-one, and their rows' names. */
    Set<String> entityNouns(Set<String> datasets) {
        Set<String> reached = new LinkedHashSet<>();
        for (String name : datasets) {
            reached.add(name);
            try {
                reached.addAll(planner().reachable(name));
            } catch (RuntimeException e) {
                // a dataset the planner cannot walk from: its own entities only
            }
        }
        Set<String> out = new LinkedHashSet<>();
        for (String name : reached) model.dataset(name).ifPresent(d -> {
            d.entities().forEach(e -> out.addAll(tokens(e.name().replace('_', ' '), true)));
            if (datasets.contains(name)) out.addAll(ReaderLexicon.datasetWords(d));
            else ReaderLexicon.rowNames(d).forEach(n -> out.addAll(tokens(n, true)));
        });
        return out;
    }

    JoinPlanner planner() {
        if (planner == null) planner = new JoinPlanner(model);
        return planner;
    }

    /** Verbs of a row's being there: they say that rows exist, never which ones. */
    private static final List<String> EXISTENCE = List.of("exist", "exists", "existing", "listed", "recorded", "registered", "stored", "included", "present");

    /** Levin's verbs of occurrence (English Verb Classes and Alternations, 1993, class 48.3): the events counted took place. */
    private static final List<String> OCCURRENCE = List.of("happen", "happens", "happened", "occur", "occurs", "occurred", "transpired");

    /** Whether a span holds a word that nothing placed. */
    static boolean unplacedIn(Span s, boolean[] used, List<String> words, Set<String> allowed) {
        for (int i = s.from(); i < s.to(); i++) if (!used[i] && !FILLER.contains(words.get(i)) && !isAllowed(words.get(i), allowed)) return true;
        return false;
    }
}
