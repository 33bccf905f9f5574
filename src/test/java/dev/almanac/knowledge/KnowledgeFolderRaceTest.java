package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The knowledge folder read while edits change it (the load benchmark found a question failing with 500 when its
 * fingerprint walk met an edit's temporary file that had just been moved into place): reading never fails on a
 * file that comes or goes, and an edit's temporary file is never part of the folder.
 */
class KnowledgeFolderRaceTest {
    @TempDir
    Path dir;

    @Test
    void the_folder_is_read_while_files_are_written_moved_and_deleted() throws Exception {
        Path metrics = Files.createDirectories(dir.resolve("metrics"));
        Files.writeString(metrics.resolve("kept.yml"), "name: kept\ndefinition: K\nsql: SELECT 1 AS n\n");
        String before = KnowledgeBase.fingerprint(dir);
        AtomicBoolean running = new AtomicBoolean(true);
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        Thread editor = new Thread(() -> {
            try {
                for (int i = 0; running.get(); i++) {
                    Path tmp = Files.createTempFile(metrics, ".edit-", ".tmp");
                    Files.writeString(tmp, "name: churn\ndefinition: C " + i + "\nsql: SELECT 2 AS n\n");
                    Files.move(tmp, metrics.resolve("churn.yml"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    Files.delete(metrics.resolve("churn.yml"));
                }
            } catch (Exception e) {
                failures.add(e);
            }
        });
        editor.start();
        long end = System.nanoTime() + 1_500_000_000L;
        try {
            while (System.nanoTime() < end) {
                KnowledgeBase.fingerprint(dir);
                KnowledgeFiles.Read read = KnowledgeFiles.read(dir);
                assertThat(read.problems()).as("a file that comes or goes is no problem of the folder").isEmpty();
            }
        } finally {
            running.set(false);
            editor.join();
        }
        assertThat(failures).isEmpty();
        Files.writeString(metrics.resolve(".edit-123.tmp"), "half written");
        assertThat(KnowledgeBase.fingerprint(dir)).as("an edit's temporary file is not part of the folder").isEqualTo(before);
    }
}
