package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ColumnNamesTest {
    static Parsing parsing;

    @BeforeAll
    static void open() {
        parsing = new Parsing(KnowledgeFiles.read(Path.of("knowledge")).knowledge());
    }

    @AfterAll
    static void close() {
        parsing.close();
    }

    @Test
    void a_column_with_a_semantic_label_is_called_by_it_else_by_its_name_in_words() {
        Scope scope = parsing.scope();
        scope.aliases.put("p", "payments");
        ColumnNames names = parsing.explainer.names;
        assertThat(names.of(parsing.firstItem("SELECT p.status FROM payments p"), scope)).isEqualTo("payment status");
        assertThat(names.of(parsing.firstItem("SELECT status FROM payments p"), scope)).isEqualTo("payment status");
        assertThat(names.of(parsing.firstItem("SELECT p.amount FROM payments p"), scope)).isEqualTo("amount");
    }

    @Test
    void a_column_of_a_table_read_twice_says_which_side() {
        Scope scope = parsing.scope();
        scope.aliases.put("prev", "t");
        scope.repeated.add("t");
        assertThat(parsing.explainer.names.of(parsing.firstItem("SELECT prev.amount FROM t prev"), scope)).isEqualTo("amount of prev");
    }
}
