package dev.almanac.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A project folder of its own over the shared demo warehouse, with a copy of the repository's knowledge files and the demo's
 * company name, for tests that change knowledge or stores.
 */
public final class ScratchProject {
    private ScratchProject() {}

    /** A project over the demo warehouse with an empty knowledge folder: what a team starts from before importing its models. */
    public static Path empty(Path dir, String name) {
        try {
            Files.createDirectories(dir.resolve("knowledge"));
            Files.writeString(dir.resolve("almanac.yml"), "name: " + name + "\nsource: " + DemoWarehouse.file() + "\nknowledge: knowledge\n");
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path create(Path dir, String name) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("almanac.yml"), "name: " + name + "\ncompany: Brightline\nsource: " + DemoWarehouse.file()
                    + "\nknowledge: knowledge\n");
            Path knowledge = Path.of("knowledge");
            try (Stream<Path> files = Files.walk(knowledge)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    Path to = dir.resolve("knowledge").resolve(knowledge.relativize(f).toString());
                    Files.createDirectories(to.getParent());
                    Files.copy(f, to);
                }
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
