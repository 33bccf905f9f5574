package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ConditionDescriberTest {
    static Parsing parsing;

    @BeforeAll
    static void open() {
        parsing = new Parsing();
    }

    @AfterAll
    static void close() {
        parsing.close();
    }

    static List<String> where(String sql) {
        return new ConditionDescriber(parsing.explainer).conditions(parsing.tree(sql).path("where_clause"), parsing.scope());
    }

    @Test
    void a_lower_and_an_upper_bound_on_one_column_are_one_period() {
        assertThat(where("SELECT 1 FROM orders WHERE order_date >= DATE '2026-07-01' AND order_date < DATE '2026-10-01' AND status = 'paid'"))
                .containsExactly("order date is in Q3 2026", "status is 'paid'");
    }

    @Test
    void bounds_that_are_not_a_whole_period_say_from_and_before() {
        assertThat(where("SELECT 1 FROM orders WHERE order_date >= DATE '2026-07-03' AND amount < 10"))
                .containsExactly("order date is from 3 July 2026", "amount is below 10");
    }

    @Test
    void a_date_computed_from_constants_is_the_period_it_names() {
        assertThat(where("SELECT 1 FROM mrr_snapshots WHERE snapshot_month = date_trunc('month', DATE '2026-09-17') - INTERVAL 1 MONTH"))
                .containsExactly("snapshot month is August 2026");
    }

    @Test
    void in_like_null_between_and_flags_read_as_words() {
        assertThat(where("SELECT 1 FROM t WHERE status IN ('won', 'lost')")).containsExactly("status is 'won' or 'lost'");
        assertThat(where("SELECT 1 FROM t WHERE status NOT IN ('won', 'lost')")).containsExactly("status is none of 'won' and 'lost'");
        assertThat(where("SELECT 1 FROM t WHERE name LIKE '%Acme%'")).containsExactly("name contains 'Acme'");
        assertThat(where("SELECT 1 FROM t WHERE name NOT LIKE '%bot%'")).containsExactly("name does not contain 'bot'");
        assertThat(where("SELECT 1 FROM t WHERE closed_at IS NULL")).containsExactly("closed at is missing");
        assertThat(where("SELECT 1 FROM t WHERE amount BETWEEN 10 AND 20")).containsExactly("amount is between 10 and 20");
        assertThat(where("SELECT 1 FROM t WHERE is_won")).containsExactly("they are won");
        assertThat(where("SELECT 1 FROM t WHERE NOT is_won")).containsExactly("they are not won");
        assertThat(where("SELECT 1 FROM t WHERE region = 'EU' OR region = 'US'")).containsExactly("region is 'EU' or region is 'US'");
    }

    @Test
    void a_subquery_in_a_condition_is_a_list_of_its_own() {
        assertThat(where("SELECT 1 FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM orders)")).containsExactly("customer ID is not in list A");
        assertThat(where("SELECT 1 FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.customer_id)"))
                .containsExactly("there is a row in list A");
    }

    @Test
    void a_condition_on_counted_rows_is_whose_or_that_are() {
        assertThat(ConditionDescriber.whose("status is 'won'")).isEqualTo(" whose status is 'won'");
        assertThat(ConditionDescriber.whose("they are won")).isEqualTo(" that are won");
        assertThat(ConditionDescriber.whose("there is a row in list A")).isEqualTo(" where there is a row in list A");
    }
}
