package dev.almanac.reading;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The compact WordNet that {@link WordNetDigest} writes at build time: one file of {@value #BUCKETS} buckets, a header of
 * their offsets and then their lines. A word's lines are in the bucket of its first four letters (and, for a phrase, the
 * first three of its last word), so a word and the forms WordNet's morphology tries for it ("umbrellas", "umbrella") are
 * mostly in one bucket. The file is mapped into memory the first time a word is looked up (run from the jar, from a copy
 * placed next to the jar once: reading it out of the jar took a start some 70 ms of opening the jar and inflating); a
 * bucket (5 kB on average, 33 kB at most) is copied out of it when one of its words is first looked up, and a word is
 * found by binary search over the bucket's sorted lines, so nothing is parsed but the word asked for.
 */
final class WordNetFile {
    static final int BUCKETS = 2048;
    static final String FOLDER = "dev/almanac/reading/wordnet";
    /** The digest's file under the class path's root. */
    static final String DIGEST = FOLDER + "/digest.bin";
    /** The header: the offset of each bucket's first byte after it, and of the end, as big-endian ints. */
    static final int HEADER = 4 * (BUCKETS + 1);

    /** The digest's bytes, opened when first needed. */
    @FunctionalInterface
    interface Source {
        ByteBuffer open() throws IOException;
    }

    private final Source source;
    private volatile ByteBuffer digest;
    private final AtomicReferenceArray<byte[]> buckets = new AtomicReferenceArray<>(BUCKETS);

    WordNetFile(Source source) {
        this.source = source;
    }

    /**
     * The digest where this class was loaded from: the classes folder of a build, mapped; run from the application jar, a
     * copy placed next to the jar (once per build), mapped; else the class path's copy read into memory.
     */
    static WordNetFile onClassPath() {
        return new WordNetFile(() -> {
            Path folder = classesFolder();
            if (folder != null && Files.isRegularFile(folder.resolve(DIGEST))) return mapped(folder.resolve(DIGEST));
            URL shipped = WordNetFile.class.getClassLoader().getResource(DIGEST);
            if (shipped == null) throw new IllegalStateException("WordNet digest missing from the class path (" + DIGEST + "): build with Maven");
            Path jarDir = dev.almanac.PlacedFiles.jarDir();
            Path placed = jarDir == null ? null : jarDir.resolve("wordnet-digest.bin");
            if (placed != null && dev.almanac.PlacedFiles.placed(shipped, placed)) return mapped(placed);
            try (InputStream in = shipped.openStream()) {
                return ByteBuffer.wrap(in.readAllBytes());
            }
        });
    }

    private static Path classesFolder() {
        try {
            var code = WordNetFile.class.getProtectionDomain().getCodeSource();
            if (code == null || !"file".equals(code.getLocation().getProtocol())) return null;
            Path root = Path.of(code.getLocation().toURI());
            return Files.isDirectory(root) ? root : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    static ByteBuffer mapped(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
        }
    }

    /** The bucket of a (normal, lower-case) word; {@link String#hashCode()} is fixed by the language, so build and run agree. */
    static int bucketOf(String word) {
        String key = word.length() <= 4 ? word : word.substring(0, 4);
        int space = word.lastIndexOf(' ');
        if (space > 0) key = key + '|' + word.substring(space + 1, Math.min(word.length(), space + 4));
        return Math.floorMod(key.hashCode(), BUCKETS);
    }

    /** The word's lines without the word: "n TAB senses", "xv TAB base,base"; empty when WordNet does not have it. */
    List<String> lines(String word) {
        int b = bucketOf(word);
        byte[] bucket = buckets.get(b);
        if (bucket == null) {
            buckets.compareAndSet(b, null, bucket(b));
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

    /** A bucket's lines, copied out of the digest. */
    private byte[] bucket(int b) {
        ByteBuffer d = digest();
        int from = d.getInt(4 * b), to = d.getInt(4 * (b + 1));
        byte[] out = new byte[to - from];
        d.get(HEADER + from, out);
        return out;
    }

    private ByteBuffer digest() {
        ByteBuffer d = digest;
        if (d != null) return d;
        synchronized (this) {
            if (digest == null) {
                try {
                    ByteBuffer opened = source.open();
                    if (opened.capacity() < HEADER || opened.capacity() != HEADER + opened.getInt(4 * BUCKETS)) {
                        throw new IllegalStateException("the WordNet digest is damaged (" + DIGEST + "): build with Maven again");
                    }
                    digest = opened;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return digest;
        }
    }
}
