package dev.almanac.quality;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
}
