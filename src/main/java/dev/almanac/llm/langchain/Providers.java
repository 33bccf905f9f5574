package dev.almanac.llm.langchain;

import dev.almanac.llm.LanguageModel;
import dev.almanac.llm.Secrets;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import java.time.Duration;

/**
 * Builds the LangChain4j chat models behind the port, with provider retries off (the port retries) and the
 * configured key known to the adapter, so that what the provider sends back is scrubbed of it.
 */
public final class Providers {
    private Providers() {}

    public static LanguageModel openAi(String model, String apiKey, String baseUrl, Duration timeout, int retries) {
        OpenAiChatModel.OpenAiChatModelBuilder b = OpenAiChatModel.builder().modelName(model).apiKey(apiKey == null ? "none" : apiKey)
                .timeout(timeout).maxRetries(0);
        if (baseUrl != null) b.baseUrl(baseUrl);
        return new LangChainModel("openai:" + model, b.build(), Secrets.of(apiKey), retries, Duration.ofMillis(500));
    }

    public static LanguageModel anthropic(String model, String apiKey, String baseUrl, Duration timeout, int retries) {
        AnthropicChatModel.AnthropicChatModelBuilder b = AnthropicChatModel.builder().modelName(model).apiKey(apiKey).timeout(timeout)
                .maxRetries(0).maxTokens(4096);
        if (baseUrl != null) b.baseUrl(baseUrl);
        return new LangChainModel("anthropic:" + model, b.build(), Secrets.of(apiKey), retries, Duration.ofMillis(500));
    }

    public static LanguageModel ollama(String model, String baseUrl, Duration timeout, int retries) {
        OllamaChatModel chat = OllamaChatModel.builder().modelName(model).baseUrl(baseUrl == null ? "http://localhost:11434" : baseUrl)
                .timeout(timeout).maxRetries(0).build();
        return new LangChainModel("ollama:" + model, chat, Secrets.NONE, retries, Duration.ofMillis(500));
    }
}
