package dev.almanac.quality;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.params.provider.MethodSource;

class TimeframeParserTest {
    static final TimeframeParser PARSER = new TimeframeParser(LocalDate.of(2026, 11, 22));

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            What was revenue in 2024?                          | 2024-01-01 | 2025-01-01 | YEAR
            MRR at the end of 2025                             | 2025-01-01 | 2026-01-01 | YEAR
            Shop revenue in Q4 2024                            | 2024-10-01 | 2025-01-01 | QUARTER
            orders 2024-Q2                                     | 2024-04-01 | 2024-07-01 | QUARTER
            NPS in the second quarter of 2026                  | 2026-04-01 | 2026-07-01 | QUARTER
            MRR in September 2026                              | 2026-09-01 | 2026-10-01 | MONTH
            MRR in Sept 2026                                   | 2026-09-01 | 2026-10-01 | MONTH
            spend for 2025-03                                  | 2025-03-01 | 2025-04-01 | MONTH
            revenue between March and June 2023                | 2023-03-01 | 2023-07-01 | RANGE
            from November 2024 to February 2025                | 2024-11-01 | 2025-03-01 | RANGE
            orders in April, May and June 2024                 | 2024-04-01 | 2024-07-01 | RANGE
            between 2023-01-05 and 2023-02-10                  | 2023-01-05 | 2023-02-11 | RANGE
            signups on 15 September 2026                       | 2026-09-15 | 2026-09-16 | DAY
            signups on September 15, 2026                      | 2026-09-15 | 2026-09-16 | DAY
            signups on 2026-09-15                              | 2026-09-15 | 2026-09-16 | DAY
            revenue last month                                 | 2026-10-01 | 2026-11-01 | MONTH
            revenue this month                                 | 2026-11-01 | 2026-12-01 | MONTH
            refunds last quarter                               | 2026-07-01 | 2026-10-01 | QUARTER
            refunds this quarter                               | 2026-10-01 | 2027-01-01 | QUARTER
            churn last year                                    | 2025-01-01 | 2026-01-01 | YEAR
            tickets in the last 30 days                        | 2026-10-24 | 2026-11-23 | RANGE
            revenue year to date                               | 2026-01-01 | 2026-11-23 | RANGE
            customers since 2024                               | 2024-01-01 | 2026-11-23 | RANGE
            signups yesterday                                  | 2026-11-21 | 2026-11-22 | DAY
            sign-ups each day from 3 to 9 March 2025           | 2025-03-03 | 2025-03-10 | RANGE
            tickets between the 1st and 15th of nothing, 2025  | 2025-01-01 | 2026-01-01 | YEAR
            users in the first week of June 2026               | 2026-06-01 | 2026-06-08 | RANGE
            users in the last week of February 2024            | 2024-02-23 | 2024-03-01 | RANGE
            """)
    void finds_the_period(String question, String start, String end, String grain) {
        Timeframe tf = PARSER.parse(question).orElseThrow();
        assertThat(tf.start()).isEqualTo(start);
        assertThat(tf.end()).isEqualTo(end);
        assertThat(tf.grain()).hasToString(grain);
        assertThat(question).contains(tf.text());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            How many customers do we have?
            Which products may sell best?
            List the top 10 products
            """)
    void finds_none_where_none_is_named(String question) {
        assertThat(PARSER.parse(question)).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void reads_every_period_a_question_names_and_each_period_once() {
        assertThat(PARSER.parseAll("What was shop revenue in 2024 and 2025?")).extracting(Timeframe::label).containsExactly("2024", "2025");
        assertThat(PARSER.parseAll("MRR in August 2026 versus September 2026")).extracting(Timeframe::label)
                .containsExactly("August 2026", "September 2026");
        assertThat(PARSER.parseAll("orders in Q1 2025, Q2 2025 and Q1 2025")).extracting(Timeframe::label).containsExactly("Q1 2025", "Q2 2025");
        assertThat(PARSER.parseAll("revenue between 2023 and 2025")).as("a range is one period").hasSize(1);
        assertThat(PARSER.parseAll("revenue by region")).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void names_the_period_words_no_whole_period_took() {
        assertThat(PARSER.loosePeriodWords("revenue in Q1 and Q2 2025")).containsExactly("Q1");
        assertThat(PARSER.loosePeriodWords("signups in March and in June 2024")).containsExactly("March");
        assertThat(PARSER.loosePeriodWords("revenue in 2024 and 2025")).isEmpty();
        assertThat(PARSER.loosePeriodWords("orders from November 2024 to February 2025")).isEmpty();
    }

    static final LocalDate TODAY = LocalDate.of(2026, 11, 22);

    /** Every rule's corpus: "[fyN: ]phrase => start..end GRAIN", read with a fiscal year starting in month N when given. */
    static Stream<Arguments> corpus() {
        return Arrays.stream(PeriodRule.values()).flatMap(rule -> rule.examples().stream().map(example -> Arguments.of(rule, example)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("corpus")
    void every_rule_reads_the_phrases_of_its_corpus(PeriodRule rule, String example) {
        String phrase = example.substring(0, example.indexOf(" => "));
        FiscalYear fiscal = FiscalYear.CALENDAR;
        if (phrase.matches("fy\\d+: .*")) {
            fiscal = new FiscalYear(Integer.parseInt(phrase.substring(2, phrase.indexOf(':'))));
            phrase = phrase.substring(phrase.indexOf(": ") + 2);
        }
        String[] expected = example.substring(example.indexOf(" => ") + 4).split("\\.\\.| ");
        TimeframeParser.Found found = new TimeframeParser(TODAY, fiscal).first(phrase, phrase).orElseThrow(() -> new AssertionError("no period read"));
        assertThat(found.rule()).as("the rule that read it").isEqualTo(rule);
        assertThat(found.period().start()).hasToString(expected[0]);
        assertThat(found.period().end()).hasToString(expected[1]);
        assertThat(found.period().grain()).hasToString(expected[2]);
        assertThat(phrase).contains(found.period().text());
    }

    @Test
    void every_rule_has_a_corpus() {
        assertThat(PeriodRule.values()).allSatisfy(rule -> assertThat(rule.examples()).as(rule.name()).isNotEmpty());
    }

    @ParameterizedTest
    @FieldSource("dev.almanac.quality.PeriodRule#NOT_PERIODS")
    void reads_no_period_in_everyday_words(String phrase) {
        assertThat(PARSER.parse(phrase)).isEmpty();
        assertThat(PARSER.parseAll(phrase)).isEmpty();
    }

    @Test
    void a_month_said_alone_that_is_a_name_of_the_data_is_no_period() {
        assertThat(PARSER.parse("rainfall august")).map(Timeframe::label).contains("August 2026");
        TimeframeParser named = PARSER.withNames(w -> w.equals("april"));
        assertThat(named.parse("How many april rows are there?")).isEmpty();
        assertThat(named.parse("rainfall in April")).as("after a preposition it is the month").map(Timeframe::label).contains("April 2026");
        assertThat(named.parse("rainfall august")).map(Timeframe::label).contains("August 2026");
    }

    @Test
    void reads_a_month_or_quarter_without_its_year_only_when_the_question_writes_no_year() {
        assertThat(PARSER.parseAll("revenue in Q1 and Q2")).extracting(Timeframe::label).containsExactly("Q1 2026", "Q2 2026");
        assertThat(PARSER.parseAll("revenue in Q1 and Q2 2025")).extracting(Timeframe::label).containsExactly("Q2 2025");
        assertThat(PARSER.parseAll("revenue in Q1 versus Q1 last year")).extracting(Timeframe::label).containsExactly("Q1 2025", "Q1 2026");
        assertThat(PARSER.parseAll("revenue in March vs February")).extracting(Timeframe::label).containsExactly("March 2026", "February 2026");
        assertThat(PARSER.parseAll("revenue in March vs February 2026")).extracting(Timeframe::label).containsExactly("February 2026");
        assertThat(PARSER.loosePeriodWords("revenue in March vs February 2026")).containsExactly("March");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            revenue since the spring             | since the spring
            orders around the holidays           | holidays
            revenue over the summer of 2025      | summer
            revenue a year ago                   | a year ago
            bookings in fiscal quarter three     | fiscal
            customers at the end of the month    | end of the month
            revenue in the first quarter of each year | first quarter
            """)
    void names_the_words_of_a_period_it_cannot_read_whole(String question, String loose) {
        assertThat(PARSER.loosePeriodWords(question)).contains(loose);
    }

    @Test
    void reads_a_year_earlier_only_as_a_comparison_with_the_period_asked() {
        String question = "revenue this quarter versus a year ago";
        Timeframe asked = PARSER.parse(question).orElseThrow();
        assertThat(asked.label()).isEqualTo("Q4 2026");
        assertThat(PARSER.loosePeriodWords(question)).isEmpty();
        Timeframe earlier = PARSER.yearEarlier(question, asked).orElseThrow();
        assertThat(earlier.label()).isEqualTo("Q4 2025");
        assertThat(earlier.text()).isEqualTo("a year ago");
        assertThat(PARSER.parse("revenue this time last year")).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            0  | revenue Jan-Mar 2026            | January to March 2026
            0  | tickets in the past 30 days     | the 30 days to 22 Nov 2026
            4  | revenue in FY2026               | fiscal 2026 (Apr 2025 to Mar 2026)
            4  | revenue in fiscal Q2            | fiscal Q2 2027 (Jul to Sep 2026)
            2  | revenue last fiscal quarter     | fiscal Q3 2027 (Aug to Oct 2026)
            0  | MRR at the end of March 2026    | the end of March 2026
            0  | revenue by the end of March     | the year to the end of March 2026 (January to March 2026)
            0  | signups since March             | 1 Mar to 22 Nov 2026
            0  | revenue YTD                     | 1 Jan to 22 Nov 2026
            0  | TTM revenue                     | the 12 months to October 2026 (November 2025 to October 2026)
            0  | orders in Q3 2026               | Q3 2026
            0  | orders on 15 September 2026     | 15 Sep 2026
            """)
    void says_the_period_read_in_words(int fiscalStart, String question, String words) {
        TimeframeParser parser = new TimeframeParser(TODAY, fiscalStart == 0 ? FiscalYear.CALENDAR : new FiscalYear(fiscalStart));
        assertThat(parser.parse(question).orElseThrow().inWords()).isEqualTo(words);
    }
}
