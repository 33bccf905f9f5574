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
        return chat(messages, tools, null);
    }

    /**
     * As {@link #chat(List, List)}, within a deadline (null for none): an attempt that has no reply when the deadline
     * passes is abandoned, and no retry starts that could not end before it. A provider that hangs costs the turn its
     * remaining time, never the sum of every attempt's timeout.
     */
    public final ModelReply chat(List<ChatMessage> messages, List<ToolSpec> tools, java.time.Instant deadline) {
        int attempt = 0;
        while (true) {
            long start = System.nanoTime();
            try {
                ModelReply reply = deadline == null ? doChat(messages, tools) : within(deadline, () -> doChat(messages, tools));
                TokenUsage u = reply.usage();
                LOG.debug("{} replied in {} ms ({} prompt, {} completion tokens, {} tool calls)", name(),
                        (System.nanoTime() - start) / 1_000_000, u.promptTokens(), u.completionTokens(), reply.toolCalls().size());
                return new ModelReply(reply.text(), reply.toolCalls(), new TokenUsage(1, u.promptTokens(), u.completionTokens()));
            } catch (LlmException e) {
                if (!e.retriable() || attempt >= maxRetries) throw e;
                long wait = firstBackoff.toMillis() << attempt;
                if (deadline != null && java.time.Instant.now().plusMillis(wait).isAfter(deadline)) throw e; // no time left for another try
                LOG.warn("{}: {}; retry {} of {} in {} ms", name(), e.getMessage(), attempt + 1, maxRetries, wait);
                sleep(wait);
                attempt++;
            }
        }
    }

    /** Threads that wait for a provider's reply on behalf of a turn with a deadline (daemon: a hung call never holds the JVM). */
    private static final java.util.concurrent.ExecutorService CALLS = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "almanac-model-call");
        t.setDaemon(true);
        return t;
    });

    private ModelReply within(java.time.Instant deadline, java.util.concurrent.Callable<ModelReply> call) {
        long left = java.time.Duration.between(java.time.Instant.now(), deadline).toMillis();
        if (left <= 0) throw new LlmException("the turn's time budget ran out before " + name() + " was asked", false, null);
        java.util.concurrent.Future<ModelReply> reply = CALLS.submit(call);
        try {
            return reply.get(left, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            reply.cancel(true);
            throw new LlmException(name() + " did not reply within the turn's time budget", false, null);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof LlmException l) throw l;
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new LlmException(name() + " failed: " + e.getCause(), false, e.getCause());
        } catch (InterruptedException e) {
            reply.cancel(true);
            Thread.currentThread().interrupt();
            throw new LlmException("interrupted while waiting for " + name(), false, e);
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
