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
            String appStore = root.hasNonNull("app_store") ? expand(root.get("app_store").asText(), file) : null;
            if (appStore != null && !appStore.startsWith("jdbc:postgresql:") && !appStore.startsWith("jdbc:sqlite:")) {
                throw new UserError(file + ": app_store must be a jdbc:postgresql: or jdbc:sqlite: URL");
            }
            java.util.List<String> company = new java.util.ArrayList<>(); // "company: Acme" or "company: [Acme, Acme Corp]"
            JsonNode names = root.path("company");
            if (names.isTextual()) company.add(names.asText());
            else if (names.isArray()) names.forEach(n -> company.add(n.asText()));
            else if (!names.isMissingNode() && !names.isNull()) throw new UserError(file + ": company must be a name or a list of names");
            company.removeIf(String::isBlank);
            java.time.Duration timeout = null;
            JsonNode seconds = root.path("query_timeout");
            if (!seconds.isMissingNode() && !seconds.isNull()) {
                if (!seconds.canConvertToInt() || !seconds.isIntegralNumber() || seconds.asInt() < 1 || seconds.asInt() > 3600) {
                    throw new UserError(file + ": query_timeout must be a whole number of seconds from 1 to 3600");
                }
                timeout = java.time.Duration.ofSeconds(seconds.asInt());
            }
            int fiscalStart = 1;
            JsonNode month = root.path("fiscal_year_start_month");
            if (!month.isMissingNode() && !month.isNull()) {
                if (!month.isIntegralNumber() || month.asInt() < 1 || month.asInt() > 12) {
                    throw new UserError(file + ": fiscal_year_start_month must be the number of the month the fiscal year starts in, from 1 (January) to 12");
                }
                fiscalStart = month.asInt();
            }
            return new Project(root.path("name").asText(abs.getFileName() == null ? "project" : abs.getFileName().toString()), abs, source,
                    abs.resolve(root.path("knowledge").asText("knowledge")).normalize(), root.path("demo").asBoolean(false), appStore, company, timeout,
                    fiscalStart);
        } catch (IOException e) {
            throw new UserError(file + ": not valid YAML: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** Replaces ${NAME} with the environment variable NAME, so that passwords stay out of almanac.yml. */
    static String expand(String value, Path file) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}").matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String v = System.getenv(m.group(1));
            if (v == null) throw new UserError(file + ": environment variable " + m.group(1) + " is not set");
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(v));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Writes the descriptor of the demo project into {@code dir}, unless one is there. */
    public static void writeDemo(Path dir) throws IOException {
        Path file = dir.resolve(Project.FILE);
        if (Files.exists(file)) return;
        Files.createDirectories(dir);
        Files.writeString(file, """
                # Almanac project: the generated Brightline demo company.
                name: Brightline demo
                company: Brightline
                demo: true
                source: %s
                knowledge: knowledge
                """.formatted(Project.DEMO_SOURCE), StandardCharsets.UTF_8);
    }
}
