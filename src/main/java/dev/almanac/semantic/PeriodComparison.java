package dev.almanac.semantic;


import dev.almanac.quality.Timeframe;
import dev.almanac.quality.TimeframeParser;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules that read a period asked against another ("2025 compared with 2024", "year over year", "than the quarter
 * before"), tried in this order once the question's period is found ({@link TimeframeParser}): the first that reads the
 * question gives the period asked, the one it is compared with and the question's words without either; none reading it
 * leaves the period alone. Each is a named rule with the examples it must read beside it, {@code "question => asked vs
 * compared"}, each period as its first and its day after the last ({@code 2026-03-01/2026-04-01}), read on 22 November
 * 2026 by {@code PeriodComparisonTest}. The words are English's, never a model's.
 */
enum PeriodComparison {
    /**
     * "goals vs last year", "bookings compared to last quarter": the only period said is the one compared with, the period
     * before the present one of its kind; the present one (to date) is asked.
     */
    ONLY_THE_ONE_COMPARED("goals scored vs last year => 2026-01-01/2027-01-01 vs 2025-01-01/2026-01-01",
            "bookings compared to last quarter => 2026-10-01/2027-01-01 vs 2026-07-01/2026-10-01") {
        @Override
        Optional<Read> read(TimeframeParser timeframes, String q, Timeframe p) {
            Matcher m = Pattern.compile("(?i)\\b(?:vs\\.?|versus|against|(?:compared|relative)\\s+(?:to|with))\\s+(" + Pattern.quote(p.text().strip()) + ")\\s*[?.!]?\\s*$").matcher(q);
            if (!m.find() || !p.text().strip().matches("(?i)(?:the\\s+)?(?:last|previous|prior)\\s+(?:year|quarter|month|week)")) return Optional.empty();
            if (timeframes.parse(q.substring(0, m.start())).isPresent()) return Optional.empty();
            java.time.Period length = java.time.Period.between(p.start(), p.end());
            Timeframe present = new Timeframe(p.end(), p.end().plus(length), p.grain(), "");
            return Optional.of(new Read(Optional.of(present), Optional.of(p), q.substring(0, m.start()) + " "));
        }
    },
    /** "year-over-year change in signups for Q3 2026", "YoY sales in March": the period against the same one a year before. */
    YEAR_OVER_YEAR("goals scored year over year in March 2026 => 2026-03-01/2026-04-01 vs 2025-03-01/2025-04-01",
            "YoY sales for Q2 2025 => 2025-04-01/2025-07-01 vs 2024-04-01/2024-07-01") {
        @Override
        Optional<Read> read(TimeframeParser timeframes, String q, Timeframe p) {
            Matcher yearOverYear = YEAR_OVER_YEAR_WORDS.matcher(q);
            if (!yearOverYear.find() || timeframes.parse(q.replace(p.text(), " ")).isPresent()) return Optional.empty();
            return Optional.of(aYearBefore(q, p, yearOverYear.group()));
        }
    },
    /** "than in the same quarter a year earlier", "compared with the year before": the asked period, a year back. */
    SAME_PERIOD_A_YEAR_EARLIER("were sales in May 2026 higher than a year earlier => 2026-05-01/2026-06-01 vs 2025-05-01/2025-06-01",
            "visits in Q1 2026 compared with the same quarter of the previous year => 2026-01-01/2026-04-01 vs 2025-01-01/2025-04-01",
            "visits in q3 2026 vs same period last year => 2026-07-01/2026-10-01 vs 2025-07-01/2025-10-01") {
        @Override
        Optional<Read> read(TimeframeParser timeframes, String q, Timeframe p) {
            Matcher yearEarlier = YEAR_EARLIER_WORDS.matcher(q);
            if (!COMPARE_WORDS.matcher(q).find() || !yearEarlier.find()) return Optional.empty();
            return Optional.of(aYearBefore(q, p, yearEarlier.group()));
        }
    },
    /** "Q3 2026 vs the prior quarter", "sales in September MoM", "did visits grow in Q3": against the period just before. */
    PREVIOUS_PERIOD("visits in Q3 2026 vs the prior quarter => 2026-07-01/2026-10-01 vs 2026-04-01/2026-07-01",
            "did bookings grow in October 2026 => 2026-10-01/2026-11-01 vs 2026-09-01/2026-10-01") {
        @Override
        Optional<Read> read(TimeframeParser timeframes, String q, Timeframe p) {
            Optional<String> said = previousPeriodSaid(q, p);
            return said.map(s -> new Read(Optional.of(p), Optional.of(previousOf(p, s)), q.replace(p.text(), " ").replace(s, " ")));
        }
    },
    /** "2025 compared with 2024", "from September 2025 to September 2026" with a comparison: two periods, the later one asked. */
    TWO_PERIODS("how did sales in 2025 compare with 2024 => 2025-01-01/2026-01-01 vs 2024-01-01/2025-01-01",
            "did visits change from September 2025 to September 2026 => 2026-09-01/2026-10-01 vs 2025-09-01/2025-10-01") {
        @Override
        Optional<Read> read(TimeframeParser timeframes, String q, Timeframe p) {
            if (!COMPARE_WORDS.matcher(q).find()) return Optional.empty();
            Optional<Timeframe> period = Optional.of(p), compared = Optional.empty();
            String text = q;
            Matcher fromTo = FROM_TO.matcher(q);
            if (p.grain() == Timeframe.Grain.RANGE && fromTo.find()) { // "from September 2025 to September 2026" is two periods here
                Optional<Timeframe> a = timeframes.parse(fromTo.group(1));
                Optional<Timeframe> b = timeframes.parse(fromTo.group(2));
                if (a.isPresent() && b.isPresent()) {
                    period = a;
                    compared = b;
                    text = q.replace(fromTo.group(), " ");
                }
            } else {
                String after = q.replace(p.text(), " ");
                Optional<Timeframe> other = timeframes.parse(after);
                compared = other;
                text = other.map(o -> after.replace(o.text(), " ")).orElse(after);
            }
            if (compared.isPresent() && compared.get().start().isAfter(period.get().start())) return Optional.of(new Read(compared, period, text));
            return Optional.of(new Read(period, compared, text));
        }
    };

    /** What the rules read: the period asked, the one it is compared with, and the question's words without them. */
    record Read(Optional<Timeframe> asked, Optional<Timeframe> compared, String rest) {}

    private final List<String> examples;

    PeriodComparison(String... examples) {
        this.examples = List.of(examples);
    }

    /** The examples the rule must read, {@code "question => asked vs compared"}. */
    List<String> examples() {
        return examples;
    }

    /** The periods this rule reads in the question of the period found, or empty when it is not so worded. */
    abstract Optional<Read> read(TimeframeParser timeframes, String q, Timeframe period);

    /** The asked period against the same one a year before, said by {@code said}; neither's words left in the question. */
    private static Read aYearBefore(String q, Timeframe p, String said) {
        Timeframe before = new Timeframe(p.start().minusYears(1), p.end().minusYears(1), p.grain(), said);
        return new Read(Optional.of(p), Optional.of(before), q.replace(p.text(), " ").replace(said, " "));
    }

    /** The periods of a question whose period (if any) was found: the first rule's that reads it, else that period alone. */
    static Read of(TimeframeParser timeframes, String q, Optional<Timeframe> period) {
        if (period.isEmpty()) return new Read(period, Optional.empty(), q);
        for (PeriodComparison rule : values()) {
            Optional<Read> read = rule.read(timeframes, q, period.get());
            if (read.isPresent()) return read.get();
        }
        return new Read(period, Optional.empty(), q.replace(period.get().text(), " "));
    }

    /** The period just before the asked one, of its kind: "the previous quarter", "the month before", "the prior period". */
    private static final Pattern PREVIOUS_PERIOD_WORDS = Pattern.compile("(?i)\\b(?:(?:than|vs\\.?|versus|against|(?:compared|relative)\\s+(?:to|with)|from|over)\\s+)"
            + "(?:(?:in|during)\\s+)?(?:the\\s+)?(?:(?:previous|prior|preceding|last)\\s+(month|quarter|week|period)|(month|quarter|week|period)\\s+before)\\b");

    /** A period against the one just before it, said in one word: "month-over-month", "QoQ", "WoW". */
    private static final Pattern PERIOD_OVER_PERIOD = Pattern.compile("(?i)\\b(?:(month|quarter|week)[- ](?:over|on)[- ](?:month|quarter|week)|(mom|qoq|wow))\\b");

    /** Verbs of a change of amount, said of one period: "did signups grow in Q3" is Q3 against the quarter before. */
    private static final Pattern CHANGE_OF_ONE_PERIOD = Pattern.compile("(?i)\\b(?:grow|grows|grew|grown|growth|increase[ds]?|decrease[ds]?|change[ds]?"
            + "|rise|rises|rose|risen|fall|falls|fell|fallen|drop(?:s|ped)?|(?:go|goes|went|gone)\\s+(?:up|down))\\b");

    /**
     * The words that ask for the asked period against the one just before it, when they fit it: "the previous quarter" of a
     * quarter, "MoM" of a month, "the prior period" or a verb of change of any period whose length is known; empty when
     * no such words are said, or they name another kind of period ("the previous week" of a quarter), or the question asks
     * for a breakdown (a change "by month in 2025" is a series of changes, not one).
     */
    private static Optional<String> previousPeriodSaid(String q, Timeframe asked) {
        Matcher m = PREVIOUS_PERIOD_WORDS.matcher(q);
        if (m.find()) {
            String unit = (m.group(1) != null ? m.group(1) : m.group(2)).toLowerCase(Locale.ROOT);
            return unit.equals("period") || unit.equals(unitOf(asked)) ? Optional.of(m.group()) : Optional.empty();
        }
        m = PERIOD_OVER_PERIOD.matcher(q);
        if (m.find()) {
            String unit = m.group(1) != null ? m.group(1).toLowerCase(Locale.ROOT)
                    : switch (m.group(2).toLowerCase(Locale.ROOT)) { case "mom" -> "month"; case "qoq" -> "quarter"; default -> "week"; };
            return unit.equals(unitOf(asked)) ? Optional.of(m.group()) : Optional.empty();
        }
        m = CHANGE_OF_ONE_PERIOD.matcher(q);
        if (m.find() && unitOf(asked) != null && !COMPARE_OTHER.matcher(q).find() && QuestionWords.tokens(q, true).stream().noneMatch(Breakdown.BREAKDOWN_CUES::contains)) {
            return Optional.of(m.group());
        }
        return Optional.empty();
    }

    /** Words that name what a change is against, so that the period before is not meant: "grew more than refunds", "vs 2024". */
    private static final Pattern COMPARE_OTHER = Pattern.compile("(?i)\\b(?:than|versus|vs\\.?|against|compared|comparison|since|from)\\b");

    /** The kind of period: month, quarter, year, week (seven days from a Monday); null for another length. */
    private static String unitOf(Timeframe p) {
        return switch (p.grain()) {
            case MONTH -> "month";
            case QUARTER -> "quarter";
            case YEAR -> "year";
            case DAY -> "day";
            case RANGE -> p.start().getDayOfWeek() == java.time.DayOfWeek.MONDAY && p.end().equals(p.start().plusDays(7)) ? "week" : null;
        };
    }

    /** The period of the asked one's kind just before it. */
    private static Timeframe previousOf(Timeframe p, String said) {
        return switch (p.grain()) {
            case MONTH -> new Timeframe(p.start().minusMonths(1), p.start(), p.grain(), said);
            case QUARTER -> new Timeframe(p.start().minusMonths(3), p.start(), p.grain(), said);
            case YEAR -> new Timeframe(p.start().minusYears(1), p.start(), p.grain(), said);
            case DAY, RANGE -> new Timeframe(p.start().getDayOfMonth() == 1 && p.end().getDayOfMonth() == 1 // whole months: as many months
                    ? p.start().minusMonths(java.time.temporal.ChronoUnit.MONTHS.between(p.start(), p.end()))
                    : p.start().minusDays(java.time.temporal.ChronoUnit.DAYS.between(p.start(), p.end())), p.start(), p.grain(), said);
        };
    }

    /** The period against the same one a year before, said in one word: "year-over-year", "year on year", "YoY". */
    private static final Pattern YEAR_OVER_YEAR_WORDS = Pattern.compile("(?i)\\b(?:year[- ]over[- ]year|year[- ]on[- ]year|yoy)\\b");

    private static final Pattern YEAR_EARLIER_WORDS = Pattern.compile("(?i)\\b(?:(?:in|with|to)\\s+)?(?:(?:the\\s+)?same\\s+(?:day|week|month|quarter|half|period|time)\\s+)?"
            + "(?:a\\s+year\\s+(?:earlier|before|ago)|(?:of\\s+)?(?:the\\s+)?(?:previous|prior|last)\\s+year|the\\s+year\\s+before)\\b");

    private static final Pattern FROM_TO = Pattern.compile("(?i)\\bfrom\\s+(.+?)\\s+to\\s+(.+?)(?=\\?|$|,)");

    static final Pattern COMPARE_WORDS = Pattern.compile("(?i)\\b(compare[ds]?|comparison|versus|vs\\.?|against|than|grow|grew|growth|change[ds]?|differ(ence)?|increase[ds]?|decrease[ds]?|lower|higher|more|less|bigger|smaller"
            + "|rise|rose|fell|fall|drop(?:ped)?|(?:go|goes|went|gone)\\s+(?:up|down))\\b");

    static final Set<String> COMPARISON_FILLER = Set.of("compare", "compared", "comparison", "versus", "vs", "against", "than", "grow", "grew",
            "growth", "change", "changed", "differ", "difference", "increase", "increased", "decrease", "decreased", "more", "less",
            "same", "previous", "prior", "year", "did", "from", "lower", "higher", "bigger", "smaller", "better", "worse", "or",
            // the verbs of a change of amount ("did bookings go up in Q3 vs Q2", "fell", "dropped")
            "go", "goes", "went", "gone", "up", "down", "rise", "rose", "risen", "fall", "fell", "fallen", "drop", "dropped");
}
