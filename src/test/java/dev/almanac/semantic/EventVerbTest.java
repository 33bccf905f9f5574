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
 * A verb that English (WordNet) puts in one synset with the event a measure's rows are dated by says that event: "parcels
 * sent in 2025" of parcels dated when shipped. Where the verb is so with two times of the same rows (notices posted and
 * notices mailed are both "sent"), which is meant is not said, and the question is not answered. An attribute named
 * otherwise than its column is called by the column's words too. On a courier's model
 * written for this test, the count checked against the rows written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EventVerbTest {
    static final LocalDate TODAY = LocalDate.of(2026, 6, 1);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "courier", """
                CREATE TABLE parcels (parcel_id INTEGER, shipped_on DATE, delivered_on DATE, service_level VARCHAR);
                INSERT INTO parcels VALUES (1, DATE '2024-12-30', DATE '2025-01-03', 'express'), (2, DATE '2025-02-01', DATE '2025-02-04', 'economy'),
                  (3, DATE '2025-07-09', NULL, 'economy'), (4, DATE '2026-01-05', DATE '2026-01-07', 'express');
                CREATE TABLE notices (notice_id INTEGER, posted_on DATE, mailed_on DATE);
                INSERT INTO notices VALUES (1, DATE '2025-03-01', DATE '2025-03-02'), (2, DATE '2025-12-31', DATE '2026-01-02')
                """, """
                name: courier
                datasets:
                  - name: parcels
                    table: parcels
                    primary_key: [parcel_id]
                    default_time_dimension: shipped_on
                    dimensions:
                      - {name: shipped_on, type: time, grain: day}
                      - {name: delivered_on, type: time, grain: day}
                      - {name: speed, type: categorical, expr: service_level}
                  - name: notices
                    table: notices
                    primary_key: [notice_id]
                    default_time_dimension: posted_on
                    dimensions:
                      - {name: posted_on, type: time, grain: day}
                      - {name: mailed_on, type: time, grain: day}
                metrics:
                  - {name: parcels, type: simple, dataset: parcels, agg: count, label: Parcels}
                  - {name: notices, type: simple, dataset: notices, agg: count, label: Notices}
                """, "a courier's parcels and notices");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    @Test
    void a_verb_of_the_events_synset_is_that_event() throws Exception {
        SemanticQuery q = db.query(TODAY, "How many parcels were sent in 2025?");
        assertThat(q.metrics()).containsExactly("parcels");
        assertThat(q.start()).isEqualTo(LocalDate.of(2025, 1, 1));
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactly("2");
    }

    @Test
    void an_attribute_is_also_called_by_the_column_it_reads() throws Exception {
        SemanticQuery q = db.query(TODAY, "parcels by service level");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("speed");
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactlyInAnyOrder("economy | 2", "express | 2");
    }

    @Test
    void a_verb_of_two_times_synsets_is_neither() {
        assertThat(db.parse(TODAY, "How many notices were sent in 2025?")).isInstanceOf(QuestionParser.Cannot.class);
        // the time itself, named, is read
        assertThat(db.parse(TODAY, "How many notices were posted in 2025?")).isInstanceOf(QuestionParser.Parsed.class);
    }
}
