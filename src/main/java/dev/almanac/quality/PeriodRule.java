package dev.almanac.quality;

import static dev.almanac.quality.PeriodContext.monthNumber;
import static dev.almanac.quality.PeriodContext.number;
import static dev.almanac.quality.PeriodContext.ordinalNumber;
import static dev.almanac.quality.PeriodContext.quarterStart;
import static dev.almanac.quality.PeriodContext.yearNumber;
import static dev.almanac.quality.PeriodPatterns.DASH;
import static dev.almanac.quality.PeriodPatterns.FY;
import static dev.almanac.quality.PeriodPatterns.LAST_OR_THIS;
import static dev.almanac.quality.PeriodPatterns.MONTH;
import static dev.almanac.quality.PeriodPatterns.MONTH_ALONE;
import static dev.almanac.quality.PeriodPatterns.ORDINAL;
import static dev.almanac.quality.PeriodPatterns.TO;
import static dev.almanac.quality.PeriodPatterns.WEEKDAY;
import static dev.almanac.quality.PeriodPatterns.YEAR;

import dev.almanac.quality.Timeframe.Grain;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules that read a period, in the order they are tried (the first rule with a reading wins, so a longer phrase's
 * rule comes before the rules for its parts). Each rule is a name, a pattern, how a match becomes a period against
 * today, and the phrases it must read: its corpus, written {@code "phrase => start..end GRAIN"} (end exclusive) for
 * today = 2026-11-22 (a Sunday); {@code "fy4: ..."} reads with a fiscal year starting in April. The corpus is the test
 * ({@code TimeframeParserTest}). A rule marked {@code yearless} reads a month, quarter or half written without its year
 * against today (the latest one that has begun), and only when the question writes no year anywhere: in "Q1 and Q2
 * 2025" the reader cannot know whether 2025 is Q1's year too, so "Q1" is left unread (a loose period word).
 */
enum PeriodRule {
    DATE_RANGE("\\b(?:between|from)\\s+(\\d{4}-\\d{2}-\\d{2})\\s+(?:and|to|until)\\s+(\\d{4}-\\d{2}-\\d{2})\\b",
            (m, c) -> range(LocalDate.parse(m.group(1)), LocalDate.parse(m.group(2)).plusDays(1)),
            "between 2023-01-05 and 2023-02-10 => 2023-01-05..2023-02-11 RANGE",
            "loans from 2026-03-01 to 2026-03-15 => 2026-03-01..2026-03-16 RANGE"),

    /**
     * "the first 6 months of 2026", "the last 3 months of last year", "the first two weeks of the month": the first or last
     * days, weeks, months or quarters of a period the rules read (the current year, quarter or month when it is "the year").
     */
    FIRST_N_OF("\\b(?:the\\s+)?(first|last|final)\\s+" + PeriodContext.NUMBER + "\\s+(day|week|month|quarter)s?\\s+of\\s+(" + PeriodPatterns.PART_OF
            + ")", (m, c) -> {
        Timeframe whole = anchor(c, m.group(4).replaceFirst("(?i)^the\\s+(year|quarter|month)$", "this $1"));
        int n = number(m.group(2));
        if (whole == null || n < 1) return null;
        boolean first = m.group(1).equalsIgnoreCase("first");
        LocalDate start = first ? whole.start() : minus(whole.end(), n, m.group(3));
        LocalDate end = first ? plus(whole.start(), n, m.group(3)) : whole.end();
        // the part is shorter than the whole: "the first 12 months of 2025" is the year, said so, and "the first 13" no part of it
        if (start.isBefore(whole.start()) || end.isAfter(whole.end()) || !start.isBefore(end)) return null;
        return range(start, end).describedAs("the " + m.group(1).toLowerCase(Locale.ROOT) + " " + n + " " + m.group(3).toLowerCase(Locale.ROOT)
                + (n == 1 ? "" : "s") + " of " + whole.inWords() + " (" + Timeframe.between(start, end) + ")");
    },
            "arrivals in the first 6 months of 2026 => 2026-01-01..2026-07-01 RANGE",
            "the first six months of this year => 2026-01-01..2026-07-01 RANGE",
            "the first 6 months of the year => 2026-01-01..2026-07-01 RANGE",
            "the last 3 months of last year => 2025-10-01..2026-01-01 RANGE",
            "the first 10 days of March 2026 => 2026-03-01..2026-03-11 RANGE",
            "the first two weeks of the month => 2026-11-01..2026-11-15 RANGE",
            "the final 2 months of Q3 2025 => 2025-08-01..2025-10-01 RANGE",
            "fy4: the first 2 quarters of FY2026 => 2025-04-01..2025-10-01 RANGE"),

    /**
     * "readers at the start of 2026", "members at the beginning of September": a value at the moment a period begins, its
     * first day, said so ("the start of 2026"): which kept value that is (a count taken on the first day, or at the end of the
     * period before) is for the reader of the measure to know or to refuse.
     */
    AT_START_OF("(?<!\\b(?:since|from|until|till|by|after|before)\\s(?:the\\s)?)\\b(?:(?:at|as\\s+of|on)\\s+)?(?:the\\s+)?(?:start|beginning)\\s+of\\s+(" + PeriodPatterns.PART_OF + ")", (m, c) -> {
        Timeframe t = anchor(c, m.group(1).replaceFirst("(?i)^the\\s+(year|quarter|month)$", "this $1"));
        return t == null ? null : day(t.start()).describedAs(Timeframe.START_OF + t.inWords());
    },
            "readers at the start of 2026 => 2026-01-01..2026-01-02 DAY",
            "members at the beginning of the year => 2026-01-01..2026-01-02 DAY",
            "balance at the start of March 2026 => 2026-03-01..2026-03-02 DAY",
            "readers as of the beginning of last quarter => 2026-07-01..2026-07-02 DAY",
            "rainfall at start of sept => 2026-09-01..2026-09-02 DAY"),

    FISCAL_QUARTER_OF_YEAR("\\b(?:fiscal\\s+)?q([1-4])\\s*(?:of\\s+)?(?:fy\\s?" + FY + "|fiscal\\s+(?:year\\s+)?" + YEAR + ")\\b",
            (m, c) -> fiscalQuarter(c, c.fiscal().quarterStart(yearNumber(m.group(2) != null ? m.group(2) : m.group(3)), Integer.parseInt(m.group(1)))),
            "fy4: rainfall in Q2 FY2026 => 2025-07-01..2025-10-01 QUARTER",
            "fy4: Q1 of fiscal 2026 => 2025-04-01..2025-07-01 QUARTER",
            "fy2: Q1 FY26 => 2025-02-01..2025-05-01 RANGE",
            "Q2 FY2026 => 2026-04-01..2026-07-01 QUARTER"),

    FISCAL_YEAR_QUARTER("\\b(?:fy\\s?" + FY + "|fiscal\\s+(?:year\\s+)?" + YEAR + ")\\s*-?\\s*q([1-4])\\b",
            (m, c) -> fiscalQuarter(c, c.fiscal().quarterStart(yearNumber(m.group(1) != null ? m.group(1) : m.group(2)), Integer.parseInt(m.group(3)))),
            "fy4: FY26 Q3 => 2025-10-01..2026-01-01 QUARTER",
            "fy4: fiscal 2027 Q2 => 2026-07-01..2026-10-01 QUARTER"),

    FISCAL_TO_DATE("\\b(?:fiscal\\s+(?:ytd|year[- ]to[- ]date)|fytd|fiscal\\s+(qtd|quarter[- ]to[- ]date))\\b",
            (m, c) -> toDate(c, m.group(1) != null ? c.fiscal().quarterStart(c.today()) : c.fiscal().start(c.fiscal().yearOf(c.today()))),
            "fy4: fiscal YTD => 2026-04-01..2026-11-23 RANGE",
            "fy2: fiscal QTD => 2026-11-01..2026-11-23 RANGE",
            "fiscal year to date => 2026-01-01..2026-11-23 RANGE"),

    FISCAL_YEAR("\\b(?:fy\\s?" + FY + "|fiscal\\s+(?:year\\s+)?" + YEAR + ")\\b",
            (m, c) -> fiscalYear(c, yearNumber(m.group(1) != null ? m.group(1) : m.group(2))),
            "fy4: FY2026 => 2025-04-01..2026-04-01 RANGE",
            "fy4: rainfall in fiscal 2026 => 2025-04-01..2026-04-01 RANGE",
            "fy4: FY26 => 2025-04-01..2026-04-01 RANGE",
            "fy7: fiscal year 2025 => 2024-07-01..2025-07-01 RANGE",
            "FY2026 => 2026-01-01..2027-01-01 YEAR"),

    FISCAL_RELATIVE("\\b(?:the\\s+)?" + LAST_OR_THIS + "\\s+fiscal\\s+(year|quarter)\\b", (m, c) -> {
        boolean previous = previous(m.group(1));
        if (m.group(2).equalsIgnoreCase("year")) return fiscalYear(c, c.fiscal().yearOf(c.today()) - (previous ? 1 : 0));
        return fiscalQuarter(c, c.fiscal().quarterStart(c.today()).minusMonths(previous ? 3 : 0));
    },
            "fy4: this fiscal year => 2026-04-01..2027-04-01 RANGE",
            "fy4: last fiscal year => 2025-04-01..2026-04-01 RANGE",
            "fy4: last fiscal quarter => 2026-07-01..2026-10-01 QUARTER",
            "fy2: last fiscal quarter => 2026-08-01..2026-11-01 RANGE",
            "this fiscal year => 2026-01-01..2027-01-01 YEAR",
            "last fiscal quarter => 2026-07-01..2026-10-01 QUARTER"),

    SINCE("\\bsince\\s+(?:the\\s+(?:start|beginning)\\s+of\\s+)?((?:the\\s+)?(?:last|previous|this)\\s+(?:year|quarter|month|week)|the\\s+(?:year|quarter|month)"
            + "|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+" + MONTH + ",?\\s+" + YEAR + "|" + MONTH + "\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+" + YEAR
            + "|(?:q[1-4]|h[12])(?:\\s+" + YEAR + ")?|" + MONTH + "\\s+" + YEAR + "|" + MONTH_ALONE + "\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?!\\s*,?\\s*'?\\d)"
            + "|" + MONTH_ALONE + "(?!\\s*\\d)|(?:19|20)\\d{2}\\b(?!-)|yesterday|last\\s+" + WEEKDAY
            + ")", (m, c) -> {
        String anchor = m.group(1).replaceFirst("(?i)^the\\s+(year|quarter|month)$", "this $1");
        Timeframe from = anchor(c, anchor);
        return from == null || !from.start().isBefore(c.tomorrow()) ? null : range(from.start(), c.tomorrow());
    },
            "readers since 2024 => 2024-01-01..2026-11-23 RANGE",
            "arrivals since March => 2026-03-01..2026-11-23 RANGE",
            "since December => 2025-12-01..2026-11-23 RANGE",
            "since March 2025 => 2025-03-01..2026-11-23 RANGE",
            "since last year => 2025-01-01..2026-11-23 RANGE",
            "since Q2 => 2026-04-01..2026-11-23 RANGE",
            "since the start of the quarter => 2026-10-01..2026-11-23 RANGE",
            "since the beginning of last quarter => 2026-07-01..2026-11-23 RANGE",
            "loans since 2026-03-15 => 2026-03-15..2026-11-23 RANGE",
            "since March 15, 2026 => 2026-03-15..2026-11-23 RANGE",
            "since 1 June 2026 => 2026-06-01..2026-11-23 RANGE",
            "since jan 1 => 2026-01-01..2026-11-23 RANGE"),

    /** "after 2024", "after June 2025", "after Q1": from the end of the period named to today. */
    AFTER("\\bafter\\s+((?:the\\s+)?(?:last|previous|this)\\s+(?:year|quarter|month|week)"
            + "|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+" + MONTH + ",?\\s+" + YEAR + "|" + MONTH + "\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+" + YEAR
            + "|(?:q[1-4]|h[12])(?:\\s+" + YEAR + ")?|" + MONTH + "\\s+" + YEAR + "|" + MONTH_ALONE + "(?!\\s*\\d)|(?:19|20)\\d{2}\\b(?!-))", (m, c) -> {
        Timeframe after = anchor(c, m.group(1));
        return after == null || !after.end().isBefore(c.tomorrow()) ? null : range(after.end(), c.tomorrow());
    },
            "arrivals after 2024 => 2025-01-01..2026-11-23 RANGE",
            "after June 2025 => 2025-07-01..2026-11-23 RANGE",
            "after Q1 => 2026-04-01..2026-11-23 RANGE",
            "arrivals after 2026-03-15 => 2026-03-16..2026-11-23 RANGE"),

    MONTH_RANGE("\\b(?:between|from)\\s+" + MONTH + "(?:\\s+" + YEAR + ")?\\s+(?:and|" + TO + ")\\s+" + MONTH + "\\s+" + YEAR + "\\b",
            (m, c) -> months(m.group(1), m.group(2), m.group(3), yearNumber(m.group(4))),
            "rainfall between March and June 2023 => 2023-03-01..2023-07-01 RANGE",
            "from November 2024 to February 2025 => 2024-11-01..2025-03-01 RANGE",
            "between November and February 2025 => 2024-11-01..2025-03-01 RANGE",
            "from Jan to Mar 2026 => 2026-01-01..2026-04-01 RANGE"),

    MONTH_SPAN("\\b" + MONTH + "(?:\\s+" + YEAR + ")?(?:" + DASH + "|\\s+" + TO + "\\s+)" + MONTH + "\\s+" + YEAR + "\\b",
            (m, c) -> months(m.group(1), m.group(2), m.group(3), yearNumber(m.group(4))),
            "Jan-Mar 2026 => 2026-01-01..2026-04-01 RANGE",
            "January to March 2026 => 2026-01-01..2026-04-01 RANGE",
            "Nov 2025 - Feb 2026 => 2025-11-01..2026-03-01 RANGE"),

    QUARTER_RANGE("\\b(?:between\\s+q([1-4])(?:\\s+" + YEAR + ")?\\s+and\\s+|(?:from\\s+)?q([1-4])(?:\\s+" + YEAR + ")?(?:" + DASH + "|\\s+" + TO + "\\s+))"
            + "q([1-4])(?:\\s+" + YEAR + ")?\\b", (m, c) -> {
        int qa = Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(3));
        String ya = m.group(1) != null ? m.group(2) : m.group(4);
        int qb = Integer.parseInt(m.group(5));
        Integer yb = m.group(6) == null ? null : yearNumber(m.group(6));
        if (yb == null) { // "Q1 to Q3": the latest such range whose last quarter has begun
            if (ya != null || c.namesYear()) return null;
            yb = c.today().getYear() - (LocalDate.of(c.today().getYear(), 3 * qb - 2, 1).isAfter(c.today()) ? 1 : 0);
        }
        int first = ya != null ? yearNumber(ya) : qa <= qb ? yb : yb - 1;
        LocalDate a = LocalDate.of(first, 3 * qa - 2, 1);
        LocalDate b = LocalDate.of(yb, 3 * qb - 2, 1).plusMonths(3);
        return a.isBefore(b) ? range(a, b) : null;
    },
            "Q1-Q3 2025 => 2025-01-01..2025-10-01 RANGE",
            "from Q2 to Q4 2025 => 2025-04-01..2026-01-01 RANGE",
            "between Q1 and Q2 2026 => 2026-01-01..2026-07-01 RANGE",
            "from Q4 2025 to Q1 2026 => 2025-10-01..2026-04-01 RANGE",
            "Q1 to Q3 => 2026-01-01..2026-10-01 RANGE"),

    YEAR_RANGE("\\b(?:between|from)\\s+((?:19|20)\\d{2})\\s+(?:and|" + TO + ")\\s+((?:19|20)\\d{2})\\b", (m, c) -> {
        int first = Integer.parseInt(m.group(1));
        int last = Integer.parseInt(m.group(2));
        return first < last ? range(LocalDate.of(first, 1, 1), LocalDate.of(last + 1, 1, 1)) : null; // both years whole
    },
            "rainfall between 2023 and 2025 => 2023-01-01..2026-01-01 RANGE"),

    YEAR_SPAN("\\b((?:19|20)\\d{2})" + DASH + "((?:19|20)\\d{2})\\b", (m, c) -> {
        int first = Integer.parseInt(m.group(1));
        int last = Integer.parseInt(m.group(2));
        return first < last ? range(LocalDate.of(first, 1, 1), LocalDate.of(last + 1, 1, 1)) : null;
    },
            "2023-2025 rainfall => 2023-01-01..2026-01-01 RANGE"),

    DAY_RANGE("\\b(?:from|between)\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:and|to|until|through|-)\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s+" + MONTH + ",?\\s+" + YEAR + "\\b",
            (m, c) -> {
                LocalDate monthStart = LocalDate.of(yearNumber(m.group(4)), monthNumber(m.group(3)), 1);
                int first = Integer.parseInt(m.group(1));
                int last = Integer.parseInt(m.group(2));
                if (first < 1 || first > last || last > monthStart.lengthOfMonth()) return null;
                return range(monthStart.withDayOfMonth(first), monthStart.withDayOfMonth(last).plusDays(1));
            },
            "arrivals each day from 3 to 9 March 2025 => 2025-03-03..2025-03-10 RANGE"),

    WEEK_OF_MONTH("\\b(?:the\\s+)?(first|second|third|fourth|1st|2nd|3rd|4th|last)\\s+week\\s+(?:of\\s+)?" + MONTH + ",?\\s+" + YEAR + "\\b", (m, c) -> {
        LocalDate monthStart = LocalDate.of(yearNumber(m.group(3)), monthNumber(m.group(2)), 1);
        LocalDate a = m.group(1).equalsIgnoreCase("last") ? monthStart.plusMonths(1).minusDays(7) : monthStart.plusDays(7L * (ordinalNumber(m.group(1)) - 1));
        return range(a, a.plusDays(7)); // days 1 to 7, 8 to 14, ...; the last week is the month's last seven days
    },
            "readers in the first week of June 2026 => 2026-06-01..2026-06-08 RANGE",
            "readers in the last week of February 2024 => 2024-02-23..2024-03-01 RANGE"),

    /** "the week of September 14": the week (Monday to Sunday) that holds the day, of the year written or else the latest. */
    WEEK_OF_DAY("\\bthe\\s+week\\s+of\\s+(?:(\\d{1,2})(?:st|nd|rd|th)?\\s+" + MONTH_ALONE + "|" + MONTH_ALONE + "\\s+(\\d{1,2})(?:st|nd|rd|th)?)(?:,?\\s+" + YEAR + ")?\\b",
            (m, c) -> {
        String monthWord = m.group(2) != null ? m.group(2) : m.group(3);
        int dayOfMonth = Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(4));
        LocalDate monthStart = m.group(5) != null ? LocalDate.of(yearNumber(m.group(5)), monthNumber(monthWord), 1) : c.latestStarted(monthNumber(monthWord));
        if (dayOfMonth < 1 || dayOfMonth > monthStart.lengthOfMonth()) return null;
        LocalDate monday = PeriodContext.monday(monthStart.withDayOfMonth(dayOfMonth));
        return range(monday, monday.plusWeeks(1));
    },
            "readers in the week of September 14 => 2026-09-14..2026-09-21 RANGE",
            "the week of 3 March 2025 => 2025-03-03..2025-03-10 RANGE"),

    WEEK_OF_MONTH_NO_YEAR(true, "\\b(?:the\\s+)?(first|second|third|fourth|1st|2nd|3rd|4th|last)\\s+week\\s+(?:of\\s+)?" + MONTH_ALONE + "\\b(?!\\s*,?\\s*'?\\d)", (m, c) -> {
        LocalDate monthStart = c.latestStarted(monthNumber(m.group(2)));
        LocalDate a = m.group(1).equalsIgnoreCase("last") ? monthStart.plusMonths(1).minusDays(7) : monthStart.plusDays(7L * (ordinalNumber(m.group(1)) - 1));
        return range(a, a.plusDays(7));
    },
            "readers in the first week of September => 2026-09-01..2026-09-08 RANGE"),

    MONTH_LIST("\\b" + MONTH + "(?:\\s*,\\s*" + MONTH + ")*\\s*(?:,\\s*)?and\\s+" + MONTH + "\\s+" + YEAR, (m, c) -> {
        Timeframe t = months(m.group(1), null, m.group(m.groupCount() - 1), yearNumber(m.group(m.groupCount())));
        return t != null && t.start().getYear() == t.end().minusDays(1).getYear() ? t : null;
    },
            "loans in April, May and June 2024 => 2024-04-01..2024-07-01 RANGE"),

    BY_END_OF("\\bby\\s+(?:the\\s+)?end\\s+of\\s+(" + PeriodPatterns.END_TARGET + ")", (m, c) -> {
        Timeframe t = anchor(c, m.group(1));
        if (t == null) return null;
        LocalDate from = c.fiscal().start(c.fiscal().yearOf(t.end().minusDays(1)));
        return range(from, t.end()).describedAs("the year to the end of " + t.inWords() + " (" + Timeframe.between(from, t.end()) + ")");
    },
            "rainfall by the end of March 2026 => 2026-01-01..2026-04-01 RANGE",
            "by the end of Q3 => 2026-01-01..2026-10-01 RANGE",
            "fy4: by the end of Q3 2026 => 2026-04-01..2026-10-01 RANGE",
            "rainfall by end of june => 2026-01-01..2026-07-01 RANGE"),

    AT_END_OF("\\b(?:(?:at|as\\s+of|on)\\s+)?(?:the\\s+)?end\\s+of\\s+(" + PeriodPatterns.END_TARGET + ")", (m, c) -> {
        Timeframe t = anchor(c, m.group(1));
        return t == null ? null : t.describedAs("the end of " + t.inWords());
    },
            "MRR at the end of 2025 => 2025-01-01..2026-01-01 YEAR",
            "readers at the end of September 2026 => 2026-09-01..2026-10-01 MONTH",
            "balance as of the end of March => 2026-03-01..2026-04-01 MONTH",
            "at the end of last month => 2026-10-01..2026-11-01 MONTH",
            "the end of Q3 2025 => 2025-07-01..2025-10-01 QUARTER",
            "readers by town end of august => 2026-08-01..2026-09-01 MONTH",
            "members at end of last year => 2025-01-01..2026-01-01 YEAR"),

    PERIOD_END("(?<!\\b(?:each|every|per|by)\\s)\\b(?:(?:at|as\\s+of|on)\\s+)?(?:the\\s+)?(?:" + MONTH + "(?:\\s+" + YEAR + ")?\\s+|(?:last|latest)\\s+)?"
            + "(month|quarter|year)[- ]end\\b", (m, c) -> {
        String unit = m.group(3).toLowerCase(Locale.ROOT);
        if (m.group(1) != null) {
            if (!unit.equals("month")) return null;
            if (m.group(2) == null && c.namesYear()) return null;
            LocalDate a = m.group(2) != null ? LocalDate.of(yearNumber(m.group(2)), monthNumber(m.group(1)), 1) : c.latestStarted(monthNumber(m.group(1)));
            return month(a).describedAs("the end of " + month(a).inWords());
        }
        LocalDate after = c.tomorrow(); // the latest end that has passed: today's, when today is the last day
        Timeframe t = switch (unit) {
            case "month" -> month(after.withDayOfMonth(1).minusMonths(1));
            case "quarter" -> quarter(quarterStart(after).minusMonths(3));
            default -> year(after.getYear() - 1);
        };
        return t.describedAs("the end of " + t.inWords());
    },
            "balance as of month end => 2026-10-01..2026-11-01 MONTH",
            "month-end MRR => 2026-10-01..2026-11-01 MONTH",
            "MRR at March month-end => 2026-03-01..2026-04-01 MONTH",
            "readers at year-end => 2025-01-01..2026-01-01 YEAR",
            "quarter-end attendance => 2026-07-01..2026-10-01 QUARTER"),

    HALF("\\b(?:(?:the\\s+)?(first|second|1st|2nd)\\s+half\\s+(?:of\\s+)?" + YEAR + "|h([12])\\s*" + YEAR + ")\\b", (m, c) -> {
        boolean first = m.group(1) != null ? ordinalNumber(m.group(1)) == 1 : m.group(3).equals("1");
        return half(yearNumber(m.group(1) != null ? m.group(2) : m.group(4)), first);
    },
            "the first half of 2025 => 2025-01-01..2025-07-01 RANGE",
            "H2 2026 => 2026-07-01..2027-01-01 RANGE",
            "H1 '25 => 2025-01-01..2025-07-01 RANGE"),

    HALF_OF_RELATIVE_YEAR("\\b(?:(?:the\\s+)?(first|second|1st|2nd)\\s+half\\s+of|h([12])(?:\\s+of)?)\\s+(?:the\\s+)?" + LAST_OR_THIS + "\\s+(?:year|yr)\\b", (m, c) -> {
        boolean first = m.group(1) != null ? ordinalNumber(m.group(1)) == 1 : m.group(2).equals("1");
        return half(c.today().getYear() - (previous(m.group(3)) ? 1 : 0), first);
    },
            "first half of last year => 2025-01-01..2025-07-01 RANGE",
            "H2 this year => 2026-07-01..2027-01-01 RANGE"),

    QUARTER_OF_RELATIVE_YEAR("\\b(?:q([1-4])|(?:the\\s+)?" + ORDINAL + "\\s+quarter)\\s+(?:of\\s+)?(?:the\\s+)?" + LAST_OR_THIS + "\\s+(?:year|yr)\\b", (m, c) -> {
        int q = m.group(1) != null ? Integer.parseInt(m.group(1)) : ordinalNumber(m.group(2));
        return quarter(LocalDate.of(c.today().getYear() - (previous(m.group(3)) ? 1 : 0), 3 * q - 2, 1));
    },
            "Q3 last year => 2025-07-01..2025-10-01 QUARTER",
            "the second quarter of this year => 2026-04-01..2026-07-01 QUARTER",
            "q2 this yr => 2026-04-01..2026-07-01 QUARTER"),

    MONTH_OF_RELATIVE_YEAR("\\b" + MONTH_ALONE + "\\s+(?:of\\s+)?(?:the\\s+)?" + LAST_OR_THIS + "\\s+(?:year|yr)\\b",
            (m, c) -> month(LocalDate.of(c.today().getYear() - (previous(m.group(2)) ? 1 : 0), monthNumber(m.group(1)), 1)),
            "March last year => 2025-03-01..2025-04-01 MONTH",
            "December of last year => 2025-12-01..2026-01-01 MONTH"),

    AGO("\\b(a|an|one|" + PeriodContext.NUMBER.substring(1, PeriodContext.NUMBER.length() - 1) + ")\\s+(day|week|month|quarter|year)s?\\s+ago\\b", (m, c) -> {
        int n = m.group(1).matches("(?i)an?") ? 1 : PeriodContext.number(m.group(1));
        if (n < 1) return null;
        LocalDate t = c.today();
        return switch (m.group(2).toLowerCase(Locale.ROOT)) { // the calendar period that many back: "2 months ago" in November is September
            case "day" -> day(t.minusDays(n));
            case "week" -> range(PeriodContext.monday(t).minusWeeks(n), PeriodContext.monday(t).minusWeeks(n - 1L));
            case "month" -> month(t.withDayOfMonth(1).minusMonths(n));
            case "quarter" -> quarter(quarterStart(t).minusMonths(3L * n));
            default -> year(t.getYear() - n);
        };
    },
            "readers 2 months ago => 2026-09-01..2026-10-01 MONTH",
            "two years ago => 2024-01-01..2025-01-01 YEAR",
            "arrivals three weeks ago => 2026-10-26..2026-11-02 RANGE",
            "one quarter ago => 2026-07-01..2026-10-01 QUARTER"),

    BEFORE_LAST("\\bthe\\s+(?:(day)\\s+before\\s+(?:yesterday|last)|(week|month|quarter|year)\\s+before\\s+last)\\b", (m, c) -> {
        LocalDate t = c.today();
        return switch ((m.group(1) != null ? m.group(1) : m.group(2)).toLowerCase(Locale.ROOT)) {
            case "day" -> day(t.minusDays(2));
            case "week" -> range(PeriodContext.monday(t).minusWeeks(2), PeriodContext.monday(t).minusWeeks(1));
            case "month" -> month(t.withDayOfMonth(1).minusMonths(2));
            case "quarter" -> quarter(quarterStart(t).minusMonths(6));
            default -> year(t.getYear() - 2);
        };
    },
            "the year before last => 2024-01-01..2025-01-01 YEAR",
            "the week before last => 2026-11-02..2026-11-09 RANGE",
            "the month before last => 2026-09-01..2026-10-01 MONTH",
            "the day before yesterday => 2026-11-20..2026-11-21 DAY"),

    QUARTER("\\b(?:q([1-4])\\s*(?:of\\s+)?" + YEAR + "|" + YEAR + "\\s*-?\\s*q([1-4])|(?:the\\s+)?" + ORDINAL + "\\s+quarter\\s+(?:of\\s+)?" + YEAR + ")\\b", (m, c) -> {
        int quarter;
        int year;
        if (m.group(1) != null) {
            quarter = Integer.parseInt(m.group(1));
            year = yearNumber(m.group(2));
        } else if (m.group(3) != null) {
            year = yearNumber(m.group(3));
            quarter = Integer.parseInt(m.group(4));
        } else {
            quarter = ordinalNumber(m.group(5));
            year = yearNumber(m.group(6));
        }
        return quarter(LocalDate.of(year, 3 * quarter - 2, 1));
    },
            "Rainfall in Q4 2024 => 2024-10-01..2025-01-01 QUARTER",
            "loans 2024-Q2 => 2024-04-01..2024-07-01 QUARTER",
            "NPS in the second quarter of 2026 => 2026-04-01..2026-07-01 QUARTER",
            "Q1 '25 => 2025-01-01..2025-04-01 QUARTER"),

    DAY_ISO("\\b(\\d{4}-\\d{2}-\\d{2})\\b", (m, c) -> day(LocalDate.parse(m.group(1))),
            "arrivals on 2026-09-15 => 2026-09-15..2026-09-16 DAY"),

    DAY_TEXT("\\b(?:(\\d{1,2})(?:st|nd|rd|th)?\\s+" + MONTH + ",?\\s+" + YEAR + "|" + MONTH + "\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+" + YEAR + ")\\b",
            (m, c) -> day(m.group(1) != null ? LocalDate.of(yearNumber(m.group(3)), monthNumber(m.group(2)), Integer.parseInt(m.group(1)))
                    : LocalDate.of(yearNumber(m.group(6)), monthNumber(m.group(4)), Integer.parseInt(m.group(5)))),
            "arrivals on 15 September 2026 => 2026-09-15..2026-09-16 DAY",
            "arrivals on September 15, 2026 => 2026-09-15..2026-09-16 DAY"),

    /** "on Oct 5", "March 15th", "the 3rd of May": a day of a month with no year, the latest such day up to today. */
    DAY_NO_YEAR(true, "\\b(?:(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?" + MONTH_ALONE + "|" + MONTH_ALONE + "\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b)(?!\\s*,?\\s*'?\\d)"
            + "(?!\\s*(?:days?|weeks?|months?|years?|%))", (m, c) -> {
        int month = monthNumber(m.group(2) != null ? m.group(2) : m.group(3));
        int dayOfMonth = Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(4));
        LocalDate today = c.tomorrow().minusDays(1);
        if (dayOfMonth < 1 || dayOfMonth > java.time.YearMonth.of(today.getYear(), month).lengthOfMonth()) return null;
        LocalDate d = LocalDate.of(today.getYear(), month, dayOfMonth);
        return day(d.isAfter(today) ? d.minusYears(1) : d);
    },
            "arrivals on Oct 5 => 2026-10-05..2026-10-06 DAY",
            "arrivals on December 25th => 2025-12-25..2025-12-26 DAY",
            "arrivals on the 3rd of March => 2026-03-03..2026-03-04 DAY"),

    MONTH_YEAR("\\b" + MONTH + ",?\\s+(?:of\\s+)?" + YEAR + "\\b|\\b((?:19|20)\\d{2})-(0[1-9]|1[0-2])\\b",
            (m, c) -> month(m.group(1) != null ? LocalDate.of(yearNumber(m.group(2)), monthNumber(m.group(1)), 1)
                    : LocalDate.of(Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), 1)),
            "MRR in September 2026 => 2026-09-01..2026-10-01 MONTH",
            "MRR in Sept 2026 => 2026-09-01..2026-10-01 MONTH",
            "rainfall for 2025-03 => 2025-03-01..2025-04-01 MONTH",
            "absences in Feb '25 => 2025-02-01..2025-03-01 MONTH"),

    TRAILING_TWELVE_MONTHS("\\b(?:ttm|ltm|(?:the\\s+)?trailing\\s+(?:twelve|12)\\s+months)\\b", (m, c) -> completeMonths(c, 12),
            "TTM rainfall => 2025-11-01..2026-11-01 RANGE",
            "rainfall over the trailing twelve months => 2025-11-01..2026-11-01 RANGE",
            "LTM EBITDA => 2025-11-01..2026-11-01 RANGE"),

    /** "l30d", "L12M", "last 30d", "past 6m": a number of days, weeks, months, quarters or years said by its letter. */
    LAST_N_LETTER("\\b(?:l|(?:the\\s+)?(last|past|trailing)\\s+)(\\d{1,3})\\s?([dwmqy])\\b",
            (m, c) -> lastN(c, m.group(1) == null ? "last" : m.group(1), Integer.parseInt(m.group(2)), m.group(3)),
            "rainfall l30d => 2026-10-24..2026-11-23 RANGE",
            "L7D => 2026-11-16..2026-11-23 RANGE",
            "rainfall last 30d => 2026-10-24..2026-11-23 RANGE",
            "the past 2w => 2026-11-09..2026-11-23 RANGE",
            "l12m => 2025-11-23..2026-11-23 RANGE",
            "trailing 3m => 2026-08-01..2026-11-01 RANGE"),

    LAST_N("\\b(?:the\\s+)?(last|past|previous|trailing)\\s+" + PeriodContext.NUMBER + "\\s+(?:(full|complete|whole|entire)\\s+)?(day|week|month|quarter|year|mo|mth|wk|yr|qtr)s?\\b",
            (m, c) -> m.group(3) != null ? lastWhole(c, number(m.group(2)), m.group(4)) : lastN(c, m.group(1), number(m.group(2)), m.group(4)),
            "arrivals in the last 30 days => 2026-10-24..2026-11-23 RANGE",
            "last 7 days => 2026-11-16..2026-11-23 RANGE",
            "the past three weeks => 2026-11-02..2026-11-23 RANGE",
            "last 12 months => 2025-11-23..2026-11-23 RANGE",
            "the last two quarters => 2026-04-01..2026-10-01 RANGE",
            "trailing 6 months => 2026-05-01..2026-11-01 RANGE",
            "arrivals last 3 mos => 2026-08-23..2026-11-23 RANGE",
            "the past 2 yrs => 2024-11-23..2026-11-23 RANGE",
            "revenue, last 3 full months => 2026-08-01..2026-11-01 RANGE",
            "the last 2 complete weeks => 2026-11-09..2026-11-23 RANGE",
            "the past 2 full years => 2024-01-01..2026-01-01 RANGE",
            "the last 7 full days => 2026-11-15..2026-11-22 RANGE"),

    LAST_WEEKDAY("\\b(last|this|past)\\s+" + WEEKDAY + "\\b", (m, c) -> {
        DayOfWeek d = DayOfWeek.valueOf(m.group(2).toUpperCase(Locale.ROOT));
        if (m.group(1).equalsIgnoreCase("this")) return day(c.today().with(d));
        LocalDate t = c.today().minusDays(1);
        while (t.getDayOfWeek() != d) t = t.minusDays(1);
        return day(t); // the latest such day before today
    },
            "last Monday => 2026-11-16..2026-11-17 DAY",
            "last Sunday => 2026-11-15..2026-11-16 DAY",
            "this Monday => 2026-11-16..2026-11-17 DAY"),

    WEEKEND("\\b(?:the\\s+)?(last|this|past|previous)\\s+weekend\\b", (m, c) -> {
        LocalDate sunday;
        if (m.group(1).equalsIgnoreCase("this")) {
            sunday = c.today().with(DayOfWeek.SUNDAY);
        } else { // the latest weekend over before today
            sunday = c.today().minusDays(1);
            while (sunday.getDayOfWeek() != DayOfWeek.SUNDAY) sunday = sunday.minusDays(1);
        }
        return range(sunday.minusDays(1), sunday.plusDays(1));
    },
            "last weekend => 2026-11-14..2026-11-16 RANGE",
            "this weekend => 2026-11-21..2026-11-23 RANGE"),

    MONTH_RELATIVE("\\b(last|this)\\s+" + MONTH_ALONE, (m, c) -> {
        int month = monthNumber(m.group(2));
        return month(m.group(1).equalsIgnoreCase("last") ? c.latestEnded(month) : LocalDate.of(c.today().getYear(), month, 1));
    },
            "last March => 2026-03-01..2026-04-01 MONTH",
            "last November => 2025-11-01..2025-12-01 MONTH",
            "this March => 2026-03-01..2026-04-01 MONTH"),

    SO_FAR("\\b(?:so\\s+far\\s+this\\s+(year|quarter|month|week)|this\\s+(year|quarter|month|week)\\s+so\\s+far|earlier\\s+this\\s+(year))\\b", (m, c) -> {
        String unit = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
        return toDate(c, unitStart(c, unit));
    },
            "so far this year => 2026-01-01..2026-11-23 RANGE",
            "this month so far => 2026-11-01..2026-11-23 RANGE",
            "earlier this year => 2026-01-01..2026-11-23 RANGE"),

    /** Last year's year to date: the same days a year earlier ("last QTD" is not read: which part of which quarter is unclear). */
    LAST_YEAR_TO_DATE("\\b(?:last|prior|previous)\\s+(?:year'?s\\s+)?(?:ytd|year[- ]to[- ]date)\\b",
            (m, c) -> range(c.today().withDayOfYear(1).minusYears(1), c.tomorrow().minusYears(1)),
            "last year's YTD => 2025-01-01..2025-11-23 RANGE",
            "prior year to date => 2025-01-01..2025-11-23 RANGE",
            "rainfall ytd vs last ytd => 2025-01-01..2025-11-23 RANGE"),

    RELATIVE("\\b(last|previous|prior|past|this|current)\\s+(?:(?:full|complete|whole|entire)\\s+)?(month|quarter|year|week|mo|mth|qtr|yr|wk)\\b", (m, c) -> {
        boolean previous = !m.group(1).equalsIgnoreCase("this") && !m.group(1).equalsIgnoreCase("current");
        LocalDate t = c.today();
        return switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "month", "mo", "mth" -> month(t.withDayOfMonth(1).minusMonths(previous ? 1 : 0));
            case "quarter", "qtr" -> quarter(quarterStart(t).minusMonths(previous ? 3 : 0));
            case "week", "wk" -> {
                LocalDate a = PeriodContext.monday(t).minusWeeks(previous ? 1 : 0);
                yield range(a, a.plusWeeks(1));
            }
            default -> year(t.getYear() - (previous ? 1 : 0));
        };
    },
            "rainfall last month => 2026-10-01..2026-11-01 MONTH",
            "rainfall this month => 2026-11-01..2026-12-01 MONTH",
            "absences last quarter => 2026-07-01..2026-10-01 QUARTER",
            "absences this quarter => 2026-10-01..2027-01-01 QUARTER",
            "absences last year => 2025-01-01..2026-01-01 YEAR",
            "this week => 2026-11-16..2026-11-23 RANGE",
            "the past month => 2026-10-01..2026-11-01 MONTH",
            "rainfall in the last full month => 2026-10-01..2026-11-01 MONTH",
            "the last complete quarter => 2026-07-01..2026-10-01 QUARTER",
            "rainfall in the prior month => 2026-10-01..2026-11-01 MONTH",
            "absences this yr => 2026-01-01..2027-01-01 YEAR",
            "rainfall last qtr => 2026-07-01..2026-10-01 QUARTER",
            "rainfall this wk => 2026-11-16..2026-11-23 RANGE"),

    TO_DATE("\\b(?:(year|quarter|month|week)[- ]to[- ]date|(y|q|m|w)td)\\b", (m, c) -> {
        String unit = m.group(1) != null ? m.group(1) : switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "q" -> "quarter";
            case "m" -> "month";
            case "w" -> "week";
            default -> "year";
        };
        return toDate(c, unitStart(c, unit));
    },
            "rainfall year to date => 2026-01-01..2026-11-23 RANGE",
            "YTD arrivals => 2026-01-01..2026-11-23 RANGE",
            "QTD => 2026-10-01..2026-11-23 RANGE",
            "MTD rainfall => 2026-11-01..2026-11-23 RANGE",
            "month-to-date => 2026-11-01..2026-11-23 RANGE"),

    DAY_WORD("\\b(yesterday|today)\\b", (m, c) -> day(m.group(1).equalsIgnoreCase("today") ? c.today() : c.today().minusDays(1)),
            "arrivals yesterday => 2026-11-21..2026-11-22 DAY",
            "loans today => 2026-11-22..2026-11-23 DAY"),

    DECADE("\\b(?:the\\s+)?((?:19|20)\\d)0'?s\\b", (m, c) -> {
        int from = Integer.parseInt(m.group(1)) * 10;
        return range(LocalDate.of(from, 1, 1), LocalDate.of(from + 10, 1, 1)).describedAs("the " + from + "s");
    },
            "readers in the 2020s => 2020-01-01..2030-01-01 RANGE",
            "the 1990s => 1990-01-01..2000-01-01 RANGE"),

    /** A year on its own, unless the number counts something ("2000 units", "more than 2000", "$2000"). */
    YEAR_ALONE("(?<![\\w$€£#])(?<!(?:more|less|fewer)\\sthan\\s)(?<!at\\s(?:least|most)\\s)(?<!exactly\\s)((?:19|20)\\d{2})\\b"
            + "(?![.,]\\d|\\s*(?:%|\\+|percent\\b|units?\\b|items?\\b|pieces?\\b|pcs\\b|dollars?\\b|euros?\\b|pounds?\\b|usd\\b|eur\\b|gbp\\b|kg\\b|km\\b"
            + "|miles?\\b|hours?\\b|minutes?\\b|seconds?\\b|times\\b))|(?<![\\w'])'(\\d{2})\\b",
            (m, c) -> year(yearNumber(m.group(1) != null ? m.group(1) : m.group(2))),
            "What was rainfall in 2024? => 2024-01-01..2025-01-01 YEAR",
            "arrivals between the 1st and 15th of nothing, 2025 => 2025-01-01..2026-01-01 YEAR",
            "rain by gauge '25 => 2025-01-01..2026-01-01 YEAR"),

    MONTH_RANGE_NO_YEAR(true, "\\b(?:between\\s+" + MONTH + "\\s+and\\s+|from\\s+" + MONTH + "\\s+" + TO + "\\s+|" + MONTH + DASH + ")" + MONTH + "\\b(?!\\s*,?\\s*'?\\d)",
            (m, c) -> {
                String first = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
                LocalDate lastMonth = c.latestStarted(monthNumber(m.group(4))); // the latest such range whose last month has begun
                int a = monthNumber(first);
                return range(LocalDate.of(a <= lastMonth.getMonthValue() ? lastMonth.getYear() : lastMonth.getYear() - 1, a, 1), lastMonth.plusMonths(1));
            },
            "between March and June => 2026-03-01..2026-07-01 RANGE",
            "from Jan to Mar => 2026-01-01..2026-04-01 RANGE",
            "from November to February => 2025-11-01..2026-03-01 RANGE",
            "Jan-Mar => 2026-01-01..2026-04-01 RANGE"),

    FISCAL_QUARTER_NO_YEAR(true, "\\bfiscal\\s+q([1-4])\\b", (m, c) -> {
        int q = Integer.parseInt(m.group(1));
        int fy = c.fiscal().yearOf(c.today());
        LocalDate a = c.fiscal().quarterStart(fy, q);
        return fiscalQuarter(c, a.isAfter(c.today()) ? c.fiscal().quarterStart(fy - 1, q) : a);
    },
            "fy4: fiscal Q2 => 2026-07-01..2026-10-01 QUARTER",
            "fy4: fiscal Q4 => 2026-01-01..2026-04-01 QUARTER",
            "fiscal Q2 => 2026-04-01..2026-07-01 QUARTER"),

    QUARTER_NO_YEAR(true, "\\b(?:q([1-4])|(?:the\\s+)?" + ORDINAL + "\\s+quarter)\\b(?:\\s+of\\s+the\\s+year\\b)?(?!\\s*(?:of\\b|'?\\d))", (m, c) -> {
        int q = m.group(1) != null ? Integer.parseInt(m.group(1)) : ordinalNumber(m.group(2));
        LocalDate a = LocalDate.of(c.today().getYear(), 3 * q - 2, 1);
        return quarter(a.isAfter(c.today()) ? a.minusYears(1) : a);
    },
            "rainfall in Q1 => 2026-01-01..2026-04-01 QUARTER",
            "Q4 => 2026-10-01..2027-01-01 QUARTER",
            "the second quarter => 2026-04-01..2026-07-01 QUARTER",
            "the first quarter of the year => 2026-01-01..2026-04-01 QUARTER"),

    HALF_NO_YEAR(true, "\\b(?:h([12])|(?:the\\s+)?(first|second|1st|2nd)\\s+half)\\b(?:\\s+of\\s+the\\s+year\\b)?(?!\\s*(?:of\\b|'?\\d))", (m, c) -> {
        boolean first = m.group(1) != null ? m.group(1).equals("1") : ordinalNumber(m.group(2)) == 1;
        Timeframe t = half(c.today().getYear(), first);
        return t.start().isAfter(c.today()) ? half(c.today().getYear() - 1, first) : t;
    },
            "H1 => 2026-01-01..2026-07-01 RANGE",
            "the second half => 2026-07-01..2027-01-01 RANGE",
            "rainfall in the second half of the year => 2026-07-01..2027-01-01 RANGE"),

    MONTH_NO_YEAR(true, "\\b(?:in|during|for|throughout)\\s+(?:the\\s+month\\s+of\\s+)?" + MONTH_ALONE + "(?!\\s*,?\\s*'?\\d)",
            (m, c) -> month(c.latestStarted(monthNumber(m.group(1)))),
            "rainfall in Feb => 2026-02-01..2026-03-01 MONTH",
            "during December => 2025-12-01..2026-01-01 MONTH",
            "arrivals in May => 2026-05-01..2026-06-01 MONTH"),

    /** A month compared with or listed after another: "in March vs February", "for May and June" (never "and may", "and march": verbs too). */
    MONTH_COMPARED_NO_YEAR(true, "\\b(?:vs\\.?|versus|than|against|compared\\s+(?:to|with)|and|or|(?:what|how)\\s+about)\\s+(?:in\\s+|with\\s+|for\\s+)?(?!may\\b|march\\b)" + MONTH_ALONE
            + "(?!\\s*,?\\s*'?\\d)",
            (m, c) -> month(c.latestStarted(monthNumber(m.group(1)))),
            "loans compared with February => 2026-02-01..2026-03-01 MONTH",
            "arrivals, May or June => 2026-06-01..2026-07-01 MONTH",
            "what about July => 2026-07-01..2026-08-01 MONTH",
            "how about Aug? => 2026-08-01..2026-09-01 MONTH"),

    /**
     * A month named with nothing before it, the way terse questions put it ("rainfall august", "loans sept?"): the latest
     * one begun; never "may" or "march", which are words too, nor a word that is a name of the data.
     */
    MONTH_BARE_NO_YEAR(true, "\\b(?!may\\b|march\\b)" + MONTH_ALONE + "(?!\\s*,?\\s*'?\\d)",
            (m, c) -> c.isName(m.group()) ? null : month(c.latestStarted(monthNumber(m.group(1)))),
            "rainfall august => 2026-08-01..2026-09-01 MONTH",
            "loans dec? => 2025-12-01..2026-01-01 MONTH",
            "Aug rainfall by town => 2026-08-01..2026-09-01 MONTH");

    /** Phrases no rule may read as a period: everyday words that look like period words. */
    static final List<String> NOT_PERIODS = List.of(
            "How many readers do we have?",
            "Which books may circulate best?",
            "List the top 10 books",
            "Did the choir march past the hall?",
            "Who is our second largest reader?",
            "the second book in the list",
            "crates of 2000 pieces",
            "readers with more than 1999 loans",
            "loans above $2024",
            "rainfall per year",
            "how much rain comes down a year",
            "readers who borrowed a second time",
            "the first half of the list",
            "rainfall by month",
            "which quarter had the most rainfall",
            "may I see the loans",
            "books marked as rare",
            "the readers who may march");

    /** How a match becomes a period against today; null when the words name no period after all ("31 February"). */
    @FunctionalInterface
    interface Production {
        Timeframe read(Matcher m, PeriodContext c);
    }

    private final Pattern pattern;
    private final Production production;
    private final List<String> examples;
    private final boolean yearless;

    PeriodRule(String regex, Production production, String... examples) {
        this(false, regex, production, examples);
    }

    PeriodRule(boolean yearless, String regex, Production production, String... examples) {
        this.pattern = Pattern.compile("(?i)" + regex);
        this.production = production;
        this.examples = List.of(examples);
        this.yearless = yearless;
    }

    Pattern pattern() {
        return pattern;
    }

    /** The phrases this rule must read, each with the period it must give ("phrase => start..end GRAIN"). */
    List<String> examples() {
        return examples;
    }

    /** The period this match names, or null: a yearless rule reads nothing in a question that writes a year. */
    Timeframe read(Matcher m, PeriodContext c) {
        if (yearless && c.namesYear()) return null;
        return production.read(m, c);
    }

    // ---- what the productions are built with

    private static boolean previous(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return !w.equals("this") && !w.equals("current");
    }

    /** The period a phrase is built on: a month alone ("March") is the latest that has begun; anything else as the rules read it. */
    private static Timeframe anchor(PeriodContext c, String words) {
        if (words.strip().matches("(?i)" + MONTH_ALONE)) {
            return c.namesYear() ? null : month(c.latestStarted(monthNumber(words.strip())));
        }
        return c.read(words).orElse(null);
    }

    private static Timeframe months(String first, String firstYear, String last, int lastYear) {
        int a = monthNumber(first);
        int b = monthNumber(last);
        int startYear = firstYear != null ? yearNumber(firstYear) : a <= b ? lastYear : lastYear - 1;
        LocalDate start = LocalDate.of(startYear, a, 1);
        LocalDate end = LocalDate.of(lastYear, b, 1).plusMonths(1);
        return start.isBefore(end) ? range(start, end) : null;
    }

    private static Timeframe fiscalYear(PeriodContext c, int fy) {
        if (c.fiscal().calendar()) return year(fy);
        LocalDate a = c.fiscal().start(fy);
        return range(a, a.plusYears(1)).describedAs(c.fiscal().yearInWords(fy));
    }

    /** The fiscal quarter starting on this day: a calendar quarter too when the fiscal year starts in January, April, July or October. */
    private static Timeframe fiscalQuarter(PeriodContext c, LocalDate start) {
        FiscalYear f = c.fiscal();
        if (f.calendar()) return quarter(start);
        int fy = f.yearOf(start);
        int q = (int) java.time.temporal.ChronoUnit.MONTHS.between(f.start(fy), start) / 3 + 1;
        String words = "fiscal Q" + q + " " + fy + " (" + FiscalYear.shortMonth(start) + " to " + FiscalYear.shortMonth(start.plusMonths(2)) + " "
                + start.plusMonths(2).getYear() + ")";
        Timeframe t = f.quartersAreCalendarQuarters() ? quarter(start) : range(start, start.plusMonths(3));
        return t.describedAs(words);
    }

    /** The last n days, weeks, months or years to today; whole quarters before the current one; "trailing" months whole. */
    private static Timeframe lastN(PeriodContext c, String which, int n, String said) {
        String unit = unit(said);
        if (n < 1) return null;
        if (unit.equals("quarter")) { // whole quarters, the current one not included: a quarter is a reporting period
            LocalDate end = quarterStart(c.tomorrow());
            return range(end.minusMonths(3L * n), end).describedAs("the " + n + " quarters to " + Timeframe.between(end.minusMonths(3), end)
                    + " (" + Timeframe.between(end.minusMonths(3L * n), end) + ")");
        }
        if (unit.equals("month") && which.equalsIgnoreCase("trailing")) return completeMonths(c, n);
        LocalDate end = c.tomorrow(); // up to today, included
        LocalDate start = switch (unit) {
            case "day" -> end.minusDays(n);
            case "week" -> end.minusWeeks(n);
            case "month" -> end.minusMonths(n);
            default -> end.minusYears(n);
        };
        return range(start, end).describedAs("the " + n + " " + unit + (n == 1 ? "" : "s") + " to " + Timeframe.day(c.today()));
    }

    private static LocalDate plus(LocalDate d, int n, String unit) {
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "day" -> d.plusDays(n);
            case "week" -> d.plusWeeks(n);
            case "quarter" -> d.plusMonths(3L * n);
            case "year" -> d.plusYears(n);
            default -> d.plusMonths(n);
        };
    }

    private static LocalDate minus(LocalDate d, int n, String unit) {
        return plus(d, -n, unit);
    }

    /** A unit of time as written in full, abbreviated or by its letter ("last 3 mos", "past 2 yrs", "l30d"): its name. */
    private static String unit(String said) {
        return switch (said.toLowerCase(Locale.ROOT)) {
            case "mo", "mth", "m" -> "month";
            case "wk", "w" -> "week";
            case "yr", "y" -> "year";
            case "qtr", "q" -> "quarter";
            case "d" -> "day";
            default -> said.toLowerCase(Locale.ROOT);
        };
    }

    /** The last n whole days, weeks, months, quarters or years: the current one, begun but not over, left out. */
    private static Timeframe lastWhole(PeriodContext c, int n, String said) {
        String unit = unit(said);
        if (n < 1) return null;
        if (unit.equals("month")) return completeMonths(c, n);
        if (unit.equals("quarter")) return lastN(c, "last", n, unit);
        LocalDate end = switch (unit) { // the start of the current one; today itself when it is a day
            case "day" -> c.today();
            case "week" -> PeriodContext.monday(c.tomorrow());
            default -> c.tomorrow().withDayOfYear(1);
        };
        LocalDate start = minus(end, n, unit);
        return range(start, end).describedAs("the " + n + " whole " + unit + (n == 1 ? "" : "s") + " to " + Timeframe.day(end.minusDays(1))
                + " (" + Timeframe.between(start, end) + ")");
    }

    private static Timeframe completeMonths(PeriodContext c, int n) {
        LocalDate end = c.tomorrow().withDayOfMonth(1);
        LocalDate start = end.minusMonths(n);
        return range(start, end).describedAs("the " + n + " months to " + Timeframe.between(end.minusMonths(1), end) + " (" + Timeframe.between(start, end) + ")");
    }

    private static LocalDate unitStart(PeriodContext c, String unit) {
        LocalDate t = c.today();
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "quarter" -> quarterStart(t);
            case "month" -> t.withDayOfMonth(1);
            case "week" -> PeriodContext.monday(t);
            default -> t.withDayOfYear(1);
        };
    }

    private static Timeframe toDate(PeriodContext c, LocalDate from) {
        return range(from, c.tomorrow());
    }

    private static Timeframe half(int year, boolean first) {
        LocalDate a = LocalDate.of(year, first ? 1 : 7, 1);
        return range(a, a.plusMonths(6)).describedAs((first ? "the first half of " : "the second half of ") + year);
    }

    private static Timeframe day(LocalDate d) {
        return new Timeframe(d, d.plusDays(1), Grain.DAY, "");
    }

    private static Timeframe month(LocalDate first) {
        return new Timeframe(first, first.plusMonths(1), Grain.MONTH, "");
    }

    private static Timeframe quarter(LocalDate first) {
        return new Timeframe(first, first.plusMonths(3), Grain.QUARTER, "");
    }

    private static Timeframe year(int year) {
        return new Timeframe(LocalDate.of(year, 1, 1), LocalDate.of(year + 1, 1, 1), Grain.YEAR, "");
    }

    private static Timeframe range(LocalDate start, LocalDate end) {
        return new Timeframe(start, end, Grain.RANGE, "");
    }
}
