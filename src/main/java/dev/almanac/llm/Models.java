package dev.almanac.llm;

import dev.almanac.AlmanacConfig;
import dev.almanac.UserError;
import dev.almanac.llm.langchain.Providers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Turns an {@code --llm} spec into a model: {@code openai:MODEL}, {@code anthropic:MODEL},
 * {@code ollama:MODEL}, {@code script:FILE} or {@code none}. Without a spec: the configured
 * {@code llm}, else the first provider whose key (or Ollama URL) is set, else none.
 */
public final class Models {
    public static final String DEFAULT_OPENAI = "gpt-4o-mini";
    public static final String DEFAULT_ANTHROPIC = "claude-3-5-haiku-latest";
    public static final String DEFAULT_OLLAMA = "llama3.1";

    private Models() {}

    /**
     * The model spec in effect: the one given, else the configured one, else the first provider whose key or address is set,
     * else "none".
     */
    public static String spec(String spec, AlmanacConfig config) {
        if (spec != null) return spec;
        if (config.get("llm") != null) return config.get("llm");
        if (config.get("openai_api_key") != null) return "openai:" + DEFAULT_OPENAI;
        if (config.get("anthropic_api_key") != null) return "anthropic:" + DEFAULT_ANTHROPIC;
        if (config.get("ollama_base_url") != null) return "ollama:" + DEFAULT_OLLAMA;
        return "none";
    }

    public static Optional<LanguageModel> create(String spec, AlmanacConfig config, Path baseDir) {
        String s = spec(spec, config);
        if (s.equals("none")) return Optional.empty();
        int colon = s.indexOf(':');
        if (colon <= 0 || colon == s.length() - 1) throw new UserError("invalid --llm '" + s + "': expected openai:MODEL, anthropic:MODEL, ollama:MODEL, script:FILE or none");
        String provider = s.substring(0, colon);
        String rest = s.substring(colon + 1);
        Duration timeout = Duration.ofSeconds(config.getInt("llm_timeout_seconds", 60));
        int retries = config.getInt("llm_max_retries", 3);
        return Optional.of(switch (provider) {
            case "openai" -> {
                if (config.get("openai_api_key") == null && config.get("openai_base_url") == null) {
                    throw new UserError("openai needs OPENAI_API_KEY (or `almanac config set openai_api_key ...`), or OPENAI_BASE_URL for a compatible server");
                }
                yield Providers.openAi(rest, config.get("openai_api_key"), config.get("openai_base_url"), timeout, retries);
            }
            case "anthropic" -> {
                if (config.get("anthropic_api_key") == null) throw new UserError("anthropic needs ANTHROPIC_API_KEY (or `almanac config set anthropic_api_key ...`)");
                yield Providers.anthropic(rest, config.get("anthropic_api_key"), config.get("anthropic_base_url"), timeout, retries);
            }
            case "ollama" -> Providers.ollama(rest, config.get("ollama_base_url"), timeout, retries);
            case "script" -> {
                Path file = Path.of(rest);
                yield ScriptedModel.load(file.isAbsolute() || baseDir == null ? file : baseDir.resolve(file));
            }
            default -> throw new UserError("unknown model provider '" + provider + "': use openai, anthropic, ollama, script or none");
        });
    }
}
