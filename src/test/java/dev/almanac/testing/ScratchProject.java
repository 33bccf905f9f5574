package dev.almanac.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A project folder of its own over the shared demo warehouse, with a copy of the repository's knowledge files and the demo's
 * company name, for tests that change knowledge or stores.
 *
 * <p>{@link #create} gives the project the cache folder a first command leaves behind (the catalog, the value index, the
 * join reaches and the vectors of the knowledge: {@code data/cache}), as a project has from its second command on: a cold
 * start costs about 5 s of work that is the same for every copy of the demo's knowledge, and dozens of tests create such
 * a project. The files are the ones Almanac itself wrote, for one scratch project per test JVM that a question was asked
 * in; each is keyed by what it was computed from (the warehouse's fingerprint, the model's digest, the text), so a project
 * whose knowledge or source differs computes its own. Its app store and knowledge import are its own, made on first use.
 * {@link #cold} gives a project with no cache at all, for tests of that first command.
 */
public final class ScratchProject {
    private static Path warmCache; // the template's data/cache, once a question was asked in it

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

    /** A project over the demo warehouse with the repository's knowledge, its cache as a first command leaves it. */
    public static Path create(Path dir, String name) {
        Path project = cold(dir, name);
        Path from = warmCache();
        try (Stream<Path> files = Files.list(from)) {
            Path to = Files.createDirectories(project.resolve("data").resolve("cache"));
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                // the record of the knowledge files' digests is the template's own (its name holds the folder's path)
                if (!f.getFileName().toString().startsWith("knowledge-files-")) Files.copy(f, to.resolve(f.getFileName()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return project;
    }

    /** A project over the demo warehouse with the repository's knowledge and nothing computed yet (no cache folder). */
    public static Path cold(Path dir, String name) {
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

    /**
     * The cache folder of this JVM's template project (next to its demo fixture folder, made again by each JVM), after a
     * question asked there through the command line without a model and a list of the tables it would read.
     */
    private static synchronized Path warmCache() {
        if (warmCache != null) return warmCache;
        Path fixture = DemoWarehouse.projectDir();
        Path root = fixture.resolveSibling(fixture.getFileName() + "-scratch");
        String home = System.getProperty("almanac.home");
        try {
            delete(root);
            Path template = cold(root.resolve("template"), "Scratch template");
            System.setProperty("almanac.home", Files.createDirectories(root.resolve("home")).toString());
            for (List<String> command : List.of(
                    List.of("ask", "What was MRR in September 2026?", "--llm", "none", "--format", "json"),
                    List.of("tables", "Which tables hold the refunds we issued to customers?"))) {
                String[] args = Stream.concat(command.stream(), Stream.of("--project", template.toString())).toArray(String[]::new);
                dev.almanac.cli.CliTest.Run r = dev.almanac.cli.CliTest.run(args);
                if (r.code() != 0) throw new IllegalStateException("the scratch template's " + command + " failed: " + r.err());
            }
            warmCache = template.resolve("data").resolve("cache");
            return warmCache;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the scratch projects' cache under " + root + ": " + e.getMessage(), e);
        } finally {
            if (home == null) System.clearProperty("almanac.home");
            else System.setProperty("almanac.home", home);
        }
    }

    private static void delete(Path folder) throws IOException {
        if (!Files.exists(folder)) return;
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
