package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * An attribute called by a compound of two nouns is said with "of" too ("government form": "form of government"), and a
 * value may come before "as" and the attribute it is the value of ("a republic as their form of government"); on Spider's
 * world database, whose names nobody here wrote.
 */
class AttributePhrasingsTest {
    @Test
    void a_compound_of_two_nouns_is_said_with_of() {
        SemanticQuery q = QuestionWordsTest.read(QuestionWordsTest.parser("world_1"), "How many different forms of government are there in Africa?");
        assertThat(q.countDistinct()).extracting(Object::toString).singleElement().asString().contains("government_form");
        assertThat(q.filters()).extracting(Object::toString).containsExactly("continent = Africa");
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
