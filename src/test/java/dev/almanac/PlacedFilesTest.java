package dev.almanac;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shipped file placed once: copied to its place the first time, left as it is while a copy of its size is there (the
 * tests run from a classes folder: no jar that could be newer than the copy), copied again when the shipped one differs
 * in size; a place that cannot be written is reported, not thrown.
 */
class PlacedFilesTest {
    @Test
    void a_file_is_placed_once_and_again_when_the_shipped_one_changes_size(@TempDir Path dir) throws Exception {
        Path shipped = dir.resolve("shipped.bin");
        Files.writeString(shipped, "first");
        Path target = dir.resolve("placed/copy.bin");

        assertThat(PlacedFiles.placed(shipped.toUri().toURL(), target)).isTrue();
        assertThat(Files.readString(target)).isEqualTo("first");

        Files.writeString(shipped, "other"); // the same size: the copy there is taken for it
        assertThat(PlacedFiles.placed(shipped.toUri().toURL(), target)).isTrue();
        assertThat(Files.readString(target)).isEqualTo("first");

        Files.writeString(shipped, "the second");
        assertThat(PlacedFiles.placed(shipped.toUri().toURL(), target)).isTrue();
        assertThat(Files.readString(target)).isEqualTo("the second");
        try (var left = Files.list(target.getParent())) {
            assertThat(left.map(p -> p.getFileName().toString()).toList()).as("no temporary file left").containsExactly("copy.bin");
        }
    }

    @Test
    void a_place_that_cannot_be_written_is_not_placed(@TempDir Path dir) throws Exception {
        Path shipped = dir.resolve("shipped.bin");
        Files.writeString(shipped, "bytes");
        Path notAFolder = dir.resolve("file");
        Files.writeString(notAFolder, "x");
        assertThat(PlacedFiles.placed(shipped.toUri().toURL(), notAFolder.resolve("copy.bin"))).isFalse();
        assertThat(PlacedFiles.jarDir()).as("run from a classes folder").isNull();
    }
}
