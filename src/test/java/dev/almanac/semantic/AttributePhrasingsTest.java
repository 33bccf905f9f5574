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
    void the_records_own_key_is_named_by_the_words_of_others_references_to_it() {
        // a city's and a language's "country code" refer to the country's code: "the country codes of countries" lists that
        QuestionParser world = QuestionWordsTest.parser("world_1");
        for (String q : java.util.List.of("What are the country codes of countries?", "What are the codes of countries in Europe?")) {
            SemanticQuery x = QuestionWordsTest.read(world, q);
            assertThat(x.records()).as(q).isEqualTo("country");
            assertThat(x.groupBy()).as(q).extracting(SemanticQuery.GroupBy::dimension).containsExactly("code");
        }
    }

    @Test
    void a_thing_named_by_its_own_value_in_a_table_of_pairs_is_listed_by_one_word() {
        // a country's languages are keyed by country and language: "languages" are the values themselves
        SemanticLayer layer = QuestionWordsTest.layer("world_1");
        SemanticQuery spoken = QuestionWordsTest.read(QuestionWordsTest.parser(layer), "What languages are spoken in Aruba?");
        assertThat(new java.util.HashSet<>(QuestionWordsTest.rowList("world_1", layer.compile(spoken).sql()))).isEqualTo(QuestionWordsTest.rows("world_1",
                "SELECT l.Language FROM countrylanguage l JOIN country c ON c.Code = l.CountryCode WHERE c.Name = 'Aruba'")).hasSizeGreaterThan(1);
    }

    @Test
    void a_value_as_the_attribute_it_is_of() {
        SemanticQuery q = QuestionWordsTest.read(QuestionWordsTest.parser("world_1"), "How many countries have a republic as their form of government?");
        assertThat(q.filters()).extracting(Object::toString).containsExactly("government_form = Republic");
        // another attribute after "as" is not the value's: left unplaced, not read
        assertThat(QuestionWordsTest.parser("world_1").parse("How many countries have a republic as their continent?"))
                .isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void an_english_word_a_name_shortens_is_that_name_and_said_with_of_too() {
        // world_1 calls a country's year of independence IndepYear: "independence" begins with "indep", which English does not know
        SemanticLayer layer = QuestionWordsTest.layer("world_1");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        for (String q : java.util.List.of("List the name and independence year of the country with the largest surface area.",
                "Give the name and year of independence of the country that has the largest surface area.")) {
            SemanticQuery read = QuestionWordsTest.read(parser, q);
            assertThat(read.groupBy()).extracting(SemanticQuery.GroupBy::dimension).as(q).contains("indep_year");
            assertThat(QuestionWordsTest.rows("world_1", layer.compile(read).sql())).as(q).isEqualTo(QuestionWordsTest.rows("world_1",
                    "SELECT name, indepyear FROM country ORDER BY surfacearea DESC LIMIT 1"));
        }
        // a word no name of the model shortens stays as written, and unplaced
        assertThat(parser.parse("List the name and independence day of the country with the largest surface area.")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_compound_name_said_with_of_may_have_the_before_its_noun() {
        // pets_1 labels StuID "Student id": "the ids of the students" as "the ids of students"
        SemanticLayer layer = QuestionWordsTest.layer("pets_1");
        SemanticQuery q = QuestionWordsTest.read(QuestionWordsTest.parser(layer), "What are the ids of the students who are older than 20?");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("student.stu_id");
        assertThat(new java.util.HashSet<>(QuestionWordsTest.rowList("pets_1", layer.compile(q).sql())))
                .isEqualTo(QuestionWordsTest.rows("pets_1", "SELECT StuID FROM Student WHERE Age > 20"));
    }

    @Test
    void records_grouped_and_shown_by_their_id_are_not_shown_by_their_name_too() {
        // "each student" groups by the student, "the student id" shows which one: the id alone, as asked
        SemanticLayer layer = QuestionWordsTest.layer("pets_1");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery q = QuestionWordsTest.read(parser, "Give the number of pets of each student that has a pet, and the student id.");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("student.stu_id");
        assertThat(new java.util.HashSet<>(QuestionWordsTest.rowList("pets_1", layer.compile(q).sql()))).isEqualTo(QuestionWordsTest.rows("pets_1",
                "SELECT s.StuID, count(*) FROM Student s JOIN Has_Pet h ON h.StuID = s.StuID GROUP BY s.StuID"));
        // a name asked for is shown beside the id
        SemanticQuery named = QuestionWordsTest.read(parser, "Give the number of pets of each student that has a pet, with the student id and last name.");
        assertThat(named.groupBy()).hasSize(2);
    }

    @Test
    void what_a_record_belongs_to_is_its_attribute() {
        QuestionParser parser = QuestionWordsTest.parser("world_1");
        SemanticQuery of = QuestionWordsTest.read(parser, "What is the region of Aruba?");
        assertThat(QuestionWordsTest.read(parser, "Which region does Aruba belong to?")).isEqualTo(of);
        assertThat(QuestionWordsTest.read(parser, "What is the region that Aruba belongs to?")).isEqualTo(of);
    }
}
