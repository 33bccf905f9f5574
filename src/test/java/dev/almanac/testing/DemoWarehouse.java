package dev.almanac.testing;

import dev.almanac.demo.DemoProject;
import dev.almanac.store.Project;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The demo project at scale 1, generated once per build under target/ and shared by the tests that
 * read it (the generator's marker rebuilds it when the generator changes). Each test JVM running at
 * the same time has its own, since a JVM starting renews the copy of the knowledge files that another
 * may be reading (pom.xml runs the suite in two): the first JVM takes target/demo-fixture, a second one
 * meanwhile target/demo-fixture-2, each holding a lock on its folder's .lock file until it exits.
 */
public final class DemoWarehouse {
    private static FileChannel claimed; // open for the JVM's life: its lock is what says the folder is in use
    private static Path dir;
    private static boolean ready;

    private DemoWarehouse() {}

    public static synchronized Path projectDir() {
        if (!ready) {
            dir = claimFolder();
            deleteKnowledgeCopy(); // the copy the demo project gets must match this build's knowledge files
            DemoProject.init(dir, 1, false, System.out);
            ready = true;
        }
        return dir;
    }

    /** The first demo fixture folder no other JVM holds, locked for this one. */
    private static Path claimFolder() {
        Path target = Path.of("target").toAbsolutePath();
        try {
            Files.createDirectories(target);
            for (int n = 1; ; n++) {
                String name = n == 1 ? "demo-fixture" : "demo-fixture-" + n;
                FileChannel channel = FileChannel.open(target.resolve(name + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                if (channel.tryLock() != null) {
                    claimed = channel;
                    return target.resolve(name);
                }
                channel.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot claim a demo fixture folder under " + target + ": " + e.getMessage(), e);
        }
    }

    private static void deleteKnowledgeCopy() {
        Path knowledge = dir.resolve("knowledge");
        if (!Files.exists(knowledge)) return;
        try (java.util.stream.Stream<Path> walk = Files.walk(knowledge)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path file() {
        return projectDir().resolve(Project.DEMO_SOURCE);
    }
}
