package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Or" in a question, on models drafted from Spider dev databases: between two values of one attribute it reads as either
 * of them; between two conditions of different attributes it asks for rows that meet one of them, which a query whose
 * conditions all hold would answer wrong, so the question is not answered.
 */
class AlternativeValuesTest {
    @Test
    void two_values_of_one_attribute_joined_by_or_are_either_of_them() throws Exception {
        CorpusExample.of("dog_kennels: How many professionals live in Hawaii or Wisconsin? => "
                + "{'metrics':['professionals_count'],'filters':[{'field':'professionals.state','op':'in','values':['Hawaii','Wisconsin']}]}").assertReadWhole();
        CorpusExample.of("dog_kennels: Show the emails of professionals who live in either the state of Wisconsin or the state of Hawaii. => "
                + "{'group_by':[{'dimension':'professionals.email_address'}],'filters':[{'field':'professionals.state','op':'in','values':['Wisconsin','Hawaii']}],'records':'professionals'}")
                .assertReadWhole();
    }

    @Test
    void conditions_of_different_attributes_joined_by_or_are_not_answered() {
        QuestionParser kennels = QuestionWordsTest.parser("dog_kennels");
        QuestionParser pets = QuestionWordsTest.parser("pets_1");
        QuestionParser museums = QuestionWordsTest.parser("museum_visit");
        for (var asked : List.of(
                java.util.Map.entry(kennels, "How many professionals live in Hawaii or have the role Veterenarian?"),
                java.util.Map.entry(kennels, "Count the professionals with state Hawaii or role code Employee."),
                java.util.Map.entry(pets, "How many pets have a weight over 10 or an age under 2?"),
                java.util.Map.entry(museums, "How many museums have more than 10 staff or an open year after 2013?"))) {
            assertThat(asked.getKey().parse(asked.getValue())).as(asked.getValue()).isNotInstanceOf(QuestionParser.Parsed.class);
        }
    }

    @Test
    void an_or_of_a_comparison_is_no_alternative() throws Exception {
        CorpusExample.of("pets_1: How many pets have a weight of 10 or more? => {'metrics':['pets_count'],'filters':[{'field':'weight','op':'>=','values':['10']}]}")
                .assertReadWhole();
    }
}
