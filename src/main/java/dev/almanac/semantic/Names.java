package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Close matches for unknown names, and the identifiers of a small expression. */
final class Names {
    static final Pattern IDENTIFIER = Pattern.compile("'(?:[^']|'')*'|\"[^\"]*\"|([A-Za-z_][A-Za-z0-9_]*)");
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

    /** Up to three names close to {@code name}, closest first (as the catalog suggests table names). */
    static List<String> close(String name, Collection<String> names) {
        return dev.almanac.source.Catalog.closest(name, names);
    }

    static String didYouMean(String name, Collection<String> names) {
        List<String> close = close(name, names);
        return close.isEmpty() ? "" : " (did you mean " + String.join(", ", close) + "?)";
    }
}
