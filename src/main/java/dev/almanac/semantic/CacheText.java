package dev.almanac.semantic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** A cache file of text next to the value index, written whole: a reader never sees half of it. */
final class CacheText {
    private CacheText() {}

    /** Writes the text to a temporary file moved into place; nothing when it cannot be (a cache saves time only). */
    static void replace(Path file, CharSequence text) {
        Path tmp = null;
        try {
            Files.createDirectories(file.getParent());
            tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // the cache saves time only
        } finally {
            try {
                if (tmp != null) Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // left for the next write to replace
            }
        }
    }
}
