package dev.almanac;

import java.lang.management.ManagementFactory;

/**
 * Start-up phases of a command, written to standard error when {@code ALMANAC_TIMING=1} (or {@code -Dalmanac.timing=true}):
 * each line is a phase with its own milliseconds and the time since the JVM started. Off, it costs one boolean test.
 */
public final class Timing {
    private static final boolean ON = "1".equals(System.getenv("ALMANAC_TIMING")) || Boolean.getBoolean("almanac.timing");
    private static long last = -1;

    private Timing() {}

    /** Marks the end of a phase. */
    public static synchronized void phase(String name) {
        if (!ON) return;
        long now = System.currentTimeMillis();
        long start = ManagementFactory.getRuntimeMXBean().getStartTime();
        long since = last < 0 ? start : last;
        System.err.printf("[timing] %-28s %6d ms  (at %6d ms)%n", name, now - since, now - start);
        last = now;
    }
}
