package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The reading's query translated back to words, on models drafted from Spider dev databases nobody here wrote: a part of the
 * query that no word of the question asks for (a breakdown, a condition, a limit, a grain, a period) is named, and a reading
 * that has one is not answered.
 */
class BackTranslationTest {
    @Test
    void the_readings_of_questions_have_every_part_said() {
        SemanticLayer layer = QuestionWordsTest.layer("world_1");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        BackTranslation back = new BackTranslation(layer.model());
        for (String q : List.of("How many countries are there?", "What is the average life expectancy of countries in each continent?",
                "What are the names of countries in Asia?")) {
            QuestionParser.Result r = parser.parse(q);
            if (r instanceof QuestionParser.Parsed p) assertThat(back.unsaid(q, p.query(), false)).as(q).isEmpty();
        }
    }

    @Test
    void a_part_no_word_asks_for_is_named() {
        SemanticModel model = QuestionWordsTest.layer("world_1").model();
        BackTranslation back = new BackTranslation(model);
        String continent = model.reference(model.dimensions().stream().filter(d -> d.name().equals("continent")).findFirst().orElseThrow());
        SemanticQuery count = SemanticQuery.of("country_count");
        assertThat(back.unsaid("How many countries are there?", count, false)).isEmpty();

        SemanticQuery byContinent = count.by(continent);
        assertThat(back.unsaid("How many countries are there?", byContinent, false)).singleElement().asString().startsWith("the breakdown by");
        assertThat(back.unsaid("How many countries are there in each continent?", byContinent, false)).isEmpty();

        SemanticQuery inAsia = count.where(List.of(new SemanticQuery.Filter(continent, "=", List.of("Asia"))));
        assertThat(back.unsaid("How many countries are there?", inAsia, false)).singleElement().asString().startsWith("the condition");
        assertThat(back.unsaid("How many countries are in Asia?", inAsia, false)).isEmpty();

        // a breakdown by the attribute whose values the question names is said by them
        SemanticQuery twoContinents = count.by(continent).where(List.of(new SemanticQuery.Filter(continent, "in", List.of("Asia", "Europe"))));
        assertThat(back.unsaid("Do Asia or Europe have more countries?", twoContinents, false)).isEmpty();

        assertThat(back.unsaid("How many countries are there in each continent?", byContinent.limit(3), false)).singleElement().asString()
                .startsWith("the limit");
        assertThat(back.unsaid("Which 3 continents have the most countries?", byContinent.limit(3), false)).isEmpty();

        SemanticQuery period = count.between(LocalDate.of(2025, 1, 1), LocalDate.of(2026, 1, 1));
        assertThat(back.unsaid("How many countries are there?", period, false)).containsExactly("the period");
        assertThat(back.unsaid("How many countries were there in 2025?", period, true)).isEmpty();
    }
}
