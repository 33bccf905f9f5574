package dev.almanac.reading;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * English's function words: the closed classes of the grammar (articles, demonstratives, quantifiers, pronouns, question
 * and relative words, prepositions simple and complex, coordinators, subordinators, auxiliaries, modals, negation, the
 * infinitive marker, existential "there"), each word with its {@link FunctionClass classes}. The list is the resource
 * {@code dev/almanac/reading/function-words.tsv}, taken from the Penn Treebank's closed-class tags (Santorini 1990) and
 * the Cambridge Grammar of the English Language (Huddleston & Pullum 2002): a grammar's list, not one grown from
 * questions, so no noun, adjective, lexical verb or content adverb is in it. Loaded once, on first use (about 400 lines).
 *
 * <p>Words are compared in lower case with the typographic apostrophe read as {@code '}. Multi-word units ("according
 * to", "as of", "in front of", "no one") are found with {@link #phraseAt(List, int)}.
 */
public final class FunctionWords {
    private static final String RESOURCE = "function-words.tsv";

    private static final class Holder {
        static final FunctionWords ENGLISH = load();
    }

    private final Map<String, Set<FunctionClass>> words;
    private final int longest;

    private FunctionWords(Map<String, Set<FunctionClass>> words) {
        this.words = Map.copyOf(words);
        int longest = 1;
        for (String w : words.keySet()) longest = Math.max(longest, w.split(" ").length);
        this.longest = longest;
    }

    /** The English list, read from the resource the first time it is asked for. */
    public static FunctionWords english() {
        return Holder.ENGLISH;
    }

    /** The classes of a single word ("by" is a preposition); empty for a content word ("total", "popular"). */
    public Set<FunctionClass> classesOf(String word) {
        Set<FunctionClass> c = words.get(normal(word));
        return c == null ? Set.of() : c;
    }

    /** Whether the word (or multi-word unit, words separated by spaces) is in a closed class. */
    public boolean isFunctionWord(String word) {
        return words.containsKey(normal(word));
    }

    /** Whether the word is in the given class. */
    public boolean is(String word, FunctionClass c) {
        return classesOf(word).contains(c);
    }

    /**
     * The longest function word or unit that starts at {@code start} in a question's words ("according to" in
     * {@code [sales, according, to, region]} at 1), or empty when the word there is a content word.
     */
    public Optional<FunctionPhrase> phraseAt(List<String> tokens, int start) {
        for (int n = Math.min(longest, tokens.size() - start); n >= 1; n--) {
            List<String> span = new ArrayList<>(n);
            for (int i = start; i < start + n; i++) span.add(normal(tokens.get(i)));
            Set<FunctionClass> c = words.get(String.join(" ", span));
            if (c != null) return Optional.of(new FunctionPhrase(span, c));
        }
        return Optional.empty();
    }

    /** Every entry with its classes: for documentation and tests. */
    public Map<String, Set<FunctionClass>> entries() {
        return words;
    }

    private static String normal(String word) {
        return Spelling.normal(word);
    }

    /** The class of that name (not {@code valueOf}, which goes through reflection the first time). */
    private static FunctionClass classNamed(FunctionClass[] all, String name, String line) {
        for (FunctionClass c : all) if (c.name().equals(name)) return c;
        throw new IllegalStateException(RESOURCE + ": no class " + name + " in: " + line);
    }

    private static FunctionWords load() {
        String text;
        try (InputStream in = FunctionWords.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("resource missing: dev/almanac/reading/" + RESOURCE);
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        FunctionClass[] all = FunctionClass.values();
        Map<String, Set<FunctionClass>> words = new HashMap<>();
        for (int start = 0, end; start < text.length(); start = end + 1) {
            end = text.indexOf('\n', start);
            if (end < 0) end = text.length();
            if (end == start || text.charAt(start) == '#') continue;
            int tab = text.indexOf('\t', start);
            if (tab < 0 || tab > end) throw new IllegalStateException(RESOURCE + ": not 'word TAB CLASSES': " + text.substring(start, end));
            Set<FunctionClass> classes = EnumSet.noneOf(FunctionClass.class);
            for (int from = tab + 1, to; from < end; from = to + 1) {
                to = text.indexOf(',', from);
                if (to < 0 || to > end) to = end;
                classes.add(classNamed(all, text.substring(from, to), text.substring(start, end)));
            }
            // the file is written in normal spelling: lower case, single spaces, plain apostrophes
            String word = text.substring(start, tab);
            if (words.put(word, classes) != null) throw new IllegalStateException(RESOURCE + ": listed twice: " + word);
        }
        return new FunctionWords(words);
    }
}
