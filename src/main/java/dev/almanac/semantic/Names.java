package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Close matches for unknown names, and the identifiers of a small expression. */
final class Names {
    private static final Pattern IDENTIFIER = Pattern.compile("'(?:[^']|'')*'|\"[^\"]*\"|([A-Za-z_][A-Za-z0-9_]*)");
    static final Set<String> SQL_WORDS = Set.of("and", "or", "not", "null", "is", "case", "when", "then", "else", "end", "coalesce", "nullif",
            "abs", "round", "greatest", "least", "cast", "as", "double", "integer", "numeric", "real", "decimal", "true", "false", "in");

    private Names() {}

    /** The identifiers of an expression outside string literals, lower-cased, functions included. */
    static List<String> identifiers(String expr) {
        List<String> out = new ArrayList<>();
        Matcher m = IDENTIFIER.matcher(expr);
        while (m.find()) {
            if (m.group(1) != null) out.add(m.group(1).toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /** Up to three names close to {@code name}: sharing a prefix or within a small edit distance, closest first. */
    static List<String> close(String name, Collection<String> names) {
        String n = name.toLowerCase(Locale.ROOT);
        return names.stream()
                .filter(c -> {
                    String x = c.toLowerCase(Locale.ROOT);
                    return x.contains(n) || n.contains(x) || distance(n, x) <= Math.max(2, n.length() / 3);
                })
                .sorted(Comparator.comparingInt((String c) -> distance(n, c.toLowerCase(Locale.ROOT))).thenComparing(c -> c))
                .limit(3).toList();
    }

    static String didYouMean(String name, Collection<String> names) {
        List<String> close = close(name, names);
        return close.isEmpty() ? "" : " (did you mean " + String.join(", ", close) + "?)";
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
