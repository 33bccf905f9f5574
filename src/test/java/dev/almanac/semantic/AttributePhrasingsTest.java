package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * An attribute called by a compound of two nouns is said with "of" too ("government form": "form of government"), and a
 * value may come before "as" and the attribute it is the value of ("a republic as their form of government"); "the
 * different X and the number of Y" is the number by X. On Spider's databases, whose names nobody here wrote.
 */
class AttributePhrasingsTest {
    @Test
    void a_compound_of_two_nouns_is_said_with_of() {
        SemanticQuery q = QuestionWordsTest.read(QuestionWordsTest.parser("world_1"), "How many different forms of government are there in Africa?");
        assertThat(q.countDistinct()).extracting(Object::toString).singleElement().asString().contains("government_form");
        assertThat(q.filters()).extracting(Object::toString).containsExactly("continent = Africa");
    }

    @Test
    void the_different_values_with_a_measure_of_each_are_a_breakdown() {
        SemanticQuery q = QuestionWordsTest.read(QuestionWordsTest.parser("singer"),
                "Show different citizenship of singers and the number of singers of each citizenship.");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("citizenship");
        SemanticQuery cars = QuestionWordsTest.read(QuestionWordsTest.parser("car_1"), "What is the maximum accelerate for all the different cylinders?");
        assertThat(cars.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("cylinders");
        // the different names asked for, a measure only in their condition: a list, never a breakdown of the measure
        QuestionParser.Result names = QuestionWordsTest.parser("singer").parse("Show distinct names of singers that have songs with sales more than 300000.");
        if (names instanceof QuestionParser.Parsed p) assertThat(p.query().metrics()).isEmpty();
    }

    @Test
    void a_value_as_the_attribute_it_is_of() {
        SemanticQuery q = QuestionWordsTest.read(QuestionWordsTest.parser("world_1"), "How many countries have a republic as their form of government?");
        assertThat(q.filters()).extracting(Object::toString).containsExactly("government_form = Republic");
        // another attribute after "as" is not the value's: left unplaced, not read
        assertThat(QuestionWordsTest.parser("world_1").parse("How many countries have a republic as their continent?"))
                .isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
