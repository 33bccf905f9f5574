package dev.almanac.semantic;

import java.time.LocalDate;

/**
 * The days a metric's data covers: the first and last day of its time dimension over its dataset. A period that reaches
 * into it is covered (a count with no rows there is 0; the first and last days hold rows, so a period partly covered has
 * its rows); a period wholly outside it is not (no data, never 0).
 */
public record Coverage(LocalDate first, LocalDate last) {
    /** Whether some day of the period {@code [start, end)} lies within the data. */
    public boolean reaches(LocalDate start, LocalDate end) {
        return start.isBefore(last.plusDays(1)) && end.isAfter(first);
    }
}
