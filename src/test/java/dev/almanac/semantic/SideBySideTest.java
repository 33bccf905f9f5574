package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two metrics asked side by side ("rentals and repairs by station"), over a bike-share model written for this test: one
 * query of both when each side reads whole and the rest reads alike for both, computed on DuckDB; a question back when one
 * side has two readings, each option with both; never one metric whose words the two sides happen to share ("rentals and
 * fees" is not the rental fees alone), nor a second thing asked read as a condition on the first.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SideBySideTest {
    static final LocalDate TODAY = LocalDate.of(2026, 5, 12);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "bike_share", """
                CREATE TABLE stations (station_id INTEGER PRIMARY KEY, station_name VARCHAR);
                INSERT INTO stations VALUES (1, 'Harbour Gate'), (2, 'Old Mill'), (3, 'Quarry Hill');
                CREATE TABLE riders (rider_id INTEGER PRIMARY KEY, rider_name VARCHAR);
                INSERT INTO riders VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy');
                CREATE TABLE passes (pass_id INTEGER PRIMARY KEY, rider_id INTEGER, pass_kind VARCHAR);
                INSERT INTO passes VALUES (1, 1, 'annual'), (2, 2, 'weekend');
                CREATE TABLE rentals (rental_id INTEGER PRIMARY KEY, station_id INTEGER, started_on DATE, fee_usd DECIMAL(8, 2), status VARCHAR);
                INSERT INTO rentals VALUES (1, 1, '2026-03-02', 4.50, 'returned'), (2, 1, '2026-03-09', 6.00, 'returned'), (3, 2, '2026-03-15', 3.00, 'lost'),
                  (4, 3, '2026-04-01', 9.00, 'returned'), (5, 2, '2026-02-20', 2.00, 'returned');
                CREATE TABLE repairs (repair_id INTEGER PRIMARY KEY, station_id INTEGER, done_on DATE, cost_usd DECIMAL(8, 2));
                INSERT INTO repairs VALUES (1, 1, '2026-03-04', 40.00), (2, 2, '2026-03-18', 15.00), (3, 2, '2026-03-25', 22.00), (4, 3, '2026-01-10', 8.00)
                """, """
                name: bike_share
                datasets:
                  - name: stations
                    table: stations
                    primary_key: [station_id]
                    entities:
                      - {name: station, type: primary, expr: station_id}
                    dimensions:
                      - {name: station, expr: station_name, label: Station}
                  - name: riders
                    table: riders
                    primary_key: [rider_id]
                    entities:
                      - {name: rider, type: primary, expr: rider_id}
                    dimensions:
                      - {name: rider_name, label: Rider}
                  - name: passes
                    table: passes
                    primary_key: [pass_id]
                    entities:
                      - {name: pass, type: primary, expr: pass_id}
                      - {name: rider, type: foreign, expr: rider_id}
                    dimensions:
                      - {name: pass_kind, label: Pass kind}
                  - name: rentals
                    table: rentals
                    primary_key: [rental_id]
                    default_time_dimension: started_on
                    entities:
                      - {name: rental, type: primary, expr: rental_id}
                      - {name: station, type: foreign, expr: station_id}
                    dimensions:
                      - {name: started_on, type: time, grain: day}
                      - {name: rental_status, expr: status, label: Rental status}
                  - name: repairs
                    table: repairs
                    primary_key: [repair_id]
                    default_time_dimension: done_on
                    entities:
                      - {name: repair, type: primary, expr: repair_id}
                      - {name: station, type: foreign, expr: station_id}
                    dimensions:
                      - {name: done_on, type: time, grain: day}
                metrics:
                  - {name: rentals, type: simple, dataset: rentals, agg: count, label: Rentals}
                  - {name: rental_fees, type: simple, dataset: rentals, agg: sum, expr: fee_usd, label: Rental fees, synonyms: [takings], format: currency, unit: USD}
                  - {name: repairs, type: simple, dataset: repairs, agg: count, label: Repairs}
                  - {name: repair_cost, type: simple, dataset: repairs, agg: sum, expr: cost_usd, label: Repair cost, format: currency, unit: USD}
                  - {name: riders, type: simple, dataset: riders, agg: count, label: Riders}
                  - {name: returned_rentals, type: simple, dataset: rentals, agg: count, filter: "status = 'returned'", label: Returned rentals}
                  - {name: lost_rentals, type: simple, dataset: rentals, agg: count, filter: "status = 'lost'", label: Lost rentals}
                  - {name: kept_fees, type: simple, dataset: rentals, agg: sum, expr: fee_usd, filter: "status = 'returned'", label: Fees of returned rentals,
                     synonyms: [takings], format: currency, unit: USD}
                """, "a bike-share company's rentals and repairs");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    SemanticQuery read(String question) {
        QuestionParser.Result r = db.parse(TODAY, question);
        assertThat(r).as(question).isInstanceOf(QuestionParser.Parsed.class);
        return ((QuestionParser.Parsed) r).query();
    }

    @Test
    void two_metrics_joined_by_and_or_vs_are_one_query_of_both() {
        SemanticQuery q = read("rentals and repairs by station in March 2026");
        assertThat(q.metrics()).containsExactly("rentals", "repairs");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("station");
        assertThat(q.start()).isEqualTo(LocalDate.of(2026, 3, 1));
        // March: Harbour Gate 2 rentals, 1 repair; Old Mill 1 rental, 2 repairs; Quarry Hill none of either in March
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactlyInAnyOrder("Harbour Gate | 2 | 1", "Old Mill | 1 | 2");

        SemanticQuery versus = read("repair cost vs rentals last quarter");
        assertThat(versus.metrics()).containsExactly("repair_cost", "rentals");
        assertThat(versus.groupBy()).isEmpty();
        // the first quarter of 2026: repairs 40 + 15 + 22 + 8, rentals 1, 2, 3 and 5
        assertThat(LayerOnDuckDb.lines(db.layer.run(versus).result().rows())).containsExactly("85 | 4");
    }

    @Test
    void a_side_with_two_readings_is_asked_back_with_both_in_each_option() {
        QuestionParser.Result r = db.parse(TODAY, "repairs and takings in March 2026");
        assertThat(r).isInstanceOf(QuestionParser.Clarify.class);
        QuestionParser.Clarify back = (QuestionParser.Clarify) r;
        assertThat(back.options()).hasSize(2);
        java.util.Set<String> fees = new java.util.HashSet<>();
        for (String option : back.options()) {
            SemanticQuery q = read(option);
            assertThat(q.metrics()).hasSize(2).startsWith("repairs");
            fees.add(q.metrics().get(1));
        }
        assertThat(fees).containsExactlyInAnyOrder("rental_fees", "kept_fees");
    }

    @Test
    void a_word_joined_to_a_metrics_phrase_shares_its_last_word() {
        // "returned vs lost rentals": returned rentals and lost rentals
        SemanticQuery q = read("returned vs lost rentals in March 2026");
        assertThat(q.metrics()).containsExactly("returned_rentals", "lost_rentals");
        // March: rentals 1 and 2 returned, 3 lost
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactly("2 | 1");
    }

    @Test
    void sides_that_read_differently_apart_from_the_metric_are_not_combined() {
        // "by station" is said of repairs only: the rest of the question is not the same for both
        assertThat(db.parse(TODAY, "rentals in march and repairs by station")).isNotInstanceOf(QuestionParser.Parsed.class);
        // a ranking by one of them: whose order the list keeps is not said
        assertThat(db.parse(TODAY, "top 2 stations by rentals and repairs")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void words_joined_as_two_things_are_not_one_metric_named_by_both() {
        // "rental fees" said as "rentals and fees": the rentals and the fees, never the fees alone
        QuestionParser.Result r = db.parse(TODAY, "rentals and fees in March 2026");
        if (r instanceof QuestionParser.Parsed p) assertThat(p.query().metrics()).contains("rentals");
    }

    @Test
    void a_second_thing_asked_beside_the_rows_counted_is_no_condition_on_them() {
        // "annual" is a kind of the riders' passes: "riders with annual passes" is a condition, "riders and annual passes" is not
        SemanticQuery with = read("how many riders with annual passes");
        assertThat(with.exists()).isNotEmpty();
        QuestionParser.Result beside = db.parse(TODAY, "how many riders and annual passes");
        if (beside instanceof QuestionParser.Parsed p) assertThat(p.query().exists()).isEmpty();
    }
}
