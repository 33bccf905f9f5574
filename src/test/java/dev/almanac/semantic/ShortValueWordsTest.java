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
 * Values of three letters or fewer written in lower case: a noun of English names its value ("web", "ads"); a word of the
 * grammar ("in", "it", "us") or an adjective ("new") is read as the word it is, a code only when written as one ("IT").
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShortValueWordsTest {
    static final LocalDate TODAY = LocalDate.of(2026, 4, 20);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "visits", """
                CREATE TABLE visits (visit_day DATE, channel VARCHAR, country VARCHAR, state VARCHAR, amount DECIMAL(10, 2));
                INSERT INTO visits VALUES ('2026-02-03', 'web', 'it', 'new', 10.00), ('2026-02-04', 'ads', 'us', 'old', 20.00),
                  ('2026-02-05', 'web', 'in', 'new', 5.50)
                """, """
                name: visits
                datasets:
                  - name: visits
                    table: visits
                    default_time_dimension: visit_day
                    dimensions:
                      - {name: visit_day, type: time, grain: day}
                      - {name: channel}
                      - name: country
                        values:
                          it: [ita, italia]
                      - {name: state}
                metrics:
                  - {name: amount_spent, type: simple, dataset: visits, agg: sum, expr: amount}
                """, "a model of short values");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    QuestionParser.Result read(String question) {
        return db.parse(TODAY, question);
    }

    @Test
    void a_short_noun_names_its_value() {
        assertThat(read("amount spent on the web channel in February 2026")).isInstanceOfSatisfying(QuestionParser.Parsed.class,
                p -> assertThat(p.query().filters()).extracting(Object::toString).containsExactly("channel = web"));
        assertThat(read("amount spent in the ads channel in February 2026")).isInstanceOfSatisfying(QuestionParser.Parsed.class,
                p -> assertThat(p.query().filters()).extracting(Object::toString).containsExactly("channel = ads"));
    }

    @Test
    void a_name_the_model_gives_a_value_names_it_in_lower_case_too() {
        // "ita" is the model's own word for the country "it", and no word of English
        assertThat(read("amount spent in ita in February 2026")).isInstanceOfSatisfying(QuestionParser.Parsed.class,
                p -> assertThat(p.query().filters()).extracting(Object::toString).containsExactly("country = it"));
        assertThat(read("amount spent in italia")).isInstanceOfSatisfying(QuestionParser.Parsed.class,
                p -> assertThat(p.query().filters()).extracting(Object::toString).containsExactly("country = it"));
    }

    @Test
    void a_word_of_the_grammar_or_an_adjective_is_not_a_value() {
        // "in" is a country's code in the data, and the preposition here
        assertThat(read("amount spent in February 2026")).isInstanceOfSatisfying(QuestionParser.Parsed.class,
                p -> assertThat(p.query().filters()).isEmpty());
        assertThat(QuestionWords.shortNoun("web")).isTrue();
        assertThat(QuestionWords.shortNoun("ads")).isTrue();
        assertThat(QuestionWords.shortNoun("it")).isFalse();
        assertThat(QuestionWords.shortNoun("us")).isFalse();
        assertThat(QuestionWords.shortNoun("in")).isFalse();
        assertThat(QuestionWords.shortNoun("new")).isFalse();
    }
}
