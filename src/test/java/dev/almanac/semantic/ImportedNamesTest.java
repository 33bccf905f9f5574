package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a model written elsewhere (dbt, Cortex, Ossie) does not say, and the model finds from its names: the dimension that
 * names an entity's rows (dbt's {@code store_name} of entity {@code store}), and the count of what an identifier column
 * names where no dataset's rows are it ({@code visitor_id} of a visits table), the words of a yes/no dimension's value
 * ({@code is_franchised_store}: "franchised"). Questions asked with no model, on a real
 * DuckDB, against SQL written by hand; two stores share a name, so a breakdown by store that merged them would show.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ImportedNamesTest {
    static final String ROWS = """
            CREATE TABLE stores (store_id INTEGER, store_name VARCHAR, city VARCHAR, is_franchised_store BOOLEAN);
            INSERT INTO stores VALUES (1, 'Corner', 'Oslo', true), (2, 'Corner', 'Bergen', false), (3, 'Harbour', 'Bergen', true);
            CREATE TABLE visits (visit_id INTEGER, store_id INTEGER, visitor_id INTEGER, referrer_id INTEGER, spent DECIMAL(10, 2));
            INSERT INTO visits VALUES (10, 1, 100, 7, 12.50), (11, 1, 101, 7, 3.00), (12, 2, 100, 8, 8.25), (13, 3, 102, NULL, 1.00),
              (14, 3, 102, 9, 2.00), (15, 2, 103, 9, 4.00);
            CREATE TABLE referrals (referral_id INTEGER, referrer_id INTEGER, paid DECIMAL(10, 2));
            INSERT INTO referrals VALUES (1, 7, 5.00), (2, 8, 5.00);
            """;

    static final String MODEL = """
            name: imported
            datasets:
              - name: stores
                table: stores
                entities:
                  - {name: store, type: primary, expr: store_id}
                dimensions:
                  - name: store_name
                  - name: city
                  - name: is_franchised_store
              - name: visits
                table: visits
                entities:
                  - {name: visit, type: primary, expr: visit_id}
                  - {name: store, type: foreign, expr: store_id}
                dimensions:
                  - name: visitor_id
                    type: identifier
                  - name: referrer_id
                    type: identifier
              - name: referrals
                table: referrals
                entities:
                  - {name: referral, type: primary, expr: referral_id}
                dimensions:
                  - name: referrer_id
                    type: identifier
            metrics:
              - name: amount_spent
                dataset: visits
                agg: sum
                expr: spent
              - name: daily_referral_payouts
                dataset: referrals
                agg: sum
                expr: paid
              - name: daily_unique_referrers
                dataset: referrals
                agg: count_distinct
                expr: referrer_id
            """;

    LayerOnDuckDb fixture;
    SemanticLayer layer;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        fixture = LayerOnDuckDb.of(dir, "imported", ROWS, MODEL, "the model loads");
        layer = fixture.layer;
    }

    @AfterAll
    void tearDown() {
        if (fixture != null) fixture.close();
    }

    List<String> answer(String question) {
        QuestionParser.Result r = layer.withParser(LocalDate.of(2026, 1, 15), p -> p.parse(question));
        assertThat(r).as(question + ": " + r).isInstanceOf(QuestionParser.Parsed.class);
        return LayerOnDuckDb.lines(layer.run(((QuestionParser.Parsed) r).query()).result().rows());
    }

    List<String> hand(String sql) throws Exception {
        try (Connection c = fixture.source.openConnection(); Statement s = c.createStatement();
             var rs = s.executeQuery(sql)) {
            List<List<Object>> rows = new java.util.ArrayList<>();
            while (rs.next()) {
                List<Object> row = new java.util.ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) row.add(rs.getObject(i));
                rows.add(row);
            }
            return LayerOnDuckDb.lines(rows);
        }
    }


    /** A store's name as an answer shows it: with its key when another store of the answer has the same name. */
    static final String SHOWN = "CASE WHEN count(*) OVER (PARTITION BY s.store_name) > 1 THEN s.store_name || ' (#' || s.store_id || ')' ELSE s.store_name END";

    @Test
    void the_name_called_after_an_entity_labels_it_and_two_stores_of_one_name_stay_two() throws Exception {
        assertThat(layer.model().dimension("stores.store_name").orElseThrow().labelsEntity()).isTrue();
        assertThat(layer.model().dimension("stores.city").orElseThrow().labelsEntity()).isFalse();
        // "by store": the entity's name, grouped by its key; the two stores called Corner are two rows, each shown with its key
        assertThat(answer("amount spent by store")).containsExactlyInAnyOrderElementsOf(hand("SELECT " + SHOWN
                + ", sum(v.spent) FROM visits v JOIN stores s USING (store_id) GROUP BY s.store_id, s.store_name"));
        assertThat(answer("amount spent by store")).hasSize(3);
    }

    @Test
    void people_an_identifier_names_are_its_different_values_where_no_dataset_is_theirs() throws Exception {
        assertThat(answer("how many visitors")).containsExactly(hand("SELECT count(DISTINCT visitor_id) FROM visits").toArray(String[]::new));
        assertThat(answer("which store has the most visitors")).containsExactlyInAnyOrderElementsOf(hand(
                "SELECT " + SHOWN + ", count(DISTINCT v.visitor_id) AS n FROM visits v JOIN stores s USING (store_id) GROUP BY s.store_id, s.store_name "
                        + "QUALIFY n = max(n) OVER ()"));
    }

    @Test
    void an_identifier_two_datasets_hold_counts_nothing_it_is_not_said_which() {
        // referrer_id is in visits and in referrals: "how many referrers" does not say whose
        assertThat(layer.model().identifiedCount("referrer")).isEmpty();
        assertThat(layer.model().identifiedCount("visitor")).isPresent();
        QuestionParser.Result r = layer.withParser(LocalDate.of(2026, 1, 15), p -> p.parse("how many referrers"));
        assertThat(r).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_yes_no_dimension_called_is_an_adjective_is_that_adjective() throws Exception {
        assertThat(answer("how many franchised stores")).containsExactly(hand("SELECT count(*) FROM stores WHERE is_franchised_store").toArray(String[]::new));
        assertThat(answer("how many stores are not franchised")).containsExactly(hand("SELECT count(*) FROM stores WHERE NOT is_franchised_store").toArray(String[]::new));
        assertThat(answer("amount spent by store for franchised stores")).containsExactlyInAnyOrderElementsOf(hand("SELECT s.store_name, sum(v.spent) "
                + "FROM visits v JOIN stores s USING (store_id) WHERE s.is_franchised_store GROUP BY s.store_id, s.store_name"));
    }

    @Test
    void a_sum_named_after_the_grain_of_its_rows_is_called_without_it_a_distinct_count_is_not() throws Exception {
        // Cortex's quickstart names its measures daily_revenue, daily_cogs: summed over any period, they are that period's
        assertThat(answer("referral payouts")).containsExactly(hand("SELECT sum(paid) FROM referrals").toArray(String[]::new));
        // the number of different referrers of each day is not that of a longer period: "unique referrers" does not name it
        QuestionParser.Result r = layer.withParser(LocalDate.of(2026, 1, 15), p -> p.parse("unique referrers"));
        assertThat(r).isNotInstanceOf(QuestionParser.Parsed.class);
        // two measures side by side are both answered, never one of them
        assertThat(answer("referral payouts vs amount spent")).containsExactly(
                hand("SELECT (SELECT sum(paid) FROM referrals), (SELECT sum(spent) FROM visits)").toArray(String[]::new));
    }
}
