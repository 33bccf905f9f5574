package dev.almanac.semantic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which datasets of a semantic model reach which many-to-one ({@link SemanticLayer#dimensionsOf}), kept in a file next to
 * the value index so that a one-shot command does not plan those joins again: the file's name holds a digest of the
 * model (its files as JSON) and of the dialect, so a changed model is another file. One line per pair,
 * {@code from->to<TAB>true|false}; a file that cannot be read is planned again, and written when pairs are added.
 */
public final class JoinReachCache {
    private static final String FORMAT = "join-reach v1";
    private final Path file;

    private JoinReachCache(Path file) {
        this.file = file;
    }

    /** The cache of this model in the directory. */
    public static JoinReachCache in(Path directory, String modelDigest, String dialect) {
        return new JoinReachCache(directory.resolve("reaches-" + ValueIndex.digest(FORMAT + "\n" + dialect + "\n" + modelDigest) + ".tsv"));
    }

    Path file() {
        return file;
    }

    /** The pairs known from earlier runs; none when there is no file or it cannot be read. */
    Map<String, Boolean> read() {
        Map<String, Boolean> out = new TreeMap<>();
        if (!Files.isRegularFile(file)) return out;
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int tab = line.indexOf('\t');
                if (tab < 0) continue;
                String value = line.substring(tab + 1);
                if (value.equals("true") || value.equals("false")) out.put(line.substring(0, tab), Boolean.parseBoolean(value));
            }
        } catch (IOException e) {
            return new TreeMap<>();
        }
        return out;
    }

    /** Writes all the pairs known (a whole new file moved into place, so a reader never sees half of it). */
    void write(Map<String, Boolean> pairs) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(pairs).forEach((pair, reached) -> text.append(pair).append('\t').append(reached).append('\n'));
        dev.almanac.CacheFiles.replace(file, text);
    }
}
