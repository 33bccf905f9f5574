package dev.almanac.quality;

import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.Locale;

/**
 * The project's fiscal year: the month it starts in ({@code fiscal_year_start_month:} in almanac.yml, 1 to 12). A fiscal
 * year is named by the calendar year it ends in, as most companies name it: with April as its first month, FY2026 runs
 * from April 2025 to March 2026. Starting in January (the default, {@link #CALENDAR}), a fiscal year is the calendar
 * year and a fiscal quarter the calendar quarter.
 */
public record FiscalYear(int startMonth) {
    public static final FiscalYear CALENDAR = new FiscalYear(1);

    /** The project's fiscal year; the calendar year without a project. */
    public static FiscalYear of(dev.almanac.store.Project project) {
        return project == null ? CALENDAR : new FiscalYear(project.fiscalYearStartMonth());
    }

    public FiscalYear {
        if (startMonth < 1 || startMonth > 12) throw new IllegalArgumentException("a fiscal year starts in a month from 1 to 12, not " + startMonth);
    }

    public boolean calendar() {
        return startMonth == 1;
    }

    /** The first day of fiscal year {@code fy} (the one ending in calendar year fy). */
    public LocalDate start(int fy) {
        return calendar() ? LocalDate.of(fy, 1, 1) : LocalDate.of(fy - 1, startMonth, 1);
    }

    /** The fiscal year a day falls in. */
    public int yearOf(LocalDate day) {
        return calendar() || day.getMonthValue() < startMonth ? day.getYear() : day.getYear() + 1;
    }

    /** The first day of the fiscal quarter a day falls in. */
    public LocalDate quarterStart(LocalDate day) {
        int into = Math.floorMod(day.getMonthValue() - startMonth, 12);
        return day.withDayOfMonth(1).minusMonths(into % 3);
    }

    /** The first day of quarter {@code q} (1 to 4) of fiscal year {@code fy}. */
    public LocalDate quarterStart(int fy, int q) {
        return start(fy).plusMonths(3L * (q - 1));
    }

    /** Fiscal quarters that are calendar quarters too (the year starts in January, April, July or October). */
    public boolean quartersAreCalendarQuarters() {
        return (startMonth - 1) % 3 == 0;
    }

    /** "fiscal 2026 (Apr 2025 to Mar 2026)"; "2026" for the calendar year. */
    public String yearInWords(int fy) {
        if (calendar()) return String.valueOf(fy);
        LocalDate a = start(fy);
        return "fiscal " + fy + " (" + shortMonth(a) + " " + a.getYear() + " to " + shortMonth(a.plusMonths(11)) + " " + a.plusMonths(11).getYear() + ")";
    }

    static String shortMonth(LocalDate d) {
        return d.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH);
    }
}
