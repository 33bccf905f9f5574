package dev.almanac;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Cache files written whole: a temporary file beside the cache file, moved into place, so that a reader never sees half
 * of one. A cache saves time only: a file that cannot be written is no error (the next run builds what it holds again).
 */
public final class CacheFiles {
    private CacheFiles() {}

    /** Writes the text to a temporary file moved into place; false when it cannot be (the temporary file then removed). */
    public static boolean replace(Path file, CharSequence text) {
        Path tmp = null;
        try {
            Files.createDirectories(file.getParent());
            tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            tmp = null;
            return true;
        } catch (IOException e) {
            return false;
        } finally {
            try {
                if (tmp != null) Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // left for the next write to replace
            }
        }
    }
}
