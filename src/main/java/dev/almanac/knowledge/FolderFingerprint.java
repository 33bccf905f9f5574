package dev.almanac.knowledge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A digest of a folder's files, their paths and contents: it changes exactly when a file is added, removed, renamed or
 * edited, and two copies of the same files (two servers' checkouts) have the same one. Each file's content digest may be
 * kept in a cache file between runs, the way Git's index keeps them: it is taken again when the file's size or time
 * changed, and also when the file was written less than {@link #RACY} before its digest was taken (an edit in the same
 * tick of the file system's clock would not change the time), so that a kept digest is never one of an older content.
 */
final class FolderFingerprint {
    /** How long a file must have been left alone before its digest is kept on the strength of its size and time. */
    static final long RACY = TimeUnit.SECONDS.toNanos(3);

    private FolderFingerprint() {}

    /** One file as the cache keeps it: its size and time when its content had this digest, and when that was taken. */
    private record Entry(long size, long modified, long taken, String digest) {}

    /**
     * The folder's digest; with a cache file, the content digests of files unchanged since the last run are taken from it
     * and the cache is brought up to date (a cache that cannot be read or written is only slower, never wrong).
     */
    static String of(Path dir, Path cacheFile) throws IOException {
        Map<String, Entry> kept = cacheFile == null ? Map.of() : read(cacheFile);
        Map<String, Entry> now = new HashMap<>();
        boolean changed = false;
        MessageDigest folder = sha256();
        long clock = System.currentTimeMillis() * 1_000_000L;
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).filter(f -> !KnowledgeEditor.isTemporary(f)).sorted().toList();
        }
        for (Path f : files) {
            String name = dir.relativize(f).toString();
            Entry entry;
            try {
                BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
                long modified = a.lastModifiedTime().to(TimeUnit.NANOSECONDS);
                Entry old = kept.get(name);
                if (old != null && old.size() == a.size() && old.modified() == modified && old.taken() - modified >= RACY) {
                    entry = old;
                } else {
                    byte[] content = Files.readAllBytes(f);
                    entry = new Entry(content.length, modified, clock, HexFormat.of().formatHex(sha256().digest(content)));
                    changed = true;
                }
            } catch (java.nio.file.NoSuchFileException gone) {
                continue; // removed while the folder was read: an edit in another thread or process
            }
            now.put(name, entry);
            folder.update(name.getBytes(StandardCharsets.UTF_8));
            folder.update((byte) 0);
            folder.update(entry.digest().getBytes(StandardCharsets.US_ASCII));
        }
        if (cacheFile != null && (changed || now.size() != kept.size())) write(cacheFile, now);
        return HexFormat.of().formatHex(folder.digest(), 0, 16);
    }

    private static Map<String, Entry> read(Path cacheFile) {
        Map<String, Entry> out = new HashMap<>();
        try {
            for (String line : Files.readAllLines(cacheFile, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t", -1);
                if (f.length != 5) return Map.of();
                out.put(f[0], new Entry(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), f[4]));
            }
        } catch (IOException | RuntimeException e) {
            return Map.of(); // missing or damaged: every file is read
        }
        return out;
    }

    private static void write(Path cacheFile, Map<String, Entry> entries) {
        StringBuilder lines = new StringBuilder();
        entries.forEach((name, e) -> {
            if (name.indexOf('\t') < 0 && name.indexOf('\n') < 0) {
                lines.append(name).append('\t').append(e.size()).append('\t').append(e.modified()).append('\t').append(e.taken()).append('\t').append(e.digest())
                        .append(System.lineSeparator());
            }
        });
        try {
            dev.almanac.CacheFiles.replace(cacheFile, lines);
        } catch (RuntimeException e) {
            // a cache that cannot be written: the next run reads the files again
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
