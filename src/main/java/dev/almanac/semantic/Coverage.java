package dev.almanac.semantic;

import java.time.LocalDate;

/**
 * The days a metric's data covers: the first and last day of its time dimension over its dataset. A period that lies
 * wholly inside is covered (a count with no rows there is 0); a period wholly or partly outside is not (no data).
 */
public record Coverage(LocalDate first, LocalDate last) {
    /** Whether every day of the period {@code [start, end)} lies within the data. */
    public boolean covers(LocalDate start, LocalDate end) {
        return !start.isBefore(first) && !end.minusDays(1).isAfter(last);
    }
}
