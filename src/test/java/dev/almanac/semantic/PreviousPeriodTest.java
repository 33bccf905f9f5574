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
 * A period against the one just before it, over a bakery's model written for this test: "did takings grow in March 2026"
 * is March against February, "Q1 2026 compared to the prior quarter" is against Q4 2025 (not the quarter before today),
 * "MoM" of a month, "the week before" of a week. Words that name another kind of period, or a breakdown, are not read so.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PreviousPeriodTest {
    static final LocalDate TODAY = LocalDate.of(2026, 5, 6); // a Wednesday
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "bakery", """
                CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, sold_on DATE, amount DECIMAL(8,2), shop VARCHAR);
                INSERT INTO sales VALUES (1, '2025-11-20', 40, 'Quay'), (2, '2026-02-03', 12.5, 'Quay'), (3, '2026-02-17', 7.5, 'Mill'),
                  (4, '2026-03-02', 30, 'Quay'), (5, '2026-03-30', 15, 'Mill'), (6, '2026-04-21', 9, 'Quay'), (7, '2026-04-28', 11, 'Mill'),
                  (8, '2026-05-04', 6, 'Quay')
                """, """
                name: bakery
                datasets:
                  - name: sales
                    table: sales
                    primary_key: [sale_id]
                    default_time_dimension: sold_on
                    entities:
                      - {name: sale, type: primary, expr: sale_id}
                    dimensions:
                      - {name: shop, type: categorical, label: Shop}
                      - {name: sold_on, type: time, grain: day}
                metrics:
                  - {name: takings, type: simple, dataset: sales, agg: sum, expr: amount, label: Takings, unit: EUR}
                  - {name: sales_count, type: simple, dataset: sales, agg: count, label: Number of sales}
                """, "a bakery's sales");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    private String periods(String question) {
        SemanticQuery q = db.query(TODAY, question);
        return q.start() + ".." + q.end() + (q.compareTo() == null ? "" : " vs " + q.compareTo().start() + ".." + q.compareTo().end());
    }

    @Test
    void a_verb_of_change_said_of_one_period_compares_it_with_the_one_before() {
        assertThat(periods("did takings grow in March 2026")).isEqualTo("2026-03-01..2026-04-01 vs 2026-02-01..2026-03-01");
        assertThat(periods("how did takings change in Q1 2026?")).isEqualTo("2026-01-01..2026-04-01 vs 2025-10-01..2026-01-01");
        assertThat(periods("did the number of sales go up in 2026")).isEqualTo("2026-01-01..2027-01-01 vs 2025-01-01..2026-01-01");
        SemanticQuery march = db.query(TODAY, "did takings grow in March 2026");
        assertThat(LayerOnDuckDb.lines(db.layer.run(march).result().rows())).singleElement().asString().startsWith("45 | 20 | 25");
    }

    @Test
    void the_previous_period_named_after_a_comparison_is_the_one_before_the_asked_period() {
        assertThat(periods("takings in Q1 2026 compared to the prior quarter")).isEqualTo("2026-01-01..2026-04-01 vs 2025-10-01..2026-01-01");
        assertThat(periods("takings in March 2026 vs the month before")).isEqualTo("2026-03-01..2026-04-01 vs 2026-02-01..2026-03-01");
        assertThat(periods("takings in March 2026 MoM")).isEqualTo("2026-03-01..2026-04-01 vs 2026-02-01..2026-03-01");
        assertThat(periods("takings last week vs the week before")).isEqualTo("2026-04-27..2026-05-04 vs 2026-04-20..2026-04-27");
        assertThat(periods("takings in the last 30 days against the previous period")).isEqualTo("2026-04-07..2026-05-07 vs 2026-03-08..2026-04-07");
    }

    @Test
    void words_of_another_kind_of_period_or_a_breakdown_are_not_read_as_the_period_before() {
        QuestionParser.Result quarterMoM = db.parse(TODAY, "takings in Q1 2026 MoM");
        assertThat(quarterMoM).isNotInstanceOf(QuestionParser.Parsed.class);
        QuestionParser.Result byShop = db.parse(TODAY, "did takings grow by shop in March 2026");
        if (byShop instanceof QuestionParser.Parsed p) assertThat(p.query().compareTo()).isNull();
    }

    @Test
    void a_number_of_days_said_by_its_letter_is_a_period() {
        assertThat(periods("takings l30d")).isEqualTo("2026-04-07..2026-05-07");
        assertThat(periods("number of sales last 7d")).isEqualTo("2026-04-30..2026-05-07");
    }
}
