package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SetOperationDescriberTest {
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
    void a_union_puts_two_lists_together_once_each_and_each_list_has_its_sentence() {
        Scope scope = parsing.scope();
        String text = new SetOperationDescriber().describe(parsing.tree("SELECT name FROM customers UNION SELECT name FROM leads"), scope);
        assertThat(text).isEqualTo("It puts list A and list B together, once each.");
        assertThat(scope.lists.values()).containsExactly("List A: it takes customers. It shows name.", "List B: it takes leads. It shows name.");
    }

    @Test
    void a_union_all_keeps_every_row() {
        assertThat(new SetOperationDescriber().describe(parsing.tree("SELECT name FROM customers UNION ALL SELECT name FROM leads"), parsing.scope()))
                .isEqualTo("It puts list A and list B together.");
    }

    @Test
    void except_and_intersect_say_which_rows() {
        assertThat(new SetOperationDescriber().describe(parsing.tree("SELECT name FROM customers EXCEPT SELECT name FROM leads"), parsing.scope()))
                .isEqualTo("It takes the rows of list A that are not in list B.");
        assertThat(new SetOperationDescriber().describe(parsing.tree("SELECT name FROM customers INTERSECT SELECT name FROM leads"), parsing.scope()))
                .isEqualTo("It takes the rows that are in both list A and list B.");
    }
}
