package dev.almanac;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Files the application jar ships that are placed next to it once, so that a start reads them as plain files instead of
 * out of the jar (DuckDB's and SQLite's native libraries, the WordNet digest).
 */
public final class PlacedFiles {
    private PlacedFiles() {}

    /**
     * Whether {@code target} holds {@code shipped}: copied there (through a temporary file moved into place, so a reader
     * never sees half of it) unless a copy of the same size, written after the jar was, is there already. False when it
     * cannot be written.
     */
    public static boolean placed(URL shipped, Path target) {
        try {
            long size = shipped.openConnection().getContentLengthLong();
            if (Files.isRegularFile(target) && Files.size(target) == size && Files.getLastModifiedTime(target).toMillis() >= jarModified()) return true;
            Files.createDirectories(target.getParent());
            Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
            try (InputStream in = shipped.openStream()) {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The folder of the application jar this code runs from; null when it runs from a classes folder. */
    public static Path jarDir() {
        return Build.path().map(Path::getParent).orElse(null);
    }

    private static long jarModified() {
        Path jar = Build.path().orElse(null);
        try {
            return jar == null ? 0 : Files.getLastModifiedTime(jar).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
