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
 * Questions said the short way, over a credit union's model written for this test: the rows' noun and a breakdown ("loans by
 * purpose" counts loans), a breakdown whose first word a metric's phrase also has ("new members by acquisition source"), the
 * events of a count said to happen ("how many originations happened"), a period's end without "the".
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TerseQuestionsTest {
    static final LocalDate TODAY = LocalDate.of(2026, 4, 20);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "credit_union", """
                CREATE TABLE members (member_id INTEGER PRIMARY KEY, joined_on DATE, acquisition_source VARCHAR);
                INSERT INTO members VALUES (1, '2026-01-05', 'branch'), (2, '2026-02-11', 'referral'), (3, '2026-02-20', 'branch'),
                  (4, '2026-03-03', 'online');
                CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, member_id INTEGER, opened_on DATE, purpose VARCHAR, principal DECIMAL(10, 2));
                INSERT INTO loans VALUES (1, 1, '2026-01-10', 'car', 9000), (2, 2, '2026-02-14', 'home', 150000), (3, 3, '2026-03-01', 'car', 12000),
                  (4, 1, '2026-03-15', 'education', 4000), (5, 4, '2026-03-20', 'car', 7000)
                """, """
                name: credit_union
                datasets:
                  - name: members
                    table: members
                    primary_key: [member_id]
                    default_time_dimension: joined_on
                    entities:
                      - {name: member, type: primary, expr: member_id}
                    dimensions:
                      - {name: joined_on, type: time, grain: day}
                      - {name: acquisition_source, type: categorical, label: Acquisition source}
                  - name: loans
                    table: loans
                    primary_key: [loan_id]
                    default_time_dimension: opened_on
                    entities:
                      - {name: loan, type: primary, expr: loan_id}
                      - {name: member, type: foreign, expr: member_id}
                    dimensions:
                      - {name: opened_on, type: time, grain: day}
                      - {name: purpose, type: categorical}
                metrics:
                  - {name: new_members, type: simple, dataset: members, agg: count, label: New members, synonyms: [member acquisition]}
                  - {name: originations, type: simple, dataset: loans, agg: count, label: Originations}
                  - {name: principal_lent, type: simple, dataset: loans, agg: sum, expr: principal, label: Principal lent, synonyms: [lending by purpose]}
                """, "a credit union's members and loans");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    QuestionParser.Result parsed(String question) {
        return db.parse(TODAY, question);
    }

    SemanticQuery read(String question) {
        QuestionParser.Result r = parsed(question);
        assertThat(r).as(question).isInstanceOf(QuestionParser.Parsed.class);
        return ((QuestionParser.Parsed) r).query();
    }

    @Test
    void the_rows_noun_and_a_breakdown_count_the_rows() {
        SemanticQuery q = read("loans by purpose");
        assertThat(q.metrics()).containsExactly("originations");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("purpose");
        assertThat(read("loans per purpose in March 2026").start()).isEqualTo(LocalDate.of(2026, 3, 1));
        // a word after "by" that names nothing is not a breakdown, and nothing is answered
        assertThat(parsed("loans by Smith")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_breakdown_after_by_is_not_the_second_word_of_a_metrics_phrase() {
        // "member acquisition" is a phrase of New members: "members by acquisition" are not its words with "by" between them
        SemanticQuery q = read("new members by acquisition source");
        assertThat(q.metrics()).containsExactly("new_members");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("acquisition_source");
    }

    @Test
    void things_ranked_by_a_measure_are_its_breakdown_highest_first_unless_ascending() {
        SemanticQuery ranked = read("Rank purposes by principal lent in March 2026");
        assertThat(ranked.metrics()).containsExactly("principal_lent");
        assertThat(ranked.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("purpose");
        assertThat(ranked.order()).extracting(o -> o.field() + (o.descending() ? " desc" : "")).containsExactly("principal_lent desc");
        SemanticQuery ascending = read("purposes ranked by originations in ascending order");
        assertThat(ascending.order()).extracting(o -> o.field() + (o.descending() ? " desc" : "")).containsExactly("originations");
    }

    @Test
    void year_over_year_is_the_period_against_the_same_one_a_year_before() {
        SemanticQuery q = read("year-over-year change in originations for March 2026");
        assertThat(q.start()).isEqualTo(LocalDate.of(2026, 3, 1));
        assertThat(q.compareTo().start()).isEqualTo(LocalDate.of(2025, 3, 1));
        assertThat(q.compareTo().end()).isEqualTo(LocalDate.of(2025, 4, 1));
        assertThat(read("YoY principal lent in Q1 2026").compareTo().start()).isEqualTo(LocalDate.of(2025, 1, 1));
    }

    @Test
    void a_breakdown_inside_a_metrics_own_phrase_is_still_asked() {
        // "lending by purpose" is a synonym of Principal lent: the breakdown it says is not dropped for the total
        SemanticQuery q = read("lending by purpose in March 2026");
        assertThat(q.metrics()).containsExactly("principal_lent");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("purpose");
    }

    @Test
    void a_sum_is_never_a_count_and_a_superlative_may_open_the_question() {
        assertThat(parsed("sum of originations in March 2026")).isNotInstanceOf(QuestionParser.Parsed.class);
        SemanticQuery best = read("best month for originations in 2026");
        assertThat(best.grain()).isEqualTo(Grain.MONTH);
        assertThat(best.limit()).isEqualTo(1);
        assertThat(best.order()).extracting(o -> o.field() + (o.descending() ? " desc" : "")).containsExactly("originations desc");
    }

    @Test
    void a_follow_up_naming_another_metric_asks_the_last_question_of_it() {
        SemanticQuery previous = read("loans by purpose in March 2026");
        QuestionParser.Result r = db.layer.withParser(TODAY, p -> p.followUp("how about principal lent?", previous));
        assertThat(r).isInstanceOf(QuestionParser.Parsed.class);
        SemanticQuery q = ((QuestionParser.Parsed) r).query();
        assertThat(q.metrics()).containsExactly("principal_lent");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("purpose");
        assertThat(q.start()).isEqualTo(LocalDate.of(2026, 3, 1));
        // a month alone after "what about" is the thread's question in that month
        QuestionParser.Result month = db.layer.withParser(TODAY, p -> p.followUp("what about February", previous));
        assertThat(month).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) month).query().start()).isEqualTo(LocalDate.of(2026, 2, 1));
        assertThat(((QuestionParser.Parsed) month).query().metrics()).containsExactly("originations");
        // a follow-up of a period alone (it once threw: the thread's metric is named by no word)
        for (String said : new String[] {"and february?", "And for February?"}) {
            QuestionParser.Result alone = db.layer.withParser(TODAY, p -> p.followUp(said, previous));
            assertThat(alone).as(said).isInstanceOf(QuestionParser.Parsed.class);
            assertThat(((QuestionParser.Parsed) alone).query().start()).as(said).isEqualTo(LocalDate.of(2026, 2, 1));
        }
        // new members have no purpose: the breakdown is never dropped for an answer without it
        QuestionParser.Result members = db.layer.withParser(TODAY, p -> p.followUp("and new members?", previous));
        assertThat(members).isInstanceOf(QuestionParser.Cannot.class);
    }

    @Test
    void the_events_of_a_count_happen() {
        SemanticQuery q = read("How many originations happened in March 2026?");
        assertThat(q.metrics()).containsExactly("originations");
        assertThat(q.start()).isEqualTo(LocalDate.of(2026, 3, 1));
        // an amount is not an event: what it happened to is not said
        assertThat(parsed("How much principal lent happened in March 2026?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
