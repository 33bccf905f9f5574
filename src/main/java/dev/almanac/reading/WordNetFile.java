package dev.almanac.reading;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The compact WordNet that {@link WordNetDigest} writes at build time, read a bucket at a time: a word's lines are in the
 * bucket its hash names, and a bucket (about 6 kB) is read from the class path the first time one of its
 * words is looked up. Nothing else is read, so a question of ten words touches about ten small files.
 */
final class WordNetFile {
    static final int BUCKETS = 2048;
    static final String FOLDER = "dev/almanac/reading/wordnet";

    private final ClassLoader loader;
    private final AtomicReferenceArray<Map<String, List<String>>> buckets = new AtomicReferenceArray<>(BUCKETS);

    WordNetFile(ClassLoader loader) {
        this.loader = loader;
    }

    /** The bucket of a (lower-case) word: {@link String#hashCode()}, which the language fixes, modulo {@link #BUCKETS}. */
    static int bucketOf(String word) {
        return Math.floorMod(word.hashCode(), BUCKETS);
    }

    static String bucketName(int bucket) {
        String n = Integer.toString(bucket);
        return "0000".substring(n.length()) + n + ".tsv";
    }

    /** The word's lines without the word: "n TAB senses", "xv TAB base,base"; empty when WordNet does not have it. */
    List<String> lines(String word) {
        int b = bucketOf(word);
        Map<String, List<String>> bucket = buckets.get(b);
        if (bucket == null) {
            buckets.compareAndSet(b, null, read(b));
            bucket = buckets.get(b);
        }
        return bucket.getOrDefault(word, List.of());
    }

    private Map<String, List<String>> read(int b) {
        String name = FOLDER + "/" + bucketName(b);
        byte[] bytes;
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("WordNet digest missing from the class path (" + name + "): build with Maven");
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        Map<String, List<String>> words = new HashMap<>();
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            if (end < 0) end = text.length();
            int tab = text.indexOf('\t', start);
            if (tab > start && tab < end) {
                String word = text.substring(start, tab);
                List<String> lines = words.get(word);
                if (lines == null) words.put(word, lines = new ArrayList<>(2));
                lines.add(text.substring(tab + 1, end));
            }
            start = end + 1;
        }
        return words;
    }
}
