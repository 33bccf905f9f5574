package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;


import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class FunctionDescriberTest {
    static Parsing parsing;

    @BeforeAll
    static void open() {
        parsing = new Parsing();
    }

    @AfterAll
    static void close() {
        parsing.close();
    }

    static String measure(String sql) {
        return new FunctionDescriber(parsing.explainer).function(parsing.firstItem(sql), parsing.scope(), "orders");
    }

    @Test
    void counts_say_what_is_counted() {
        assertThat(measure("SELECT count(*) FROM orders")).isEqualTo("the number of orders");
        assertThat(measure("SELECT count(DISTINCT customer_id) FROM orders")).isEqualTo("the number of different customer IDs");
        assertThat(measure("SELECT count(shipped_at) FROM orders")).isEqualTo("the number of orders with shipped at filled in");
        assertThat(measure("SELECT count(*) FILTER (WHERE status = 'paid') FROM orders")).isEqualTo("the number of orders whose status is 'paid'");
    }

    @Test
    void a_sum_of_a_one_or_zero_case_is_a_count_of_those_rows() {
        assertThat(measure("SELECT sum(CASE WHEN status = 'paid' THEN 1 ELSE 0 END) FROM orders")).isEqualTo("the number of orders whose status is 'paid'");
        assertThat(measure("SELECT sum(amount) FROM orders")).isEqualTo("the total of amount");
    }

    @Test
    void min_and_max_of_a_time_are_earliest_and_latest() {
        assertThat(measure("SELECT min(order_date) FROM orders")).isEqualTo("the earliest order date");
        assertThat(measure("SELECT max(amount) FROM orders")).isEqualTo("the highest amount");
    }

    @Test
    void rounding_and_defaults_are_left_out_and_dates_are_cut_to_a_grain() {
        assertThat(measure("SELECT round(avg(amount), 2) FROM orders")).isEqualTo("the average of amount");
        assertThat(measure("SELECT date_trunc('month', order_date) FROM orders")).isEqualTo("the month of order date");
        assertThat(measure("SELECT year(order_date) FROM orders")).isEqualTo("the year of order date");
    }

    @Test
    void a_concatenation_of_labels_is_each_label_with_its_condition() {
        assertThat(measure("SELECT 'plan ' || CASE WHEN is_legacy THEN 'old' ELSE 'new' END FROM plans"))
                .isEqualTo("'plan old' where they are legacy, else 'plan new'");
    }
}
