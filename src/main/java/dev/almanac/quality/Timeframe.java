package dev.almanac.quality;

import java.time.LocalDate;

/**
 * A period named in a question: [start, end) at a grain, with the words that named it.
 *
 * @param text the words of the question that named the period (to strip them when matching meaning)
 */
public record Timeframe(LocalDate start, LocalDate end, Grain grain, String text) {
    public enum Grain { DAY, MONTH, QUARTER, YEAR, RANGE }

    /** The first day of the last month in the period: the month a point-in-time metric is read at. */
    public LocalDate lastMonth() {
        return end.minusDays(1).withDayOfMonth(1);
    }

    public String label() {
        return switch (grain) {
            case DAY -> start.toString();
            case MONTH -> start.getMonth().getDisplayName(java.time.format.TextStyle.FULL, java.util.Locale.ENGLISH) + " " + start.getYear();
            case QUARTER -> "Q" + ((start.getMonthValue() - 1) / 3 + 1) + " " + start.getYear();
            case YEAR -> String.valueOf(start.getYear());
            case RANGE -> start + " to " + end.minusDays(1);
        };
    }
}
