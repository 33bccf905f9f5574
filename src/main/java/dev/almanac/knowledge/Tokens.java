package dev.almanac.knowledge;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Words for lexical matching: identifiers split on underscores, camelCase and digits, lower-cased,
 * stop words dropped, and a light plural stemmer so that "customers" finds {@code customer_id}.
 */
public final class Tokens {
    private static final Set<String> STOP = Set.of("a", "an", "the", "of", "in", "on", "for", "to", "and", "or", "by", "with", "what",
            "which", "who", "whom", "how", "many", "much", "is", "are", "was", "were", "be", "been", "do", "does", "did", "we", "our",
            "us", "i", "me", "my", "you", "your", "it", "its", "at", "as", "from", "that", "this", "these", "those", "there", "their",
            "show", "list", "give", "tell", "find", "all", "each", "every", "per", "any", "have", "has", "had", "than", "then", "into",
            "get", "got", "can", "could", "would", "should", "will", "not", "no", "yes", "if", "s", "t");

    private Tokens() {}

    public static List<String> of(String text) {
        List<String> out = new ArrayList<>();
        if (text == null) return out;
        StringBuilder word = new StringBuilder();
        char prev = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ' ';
            boolean boundary = !Character.isLetterOrDigit(c)
                    || (Character.isUpperCase(c) && Character.isLowerCase(prev))
                    || (Character.isDigit(c) != Character.isDigit(prev) && word.length() > 0);
            if (boundary && word.length() > 0) {
                add(out, word.toString());
                word.setLength(0);
            }
            if (Character.isLetterOrDigit(c)) word.append(c);
            prev = c;
        }
        return out;
    }

    private static void add(List<String> out, String raw) {
        String w = raw.toLowerCase(Locale.ROOT);
        if (STOP.contains(w)) return;
        out.add(stem(w));
    }

    static String stem(String w) {
        if (w.length() > 4 && w.endsWith("ies")) return w.substring(0, w.length() - 3) + "y";
        if (w.length() > 4 && (w.endsWith("ses") || w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes"))) return w.substring(0, w.length() - 2);
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) return w.substring(0, w.length() - 1);
        return w;
    }
}
