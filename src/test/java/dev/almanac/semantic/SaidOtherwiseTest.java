package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionWordsTest.answerRows;
import static dev.almanac.semantic.QuestionWordsTest.assertNotRead;
import static dev.almanac.semantic.QuestionWordsTest.rowList;
import static dev.almanac.semantic.QuestionWordsTest.rows;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Questions the reader reads said as people say them (held-out paraphrases of Spider dev questions), on models drafted from
 * Spider dev databases: each gives the gold query's rows, in the gold's order where it asks for one, and the words around
 * it that say something else are still refused.
 */
class SaidOtherwiseTest {
    /** The rows of the question's reading, in the order its query gives them. */
    private static List<String> answerRowList(String database, String question) {
        SemanticLayer layer = QuestionWordsTest.layer(database);
        return rowList(database, layer.compile(QuestionWordsTest.read(QuestionWordsTest.parser(layer), question)).sql());
    }

    @Test
    void an_average_compared_with_may_name_the_records_before_the_attribute() {
        assertThat(answerRows("dog_kennels", "How many dogs are younger than the average dog age?"))
                .isEqualTo(rows("dog_kennels", "SELECT count(*) FROM Dogs WHERE age < (SELECT avg(age) FROM Dogs)"));
        assertThat(answerRows("dog_kennels", "how many dogs are older than the average dog's age"))
                .isEqualTo(rows("dog_kennels", "SELECT count(*) FROM Dogs WHERE age > (SELECT avg(age) FROM Dogs)"));
        // a noun of other records between is no average of the compared attribute
        assertNotRead("dog_kennels", "How many dogs are younger than the average owner age?");
    }

    @Test
    void related_rows_had_at_least_once_said_with_a_verb_or_of_any_kind() {
        String treated = "SELECT count(DISTINCT dog_id) FROM Treatments";
        assertThat(answerRows("dog_kennels", "How many dogs have received at least one treatment?")).isEqualTo(rows("dog_kennels", treated));
        assertThat(answerRows("dog_kennels", "how many dogs got one or more treatments")).isEqualTo(rows("dog_kennels", treated));
        assertThat(answerRows("dog_kennels", "What's the average age of the dogs that have been given treatment of any kind?"))
                .isEqualTo(rows("dog_kennels", "SELECT avg(age) FROM Dogs WHERE dog_id IN (SELECT dog_id FROM Treatments)"));
    }

    @Test
    void a_count_of_related_rows_after_a_verb_and_its_particle_or_a_number_with_a_plus() {
        String gold = "SELECT T2.Name FROM course_arrange AS T1 JOIN teacher AS T2 ON T1.Teacher_ID = T2.Teacher_ID GROUP BY T2.Name HAVING count(*) >= 2";
        assertThat(answerRows("course_teach", "names of teachers who are assigned to at least 2 courses")).isEqualTo(rows("course_teach", gold));
        assertThat(answerRows("course_teach", "teachers assigned to 2+ courses, names only")).isEqualTo(rows("course_teach", gold));
        // a verb denied is no relationship had
        assertNotRead("course_teach", "names of teachers not assigned to at least 2 courses");
    }

    @Test
    void an_order_said_by_where_the_list_starts_or_by_its_two_ends_around_a_noun() {
        assertThat(answerRowList("course_teach", "Could you list the teachers' names, starting with the youngest?"))
                .isEqualTo(rowList("course_teach", "SELECT Name FROM teacher ORDER BY Age ASC"));
        assertThat(answerRowList("poker_player", "list the poker players names, ranked from the highest earnings down to the lowest"))
                .isEqualTo(rowList("poker_player", "SELECT T1.Name FROM people AS T1 JOIN poker_player AS T2 ON T1.People_ID = T2.People_ID ORDER BY T2.Earnings DESC"));
        // the attribute after a comma, then its direction, sorts as "by" it would
        assertThat(answerRowList("singer", "singer names, net worth low to high"))
                .isEqualTo(rowList("singer", "SELECT Name FROM singer ORDER BY Net_Worth_Millions ASC"));
    }

    @Test
    void a_number_before_its_attribute_said_of_the_records_is_that_attribute_equal_to_it() {
        assertThat(answerRows("car_1", "min weight for 8 cylinder cars from 1974"))
                .isEqualTo(rows("car_1", "SELECT min(weight) FROM cars_data WHERE cylinders = 8 AND year = 1974"));
        assertThat(answerRows("car_1", "What is the lowest weight of the 8-cylinder cars?"))
                .isEqualTo(rows("car_1", "SELECT min(weight) FROM cars_data WHERE cylinders = 8"));
    }

    @Test
    void records_said_first_after_among_and_a_comparison_said_by_exceeding() {
        assertThat(answerRows("poker_player", "Among poker players earning less than 200000, what is the highest number of final tables made?"))
                .isEqualTo(rows("poker_player", "SELECT max(Final_Table_Made) FROM poker_player WHERE Earnings < 200000"));
        assertThat(answerRows("cre_Doc_Template_Mgt", "Show me the version number and template type code for every template whose version number exceeds 5."))
                .isEqualTo(rows("cre_Doc_Template_Mgt", "SELECT version_number, template_type_code FROM Templates WHERE version_number > 5"));
    }

    @Test
    void a_compound_written_open_where_the_model_writes_it_closed() {
        assertThat(answerRows("course_teach", "home town of the teacher w/ lowest age"))
                .isEqualTo(rows("course_teach", "SELECT Hometown FROM teacher ORDER BY Age ASC LIMIT 1"));
    }
}
