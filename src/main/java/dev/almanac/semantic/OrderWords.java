package dev.almanac.semantic;

import static dev.almanac.semantic.Ranking.LEAST;
import static dev.almanac.semantic.Ranking.MOST;
import static dev.almanac.semantic.Spans.dimensionOf;
import static dev.almanac.semantic.Spans.outermost;
import static dev.almanac.semantic.Spans.spans;

import dev.almanac.semantic.QuestionParser.Span;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a question says of order: a word that ranks ("most", "lowest"), unless it is a word of an attribute's name said
 * whole ("best finish"), and the one attribute a list is sorted by with its direction ("in ascending order of age").
 */
final class OrderWords {
    private final ReaderLexicon lexicon;

    OrderWords(ReaderLexicon lexicon) {
        this.lexicon = lexicon;
    }

    /** A word that ranks ("most", "lowest") at {@code i}, unless it is a word of an attribute's name said whole there ("best finish"). */
    boolean superlativeAt(List<String> words, int i) {
        return (MOST.contains(words.get(i)) || LEAST.contains(words.get(i))) && !inAttributeName(words, i);
    }

    /** Whether the word at {@code i} is one of an attribute's name of two words or more said whole ("best finish", "contestant number"). */
    boolean inAttributeName(List<String> words, int i) {
        return inAny(attributeNames(words), i);
    }

    /** The attributes' names of two words or more the words say. */
    List<Span> attributeNames(List<String> words) {
        return spans(words, lexicon.attributePhrases()).stream().filter(s -> s.length() > 1).toList();
    }

    static boolean inAny(List<Span> spans, int i) {
        return spans.stream().anyMatch(s -> s.from() <= i && i < s.to());
    }

    /** Whether any word of the question ranks ({@link #superlativeAt}). */
    boolean anySuperlative(List<String> words) {
        List<Span> names = null;
        for (int i = 0; i < words.size(); i++) {
            if (!MOST.contains(words.get(i)) && !LEAST.contains(words.get(i))) continue;
            if (names == null) names = attributeNames(words);
            if (!inAny(names, i)) return true;
        }
        return false;
    }

    /** Whether "by" stands before a word, "the", "their" or "its" aside. */
    private static boolean byBefore(List<String> words, int at) {
        int i = at - 1;
        while (i >= 0 && Set.of("the", "their", "its").contains(words.get(i))) i--;
        return i >= 0 && words.get(i).equals("by");
    }

    /** A listing's sort: the attribute, its direction, and the question without the words that said it. */
    record Sorted(Dimension by, boolean descending, Question rest) {}

    static final Set<String> ASCENDING = Set.of("ascending", "increasing", "alphabetical", "alphabetically", "alphabetic", "lexicographic",
            "lexicographical", "lexicographically");

    static final Set<String> DESCENDING = Set.of("descending", "decreasing");

    /**
     * "in ascending order of age", "ordered by age", "sorted by descending age", "by their age in descending order", "names,
     * age in descending order" (the attribute after a comma, as "by" it): the one
     * attribute of a dataset a list is sorted by, and whether it is descending (ascending when no direction is said).
     */
    Optional<Sorted> sorted(Question question) {
        List<String> words = question.words();
        int cue = -1;
        for (int i = 0; i < words.size() && cue < 0; i++) {
            String w = words.get(i);
            if (ASCENDING.contains(w) || DESCENDING.contains(w) || w.equals("ordered") || w.equals("sorted") || w.equals("order") && i > 0
                    && (words.get(i - 1).equals("in") || ASCENDING.contains(words.get(i - 1)) || DESCENDING.contains(words.get(i - 1)))) cue = i;
        }
        if (cue < 0) return Optional.empty();
        int at = cue;
        // the words around: "in", "order", "of", "by", "their", "the", the direction
        Set<String> around = Set.of("in", "order", "of", "by", "their", "its", "the", "ordered", "sorted", "sort", "ranked", "arranged", "listed", "and");
        java.util.function.IntPredicate joining = i -> around.contains(words.get(i)) || ASCENDING.contains(words.get(i)) || DESCENDING.contains(words.get(i));
        // the attribute next to the sort's words, only such words between them: after them ("in ascending order of age"), or
        // before them after "by" ("by their age in ascending order")
        List<Span> spans = spans(words, lexicon.attributePhrases()).stream().filter(d -> dimensionOf(d).size() == 1
                && java.util.stream.IntStream.range(Math.min(d.to(), at + 1), Math.max(d.from(), at)).allMatch(joining)
                && (d.from() > at || byBefore(words, d.from()) || question.commaAfterWord(d.from()))).toList();
        // "by contestant name": the name whole, not the shorter name inside it ("contestant", a synonym of the same name)
        spans = outermost(spans);
        if (spans.size() != 1) return Optional.empty();
        Span by = spans.get(0);
        int from = Math.min(by.from(), cue), to = Math.max(by.to(), cue + 1);
        while (from > 0 && (around.contains(words.get(from - 1)) || ASCENDING.contains(words.get(from - 1)) || DESCENDING.contains(words.get(from - 1)))) from--;
        while (to < words.size() && (around.contains(words.get(to)) || ASCENDING.contains(words.get(to)) || DESCENDING.contains(words.get(to)))) to++;
        boolean descending = false, ascending = false; // "in ascending alphabetical order" says one direction twice
        for (int i = from; i < to; i++) {
            descending |= DESCENDING.contains(words.get(i));
            ascending |= ASCENDING.contains(words.get(i));
        }
        if (descending && ascending) return Optional.empty();
        for (int i = from; i < to; i++) if (!around.contains(words.get(i)) && !ASCENDING.contains(words.get(i)) && !DESCENDING.contains(words.get(i))
                && (i < by.from() || i >= by.to())) return Optional.empty();
        return Optional.of(new Sorted(dimensionOf(by).get(0), descending, question.without(from, to)));
    }
}
