package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;


import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ValueDescriberTest {
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
        return parsing.explainer.values.value(parsing.firstItem(sql), parsing.scope(), "orders");
    }

    @Test
    void a_constant_default_for_a_missing_value_is_left_out_and_a_computed_one_is_said() {
        assertThat(value("SELECT coalesce(discount, 0) FROM orders")).isEqualTo("discount");
        assertThat(value("SELECT coalesce(discount, list_discount) FROM orders")).isEqualTo("discount, or where that is missing, list discount");
    }

    @Test
    void a_case_reads_as_values_where_conditions() {
        assertThat(value("SELECT CASE WHEN amount > 100 THEN 'big' ELSE 'small' END FROM orders")).isEqualTo("'big' where amount is above 100, else 'small'");
    }

    @Test
    void constants_are_written_plainly() {
        assertThat(value("SELECT 12.50 FROM orders")).isEqualTo("12.5");
        assertThat(value("SELECT DATE '2026-03-01' FROM orders")).isEqualTo("1 March 2026");
        assertThat(value("SELECT NULL FROM orders")).isEqualTo("nothing");
    }

    @Test
    void a_scalar_subquery_is_a_value_list() {
        Scope scope = parsing.scope();
        assertThat(parsing.explainer.values.value(parsing.firstItem("SELECT (SELECT max(amount) FROM orders) FROM regions"), scope, "regions")).isEqualTo("value A");
        assertThat(scope.lists.values()).containsExactly("Value A: it takes orders. It computes the highest amount.");
    }
}
