package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The knowledge folder's digest with the content digests of unchanged files kept between runs (on a real file system). */
class FolderFingerprintTest {
    @TempDir
    Path dir;

    private Path knowledge() throws Exception {
        Path k = Files.createDirectories(dir.resolve("knowledge/metrics"));
        Files.writeString(k.resolve("mrr.yml"), "name: mrr\n");
        Files.writeString(k.resolve("arr.yml"), "name: arr\n");
        return dir.resolve("knowledge");
    }

    @Test
    void the_digest_with_a_cache_is_the_digest_without_one_and_changes_with_a_file() throws Exception {
        Path k = knowledge();
        Path cache = dir.resolve("cache/files.tsv");
        String plain = FolderFingerprint.of(k, null);

        assertThat(FolderFingerprint.of(k, cache)).isEqualTo(plain);
        assertThat(FolderFingerprint.of(k, cache)).as("read again with the cache written").isEqualTo(plain);
        Files.writeString(k.resolve("metrics/arr.yml"), "name: arr2\n");
        assertThat(FolderFingerprint.of(k, cache)).isNotEqualTo(plain).isEqualTo(FolderFingerprint.of(k, null));
        Files.delete(k.resolve("metrics/arr.yml"));
        assertThat(FolderFingerprint.of(k, cache)).isEqualTo(FolderFingerprint.of(k, null));
    }

    @Test
    void an_edit_that_keeps_the_size_and_time_is_seen_when_the_file_was_new_when_its_digest_was_kept() throws Exception {
        Path k = knowledge();
        Path cache = dir.resolve("cache/files.tsv");
        Path file = k.resolve("metrics/mrr.yml");
        FileTime time = Files.getLastModifiedTime(file);
        String before = FolderFingerprint.of(k, cache); // the file was written just now: its digest is kept as racy

        Files.writeString(file, "name: xyz\n"); // same size
        Files.setLastModifiedTime(file, time); // same time, as a file system with coarse times would give

        assertThat(FolderFingerprint.of(k, cache)).isNotEqualTo(before).isEqualTo(FolderFingerprint.of(k, null));
    }

    @Test
    void the_kept_digest_of_a_file_left_alone_is_used_without_reading_it() throws Exception {
        Path k = knowledge();
        Path cache = dir.resolve("cache/files.tsv");
        Path file = k.resolve("metrics/mrr.yml");
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(3600)));
        FolderFingerprint.of(k, cache);
        // the kept digest of the old file is changed behind its back: a digest taken from the cache shows it
        List<String> lines = Files.readAllLines(cache).stream()
                .map(l -> l.startsWith("metrics/mrr.yml\t") ? l.substring(0, l.lastIndexOf('\t') + 1) + "0".repeat(64) : l).toList();
        Files.write(cache, lines);

        assertThat(FolderFingerprint.of(k, cache)).as("taken from the cache").isNotEqualTo(FolderFingerprint.of(k, null));
        Files.writeString(file, "name: mrr\n"); // touched: a new time, read again
        assertThat(FolderFingerprint.of(k, cache)).isEqualTo(FolderFingerprint.of(k, null));
    }

    @Test
    void a_damaged_cache_only_means_reading_the_files() throws Exception {
        Path k = knowledge();
        Path cache = Files.createDirectories(dir.resolve("cache")).resolve("files.tsv");
        Files.writeString(cache, "not\ta cache\n");
        assertThat(FolderFingerprint.of(k, cache)).isEqualTo(FolderFingerprint.of(k, null));
    }
}
