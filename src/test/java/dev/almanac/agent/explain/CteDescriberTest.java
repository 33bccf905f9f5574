package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CteDescriberTest {
    static Parsing parsing;

    @BeforeAll
    static void open() {
        parsing = new Parsing();
    }

    @AfterAll
    static void close() {
        parsing.close();
    }

    @Test
    void each_step_of_a_with_clause_is_worked_out_first_then_in_order() {
        List<String> out = new ArrayList<>();
        new CteDescriber(parsing.explainer).describe(parsing.tree("""
                WITH big_orders AS (SELECT * FROM orders WHERE amount > 100), big_customers AS (SELECT DISTINCT customer_id FROM big_orders)
                SELECT count(*) FROM big_customers"""), parsing.scope(), out);
        assertThat(out).containsExactly("First it works out big orders: it takes orders, keeping only orders where amount is above 100.",
                "Then it works out big customers: it takes big orders. It shows customer ID, each different combination once.");
    }

    @Test
    void a_query_without_a_with_clause_has_no_steps() {
        List<String> out = new ArrayList<>();
        new CteDescriber(parsing.explainer).describe(parsing.tree("SELECT 1"), parsing.scope(), out);
        assertThat(out).isEmpty();
    }
}
