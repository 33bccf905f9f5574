package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionWordsTest.parser;
import static dev.almanac.semantic.QuestionWordsTest.read;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Questions said the way people type them, with no request word: the records first, then what of them ("airlines with
 * 10+ flights", "teachers ordered by age", "conductors by age, youngest first") are lists of those records; a list
 * of records whose attribute a condition is said of shows the records, never that attribute's values. On Spider dev
 * databases, whose names nobody here wrote.
 */
class RecordsNamedFirstTest {
    @Test
    void records_named_first_with_a_sort_or_a_condition_are_listed() {
        QuestionParser teachers = parser("course_teach");
        SemanticQuery byAge = read(teachers, "teachers ordered by age");
        assertThat(byAge.records()).isEqualTo("teacher");
        assertThat(byAge.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("name");
        assertThat(byAge.order()).extracting(Object::toString).containsExactly("age");

        SemanticQuery flights = read(parser("flight_2"), "airlines with 10+ flights");
        assertThat(flights.records()).isEqualTo("airlines");
        assertThat(flights.filters()).extracting(Object::toString).containsExactly("flights_count >= 10");
    }

    @Test
    void the_end_said_first_is_the_direction_of_the_attribute_it_gives_a_value_of() {
        QuestionParser orchestra = parser("orchestra");
        SemanticQuery youngest = read(orchestra, "conductors by age, youngest first");
        assertThat(youngest.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("name");
        assertThat(youngest.order()).extracting(Object::toString).containsExactly("age");
        assertThat(read(orchestra, "conductors by age, oldest first").order()).extracting(Object::toString).containsExactly("-age");
        // "youngest" says nothing of an order by another attribute
        assertThat(orchestra.parse("conductors by year of work, youngest first")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_list_of_records_sorted_by_an_attribute_shows_the_records() {
        SemanticQuery q = read(parser("course_teach"), "list the teachers sorted by age in ascending order");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("name");
        assertThat(q.order()).extracting(Object::toString).containsExactly("age");
    }

    @Test
    void a_list_of_records_whose_attribute_a_condition_is_said_of_shows_the_records() {
        QuestionParser poker = parser("poker_player");
        SemanticQuery q = read(poker, "list the people whose nationality is not Russia");
        assertThat(q.records()).isEqualTo("people");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("name");
        assertThat(q.filters()).extracting(Object::toString).containsExactly("nationality != Russia");
        assertThat(read(poker, "people not from russia")).isEqualTo(q);
    }

    @Test
    void two_records_of_one_kind_each_with_its_own_conditions_are_not_read_as_one() {
        QuestionParser singers = parser("concert_singer");
        assertThat(singers.parse("Show countries where a singer above age 40 and a singer below 30 are from."))
                .isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(read(singers, "which countries do singers over 40 come from").filters()).extracting(Object::toString).containsExactly("age > 40");
    }

    @Test
    void a_breakdown_said_with_no_sort_or_condition_is_not_a_list() {
        SemanticQuery q = read(parser("concert_singer"), "singers by country");
        assertThat(q.records()).isNull();
        assertThat(q.metrics()).isNotEmpty();
    }

    @Test
    void a_noun_phrase_alone_lists_its_records_and_non_denies_a_value() {
        QuestionParser orchestra = parser("orchestra");
        SemanticQuery q = read(orchestra, "non-USA conductors");
        assertThat(q.records()).isEqualTo("conductor");
        assertThat(q.filters()).extracting(Object::toString).containsExactly("nationality != USA");
        assertThat(read(orchestra, "how many non-USA conductors are there").filters()).extracting(Object::toString).containsExactly("nationality != USA");
    }

    @Test
    void a_name_and_an_attribute_alone_ask_for_that_attribute_of_it() {
        QuestionParser flights = parser("flight_2");
        SemanticQuery asked = read(flights, "What is the abbreviation of the airline JetBlue Airways?");
        assertThat(read(flights, "jetblue airways abbreviation?").groupBy()).isEqualTo(asked.groupBy());
        assertThat(read(flights, "jetblue airways abbreviation?").filters()).isEqualTo(asked.filters());
        assertThat(read(flights, "abbreviation of jetblue airways").filters()).isEqualTo(asked.filters());
        // a name in lower case English does not know is read as the name it is
        assertThat(read(parser("network_1"), "kyle grade").filters()).extracting(Object::toString).containsExactly("name = Kyle");
    }

    @Test
    void what_to_show_said_last_after_a_dash_or_a_colon_is_shown_of_the_records_before() {
        QuestionParser cars = parser("car_1");
        SemanticQuery asked = read(cars, "What are the names and ids of all makers with more than 3 models?");
        SemanticQuery typed = read(cars, "makers that have over 3 models - names and ids");
        assertThat(typed.groupBy()).isEqualTo(asked.groupBy());
        assertThat(typed.filters()).isEqualTo(asked.filters());
        SemanticQuery templates = read(parser("cre_Doc_Template_Mgt"), "templates w/ version > 5: version number + type code");
        assertThat(templates.filters()).extracting(Object::toString).containsExactly("version_number > 5");
        assertThat(templates.groupBy()).hasSize(2);
    }

    @Test
    void a_comparison_sign_is_read_as_the_comparison_it_is_and_never_dropped() {
        QuestionParser templates = parser("cre_Doc_Template_Mgt");
        assertThat(read(templates, "list template ids whose version number > 5").filters()).extracting(Object::toString).containsExactly("version_number > 5");
        assertThat(read(templates, "list template ids whose version number<5").filters()).extracting(Object::toString).containsExactly("version_number < 5");
        assertThat(templates.parse("list template ids where a -> b")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void records_with_no_name_of_their_own_are_listed_by_the_one_record_each_refers_to() {
        QuestionParser poker = parser("poker_player");
        SemanticQuery names = read(poker, "What are the names of poker players?");
        SemanticQuery listed = read(poker, "list the poker players");
        assertThat(listed.records()).isEqualTo("poker_player");
        assertThat(listed.groupBy()).isEqualTo(names.groupBy());
        assertThat(read(poker, "poker players with earnings more than 300000").filters()).extracting(Object::toString).containsExactly("earnings > 300000");
    }

    @Test
    void the_first_record_of_each_group_is_not_read_as_the_first_of_all() {
        QuestionParser pets = parser("pets_1");
        // one ranking of all the pets would show the type of the one heaviest pet
        assertThat(pets.parse("the heaviest pet for each pet type")).isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(pets.parse("which pet has the largest weight in every pet type")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void how_many_records_said_before_them_with_a_participle_of_their_attribute_ranks_them() {
        SemanticLayer layer = QuestionWordsTest.layer("world_1");
        QuestionParser world = QuestionWordsTest.parser(layer);
        // "populous": the stem of population; "populated": populate, whose noun it is (WordNet)
        for (String question : new String[] {"5 most populous countries in asia", "the 5 most populated countries in asia"}) {
            SemanticQuery q = read(world, question);
            assertThat(q.records()).as(question).isEqualTo("country");
            assertThat(q.limit()).isEqualTo(5);
            assertThat(QuestionWordsTest.rows("world_1", layer.compile(q).sql())).isEqualTo(QuestionWordsTest.rows("world_1",
                    "SELECT name FROM country WHERE continent = 'Asia' ORDER BY population DESC LIMIT 5"));
        }
    }
}
