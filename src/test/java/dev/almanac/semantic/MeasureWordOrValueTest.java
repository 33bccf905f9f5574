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
 * A value derived from a word of the measure's own name, on a courier's model written for this test: "delivered" is a
 * status of the jobs and of one family with "delivery" in "Delivery time", so "the delivery time of delivered jobs" may ask
 * the measure alone or the measure of the jobs whose status says so; which is not said, and it is refused. A value of no word of the
 * measure's name is a condition as ever.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MeasureWordOrValueTest {
    static final LocalDate TODAY = LocalDate.of(2026, 6, 1);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "couriers", """
                CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, status VARCHAR, hours DOUBLE, booked_on DATE);
                INSERT INTO jobs VALUES (1, 'delivered', 3.0, '2026-01-05'), (2, 'returned', 5.0, '2026-01-09'), (3, 'delivered', 1.0, '2026-02-01'),
                  (4, 'waiting', 2.0, '2026-02-02')
                """, """
                name: couriers
                datasets:
                  - name: jobs
                    table: jobs
                    primary_key: [job_id]
                    default_time_dimension: booked_on
                    entities:
                      - {name: job, type: primary, expr: job_id}
                    dimensions:
                      - {name: job_status, type: categorical, expr: status, label: Job status}
                      - {name: booked_on, type: time, grain: day}
                metrics:
                  - {name: delivery_time, type: simple, dataset: jobs, agg: avg, expr: hours, label: Delivery time}
                """, "a courier's jobs");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    @Test
    void a_value_derived_from_a_word_of_the_measures_name_is_neither_read_as_one_nor_the_other() {
        assertThat(db.parse(TODAY, "What is the delivery time of delivered jobs?")).isInstanceOf(QuestionParser.Cannot.class);
        SemanticQuery waiting = db.query(TODAY, "What is the delivery time of waiting jobs?");
        assertThat(waiting.filters()).extracting(f -> f.field() + " " + f.op() + " " + f.values()).containsExactly("job_status = [waiting]");
    }
}
