package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record named by a value of free text or by a code (a city written as text, an airport's code as its key): the value
 * index lists short text and codes, so "airports in Aberdeen" is a condition on the city, as stored (with its stray space);
 * a sentence of free text and a numeric key are not listed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NamedRecordsTest {
    static final LocalDate TODAY = LocalDate.of(2026, 4, 20);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "airports", """
                CREATE TABLE airports (code VARCHAR PRIMARY KEY, city VARCHAR, remark VARCHAR, elevation INTEGER);
                INSERT INTO airports VALUES ('APG', 'Aberdeen ', 'a proving ground airfield beside the Chesapeake bay shore', 17),
                  ('ABR', 'Aberdeen ', 'the regional airport of Brown County in South Dakota state', 397),
                  ('ATO', 'Athens', 'an airport of Ohio University, a few miles out of town', 235),
                  ('ALX', 'Alexander City', 'the municipal airport of Thomas C. Russell Field, Alabama', 209),
                  ('AND', 'Anderson', 'the regional airport of Anderson in South Carolina state', 239);
                CREATE TABLE flights (flight_no INTEGER PRIMARY KEY, dest VARCHAR, seats INTEGER);
                INSERT INTO flights VALUES (1, 'APG', 100), (2, 'APG', 120), (3, 'ATO', 90), (4, 'ABR', 80)
                """, """
                name: airports
                datasets:
                  - name: airports
                    table: airports
                    primary_key: [code]
                    dimensions:
                      - {name: code, type: identifier}
                      - {name: city, type: text}
                      - {name: remark, type: text}
                      - {name: elevation, type: number}
                  - name: flights
                    table: flights
                    primary_key: [flight_no]
                    dimensions:
                      - {name: flight_no, type: identifier}
                      - {name: dest, type: identifier, label: Destination}
                relationships:
                  - {name: flights_dest, from: flights, to: airports, type: many_to_one, from_columns: [dest], to_columns: [code]}
                metrics:
                  - {name: airports_count, type: simple, dataset: airports, agg: count, label: Number of airports}
                  - {name: flights_count, type: simple, dataset: flights, agg: count, label: Number of flights}
                """, "a model of airports named by city and code");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    QuestionParser.Result read(String question) {
        return db.parse(TODAY, question);
    }

    List<List<Object>> run(QuestionParser.Result r) {
        assertThat(r).isInstanceOf(QuestionParser.Parsed.class);
        String sql = db.layer.compile(((QuestionParser.Parsed) r).query()).sql();
        return new QueryExecutor(db.source, db.guard, QueryLimits.DEFAULT).execute(sql).rows();
    }

    @Test
    void a_value_of_free_text_names_the_records_as_they_are_stored() {
        assertThat(LayerOnDuckDb.lines(run(read("How many airports are in Aberdeen?")))).containsExactly("2");
        assertThat(LayerOnDuckDb.lines(run(read("how many airports are there in 'Alexander City'")))).containsExactly("1");
    }

    @Test
    void a_code_names_its_record_and_the_rows_that_refer_to_it() {
        assertThat(LayerOnDuckDb.lines(run(read("How many flights have destination APG?")))).containsExactly("2");
        assertThat(LayerOnDuckDb.lines(run(read("number of airports with code ATO")))).containsExactly("1");
    }

    @Test
    void an_attribute_of_a_record_named_by_its_city_or_code() {
        QuestionParser.Result r = read("What is the elevation of Athens?");
        assertThat(r).isInstanceOfSatisfying(QuestionParser.Parsed.class, p -> assertThat(p.query().filters()).extracting(Object::toString)
                .containsExactly("city = Athens"));
        assertThat(LayerOnDuckDb.lines(run(r))).containsExactly("235");
        assertThat(LayerOnDuckDb.lines(run(read("What is APG's elevation?")))).containsExactly("17");
        // two things asked of it: not read yet, never one of them alone
        assertThat(read("What are the city and elevation of APG?")).isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(read("Give me APG's city and elevation")).isNotInstanceOf(QuestionParser.Parsed.class);
        // a code that is a word of the grammar ("AND") is never read as its record
        assertThat(read("What is the elevation of airports and cities?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void free_text_named_after_for_each_is_grouped_by() {
        QuestionParser.Result r = read("For each city, how many airports are there?");
        assertThat(r).isInstanceOfSatisfying(QuestionParser.Parsed.class, p -> assertThat(p.query().groupBy()).extracting(g -> g.dimension())
                .containsExactly("city"));
        assertThat(LayerOnDuckDb.lines(run(r))).containsExactlyInAnyOrder("Aberdeen  | 2", "Alexander City | 1", "Anderson | 1", "Athens | 1");
    }

    @Test
    void the_names_of_records_with_no_attribute_called_a_name_are_what_names_each_one() {
        // Spider's cartoons are named by their title
        SemanticQuery q = QuestionWordsTest.read(QuestionWordsTest.parser("tvshow"), "What are the names of all cartoons directed by Ben Jones?");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("title");
        assertThat(q.filters()).extracting(Object::toString).containsExactly("directed_by = Ben Jones");
    }

    @Test
    void records_with_no_words_of_their_own_are_described_by_the_record_they_refer_to() {
        // a poker player has keys and numbers only: the names of poker players are the names of the people they are
        SemanticQuery q = QuestionWordsTest.read(QuestionWordsTest.parser("poker_player"), "What are the names of poker players?");
        assertThat(q.records()).isEqualTo("poker_player");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).singleElement().asString().endsWith("name");
        // an orchestra has words of its own: the names of orchestras are never their conductors'
        SemanticLayer orchestra = QuestionWordsTest.layer("orchestra");
        for (String question : new String[] {"List the names of orchestras that have no performance.", "What are the names of orchestras?"}) {
            QuestionParser.Result r = QuestionWordsTest.parser(orchestra).parse(question);
            List<String> listedFrom = r instanceof QuestionParser.Parsed p ? p.query().groupBy().stream()
                    .map(g -> orchestra.model().dimension(g.dimension()).orElseThrow().dataset()).toList() : List.of();
            assertThat(listedFrom).as(question).doesNotContain("conductor");
        }
    }

    @Test
    void sentences_and_numbers_are_not_listed() {
        ValueIndex index = db.layer.values();
        assertThat(index.of("airports.city").values()).containsExactly("Aberdeen ", "Alexander City", "Anderson", "Athens");
        assertThat(index.of("airports.code").values()).contains("APG");
        assertThat(index.of("airports.remark")).isNull(); // sentences: a word of one is not a record's name
        assertThat(index.of("flights.flight_no")).isNull();
        // a word of a remark is not a condition
        assertThat(read("How many airports are in Ohio?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
