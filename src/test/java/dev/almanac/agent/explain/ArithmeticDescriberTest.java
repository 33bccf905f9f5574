package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;


import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ArithmeticDescriberTest {
    static Parsing parsing;

    @BeforeAll
    static void open() {
        parsing = new Parsing();
    }

    @AfterAll
    static void close() {
        parsing.close();
    }

    static String value(String sql) {
        return parsing.explainer.values.value(parsing.firstItem(sql), parsing.scope(), "leads");
    }

    @Test
    void a_hundred_times_a_conditional_count_over_the_count_is_a_share_in_percent() {
        assertThat(value("SELECT 100.0 * count(*) FILTER (WHERE status = 'converted') / count(*) FROM leads"))
                .isEqualTo("the share of leads whose status is 'converted', in percent");
    }

    @Test
    void a_hundred_times_other_measures_is_a_percentage_of_the_whole() {
        assertThat(value("SELECT 100 * sum(won_amount) / sum(amount) FROM leads")).isEqualTo("the total of won amount, as a percentage of the total of amount");
    }

    @Test
    void a_unit_change_is_said_as_it_is() {
        assertThat(value("SELECT sum(mrr_cents) / 100.0 FROM leads")).isEqualTo("the total of MRR cents divided by 100");
    }

    @Test
    void a_difference_inside_a_ratio_is_bracketed_once_and_never_nested() {
        assertThat(value("SELECT (a - b) / b FROM t")).isEqualTo("(a minus b) divided by b");
        assertThat(value("SELECT (a - (b - c)) * d FROM t")).isEqualTo("(a minus the result of b minus c) times d");
    }
}
