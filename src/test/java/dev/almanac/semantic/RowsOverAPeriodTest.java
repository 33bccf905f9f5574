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
 * The rows a count counts, asked for themselves over a period, over a lending library's model written for this test:
 * "list the members who joined in March 2026", "which members joined in 2026" are the members named, with the day each
 * joined, not how many joined. A count that keeps only some rows ("members who left") lists the rows it keeps; rows
 * that no attribute names (loans) are not listed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RowsOverAPeriodTest {
    static final LocalDate TODAY = LocalDate.of(2026, 5, 6);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "library", """
                CREATE TABLE members (member_id INTEGER PRIMARY KEY, member_name VARCHAR, branch VARCHAR, joined_on DATE, left_on DATE);
                INSERT INTO members VALUES (1, 'Astrid Holm', 'Harbour', '2025-11-02', '2026-02-11'), (2, 'Bo Lind', 'Old Town', '2026-03-04', NULL),
                  (3, 'Cleo Marsh', 'Harbour', '2026-03-22', '2026-04-30'), (4, 'Dag Nyberg', 'Harbour', '2026-04-09', NULL),
                  (5, 'Elin Sand', 'Old Town', '2026-01-15', '2025-12-20');
                CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, member_id INTEGER, lent_on DATE, returned BOOLEAN);
                INSERT INTO loans VALUES (1, 1, '2026-03-01', true), (2, 2, '2026-03-09', false), (3, 3, '2026-04-02', true)
                """, """
                name: library
                datasets:
                  - name: members
                    table: members
                    primary_key: [member_id]
                    default_time_dimension: joined_on
                    entities:
                      - {name: member, type: primary, expr: member_id}
                    dimensions:
                      - {name: member, type: categorical, expr: member_name, label: Member, label_of: member}
                      - {name: branch, type: categorical, label: Branch}
                      - {name: joined_on, type: time, grain: day}
                      - {name: left_on, type: time, grain: day}
                  - name: loans
                    table: loans
                    primary_key: [loan_id]
                    default_time_dimension: lent_on
                    entities:
                      - {name: loan, type: primary, expr: loan_id}
                      - {name: member, type: foreign, expr: member_id}
                    dimensions:
                      - {name: lent_on, type: time, grain: day}
                metrics:
                  - {name: new_members, type: simple, dataset: members, agg: count, label: New members, synonyms: [members joined]}
                  - {name: loans_returned, type: simple, dataset: loans, agg: count, filter: returned, label: Loans returned}
                  - {name: members_left, type: simple, dataset: members, agg: count, filter: left_on IS NOT NULL, time_dimension: left_on, label: Members who left}
                """, "a lending library's members and loans");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    SemanticQuery read(String question) {
        return db.query(TODAY, question);
    }

    @Test
    void the_rows_a_count_counts_are_listed_over_the_period_on_its_time() {
        SemanticQuery q = read("list the members who joined in march 2026");
        assertThat(q.records()).isEqualTo("members");
        assertThat(q.metrics()).isEmpty();
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactly("Bo Lind | 2026-03-04", "Cleo Marsh | 2026-03-22");

        SemanticQuery year = read("which members joined in 2026");
        assertThat(LayerOnDuckDb.lines(db.layer.run(year).result().rows()))
                .containsExactly("Elin Sand | 2026-01-15", "Bo Lind | 2026-03-04", "Cleo Marsh | 2026-03-22", "Dag Nyberg | 2026-04-09");

        SemanticQuery branch = read("list the members at the harbour branch who joined in 2026");
        assertThat(LayerOnDuckDb.lines(db.layer.run(branch).result().rows())).containsExactly("Cleo Marsh | 2026-03-22", "Dag Nyberg | 2026-04-09");

        // how many is still the count
        assertThat(read("how many members joined in 2026").metrics()).containsExactly("new_members");
    }

    @Test
    void the_rows_a_count_with_a_condition_keeps_are_listed_over_the_period_on_its_own_time() {
        SemanticQuery left = read("which members left in 2026");
        assertThat(left.records()).isEqualTo("members_left");
        assertThat(LayerOnDuckDb.lines(db.layer.run(left).result().rows())).containsExactly("Astrid Holm | 2026-02-11", "Cleo Marsh | 2026-04-30");
        assertThat(read("how many members left in 2026").metrics()).containsExactly("members_left");
        QueryExplainer explainer = new QueryExplainer(db.layer);
        assertThat(explainer.title(left)).startsWith("Members who left with member and left on");
        assertThat(explainer.explain(left)).contains("Each record of members who left (");
    }

    @Test
    void rows_nothing_names_are_not_listed() {
        QuestionParser.Result r = db.parse(TODAY, "which loans were returned in march 2026");
        assertThat(r).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(((QuestionParser.Cannot) r).reason()).contains("themselves, not how many");
    }
}
