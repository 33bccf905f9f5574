package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.UserError;
import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Answers that would misstate the period asked, on a lending library's model written for this test (its loans' data ends on
 * 31 March 2026): a comparison with a period the data covers whole is cut at the same point; a month-over-month metric over
 * several months is answered per month; a weekly grain over seven days that straddle two weeks is one number; a first
 * period only partly asked says so; and a ratio whose two sides reach a district through different records is refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PeriodsAnsweredWholeTest {
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "library", """
                CREATE TABLE districts (district_id INTEGER PRIMARY KEY, name VARCHAR);
                INSERT INTO districts VALUES (1, 'Northgate'), (2, 'Southmoor');
                CREATE TABLE branches (branch_id INTEGER PRIMARY KEY, district_id INTEGER);
                INSERT INTO branches VALUES (10, 1), (20, 2);
                CREATE TABLE borrowers (borrower_id INTEGER PRIMARY KEY, district_id INTEGER);
                INSERT INTO borrowers VALUES (100, 1), (101, 1), (102, 2);
                CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, branch_id INTEGER, borrower_id INTEGER, loaned_on DATE, fee DECIMAL(10,2));
                INSERT INTO loans VALUES (1, 10, 100, '2025-01-15', 10), (2, 10, 101, '2025-02-15', 20), (3, 20, 102, '2025-03-15', 30),
                  (4, 20, 102, '2025-04-15', 40), (5, 10, 100, '2025-12-15', 50),
                  (6, 10, 100, '2026-01-15', 11), (7, 20, 101, '2026-02-15', 21), (8, 20, 102, '2026-03-31', 31)
                """, """
                name: library
                datasets:
                  - name: districts
                    table: districts
                    primary_key: [district_id]
                    entities:
                      - {name: district, type: primary, expr: district_id}
                    dimensions:
                      - {name: district_name, type: categorical, expr: name, label: District}
                  - name: branches
                    table: branches
                    primary_key: [branch_id]
                    entities:
                      - {name: branch, type: primary, expr: branch_id}
                      - {name: district, type: foreign, expr: district_id}
                  - name: borrowers
                    table: borrowers
                    primary_key: [borrower_id]
                    entities:
                      - {name: borrower, type: primary, expr: borrower_id}
                      - {name: district, type: foreign, expr: district_id}
                  - name: loans
                    table: loans
                    primary_key: [loan_id]
                    default_time_dimension: loaned_on
                    entities:
                      - {name: loan, type: primary, expr: loan_id}
                      - {name: branch, type: foreign, expr: branch_id}
                    dimensions:
                      - {name: loaned_on, type: time, grain: day}
                metrics:
                  - {name: fees, type: simple, dataset: loans, agg: sum, expr: fee, label: Fees}
                  - {name: loan_count, type: simple, dataset: loans, agg: count, label: Loans}
                  - {name: borrower_count, type: simple, dataset: borrowers, agg: count, label: Borrowers}
                  - {name: fee_per_loan, type: ratio, numerator: fees, denominator: loan_count, label: Fee per loan}
                  - {name: fees_per_borrower, type: ratio, numerator: fees, denominator: borrower_count, label: Fees per borrower}
                  - name: fee_change
                    type: derived
                    label: Fee change (month over month)
                    expr: fees - fees_last_month
                    metrics:
                      - fees
                      - {name: fees, alias: fees_last_month, offset_window: 1 month}
                """, "a lending library's loans");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    @Test
    void a_comparison_with_a_period_the_data_covers_whole_is_cut_at_the_same_point() {
        SemanticQuery asked = SemanticQuery.of("fees").between(LocalDate.parse("2026-01-01"), LocalDate.parse("2027-01-01"))
                .comparedTo(LocalDate.parse("2025-01-01"), LocalDate.parse("2026-01-01"));
        SemanticLayer.Clipped cut = db.layer.comparedLikeForLike(asked, null).orElseThrow();
        assertThat(cut.query().end()).isEqualTo(LocalDate.parse("2026-04-01"));
        assertThat(cut.query().compareTo()).isEqualTo(new SemanticQuery.Period(LocalDate.parse("2025-01-01"), LocalDate.parse("2025-04-01")));
        assertThat(cut.dataEnds()).isEqualTo("the data ends on 31 March 2026");
        // January to March against January to March: 11 + 21 + 31 against 10 + 20 + 30, where the whole of 2025 held 150
        assertThat(LayerOnDuckDb.lines(db.layer.run(cut.query()).result().rows()).get(0)).startsWith("63 | 60");
        // a period the data covers is compared as asked
        assertThat(db.layer.comparedLikeForLike(SemanticQuery.of("fees").between(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-03-01"))
                .comparedTo(LocalDate.parse("2025-01-01"), LocalDate.parse("2025-03-01")), null)).isEmpty();
    }

    @Test
    void a_month_over_month_metric_over_months_is_answered_per_month() {
        SemanticQuery q = db.layer.atAnswerableGrain(SemanticQuery.of("fee_change").between(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-04-01")));
        assertThat(q.grain()).isEqualTo(Grain.MONTH);
        // each month against the one before, never the last month against itself
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactly("2026-01-01 | -39", "2026-02-01 | 10", "2026-03-01 | 10");
        // one month is one number, as asked
        assertThat(db.layer.atAnswerableGrain(SemanticQuery.of("fee_change").between(LocalDate.parse("2026-03-01"), LocalDate.parse("2026-04-01"))).grain()).isNull();
    }

    @Test
    void a_grain_over_a_range_no_longer_than_one_of_its_periods_is_one_number_and_a_part_period_is_said() {
        // Wednesday 14 January to Tuesday 20 January 2026: two parts of weeks, each would be labelled as a whole week
        SemanticQuery week = SemanticQuery.of("fees").grain(Grain.WEEK).between(LocalDate.parse("2026-01-14"), LocalDate.parse("2026-01-21"));
        assertThat(db.layer.atAnswerableGrain(week).grain()).isNull();
        // a week that is one whole week keeps its grain
        SemanticQuery whole = SemanticQuery.of("fees").grain(Grain.WEEK).between(LocalDate.parse("2026-01-12"), LocalDate.parse("2026-01-19"));
        assertThat(db.layer.atAnswerableGrain(whole).grain()).isEqualTo(Grain.WEEK);
        // by month from the middle of January: January's row holds part of it
        assertThat(db.layer.coverageNote(SemanticQuery.of("fees").grain(Grain.MONTH).between(LocalDate.parse("2026-01-10"), LocalDate.parse("2026-04-01"))))
                .hasValue("January 2026 holds 10 to 31 January 2026 only, the part of it in the period asked.");
        assertThat(db.layer.coverageNote(SemanticQuery.of("fees").grain(Grain.MONTH).between(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-04-01")))).isEmpty();
    }

    @Test
    void a_ratio_whose_sides_reach_the_attribute_through_different_records_is_refused() {
        // fees reach a district through the branch that lent; borrowers through their home
        assertThatThrownBy(() -> db.layer.compile(SemanticQuery.of("fees_per_borrower").by("district_name")))
                .isInstanceOf(UserError.class).hasMessageContaining("different");
        // both sides of one fact reach it the same way
        assertThat(LayerOnDuckDb.lines(db.layer.run(SemanticQuery.of("fee_per_loan").by("district_name").orderBy("district_name")).result().rows()))
                .containsExactly("Northgate | 22.75", "Southmoor | 30.5");
        // each metric beside the other, each its own district
        assertThat(db.layer.compile(SemanticQuery.of("fees", "borrower_count").by("district_name")).sql()).isNotBlank();
    }
}
