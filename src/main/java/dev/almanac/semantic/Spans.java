package dev.almanac.semantic;

import dev.almanac.semantic.QuestionParser.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where phrases of the model stand in a question's words ({@link Span}s), and the words a reading has placed: every
 * occurrence of every phrase, the outermost of them, whether two touch, and the marks of words used.
 */
final class Spans {
    private Spans() {}

    /** Every occurrence of every phrase in the words. */
    static List<Span> spans(List<String> words, Map<List<String>, ?> phrases) {
        List<Span> out = new ArrayList<>();
        int longest = phrases.keySet().stream().mapToInt(List::size).max().orElse(0);
        for (int i = 0; i < words.size(); i++) {
            for (int n = Math.min(longest, words.size() - i); n >= 1; n--) {
                Object target = phrases.get(words.subList(i, i + n));
                if (target != null) out.add(new Span(i, i + n, target));
            }
        }
        return out;
    }

    /** The spans no longer one among them holds ("contestant name", not the "contestant" inside it). */
    static List<Span> outermost(List<Span> spans) {
        return spans.stream().filter(sp -> spans.stream().noneMatch(o -> o.length() > sp.length() && o.from() <= sp.from() && sp.to() <= o.to())).toList();
    }

    static List<Span> longestFirst(List<Span> spans) {
        List<Span> out = new ArrayList<>(spans);
        out.sort((a, b) -> a.length() != b.length() ? b.length() - a.length() : a.from() - b.from());
        return out;
    }

    @SuppressWarnings("unchecked")
    static List<SemanticMetric> metricsOf(Span s) {
        return (List<SemanticMetric>) s.target();
    }

    @SuppressWarnings("unchecked")
    static List<Dimension> dimensionOf(Span s) {
        return (List<Dimension>) s.target();
    }

    /** The places right before and right after a span. */
    static int[] neighbours(Span s, int size) {
        return java.util.stream.IntStream.of(s.from() - 1, s.to()).filter(i -> i >= 0 && i < size).toArray();
    }

    /** Whether two spans touch, allowing one small word between ("priority of low" is not usual; "Pro plan", "plan Pro", "the Pro tier"). */
    static boolean adjacent(Span a, Span b) {
        return a.to() == b.from() || b.to() == a.from();
    }

    static void markWords(List<String> words, boolean[] used, String... ws) {
        for (String w : ws) {
            for (int i = 0; i < words.size(); i++) {
                if (!used[i] && words.get(i).equals(w)) {
                    used[i] = true;
                    break;
                }
            }
        }
    }

    static void mark(boolean[] used, Span s) {
        if (s.scattered()) {
            for (int i : s.at()) used[i] = true;
            return;
        }
        for (int i = s.from(); i < s.to(); i++) used[i] = true;
    }

    /** Whether a scattered phrase's words stand in the question in another order than the phrase's. */
    static boolean outOfOrder(Span s) {
        for (int k = 1; k < s.at().length; k++) if (s.at()[k] < s.at()[k - 1]) return true;
        return false;
    }

    static boolean inSpan(Span s, int i) {
        return s.scattered() ? java.util.Arrays.stream(s.at()).anyMatch(x -> x == i) : s.from() <= i && i < s.to();
    }

    static boolean anyUsed(boolean[] used, Span s) {
        for (int i = s.from(); i < s.to(); i++) if (used[i]) return true;
        return false;
    }

    /** The phrases longer than a span that overlap it ("sales channel" over "sales"): those it is part of. */
    static java.util.stream.Stream<Span> longerOver(List<Span> spans, Span s) {
        return spans.stream().filter(o -> o.length() > s.length() && overlaps(o, s));
    }

    static boolean overlaps(Span a, Span b) {
        return a.from() < b.to() && b.from() < a.to();
    }
}
