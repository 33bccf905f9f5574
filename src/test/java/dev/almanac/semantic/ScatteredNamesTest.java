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
 * A metric's name read from words here and there in the question, over a ferry operator's model written for this test:
 * never when its words take part of another phrase and leave the rest ("top fleet zone by repair cost" is not "fleet
 * repair cost" read scattered), nor across "and" ("sailings and revenue" is not sailing revenue).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScatteredNamesTest {
    static final LocalDate TODAY = LocalDate.of(2026, 5, 12);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "ferries", """
                CREATE TABLE vessels (vessel_id INTEGER PRIMARY KEY, vessel_name VARCHAR, zone VARCHAR);
                INSERT INTO vessels VALUES (1, 'Skerry', 'North'), (2, 'Tern', 'North'), (3, 'Puffin', 'South');
                CREATE TABLE repairs (repair_id INTEGER PRIMARY KEY, vessel_id INTEGER, done_on DATE, cost_usd DECIMAL(8, 2));
                INSERT INTO repairs VALUES (1, 1, '2026-03-04', 400.00), (2, 3, '2026-03-18', 900.00), (3, 2, '2026-03-25', 300.00);
                CREATE TABLE sailings (sailing_id INTEGER PRIMARY KEY, vessel_id INTEGER, sailed_on DATE, fare_usd DECIMAL(8, 2));
                INSERT INTO sailings VALUES (1, 1, '2026-03-02', 20.00), (2, 3, '2026-03-03', 35.00)
                """, """
                name: ferries
                datasets:
                  - name: vessels
                    table: vessels
                    primary_key: [vessel_id]
                    entities:
                      - {name: vessel, type: primary, expr: vessel_id}
                    dimensions:
                      - {name: vessel, expr: vessel_name, label: Vessel}
                      - {name: fleet_zone, expr: zone, label: Fleet zone}
                  - name: repairs
                    table: repairs
                    primary_key: [repair_id]
                    default_time_dimension: done_on
                    entities:
                      - {name: repair, type: primary, expr: repair_id}
                      - {name: vessel, type: foreign, expr: vessel_id}
                    dimensions:
                      - {name: done_on, type: time, grain: day}
                  - name: sailings
                    table: sailings
                    primary_key: [sailing_id]
                    default_time_dimension: sailed_on
                    entities:
                      - {name: sailing, type: primary, expr: sailing_id}
                      - {name: vessel, type: foreign, expr: vessel_id}
                    dimensions:
                      - {name: sailed_on, type: time, grain: day}
                metrics:
                  - {name: repair_cost, type: simple, dataset: repairs, agg: sum, expr: cost_usd, label: Repair cost, synonyms: [fleet repair cost], format: currency, unit: USD}
                  - {name: sailings, type: simple, dataset: sailings, agg: count, label: Sailings}
                  - {name: fares, type: simple, dataset: sailings, agg: sum, expr: fare_usd, label: Fares, synonyms: [sailing revenue], format: currency, unit: USD}
                """, "a ferry operator's repairs and sailings");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    @Test
    void scattered_words_never_take_part_of_a_dimensions_phrase() {
        QuestionParser.Result r = db.parse(TODAY, "top fleet zone by repair cost in March 2026");
        assertThat(r).isInstanceOf(QuestionParser.Parsed.class);
        SemanticQuery q = ((QuestionParser.Parsed) r).query();
        assertThat(q.metrics()).containsExactly("repair_cost");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("fleet_zone");
        assertThat(q.limit()).isEqualTo(1);
        // North 400 + 300, South 900
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactly("South | 900");
    }

    @Test
    void words_joined_by_and_are_not_one_name_read_scattered() {
        QuestionParser.Result r = db.parse(TODAY, "sailings and revenue in March 2026");
        if (r instanceof QuestionParser.Parsed p) assertThat(p.query().metrics()).containsExactly("sailings", "fares");
    }
}
