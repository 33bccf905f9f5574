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
 * A rate's input named beside it, on a parish newsletter's model written for this test: its channels are "Post" and "Text",
 * and the count of posts sent is an input of the reply rate. "posts sent and reply rate" asks for both measures; read as the
 * rate alone of the channel Post (the word "posts" a value, "sent" the time of the sends) it dropped one of them. Said as what
 * the rate is of ("the reply rate of posts sent"), the input is the rate's own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InputNamedBesideTest {
    static final LocalDate TODAY = LocalDate.of(2026, 6, 1);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "newsletter", """
                CREATE TABLE sends (send_id INTEGER PRIMARY KEY, channel VARCHAR, sent_on DATE, replied BOOLEAN);
                INSERT INTO sends VALUES (1, 'Post', '2026-03-02', TRUE), (2, 'Post', '2026-03-09', FALSE), (3, 'Text', '2026-03-10', TRUE),
                  (4, 'Text', '2026-03-11', FALSE), (5, 'Post', '2026-04-01', TRUE)
                """, """
                name: newsletter
                datasets:
                  - name: sends
                    table: sends
                    primary_key: [send_id]
                    default_time_dimension: sent_on
                    entities:
                      - {name: send, type: primary, expr: send_id}
                    dimensions:
                      - {name: sent_on, type: time, grain: day}
                      - {name: channel, type: categorical, label: Channel}
                metrics:
                  - {name: posts_sent, type: simple, dataset: sends, agg: count, label: Posts sent}
                  - {name: replies, type: simple, dataset: sends, agg: count, filter: replied, label: Replies}
                  - name: reply_rate
                    type: derived
                    label: Reply rate
                    expr: 100.0 * replies / NULLIF(posts_sent, 0)
                    metrics: [replies, posts_sent]
                    format: percent
                """, "a parish newsletter's sends");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    @Test
    void an_input_joined_to_the_rate_is_a_second_measure_and_one_said_of_it_is_the_rates_own() {
        QuestionParser.Result both = db.parse(TODAY, "posts sent and reply rate in March 2026");
        assertThat(both).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) both).query().metrics()).containsExactlyInAnyOrder("posts_sent", "reply_rate");
        assertThat(((QuestionParser.Parsed) both).query().filters()).isEmpty();
    }
}
