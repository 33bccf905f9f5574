package dev.almanac.server;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Questions per user in a sliding minute. One question counts once however many model calls and
 * revisions it takes, because the limit is taken per request, not per call.
 */
final class RateLimiter {
    private final int perMinute;
    private final Map<String, Deque<Long>> windows = new ConcurrentHashMap<>();

    RateLimiter(int perMinute) {
        this.perMinute = perMinute;
    }

    /** 0 when the question may go ahead (and is counted), else the seconds to wait. */
    long acquire(String user, long nowMillis) {
        Deque<Long> w = windows.computeIfAbsent(user, u -> new ArrayDeque<>());
        synchronized (w) {
            while (!w.isEmpty() && w.peekFirst() <= nowMillis - 60_000) w.pollFirst();
            if (w.size() >= perMinute) return Math.max(1, (w.peekFirst() + 60_000 - nowMillis + 999) / 1000);
            w.addLast(nowMillis);
            return 0;
        }
    }
}
