package dev.almanac.reading;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The compact WordNet that {@link WordNetDigest} writes at build time, read a bucket at a time. A word's lines are in the
 * bucket of its first four letters (and, for a phrase, the first three of its last word), so a word and the forms
 * WordNet's morphology tries for it ("umbrellas", "umbrella") are mostly in one bucket. A bucket (5 kB on average, 33 kB
 * at most) is read from the class path the first time one of its words is looked up and kept as bytes; a word is found
 * by binary search over its sorted lines, so nothing is parsed but the word asked for.
 */
final class WordNetFile {
    static final int BUCKETS = 2048;
    static final String FOLDER = "dev/almanac/reading/wordnet";

    /** Opens a file of the digest by its path under the class path's root; null when there is none. */
    @FunctionalInterface
    interface Source {
        InputStream open(String name) throws IOException;
    }

    private final Source files;
    private final AtomicReferenceArray<byte[]> buckets = new AtomicReferenceArray<>(BUCKETS);

    WordNetFile(Source files) {
        this.files = files;
    }

    /**
     * The digest where this class was loaded from: the application jar, read through a {@link ZipFile} of its own (a
     * fifth of the cost of a class-loader lookup, which goes through a URL connection for each file), or the classes
     * folder of a build; the class loader otherwise.
     */
    static WordNetFile onClassPath() {
        ClassLoader loader = WordNetFile.class.getClassLoader();
        Source fallback = loader::getResourceAsStream;
        Path root = null;
        try {
            var source = WordNetFile.class.getProtectionDomain().getCodeSource();
            if (source != null && "file".equals(source.getLocation().getProtocol())) root = Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            root = null;
        }
        if (root == null) return new WordNetFile(fallback);
        if (Files.isDirectory(root)) {
            Path folder = root;
            return new WordNetFile(name -> {
                Path file = folder.resolve(name);
                return Files.exists(file) ? Files.newInputStream(file) : fallback.open(name);
            });
        }
        Path jar = root;
        return new WordNetFile(new Source() {
            private volatile ZipFile zip;

            @Override
            public InputStream open(String name) throws IOException {
                ZipFile z = zip;
                if (z == null) {
                    synchronized (this) {
                        if (zip == null) zip = new ZipFile(jar.toFile());
                        z = zip;
                    }
                }
                ZipEntry entry = z.getEntry(name);
                return entry == null ? fallback.open(name) : z.getInputStream(entry);
            }
        });
    }

    /** The bucket of a (normal, lower-case) word; {@link String#hashCode()} is fixed by the language, so build and run agree. */
    static int bucketOf(String word) {
        String key = word.length() <= 4 ? word : word.substring(0, 4);
        int space = word.lastIndexOf(' ');
        if (space > 0) key = key + '|' + word.substring(space + 1, Math.min(word.length(), space + 4));
        return Math.floorMod(key.hashCode(), BUCKETS);
    }

    static String bucketName(int bucket) {
        String n = Integer.toString(bucket);
        return "0000".substring(n.length()) + n + ".tsv";
    }

    /** The word's lines without the word: "n TAB senses", "xv TAB base,base"; empty when WordNet does not have it. */
    List<String> lines(String word) {
        int b = bucketOf(word);
        byte[] bucket = buckets.get(b);
        if (bucket == null) {
            buckets.compareAndSet(b, null, read(b));
            bucket = buckets.get(b);
        }
        return find(bucket, word.getBytes(StandardCharsets.UTF_8));
    }

    /** Binary search over the bucket's lines, sorted by word (UTF-8 byte order, which is the digest's order for WordNet). */
    private static List<String> find(byte[] text, byte[] word) {
        int lo = 0, hi = text.length;
        while (lo < hi) {
            int start = lineStart(text, (lo + hi) >>> 1);
            int c = compare(text, start, word);
            if (c == 0) {
                while (start > 0 && compare(text, lineStart(text, start - 1), word) == 0) start = lineStart(text, start - 1);
                List<String> out = new ArrayList<>(2);
                for (int s = start; s < text.length && compare(text, s, word) == 0; s = lineEnd(text, s) + 1) {
                    int from = s + word.length + 1;
                    out.add(new String(text, from, lineEnd(text, s) - from, StandardCharsets.UTF_8));
                }
                return out;
            }
            if (c > 0) hi = start;
            else lo = lineEnd(text, start) + 1;
        }
        return List.of();
    }

    /** The line's word compared with {@code word}: negative when the line's comes first. */
    private static int compare(byte[] text, int start, byte[] word) {
        for (int i = 0; ; i++) {
            int t = start + i < text.length ? text[start + i] & 0xff : '\t';
            if (t == '\t') return i == word.length ? 0 : -1;
            if (i == word.length) return 1;
            int w = word[i] & 0xff;
            if (t != w) return t - w;
        }
    }

    private static int lineStart(byte[] text, int at) {
        while (at > 0 && text[at - 1] != '\n') at--;
        return at;
    }

    private static int lineEnd(byte[] text, int at) {
        while (at < text.length && text[at] != '\n') at++;
        return at;
    }

    private byte[] read(int b) {
        String name = FOLDER + "/" + bucketName(b);
        try (InputStream in = files.open(name)) {
            if (in == null) throw new IllegalStateException("WordNet digest missing from the class path (" + name + "): build with Maven");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
