package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionWords.WORD;
import static dev.almanac.semantic.QuestionWords.singular;
import static dev.almanac.semantic.QuestionWords.tokens;
import static dev.almanac.semantic.Rephrasing.letterRuns;

import dev.almanac.reading.FunctionWords;
import dev.almanac.reading.Lexicon;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rewrites of the words for records and their attributes, said as the model names them: a synonym of a dataset's rows
 * or of an attribute ("nations", "outcomes"), a proper adjective of a value ("French"), an attribute with its records after
 * it ("by the name of the stadium") or with a noun said once for several ("first and last name", "the name and the release
 * year of the song"), every attribute of a record ("all the information about pets"), records with their attributes ("with
 * their hometowns", "song names by singers"), a clause or a verb that only relates two kinds of records ("using it", "owned
 * by"), a count said after its noun ("staff count"), "of any kind" and "combined".
 * The rules that make them, with their examples, are {@link Rephrasing}'s.
 */
final class RecordForms {
    private RecordForms() {}

    /**
     * A noun whose most frequent WordNet sense has, as a synonym, the one-word noun of one dataset's rows ("nations" of
     * countries): that noun, in the same number, when the word is no word of the model's names, of the reader's own nor a
     * value, and English uses it as a noun more than as a verb or an adjective ("take" is a return only as a noun). Any
     * other sense, and a word two datasets' nouns share, stay as written.
     */
    static String rowSynonyms(QuestionParser reader, String q) {
        return synonymsOf(reader, q, reader.lexicon.rowWords()); // the one-word nouns of the datasets' rows, singular
    }

    /**
     * "How many coding mismatches are there?", "list all dogs": a value of the records' kind said where their noun would be,
     * right after "how many", "number of" or a request for a list, names the records of that kind; said as their noun with
     * the attribute and the value ("discrepancies of discrepancy type coding mismatches"). Only a value of one attribute in
     * the model, whose name's head is a word for a kind (English's "type", "sort", "category", "genre": WordNet relates it
     * to "kind" in its first sense), and only words that name no rows, measure or person themselves.
     */
    static String valueAsItsRows(QuestionParser reader, String q) {
        Matcher m = ROWS_EXPECTED.matcher(q);
        if (!m.find()) return q;
        List<int[]> at = new ArrayList<>();
        List<String> words = new ArrayList<>();
        Matcher w = WORD.matcher(q);
        while (w.find()) {
            if (w.start() < m.end()) continue;
            String word = QuestionWords.withoutTrailingStops(w.group());
            at.add(new int[] {w.start(), w.start() + word.length()});
            words.add(singular(word.toLowerCase(Locale.ROOT)));
        }
        for (int n = Math.min(3, words.size()); n >= 1; n--) {
            List<String> phrase = words.subList(0, n);
            if (!reader.lexicon.rowsCalled(phrase).isEmpty() || reader.metricNames.metricPhraseMap().containsKey(phrase)
                    || phrase.stream().anyMatch(x -> FunctionWords.english().isFunctionWord(x) || QuestionFrame.anyPerson(x))) continue;
            if (!(reader.allValuePhrases().get(phrase) instanceof List<?> hits) || hits.isEmpty()) continue;
            // the records themselves, as they are: nothing after the value but "are there", a preposition or the end ("how many
            // monitors did we sell" asks how many were sold, a measure of other rows)
            if (n < words.size() && !THE_RECORDS_AS_THEY_ARE.contains(words.get(n))) return q;
            // "were sold", "are shipped": a form of "be" before a participle says an event of other rows (a sale), not the records
            if (n + 1 < words.size() && BE.contains(words.get(n)) && !words.get(n + 1).equals("there") && !FunctionWords.english().isFunctionWord(words.get(n + 1))) return q;
            Set<Dimension> of = new java.util.HashSet<>();
            for (Object h : hits) if (h instanceof QuestionParser.ValueHit v) of.add(v.dimension());
            if (of.size() != 1) return q;
            Dimension kind = of.iterator().next();
            if (kind.time() || !namesAKind(kind)) return q;
            Dataset rows = reader.model.dataset(kind.dataset()).orElse(null);
            if (rows == null) return q;
            String noun = Optional.ofNullable(Dataset.bareName(rows.name())).orElse(rows.name()).replace('_', ' ');
            String attribute = kind.label() != null ? kind.label() : kind.name().replace('_', ' ');
            int from = at.get(0)[0], to = at.get(n - 1)[1];
            return q.substring(0, from) + noun + " of " + attribute.toLowerCase(Locale.ROOT) + " " + q.substring(from, to) + q.substring(to);
        }
        return q;
    }

    /** What may follow a value said as the records' noun: a form of "be" ("are there"), or a preposition of a condition. */
    private static final Set<String> THE_RECORDS_AS_THEY_ARE = Set.of("are", "were", "is", "was", "be", "been", "exist", "in", "with", "for", "from", "of", "on",
            "at", "during", "since", "by", "per", "that", "which", "who", "whose", "where");

    private static final Set<String> BE = Set.of("are", "were", "is", "was", "be", "been");

    /** Where a question expects the noun of the rows it counts or lists: after "how many", "number of", "list (all) (the)". */
    private static final Pattern ROWS_EXPECTED = Pattern.compile("(?i)^\\s*(?:how\\s+many|(?:what\\s+is\\s+)?the\\s+number\\s+of|number\\s+of|count\\s+of"
            + "|(?:list|show)(?:\\s+me)?(?:\\s+all)?(?:\\s+the)?)\\s+");

    /** Whether an attribute's name ends in a word for a kind of thing ("discrepancy type", "pet type", "category"). */
    private static boolean namesAKind(Dimension d) {
        List<String> name = tokens(d.label() != null ? d.label() : d.name().replace('_', ' '), true);
        if (name.isEmpty()) return false;
        return kindWord(name.get(name.size() - 1));
    }

    /** Whether a noun is a word for a kind of thing: "kind", or a noun WordNet's first sense makes it or one step under it ("type", "sort", "category"). */
    static boolean kindWord(String word) {
        if (word.equals("kind")) return true;
        return Lexicon.english().relation(word, "kind").filter(r -> r.pos() == dev.almanac.reading.PartOfSpeech.NOUN && r.sense() == 1
                && r.kind().compareTo(dev.almanac.reading.Relation.Kind.NARROWER) <= 0).isPresent();
    }

    /** As {@link #rowSynonyms}, for the one-word names of attributes ("outcomes" of battles' results). */
    static String attributeSynonyms(QuestionParser reader, String q) {
        return synonymsOf(reader, q, reader.lexicon.oneWordAttributeNames());
    }

    /**
     * A noun whose most frequent WordNet sense has, as a synonym, one of the model's one-word names of one thing: that name,
     * in the same number, when the word is no word of the model's, of the reader's own nor a value, and English uses it as a
     * noun more than as a verb or an adjective.
     */
    private static String synonymsOf(QuestionParser reader, String q, Map<List<String>, ? extends List<?>> nouns) {
        if (nouns.isEmpty()) return q;
        Lexicon english = Lexicon.english();
        Set<String> vocabulary = reader.lexicon.vocabulary();
        StringBuilder out = null;
        int copied = 0;
        Matcher m = WORD.matcher(q);
        while (m.find()) {
            String w = m.group(), lower = w.toLowerCase(Locale.ROOT), one = singular(lower);
            if (lower.length() < 3 || !lower.chars().allMatch(Character::isLetter) || nouns.containsKey(List.of(one)) || reader.ours.contains(lower) || vocabulary.contains(one)
                    || FunctionWords.english().isFunctionWord(lower) || reader.allValuePhrases().containsKey(List.of(one)) || inLongerValue(reader, q, m.start())) continue;
            List<dev.almanac.reading.Sense> senses = english.baseForms(lower, dev.almanac.reading.PartOfSpeech.NOUN).stream().findFirst()
                    .map(b -> english.senses(b, dev.almanac.reading.PartOfSpeech.NOUN)).orElse(List.of());
            if (senses.isEmpty()) continue;
            List<String> named = senses.get(0).synonyms().stream().map(x -> x.toLowerCase(Locale.ROOT))
                    .filter(x -> nouns.containsKey(List.of(x)) && nouns.get(List.of(x)).size() == 1).distinct().toList();
            // a noun as English mostly uses the word ("nations"), not a verb's form that is a noun too ("take", a return)
            if (named.size() != 1 || english.uses(lower, dev.almanac.reading.PartOfSpeech.NOUN) <= english.uses(lower, dev.almanac.reading.PartOfSpeech.VERB)
                    + english.uses(lower, dev.almanac.reading.PartOfSpeech.ADJECTIVE)) continue;
            String noun = named.get(0);
            String said = one.equals(lower) ? noun : Words.plural(noun);
            if (out == null) out = new StringBuilder();
            out.append(q, copied, m.start()).append(said);
            copied = m.end();
        }
        return out == null ? q : out.append(q.substring(copied)).toString();
    }

    /**
     * A proper adjective said of what a value names ("French singers", "Asian countries"): the value its WordNet pertainym
     * is ("French" pertains to France), when the adjective is capitalized (English writes those so; "financial" is never the
     * Finance department), is not the question's first word nor itself a value, and pertains to exactly one value, itself a
     * proper name.
     */
    static String properAdjectives(QuestionParser reader, String q) {
        List<int[]> at = letterRuns(q);
        StringBuilder out = null;
        int copied = 0;
        Lexicon lexicon = Lexicon.english();
        for (int i = 0; i < at.size(); i++) {
            String w = q.substring(at.get(i)[0], at.get(i)[1]);
            // "French", and "french" typed in lower case, not a word of the model's ("general" of a general ledger)
            boolean capital = Character.isUpperCase(w.charAt(0)) && i > 0, lowerCase = w.chars().allMatch(Character::isLowerCase);
            if (w.length() < 4 || !capital && !lowerCase || w.chars().skip(1).anyMatch(Character::isUpperCase)) continue;
            String lower = w.toLowerCase(Locale.ROOT);
            if (lowerCase && (reader.lexicon.vocabulary().contains(lower) || reader.ours.contains(lower) || FunctionWords.english().isFunctionWord(lower))) continue;
            if (inLongerValue(reader, q, at, i)) continue; // "American Motor Company": a word of a name, not an adjective of its own
            if (!lexicon.partsOfSpeech(lower).contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE) || reader.allValuePhrases().containsKey(List.of(singular(lower)))
                    || reader.allValuePhrases().containsKey(List.of(lower))) continue;
            Set<String> values = new LinkedHashSet<>();
            for (String base : lexicon.baseForms(lower, dev.almanac.reading.PartOfSpeech.ADJECTIVE)) {
                for (dev.almanac.reading.Sense sense : lexicon.senses(base, dev.almanac.reading.PartOfSpeech.ADJECTIVE)) {
                    for (dev.almanac.reading.Related r : sense.pertains()) {
                        // typed in lower case, only an adjective of a named thing ("french" of France), never of a common
                        // noun ("financial" of finance): WordNet has the named thing with no broader sense
                        if (lowerCase && !lexicon.namesOneThing(r.word())) continue;
                        if (!(reader.allValuePhrases().get(tokens(r.word(), true)) instanceof List<?> hits)) continue;
                        for (Object h : hits) {
                            String value = String.valueOf(((QuestionParser.ValueHit) h).value());
                            // a proper noun's value, as the data writes it ("France", "france")
                            if (!value.isEmpty() && (Character.isUpperCase(value.charAt(0)) || value.equalsIgnoreCase(r.word()))) values.add(value);
                        }
                    }
                }
            }
            if (values.size() != 1) continue;
            if (out == null) out = new StringBuilder();
            out.append(q, copied, at.get(i)[0]).append(values.iterator().next());
            copied = at.get(i)[1];
        }
        return out == null ? q : out.append(q.substring(copied)).toString();
    }

    /** Whether the word starting at {@code start} is one of a value's name of two to four words said whole ("US Territory"). */
    private static boolean inLongerValue(QuestionParser reader, String q, int start) {
        List<int[]> at = letterRuns(q);
        for (int i = 0; i < at.size(); i++) if (at.get(i)[0] == start) return inLongerValue(reader, q, at, i);
        return false;
    }

    /** Whether the word at {@code i} is one of a value's name of two to four words said whole ("American Motor Company"). */
    private static boolean inLongerValue(QuestionParser reader, String q, List<int[]> at, int i) {
        for (int from = Math.max(0, i - 3); from <= i; from++) {
            for (int to = Math.max(i + 1, from + 2); to <= Math.min(at.size(), from + 4); to++) {
                if (reader.allValuePhrases().containsKey(tokens(q.substring(at.get(from)[0], at.get(to - 1)[1]), true))) return true;
            }
        }
        return false;
    }

    private static final Pattern BY_ATTRIBUTE_OF = Pattern.compile("(?i)\\bby\\s+(?:the\\s+)?(\\p{L}+(?:\\s+\\p{L}+)?)\\s+(?:of|for)\\s+"
            + "(?:the\\s+|each\\s+|a\\s+|an\\s+|their\\s+|its\\s+)?(\\p{L}+)\\b");

    static String byAttributeOfRecords(QuestionParser reader, String q) {
        if (reader == null || !q.toLowerCase(Locale.ROOT).contains("by ")) return q;
        return BY_ATTRIBUTE_OF.matcher(q).replaceAll(m -> {
            List<String> records = List.of(singular(m.group(2).toLowerCase(Locale.ROOT)));
            List<String> phrase = new ArrayList<>(records);
            phrase.addAll(tokens(m.group(1), true));
            boolean named = !reader.lexicon.rowsCalled(records).isEmpty() && reader.lexicon.attributePhrases().containsKey(phrase);
            return Matcher.quoteReplacement(named ? "by " + String.join(" ", phrase) : m.group());
        });
    }

    private static final Pattern NOUN_COUNT = Pattern.compile("(?i)\\b(\\p{L}+)\\s+count\\b");

    static String countAfterItsNoun(QuestionParser reader, String q) {
        if (reader == null || !q.toLowerCase(Locale.ROOT).contains("count")) return q;
        Map<List<String>, Object> attributes = reader.lexicon.attributePhrases();
        return NOUN_COUNT.matcher(q).replaceAll(m -> {
            String noun = m.group(1).toLowerCase(Locale.ROOT);
            boolean numberOf = attributes.containsKey(List.of("number", "of", noun)) || attributes.containsKey(List.of("number", "of", singular(noun)));
            boolean countSaid = attributes.containsKey(List.of(noun, "count")) || attributes.containsKey(List.of(singular(noun), "count"));
            return Matcher.quoteReplacement(numberOf && !countSaid ? "number of " + m.group(1) : m.group());
        });
    }

    private static final Pattern OF_ANY_KIND = Pattern.compile("(?i)\\b(\\p{L}+)\\s+of\\s+any\\s+(kind|sort|type)\\b|\\bany\\s+(kind|sort|type)s?\\s+of\\b");

    static String anyKind(QuestionParser reader, String q) {
        Matcher m = OF_ANY_KIND.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String kind = (m.group(2) != null ? m.group(2) : m.group(3)).toLowerCase(Locale.ROOT);
            boolean ours = reader != null && reader.lexicon.vocabulary().contains(kind);
            m.appendReplacement(out, Matcher.quoteReplacement(ours ? m.group() : m.group(1) != null ? "any " + m.group(1) : "any"));
        }
        return m.appendTail(out).toString();
    }

    private static final Pattern ADDED_UP = Pattern.compile("(?i)\\b(combined)(?=\\s+\\p{L})(?!\\s+(?:average|avg|mean|median|count|number|max|maximum|min|minimum|total|sum|rate|percent|percentage|share|ratio)\\b)");

    static String addedUpAsTotal(QuestionParser reader, String q) {
        Matcher m = ADDED_UP.matcher(q);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            boolean ours = reader != null && reader.lexicon.vocabulary().contains(m.group(1).toLowerCase(Locale.ROOT));
            m.appendReplacement(out, ours ? m.group(1) : "total");
        }
        return m.appendTail(out).toString();
    }

    /** "pets (are) owned by the student": rows, a past participle and "by" before other records. */
    private static final Pattern AGENT_AFTER_PARTICIPLE = Pattern.compile("(?i)\\b(\\p{L}+)\\s+(?:(?:is|are|was|were)\\s+)?(\\p{L}+)\\s+by\\s+((?:the|a|an)\\s+)?(\\p{L}+)\\b");

    /**
     * "the pet owned by the student", "how many pets are owned by students": the agent of a verb that says only how two kinds
     * of records relate (a past participle English knows, no word of the model) said as "of" ("the pet of the student"),
     * the way the reader reads records of others. Only between words that name two different datasets' rows.
     */
    static String agentAsOf(QuestionParser reader, String q) {
        String byAgent = AGENT_AFTER_PARTICIPLE.matcher(q).replaceAll(m -> {
            String participle = m.group(2).toLowerCase(Locale.ROOT);
            boolean verb = reader.lexicon.relatingVerb(participle)
                    && !Lexicon.english().baseForms(participle, dev.almanac.reading.PartOfSpeech.VERB).contains(participle); // a participle, not the verb's base
            return Matcher.quoteReplacement(verb ? ofOthers(reader, m) : m.group());
        });
        // "pets that belong to students": English's verb of possession says the same
        return BELONGING_TO.matcher(byAgent).replaceAll(m -> Matcher.quoteReplacement(ofOthers(reader, m)));
    }

    /** "pets (that) belong to the student": rows, the verb of belonging and "to" before other records. */
    private static final Pattern BELONGING_TO = Pattern.compile("(?i)\\b(\\p{L}+)\\s+(?:(?:that|which|who)\\s+)?(belongs?|belonged|belonging)\\s+to\\s+((?:the|a|an)\\s+)?(\\p{L}+)\\b");

    /**
     * A match of rows (group 1), a verb (2), an article (3) and other records (4) said as "rows of (the) records", when the two
     * name different datasets' rows; else the match as written.
     */
    private static String ofOthers(QuestionParser reader, java.util.regex.MatchResult m) {
        List<Dataset> rows = reader.lexicon.rowsCalled(List.of(singular(m.group(1).toLowerCase(Locale.ROOT))));
        List<Dataset> agents = reader.lexicon.rowsCalled(List.of(singular(m.group(4).toLowerCase(Locale.ROOT))));
        if (rows.size() != 1 || agents.size() != 1 || rows.get(0).equals(agents.get(0))) return m.group();
        return m.group(1) + " of " + (m.group(3) == null ? "" : m.group(3)) + m.group(4);
    }

    /** A verb (passive or not) and "there" after it, at the end of a clause: "working there", "are held there". */
    private static final Pattern VERB_THERE = Pattern.compile("(?i)\\s+(?:(?:that|which|who)\\s+)?(?:(?:is|are|was|were)\\s+)?(\\p{L}+)\\s+there(?=\\s*(?:[?.!,;]|and\\b|$))");

    /** "each" or "every" before a noun. */
    private static final Pattern EACH_BEFORE = Pattern.compile("(?i)\\b(?:each|every)\\s+\\p{L}");

    /** A verb, and "it" or "them" after it, at the end of a clause: "using it", "that use it". */
    private static final Pattern VERB_OF_PRONOUN = Pattern.compile("(?i)\\s+(?:(?:that|which|who)\\s+)?(\\p{L}+)\\s+(?:it|them)(?=\\s*(?:[?.!,;]|$))");

    private static final Pattern OF_A_THING = Pattern.compile("(?i)\\b(?:the\\s+)?(\\p{L}+(?:\\s+\\p{L}+)?)\\s*(?:,|\\s+and)\\s+(?:the\\s+)?(\\p{L}+(?:\\s+\\p{L}+)?)\\s+(?:of|for)\\s+(?:all\\s+)?(?:the\\s+)?(\\p{L}+)\\b");

    /** "first, middle, and last name": words, each said once, before "and" or "or", the last one, then the noun they share. */
    private static final Pattern SHARED_HEAD_LIST = Pattern.compile("(?i)\\b((?:\\p{L}+\\s*,\\s*)*\\p{L}+,?\\s+(?:and|or)\\s+\\p{L}+)\\s+(\\p{L}+)\\b");

    /** A request for records by their noun, then "with their" (or "with its") and what is shown of each. */
    private static final Pattern WITH_THEIR_REQUEST = Pattern.compile("(?i)^(\\s*(?:please\\s+)?(?:list|show|give|display|find|return)(?:\\s+me)?"
            + "(?:\\s+(?:all|the|every|each|all\\s+the))?\\s+)([\\p{L}][\\p{L} _-]*?)\\s+with\\s+(their|its)\\b");

    /**
     * "the distribution of adverse events by class", "the breakdown of revenue by channel": a noun of dividing into groups
     * ({@link QuestionFrame#breakdownNoun}) before "of" what is divided and a breakdown's cue after it asks for that by the
     * groups: said as the number of the rows when the words after "of" name rows, else as what they name. A noun the model
     * has for an attribute of its own ("division") is left as written.
     */
    static String divisionOf(QuestionParser reader, String q) {
        Matcher m = DIVISION_OF.matcher(q);
        boolean found = false;
        while (!found && m.find()) found = QuestionFrame.breakdownNoun(m.group(2));
        if (!found) return q;
        String noun = singular(m.group(2).toLowerCase(Locale.ROOT));
        if (reader.lexicon.attributePhrases().containsKey(List.of(noun))) return q;
        List<String> after = tokens(m.group(3), true).stream().map(QuestionWords::singular).toList();
        boolean rows = false;
        for (int n = Math.min(3, after.size()); n >= 1 && !rows; n--) {
            for (int from = 0; from + n <= Math.min(after.size(), 3) && !rows; from++) rows = !reader.lexicon.rowsCalled(after.subList(from, from + n)).isEmpty();
        }
        return q.substring(0, m.start()) + (rows ? "the number of " : "") + q.substring(m.end());
    }

    /** "the breakdown of ... by": a noun, "of", the words up to a breakdown's cue. */
    private static final Pattern DIVISION_OF = Pattern.compile("(?i)\\b(the\\s+)?(\\p{L}+)\\s+of\\s+(?=((?:[\\p{L}'-]+\\s+){1,4}?)(?:by|across|per)\\b)");

    /**
     * "list teachers with their hometowns": records listed by their noun with their attributes are the records (by the
     * attribute that names each) and those attributes, as "list teachers and their hometowns" says; read so. Only when
     * the words before "with" name a dataset's rows.
     */
    static String withTheir(QuestionParser reader, String q) {
        Matcher m = WITH_THEIR_REQUEST.matcher(q);
        if (!m.find()) return q;
        List<String> named = tokens(m.group(2), true).stream().map(QuestionWords::singular).toList();
        if (reader.lexicon.rowsCalled(named).isEmpty()) return q;
        return q.substring(0, m.start(2)) + m.group(2) + " and " + m.group(3) + q.substring(m.end());
    }

    /**
     * "the first, middle, and last name": modifiers that share one noun, said as each with its noun ("the first name, middle
     * name, and last name"), when each with it is the name of an attribute of one dataset's records (English's coordination
     * of modifiers before a shared head). Anything else is left as written ("the first and second line" where only "line 1"
     * is a name, "the first and last students").
     */
    static String sharedHead(QuestionParser reader, String q) {
        return SHARED_HEAD_LIST.matcher(q).replaceAll(m -> {
            String head = m.group(2);
            String singularHead = singular(head.toLowerCase(Locale.ROOT));
            List<String> modifiers = java.util.Arrays.stream(m.group(1).split("(?i)\\s*,\\s*(?:(?:and|or)\\s+)?|\\s+(?:and|or)\\s+")).map(String::strip)
                    .filter(x -> !x.isEmpty()).toList();
            // "the id, first and last name": the last modifiers only may share the noun, those before being things of their own
            for (int from = 0; from + 2 <= modifiers.size(); from++) {
                List<String> shared = modifiers.subList(from, modifiers.size());
                boolean oneDataset = shared.stream().noneMatch(x -> x.contains(" "))
                        && reader.model().datasets().stream().anyMatch(d -> shared.stream().allMatch(w -> reader.model().dimensionsOf(d.name()).stream()
                        .anyMatch(x -> tokens(x.name(), true).equals(List.of(w.toLowerCase(Locale.ROOT), singularHead))
                                || tokens(x.displayName(), true).equals(List.of(w.toLowerCase(Locale.ROOT), singularHead)))));
                if (!oneDataset) continue;
                // each modifier followed by the noun, the commas and conjunction as written
                Matcher word = Pattern.compile("(?i)\\b(?!(?:and|or)\\b)(\\p{L}+)").matcher(m.group(1));
                StringBuilder out = new StringBuilder();
                for (int k = 0; word.find(); k++) word.appendReplacement(out, Matcher.quoteReplacement(k >= from ? word.group() + " " + head : word.group()));
                return Matcher.quoteReplacement(word.appendTail(out).toString());
            }
            return Matcher.quoteReplacement(m.group());
        });
    }

    /**
     * "the name and the release year of the song": "of the song" said once for both, of a thing no dataset is but whose
     * word begins the names of both attributes ("song name", "song release year"), said as those names.
     */
    static String distributedOf(QuestionParser reader, String q) {
        Matcher m = OF_A_THING.matcher(q);
        if (!m.find()) return q;
        String thing = singular(m.group(3).toLowerCase(Locale.ROOT));
        if (!reader.lexicon.rowsCalled(List.of(thing)).isEmpty()) return q;
        Map<List<String>, Object> attributes = reader.lexicon.attributePhrases();
        List<String> a = new ArrayList<>(List.of(thing)), b = new ArrayList<>(List.of(thing));
        a.addAll(QuestionWords.tokens(m.group(1), true));
        b.addAll(QuestionWords.tokens(m.group(2), true));
        if (!attributes.containsKey(a) || !attributes.containsKey(b)) return q;
        return q.substring(0, m.start()) + "the " + thing + " " + m.group(1) + " and the " + thing + " " + m.group(2) + q.substring(m.end());
    }

    private static final Pattern EVERYTHING = Pattern.compile("(?i)\\b(?:all|every(?:thing)?)\\s+(?:the\\s+)?(?:information|info|details|data|attributes|columns|fields)\\s+"
            + "(?:about|on|of|for)\\s+((?:the|all|every|each)\\s+)?([\\p{L}][\\p{L} _-]*?)\\s*([?.!]?)\\s*$");

    /**
     * "all the information about pets", "all the details of every pet": every attribute of the records named, said one by
     * one in the model's order (a table's columns' order), as a list of them is read.
     */
    static String everythingAbout(QuestionParser reader, String q) {
        Matcher m = EVERYTHING.matcher(q);
        if (!m.find()) return q;
        List<String> rows = QuestionWords.tokens(m.group(2), true);
        List<Dataset> named = reader.lexicon.rowsCalled(rows);
        if (named.size() != 1) return q;
        List<String> attributes = reader.model.dimensionsOf(named.get(0).name()).stream()
                .map(d -> (d.label() == null ? d.name().replace('_', ' ') : d.label()).toLowerCase(Locale.ROOT)).toList();
        if (attributes.isEmpty()) return q;
        String listed = attributes.size() == 1 ? attributes.get(0)
                : String.join(", ", attributes.subList(0, attributes.size() - 1)) + " and " + attributes.get(attributes.size() - 1);
        return q.substring(0, m.start()) + "the " + listed + " of " + (m.group(1) == null ? "" : m.group(1)) + m.group(2) + m.group(3);
    }

    /**
     * "song names by singers" in a request for a list: "by" between an attribute and the records that have it says whose
     * the attribute is ("of"), not a breakdown (a breakdown is by an attribute, "by country", never by the records an
     * attribute before it is of).
     */
    static String attributeByItsRecords(QuestionParser reader, String q) {
        if (!LIST_REQUEST.matcher(q).find()) return q;
        List<int[]> at = new ArrayList<>();
        List<String> words = new ArrayList<>();
        Matcher m = WORD.matcher(q);
        while (m.find()) {
            String w = QuestionWords.withoutTrailingStops(m.group());
            at.add(new int[] {m.start(), m.start() + w.length()});
            words.add(singular(w.toLowerCase(Locale.ROOT)));
        }
        List<QuestionParser.Span> attributes = Spans.spans(words, reader.lexicon.attributePhrases());
        for (int b = 1; b + 1 < words.size(); b++) {
            if (!words.get(b).equals("by")) continue;
            final int by = b;
            int from = b + 1;
            // "by the youngest singer": a superlative may stand before the records
            while (from < words.size() && (Set.of("the", "all", "their").contains(words.get(from)) || Ranking.MOST.contains(words.get(from))
                    || Ranking.LEAST.contains(words.get(from)) || words.get(from).endsWith("est")
                    && Lexicon.english().partsOfSpeech(words.get(from)).contains(dev.almanac.reading.PartOfSpeech.ADJECTIVE))) from++;
            for (int n = Math.min(3, words.size() - from); n >= 1; n--) {
                List<String> rows = words.subList(from, from + n);
                List<Dataset> named = reader.lexicon.rowsCalled(rows);
                if (named.size() != 1) continue;
                String records = named.get(0).name();
                boolean theirs = attributes.stream().anyMatch(a -> a.to() == by && Spans.dimensionOf(a).stream().anyMatch(d -> d.dataset().equals(records)));
                // "by customer segment": the records' noun before an attribute's name says whose attribute groups, a breakdown
                final int after = from + n;
                if (!theirs || attributes.stream().anyMatch(a -> a.from() == after)) break;
                return q.substring(0, at.get(b)[0]) + "of" + q.substring(at.get(b)[1]);
            }
        }
        return q;
    }

    /** A question that asks for a list: "list", "show", "what are", "which", "give". */
    private static final Pattern LIST_REQUEST = Pattern.compile("(?i)^\\s*(?:please\\s+)?(?:list|show|name|which|what|give|display|find|return|tell)\\b");

    /**
     * "the number of TV channels using it", "the TV channels that use it": a clause that only says the rows relate to what
     * they are counted or listed for (a verb English knows, no word of the model, and a pronoun for that), which the model's
     * relationships say already; the clause is dropped. A verb the model has a word for (a status) stays, and is placed or
     * reported.
     */
    static String relationClause(QuestionParser reader, String q) {
        Matcher m = VERB_OF_PRONOUN.matcher(q);
        if (!m.find()) {
            // "For each stadium, how many concerts are held there?": "there" is each of the records said before it
            m = VERB_THERE.matcher(q);
            if (!m.find() || !EACH_BEFORE.matcher(q.substring(0, m.start())).find()) return q;
        }
        String verb = m.group(1).toLowerCase(Locale.ROOT);
        if (!reader.lexicon.relatingVerb(verb)) return q;
        return q.substring(0, m.start()) + q.substring(m.end());
    }
}
