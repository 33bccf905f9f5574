package dev.almanac.sql;

import dev.almanac.source.Dialect;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tables the guard found a statement reads ({@link Guard#tablesOf}), kept in a file between runs: a one-shot command
 * reads the tables of every metric's and verified query's SQL to select tables and match questions, about fifty parses
 * that give the same answer every time. The file's name holds the dialect and the build of the code that read them (a new
 * build reads them again); one line per statement, the digest of its text and its tables. Only what tables a statement
 * names is kept, never whether it may run: the guard checks every statement it runs.
 */
public final class TablesReadCache {
    private static final String FORMAT = "tables-read v1";
    private final Path file;
    private final Map<String, Set<String>> known = new ConcurrentHashMap<>();
    private volatile boolean added;

    private TablesReadCache(Path file) {
        this.file = file;
        read();
    }

    /** The cache of this dialect and build in the directory. */
    public static TablesReadCache in(Path directory, Dialect dialect, String build) {
        return new TablesReadCache(directory.resolve("tables-read-" + digest(FORMAT + "\n" + dialect + "\n" + build).substring(0, 16) + ".tsv"));
    }

    Path file() {
        return file;
    }

    Optional<Set<String>> get(String sql) {
        return Optional.ofNullable(known.get(digest(sql)));
    }

    void put(String sql, Set<String> tables) {
        if (known.put(digest(sql), Set.copyOf(tables)) == null) added = true;
    }

    /** Writes the file when statements were added (a whole new file moved into place, so a reader never sees half of it). */
    void save() {
        if (!added) return;
        StringBuilder text = new StringBuilder();
        new TreeMap<>(known).forEach((sql, tables) -> text.append(sql).append('\t').append(String.join(",", tables)).append('\n'));
        if (dev.almanac.CacheFiles.replace(file, text)) added = false;
    }

    private void read() {
        if (!Files.isRegularFile(file)) return;
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int tab = line.indexOf('\t');
                if (tab != 64) continue;
                Set<String> tables = new LinkedHashSet<>();
                for (String t : line.substring(tab + 1).split(",")) if (!t.isEmpty()) tables.add(t);
                known.put(line.substring(0, tab), Set.copyOf(tables));
            }
        } catch (IOException e) {
            known.clear();
        }
    }

    private static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
