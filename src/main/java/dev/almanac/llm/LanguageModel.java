package dev.almanac.llm;

import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The port to a language model. {@link #chat} does the cross-cutting work: bounded retries with
 * exponential backoff on retriable failures, timing, logging and token counting; each provider
 * implements {@link #doChat} only. Keys never reach a log line.
 */
public abstract class LanguageModel {
    private static final Logger LOG = LoggerFactory.getLogger(LanguageModel.class);

    private final int maxRetries;
    private final Duration firstBackoff;

    protected LanguageModel(int maxRetries, Duration firstBackoff) {
        this.maxRetries = maxRetries;
        this.firstBackoff = firstBackoff;
    }

    /** A short description such as "openai:gpt-4o-mini", for answers and logs. */
    public abstract String name();

    protected abstract ModelReply doChat(List<ChatMessage> messages, List<ToolSpec> tools);

    public final ModelReply chat(List<ChatMessage> messages, List<ToolSpec> tools) {
        int attempt = 0;
        while (true) {
            long start = System.nanoTime();
            try {
                ModelReply reply = doChat(messages, tools);
                TokenUsage u = reply.usage();
                LOG.debug("{} replied in {} ms ({} prompt, {} completion tokens, {} tool calls)", name(),
                        (System.nanoTime() - start) / 1_000_000, u.promptTokens(), u.completionTokens(), reply.toolCalls().size());
                return new ModelReply(reply.text(), reply.toolCalls(), new TokenUsage(1, u.promptTokens(), u.completionTokens()));
            } catch (LlmException e) {
                if (!e.retriable() || attempt >= maxRetries) throw e;
                long wait = firstBackoff.toMillis() << attempt;
                LOG.warn("{}: {}; retry {} of {} in {} ms", name(), e.getMessage(), attempt + 1, maxRetries, wait);
                sleep(wait);
                attempt++;
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LlmException("interrupted while waiting to retry", false, e);
        }
    }
}
