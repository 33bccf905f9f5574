package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A number attribute equal to numbers ("aged 32 or 33", "with 8 cylinders", "whose birth year is either 1948 or 1949"), on
 * models drafted from Spider dev databases nobody here wrote. A year written as a year attribute's value is that number,
 * not a period.
 */
class NumberEqualitiesTest {
    @Test
    void an_attribute_then_its_numbers_or_a_number_then_the_attribute_is_a_condition_of_equality() {
        QuestionParser teachers = QuestionWordsTest.parser("course_teach");
        SemanticQuery aged = QuestionWordsTest.read(teachers, "What are the names of the teachers who are aged either 32 or 33?");
        assertThat(aged.filters()).singleElement().satisfies(f -> {
            assertThat(f.field()).endsWith("age");
            assertThat(f.op()).isEqualTo("in");
            assertThat(f.values()).containsExactly("32", "33");
        });
        assertThat(QuestionWordsTest.read(teachers, "How many teachers are aged 32?").filters()).singleElement()
                .satisfies(f -> assertThat(f.op() + " " + f.values()).isEqualTo("= [32]"));

        QuestionParser cars = QuestionWordsTest.parser("car_1");
        QuestionParser.Result eight = cars.parse("What is the minimum weight of the cars with 8 cylinders?");
        assertThat(eight).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) eight).query().filters()).singleElement()
                .satisfies(f -> assertThat(f.field() + " " + f.op() + " " + f.values()).endsWith("cylinders = [8]"));
    }

    @Test
    void a_year_said_as_a_year_attributes_value_is_that_number_not_a_period() {
        QuestionParser singers = QuestionWordsTest.parser("singer");
        QuestionParser.Result r = singers.parse("What are the names of the singers whose birth years are either 1948 or 1949?");
        assertThat(r).isInstanceOf(QuestionParser.Parsed.class);
        QuestionParser.Parsed p = (QuestionParser.Parsed) r;
        assertThat(p.period()).isEmpty();
        assertThat(p.query().start()).isNull();
        assertThat(p.query().filters()).singleElement().satisfies(f -> {
            assertThat(f.field()).endsWith("birth_year");
            assertThat(f.values()).containsExactly("1948", "1949");
        });
        QuestionParser concerts = QuestionWordsTest.parser("concert_singer");
        assertThat(QuestionWordsTest.read(concerts, "How many concerts are there in year 2014 or 2015?").filters()).singleElement()
                .satisfies(f -> assertThat(f.field()).endsWith("year"));
    }
}
