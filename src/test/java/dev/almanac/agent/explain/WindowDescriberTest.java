package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;


import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class WindowDescriberTest {
    static Parsing parsing;

    @BeforeAll
    static void open() {
        parsing = new Parsing();
    }

    @AfterAll
    static void close() {
        parsing.close();
    }

    static String window(String sql) {
        return new WindowDescriber(parsing.explainer).window(parsing.firstItem(sql), parsing.scope(), "orders");
    }

    @Test
    void ranking_lag_and_running_totals_read_as_words() {
        assertThat(window("SELECT row_number() OVER (PARTITION BY region ORDER BY amount DESC) FROM orders"))
                .isEqualTo("the position by amount, highest first within each region");
        assertThat(window("SELECT lag(amount) OVER (ORDER BY order_date) FROM orders")).isEqualTo("the previous amount by order date");
        assertThat(window("SELECT sum(amount) OVER (ORDER BY order_date) FROM orders")).isEqualTo("the running total of amount by order date");
        assertThat(window("SELECT count(*) OVER (PARTITION BY region) FROM orders")).isEqualTo("the number of orders within each region");
    }

    @Test
    void a_first_row_number_per_partition_keeps_one_row_for_each() {
        var qualify = parsing.tree("SELECT * FROM orders QUALIFY row_number() OVER (PARTITION BY customer_id ORDER BY order_date DESC) = 1").path("qualify");
        assertThat(new WindowDescriber(parsing.explainer).firstPer(qualify, parsing.scope()))
                .contains("It then keeps one row for each customer ID, the one with the highest order date");
        var other = parsing.tree("SELECT * FROM orders QUALIFY rank() OVER (ORDER BY amount) <= 3").path("qualify");
        assertThat(new WindowDescriber(parsing.explainer).firstPer(other, parsing.scope())).isEmpty();
    }
}
