package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Whole years said of rows with no time of their own, on models drafted from Spider dev databases: a condition on the
 * rows' one number attribute of years, as said ("after 2013" is after it), when that attribute is the rows' own year or
 * one the question's verb names ("opened" of an opening year); never a founding year read into "museums in 2013".
 */
class YearConditionsTest {
    @Test
    void years_said_of_rows_with_a_year_of_their_own_are_conditions_on_it() throws Exception {
        CorpusExample.of("concert_singer: How many concerts were there after 2014? => {'metrics':['concert_count'],'filters':[{'field':'year','op':'>','values':['2014']}]}")
                .assertReadWhole();
        CorpusExample.of("concert_singer: How many concerts were there between 2014 and 2015? => "
                + "{'metrics':['concert_count'],'filters':[{'field':'year','op':'>=','values':['2014']},{'field':'year','op':'<=','values':['2015']}]}").assertReadWhole();
        CorpusExample.of("car_1: How many cars were made in 1975? => {'metrics':['cars_data_count'],'filters':[{'field':'year','op':'=','values':['1975']}]}")
                .assertReadWhole();
    }

    @Test
    void a_year_named_by_the_event_it_dates_is_read_with_its_verb() throws Exception {
        CorpusExample.of("museum_visit: How many museums were opened after 2013? => {'metrics':['museum_count'],'filters':[{'field':'open_year','op':'>','values':['2013']}]}")
                .assertReadWhole();
        CorpusExample.of("museum_visit: What is the average number of staff of museums opened before 2010? => "
                + "{'metrics':['museum_average_num_of_staff'],'filters':[{'field':'open_year','op':'<','values':['2010']}]}").assertReadWhole();
    }

    @Test
    void a_year_no_word_ties_to_the_attribute_stays_a_period() {
        // "museums in 2013" could be those open then, or opened then: no condition on the opening year is made of it; the
        // period stays one, which museums, kept with no time of their own, cannot be limited to: refused, said so
        QuestionParser.Result r = QuestionWordsTest.parser("museum_visit").parse("How many museums were there in 2013?");
        assertThat(r).isInstanceOfSatisfying(QuestionParser.Cannot.class, c -> assertThat(c.reason()).contains("names a period").contains("no time of its own"));
    }
}
