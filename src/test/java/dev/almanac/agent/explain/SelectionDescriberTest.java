package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SelectionDescriberTest {
    static Parsing parsing;

    @BeforeAll
    static void open() {
        parsing = new Parsing();
    }

    @AfterAll
    static void close() {
        parsing.close();
    }

    static List<String> described(String sql) {
        List<String> out = new ArrayList<>();
        new SelectionDescriber(parsing.explainer).describe(parsing.tree(sql), parsing.scope(), "orders", out);
        return out;
    }

    @Test
    void one_unnamed_measure_per_group_is_computed_for_each() {
        assertThat(described("SELECT region, count(*) FROM orders GROUP BY region"))
                .containsExactly("It groups them by region.", "It computes the number of orders for each.");
    }

    @Test
    void a_named_measure_is_a_sentence_of_its_own() {
        assertThat(described("SELECT region, sum(amount) AS revenue FROM orders GROUP BY 1"))
                .containsExactly("It groups them by region.", "Revenue is the total of amount.");
    }

    @Test
    void plain_columns_are_shown_and_distinct_is_each_combination_once() {
        assertThat(described("SELECT DISTINCT name, email FROM customers")).containsExactly("It shows name and email, each different combination once.");
    }

    @Test
    void a_computed_column_says_how_it_is_computed() {
        assertThat(described("SELECT amount / 100 AS amount_usd FROM orders")).containsExactly("Amount USD is amount divided by 100.");
    }

    @Test
    void every_column_says_nothing() {
        assertThat(described("SELECT * FROM orders")).isEmpty();
    }
}
