package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionWords.singular;
import static dev.almanac.semantic.QuestionWords.tokens;
import static dev.almanac.semantic.Ranking.LEAST;
import static dev.almanac.semantic.Ranking.MOST;
import static dev.almanac.semantic.Rephrasing.letterRuns;

import dev.almanac.reading.FunctionWords;
import dev.almanac.reading.Lexicon;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rewrites of how a condition on records is said other than by an attribute's name: by an adjective of the attribute
 * ("older than 40", and its superlative, "the youngest dog"), a verb of it ("weigh more than 10"), a number alone ("visitors
 * under 30") or before the attribute ("over 200 in height"), a negation ("never hosted", "no visits yet") or a pronoun of a
 * value ("something other than 'USA'").
 * The rules that make them, with their examples, are {@link Rephrasing}'s.
 */
final class ConditionForms {
    private ConditionForms() {}

    private static final Pattern NEVER_VERB = Pattern.compile("(?i)\\b(?:(have|has|had)\\s+)?never\\s+(\\p{L}+)\\b");

    static String neverDone(String q) {
        if (!q.toLowerCase(Locale.ROOT).contains("never")) return q;
        Matcher m = NEVER_VERB.matcher(q);
        StringBuilder out = new StringBuilder();
        Lexicon english = Lexicon.english();
        while (m.find()) {
            String verb = m.group(2).toLowerCase(Locale.ROOT);
            if (verb.equals("been")) { // "have never been treated": the passive denied, its auxiliary kept
                m.appendReplacement(out, Matcher.quoteReplacement((m.group(1) != null ? m.group(1) + " " : "") + "not been"));
                continue;
            }
            // a verb's past form ("hosted", "had", "performed"): a form of a base English has as a verb, the word not a base itself
            List<String> bases = english.baseForms(verb, dev.almanac.reading.PartOfSpeech.VERB).stream().filter(b -> !b.equals(verb)).toList();
            if (bases.size() != 1 || verb.endsWith("ing") || verb.endsWith("s") && !verb.endsWith("ss")) continue;
            m.appendReplacement(out, Matcher.quoteReplacement("did not " + bases.get(0)));
        }
        return m.appendTail(out).toString();
    }

    private static final Pattern VALUE_PRONOUN_WORDS = Pattern.compile("(?i)\\b(?:something|anything)\\s+(?:other\\s+than|else\\s+than|but|except)\\b");

    static String valuePronoun(String q) {
        return VALUE_PRONOUN_WORDS.matcher(q).replaceAll("other than");
    }

    private static final Pattern YET_AFTER_NEGATION = Pattern.compile("(?i)(\\b(?:no|not|never|none)\\b|n't\\b)((?:\\s+\\p{L}+){1,4}?)\\s+yet\\b");

    static String negatedYet(String q) {
        return YET_AFTER_NEGATION.matcher(q).replaceAll("$1$2");
    }

    private static final Set<String> BE = Set.of("is", "are", "was", "were");

    private static final Pattern COMPARED_IN = Pattern.compile("(?i)\\b(over|under|above|below|more\\s+than|less\\s+than|greater\\s+than|at\\s+least|at\\s+most)\\s+"
            + "(\\d+(?:\\.\\d+)?)\\s+in\\s+(?:the\\s+|their\\s+|its\\s+)?(\\p{L}+(?:\\s+\\p{L}+)?)\\b");

    static String comparedInAttribute(QuestionParser reader, String q) {
        Matcher m = COMPARED_IN.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String attribute = m.group(3);
            List<String> said = tokens(attribute, true);
            // the longest words after "in" that name a number attribute ("height", "net worth"), else as written
            if (!reader.lexicon.numberPhrases().containsKey(said)) {
                said = said.subList(0, 1);
                attribute = attribute.split("\\s+")[0];
                if (!reader.lexicon.numberPhrases().containsKey(said)) continue;
            }
            m.appendReplacement(out, Matcher.quoteReplacement("with " + attribute + " " + m.group(1) + " " + m.group(2)
                    + m.group(3).substring(attribute.length())));
        }
        return m.appendTail(out).toString();
    }

    /** Records named, then "(who|that) (are|were)" or nothing, then "over" or "under" a number that may be an age, nothing after that names a unit. */
    private static final Pattern OVER_A_NUMBER = Pattern.compile("(?i)\\b(\\p{L}+(?:\\s+\\p{L}+){0,2}?)\\s+((?:(?:who|that)\\s+)?(?:are|were|is|was)\\s+|aged\\s+)?(over|under|above|below)\\s+(\\d{1,3})\\b(?!\\s*(?:\\.\\d|%|[\\p{L}]+\\s+(?:of|in)\\b|years?\\s+(?:of|in)\\b))");

    static String ageSaidBare(QuestionParser reader, String q) {
        if (!q.matches("(?is).*\\b(?:over|under|above|below)\\s+\\d.*")) return q;
        Set<String> ageNouns = Lexicon.english().attributesOf("old");
        Matcher m = OVER_A_NUMBER.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            List<String> words = tokens(m.group(1), true);
            List<Dataset> rows = List.of();
            for (int n = Math.min(3, words.size()); n >= 1 && rows.isEmpty(); n--) {
                List<String> noun = words.subList(words.size() - n, words.size());
                rows = reader.lexicon.rowsCalled(noun);
            }
            if (rows.size() != 1) continue;
            List<Dimension> ages = measured(reader, rows, ageNouns, false);
            if (ages.isEmpty()) ages = measured(reader, rows, ageNouns, true);
            if (ages.size() != 1) continue;
            boolean more = m.group(3).equalsIgnoreCase("over") || m.group(3).equalsIgnoreCase("above");
            String be = m.group(2) == null || m.group(2).strip().equalsIgnoreCase("aged") ? "" : m.group(2);
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + " " + be + (more ? "older than " : "younger than ") + m.group(4)));
        }
        return m.appendTail(out).toString();
    }

    /**
     * An adjective that gives a value of an attribute (WordNet's attribute relation: "young" and "old" of age, "heavy" of
     * weight, "tall" of height) said of records whose dataset has one number attribute of that name, said as that attribute:
     * "the youngest dog" as "the dog with the lowest age", "the heaviest of the cars" is left as it is, "dogs older than 5" as
     * "dogs age greater than 5". The direction is the adjective's pole ({@link Lexicon#lowerPole}). The superlative must stand
     * before a word naming the records; the comparative before "than", of records the question names. Anything else (two
     * attributes of that name, none, a generic "largest" or "higher") is left to the rest of the reader.
     */
    static String dimensionalAdjectives(QuestionParser reader, String q) {
        List<int[]> at = letterRuns(q);
        if (at.isEmpty()) return q;
        java.util.function.IntFunction<String> word = i -> q.substring(at.get(i)[0], at.get(i)[1]).toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i + 1 < at.size(); i++) {
            String w = word.apply(i);
            if ((w.equals("most") || w.equals("least")) && i + 2 < at.size()) {
                // "the 3 most populated countries": "most" and a word whose noun (WordNet: populate, population) is a number attribute
                Optional<MostSaid> most = mostSaid(reader, q, at, word, i);
                if (most.isPresent()) {
                    int end = most.get().end();
                    out.append(q, copied, at.get(i)[0]).append(q, at.get(i + 2)[0], at.get(end)[1]).append(" with the ").append(w.equals("least") ? "lowest " : "highest ")
                            .append(most.get().measure().displayName().toLowerCase(Locale.ROOT));
                    copied = at.get(end)[1];
                    i = end;
                    continue;
                }
            }
            boolean superlative = w.endsWith("est") && w.length() > 5, comparative = w.endsWith("er") && w.length() > 4;
            if (!superlative && !comparative || MOST.contains(w) || LEAST.contains(w) || COMPARATIVE_WORDS.contains(w)) continue;
            Lexicon lexicon = Lexicon.english();
            if (lexicon.baseForms(w, dev.almanac.reading.PartOfSpeech.ADJECTIVE).stream().noneMatch(b -> !b.equals(w))) continue;
            Set<String> nouns = lexicon.attributesOf(w);
            if (nouns.isEmpty()) continue;
            boolean low = lexicon.baseForms(w, dev.almanac.reading.PartOfSpeech.ADJECTIVE).stream().anyMatch(Lexicon::lowerPole);
            List<Dataset> rows;
            int named = 1; // the words after the adjective that name the records
            if (superlative) {
                // "the shortest life expectancy": the name of a number attribute right after it, which the pole ranks
                int attributeWords = numberAttributeAt(reader, at, word, i + 1);
                if (attributeWords > 0) {
                    out.append(q, copied, at.get(i)[0]).append(low ? "lowest" : "highest");
                    copied = at.get(i)[1];
                    continue;
                }
                rows = List.of();
                for (int n = Math.min(3, at.size() - i - 1); n >= 1 && rows.isEmpty(); n--) {
                    List<String> noun = new ArrayList<>();
                    for (int j = i + 1; j <= i + n; j++) noun.add(word.apply(j));
                    if (!q.substring(at.get(i + 1)[0], at.get(i + n)[1]).matches("[\\p{L} ]+")) continue;
                    rows = reader.lexicon.rowsCalled(noun);
                    named = n;
                }
            } else {
                if (!word.apply(i + 1).equals("than")) continue;
                List<String> all = new ArrayList<>();
                for (int j = 0; j < at.size(); j++) if (j != i) all.add(word.apply(j));
                rows = reader.lexicon.namedRows(all);
            }
            List<Dimension> measured = measured(reader, rows, nouns, false);
            // "poker players taller than 200", "the tallest poker player": of the one record each row refers to (the person a
            // player is), when the rows have none
            if (measured.isEmpty()) measured = measured(reader, rows, nouns, true);
            if (measured.size() != 1) continue;
            String attribute = measured.get(0).displayName().toLowerCase(Locale.ROOT);
            out.append(q, copied, at.get(i)[0]);
            if (superlative) {
                out.append(q, at.get(i + 1)[0], at.get(i + named)[1]).append(" with the ").append(low ? "lowest " : "highest ").append(attribute);
                copied = at.get(i + named)[1];
                i += named;
                continue;
            } else if (i >= 2 && BE.contains(word.apply(i - 1)) && nouns.contains(singular(word.apply(i - 2)))) {
                out.append(low ? "less than" : "greater than"); // "whose age is older than 5": the attribute is said already
            } else if (i >= 1 && !BE.contains(word.apply(i - 1)) && !Set.of("that", "who", "which", "and", "or", "not", "no", "any").contains(word.apply(i - 1))
                    && !FunctionWords.english().isFunctionWord(word.apply(i - 1))) {
                out.append("with ").append(attribute).append(low ? " less than" : " greater than"); // "singers older than 40": those with an age above it
            } else {
                out.append(attribute).append(low ? " less than" : " greater than");
            }
            copied = at.get(i + 1)[1];
            i++;
        }
        return copied == 0 ? q : out.append(q.substring(copied)).toString();
    }

    private static final Pattern VERB_COMPARED = Pattern.compile("(?i)\\b(\\p{L}+)\\s+((?:that|who|which)\\s+)?(\\p{L}+)\\s+(?=(?:more|less|fewer|over|under|above|below|at\\s+least|at\\s+most)\\b[^?.!]*?\\d)");

    static String verbOfAnAttribute(QuestionParser reader, String q) {
        Matcher m = VERB_COMPARED.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String verb = m.group(3).toLowerCase(Locale.ROOT);
            List<Dataset> rows = reader.lexicon.rowsCalled(List.of(singular(m.group(1).toLowerCase(Locale.ROOT))));
            boolean isVerb = !FunctionWords.english().isFunctionWord(verb) && !reader.lexicon.vocabulary().contains(verb)
                    && Lexicon.english().partsOfSpeech(verb).contains(dev.almanac.reading.PartOfSpeech.VERB);
            Set<String> nouns = new java.util.HashSet<>(Lexicon.english().nounsOfVerb(verb));
            // the verb's nominalization by its suffix, where WordNet relates none ("weigh", weight; "cost", cost)
            for (String base : Lexicon.english().baseForms(verb, dev.almanac.reading.PartOfSpeech.VERB)) {
                for (String suffix : List.of("", "t", "s", "ing", "ings", "ment")) nouns.add(base + suffix);
            }
            List<Dimension> measured = rows.isEmpty() || !isVerb ? List.of() : measured(reader, rows, nouns, false);
            if (measured.size() != 1) {
                m.appendReplacement(out, Matcher.quoteReplacement(m.group()));
                continue;
            }
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + " " + (m.group(2) == null ? "" : m.group(2)) + "have "
                    + measured.get(0).displayName().toLowerCase(Locale.ROOT) + " "));
        }
        return m.appendTail(out).toString();
    }

    /** How many words from {@code from} on are the whole name of a number attribute of some records (0 when none). */
    private static int numberAttributeAt(QuestionParser reader, List<int[]> at, java.util.function.IntFunction<String> word, int from) {
        for (int n = Math.min(4, at.size() - from); n >= 1; n--) {
            List<String> said = new ArrayList<>();
            for (int j = from; j < from + n; j++) said.add(singular(word.apply(j)));
            boolean named = reader.model().datasets().stream().flatMap(d -> reader.model().dimensionsOf(d.name()).stream())
                    .anyMatch(x -> x.kind() == Dimension.Kind.NUMBER && tokens(x.displayName(), true).stream().map(QuestionWords::singular).toList().equals(said));
            if (named) return n;
        }
        return 0;
    }

    /** The records named after "most" (or "least"): the place of their last word, and their one attribute the word between names. */
    private record MostSaid(int end, Dimension measure) {}

    /**
     * The records named after "most" (or "least") and the word at {@code i + 1}, when that word's noun is the name of exactly
     * one number attribute of theirs; empty otherwise.
     */
    private static Optional<MostSaid> mostSaid(QuestionParser reader, String q, List<int[]> at, java.util.function.IntFunction<String> word, int i) {
        Set<String> nouns = nounsOfQuality(word.apply(i + 1));
        if (nouns.isEmpty()) return Optional.empty();
        for (int n = Math.min(3, at.size() - i - 2); n >= 1; n--) {
            if (!q.substring(at.get(i + 2)[0], at.get(i + 1 + n)[1]).matches("[\\p{L} ]+")) continue;
            List<String> noun = new ArrayList<>();
            for (int j = i + 2; j <= i + 1 + n; j++) noun.add(singular(word.apply(j)));
            List<Dataset> rows = reader.lexicon.rowsCalled(noun);
            if (rows.isEmpty()) continue;
            List<Dimension> measured = measuredByStem(reader, rows, nouns);
            return measured.size() == 1 ? Optional.of(new MostSaid(i + 1 + n, measured.get(0))) : Optional.empty();
        }
        return Optional.empty();
    }

    /** The number attributes of the rows a word of one of these nouns names, its stem the noun's ("populous", population). */
    private static List<Dimension> measuredByStem(QuestionParser reader, List<Dataset> rows, Set<String> nouns) {
        Set<String> stems = new java.util.HashSet<>();
        nouns.forEach(n -> stems.add(QuestionWords.stem(n)));
        return rows.stream().flatMap(d -> reader.model().dimensionsOf(d.name()).stream())
                .filter(x -> x.kind() == Dimension.Kind.NUMBER && tokens(x.displayName(), true).stream().anyMatch(t -> stems.contains(QuestionWords.stem(t)))).toList();
    }

    /**
     * The nouns of a quality said by an adjective or a verb's participle: the word itself (its stem a noun's: "populous"),
     * WordNet's attributes, and its verbs' nouns ("populated": population).
     */
    private static Set<String> nounsOfQuality(String said) {
        Lexicon english = Lexicon.english();
        if (dev.almanac.reading.FunctionWords.english().isFunctionWord(said)) return Set.of();
        Set<String> out = new java.util.HashSet<>(english.attributesOf(said));
        if (english.partsOfSpeech(said).contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE)) out.add(said);
        // a participle ("populated"), not the verb itself
        if (english.baseForms(said, dev.almanac.reading.PartOfSpeech.VERB).stream().anyMatch(b -> !b.equals(said))) out.addAll(english.nounsOfVerb(said));
        return out;
    }

    /** The number attributes of the rows (or, {@code referred}, of the records they refer to) named by one of the nouns. */
    private static List<Dimension> measured(QuestionParser reader, List<Dataset> rows, Set<String> nouns, boolean referred) {
        List<Dimension> out = new ArrayList<>();
        for (Dataset d : rows) {
            List<String> of = referred ? reader.model().edgesFrom(d.name()).stream().filter(e -> e.from().equals(d.name())).map(SemanticModel.Edge::to).distinct().toList()
                    : List.of(d.name());
            for (String ds : of) {
                for (Dimension x : reader.model().dimensionsOf(ds)) {
                    if (x.kind() == Dimension.Kind.NUMBER
                            && tokens(x.displayName(), true).stream().anyMatch(t -> nouns.contains(t) || nouns.contains(singular(t)))) out.add(x);
                }
            }
        }
        return out;
    }

    /** The comparatives of no particular attribute, read with the attribute the question names beside them. */
    private static final Set<String> COMPARATIVE_WORDS = Set.of("greater", "higher", "larger", "bigger", "lower", "smaller", "fewer", "earlier", "later");
}
