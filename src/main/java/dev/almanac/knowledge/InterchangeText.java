package dev.almanac.knowledge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Another tool's model file (Cortex Analyst, Ossie) read into a tree in time linear in its size. JSON (a text that
 * starts with { or [) is read by the JSON parser, which is linear whatever its lines. YAML's reader (SnakeYAML) copies
 * what it has buffered of a line each time it reads on within it, so a line of megabytes costs the square of its
 * length (an 8 MB line took 24 s); a YAML line longer than {@link #MAX_YAML_LINE} characters is refused at once, as is a
 * YAML text longer than the reader's own limit of 3 MiB.
 */
final class InterchangeText {
    /** The longest YAML line read: far more than any expression or description, far less than a cost that shows. */
    static final int MAX_YAML_LINE = 64 * 1024;
    /** SnakeYAML's limit on a document (LoaderOptions' code point limit), which it reports only after reading that far. */
    static final int MAX_YAML_CHARS = 3 * 1024 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private InterchangeText() {}

    /** The file's tree; a user error naming {@code what} the file is, and where, when it cannot be read. */
    static JsonNode read(Path file, String what) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("cannot read the " + what + " " + file + ": " + e.getMessage());
        }
        String start = text.stripLeading();
        if (start.startsWith("{") || start.startsWith("[")) {
            try {
                return JSON.readTree(text);
            } catch (JsonProcessingException e) {
                // YAML's flow style ({name: x}) is not JSON: read on as YAML
            }
        }
        String problem = yamlProblem(text);
        if (problem != null) throw new UserError("cannot read the " + what + " " + file + ": " + problem);
        try {
            return YAML.readTree(text);
        } catch (IOException e) {
            throw new UserError("cannot read the " + what + " " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** Why a YAML text would cost its reader quadratic time or be refused by it late, or null. One pass over the text. */
    static String yamlProblem(String text) {
        if (text.length() > MAX_YAML_CHARS) {
            return "a YAML file of more than 3 MiB (" + String.format(Locale.ROOT, "%,d", text.length()) + " characters): write it as JSON";
        }
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                if (i - lineStart > MAX_YAML_LINE) {
                    return "line " + line + " of the YAML is " + String.format(Locale.ROOT, "%,d", i - lineStart) + " characters long (at most "
                            + String.format(Locale.ROOT, "%,d", MAX_YAML_LINE) + "): write one item per line, or the file as JSON";
                }
                line++;
                lineStart = i + 1;
            }
        }
        return null;
    }
}
