package dev.almanac.testing;

import dev.almanac.demo.DemoProject;
import dev.almanac.store.Project;
import java.nio.file.Path;

/**
 * The demo project at scale 1, generated once per build under target/ and shared by the tests that
 * read it (the generator's marker rebuilds it when the generator changes). Each test JVM of a run has
 * its own (target/demo-fixture, then target/demo-fixture-2, ...: pom.xml runs the suite in two), since
 * a JVM starting renews the copy of the knowledge files that another may be reading.
 */
public final class DemoWarehouse {
    private static final Path DIR = Path.of("target", "demo-fixture" + forkSuffix()).toAbsolutePath();
    private static boolean ready;

    private DemoWarehouse() {}

    public static synchronized Path projectDir() {
        if (!ready) {
            deleteKnowledgeCopy(); // the copy the demo project gets must match this build's knowledge files
            DemoProject.init(DIR, 1, false, System.out);
            ready = true;
        }
        return DIR;
    }

    /** "" in the first test JVM (or outside surefire), "-N" in the Nth. */
    private static String forkSuffix() {
        String fork = System.getProperty("almanac.test.fork", "1");
        return fork.equals("1") || fork.isBlank() ? "" : "-" + fork;
    }

    private static void deleteKnowledgeCopy() {
        Path knowledge = DIR.resolve("knowledge");
        if (!java.nio.file.Files.exists(knowledge)) return;
        try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(knowledge)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) java.nio.file.Files.delete(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public static Path file() {
        return projectDir().resolve(Project.DEMO_SOURCE);
    }
}
