package dev.almanac.sql;

import java.time.Duration;

/** Resource limits every query runs under. */
public record QueryLimits(Duration timeout, int maxRows) {
    public static final QueryLimits DEFAULT = new QueryLimits(Duration.ofSeconds(30), 1000);

    public QueryLimits {
        if (timeout.isNegative() || timeout.isZero()) throw new IllegalArgumentException("timeout must be positive");
        if (maxRows < 1) throw new IllegalArgumentException("row cap must be at least 1");
    }
}
