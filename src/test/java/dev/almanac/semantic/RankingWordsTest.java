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
 * Rankings over a podcast network's model written for this test: a ranking word right before what it ranks, with no count
 * ("top host by downloads", "the worst performing show by downloads", "top shows by downloads": all of them in order), and a
 * ranking names values: the episodes with no host are not "the host with the most downloads".
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RankingWordsTest {
    static final LocalDate TODAY = LocalDate.of(2026, 6, 1);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "podcasts", """
                CREATE TABLE episodes (episode_id INTEGER PRIMARY KEY, show_name VARCHAR, host VARCHAR, downloads INTEGER, released_on DATE);
                INSERT INTO episodes VALUES (1, 'Tide Tables', 'Runa Falk', 900, '2026-01-10'), (2, 'Tide Tables', NULL, 5000, '2026-02-01'),
                  (3, 'Night Shift', 'Ivo Brandt', 1200, '2026-02-14'), (4, 'Night Shift', 'Ivo Brandt', 300, '2026-03-03'),
                  (5, 'Field Notes', 'Runa Falk', 250, '2026-04-20'), (6, 'Field Notes', NULL, 100, '2026-05-02');
                CREATE TABLE networks (network_id INTEGER PRIMARY KEY, network VARCHAR);
                INSERT INTO networks VALUES (1, 'Harbour Audio'), (2, 'Lantern FM')
                """, """
                name: podcasts
                datasets:
                  - name: episodes
                    table: episodes
                    primary_key: [episode_id]
                    default_time_dimension: released_on
                    entities:
                      - {name: episode, type: primary, expr: episode_id}
                    dimensions:
                      - {name: show, type: categorical, expr: show_name, label: Show}
                      - {name: host, type: categorical, label: Host}
                      - {name: released_on, type: time, grain: day}
                  - name: networks
                    table: networks
                    primary_key: [network_id]
                    entities:
                      - {name: network, type: primary, expr: network_id}
                    dimensions:
                      - {name: network, type: categorical, label: Network}
                metrics:
                  - {name: downloads, type: simple, dataset: episodes, agg: sum, expr: downloads, label: Downloads}
                """, "a podcast network's episodes");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    private java.util.List<String> rows(String question) {
        return LayerOnDuckDb.lines(db.layer.run(db.query(TODAY, question)).result().rows());
    }

    @Test
    void a_ranking_names_values_never_the_rows_with_none() {
        assertThat(rows("which host had the most downloads in 2026")).containsExactly("Ivo Brandt | 1500");
        assertThat(rows("top 5 hosts by downloads in 2026")).containsExactly("Ivo Brandt | 1500", "Runa Falk | 1150");
        assertThat(new QueryExplainer(db.layer).explain(db.query(TODAY, "which host had the most downloads in 2026")))
                .contains("Rows with no host are left out of the ranking.");
        // all of them, not ranked: every host, the episodes with none too
        assertThat(rows("downloads by host in 2026")).contains("null | 5100");
    }

    @Test
    void a_ranking_word_right_before_what_it_ranks_ranks_it_by_the_metric_after_by() {
        SemanticQuery top = db.query(TODAY, "top host by downloads in 2026");
        assertThat(top.limit()).isEqualTo(1);
        assertThat(rows("top host by downloads in 2026")).containsExactly("Ivo Brandt | 1500");
        assertThat(rows("the worst performing show by downloads in 2026")).containsExactly("Field Notes | 350");
        SemanticQuery shows = db.query(TODAY, "top shows by downloads in 2026");
        assertThat(shows.limit()).as("said in the plural: every show, in order").isNull();
        assertThat(rows("top shows by downloads in 2026")).containsExactly("Tide Tables | 5900", "Night Shift | 1500", "Field Notes | 350");
    }

    @Test
    void the_most_common_of_what_is_one_record_each_is_not_counted_by_its_own_rows() {
        // "the most popular network": each network is one record of its own, so counting its rows says nothing (every
        // network was "the most popular", tied at one)
        QuestionParser.Result popular = db.parse(TODAY, "what is the most popular network");
        assertThat(popular).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(((QuestionParser.Cannot) popular).reason()).contains("one record of its own");
        // a show is an attribute of many episodes: the show with the most episodes, all three tied at two
        QuestionParser.Result show = db.parse(TODAY, "what is the most popular show");
        assertThat(show).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(LayerOnDuckDb.lines(db.layer.run(((QuestionParser.Parsed) show).query()).result().rows())).hasSize(3);
    }
}
