package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class FromDescriberTest {
    static Parsing parsing;

    @BeforeAll
    static void open() {
        parsing = new Parsing();
    }

    @AfterAll
    static void close() {
        parsing.close();
    }

    static FromDescriber.Source read(String sql, Scope scope) {
        JsonNode tree = parsing.tree(sql);
        java.util.Map<String, Integer> count = new java.util.HashMap<>();
        FromDescriber.countTables(tree.path("from_table"), count);
        count.forEach((t, n) -> { if (n > 1) scope.repeated.add(t); });
        return new FromDescriber(parsing.explainer).source(tree.path("from_table"), scope);
    }

    @Test
    void a_table_is_read_by_its_name_in_words_and_its_rows_are_called_so() {
        assertThat(read("SELECT * FROM support_tickets", parsing.scope())).isEqualTo(new FromDescriber.Source("support tickets", "support tickets"));
    }

    @Test
    void joins_say_how_the_rows_are_matched() {
        assertThat(read("SELECT * FROM orders o JOIN customers c ON o.customer_id = c.customer_id", parsing.scope()).text())
                .isEqualTo("orders matched with their customers");
        assertThat(read("SELECT * FROM customers c LEFT JOIN orders o ON o.customer_id = c.customer_id", parsing.scope()).text())
                .isEqualTo("customers, with their orders where there are any");
        assertThat(read("SELECT * FROM customers CROSS JOIN regions", parsing.scope()).text()).isEqualTo("customers combined with every row of regions");
        assertThat(read("SELECT * FROM customers c RIGHT JOIN orders o ON o.customer_id = c.customer_id", parsing.scope()).text())
                .isEqualTo("customers and orders, with or without a match");
    }

    @Test
    void a_table_read_twice_is_told_apart_by_alias_and_its_match_is_a_sentence_of_its_own() {
        Scope scope = parsing.scope();
        FromDescriber.Source s = read("SELECT * FROM mrr_snapshots cur JOIN mrr_snapshots prev ON prev.snapshot_month < cur.snapshot_month", scope);
        assertThat(s.text()).isEqualTo("MRR snapshots as cur matched with their MRR snapshots as prev");
        assertThat(scope.matches).containsExactly("It matches prev to cur where snapshot month of prev is below snapshot month of cur.");
    }

    @Test
    void a_subquery_read_is_a_list_of_its_own() {
        Scope scope = parsing.scope();
        assertThat(read("SELECT * FROM (SELECT region FROM orders) r", scope)).isEqualTo(new FromDescriber.Source("list A", "rows"));
        assertThat(scope.lists.values()).containsExactly("List A: it takes orders. It shows region.");
    }
}
