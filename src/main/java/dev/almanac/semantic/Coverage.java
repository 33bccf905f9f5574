package dev.almanac.semantic;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.BitSet;

/**
 * The days a metric's data covers: the first and last day of its time dimension over its dataset. A period that reaches
 * into it is covered (a count with no rows there is 0; the first and last days hold rows, so a period partly covered has
 * its rows); a period wholly outside it is not (no data, never 0).
 *
 * <p>Where it was read, {@code days} is the census of a read's rows: bit {@code i} is set when day {@code first + i} holds
 * a row of the dataset that passes the read's own filters (null: not read). It tells a period that surely holds rows from
 * one that may not, so the time spine is not joined where it would add no row.
 */
public record Coverage(LocalDate first, LocalDate last, BitSet days) {
    public Coverage {
        days = days == null ? null : (BitSet) days.clone();
    }

    public Coverage(LocalDate first, LocalDate last) {
        this(first, last, null);
    }

    /** Whether some day of the period {@code [start, end)} lies within the data. */
    public boolean reaches(LocalDate start, LocalDate end) {
        return start.isBefore(last.plusDays(1)) && end.isAfter(first);
    }

    /** Whether the census says some day of {@code [start, end)} holds a row of the dataset; false when there is no census. */
    public boolean holdsRowsIn(LocalDate start, LocalDate end) {
        if (days == null || !reaches(start, end)) return false;
        long from = Math.max(0, ChronoUnit.DAYS.between(first, start));
        long to = Math.min(ChronoUnit.DAYS.between(first, last) + 1, ChronoUnit.DAYS.between(first, end));
        int set = days.nextSetBit((int) from);
        return set >= 0 && set < to;
    }

    /** The same range with the census of its days (the days with rows; those outside the range are ignored). */
    public Coverage withDays(Iterable<LocalDate> withRows) {
        BitSet census = new BitSet();
        long span = ChronoUnit.DAYS.between(first, last);
        for (LocalDate d : withRows) {
            long i = ChronoUnit.DAYS.between(first, d);
            if (i >= 0 && i <= span) census.set((int) i);
        }
        return new Coverage(first, last, census);
    }
}
