package dev.almanac.demo;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Deterministic randomness for the demo: one stream per table group, seeded from a fixed seed and the
 * group's name, so that adding a table never changes another table's contents. Only integer
 * arithmetic and {@link StrictMath} are used, so the same scale gives the same data on every JVM.
 */
final class Rng {
    static final long SEED = 20_260_101L;

    private final SplittableRandom random;

    Rng(String stream) {
        long h = 1125899906842597L;
        for (int i = 0; i < stream.length(); i++) h = 31 * h + stream.charAt(i);
        this.random = new SplittableRandom(SEED ^ h);
    }

    /** Uniform in [from, to] inclusive. */
    int between(int from, int to) {
        return from + random.nextInt(to - from + 1);
    }

    long between(long from, long to) {
        return from + random.nextLong(to - from + 1);
    }

    double unit() {
        return random.nextDouble();
    }

    boolean chance(double p) {
        return random.nextDouble() < p;
    }

    <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    <T> T pick(T[] values) {
        return values[random.nextInt(values.length)];
    }

    /** An index drawn with the given relative weights. */
    int weighted(int... weights) {
        int total = 0;
        for (int w : weights) total += w;
        int r = random.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            r -= weights[i];
            if (r < 0) return i;
        }
        return weights.length - 1;
    }

    LocalDate date(LocalDate from, LocalDate to) {
        return from.plusDays(between(0L, ChronoUnit.DAYS.between(from, to)));
    }

    /** A day in [from, to], denser towards the end: the business grows (density rises linearly). */
    LocalDate growingDate(LocalDate from, LocalDate to) {
        long days = ChronoUnit.DAYS.between(from, to);
        return from.plusDays(Math.min(days, (long) (StrictMath.sqrt(random.nextDouble()) * (days + 1))));
    }

    LocalDateTime timeOn(LocalDate day) {
        // office-hours bias: two thirds of activity between 08:00 and 18:00
        int hour = chance(0.66) ? between(8, 17) : between(0, 23);
        return day.atTime(hour, between(0, 59), between(0, 59));
    }

    /** Whole months until an event with the given monthly probability happens (geometric distribution). */
    int monthsUntil(double monthlyProbability) {
        double u = 1.0 - random.nextDouble();
        return (int) Math.min(1000, StrictMath.floor(StrictMath.log(u) / StrictMath.log(1.0 - monthlyProbability)));
    }
}
