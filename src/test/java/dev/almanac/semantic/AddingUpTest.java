package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Words that say the values are added up or taken over all the records ("combined", "across shops"), on models drafted
 * from Spider dev databases: one value over all of them, never a list of each record's value nor a breakdown whose groups
 * are the records one by one.
 */
class AddingUpTest {
    @Test
    void combined_adds_the_values_up_and_never_lists_them() {
        assertThat(QuestionWordsTest.answerRows("world_1", "What is the combined surface area of all countries in the Caribbean region?"))
                .isEqualTo(QuestionWordsTest.rows("world_1", "SELECT sum(SurfaceArea) FROM country WHERE Region = 'Caribbean'"));
        // it listed the 24 countries' areas: an adding-up word never lets a question read as a list
        QuestionWordsTest.assertNotRead("world_1", "what is the overall surface area of caribbean countries");
    }

    @Test
    void across_the_records_themselves_is_over_all_of_them_not_by_each() {
        assertThat(QuestionWordsTest.answerRows("employee_hire_evaluation", "min and max num products across shops"))
                .isEqualTo(QuestionWordsTest.rows("employee_hire_evaluation", "SELECT min(Number_products), max(Number_products) FROM shop"));
        // across other records (the shops employees work at) is still a breakdown by them
        QuestionParser shops = QuestionWordsTest.parser("employee_hire_evaluation");
        assertThat(QuestionWordsTest.read(shops, "number of employees across shops").groupBy()).isNotEmpty();
    }
}
