package dev.almanac.quality;

import java.time.LocalDate;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the period a question asks about, deterministically: years, quarters, months, days, ranges
 * ("between March and June 2023"), and phrases relative to today ("last quarter", "year to date",
 * "last 30 days"), resolved against an injectable current date.
 */
public final class TimeframeParser {
    private static final String MONTH = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
    private static final String YEAR = "((?:19|20)\\d{2})";
    private static final Map<String, Integer> ORDINAL = Map.of("first", 1, "1st", 1, "second", 2, "2nd", 2, "third", 3, "3rd", 3, "fourth", 4, "4th", 4);

    private static final Pattern ISO_RANGE = Pattern.compile("(?i)(?:between|from)\\s+(\\d{4}-\\d{2}-\\d{2})\\s+(?:and|to|until)\\s+(\\d{4}-\\d{2}-\\d{2})");
    private static final Pattern MONTH_RANGE = Pattern.compile("(?i)(?:between|from)\\s+" + MONTH + "(?:\\s+" + YEAR + ")?\\s+(?:and|to|until|through)\\s+" + MONTH + "\\s+" + YEAR);
    private static final Pattern YEAR_RANGE = Pattern.compile("(?i)\\b(?:between|from)\\s+" + YEAR + "\\s+(?:and|to|until|through)\\s+" + YEAR + "\\b");
    private static final Pattern MONTH_LIST = Pattern.compile("(?i)\\b" + MONTH + "(?:\\s*,\\s*" + MONTH + ")*\\s*(?:,\\s*)?and\\s+" + MONTH + "\\s+" + YEAR);
    private static final Pattern QUARTER = Pattern.compile("(?i)\\b(?:q([1-4])\\s*(?:of\\s+)?" + YEAR + "|" + YEAR + "\\s*-?\\s*q([1-4])|(?:the\\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\\s+quarter\\s+(?:of\\s+)?" + YEAR + ")\\b");
    private static final Pattern DAY_ISO = Pattern.compile("\\b(\\d{4}-\\d{2}-\\d{2})\\b");
    private static final Pattern DAY_TEXT = Pattern.compile("(?i)\\b(?:(\\d{1,2})(?:st|nd|rd|th)?\\s+" + MONTH + ",?\\s+" + YEAR + "|" + MONTH + "\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+" + YEAR + ")\\b");
    private static final Pattern MONTH_YEAR = Pattern.compile("(?i)\\b" + MONTH + "\\.?,?\\s+(?:of\\s+)?" + YEAR + "\\b|\\b" + YEAR + "-(0[1-9]|1[0-2])\\b");
    private static final Pattern RELATIVE = Pattern.compile("(?i)\\b(last|previous|past|this|current)\\s+(month|quarter|year|week)\\b");
    private static final Pattern LAST_N = Pattern.compile("(?i)\\b(?:last|past|previous)\\s+(\\d{1,3})\\s+(day|week|month|year)s?\\b");
    private static final Pattern DAY_RANGE = Pattern.compile("(?i)\\b(?:from|between)\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:and|to|until|through|-)\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s+"
            + MONTH + ",?\\s+" + YEAR + "\\b");
    private static final Pattern WEEK_OF_MONTH = Pattern.compile("(?i)\\b(?:the\\s+)?(first|second|third|fourth|1st|2nd|3rd|4th|last)\\s+week\\s+(?:of\\s+)?"
            + MONTH + ",?\\s+" + YEAR + "\\b");
    private static final Pattern HALF = Pattern.compile("(?i)\\b(?:(?:the\\s+)?(first|second|1st|2nd)\\s+half\\s+(?:of\\s+)?" + YEAR + "|h([12])\\s*" + YEAR + ")\\b");
    private static final Pattern YTD = Pattern.compile("(?i)\\b(?:year[- ]to[- ]date|ytd)\\b");
    private static final Pattern SINCE = Pattern.compile("(?i)\\bsince\\s+" + YEAR + "\\b");
    private static final Pattern DAY_WORD = Pattern.compile("(?i)\\b(yesterday|today)\\b");
    private static final Pattern YEAR_ONLY = Pattern.compile("\\b" + YEAR + "\\b");

    private final LocalDate today;

    public TimeframeParser(LocalDate today) {
        this.today = today;
    }

    public Optional<Timeframe> parse(String question) {
        String q = question.replace('’', '\'');
        Matcher m;
        if ((m = ISO_RANGE.matcher(q)).find()) {
            LocalDate a = LocalDate.parse(m.group(1));
            LocalDate b = LocalDate.parse(m.group(2));
            return found(a, b.plusDays(1), Timeframe.Grain.RANGE, m);
        }
        if ((m = MONTH_RANGE.matcher(q)).find()) {
            int endYear = Integer.parseInt(m.group(4));
            int startYear = m.group(2) != null ? Integer.parseInt(m.group(2)) : endYear;
            LocalDate a = LocalDate.of(startYear, month(m.group(1)), 1);
            LocalDate b = LocalDate.of(endYear, month(m.group(3)), 1).plusMonths(1);
            return found(a, b, Timeframe.Grain.RANGE, m);
        }
        if ((m = YEAR_RANGE.matcher(q)).find()) { // "between 2023 and 2025": the years whole, both included
            int first = Integer.parseInt(m.group(1));
            int last = Integer.parseInt(m.group(2));
            if (first < last) return found(LocalDate.of(first, 1, 1), LocalDate.of(last + 1, 1, 1), Timeframe.Grain.RANGE, m);
        }
        if ((m = DAY_RANGE.matcher(q)).find()) { // "from 24 to 30 September 2026"
            int year = Integer.parseInt(m.group(4));
            int month = month(m.group(3));
            int first = Integer.parseInt(m.group(1));
            int last = Integer.parseInt(m.group(2));
            LocalDate monthStart = LocalDate.of(year, month, 1);
            if (first >= 1 && first <= last && last <= monthStart.lengthOfMonth()) {
                return found(monthStart.withDayOfMonth(first), monthStart.withDayOfMonth(last).plusDays(1), Timeframe.Grain.RANGE, m);
            }
        }
        if ((m = WEEK_OF_MONTH.matcher(q)).find()) { // "the first week of September 2026": days 1 to 7
            LocalDate monthStart = LocalDate.of(Integer.parseInt(m.group(3)), month(m.group(2)), 1);
            String which = m.group(1).toLowerCase(Locale.ROOT);
            LocalDate a = which.equals("last") ? monthStart.plusMonths(1).minusDays(7) : monthStart.plusDays(7L * (ORDINAL.get(which) - 1));
            return found(a, a.plusDays(7), Timeframe.Grain.RANGE, m);
        }
        if ((m = MONTH_LIST.matcher(q)).find()) {
            int year = Integer.parseInt(m.group(m.groupCount()));
            LocalDate a = LocalDate.of(year, month(m.group(1)), 1);
            LocalDate b = LocalDate.of(year, month(m.group(m.groupCount() - 1)), 1).plusMonths(1);
            if (a.isBefore(b)) return found(a, b, Timeframe.Grain.RANGE, m);
        }
        if ((m = HALF.matcher(q)).find()) {
            boolean first = m.group(1) != null ? ORDINAL.get(m.group(1).toLowerCase(Locale.ROOT)) == 1 : m.group(3).equals("1");
            int year = Integer.parseInt(m.group(1) != null ? m.group(2) : m.group(4));
            LocalDate a = LocalDate.of(year, first ? 1 : 7, 1);
            return found(a, a.plusMonths(6), Timeframe.Grain.RANGE, m);
        }
        if ((m = QUARTER.matcher(q)).find()) {
            int quarter;
            int year;
            if (m.group(1) != null) {
                quarter = Integer.parseInt(m.group(1));
                year = Integer.parseInt(m.group(2));
            } else if (m.group(3) != null) {
                year = Integer.parseInt(m.group(3));
                quarter = Integer.parseInt(m.group(4));
            } else {
                quarter = ORDINAL.get(m.group(5).toLowerCase(Locale.ROOT));
                year = Integer.parseInt(m.group(6));
            }
            LocalDate a = LocalDate.of(year, 3 * (quarter - 1) + 1, 1);
            return found(a, a.plusMonths(3), Timeframe.Grain.QUARTER, m);
        }
        if ((m = DAY_ISO.matcher(q)).find()) {
            LocalDate d = LocalDate.parse(m.group(1));
            return found(d, d.plusDays(1), Timeframe.Grain.DAY, m);
        }
        if ((m = DAY_TEXT.matcher(q)).find()) {
            LocalDate d = m.group(1) != null
                    ? LocalDate.of(Integer.parseInt(m.group(3)), month(m.group(2)), Integer.parseInt(m.group(1)))
                    : LocalDate.of(Integer.parseInt(m.group(6)), month(m.group(4)), Integer.parseInt(m.group(5)));
            return found(d, d.plusDays(1), Timeframe.Grain.DAY, m);
        }
        if ((m = MONTH_YEAR.matcher(q)).find()) {
            LocalDate a = m.group(1) != null ? LocalDate.of(Integer.parseInt(m.group(2)), month(m.group(1)), 1)
                    : LocalDate.of(Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), 1);
            return found(a, a.plusMonths(1), Timeframe.Grain.MONTH, m);
        }
        if ((m = LAST_N.matcher(q)).find()) {
            int n = Integer.parseInt(m.group(1));
            String unit = m.group(2).toLowerCase(Locale.ROOT);
            LocalDate end = today.plusDays(1);
            LocalDate start = switch (unit) {
                case "day" -> end.minusDays(n);
                case "week" -> end.minusWeeks(n);
                case "month" -> end.minusMonths(n);
                default -> end.minusYears(n);
            };
            return found(start, end, Timeframe.Grain.RANGE, m);
        }
        if ((m = RELATIVE.matcher(q)).find()) {
            boolean previous = !m.group(1).equalsIgnoreCase("this") && !m.group(1).equalsIgnoreCase("current");
            String unit = m.group(2).toLowerCase(Locale.ROOT);
            return switch (unit) {
                case "month" -> {
                    LocalDate a = today.withDayOfMonth(1).minusMonths(previous ? 1 : 0);
                    yield found(a, a.plusMonths(1), Timeframe.Grain.MONTH, m);
                }
                case "quarter" -> {
                    LocalDate a = today.withDayOfMonth(1).withMonth(3 * (today.get(IsoFields.QUARTER_OF_YEAR) - 1) + 1).minusMonths(previous ? 3 : 0);
                    yield found(a, a.plusMonths(3), Timeframe.Grain.QUARTER, m);
                }
                case "week" -> {
                    LocalDate a = today.minusDays(today.getDayOfWeek().getValue() - 1).minusWeeks(previous ? 1 : 0);
                    yield found(a, a.plusWeeks(1), Timeframe.Grain.RANGE, m);
                }
                default -> {
                    LocalDate a = today.withDayOfYear(1).minusYears(previous ? 1 : 0);
                    yield found(a, a.plusYears(1), Timeframe.Grain.YEAR, m);
                }
            };
        }
        if ((m = YTD.matcher(q)).find()) return found(today.withDayOfYear(1), today.plusDays(1), Timeframe.Grain.RANGE, m);
        if ((m = SINCE.matcher(q)).find()) return found(LocalDate.of(Integer.parseInt(m.group(1)), 1, 1), today.plusDays(1), Timeframe.Grain.RANGE, m);
        if ((m = DAY_WORD.matcher(q)).find()) {
            LocalDate d = m.group(1).equalsIgnoreCase("today") ? today : today.minusDays(1);
            return found(d, d.plusDays(1), Timeframe.Grain.DAY, m);
        }
        if ((m = YEAR_ONLY.matcher(q)).find()) {
            LocalDate a = LocalDate.of(Integer.parseInt(m.group(1)), 1, 1);
            return found(a, a.plusYears(1), Timeframe.Grain.YEAR, m);
        }
        return Optional.empty();
    }

    /** At most this many periods are read from one question ("2019, 2020, ... and 2026" beyond it is not a list of periods). */
    public static final int MAX_PERIODS = 12;

    /** The periods a question names and the question with their words blanked out. */
    private record Read(List<Timeframe> periods, String rest) {}

    /**
     * Every period the question names, in the order found: "in 2024 and 2025" names two, "between 2023 and 2025" one
     * range. Each period's words are taken out before the next is looked for, so no words count twice.
     */
    public List<Timeframe> parseAll(String question) {
        return read(question).periods();
    }

    /** The question without the words of the periods it names (blanked, so that the other words keep their places). */
    public String withoutPeriods(String question) {
        return read(question).rest();
    }

    private Read read(String question) {
        List<Timeframe> out = new ArrayList<>();
        String rest = question.replace('’', '\'');
        for (Optional<Timeframe> tf = parse(rest); tf.isPresent() && out.size() <= MAX_PERIODS; tf = parse(rest)) {
            Timeframe t = tf.get();
            if (out.stream().noneMatch(o -> o.start().equals(t.start()) && o.end().equals(t.end()))) out.add(t);
            int at = rest.indexOf(t.text());
            if (at < 0) break;
            rest = rest.substring(0, at) + " ".repeat(t.text().length()) + rest.substring(at + t.text().length());
        }
        return new Read(out, rest);
    }

    private static final Pattern PERIOD_WORD = Pattern.compile("(?i)\\b(?:q[1-4]|h[12]|(?:19|20)\\d{2}|january|february|march|april|june|july|august|"
            + "september|october|november|december|jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec)\\b");

    /**
     * The words of a period the question names but that no whole period takes ("Q1" in "Q1 and Q2 2025", where only
     * "Q2 2025" is a period): a question with such words must not be answered for the periods that were read.
     */
    public List<String> loosePeriodWords(String question) {
        List<String> out = new ArrayList<>();
        Matcher m = PERIOD_WORD.matcher(withoutPeriods(question));
        while (m.find()) out.add(m.group());
        return out;
    }

    private static Optional<Timeframe> found(LocalDate start, LocalDate end, Timeframe.Grain grain, Matcher m) {
        return Optional.of(new Timeframe(start, end, grain, m.group()));
    }

    static int month(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        String[] prefixes = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
        for (int i = 0; i < prefixes.length; i++) if (n.startsWith(prefixes[i])) return i + 1;
        throw new IllegalArgumentException(name);
    }
}
