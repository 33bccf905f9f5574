package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Groups kept by a measure of their own ("continents whose average life expectancy is below 72"): a condition on the
 * groups, after the rows are added up, never on the rows; a number attribute of the rows stays a condition on the rows.
 * On Spider's world_1, drafted by `almanac init`, the rows compared with SQL written by hand.
 */
class MeasureConditionsTest {
    @Test
    void groups_listed_or_measured_are_kept_by_a_measure_of_their_own() {
        SemanticLayer layer = QuestionWordsTest.layer("world_1");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery listed = QuestionWordsTest.read(parser, "Which regions have an average life expectancy below 60?");
        assertThat(QuestionWordsTest.rows("world_1", layer.compile(listed).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("world_1",
                "SELECT region FROM country GROUP BY region HAVING avg(lifeexpectancy) < 60"));
        SemanticQuery measured = QuestionWordsTest.read(parser,
                "What is the total population of countries for each continent whose average life expectancy is less than 72?");
        assertThat(QuestionWordsTest.rows("world_1", layer.compile(measured).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("world_1",
                "SELECT continent, sum(population) FROM country GROUP BY continent HAVING avg(lifeexpectancy) < 72"));
        // a number of each row is a condition on the rows
        SemanticQuery rows = QuestionWordsTest.read(parser, "Which countries have a population greater than 100000000?");
        assertThat(rows.records()).isEqualTo("country");
        assertThat(rows.filters()).singleElement().satisfies(f -> assertThat(f.field()).isEqualTo("country.population"));
        // a measure the model does not have is no condition
        assertThat(parser.parse("Which regions have an average happiness below 60?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
