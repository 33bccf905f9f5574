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
 * A dataset's default segment applied through a join, on a volunteer group's model written for this test: the sign-ups of a
 * withdrawn member are left out of a breakdown by the members' town, but a sign-up no member made (a walk-in, no member
 * key) is no row of the members to leave out: it stays, in the group of no town, and the breakdown adds up to the whole.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DefaultSegmentThroughJoinTest {
    static final LocalDate TODAY = LocalDate.of(2026, 6, 1);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "volunteers", """
                CREATE TABLE members (member_id INTEGER PRIMARY KEY, town VARCHAR, withdrawn BOOLEAN);
                INSERT INTO members VALUES (1, 'Ardmore', FALSE), (2, 'Ardmore', FALSE), (3, 'Belcross', FALSE), (4, 'Belcross', TRUE);
                CREATE TABLE signups (signup_id INTEGER PRIMARY KEY, member_id INTEGER, signed_on DATE);
                INSERT INTO signups VALUES (1, 1, '2026-01-05'), (2, 2, '2026-01-09'), (3, 3, '2026-02-01'), (4, 4, '2026-02-02'),
                  (5, NULL, '2026-02-03'), (6, NULL, '2026-03-07')
                """, """
                name: volunteers
                datasets:
                  - name: members
                    table: members
                    primary_key: [member_id]
                    entities:
                      - {name: member, type: primary, expr: member_id}
                    dimensions:
                      - {name: town, type: categorical, label: Town}
                    segments:
                      - {name: active_member, expr: NOT withdrawn, default: true}
                  - name: signups
                    table: signups
                    primary_key: [signup_id]
                    default_time_dimension: signed_on
                    entities:
                      - {name: signup, type: primary, expr: signup_id}
                      - {name: member, type: foreign, expr: member_id}
                    dimensions:
                      - {name: signed_on, type: time, grain: day}
                metrics:
                  - {name: signups, type: simple, dataset: signups, agg: count, label: Sign-ups}
                  - {name: member_count, type: simple, dataset: members, agg: count, label: Members}
                  - {name: signups_per_member, type: ratio, numerator: signups, denominator: member_count, label: Sign-ups per member}
                """, "a volunteer group's sign-ups");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    @Test
    void a_fact_with_no_row_to_join_stays_and_a_row_the_segment_leaves_out_does_not() throws Exception {
        assertThat(LayerOnDuckDb.lines(db.layer.run(SemanticQuery.of("signups").by("town")).result().rows()))
                .containsExactlyInAnyOrder("Ardmore | 2", "Belcross | 1", "null | 2");
        // a condition on the town still holds only of members' sign-ups
        assertThat(LayerOnDuckDb.lines(db.layer.run(SemanticQuery.of("signups").where("town = Belcross")).result().rows())).containsExactly("1");
    }

    @Test
    void the_answer_says_how_much_has_no_group() {
        // two walk-ins of five sign-ups: the towns shown are not the whole
        SemanticQuery byTown = SemanticQuery.of("signups").by("town");
        assertThat(db.layer.withoutAGroup(byTown, db.layer.run(byTown).result()))
                .hasValue("40% of Sign-ups have no Town (the row \"no value\"): the groups shown are not the whole.");
        // a rate by town is over the sign-ups of members only
        SemanticQuery rate = SemanticQuery.of("signups_per_member").by("town");
        assertThat(db.layer.withoutAGroup(rate, db.layer.run(rate).result())).get().asString()
                .startsWith("Some rows have no Town");
        // every row in a group: nothing to say
        SemanticQuery members = SemanticQuery.of("member_count").by("town");
        assertThat(db.layer.withoutAGroup(members, db.layer.run(members).result())).isEmpty();
    }
}
