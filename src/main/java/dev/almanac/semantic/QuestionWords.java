package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words of a question as the reader compares them: split into words, put in lower case and the singular, number words
 * as digits ("three" is 3), and stemmed (Snowball English: "placed", "places" and "place" are one word).
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
}
