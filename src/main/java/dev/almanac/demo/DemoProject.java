package dev.almanac.demo;

import dev.almanac.AlmanacException;
import dev.almanac.store.Project;
import dev.almanac.store.ProjectFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Sets up the demo project in a folder: {@code almanac.yml}, the knowledge files that ship in the jar
 * (only those missing, so edits are kept) and the generated warehouse. Idempotent: a warehouse built
 * by this generator at the same scale is kept as it is.
 */
public final class DemoProject {
    /** Bump when the generator's output changes, so that existing demo warehouses are rebuilt. */
    static final int GENERATOR_VERSION = 4;
    private static final String KNOWLEDGE_RESOURCE = "/dev/almanac/demo/knowledge";

    private DemoProject() {}

    /** What {@link #init} did. */
    public record Outcome(Path warehouse, boolean generated, Map<String, Long> rows, int knowledgeFilesWritten, long millis) {}

    public static Outcome init(Path dir, double scale, boolean force, PrintStream progress) {
        long start = System.nanoTime();
        try {
            ProjectFiles.writeDemo(dir);
            int written = copyKnowledge(dir.resolve("knowledge"));
            Path warehouse = dir.resolve(Project.DEMO_SOURCE);
            Path marker = warehouse.resolveSibling("demo.properties");
            String wanted = "scale=" + scale + "\ngenerator=" + GENERATOR_VERSION + "\n";
            if (!force && Files.isRegularFile(warehouse) && Files.isRegularFile(marker) && Files.readString(marker).equals(wanted)) {
                return new Outcome(warehouse, false, Map.of(), written, elapsed(start));
            }
            progress.println("Generating the demo warehouse (scale " + formatScale(scale) + ") in " + warehouse + " ...");
            Map<String, Long> rows = new DemoGenerator(scale).generate(warehouse);
            Files.writeString(marker, wanted);
            return new Outcome(warehouse, true, rows, written, elapsed(start));
        } catch (IOException e) {
            throw new AlmanacException("cannot set up the demo in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Makes sure the demo project's warehouse exists, generating it at scale 1 on first use. */
    public static void ensure(Project project, PrintStream progress) {
        if (project.demo() && !Files.isRegularFile(project.dir().resolve(Project.DEMO_SOURCE))) {
            init(project.dir(), 1, false, progress);
        }
    }

    public static String formatScale(double scale) {
        return scale == Math.rint(scale) ? String.valueOf((long) scale) : String.valueOf(scale);
    }

    private static long elapsed(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** Copies the knowledge files shipped in the jar into {@code target}, skipping files already there. */
    static int copyKnowledge(Path target) throws IOException {
        URL url = DemoProject.class.getResource(KNOWLEDGE_RESOURCE);
        if (url == null) return 0;
        URI uri;
        try {
            uri = url.toURI();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        if (uri.getScheme().equals("jar")) {
            FileSystem fs;
            boolean opened = false;
            try {
                fs = FileSystems.getFileSystem(uri);
            } catch (FileSystemNotFoundException e) {
                fs = FileSystems.newFileSystem(uri, Map.of());
                opened = true;
            }
            try {
                return copyTree(fs.getPath(KNOWLEDGE_RESOURCE), target);
            } finally {
                if (opened) fs.close();
            }
        }
        Path source = Path.of(uri);
        if (source.toAbsolutePath().normalize().equals(target.toAbsolutePath().normalize())) return 0;
        return copyTree(source, target);
    }

    private static int copyTree(Path source, Path target) throws IOException {
        int written = 0;
        List<Path> files;
        try (Stream<Path> walk = Files.walk(source)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path file : files) {
            Path to = target.resolve(source.relativize(file).toString());
            if (Files.exists(to)) continue;
            Files.createDirectories(to.getParent());
            try (InputStream in = Files.newInputStream(file); OutputStream out = Files.newOutputStream(to)) {
                in.transferTo(out);
            }
            written++;
        }
        return written;
    }
}
