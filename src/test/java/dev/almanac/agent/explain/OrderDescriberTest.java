package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class OrderDescriberTest {
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
        new OrderDescriber(parsing.explainer).describe(parsing.tree(sql), parsing.scope(), out);
        return out;
    }

    @Test
    void a_descending_order_with_a_limit_is_the_top_n_by_the_first_key() {
        assertThat(described("SELECT region, sum(amount) AS revenue FROM orders GROUP BY region ORDER BY revenue DESC LIMIT 5"))
                .containsExactly("It shows the top 5 by revenue.");
    }

    @Test
    void a_descending_order_with_limit_one_is_the_one_with_the_highest() {
        assertThat(described("SELECT region FROM orders ORDER BY amount DESC LIMIT 1")).containsExactly("It shows the one with the highest amount.");
    }

    @Test
    void an_ascending_order_and_a_limit_are_said_apart() {
        assertThat(described("SELECT region FROM orders ORDER BY region, amount DESC LIMIT 3"))
                .containsExactly("It sorts them by region, then by amount, highest first.", "It shows the first 3 rows.");
    }

    @Test
    void a_sort_key_by_position_is_the_item_shown_there_by_its_name() {
        assertThat(described("SELECT region, count(*) AS order_count FROM orders GROUP BY 1 ORDER BY 2")).containsExactly("It sorts them by order count.");
    }

    @Test
    void no_order_and_no_limit_say_nothing() {
        assertThat(described("SELECT region FROM orders")).isEmpty();
    }
}
