package dev.almanac;

import java.lang.management.ManagementFactory;

/**
 * Start-up phases of a command, written to standard error when {@code ALMANAC_TIMING=1} (or {@code -Dalmanac.timing=true}):
 * each line is a phase with its own milliseconds (since the end of the thread's last phase) and the time since the JVM
 * started, and the thread's name when it is not the main one. Off, it costs one boolean test.
 */
public final class Timing {
    private static final boolean ON = "1".equals(System.getenv("ALMANAC_TIMING")) || Boolean.getBoolean("almanac.timing");
    private static final ThreadLocal<Long> LAST = ThreadLocal.withInitial(() -> -1L);

    private Timing() {}

    /** Marks the start of this thread's first phase (a thread other than the main one). */
    public static void begin() {
        if (ON) LAST.set(System.currentTimeMillis());
    }

    /** Marks the end of a phase. */
    public static synchronized void phase(String name) {
        if (!ON) return;
        long now = System.currentTimeMillis();
        long start = ManagementFactory.getRuntimeMXBean().getStartTime();
        long last = LAST.get();
        long since = last < 0 ? start : last;
        String thread = Thread.currentThread().getName();
        System.err.printf("[timing] %-28s %6d ms  (at %6d ms)%s%n", name, now - since, now - start, "main".equals(thread) ? "" : "  [" + thread + "]");
        LAST.set(now);
    }
}
