package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A breakdown by some records shows the attributes of those records the question names beside it ("the continent id",
 * "the shop name and id"), each record's, on models drafted from Spider dev databases nobody here wrote; attributes of
 * other records are never let pass.
 */
class GroupedAttributesTest {
    @Test
    void the_named_attributes_of_the_records_broken_down_by_are_shown() throws Exception {
        // a breakdown by the attribute that names the records: "name" is that attribute, "id" their key
        CorpusExample.of("employee_hire_evaluation: How many employees were hired by each shop? Give the shop name and id. => "
                + "{'metrics':['employee_count'],'group_by':[{'dimension':'shop.name'},{'dimension':'shop.shop_id'}],"
                + "'order':[{'field':'employee_count','descending':true}]}").assertReadWhole();
        CorpusExample.of("car_1: Count the car makers in each continent and list the continent name. => "
                + "{'metrics':['car_makers_count'],'group_by':[{'dimension':'continents.continent'}],'order':[{'field':'car_makers_count','descending':true}]}")
                .assertReadWhole();
        // a breakdown by a reference to the records (a country's continent key) is by those records, said by their name, and
        // their key beside it when asked
        CorpusExample.of("car_1: How many countries are in each continent? Give the continent id. => "
                + "{'metrics':['countries_count'],'group_by':[{'dimension':'continents.continent'},{'dimension':'cont_id'}],'order':[{'field':'countries_count','descending':true}]}")
                .assertReadWhole();
    }

    @Test
    void attributes_of_other_records_are_not_shown_beside_a_breakdown() {
        QuestionParser hires = QuestionWordsTest.parser("employee_hire_evaluation");
        // the employees' names are not the shops': the question names two lists at once
        assertThat(hires.parse("How many employees were hired by each shop? Give the shop name and the employee name."))
                .isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
