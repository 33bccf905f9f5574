package dev.almanac.semantic;

import dev.almanac.reading.FunctionWords;
import dev.almanac.semantic.QuestionParser.Clarify;
import dev.almanac.semantic.QuestionParser.Parsed;
import dev.almanac.semantic.QuestionParser.Result;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Two metrics asked side by side ("rentals and repairs by station in March", "repair cost vs rentals last quarter"): the
 * question read once for each, the other's words left out, and one query of both when each reads whole to one metric and
 * the two readings agree on everything else (breakdown, period, conditions). The joining word is "and", "vs", "versus" or
 * "plus", with the most words before it that name one metric whole and the most after it that name another (up to four
 * each), or the word before it with the other's last word when the two share it ("food vs drink revenue"); two
 * joining words that read differently give none, and a ranking ("top 5 stations by rentals and repairs") is never
 * combined (whose order would it keep?). Tried only when the question as asked has no answer.
 */
final class SideBySide {
    /** Words joining the two metrics ("or" asks for either, not both). */
    private static final Set<String> JOINING = Set.of("and", "vs", "vs.", "versus", "plus");

    /** How many words each side may have. */
    private static final int MOST_WORDS = 4;

    private SideBySide() {}

    /**
     * Whether the question names a metric right before a joining word and another right after it ("rentals vs repairs"):
     * the metrics' phrases found once over the whole question, most questions having none so joined.
     */
    static boolean named(QuestionParser reader, String prepared) {
        List<String> words = QuestionWords.tokens(prepared, true);
        if (words.stream().noneMatch(JOINING::contains)) return false;
        List<QuestionParser.Span> spans = namesOf(reader, words);
        return spans.stream().anyMatch(a -> a.to() < words.size() && JOINING.contains(words.get(a.to()))
                && spans.stream().anyMatch(b -> b.from() == a.to() + 1 && b.target() != a.target()))
                // "food vs drink revenue": a word, a joining word, and a metric's phrase whose last word the word shares
                || spans.stream().anyMatch(b -> b.from() >= 2 && b.length() >= 2 && JOINING.contains(words.get(b.from() - 1))
                        && namesOf(reader, List.of(words.get(b.from() - 2), words.get(b.to() - 1))).stream().anyMatch(s -> s.from() == 0 && s.to() == 2));
    }

    /** The phrases of the words that name a metric, its words side by side: its names, or a count of the records named. */
    private static List<QuestionParser.Span> namesOf(QuestionParser reader, List<String> words) {
        return java.util.stream.Stream.concat(reader.metricNames.metricSpans(words).stream(), reader.metricNames.entityCount(words).stream())
                .filter(s -> !s.scattered()).toList();
    }

    /**
     * How many words before (or after) the joining word at {@code j} name a metric whole, the most of up to four; 0 when none
     * do ("repair cost" before "and", not "cost"; "bikes rented", not "rented").
     */
    private static int side(QuestionParser reader, List<String> words, int j, boolean before) {
        for (int n = Math.min(MOST_WORDS, before ? j : words.size() - j - 1); n >= 1; n--) {
            List<String> said = QuestionWords.tokens(String.join(" ", before ? words.subList(j - n, j) : words.subList(j + 1, j + 1 + n)), true);
            // the words before a question's metric ("how many", "what were the") are the question's, said of both
            if (said.isEmpty() || before && FunctionWords.english().isFunctionWord(said.get(0))) continue;
            if (namesOf(reader, said).stream().anyMatch(s -> s.from() == 0 && s.to() == said.size())) return n;
        }
        return 0;
    }

    /**
     * The reading of the two metrics side by side, or empty when no joining word has a metric named whole on each side or two
     * read differently; when one side is asked back and the other reads, that question back with both in each option.
     */
    static Optional<Result> read(QuestionParser reader, String prepared) {
        List<String> words = Arrays.asList(prepared.strip().split("\\s+"));
        Set<Result> readings = new LinkedHashSet<>();
        for (int j = 1; j + 1 < words.size(); j++) {
            if (!JOINING.contains(words.get(j).toLowerCase(Locale.ROOT))) continue;
            int left = side(reader, words, j, true);
            int right = side(reader, words, j, false);
            if (right == 0) continue;
            List<String> second = words.subList(j + 1, j + 1 + right);
            List<String> rest = words.subList(j + 1 + right, words.size());
            List<String> first;
            if (left > 0) {
                first = words.subList(j - left, j);
            } else {
                // "food vs drink revenue": the word before shares the other's last word ("food revenue")
                first = sharedHead(reader, words, j, second);
                if (first == null) continue;
                left = 1;
            }
            List<String> before = words.subList(0, j - left);
            Result a = reader.parse(joined(before, first, rest));
            Result b = reader.parse(joined(before, second, rest));
            Optional<? extends Result> both = combined(a, b);
            if (both.isEmpty()) both = askedBack(reader, a, b, before, second, rest, true);
            if (both.isEmpty()) both = askedBack(reader, b, a, before, first, rest, false);
            both.ifPresent(readings::add);
        }
        return readings.size() == 1 ? Optional.of(readings.iterator().next()) : Optional.empty();
    }

    /**
     * The word before the joining word with the other side's last word after it, when that names a metric whole and the
     * other side's words without their last do not ("food" of "food vs drink revenue": food revenue); else null.
     */
    private static List<String> sharedHead(QuestionParser reader, List<String> words, int j, List<String> second) {
        if (second.size() < 2) return null;
        String head = second.get(second.size() - 1);
        List<String> modifier = QuestionWords.tokens(String.join(" ", second.subList(0, second.size() - 1)), true);
        if (modifier.isEmpty() || namesOf(reader, modifier).stream().anyMatch(s -> s.from() == 0 && s.to() == modifier.size())) return null;
        List<String> said = QuestionWords.tokens(words.get(j - 1) + " " + head, true);
        if (said.size() != 2 || FunctionWords.english().isFunctionWord(said.get(0))) return null;
        return namesOf(reader, said).stream().anyMatch(s -> s.from() == 0 && s.to() == 2) ? List.of(words.get(j - 1), head) : null;
    }

    /**
     * One side asked back, the other read: the question back with the other side beside each option ("Returned rentals and
     * repairs by station"), when every option is the side's question with other words for the side and each reads whole.
     */
    private static Optional<Clarify> askedBack(QuestionParser reader, Result side, Result other, List<String> before, List<String> otherWords,
            List<String> rest, boolean sideFirst) {
        if (!(side instanceof Clarify c) || !(other instanceof Parsed) || c.options().isEmpty()) return Optional.empty();
        String head = String.join(" ", before);
        String tail = String.join(" ", rest);
        List<String> options = new ArrayList<>();
        for (String option : c.options()) {
            String lower = option.toLowerCase(Locale.ROOT);
            if (!lower.startsWith(head.toLowerCase(Locale.ROOT)) || !lower.endsWith(tail.toLowerCase(Locale.ROOT))
                    || option.length() <= head.length() + tail.length()) return Optional.empty();
            String said = option.substring(head.length(), option.length() - tail.length()).strip();
            String others = String.join(" ", otherWords);
            String both = joined(before, List.of(sideFirst ? said + " and " + others : others + " and " + said), rest);
            if (!(reader.parse(both) instanceof Parsed p) || p.query().metrics().size() != 2) return Optional.empty();
            options.add(both);
        }
        return Optional.of(new Clarify(c.question(), options));
    }

    /** One query of both readings' metrics, when each names one and they agree on everything else. */
    private static Optional<Parsed> combined(Result a, Result b) {
        if (!(a instanceof Parsed pa) || !(b instanceof Parsed pb)) return Optional.empty();
        SemanticQuery qa = pa.query();
        SemanticQuery qb = pb.query();
        if (qa.metrics().size() != 1 || qb.metrics().size() != 1 || qa.metrics().equals(qb.metrics()) || qa.limit() != null || qa.records() != null
                || !qa.withMetrics(List.of()).withOrder(List.of()).equals(qb.withMetrics(List.of()).withOrder(List.of())) || !pa.period().equals(pb.period())) {
            return Optional.empty();
        }
        List<String> metrics = new ArrayList<>(qa.metrics());
        metrics.addAll(qb.metrics());
        return Optional.of(new Parsed(qa.withMetrics(metrics), pa.period()));
    }

    private static String joined(List<String> before, List<String> side, List<String> rest) {
        List<String> all = new ArrayList<>(before);
        all.addAll(side);
        all.addAll(rest);
        return String.join(" ", all);
    }
}
