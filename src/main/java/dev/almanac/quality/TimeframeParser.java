package dev.almanac.quality;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the period a question asks about, deterministically, by the {@link PeriodRule}s (each with the phrases it
 * must read): years, quarters, halves, months, days, ranges ("between March and June 2023", "Q1-Q3 2025"), phrases
 * relative to today ("last quarter", "YTD", "past 30 days", "since March", "Q3 last year"), a month's or year's end,
 * and fiscal years when the project defines one. Everything is resolved against an injectable current date; the
 * phrases read are listed in docs/SEMANTIC.md ("Periods").
 */
public final class TimeframeParser {
    /** At most this many periods are read from one question ("2019, 2020, ... and 2026" beyond it is not a list of periods). */
    public static final int MAX_PERIODS = 12;

    /** A period a year before the one asked: a comparison, never a period of its own ("revenue this quarter versus a year ago"). */
    private static final Pattern YEAR_EARLIER = Pattern.compile("(?i)\\b(?:a\\s+year\\s+(?:ago|earlier|before)|(?:at\\s+)?(?:this|the\\s+same)\\s+time\\s+last\\s+year"
            + "|(?:in\\s+)?(?:the\\s+)?same\\s+(?:period|day|week|month|quarter|half|time)\\s+(?:last\\s+year|a\\s+year\\s+(?:ago|earlier|before)"
            + "|(?:of\\s+)?the\\s+(?:previous|prior)\\s+year))\\b");

    /** Words of a period that the rules did not read whole: the question must not be answered for some other period. */
    private static final Pattern PERIOD_WORD = Pattern.compile("(?i)\\b(?:q[1-4]|h[12]|january|february|march|april|june|july|august|"
            + "september|october|november|december|jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec|fiscal|fy\\s?'?\\d*|[yqm]td|fytd|ttm|ltm"
            + "|spring|summer|autumn|winter|the\\s+fall|holidays?(?:\\s+season)?|christmas|xmas|easter|thanksgiving|black\\s+friday|cyber\\s+monday"
            + "|weekend|since(?:\\s+the)?\\s+\\w+|(?:first|second|third|fourth|1st|2nd|3rd|4th)\\s+(?:quarter|half)|end\\s+of\\s+the\\s+(?:month|quarter|year))\\b");

    private final LocalDate today;
    private final FiscalYear fiscal;
    /** Words that are names of the data ("a table called april"): never a month said alone. */
    private final java.util.function.Predicate<String> names;

    /** Calendar years and quarters. */
    public TimeframeParser(LocalDate today) {
        this(today, FiscalYear.CALENDAR);
    }

    /** Reading "FY2026", "this fiscal year", "fiscal Q2" against the project's fiscal year. */
    public TimeframeParser(LocalDate today, FiscalYear fiscal) {
        this(today, fiscal, w -> false);
    }

    private TimeframeParser(LocalDate today, FiscalYear fiscal, java.util.function.Predicate<String> names) {
        this.today = today;
        this.fiscal = fiscal;
        this.names = names;
    }

    /** The same parser, never reading a month said alone ("rainfall august") where the word is one of these names. */
    public TimeframeParser withNames(java.util.function.Predicate<String> names) {
        return new TimeframeParser(today, fiscal, names);
    }

    /** The first period the question names (by the rules' order), with the words that name it. */
    public Optional<Timeframe> parse(String question) {
        String q = question.replace('’', '\'');
        return first(q, q).map(Found::period);
    }

    /** A period and the rule that read it. */
    record Found(PeriodRule rule, Timeframe period) {}

    /** The first period in {@code text} by the rules' order; {@code question} is the whole question the text is part of. */
    Optional<Found> first(String text, String question) {
        String masked = blank(text, YEAR_EARLIER);
        PeriodContext c = new PeriodContext(today, fiscal, question, words -> first(words, question).map(Found::period), names);
        for (PeriodRule rule : PeriodRule.values()) {
            Matcher m = rule.pattern().matcher(masked);
            while (m.find()) {
                Timeframe t;
                try {
                    t = rule.read(m, c);
                } catch (DateTimeException | IllegalArgumentException e) { // "31 February 2026": no such day, so no period
                    t = null;
                }
                if (t != null) return Optional.of(new Found(rule, t.withText(text.substring(m.start(), m.end()))));
            }
        }
        return Optional.empty();
    }

    /**
     * The same period a year earlier when the question compares with it ("a year ago", "this time last year", "the same
     * quarter last year"); these words are never read as a period of their own.
     */
    public Optional<Timeframe> yearEarlier(String question, Timeframe asked) {
        Matcher m = YEAR_EARLIER.matcher(question.replace('’', '\''));
        if (!m.find()) return Optional.empty();
        Timeframe earlier = new Timeframe(asked.start().minusYears(1), asked.end().minusYears(1), asked.grain(), m.group());
        return Optional.of(earlier.describedAs("a year earlier (" + earlier.inWords() + ")"));
    }

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
        String whole = question.replace('’', '\'');
        String rest = whole;
        for (Optional<Found> f = first(rest, whole); f.isPresent() && out.size() <= MAX_PERIODS; f = first(rest, whole)) {
            Timeframe t = f.get().period();
            if (out.stream().noneMatch(o -> o.start().equals(t.start()) && o.end().equals(t.end()))) out.add(t);
            int at = rest.indexOf(t.text());
            if (at < 0) break;
            rest = rest.substring(0, at) + " ".repeat(t.text().length()) + rest.substring(at + t.text().length());
        }
        return new Read(out, rest);
    }

    /**
     * The words of a period the question names but that no rule reads whole ("Q1" in "Q1 and Q2 2025", where only "Q2
     * 2025" is a period; "since the launch"; "over the holidays"; "a year ago" with no period to be a year before): a
     * question with such words must not be answered for the periods that were read, nor for none.
     */
    public List<String> loosePeriodWords(String question) {
        Read r = read(question);
        String rest = r.rest();
        if (!r.periods().isEmpty()) rest = blank(rest, YEAR_EARLIER); // a comparison with the period read: the caller's to read
        record Hit(int at, String words) {}
        List<Hit> hits = new ArrayList<>();
        for (Pattern p : List.of(PERIOD_WORD, YEAR_EARLIER, PeriodRule.YEAR_ALONE.pattern())) {
            Matcher m = p.matcher(rest);
            while (m.find()) hits.add(new Hit(m.start(), m.group()));
        }
        return hits.stream().sorted(Comparator.comparingInt(Hit::at)).map(Hit::words).distinct().toList();
    }

    private static String blank(String text, Pattern p) {
        Matcher m = p.matcher(text);
        StringBuilder out = new StringBuilder(text);
        while (m.find()) for (int i = m.start(); i < m.end(); i++) out.setCharAt(i, ' ');
        return out.toString();
    }
}
