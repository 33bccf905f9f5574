package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A number compared with a number, on models drafted from Spider dev databases nobody here wrote: the comparative said
 * around the attribute ("a greater weight than 10"), negated ("not higher than 4"), and an attribute of the record the
 * metric's rows refer to ("poker players with height higher than 200": the height is each player's person's), never
 * one of those where the rows have a number of that name themselves.
 */
class NumberComparisonsTest {
    private static String condition(SemanticQuery q) {
        assertThat(q.filters()).hasSize(1);
        SemanticQuery.Filter f = q.filters().get(0);
        return f.field().substring(f.field().indexOf('.') + 1) + " " + f.op() + " " + f.values().get(0);
    }

    @Test
    void a_comparative_around_its_attribute_or_negated_compares_the_number() {
        QuestionParser pets = QuestionWordsTest.parser("pets_1");
        assertThat(condition(QuestionWordsTest.read(pets, "How many pets have a greater weight than 10?"))).isEqualTo("weight > 10");
        QuestionParser museums = QuestionWordsTest.parser("museum_visit");
        assertThat(condition(QuestionWordsTest.read(museums, "What is the average age of the visitors whose membership level is not higher than 4?")))
                .isEqualTo("level_of_membership <= 4");
        assertThat(condition(QuestionWordsTest.read(museums, "What is the average age of visitors with a membership level not less than 4?")))
                .isEqualTo("level_of_membership >= 4");
    }

    @Test
    void a_number_of_the_record_the_rows_refer_to_is_compared_unless_the_rows_have_their_own() {
        QuestionParser poker = QuestionWordsTest.parser("poker_player");
        SemanticQuery tall = QuestionWordsTest.read(poker, "What is the average earnings of poker players with height higher than 200?");
        assertThat(condition(tall)).isEqualTo("height > 200");
        assertThat(tall.filters().get(0).field()).doesNotContain("poker_player");
        // a city's population is the city's own, not its country's
        QuestionParser world = QuestionWordsTest.parser("world_1");
        SemanticQuery cities = QuestionWordsTest.read(world, "How many cities have a population of more than 1000000?");
        assertThat(cities.filters().get(0).field()).isIn("city.population", "population");
    }

    @Test
    void a_number_said_before_its_comparison_compares_the_attribute_around_it() {
        QuestionParser pets = QuestionWordsTest.parser("pets_1");
        assertThat(condition(QuestionWordsTest.read(pets, "How many pets have a weight of 10 or more?"))).isEqualTo("weight >= 10");
        assertThat(condition(QuestionWordsTest.read(pets, "How many pets have a weight of 10 and under?"))).isEqualTo("weight <= 10");
        QuestionParser cars = QuestionWordsTest.parser("car_1");
        assertThat(condition(QuestionWordsTest.read(cars, "How many cars have 6 or more cylinders?"))).isEqualTo("cylinders >= 6");
    }
}
