package dev.almanac.semantic;

import dev.almanac.UserError;
import java.time.LocalDate;
import java.time.Period;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shift to an earlier period ("1 month", "1 year", "7 days"): an offset metric's value for a bucket
 * is the metric's value one offset earlier. Months are kept as months, so a month-end stays a month-end.
 */
public record Offset(int months, int days) {
    public static final Offset NONE = new Offset(0, 0);
    private static final Pattern TEXT = Pattern.compile("(\\d+)\\s*(day|week|month|quarter|year)s?");

    public static Offset parse(String text) {
        Matcher m = TEXT.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) throw new UserError("an offset is written like '1 month', '1 quarter', '1 year', '7 days'; got '" + text + "'");
        int n = Integer.parseInt(m.group(1));
        return switch (m.group(2)) {
            case "day" -> new Offset(0, n);
            case "week" -> new Offset(0, 7 * n);
            case "month" -> new Offset(n, 0);
            case "quarter" -> new Offset(3 * n, 0);
            default -> new Offset(12 * n, 0);
        };
    }

    /** The offset that moves {@code earlier} onto {@code later}: whole months when both are the same day of a month. */
    public static Offset between(LocalDate earlier, LocalDate later) {
        if (earlier.getDayOfMonth() == later.getDayOfMonth()) {
            Period p = Period.between(earlier, later);
            return new Offset((int) p.toTotalMonths(), 0);
        }
        return new Offset(0, (int) (later.toEpochDay() - earlier.toEpochDay()));
    }

    public boolean isNone() {
        return months == 0 && days == 0;
    }

    public Offset plus(Offset other) {
        return new Offset(months + other.months, days + other.days);
    }

    /** {@code day} moved back by this offset. */
    public LocalDate before(LocalDate day) {
        return day.minusMonths(months).minusDays(days);
    }

    @Override
    public String toString() {
        if (isNone()) return "none";
        String m = months == 0 ? "" : months + (months == 1 ? " month" : " months");
        String d = days == 0 ? "" : days + (days == 1 ? " day" : " days");
        return (m + " " + d).strip();
    }
}
