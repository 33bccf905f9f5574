package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A list sorted with no attribute of its own ("in descending order", "in alphabetical order") is sorted by what it lists;
 * alphabetical order is ascending. On Spider's poker database, whose names nobody here wrote.
 */
class SortedListsTest {
    @Test
    void a_list_in_an_order_of_no_attribute_is_sorted_by_what_it_lists() {
        QuestionParser poker = QuestionWordsTest.parser("poker_player");
        SemanticQuery earnings = QuestionWordsTest.read(poker, "List the earnings of poker players in descending order.");
        assertThat(earnings.records()).isEqualTo("poker_player");
        assertThat(earnings.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("earnings");
        assertThat(earnings.order()).extracting(Object::toString).containsExactly("-earnings");

        SemanticQuery names = QuestionWordsTest.read(poker, "List the names of people in alphabetical order.");
        assertThat(names.order()).extracting(Object::toString).containsExactly("name");
    }

    @Test
    void alphabetical_order_of_an_attribute_is_ascending() {
        SemanticQuery q = QuestionWordsTest.read(QuestionWordsTest.parser("poker_player"),
                "What are the names and birth dates of people, ordered by their names in alphabetical order?");
        assertThat(q.order()).extracting(Object::toString).containsExactly("name");
        // words after the order that are not read keep the question from being answered
        assertThat(QuestionWordsTest.parser("poker_player").parse("List the names of people in alphabetical order of their cousins."))
                .isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void reverse_alphabetical_order_is_descending_and_a_list_may_be_asked_for_by_return() {
        QuestionParser poker = QuestionWordsTest.parser("poker_player");
        assertThat(QuestionWordsTest.read(poker, "List the names of people in reverse alphabetical order.").order())
                .extracting(Object::toString).containsExactly("-name");
        assertThat(QuestionWordsTest.read(poker, "What are the names of people in reversed lexicographical order?").order())
                .extracting(Object::toString).containsExactly("-name");
        assertThat(QuestionWordsTest.read(poker, "Return the names of people in lexicographic order.").order())
                .extracting(Object::toString).containsExactly("name");
        // "reverse" of no order of letters says no direction: not read as one
        assertThat(poker.parse("List the names of people in reverse order of their cousins.")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
