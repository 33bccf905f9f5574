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
 * A proper adjective names the value it pertains to in WordNet ("Italian wines" are the wines whose country is Italy), over a
 * wine merchant's model written for this test; a lower-case everyday adjective ("financial") never does.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProperAdjectivesTest {
    static final LocalDate TODAY = LocalDate.of(2026, 4, 20);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "cellar", """
                CREATE TABLE wines (wine_id INTEGER PRIMARY KEY, country VARCHAR, buyer_team VARCHAR, price DECIMAL(8, 2));
                INSERT INTO wines VALUES (1, 'France', 'Finance', 30), (2, 'Italy', 'Sales', 18), (3, 'Spain', 'Sales', 12),
                  (4, 'France', 'Finance', 45), (5, 'Italy', 'Finance', 22), (6, 'Spain', 'Sales', 9),
                  (7, 'France', 'Sales', 60), (8, 'Italy', 'Sales', 25)
                """, """
                name: cellar
                datasets:
                  - name: wines
                    table: wines
                    primary_key: [wine_id]
                    dimensions:
                      - {name: wine_id, type: identifier}
                      - {name: country, type: categorical}
                      - {name: buyer_team, type: categorical}
                metrics:
                  - {name: average_price, type: simple, dataset: wines, agg: avg, expr: price, label: Average price}
                  - {name: wine_count, type: simple, dataset: wines, agg: count, label: Number of wines}
                """, "a wine merchant's cellar");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    QuestionParser.Result parsed(String question) {
        return db.parse(TODAY, question);
    }

    @Test
    void a_proper_adjective_is_the_value_it_pertains_to() {
        QuestionParser.Result r = parsed("What is the average price of Italian wines?");
        assertThat(r).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) r).query().filters()).extracting(Object::toString).containsExactly("country = Italy");
        QuestionParser.Result count = parsed("How many Spanish wines are there?");
        assertThat(count).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) count).query().filters()).extracting(Object::toString).containsExactly("country = Spain");
    }

    @Test
    void an_everyday_adjective_in_lower_case_is_not_a_value() {
        // "financial" pertains to finance, a buyer team's value: not what the question says
        assertThat(parsed("What is the average price of financial wines?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
