package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * "The youngest teacher", "pets older than 1": an adjective that gives a value of an attribute (WordNet's attribute
 * relation) read as that attribute of the records it is said of, on models drafted from Spider dev databases nobody here
 * wrote; the answers' rows are compared with queries written by hand on the real SQLite files.
 */
class DimensionalAdjectivesTest {
    @Test
    void a_superlative_adjective_ranks_the_records_it_is_said_of_by_its_attribute() {
        SemanticLayer layer = QuestionWordsTest.layer("course_teach");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery youngest = QuestionWordsTest.read(parser, "What is the hometown of the youngest teacher?");
        assertThat(youngest.records()).isEqualTo("teacher");
        assertThat(youngest.order()).singleElement().satisfies(o -> assertThat(o.descending()).isFalse());
        assertThat(QuestionWordsTest.rows("course_teach", layer.compile(youngest).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("course_teach",
                "SELECT hometown FROM teacher WHERE CAST(age AS INTEGER) = (SELECT min(CAST(age AS INTEGER)) FROM teacher)"));

        SemanticQuery oldest = QuestionWordsTest.read(parser, "What is the name of the oldest teacher?");
        assertThat(oldest.order()).singleElement().satisfies(o -> assertThat(o.descending()).isTrue());
        assertThat(QuestionWordsTest.rows("course_teach", layer.compile(oldest).sql())).isEqualTo(QuestionWordsTest.rows("course_teach",
                "SELECT name FROM teacher WHERE CAST(age AS INTEGER) = (SELECT max(CAST(age AS INTEGER)) FROM teacher)"));
    }

    @Test
    void the_attribute_the_records_are_first_by_shown_alone_is_its_one_value() {
        // three dogs share the greatest age: "the age of the oldest dog" is that age, once
        SemanticLayer layer = QuestionWordsTest.layer("dog_kennels");
        SemanticQuery age = QuestionWordsTest.read(QuestionWordsTest.parser(layer), "What is the age of the oldest dog?");
        assertThat(QuestionWordsTest.rowList("dog_kennels", layer.compile(age).sql())).isEqualTo(QuestionWordsTest.rowList("dog_kennels", "SELECT max(CAST(age AS INTEGER)) FROM Dogs"));
    }

    @Test
    void amounts_are_read_as_people_write_them() {
        assertThat(QuestionParser.amounts("orders over $1,500 and under 10k, 1.5m or 2bn in 2025")).isEqualTo("orders over 1500 and under 10000, 1500000 or 2000000000 in 2025");
        SemanticLayer layer = QuestionWordsTest.layer("world_1");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        for (String q : java.util.List.of("how many cities have a population over 1,000,000", "how many cities have a population over 1m")) {
            SemanticQuery cities = QuestionWordsTest.read(parser, q);
            assertThat(QuestionWordsTest.rowList("world_1", layer.compile(cities).sql())).as(q)
                    .isEqualTo(QuestionWordsTest.rowList("world_1", "SELECT count(*) FROM city WHERE Population > 1000000"));
        }
    }

    @Test
    void the_record_with_the_highest_value_is_not_that_value() {
        SemanticLayer layer = QuestionWordsTest.layer("concert_singer");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        // "the oldest singer" asks for a singer: the maximum age alone is not the answer (it was given as one); the singer
        // is, named by the attribute that names singers
        for (String q : java.util.List.of("the oldest singer", "singer with the highest age", "youngest singer")) {
            QuestionParser.Result r = parser.parse(q);
            if (!(r instanceof QuestionParser.Parsed p)) continue;
            assertThat(p.query().records()).as(q).isEqualTo("singer");
            assertThat(p.query().groupBy()).as(q).extracting(SemanticQuery.GroupBy::dimension).containsExactly("singer.name");
            assertThat(p.query().order()).as(q).extracting(Object::toString).containsExactly(q.contains("young") ? "age" : "-age");
            assertThat(p.query().limit()).as(q).isEqualTo(1);
        }
        SemanticQuery max = QuestionWordsTest.read(parser, "maximum age of singers");
        assertThat(QuestionWordsTest.rowList("concert_singer", layer.compile(max).sql())).isEqualTo(QuestionWordsTest.rowList("concert_singer", "SELECT max(Age) FROM singer"));
    }

    @Test
    void a_comparative_adjective_before_than_is_a_condition_on_its_attribute() {
        SemanticLayer layer = QuestionWordsTest.layer("pets_1");
        SemanticQuery older = QuestionWordsTest.read(QuestionWordsTest.parser(layer), "What is the id and weight of every pet who is older than 1?");
        assertThat(older.filters()).singleElement().satisfies(f -> assertThat(f.op()).isEqualTo(">"));
        assertThat(QuestionWordsTest.rows("pets_1", layer.compile(older).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("pets_1", "SELECT petid, weight FROM pets WHERE pet_age > 1"));
    }

    @Test
    void a_number_compared_with_the_average_is_compared_with_its_own_average() {
        SemanticLayer layer = QuestionWordsTest.layer("dog_kennels");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery below = QuestionWordsTest.read(parser, "How many dogs have an age below the average?");
        assertThat(below.filters()).singleElement().satisfies(f -> {
            assertThat(f.op()).isEqualTo("<");
            assertThat(f.values()).containsExactly(SemanticQuery.Filter.AVERAGE);
        });
        assertThat(QuestionWordsTest.rowList("dog_kennels", layer.compile(below).sql()))
                .isEqualTo(QuestionWordsTest.rowList("dog_kennels", "SELECT count(*) FROM Dogs WHERE CAST(age AS INTEGER) < (SELECT avg(CAST(age AS INTEGER)) FROM Dogs)"));

        SemanticLayer singers = QuestionWordsTest.layer("concert_singer");
        SemanticQuery older = QuestionWordsTest.read(QuestionWordsTest.parser(singers), "What are the names of singers whose age is greater than the average age?");
        assertThat(older.records()).isEqualTo("singer");
        assertThat(QuestionWordsTest.rows("concert_singer", singers.compile(older).sql())).isNotEmpty()
                .isEqualTo(QuestionWordsTest.rows("concert_singer", "SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer)"));
    }

    @Test
    void an_adjective_is_not_guessed_when_the_records_have_no_such_attribute_or_the_question_asks_where() {
        // the cars of car_1 have no attribute called age: "the oldest car" is not read as some other number
        QuestionParser cars = QuestionWordsTest.parser("car_1");
        assertThat(cars.parse("What is the horsepower of the oldest car?")).isNotInstanceOf(QuestionParser.Parsed.class);
        // "where is ... from" asks for a place: a number (the lowest age) is not its answer
        QuestionParser teachers = QuestionWordsTest.parser("course_teach");
        assertThat(teachers.parse("Where is the youngest teacher from?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
