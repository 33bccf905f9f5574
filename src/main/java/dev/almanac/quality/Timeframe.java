package dev.almanac.quality;

import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.Locale;

/**
 * A period named in a question: [start, end) at a grain, with the words that named it.
 *
 * @param text the words of the question that named the period (to strip them when matching meaning)
 * @param description how the period is said back to the reader ("the 30 days to 22 Nov 2026"); null: from its dates
 */
public record Timeframe(LocalDate start, LocalDate end, Grain grain, String text, String description) {
    public enum Grain { DAY, MONTH, QUARTER, YEAR, RANGE }

    public Timeframe(LocalDate start, LocalDate end, Grain grain, String text) {
        this(start, end, grain, text, null);
    }

    /** The first day of the last month in the period: the month a point-in-time metric is read at. */
    public LocalDate lastMonth() {
        return end.minusDays(1).withDayOfMonth(1);
    }

    public String label() {
        return switch (grain) {
            case DAY -> start.toString();
            case MONTH -> start.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " " + start.getYear();
            case QUARTER -> "Q" + ((start.getMonthValue() - 1) / 3 + 1) + " " + start.getYear();
            case YEAR -> String.valueOf(start.getYear());
            case RANGE -> start + " to " + end.minusDays(1);
        };
    }

    /**
     * The period in short English, to restate what was read: "January to March 2026", "the 30 days to 22 Nov 2026",
     * "fiscal 2026 (Apr 2025 to Mar 2026)", "Q3 2026", "22 Nov 2026".
     */
    public String inWords() {
        if (description != null) return description;
        return switch (grain) {
            case DAY -> day(start);
            case MONTH, QUARTER, YEAR -> label();
            case RANGE -> between(start, end);
        };
    }

    /** The same period named by other words of the question. */
    public Timeframe withText(String words) {
        return new Timeframe(start, end, grain, words, description);
    }

    /** The same period said back in these words. */
    /** How a period that is the first day of another is described ("the start of 2026"): a moment, which not every measure has a value at. */
    public static final String START_OF = "the start of ";

    /** Whether this period is the first day of another, asked as its start ("headcount at the start of 2026"). */
    public boolean isStartOf() {
        return description != null && description.startsWith(START_OF);
    }

    public Timeframe describedAs(String words) {
        return new Timeframe(start, end, grain, text, words);
    }

    /** "22 Nov 2026". */
    static String day(LocalDate d) {
        return d.getDayOfMonth() + " " + FiscalYear.shortMonth(d) + " " + d.getYear();
    }

    /** [a, b) in words: whole years, whole months, or days. */
    static String between(LocalDate a, LocalDate b) {
        LocalDate last = b.minusDays(1);
        if (a.getDayOfYear() == 1 && b.getDayOfYear() == 1) {
            return b.getYear() - a.getYear() == 1 ? String.valueOf(a.getYear()) : a.getYear() + " to " + last.getYear();
        }
        if (a.getDayOfMonth() == 1 && b.getDayOfMonth() == 1) {
            String first = a.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
            String end = last.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " " + last.getYear();
            if (a.plusMonths(1).equals(b)) return end;
            return a.getYear() == last.getYear() ? first + " to " + end : first + " " + a.getYear() + " to " + end;
        }
        if (a.equals(last)) return day(a);
        if (a.getYear() != last.getYear()) return day(a) + " to " + day(last);
        if (a.getMonth() != last.getMonth()) return a.getDayOfMonth() + " " + FiscalYear.shortMonth(a) + " to " + day(last);
        return a.getDayOfMonth() + " to " + day(last);
    }
}
