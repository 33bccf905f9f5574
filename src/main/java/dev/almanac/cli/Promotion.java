package dev.almanac.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.UserError;
import dev.almanac.store.Project;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a new knowledge file into the project and imports it; when it does not validate, the file is removed again. */
final class Promotion {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private Promotion() {}

    static Path write(Workspace ws, String folder, String name, ObjectNode doc, PrintWriter err) {
        Project project = ws.requireProject();
        Path file = project.knowledgeDir().resolve(folder).resolve(name + ".yml");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, YAML.writeValueAsString(doc));
            var result = ws.knowledgeBase().importFiles(project, project.knowledgeDir(), null, ws.validator());
            ws.reloadKnowledge();
            if (!result.ok()) {
                Files.delete(file);
                result.problems().forEach(err::println);
                err.flush();
                throw new UserError("the promoted item did not validate; nothing changed");
            }
            return file;
        } catch (IOException e) {
            throw new UserError("cannot write " + file + ": " + e.getMessage());
        }
    }
}
