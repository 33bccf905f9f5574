package dev.almanac;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Settings loaded once, from the environment first and then {@code ~/.almanac/config.yml}, and
 * passed in. Keys are held here and handed to the provider; {@link #shown()} masks them, and nothing
 * else prints this object.
 */
public final class AlmanacConfig {
    /** Setting names as written in config.yml, with the environment variable that overrides each. */
    public static final Map<String, String> KEYS = Map.ofEntries(
            Map.entry("llm", "ALMANAC_LLM"),
            Map.entry("openai_api_key", "OPENAI_API_KEY"), Map.entry("openai_base_url", "OPENAI_BASE_URL"),
            Map.entry("anthropic_api_key", "ANTHROPIC_API_KEY"), Map.entry("anthropic_base_url", "ANTHROPIC_BASE_URL"),
            Map.entry("ollama_base_url", "OLLAMA_BASE_URL"),
            Map.entry("agent_max_iterations", "AGENT_MAX_ITERATIONS"), Map.entry("agent_max_tool_calls", "AGENT_MAX_TOOL_CALLS"),
            Map.entry("agent_max_seconds", "AGENT_MAX_SECONDS"), Map.entry("llm_timeout_seconds", "LLM_TIMEOUT_SECONDS"),
            Map.entry("llm_max_retries", "LLM_MAX_RETRIES"), Map.entry("dq_panel", "ALMANAC_DQ_PANEL"),
            Map.entry("questions_per_minute", "ALMANAC_QUESTIONS_PER_MINUTE"), Map.entry("semantic_parse", "ALMANAC_SEMANTIC_PARSE"),
            Map.entry("duckdb_memory_limit", "ALMANAC_DUCKDB_MEMORY_LIMIT"), Map.entry("duckdb_max_temp_size", "ALMANAC_DUCKDB_MAX_TEMP_SIZE"),
            Map.entry("duckdb_temp_directory", "ALMANAC_DUCKDB_TEMP_DIRECTORY"),
            Map.entry("exports_per_user", "ALMANAC_EXPORTS_PER_USER"), Map.entry("exports_total", "ALMANAC_EXPORTS_TOTAL"),
            Map.entry("export_disk_budget", "ALMANAC_EXPORT_DISK_BUDGET"), Map.entry("now", "ALMANAC_NOW"));
    private static final Set<String> SECRET = Set.of("openai_api_key", "anthropic_api_key");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Map<String, String> values;
    private final Path file;

    private AlmanacConfig(Map<String, String> values, Path file) {
        this.values = values;
        this.file = file;
    }

    public static AlmanacConfig load(Path file, Map<String, String> env) {
        Map<String, String> values = new LinkedHashMap<>();
        if (file != null && Files.isRegularFile(file)) {
            try {
                JsonNode root = YAML.readTree(file.toFile());
                if (root != null) root.fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
            } catch (IOException e) {
                throw new UserError(file + ": not valid YAML: " + e.getMessage().lines().findFirst().orElse(""));
            }
        }
        KEYS.forEach((key, var) -> {
            String v = env.get(var);
            if (v != null && !v.isBlank()) values.put(key, v);
        });
        return new AlmanacConfig(values, file);
    }

    public String get(String key) {
        String v = values.get(key);
        return v == null || v.isBlank() ? null : v;
    }

    public int getInt(String key, int fallback) {
        String v = get(key);
        if (v == null) return fallback;
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw new UserError("setting " + key + " must be a whole number, not '" + v + "'");
        }
    }

    public boolean getBoolean(String key, boolean fallback) {
        String v = get(key);
        if (v == null) return fallback;
        return switch (v.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw new UserError("setting " + key + " must be true or false, not '" + v + "'");
        };
    }

    /** The settings with secrets masked: safe to print. */
    public Map<String, String> shown() {
        Map<String, String> out = new TreeMap<>();
        values.forEach((k, v) -> out.put(k, SECRET.contains(k) ? mask(v) : v));
        return out;
    }

    static String mask(String secret) {
        return secret == null || secret.isBlank() ? "" : "****" + (secret.length() > 8 ? secret.substring(secret.length() - 4) : "");
    }

    /** Writes one setting to the config file (owner-readable only), keeping the others. */
    public static void set(Path file, String key, String value) {
        if (!KEYS.containsKey(key)) throw new UserError("unknown setting '" + key + "'; known: " + String.join(", ", new TreeMap<>(KEYS).keySet()));
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            ObjectNode root = Files.isRegularFile(file) && YAML.readTree(file.toFile()) instanceof ObjectNode o ? o : YAML.createObjectNode();
            root.put(key, value);
            Files.writeString(file, YAML.writeValueAsString(root));
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException ignored) {
                // not a POSIX file system
            }
        } catch (IOException e) {
            throw new UserError("cannot write " + file + ": " + e.getMessage());
        }
    }

    public Path file() {
        return file;
    }

    @Override
    public String toString() {
        return "AlmanacConfig" + shown();
    }
}
