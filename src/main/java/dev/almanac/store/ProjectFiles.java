package dev.almanac.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads and writes {@code almanac.yml}. */
public final class ProjectFiles {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private ProjectFiles() {}

    public static boolean isProject(Path dir) {
        return Files.isRegularFile(dir.resolve(Project.FILE));
    }

    public static Project read(Path dir) {
        Path file = dir.resolve(Project.FILE);
        if (!Files.isRegularFile(file)) throw new UserError("not an Almanac project (no " + Project.FILE + "): " + dir);
        try {
            JsonNode root = YAML.readTree(file.toFile());
            if (root == null || !root.isObject()) throw new UserError(file + ": expected a mapping with name and source");
            String source = root.path("source").asText("");
            if (source.isBlank()) throw new UserError(file + ": 'source' is required (a database path or JDBC URL)");
            Path abs = dir.toAbsolutePath().normalize();
            return new Project(root.path("name").asText(abs.getFileName() == null ? "project" : abs.getFileName().toString()), abs, source,
                    abs.resolve(root.path("knowledge").asText("knowledge")).normalize(), root.path("demo").asBoolean(false));
        } catch (IOException e) {
            throw new UserError(file + ": not valid YAML: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** Writes the descriptor of the demo project into {@code dir}, unless one is there. */
    public static void writeDemo(Path dir) throws IOException {
        Path file = dir.resolve(Project.FILE);
        if (Files.exists(file)) return;
        Files.createDirectories(dir);
        Files.writeString(file, """
                # Almanac project: the generated Brightline demo company.
                name: Brightline demo
                demo: true
                source: %s
                knowledge: knowledge
                """.formatted(Project.DEMO_SOURCE), StandardCharsets.UTF_8);
    }
}
