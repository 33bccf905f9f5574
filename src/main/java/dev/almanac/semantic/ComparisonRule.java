package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The rules that read a comparison with a number: each a name, the phrases that say it (as the reader's words: lower case,
 * a number word as its digits), where the number stands, and the operator it asks for. Tried longest phrase first, so "no
 * more than" is read before "more than". Each rule's corpus, written {@code "phrase => operator number"}, is what it must
 * read (the test {@code ComparisonRuleTest}); what the number is compared with (an attribute, a count of related rows, a
 * row's amount) is the reader's to find around it. The words are English's own comparatives, never a model's.
 */
enum ComparisonRule {
    NOT_MORE(Place.NUMBER_AFTER, "<=", List.of("no more than", "not more than", "not greater than", "not higher than", "not larger than", "not bigger than"),
            "no more than 5 => <= 5", "not greater than 20 => <= 20", "with not more than three => <= 3"),
    NOT_LESS(Place.NUMBER_AFTER, ">=", List.of("no less than", "no fewer than", "not less than", "not fewer than", "not lower than", "not smaller than"),
            "no fewer than 10 => >= 10", "not lower than 2 => >= 2"),
    AT_LEAST(Place.NUMBER_AFTER, ">=", List.of("at least"), "at least 30 => >= 30", "aged at least 40 => >= 40"),
    AT_MOST(Place.NUMBER_AFTER, "<=", List.of("at most"), "at most 2 => <= 2"),
    MORE(Place.NUMBER_AFTER, ">", List.of("more than", "greater than", "higher than", "larger than", "bigger than", "over", "above", "exceeds", "exceed",
            "exceeding", "exceeded", "in excess of", "upwards of"),
            "more than 4 => > 4", "horsepower greater than 150 => > 150", "above 20 => > 20", "over 1000 => > 1000", "whose version number exceeds 5 => > 5",
            "in excess of 300 => > 300"),
    LESS(Place.NUMBER_AFTER, "<", List.of("less than", "fewer than", "lower than", "smaller than", "under", "below"),
            "fewer than 200 => < 200", "below 5 => < 5", "weight under 3000 => < 3000"),
    OR_MORE(Place.NUMBER_BEFORE, ">=", List.of("or more", "or above", "or higher", "or greater", "or over", "and above", "and over", "and up", "and higher",
            "or after", "or later"),
            "2 or more => >= 2", "five or more => >= 5", "age 30 and over => >= 30", "a score of 90 or higher => >= 90", "year 2014 or after => >= 2014"),
    OR_FEWER(Place.NUMBER_BEFORE, "<=", List.of("or fewer", "or less", "or below", "or lower", "or under", "and below", "and under", "and lower",
            "or before", "or earlier"),
            "3 or fewer => <= 3", "10 or less => <= 10", "prices of 20 and under => <= 20", "year 1990 or earlier => <= 1990"),
    /** "a greater weight than 10": the comparative before what it compares, "than" and the number after. */
    SPLIT_MORE(Place.SPLIT, ">", List.of("greater", "higher", "larger", "bigger", "more"), "a greater weight than 10 => > 10",
            "a higher capacity than 5000 => > 5000"),
    SPLIT_LESS(Place.SPLIT, "<", List.of("less", "lower", "smaller", "fewer"), "a lower price than 20 => < 20");

    /** Where the number stands: after the phrase ("more than 4"), before it ("4 or more"), or after "than" past what is compared. */
    enum Place { NUMBER_AFTER, NUMBER_BEFORE, SPLIT }

    /** A comparison read at a word: its rule and the span of its phrase (the number outside it). */
    record Match(ComparisonRule rule, int from, int to) {
        String operator() {
            return rule.operator;
        }
    }

    final Place place;
    final String operator;
    private final List<List<String>> phrases;
    private final List<String> examples;

    ComparisonRule(Place place, String operator, List<String> phrases, String... examples) {
        this.place = place;
        this.operator = operator;
        this.phrases = phrases.stream().map(p -> List.of(p.split(" "))).toList();
        this.examples = List.of(examples);
    }

    List<String> examples() {
        return examples;
    }

    /** One phrase of a rule. */
    private record Phrase(ComparisonRule rule, List<String> words) {}

    /** Every phrase of the rules of a place, longest first. */
    private static List<Phrase> phrasesOf(Place place) {
        List<Phrase> out = new ArrayList<>();
        for (ComparisonRule r : values()) if (r.place == place) for (List<String> p : r.phrases) out.add(new Phrase(r, p));
        out.sort(Comparator.comparingInt((Phrase p) -> -p.words().size()));
        return out;
    }

    private static final List<Phrase> NUMBER_AFTER = phrasesOf(Place.NUMBER_AFTER);
    private static final List<Phrase> NUMBER_BEFORE = phrasesOf(Place.NUMBER_BEFORE);

    /** The comparison whose phrase starts at word {@code i} and is followed by a word ("more than", "at least"), longest first. */
    static Optional<Match> before(List<String> words, int i) {
        return at(words, i, NUMBER_AFTER);
    }

    /** The comparison whose phrase starts at word {@code i}, said after its number ("or more", "or fewer"). */
    static Optional<Match> after(List<String> words, int i) {
        return at(words, i, NUMBER_BEFORE);
    }

    private static Optional<Match> at(List<String> words, int i, List<Phrase> phrases) {
        for (Phrase p : phrases) {
            int n = p.words().size();
            if (i + n <= words.size() && words.subList(i, i + n).equals(p.words())) return Optional.of(new Match(p.rule(), i, i + n));
        }
        return Optional.empty();
    }

    /** The operator a comparative said before what it compares asks for ("greater" in "a greater weight than 10"), or null. */
    static String splitOperator(String word) {
        for (ComparisonRule r : values()) if (r.place == Place.SPLIT && r.phrases.contains(List.of(word))) return r.operator;
        return null;
    }

    /** The phrases of a place as a regular expression's alternatives, longest first, words apart by any space. */
    static String regex(Place place) {
        return (place == Place.NUMBER_AFTER ? NUMBER_AFTER : NUMBER_BEFORE).stream()
                .map(p -> String.join("\\s+", p.words())).collect(Collectors.joining("|"));
    }

    /** The operator a phrase of a place asks for, its words apart by any space, in any case; null when no rule says it. */
    static String operatorOf(Place place, String phrase) {
        List<String> words = Arrays.asList(phrase.toLowerCase(java.util.Locale.ROOT).strip().split("\\s+"));
        for (ComparisonRule r : values()) if (r.place == place && r.phrases.contains(words)) return r.operator;
        return null;
    }

    /**
     * The first comparison in the words with its number: "operator number" ("more than 4" is "> 4"), or empty. What the
     * corpus is read with; the reader finds the same phrases with {@link #before}, {@link #after} and {@link #splitOperator}.
     */
    static Optional<String> first(List<String> words) {
        for (int i = 0; i < words.size(); i++) {
            Optional<Match> m = before(words, i);
            if (m.isPresent() && m.get().to() < words.size() && QuestionWords.digits(words.get(m.get().to()))) {
                return Optional.of(m.get().operator() + " " + words.get(m.get().to()));
            }
            m = after(words, i);
            if (m.isPresent() && i > 0 && QuestionWords.digits(words.get(i - 1))) return Optional.of(m.get().operator() + " " + words.get(i - 1));
            String split = splitOperator(words.get(i));
            if (split != null) {
                for (int k = i + 2; k + 1 < words.size() && k <= i + 4; k++) {
                    if (words.get(k).equals("than") && QuestionWords.digits(words.get(k + 1))) return Optional.of(split + " " + words.get(k + 1));
                }
            }
        }
        return Optional.empty();
    }
}
