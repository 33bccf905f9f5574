package dev.almanac.semantic;

import static dev.almanac.semantic.GrainRule.UNITS;
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
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rewrites of how an order or a ranking is said: short ("alphabetically", "A to Z", "asc"), reversed, by its two ends
 * ("from the oldest to the youngest"), an end first ("youngest first"), a ranking of groups ("Rank departments by
 * headcount"), the top records by an attribute ("top 3 countries by population"), "most" without "the", and records first
 * by their time ("the most recent transcript", "the first student to register").
 * The rules that make them, with their examples, are {@link Rephrasing}'s.
 */
final class OrderForms {
    private OrderForms() {}

    private static final Pattern RANK_FIRST = Pattern.compile("(?i)^\\s*(?:please\\s+)?rank\\s+(?:the\\s+|our\\s+|all\\s+)?(.+?)\\s+(?:by|on)\\s+(.+?)\\s*[?.]?\\s*$");

    private static final Pattern RANKED_BY = Pattern.compile("(?i)^\\s*(?:(?:please\\s+)?(?:show|list|give)\\s+(?:me\\s+)?)?(?:the\\s+|our\\s+|all\\s+)?(.+?)\\s+ranked\\s+(?:by|on)\\s+(.+?)\\s*[?.]?\\s*$");

    /**
     * "Rank departments by headcount", "marketing channels ranked by spend": the things ranked are a breakdown of the measure
     * they are ranked by, said as "headcount by departments, ranked" so that the breakdown follows its cue.
     */
    static String rankedBreakdown(String q) {
        if (!q.toLowerCase(Locale.ROOT).contains("rank")) return q;
        for (Pattern p : List.of(RANK_FIRST, RANKED_BY)) {
            Matcher m = p.matcher(q);
            if (m.matches()) return m.group(2) + " by " + m.group(1) + " ranked";
        }
        return q;
    }

    /** ", youngest first", "with the highest first", "lowest first": an end of an order, said first, at the question's end. */
    private static final Pattern END_SAID_FIRST = Pattern.compile("(?i)\\s*,?\\s+(?:with\\s+)?(?:the\\s+)?(\\p{L}+)\\s+(?:ones?\\s+)?first\\s*([?.!]?)\\s*$");

    /** "sorted by net worth", "ordered by age", "by age": the attribute a list is sorted by, said before. */
    private static final Pattern SORTED_BY = Pattern.compile("(?i)\\b(?:sorted|ordered|ranked|listed|sort|order)?\\s*by\\s+(?:the\\s+|their\\s+|its\\s+)?([\\p{L} ]+?)\\s*$");

    /** ", starting with the youngest", "beginning with the highest": an end of an order said as where the list starts, at the question's end. */
    private static final Pattern END_SAID_TO_START = Pattern.compile("(?i)\\s*,?\\s+(?:starting|beginning)\\s+(?:with|from|at)\\s+(?:the\\s+)?(\\p{L}+)(?:\\s+ones?)?\\s*([?.!]?)\\s*$");

    static String endFirst(String q) {
        Matcher m = END_SAID_FIRST.matcher(q);
        if (!m.find() && !(m = END_SAID_TO_START.matcher(q)).find()) return q;
        String end = m.group(1).toLowerCase(Locale.ROOT), before = q.substring(0, m.start());
        Matcher by = SORTED_BY.matcher(before);
        String sortedBy = by.find() ? by.group(1).toLowerCase(Locale.ROOT) : null;
        boolean ascending;
        String of = "";
        if (MOST.contains(end) || LEAST.contains(end)) {
            if (sortedBy == null || Set.of("top", "bottom", "best", "worst").contains(end)) return q; // "highest" of what is not said
            ascending = LEAST.contains(end);
        } else {
            Lexicon lexicon = Lexicon.english();
            Set<String> attributes = lexicon.attributesOf(end);
            java.util.Collection<String> bases = lexicon.baseForms(end, dev.almanac.reading.PartOfSpeech.ADJECTIVE);
            if (attributes.isEmpty() || bases.isEmpty() || !end.endsWith("est")) return q;
            // the attribute sorted by must be the one the adjective gives a value of ("by age, youngest first")
            if (sortedBy != null && attributes.stream().noneMatch(a -> singular(a).equals(singular(sortedBy)))) return q;
            if (sortedBy == null && attributes.size() != 1) return q;
            ascending = bases.stream().anyMatch(Lexicon::lowerPole);
            if (sortedBy == null) of = " of " + attributes.iterator().next();
        }
        return before + " in " + (ascending ? "ascending" : "descending") + " order" + of + m.group(2);
    }

    private static final Pattern ALPHABETICALLY = Pattern.compile("(?i)\\b(?:(?:sorted|ordered|listed)\\s+)?alphabetically\\b");
    private static final Pattern A_TO_Z = Pattern.compile("(?i)\\b(?:from\\s+)?a\\s*(?:to|-)\\s*z\\b");
    private static final Pattern Z_TO_A = Pattern.compile("(?i)\\b(?:from\\s+)?z\\s*(?:to|-)\\s*a\\b");
    private static final Pattern BY_THEN_DIRECTION = Pattern.compile("(?i)\\b((?:sorted|ordered|ranked|sort|order)\\s+by\\s+[\\p{L} ]+?)\\s+(ascending|descending)\\s*([?.!]?\\s*)$");

    static String orderSaidShort(String q) {
        String out = ALPHABETICALLY.matcher(q).replaceAll(m -> m.group().toLowerCase(Locale.ROOT).startsWith("alpha") ? "in alphabetical order"
                : Matcher.quoteReplacement(m.group().substring(0, m.group().indexOf(' ')) + " in alphabetical order"));
        out = A_TO_Z.matcher(out).replaceAll("in alphabetical order");
        out = Z_TO_A.matcher(out).replaceAll("in reverse alphabetical order");
        return BY_THEN_DIRECTION.matcher(out).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + " in " + m.group(2).toLowerCase(Locale.ROOT) + " order" + m.group(3)));
    }

    private static final Pattern REVERSED_ORDER_WORDS = Pattern.compile("(?i)\\b(?:in\\s+)?revers(?:e|ed)\\s+(?:alphabetic|alphabetical|lexicographic|lexicographical)\\s+order\\b");

    /** "in reverse alphabetical order", "in reversed lexicographical order": the order of the letters, descending. */
    static String reverseOrder(String q) {
        return q.toLowerCase(Locale.ROOT).contains("revers") ? REVERSED_ORDER_WORDS.matcher(q).replaceAll("in descending order") : q;
    }

    private static final Pattern BETWEEN_ENDS = Pattern.compile("(?i)\\b(?:from\\s+)?(?:the\\s+)?(\\p{L}+)\\s+to\\s+(?:the\\s+)?(\\p{L}+)\\b");

    /** "from the highest earnings down to the lowest": two ends of a ranking's words, a noun after the first. */
    private static final Pattern BETWEEN_ENDS_OF_A_NOUN = Pattern.compile("(?i)\\bfrom\\s+(?:the\\s+)?(\\p{L}+)\\s+(\\p{L}+)\\s+(?:(?:down|up)\\s+)?to\\s+(?:the\\s+)?(\\p{L}+)\\b");

    /**
     * "from the oldest to the youngest", "from high to low": an order said by its two ends, two adjectives (in any degree)
     * giving opposite values of one attribute (WordNet's attribute relation, the ends by {@link Lexicon#lowerPole}), said
     * as "in descending order" when the higher end comes first, else "in ascending order", "of" that attribute when it is
     * one and not said right before ("by age from the oldest ..."). Any other "from ... to ..." (two
     * places) is left as written.
     */
    static String orderBetweenEnds(String asked) {
        // "from the lowest rating to the highest": opposite ends of a ranking, said of the noun after the first, when the noun
        // is no noun of the records listed (said before it)
        String q = BETWEEN_ENDS_OF_A_NOUN.matcher(asked).replaceAll(e -> {
            String a = e.group(1).toLowerCase(Locale.ROOT), noun = e.group(2), b = e.group(3).toLowerCase(Locale.ROOT);
            boolean opposite = MOST.contains(a) && LEAST.contains(b) || LEAST.contains(a) && MOST.contains(b);
            boolean named = tokens(asked.substring(0, e.start()), true).stream().anyMatch(w -> singular(w).equals(singular(noun.toLowerCase(Locale.ROOT))));
            return opposite && !named && !FunctionWords.english().isFunctionWord(noun.toLowerCase(Locale.ROOT))
                    ? Matcher.quoteReplacement("in " + (MOST.contains(a) ? "descending" : "ascending") + " order of " + noun) : Matcher.quoteReplacement(e.group());
        });
        Matcher m = BETWEEN_ENDS.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Lexicon lexicon = Lexicon.english();
            String a = m.group(1).toLowerCase(Locale.ROOT), b = m.group(2).toLowerCase(Locale.ROOT);
            Set<String> shared = new java.util.HashSet<>(lexicon.attributesOf(a));
            shared.retainAll(lexicon.attributesOf(b));
            boolean lowA = lexicon.baseForms(a, dev.almanac.reading.PartOfSpeech.ADJECTIVE).stream().anyMatch(Lexicon::lowerPole);
            boolean lowB = lexicon.baseForms(b, dev.almanac.reading.PartOfSpeech.ADJECTIVE).stream().anyMatch(Lexicon::lowerPole);
            if (shared.isEmpty() || lowA == lowB) continue;
            // "from the youngest to the oldest" with no attribute said: the one both give a value of ("of age")
            List<String> before = tokens(q.substring(0, m.start()), true);
            boolean byIt = before.size() >= 2 && before.subList(Math.max(0, before.size() - 3), before.size()).contains("by")
                    && shared.stream().anyMatch(n -> before.get(before.size() - 1).equals(singular(n)));
            String of = shared.size() == 1 && !byIt ? " of " + shared.iterator().next() : "";
            m.appendReplacement(out, (lowA ? "in ascending order" : "in descending order") + of);
        }
        m.appendTail(out);
        return out.toString();
    }

    private static final Pattern MOST_BARE = Pattern.compile("(?i)\\b(with|has|have|had|having)\\s+(most|fewest|least)\\s+(?!of\\b)(?=\\p{L})");

    static String mostWithoutThe(String q) {
        return MOST_BARE.matcher(q).replaceAll("$1 the $2 ");
    }

    private static final Pattern TOP_BY = Pattern.compile("(?i)\\b(?:the\\s+)?(?:(top|bottom)\\s+(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)"
            + "|(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\\s+(largest|biggest|greatest|highest|smallest|lowest))\\s+"
            + "(\\p{L}+(?:\\s+\\p{L}+){0,2})\\s+by\\s+(\\p{L}+(?:\\s+\\p{L}+){0,3})(?=\\s*[?.!]?\\s*$)");

    static String topRecordsByAttribute(QuestionParser reader, String q) {
        Matcher m = TOP_BY.matcher(q);
        if (!m.find()) return q;
        List<String> noun = tokens(m.group(5), true).stream().map(QuestionWords::singular).toList();
        List<Dataset> rows = reader.lexicon.rowsCalled(noun);
        if (rows.size() != 1) return q;
        List<String> said = tokens(m.group(6), true);
        // the attribute by any of its phrases or its short name ("area" of surface area), one number of the records' own, and
        // no measure named by the same words
        Object named = reader.lexicon.attributesOf(rows.get(0)).get(said);
        if (named == null) named = reader.lexicon.attributesOf(rows.get(0)).get(said.stream().map(QuestionWords::singular).toList());
        List<Dimension> by = named == null ? List.of() : ((List<?>) named).stream().filter(Dimension.class::isInstance).map(Dimension.class::cast)
                .filter(x -> x.kind() == Dimension.Kind.NUMBER && x.dataset().equals(rows.get(0).name())).distinct().toList();
        if (by.size() != 1 || !reader.metricNames.metricSpans(said).isEmpty()) return q;
        String n = m.group(2) != null ? m.group(2) : m.group(3);
        String number = n.matches("\\d+") ? n : QuestionWords.NUMBER_WORDS.get(n.toLowerCase(Locale.ROOT));
        boolean high = m.group(1) != null ? m.group(1).equalsIgnoreCase("top") : Set.of("largest", "biggest", "greatest", "highest").contains(m.group(4).toLowerCase(Locale.ROOT));
        return q.substring(0, m.start()) + "the " + number + " " + m.group(5) + " with the " + (high ? "highest " : "lowest ")
                + by.get(0).displayName().toLowerCase(Locale.ROOT) + q.substring(m.end());
    }

    /**
     * "the most recent cartoon", "the most recently aired cartoon", "the latest transcript", "the first student to
     * register": the records one dataset's noun (right after the superlative) names, first by their time, said as "the
     * cartoon with the highest original air date" (read then as any record first by an attribute). The time is the
     * dataset's one time attribute, or its default; with a verb ("most recently aired", "to register"), the one whose name
     * has the verb's base form, else none. Anything else is left as written.
     */
    static String recentRecords(QuestionParser reader, String q) {
        String lower = q.toLowerCase(Locale.ROOT);
        if (!lower.contains("recent") && !lower.contains("latest") && !lower.contains("newest") && !lower.contains("earliest") && !lower.contains("first")
                && !lower.contains("last")) return q;
        List<int[]> at = letterRuns(q);
        int n = at.size();
        java.util.function.IntFunction<String> word = i -> q.substring(at.get(i)[0], at.get(i)[1]).toLowerCase(Locale.ROOT);
        for (int i = 0; i + 2 < n; i++) {
            if (!word.apply(i).equals("the")) continue;
            int k = i + 1;
            boolean latest = true;
            String verb = null;
            if (word.apply(k).equals("most") && word.apply(k + 1).equals("recent")) {
                k += 2;
            } else if (word.apply(k).equals("most") && word.apply(k + 1).equals("recently") && k + 2 < n) {
                verb = word.apply(k + 2);
                k += 3;
            } else if (Set.of("latest", "newest", "last").contains(word.apply(k))) {
                k++;
            } else if (Set.of("earliest", "first").contains(word.apply(k))) {
                latest = false;
                k++;
            } else {
                continue;
            }
            for (int len = Math.min(3, n - k); len >= 1; len--) {
                // words only, one after the other: "the last 3 orders" is not "the last orders"
                if (!q.substring(at.get(i)[0], at.get(k + len - 1)[1]).matches("[\\p{L} ]+")) continue;
                List<String> noun = tokens(q.substring(at.get(k)[0], at.get(k + len - 1)[1]), true);
                if (noun.size() == 1 && UNITS.containsKey(noun.get(0))) break; // "the first day of March", "the last quarter": a period
                List<Dataset> ds = reader.lexicon.rowsCalled(noun);
                if (ds.size() != 1) continue;
                // "the first student to register": the verb after the noun, said by the time it names
                int end = k + len - 1;
                if (verb == null && k + len + 1 < n && word.apply(k + len).equals("to")
                        && q.substring(at.get(end)[1], at.get(k + len)[0]).isBlank() && q.substring(at.get(k + len)[1], at.get(k + len + 1)[0]).isBlank()) {
                    verb = word.apply(k + len + 1);
                    end = k + len + 1;
                }
                Dimension time = timeOf(reader, ds.get(0), verb);
                if (time == null) break;
                return q.substring(0, at.get(i)[0]) + "the " + q.substring(at.get(k)[0], at.get(k + len - 1)[1]) + " with the "
                        + (latest ? "highest " : "lowest ") + time.name().replace('_', ' ') + q.substring(at.get(end)[1]);
            }
        }
        return q;
    }

    /** Words that say a value is a time. */
    private static final Set<String> TIME_WORDS = Set.of("date", "time", "day", "timestamp", "datetime", "when");

    /** The time of a dataset's records a superlative of time means: see {@link #recentRecords}; null when not one. */
    private static Dimension timeOf(QuestionParser reader, Dataset ds, String verb) {
        List<Dimension> times = reader.model().dimensionsOf(ds.name()).stream().filter(Dimension::time).toList();
        if (verb != null) {
            Lexicon english = Lexicon.english();
            Set<String> bases = new java.util.HashSet<>(english.baseForms(verb, dev.almanac.reading.PartOfSpeech.VERB));
            List<Dimension> named = times.stream().filter(d -> tokens(d.name(), true).stream()
                    .anyMatch(t -> bases.contains(t) || english.baseForms(t, dev.almanac.reading.PartOfSpeech.VERB).stream().anyMatch(bases::contains))).toList();
            if (!named.isEmpty()) return named.size() == 1 ? named.get(0) : null;
            // "the most recently performed treatment": no time named by the verb, the records' own (a time called only by
            // their noun and words of time, "date_of_treatment", "transcript_date") is when they happened
            List<List<String>> nouns = ReaderLexicon.rowNames(ds).stream().map(x -> tokens(x, true).stream().map(QuestionWords::singular).toList()).toList();
            List<Dimension> own = times.stream().filter(d -> {
                List<String> t = new ArrayList<>(tokens(d.name(), true).stream().map(QuestionWords::singular).toList());
                if (!t.removeIf(TIME_WORDS::contains)) return false;
                t.remove("of");
                return nouns.contains(t);
            }).toList();
            return own.size() == 1 ? own.get(0) : null;
        }
        if (times.size() == 1) return times.get(0);
        return ds.defaultTimeDimension() == null ? null : times.stream().filter(d -> d.name().equals(ds.defaultTimeDimension())).findFirst().orElse(null);
    }
}
