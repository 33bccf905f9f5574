package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A quoted value is a value of the attribute named just before it ("the airline "JetBlue Airways"", "whose citizenship is
 * not 'France'"), free text too, which no index of values holds; on models drafted from Spider dev databases nobody here
 * wrote, the answers' rows compared with queries written by hand on the real SQLite files.
 */
class QuotedValuesTest {
    @Test
    void a_quoted_value_of_free_text_is_a_condition_on_the_attribute_before_it() {
        SemanticLayer layer = QuestionWordsTest.layer("flight_2");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery abbreviation = QuestionWordsTest.read(parser, "What is the abbreviation of Airline \"JetBlue Airways\"?");
        assertThat(abbreviation.filters()).singleElement().satisfies(f -> {
            assertThat(f.op()).isEqualTo("=");
            assertThat(f.values()).containsExactly("JetBlue Airways");
        });
        assertThat(QuestionWordsTest.rows("flight_2", layer.compile(abbreviation).sql())).isNotEmpty()
                .isEqualTo(QuestionWordsTest.rows("flight_2", "SELECT abbreviation FROM airlines WHERE airline = 'JetBlue Airways'"));
        SemanticQuery code = QuestionWordsTest.read(parser, "Return the name of the airport with code 'AKO'.");
        assertThat(QuestionWordsTest.rows("flight_2", layer.compile(code).sql())).isNotEmpty()
                .isEqualTo(QuestionWordsTest.rows("flight_2", "SELECT airportname FROM airports WHERE airportcode = 'AKO'"));
    }

    @Test
    void a_quoted_value_after_not_is_excluded_and_one_a_complete_list_lacks_is_not_answered() {
        SemanticLayer layer = QuestionWordsTest.layer("singer");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery notFrance = QuestionWordsTest.read(parser, "List the name of singers whose citizenship is not \"France\".");
        assertThat(notFrance.filters()).singleElement().satisfies(f -> assertThat(f.op()).isEqualTo("!="));
        assertThat(QuestionWordsTest.rows("singer", layer.compile(notFrance).sql())).isNotEmpty()
                .isEqualTo(QuestionWordsTest.rows("singer", "SELECT name FROM singer WHERE citizenship != 'France'"));
        // a country of concert_singer's singers is one of a complete list of values: one not in it is not answered
        QuestionParser concerts = QuestionWordsTest.parser("concert_singer");
        assertThat(concerts.parse("List the names of singers whose country is \"Atlantis\".")).isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(QuestionWordsTest.read(concerts, "List the names of singers whose country is \"france\".").filters())
                .singleElement().satisfies(f -> assertThat(f.values()).as("as the list of values writes it").containsExactly("France"));
    }

    @Test
    void a_quoted_name_is_never_compared_with_a_column_of_other_rows_keys() {
        // a flight's airline column holds the airlines' numbers: 'JetBlue Airways' is not one of them
        QuestionParser parser = QuestionWordsTest.parser("flight_2");
        QuestionParser.Result r = parser.parse("How many flights does airline 'JetBlue Airways' have?");
        assertThat(r instanceof QuestionParser.Parsed p && p.query().filters().stream().anyMatch(f -> f.field().contains("flights"))).isFalse();
    }
}
