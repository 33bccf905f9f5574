package dev.almanac.testing;

import dev.almanac.demo.DemoProject;
import dev.almanac.store.Project;
import java.nio.file.Path;

/**
 * The demo project at scale 1, generated once per build under target/ and shared by the tests that
 * read it (the generator's marker rebuilds it when the generator changes).
 */
public final class DemoWarehouse {
    private static final Path DIR = Path.of("target", "demo-fixture").toAbsolutePath();
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
