package dev.almanac.semantic;

import dev.almanac.reading.FunctionWords;
import dev.almanac.reading.Lexicon;
import dev.almanac.reading.PartOfSpeech;
import dev.almanac.reading.Sense;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * The words of a question's frame that are not function words of the grammar ({@link FunctionWords}) and still say
 * nothing about which rows are read: each class a construction of English with its reason, never a word grown from a
 * question. A word of the model is read as the model's before any of these (a metric called "count" stays a metric).
 */
final class QuestionFrame {
    private QuestionFrame() {}

    /** Verbs of the request itself, the speech act ("show me", "give the", "I want to know", "please list"): what to show is said by the rest. */
    static final Set<String> REQUEST_VERBS = Set.of("show", "give", "tell", "list", "find", "calculate", "compute", "see", "know", "want", "display",
            "please");

    /**
     * Nouns and adverbs naming the aggregate the reader computes in any case ("the number of", "the total", "in all",
     * "overall", "combined"): the measure's own frame, never a measure of their own.
     */
    static final Set<String> AGGREGATE_WORDS = Set.of("total", "number", "amount", "count", "sum", "value", "figure", "overall", "altogether",
            "combined", "whole", "entire");

    /**
     * English's light verbs (Jespersen 1942, Butt 2010): verbs that carry next to no meaning of their own beside a noun
     * ("did the shop make", "leads came in", "get new customers", "bring in money", "holds the most value"), in every
     * form. "go" is left out: a narrower verb of it (return, leave) names an event of its own.
     */
    static final Set<String> LIGHT_VERBS = Set.of("make", "take", "give", "get", "come", "bring", "hold", "keep", "put");

    /**
     * The heads in WordNet of English's verbs of having ("have", "hold", "keep", "include"), of using ("use") and of dealing
     * with ("manage"): said between a group and the rows it ranks ("which owner owns the most dogs", "the agent who handled
     * the most tickets"), they say only that the rows are the group's, which the model's relationship says; a verb of what
     * befell the rows ("delayed", "lost", "cancelled") says which of them are counted.
     */
    private static final Set<String> RELATION_HEADS = Set.of("have", "hold", "keep", "include", "use", "manage");

    /**
     * Whether a word is a verb that says only that rows belong to what they are said of: a {@link #lightVerb light verb}, one
     * of the {@link #RELATION_HEADS heads of having, using and dealing with}, or a verb whose most frequent sense in WordNet
     * is one of them or one step narrower ("own" is to have, "contain" to include, "employ" to use, "handle" to manage).
     */
    static boolean relationVerb(String word) {
        return lightVerb(word) || headedBy(word, RELATION_HEADS, first -> java.util.stream.Stream.concat(first.synonyms().stream(), first.broader().stream()));
    }

    /**
     * Whether a word is a form of a verb among {@code heads}, or one whose most frequent sense in WordNet has one of them
     * among the words {@code near} gives of that sense (its synonyms, its broader synsets).
     */
    private static boolean headedBy(String word, Set<String> heads, java.util.function.Function<Sense, java.util.stream.Stream<String>> near) {
        Lexicon english = Lexicon.english();
        for (String base : english.baseForms(word, PartOfSpeech.VERB)) {
            if (heads.contains(base)) return true;
            List<Sense> senses = english.senses(base, PartOfSpeech.VERB);
            if (!senses.isEmpty() && near.apply(senses.get(0)).anyMatch(heads::contains)) return true;
        }
        return false;
    }

    /** English's verbs of providing, the heads in WordNet of making a thing available to others. */
    private static final Set<String> PROVIDING = Set.of("offer", "provide", "supply");

    /** Whether a word is a verb of {@link #PROVIDING providing}, or one whose most frequent sense is one of them or one step narrower. */
    static boolean providing(String word) {
        return headedBy(word, PROVIDING, first -> first.broader().stream());
    }

    /**
     * Complex-transitive verbs of judging (Huddleston and Pullum 2002, ch. 4 §6: "consider", "deem", "regard", "reckon",
     * "judge", "classify"), whose passive links the rows to what they are judged to be ("countries considered US territory")
     * as "be" does.
     */
    static final Set<String> JUDGING = Set.of("consider", "deem", "regard", "reckon", "judge", "classify");

    /** Verbs of dividing a whole into groups ("split", "break down", "divide", "group", "segment", "distribute"), in every form. */
    static final Set<String> BREAKDOWN_VERBS = Set.of("split", "break", "divide", "group", "segment", "separate", "distribute");

    /**
     * The nouns of the act of dividing a whole into groups: WordNet's nouns derived from the {@link #BREAKDOWN_VERBS} and
     * "break down" ("breakdown", "distribution", "split", "division"), not those of a doer or a tool ("divider", "distributor").
     */
    private static final Set<String> BREAKDOWN_NOUNS = breakdownNouns();

    private static Set<String> breakdownNouns() {
        Set<String> out = new java.util.HashSet<>();
        List<String> verbs = new java.util.ArrayList<>(BREAKDOWN_VERBS);
        verbs.add("break down");
        for (String v : verbs) {
            for (String n : Lexicon.english().nounsOfVerb(v)) if (!n.matches(".*(?:er|or|ist)$") && !n.contains(" ")) out.add(n);
        }
        return Set.copyOf(out);
    }

    /** Whether a word is a noun of dividing a whole into groups ({@link #BREAKDOWN_NOUNS}), singular or plural. */
    static boolean breakdownNoun(String word) {
        return BREAKDOWN_NOUNS.contains(Words.singular(word.toLowerCase(java.util.Locale.ROOT)));
    }

    /** Whether a word is a form of a {@link #BREAKDOWN_VERBS verb of dividing into groups} ("broken", "splitting"). */
    static boolean breakdownVerb(String word) {
        for (String base : Lexicon.english().baseForms(word, PartOfSpeech.VERB)) if (BREAKDOWN_VERBS.contains(base)) return true;
        return false;
    }

    /** The pronouns that are a clause's subject ("we", "they"): a verb follows them. */
    private static final Set<String> SUBJECT_PRONOUNS = Set.of("we", "they", "you", "i", "he", "she");

    /** Subjects and auxiliaries that make a verb a few words after them the clause's own ("did we receive", "they made"). */
    private static final Set<String> SUBJECT_OR_AUXILIARY = java.util.stream.Stream.concat(SUBJECT_PRONOUNS.stream(),
            java.util.stream.Stream.of("did", "do", "does", "will", "would", "it")).collect(java.util.stream.Collectors.toUnmodifiableSet());
    /** The auxiliaries of the passive, right before the verb ("cars were made"). */
    private static final Set<String> PASSIVE = Set.of("was", "were", "is", "are", "been", "be", "being");

    /**
     * Whether the verb at {@code i} is the clause's predicate, not a participle saying which rows ("paying policies",
     * "bonus given"): a subject pronoun or an auxiliary in the four words before it ("did the shop make", "we received"),
     * before "the" and a superlative ("which stage holds the most value"), or right after the measure's last word
     * ({@code measureEnd}) with a preposition after it ("claims came in").
     */
    static boolean predicate(List<String> words, int i, int measureEnd) {
        for (int k = Math.max(0, i - 4); k < i; k++) if (SUBJECT_OR_AUXILIARY.contains(words.get(k))) return true;
        if (i > 0 && PASSIVE.contains(words.get(i - 1))) return true;
        // "which stage holds the most value": the verb of a ranking, before its superlative
        if (i + 2 < words.size() && words.get(i + 1).equals("the") && (Ranking.MOST.contains(words.get(i + 2)) || Ranking.LEAST.contains(words.get(i + 2))))
            return true;
        return i == measureEnd + 1 && i + 1 < words.size() && FunctionWords.english().is(words.get(i + 1), dev.almanac.reading.FunctionClass.PREPOSITION);
    }

    /** "get" as the auxiliary of a passive ("applications got approved"), in every form: a light verb anywhere. */
    static final Set<String> GET_PASSIVE = Set.of("get", "gets", "got", "gotten", "getting");

    /** The light verbs of coming to have ("get") and of making ("make"): a narrower verb of theirs says the rows came about. */
    private static final Set<String> GAINING = Set.of("get", "make");

    /**
     * The head in WordNet of English's verbs of coming upon a thing ("find": detect, discover, spot): said of the rows
     * counted ("how many discrepancies were found", "faults we detected"), they say only that the rows exist.
     */
    private static final Set<String> NOTING = Set.of("find");

    /**
     * The head in WordNet of English's verbs of keeping a record ("record": log, register): said of the rows counted ("how
     * many returns did we log"), they say only that the rows are in the records, which every row is.
     */
    private static final Set<String> RECORDING = Set.of("record");

    /**
     * Whether a noun names persons of any kind: "people", "person" and the words of its synset in WordNet ("individuals"),
     * never a kind of person ("engineers", "users"), which may say which rows.
     */
    static boolean anyPerson(String word) {
        Lexicon english = Lexicon.english();
        for (String base : english.baseForms(word, PartOfSpeech.NOUN)) {
            if (base.equals("person") || base.equals("people")) return true;
            List<Sense> senses = english.senses(base, PartOfSpeech.NOUN);
            if (!senses.isEmpty() && senses.get(0).synonyms().contains("person")) return true;
        }
        return false;
    }

    /** Adverbs of the present ("now", "today", "currently"): of a snapshot, its latest value ({@link WordPlacement#PRESENT}). */
    static final Set<String> PRESENT = Set.of("now", "today", "currently", "presently", "nowadays");

    /** Auxiliaries of the past. */
    private static final Set<String> PAST = Set.of("was", "were", "did", "had");

    /**
     * Whether a question's clause is in the present tense: no auxiliary of the past and no other word left unplaced (per
     * {@code placed}) that is a past form or participle of a verb ("got", "filed").
     */
    static boolean presentClause(List<String> words, java.util.function.IntPredicate placed) {
        Lexicon english = Lexicon.english();
        for (int k = 0; k < words.size(); k++) {
            String w = words.get(k);
            if (PAST.contains(w)) return false;
            if (placed.test(k) || w.endsWith("ing") || FunctionWords.english().isFunctionWord(w)) continue;
            List<String> bases = english.baseForms(w, PartOfSpeech.VERB);
            if (!bases.isEmpty() && !bases.contains(w) && !bases.contains(QuestionWords.singular(w)) && english.uses(w, PartOfSpeech.VERB) > 0
                    && !w.endsWith("s")) return false;
        }
        return true;
    }

    /** The frame's words with those of {@code functionWords} that are function words of the grammar (any other is refused). */
    static Set<String> words(List<String> functionWords) {
        Set<String> out = new java.util.HashSet<>();
        for (String w : functionWords) {
            if (!FunctionWords.english().isFunctionWord(w)) throw new IllegalArgumentException("not a function word: " + w);
            out.add(w);
        }
        out.addAll(REQUEST_VERBS);
        out.addAll(AGGREGATE_WORDS);
        out.addAll(GET_PASSIVE);
        return Set.copyOf(out);
    }

    /**
     * Whether a word is a light verb or, by its most frequent sense in WordNet, one step narrower than "get" or "make",
     * with no opposite ("receive" and "earn" are ways to get, "generate" a way to make; "lose" is narrower than none and
     * has one; "pay" is a way to give, of money going out, and says which rows),
     * and used more often as a verb than as a noun or an adjective.
     */
    static boolean lightVerb(String word) {
        return lightVerb(word, false);
    }

    /**
     * {@link #lightVerb(String)}, where {@code saidAsVerb} says the word stands where only a verb can (right after a
     * pronoun that is a clause's subject: "did we log"), so that a word more often a noun is a verb there too.
     */
    static boolean lightVerb(String word, boolean saidAsVerb) {
        Lexicon english = Lexicon.english();
        // a word more often a noun or an adjective than a verb ("average", "total") is read as one
        if (!saidAsVerb && english.uses(word, PartOfSpeech.NOUN) + english.uses(word, PartOfSpeech.ADJECTIVE) >= english.uses(word, PartOfSpeech.VERB)) return false;
        for (String base : english.baseForms(word, PartOfSpeech.VERB)) {
            if (LIGHT_VERBS.contains(base) || NOTING.contains(base) || RECORDING.contains(base)) return true;
            List<Sense> senses = english.senses(base, PartOfSpeech.VERB);
            if (senses.isEmpty()) continue;
            Sense first = senses.get(0);
            if (first.antonyms().isEmpty() && first.broader().stream().anyMatch(GAINING::contains)) return true;
            if (first.broader().stream().anyMatch(NOTING::contains) || first.synonyms().stream().anyMatch(NOTING::contains)) return true;
            if (first.broader().stream().anyMatch(RECORDING::contains)) return true;
        }
        return false;
    }

    /** Whether a word is one of the {@link #SUBJECT_PRONOUNS}. */
    static boolean subjectPronoun(String word) {
        return SUBJECT_PRONOUNS.contains(word);
    }


    /**
     * Words that carry no meaning of their own in a question about a number: English's function words that never change
     * which rows are read (negation, quantifiers, comparison and "only" are read by rules of their own) and the
     * {@link QuestionFrame question's frame}.
     */
    static final Set<String> FILLER = withSingulars(words(List.of("what", "what's", "was", "were", "is", "are", "be", "been", "being",
            "the", "a", "an", "our", "my", "we", "us", "did", "do", "does", "how", "much", "many", "in", "of", "for", "on", "at", "and",
            "me", "there", "have", "has", "had", "during", "over", "across", "all", "to", "from", "with", "it", "its", "that", "this",
            "these", "those", "i", "you", "can", "could", "would", "about", "as", "by", "per", "each", "every", "which", "who", "whose",
            "where", "when", "any", "some", "them", "they", "their", "your", "up", "or", "between", "down", "through", "via")));

    /** The words and their forms as the parser compares them ("does" is read as "doe"). */
    private static Set<String> withSingulars(Collection<String> words) {
        Set<String> out = new java.util.HashSet<>(words);
        words.forEach(w -> out.add(QuestionWords.singular(w)));
        return Set.copyOf(out);
    }
}
