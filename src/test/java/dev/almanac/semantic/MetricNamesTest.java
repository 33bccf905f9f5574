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
 * How a metric is named: by its very name or label over another metric of the same rows ("claims" is the count of claims,
 * not the amount claimed), and by its name with a schema's abbreviations said in words ("avg_claim_days": average claim days).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MetricNamesTest {
    static final LocalDate TODAY = LocalDate.of(2026, 4, 20);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "claims", """
                CREATE TABLE claims (claim_id INTEGER PRIMARY KEY, filed_on DATE, amount DECIMAL(10, 2), days_open INTEGER, closed_on DATE);
                INSERT INTO claims VALUES (1, '2026-03-02', 100.00, 4, '2026-03-06'), (2, '2026-03-09', 250.00, 8, NULL), (3, '2026-02-11', 40.00, 2, '2026-02-13')
                """, """
                name: claims
                datasets:
                  - name: claims
                    table: claims
                    primary_key: [claim_id]
                    default_time_dimension: filed_on
                    dimensions:
                      - {name: claim_id, type: identifier}
                      - {name: filed_on, type: time, grain: day}
                metrics:
                  - {name: claims, type: simple, dataset: claims, agg: count, label: Claims}
                  - {name: claimed_amount, type: simple, dataset: claims, agg: sum, expr: amount, label: Claimed amount}
                  - {name: avg_claim_days, type: simple, dataset: claims, agg: avg, expr: days_open}
                  - {name: claims_opened, type: simple, dataset: claims, agg: count, label: Claims opened}
                  - {name: open_claims, type: simple, dataset: claims, agg: count, filter: closed_on IS NULL, label: Open claims}
                """, "a model of claims");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    String metricOf(String question) {
        QuestionParser.Result r = db.parse(TODAY, question);
        assertThat(r).as(question).isInstanceOf(QuestionParser.Parsed.class);
        return ((QuestionParser.Parsed) r).query().metrics().get(0);
    }

    @Test
    void a_metrics_very_name_is_that_metric() {
        assertThat(metricOf("claims in March 2026")).isEqualTo("claims");
        assertThat(metricOf("claimed amount in March 2026")).isEqualTo("claimed_amount");
    }

    @Test
    void the_form_a_metrics_names_write_a_word_in_tells_two_of_the_same_stem_apart() {
        // "open" (a state) and "opened" (an event) share a stem: the form said is the metric's
        assertThat(metricOf("How many claims are still open?")).isEqualTo("open_claims");
        assertThat(metricOf("How many claims were opened in March 2026?")).isEqualTo("claims_opened");
    }

    @Test
    void a_name_with_abbreviations_is_said_in_words_too() {
        assertThat(metricOf("avg claim days in March 2026")).isEqualTo("avg_claim_days");
        assertThat(metricOf("average claim days in March 2026")).isEqualTo("avg_claim_days");
    }
}
