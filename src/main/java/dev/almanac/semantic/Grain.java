package dev.almanac.semantic;

import dev.almanac.UserError;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** A time grain, finest first. Weeks start on Monday (ISO). */
public enum Grain {
    DAY, WEEK, MONTH, QUARTER, YEAR;

    @com.fasterxml.jackson.annotation.JsonCreator
    public static Grain parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        for (Grain g : values()) {
            if (g.label().equals(t) || (g.label() + "s").equals(t)) return g;
        }
        switch (t) {
            case "daily": return DAY;
            case "weekly": return WEEK;
            case "monthly": return MONTH;
            case "quarterly": return QUARTER;
            case "yearly", "annual", "annually": return YEAR;
            default: throw new UserError("unknown grain '" + text + "'; grains: "
                    + Arrays.stream(values()).map(Grain::label).collect(Collectors.joining(", ")));
        }
    }

    @com.fasterxml.jackson.annotation.JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a bucket of this grain is a whole number of buckets of {@code finer} (a week is not made of months). */
    public boolean isMultipleOf(Grain finer) {
        if (this == finer || finer == DAY) return true;
        if (this == WEEK || finer == WEEK) return false;
        return ordinal() > finer.ordinal();
    }

    /** The first day of the bucket that holds {@code day}. */
    public LocalDate start(LocalDate day) {
        return switch (this) {
            case DAY -> day;
            case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MONTH -> day.withDayOfMonth(1);
            case QUARTER -> LocalDate.of(day.getYear(), (day.getMonthValue() - 1) / 3 * 3 + 1, 1);
            case YEAR -> LocalDate.of(day.getYear(), 1, 1);
        };
    }

    public LocalDate next(LocalDate bucketStart) {
        return switch (this) {
            case DAY -> bucketStart.plusDays(1);
            case WEEK -> bucketStart.plusWeeks(1);
            case MONTH -> bucketStart.plusMonths(1);
            case QUARTER -> bucketStart.plusMonths(3);
            case YEAR -> bucketStart.plusYears(1);
        };
    }
}
