package dev.almanac.semantic;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The readings of questions already read, shared by the question parsers of one layer and day: a question read once (the
 * command's warm-up on another thread, the agent's own reading, a suggestion checked twice) is not read again, and a
 * question being read on another thread is waited for rather than read a second time. Only readings that do not depend
 * on the reader's state are kept ({@code keep}); at most {@link #KEPT}.
 */
final class Readings {
    static final int KEPT = 256;

    private record Reading(Thread reader, CompletableFuture<QuestionParser.Result> result) {}

    private final Map<String, Reading> readings = new ConcurrentHashMap<>();

    /** The reading of a question known already (read or being read on another thread), else {@code read}'s, kept when {@code keep} says so. */
    QuestionParser.Result of(String question, Supplier<QuestionParser.Result> read, Predicate<QuestionParser.Result> keep) {
        Reading known = readings.get(question);
        if (known == null && readings.size() >= KEPT) return read.get();
        Reading mine = new Reading(Thread.currentThread(), new CompletableFuture<>());
        if (known == null) known = readings.putIfAbsent(question, mine);
        if (known != null) {
            // read again inside its own reading (never wait for oneself), or after the other reader failed (met here as its own)
            if (!known.result().isDone() && known.reader() == Thread.currentThread()) return read.get();
            try {
                return known.result().join();
            } catch (CompletionException e) {
                return read.get();
            }
        }
        try {
            QuestionParser.Result r = read.get();
            mine.result().complete(r);
            if (!keep.test(r)) readings.remove(question, mine);
            return r;
        } catch (RuntimeException | Error e) {
            mine.result().completeExceptionally(e);
            readings.remove(question, mine);
            throw e;
        }
    }

    /** The reading of a question when it is known already and complete; null otherwise. */
    QuestionParser.Result known(String question) {
        Reading r = readings.get(question);
        return r == null ? null : r.result().getNow(null);
    }
}
