package dev.almanac.semantic;

import dev.almanac.reading.FunctionWords;
import dev.almanac.reading.Lexicon;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words of a question as the reader compares them: split into words, put in lower case and the singular, number words
 * as digits ("three" is 3), and stemmed (Snowball English: "placed", "places" and "place" are one word); and what English
 * says of a word, whatever the model (a negation, a noun of persons, the agent of a verb, a word that links others).
 */
public final class QuestionWords {
    private QuestionWords() {}

    static final Pattern WORD = Pattern.compile("\\$?[\\p{L}\\p{N}][\\p{L}\\p{N}'&.-]*");

    private static final java.util.concurrent.ConcurrentHashMap<String, String> STEMS = new java.util.concurrent.ConcurrentHashMap<>();

    /** The word's stem (Snowball English): "placed", "places" and "place" are one word to the parser. */
    static String stem(String word) {
        String known = STEMS.get(word);
        if (known != null) return known;
        String stem;
        synchronized (STEMMER) { // the Snowball stemmer keeps state between calls
            stem = STEMMER.stem(word).toString();
        }
        if (STEMS.size() < STEMS_KEPT) STEMS.put(word, stem); // questions bring any word: the cache stays bounded
        return stem;
    }

    private static final int STEMS_KEPT = 50_000;

    private static final opennlp.tools.stemmer.snowball.SnowballStemmer STEMMER =
            new opennlp.tools.stemmer.snowball.SnowballStemmer(opennlp.tools.stemmer.snowball.SnowballStemmer.ALGORITHM.ENGLISH);

    static final Map<String, String> NUMBER_WORDS = Map.ofEntries(Map.entry("one", "1"), Map.entry("two", "2"), Map.entry("three", "3"),
            Map.entry("four", "4"), Map.entry("five", "5"), Map.entry("six", "6"), Map.entry("seven", "7"), Map.entry("eight", "8"),
            Map.entry("nine", "9"), Map.entry("ten", "10"), Map.entry("twenty", "20"));

    /** Lower-case words with a light plural folding ("plans" -> "plan"), or the words as written. */
    static List<String> tokens(String text, boolean normalised) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(text.replace('_', ' ').replace('-', ' '));
        while (m.find()) {
            String w = withoutTrailingStops(m.group());
            if (w.endsWith("'s")) w = w.substring(0, w.length() - 2);
            if (w.isEmpty()) continue;
            if (normalised && w.length() > 1 && w.charAt(0) == '$' && digits(w.substring(1))) w = w.substring(1); // "$2000": the amount
            String lower = w.toLowerCase(Locale.ROOT);
            out.add(normalised ? NUMBER_WORDS.getOrDefault(lower, singular(lower)) : w);
        }
        return out;
    }

    /** A word as written without the full stops and apostrophes after it ("gallon." at a sentence's end, "players'"). */
    static String withoutTrailingStops(String word) {
        int end = word.length();
        while (end > 0 && (word.charAt(end - 1) == '.' || word.charAt(end - 1) == '\'')) end--;
        return word.substring(0, end);
    }

    /** Whether a word is all digits (and not empty): read without a regular expression, as it is asked of every word. */
    public static boolean digits(String w) {
        if (w.isEmpty()) return false;
        for (int i = 0; i < w.length(); i++) if (w.charAt(i) < '0' || w.charAt(i) > '9') return false;
        return true;
    }

    /** A number of one to three digits ("top 5", "our three best months" once number words are read). */
    static boolean smallNumber(String w) {
        return w.length() <= 3 && digits(w);
    }

    /** A word without its plural ending ("plans" -> "plan"), as the parser compares words. */
    public static String singularOf(String w) {
        return singular(w);
    }

    static String singular(String w) {
        if (w.length() > 4 && w.endsWith("ies")) return w.substring(0, w.length() - 3) + "y";
        // "classes", "statuses", "boxes", "branches" lose "es"; "courses", "houses", "expenses" only their "s"
        if (w.length() > 4 && w.endsWith("ses") && !w.endsWith("sses") && !(w.endsWith("uses") && w.length() > 5 && "aeiou".indexOf(w.charAt(w.length() - 5)) < 0)) {
            return w.substring(0, w.length() - 1);
        }
        if (w.length() > 4 && (w.endsWith("ses") || w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes"))) return w.substring(0, w.length() - 2);
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) return w.substring(0, w.length() - 1);
        if (w.length() == 3 && w.endsWith("s") && Words.ABBREVIATIONS.containsKey(w.substring(0, 2))) return w.substring(0, 2); // "ids"
        return w;
    }

    /**
     * Whether a short word written in lower case is a noun of English and nothing else, so a value it names is meant ("web",
     * "ads", "app"), unlike a word of the grammar or a code that is one ("in", "us", "it") and an adjective ("new", "top").
     */
    static boolean shortNoun(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        if (FunctionWords.english().isFunctionWord(w)) return false;
        Set<dev.almanac.reading.PartOfSpeech> pos = Lexicon.english().partsOfSpeech(w);
        return pos.contains(dev.almanac.reading.PartOfSpeech.NOUN) && !pos.contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE)
                && !pos.contains(dev.almanac.reading.PartOfSpeech.ADVERB);
    }

    /** An auxiliary, an article or a preposition: a word that may stand between a value and its attribute ("nationality is USA"). */
    static boolean linking(String w) {
        var function = dev.almanac.reading.FunctionWords.english();
        return function.is(w, dev.almanac.reading.FunctionClass.AUXILIARY) || function.is(w, dev.almanac.reading.FunctionClass.ARTICLE)
                || function.is(w, dev.almanac.reading.FunctionClass.PREPOSITION);
    }

    /**
     * "in the US", "new customers in the us": a personal pronoun's letters after an article, or written in capitals, are a
     * name (a country's code), which a question that does not place it never lets pass as the pronoun.
     */
    static boolean nameNotPronoun(List<String> original, List<String> words, int i) {
        if (!dev.almanac.reading.FunctionWords.english().is(words.get(i), dev.almanac.reading.FunctionClass.PERSONAL_PRONOUN)) return false;
        String typed = original.get(i);
        boolean capitals = typed.length() >= 2 && typed.equals(typed.toUpperCase(Locale.ROOT)) && !typed.equals("I");
        return capitals || i > 0 && dev.almanac.reading.FunctionWords.english().is(words.get(i - 1), dev.almanac.reading.FunctionClass.ARTICLE)
                || objectOutOfPlace(words, i);
    }

    /** The object forms of the personal pronouns, which are also letters of names ("US", "IT"). */
    private static final Set<String> OBJECT_PRONOUNS = Set.of("us", "me", "him", "them", "it");

    /**
     * "how many us singers", "life expectancy in us", "population of cities us": an object pronoun not after a verb, and
     * before a noun, after "in" or "from", or last after a noun, is no pronoun English would say there: a name.
     */
    static boolean objectOutOfPlace(List<String> words, int i) {
        if (!OBJECT_PRONOUNS.contains(words.get(i)) || i == 0) return false;
        String before = words.get(i - 1);
        if (!dev.almanac.reading.Lexicon.english().baseForms(before, dev.almanac.reading.PartOfSpeech.VERB).isEmpty()) return false;
        dev.almanac.reading.FunctionWords english = dev.almanac.reading.FunctionWords.english();
        boolean nounNext = i + 1 < words.size() && !english.isFunctionWord(words.get(i + 1));
        boolean last = i + 1 == words.size() && !english.isFunctionWord(before);
        return nounNext || before.equals("in") || before.equals("from") || last;
    }

    /** Words that exclude what follows them. */
    /** Adverbs that say a state holds at the time asked ("claims are still open", "currently active"): they stand between the rows and their state and add nothing to it. */
    static final Set<String> STATE_ADVERBS = Set.of("still", "currently", "presently", "now", "already");

    static final Set<String> NEGATIONS = Set.of("not", "n't", "excluding", "except", "never", "non");

    /** Whether a word denies what follows it: a negation, "no", "without", or a contraction with "n't". */
    static boolean denies(String word) {
        return NEGATIONS.contains(word) || word.equals("no") || word.equals("without") || word.endsWith("n't");
    }

    static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }

    /** Whether a dataset's rows are persons: the last word of a name of theirs is, in its first sense in WordNet, a person's noun. */
    static boolean ofPersons(Dataset d) {
        for (String name : ReaderLexicon.rowNames(d)) {
            List<String> ws = tokens(name, true);
            if (!ws.isEmpty() && personNoun(ws.get(ws.size() - 1))) return true;
        }
        return false;
    }

    /** Whether a noun names persons in its first sense in WordNet ("users", "singers"). */
    static boolean personNoun(String word) {
        String w = singular(word);
        if (w.equals("people") || w.equals("person")) return true;
        Lexicon lexicon = Lexicon.english();
        for (String base : lexicon.baseForms(w, dev.almanac.reading.PartOfSpeech.NOUN)) {
            List<dev.almanac.reading.Sense> senses = lexicon.senses(base, dev.almanac.reading.PartOfSpeech.NOUN);
            if (!senses.isEmpty() && "noun.person".equals(senses.get(0).lexFile())) return true;
        }
        return false;
    }

    /**
     * Whether a word names the agent of one of these entities' own verb: a noun WordNet derives from the verb an entity's
     * noun is derived from too ("subscribers" have subscriptions: both from "subscribe"). A word only narrower or broader
     * than an entity's noun is not so read: a kind of a thing is often a value of it ("English" is a kind of language, and
     * of nation), which must be placed as a filter or stop the answer.
     */
    static boolean agentOf(String word, Set<String> entities) {
        if (word.length() < 4 || !word.chars().allMatch(Character::isLetter)) return false;
        Set<String> verbs = derivedVerbs(word);
        if (verbs.isEmpty()) return false;
        for (String e : entities) if (e.length() >= 3 && !java.util.Collections.disjoint(verbs, derivedVerbs(e))) return true;
        return false;
    }

    /** The verbs WordNet derives a noun's senses from (or to): "subscribe" for "subscriber" and for "subscription". */
    private static Set<String> derivedVerbs(String noun) {
        var lexicon = dev.almanac.reading.Lexicon.english();
        Set<String> out = new java.util.HashSet<>();
        for (String base : lexicon.baseForms(noun, dev.almanac.reading.PartOfSpeech.NOUN)) {
            for (var sense : lexicon.senses(base, dev.almanac.reading.PartOfSpeech.NOUN)) {
                for (var r : sense.derived()) if (r.pos() == dev.almanac.reading.PartOfSpeech.VERB) out.add(r.word());
            }
        }
        return out;
    }

    static boolean isAllowed(String word, Set<String> allowed) {
        return allowed.contains(word) || allowed.contains(stem(word));
    }
}
