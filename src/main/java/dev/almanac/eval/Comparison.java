package dev.almanac.eval;

import java.util.Locale;

/**
 * How an actual result is compared with an expected one (docs/EVALS.md has the precise semantics).
 * {@code REFUSED} is for questions the data cannot answer: the agent must ask back or decline, with no data.
 */
public enum Comparison {
    EXACT, APPROXIMATE, ROW_COUNT, CONTAINS, STRUCTURE, REFUSED;

    public static Comparison of(String name) {
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new dev.almanac.UserError("unknown comparison '" + name + "': use exact, approximate, row_count, contains, structure or refused");
        }
    }
}
