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
 * Conditions on what each row is worth where the model has no dimension for it ("orders over $500"), over a print shop's
 * model written for this test: the one expression the dataset's money measures add up, compared row by row, the answer
 * computed on DuckDB; none where the measures disagree on it or a dataset has no money measure.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RowAmountsTest {
    static final LocalDate TODAY = LocalDate.of(2026, 4, 20);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "print_shop", """
                CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, ordered_on DATE, paper VARCHAR, price_usd DECIMAL(10, 2), pages INTEGER);
                INSERT INTO jobs VALUES (1, '2026-03-02', 'matte', 120.00, 40), (2, '2026-03-05', 'gloss', 640.00, 300), (3, '2026-03-09', 'matte', 515.50, 210),
                  (4, '2026-03-21', 'gloss', 80.00, 25), (5, '2026-02-11', 'matte', 900.00, 500);
                CREATE TABLE quotes (quote_id INTEGER PRIMARY KEY, sent_on DATE, net_usd DECIMAL(10, 2), gross_usd DECIMAL(10, 2));
                INSERT INTO quotes VALUES (1, '2026-03-03', 100, 120), (2, '2026-03-04', 600, 720)
                """, """
                name: print_shop
                datasets:
                  - name: jobs
                    table: jobs
                    primary_key: [job_id]
                    default_time_dimension: ordered_on
                    dimensions:
                      - {name: job_id, type: identifier}
                      - {name: ordered_on, type: time, grain: day}
                      - {name: paper, type: categorical}
                  - name: quotes
                    table: quotes
                    primary_key: [quote_id]
                    default_time_dimension: sent_on
                    dimensions:
                      - {name: quote_id, type: identifier}
                      - {name: sent_on, type: time, grain: day}
                metrics:
                  - {name: jobs, type: simple, dataset: jobs, agg: count, label: Print jobs}
                  - {name: job_revenue, type: simple, dataset: jobs, agg: sum, expr: price_usd, label: Job revenue, format: currency, unit: USD}
                  - {name: pages_printed, type: simple, dataset: jobs, agg: sum, expr: pages, label: Pages printed, unit: pages}
                  - {name: quotes, type: simple, dataset: quotes, agg: count, label: Quotes}
                  - {name: quoted_net, type: simple, dataset: quotes, agg: sum, expr: net_usd, label: Quoted net amount, format: currency}
                  - {name: quoted_gross, type: simple, dataset: quotes, agg: sum, expr: gross_usd, label: Quoted gross amount, format: currency}
                """, "a print shop's jobs and quotes");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    QuestionParser.Result parsed(String question) {
        return db.parse(TODAY, question);
    }

    @Test
    void rows_over_an_amount_are_those_whose_money_measure_exceeds_it() {
        QuestionParser.Result r = parsed("How many jobs over $500 in March 2026?");
        assertThat(r).isInstanceOf(QuestionParser.Parsed.class);
        SemanticQuery q = ((QuestionParser.Parsed) r).query();
        assertThat(q.metrics()).containsExactly("jobs");
        assertThat(q.filters()).extracting(Object::toString).containsExactly("jobs.row_amount > 500");
        // jobs 2 (640.00) and 3 (515.50) of March; job 5 (900) is February's
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactly("2");

        // an amount that could be a year is the amount when written as money
        QuestionParser.Result yearLike = parsed("How many jobs over $2,000 in 2026?");
        assertThat(yearLike).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) yearLike).query().filters()).extracting(Object::toString).containsExactly("jobs.row_amount > 2000");
        assertThat(((QuestionParser.Parsed) yearLike).query().start()).isEqualTo(LocalDate.of(2026, 1, 1));

        QuestionParser.Result worth = parsed("What was the job revenue from jobs worth less than 200 dollars in March 2026?");
        assertThat(worth).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(LayerOnDuckDb.lines(db.layer.run(((QuestionParser.Parsed) worth).query()).result().rows())).containsExactly("200");

        // both ends, the currency after the second number: jobs 2 (640.00) and 3 (515.50) of March, not a job at 700 or more
        QuestionParser.Result between = parsed("How many jobs between 500 and 700 dollars in March 2026?");
        assertThat(between).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) between).query().filters()).extracting(Object::toString)
                .containsExactly("jobs.row_amount >= 500", "jobs.row_amount <= 700");
        assertThat(LayerOnDuckDb.lines(db.layer.run(((QuestionParser.Parsed) between).query()).result().rows())).containsExactly("2");
        assertThat(parsed("How many jobs between 500 and 700 euros in March 2026?")).as("another currency").isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void no_amount_where_the_money_measures_disagree_or_none_is_money() {
        // quotes have a net and a gross amount: which one "over $500" means is not said
        assertThat(db.layer.model().rowAmount("quotes")).isEmpty();
        assertThat(parsed("How many quotes over $500 in March 2026?")).isNotInstanceOf(QuestionParser.Parsed.class);
        // pages are not money: a job "over 100" is still its price
        assertThat(db.layer.model().rowAmount("jobs")).get().extracting(Dimension::expr).isEqualTo("price_usd");
        // the amount is not a dimension the model's author wrote
        assertThat(db.layer.model().dimensions()).extracting(Dimension::name).doesNotContain(SemanticModel.ROW_AMOUNT);
    }
}
