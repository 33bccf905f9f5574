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
 * "What fraction of X ...": a part of a whole, over a permit office's model written for this test. It is the percentage
 * whose part the question tells from its whole ("approved"), never a count of the part alone, and never a percentage of
 * other parts that share the question's words (issued within the deadline, when the question says only "issued").
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PartsOfAWholeTest {
    static final LocalDate TODAY = LocalDate.of(2026, 4, 20);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "permits", """
                CREATE TABLE applications (application_id INTEGER PRIMARY KEY, filed_on DATE, status VARCHAR, issued_on DATE, days_to_issue INTEGER);
                INSERT INTO applications VALUES (1, '2026-03-02', 'approved', '2026-03-20', 18), (2, '2026-03-05', 'rejected', NULL, NULL),
                  (3, '2026-03-09', 'approved', '2026-04-15', 37), (4, '2026-03-21', 'pending', NULL, NULL), (5, '2026-02-11', 'approved', '2026-02-25', 14)
                """, """
                name: permits
                datasets:
                  - name: applications
                    table: applications
                    primary_key: [application_id]
                    default_time_dimension: filed_on
                    dimensions:
                      - {name: application_id, type: identifier}
                      - {name: filed_on, type: time, grain: day}
                      - {name: status, type: categorical}
                metrics:
                  - {name: applications, type: simple, dataset: applications, agg: count, label: Applications}
                  - {name: approved_applications, type: simple, dataset: applications, agg: count, filter: "status = 'approved'", label: Approved applications}
                  - {name: permits_issued, type: simple, dataset: applications, agg: count, filter: "issued_on IS NOT NULL", label: Permits issued}
                  - {name: permits_issued_on_time, type: simple, dataset: applications, agg: count, filter: "days_to_issue <= 30", label: Permits issued within the deadline}
                  - name: approval_rate
                    type: derived
                    label: Approval rate
                    expr: 100.0 * approved_applications / NULLIF(applications, 0)
                    metrics: [approved_applications, applications]
                    format: percent
                  - name: deadline_attainment
                    type: derived
                    label: Deadline attainment
                    expr: 100.0 * permits_issued_on_time / NULLIF(permits_issued, 0)
                    metrics: [permits_issued_on_time, permits_issued]
                    format: percent
                """, "a permit office's applications");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    QuestionParser.Result parsed(String question) {
        return db.parse(TODAY, question);
    }

    @Test
    void a_fraction_is_the_percentage_whose_part_the_question_names() {
        for (String q : new String[] {"What fraction of applications were approved in March 2026?", "What proportion of applications got approved in March 2026?"}) {
            QuestionParser.Result r = parsed(q);
            assertThat(r).as(q).isInstanceOf(QuestionParser.Parsed.class);
            assertThat(((QuestionParser.Parsed) r).query().metrics()).as(q).containsExactly("approval_rate");
        }
    }

    @Test
    void a_fraction_is_never_the_count_of_its_part_nor_another_parts_percentage() {
        // no percentage of issued permits among applications: not the count of permits issued, nor the deadline's attainment
        QuestionParser.Result r = parsed("What fraction of permits were issued in March 2026?");
        assertThat(r).isNotInstanceOf(QuestionParser.Parsed.class);
        QuestionParser.Result named = parsed("What percentage of permits were issued within the deadline in March 2026?");
        assertThat(named).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) named).query().metrics()).containsExactly("deadline_attainment");
    }
}
