package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dimensions scoped to their dataset, as MetricFlow scopes them: two datasets may each have a {@code status}; a reference
 * is qualified ({@code orders.status}), through an entity ({@code customer__status}) or bare when the metrics asked reach
 * only one of them; an ambiguous bare name is refused with the candidates. On a real DuckDB with rows summed by hand.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScopedNamesTest {
    static final String ROWS = """
            CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name VARCHAR, status VARCHAR);
            INSERT INTO customers VALUES (1, 'Ada', 'active'), (2, 'Ben', 'active'), (3, 'Cy', 'churned');
            CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER, status VARCHAR, total DECIMAL(10, 2));
            INSERT INTO orders VALUES (10, 1, 'completed', 100.50), (11, 1, 'refunded', 20.00), (12, 2, 'completed', 30.25),
              (13, 3, 'completed', 7.00), (14, 3, 'refunded', 5.00);
            CREATE TABLE payments (payment_id INTEGER PRIMARY KEY, order_id INTEGER, amount DECIMAL(10, 2));
            INSERT INTO payments VALUES (100, 10, 60.00), (101, 10, 40.50), (102, 12, 30.25), (103, 13, 7.00);
            """;

    static final String MODEL = """
            name: shop
            datasets:
              - name: customers
                table: customers
                primary_key: [customer_id]
                dimensions:
                  - name: status
                  - name: name
              - name: orders
                table: orders
                primary_key: [order_id]
                entities:
                  - {name: order, type: primary, expr: order_id}
                dimensions:
                  - name: status
              - name: payments
                table: payments
                entities:
                  - {name: payment, type: primary, expr: payment_id}
                  - {name: order, type: foreign, expr: order_id}
            relationships:
              - name: order_customer
                from: orders
                to: customers
                from_columns: [customer_id]
                to_columns: [customer_id]
            metrics:
              - name: revenue
                dataset: orders
                agg: sum
                expr: total
              - name: customer_count
                dataset: customers
                agg: count
              - name: amount_paid
                dataset: payments
                agg: sum
                expr: amount
            """;

    LayerOnDuckDb fixture;
    SemanticLayer layer;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        fixture = LayerOnDuckDb.of(dir, "shop", ROWS, MODEL, "a name shared by two datasets is no duplicate");
        layer = fixture.layer;
    }

    @AfterAll
    void tearDown() {
        if (fixture != null) fixture.close();
    }

    List<String> rows(SemanticQuery q) {
        return LayerOnDuckDb.lines(layer.run(q).result().rows());
    }

    @Test
    void a_qualified_name_says_which_datasets_dimension() {
        // orders by their own status: completed 100.50 + 30.25 + 7.00, refunded 20.00 + 5.00
        assertThat(rows(SemanticQuery.of("revenue").by("orders.status"))).containsExactly("completed | 137.75", "refunded | 25");
        // orders by their customer's status: Ada and Ben are active (100.50 + 20.00 + 30.25), Cy churned (7.00 + 5.00)
        assertThat(rows(SemanticQuery.of("revenue").by("customers.status"))).containsExactly("active | 150.75", "churned | 12");
    }

    @Test
    void an_entity_path_reaches_the_dimension_of_the_entitys_dataset() {
        assertThat(rows(SemanticQuery.of("revenue").by("customer__status"))).containsExactly("active | 150.75", "churned | 12");
        assertThat(rows(SemanticQuery.of("revenue").by("order__status"))).containsExactly("completed | 137.75", "refunded | 25");
    }

    @Test
    void an_ambiguous_bare_name_is_refused_with_its_candidates() {
        assertThatThrownBy(() -> layer.run(SemanticQuery.of("revenue").by("status")))
                .isInstanceOf(AmbiguousDimension.class)
                .hasMessageContaining("orders.status").hasMessageContaining("customers.status")
                .satisfies(e -> assertThat(((AmbiguousDimension) e).candidates()).containsExactlyInAnyOrder("orders.status", "customers.status"));
    }

    @Test
    void a_bare_name_is_the_one_the_metrics_reach() {
        // customers reach no order: their status can only be their own (Ada, Ben active; Cy churned)
        assertThat(rows(SemanticQuery.of("customer_count").by("status"))).containsExactly("active | 2", "churned | 1");
    }

    @Test
    void two_dimensions_of_one_name_are_two_columns() {
        var r = layer.run(SemanticQuery.of("revenue").by("orders.status").by("customers.status")).result();
        assertThat(r.columns()).containsExactly("status", "customers__status", "revenue");
        assertThat(rows(SemanticQuery.of("revenue").by("orders.status").by("customers.status")))
                .containsExactly("completed | active | 130.75", "completed | churned | 7", "refunded | active | 20", "refunded | churned | 5");
    }

    @Test
    void a_filter_names_a_dimension_the_same_ways() {
        assertThat(rows(SemanticQuery.of("revenue").where("customers.status = churned"))).containsExactly("12");
        assertThat(rows(SemanticQuery.of("revenue").where("orders.status = refunded").by("customer__status")))
                .containsExactly("active | 20", "churned | 5");
        assertThatThrownBy(() -> layer.run(SemanticQuery.of("revenue").where("status = refunded")))
                .isInstanceOf(AmbiguousDimension.class);
    }

    @Test
    void the_reader_asks_back_which_of_two_same_named_dimensions_a_question_means() {
        // payments reach both statuses (their order's, and through it the customer's): neither is the metric's own
        QuestionParser parser = new QuestionParser(layer, java.time.LocalDate.parse("2026-11-23"));
        QuestionParser.Result read = parser.parse("amount paid by status");
        assertThat(read).isInstanceOf(QuestionParser.Clarify.class);
        List<String> options = ((QuestionParser.Clarify) read).options();
        assertThat(options).hasSize(2).doesNotHaveDuplicates();
        // each option is a question that reads to one of the two, and answers with its rows (summed by hand above)
        List<List<String>> answers = options.stream().map(o -> {
            QuestionParser.Result r = parser.parse(o);
            assertThat(r).as(o).isInstanceOf(QuestionParser.Parsed.class);
            return rows(((QuestionParser.Parsed) r).query());
        }).toList();
        assertThat(answers).containsExactlyInAnyOrder(List.of("completed | 137.75"), List.of("active | 130.75", "churned | 7"));
    }

    @Test
    void a_dimension_name_is_unique_within_its_dataset() {
        String twice = MODEL.replace("      - name: status\n      - name: name", "      - name: status\n      - name: status\n        expr: upper(status)");
        assertThat(twice).isNotEqualTo(MODEL);
        SemanticModel.Loaded loaded;
        try {
            loaded = SemanticModel.load(List.of(new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                    .setPropertyNamingStrategy(com.fasterxml.jackson.databind.PropertyNamingStrategies.SNAKE_CASE)
                    .readValue(twice, dev.almanac.knowledge.SemanticFile.class)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertThat(loaded.issues()).extracting(SemanticModel.Issue::message).anyMatch(m -> m.contains("duplicate dimension 'status' in dataset customers"));
    }
}
