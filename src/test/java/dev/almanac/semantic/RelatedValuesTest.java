package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Values of the rows that refer to the rows a question reads, on models drafted from Spider dev databases: a condition on
 * related rows (exists), each value "and" another one a condition of its own, "or" either of them, a negation none of
 * them, never a filter on a join that would repeat the rows read once per related row.
 */
class RelatedValuesTest {
    @Test
    void a_value_of_related_rows_keeps_the_rows_that_have_such_a_row() throws Exception {
        CorpusExample.of("world_1: How many countries speak both English and Dutch? => {'metrics':['country_count'],'exists':["
                + "{'dataset':'countrylanguage','filters':[{'field':'language','op':'=','values':['English']}],'of':'country'},"
                + "{'dataset':'countrylanguage','filters':[{'field':'language','op':'=','values':['Dutch']}],'of':'country'}]}").assertReadWhole();
        CorpusExample.of("tvshow: What is the series name and country of all TV channels that are playing cartoons directed by Ben Jones and cartoons directed by Michael Chang? => "
                + "{'group_by':[{'dimension':'series_name'},{'dimension':'country'}],'records':'tv_channel','exists':["
                + "{'dataset':'cartoon','filters':[{'field':'directed_by','op':'=','values':['Ben Jones']}],'of':'tv_channel'},"
                + "{'dataset':'cartoon','filters':[{'field':'directed_by','op':'=','values':['Michael Chang']}],'of':'tv_channel'}]}").assertReadWhole();
    }

    @Test
    void the_rows_kept_are_those_with_a_related_row_for_each_value() {
        String db = "world_1";
        SemanticLayer layer = QuestionWordsTest.layer(db);
        SemanticQuery both = QuestionWordsTest.read(QuestionWordsTest.parser(layer), "Give the names of nations that speak both English and French.");
        java.util.Set<String> expected = QuestionWordsTest.rows(db, "SELECT c.Name FROM country c WHERE c.Code IN (SELECT CountryCode FROM countrylanguage WHERE Language = 'English')"
                + " AND c.Code IN (SELECT CountryCode FROM countrylanguage WHERE Language = 'French')");
        assertThat(expected).isNotEmpty();
        assertThat(new java.util.HashSet<>(QuestionWordsTest.rowList(db, layer.compile(both).sql()))).isEqualTo(expected);
    }

    @Test
    void values_of_two_attributes_said_together_are_of_one_related_row() {
        // "English is the official language": one row of the country's languages is English and official, not one of each
        String db = "world_1";
        SemanticLayer layer = QuestionWordsTest.layer(db);
        QuestionParser parser = QuestionWordsTest.parser(layer);
        java.util.Set<String> official = QuestionWordsTest.rows(db, "SELECT c.Name FROM country c WHERE c.Code IN (SELECT CountryCode FROM countrylanguage"
                + " WHERE Language = 'English' AND IsOfficial = 'T')");
        java.util.Set<String> apart = QuestionWordsTest.rows(db, "SELECT c.Name FROM country c WHERE c.Code IN (SELECT CountryCode FROM countrylanguage"
                + " WHERE Language = 'English') AND c.Code IN (SELECT CountryCode FROM countrylanguage WHERE IsOfficial = 'T')");
        assertThat(official).isNotEmpty().isNotEqualTo(apart);
        for (String q : java.util.List.of("What are the names of the countries where English is the official language?",
                "Which countries have English as an official language?")) {
            assertThat(new java.util.HashSet<>(QuestionWordsTest.rowList(db, layer.compile(QuestionWordsTest.read(parser, q)).sql()))).as(q).isEqualTo(official);
        }
        // denied: no row of the country is English and official (the country may speak English)
        SemanticQuery notOfficial = QuestionWordsTest.read(parser, "What are the names of the countries where English is not the official language?");
        assertThat(new java.util.HashSet<>(QuestionWordsTest.rowList(db, layer.compile(notOfficial).sql()))).isEqualTo(QuestionWordsTest.rows(db,
                "SELECT Name FROM country WHERE Code NOT IN (SELECT CountryCode FROM countrylanguage WHERE Language = 'English' AND IsOfficial = 'T')"));
        // each of two languages official
        SemanticQuery both = QuestionWordsTest.read(parser, "What are the names of nations where both English and French are official languages?");
        assertThat(new java.util.HashSet<>(QuestionWordsTest.rowList(db, layer.compile(both).sql()))).isEqualTo(QuestionWordsTest.rows(db,
                "SELECT Name FROM country WHERE Code IN (SELECT CountryCode FROM countrylanguage WHERE Language = 'English' AND IsOfficial = 'T')"
                        + " AND Code IN (SELECT CountryCode FROM countrylanguage WHERE Language = 'French' AND IsOfficial = 'T')"));
    }

    @Test
    void a_denied_value_of_related_rows_keeps_the_rows_with_none() throws Exception {
        // through a table of pairs: a student's pets are in has_pet, their type in pets
        CorpusExample.of("pets_1: Find the major and age of students who do not have a cat pet. => {'group_by':[{'dimension':'major'},{'dimension':'age'}],"
                + "'records':'student','exists':[{'dataset':'has_pet','filters':[{'field':'pet_type','op':'=','values':['cat']}],'negated':true,'of':'student'}]}")
                .assertReadWhole();
    }

    @Test
    void whole_years_said_after_the_noun_of_related_rows_are_a_condition_on_their_year() throws Exception {
        CorpusExample.of("concert_singer: How many stadiums had concerts in 2014? => {'metrics':['stadium_count'],'exists':["
                + "{'dataset':'concert','filters':[{'field':'year','op':'=','values':['2014']}],'of':'stadium'}]}").assertReadWhole();
        CorpusExample.of("concert_singer: What are the names of all stadiums that did not have a concert in 2014? => {'group_by':[{'dimension':'stadium.name'}],"
                + "'records':'stadium','exists':[{'dataset':'concert','filters':[{'field':'year','op':'=','values':['2014']}],'negated':true,'of':'stadium'}]}")
                .assertReadWhole();
        // through a table of pairs: a singer's concerts are in singer_in_concert
        CorpusExample.of("concert_singer: What are the names of the singers who performed in a concert after 2014? => {'group_by':[{'dimension':'singer.name'}],"
                + "'records':'singer','exists':[{'dataset':'singer_in_concert','filters':[{'field':'year','op':'>','values':['2014']}],'of':'singer'}]}").assertReadWhole();
    }

    @Test
    void values_of_related_rows_joined_by_or_are_one_condition() throws Exception {
        CorpusExample.of("world_1: How many countries speak English or Dutch? => {'metrics':['country_count'],'exists':["
                + "{'dataset':'countrylanguage','filters':[{'field':'language','op':'in','values':['English','Dutch']}],'of':'country'}]}").assertReadWhole();
        // words of everyday use as values: the related rows' noun after the last says what both are ("a dog or cat pet")
        CorpusExample.of("pets_1: How many students have a dog or cat pet? => {'metrics':['student_count'],'exists':["
                + "{'dataset':'has_pet','filters':[{'field':'pet_type','op':'in','values':['dog','cat']}],'of':'student'}]}").assertReadWhole();
        CorpusExample.of("pets_1: How many students keep a dog or a cat as a pet? => {'metrics':['student_count'],'exists':["
                + "{'dataset':'has_pet','filters':[{'field':'pet_type','op':'in','values':['dog','cat']}],'of':'student'}]}").assertReadWhole();
        // an "or" between values of two attributes is never read as both conditions
        QuestionWordsTest.assertNotRead("world_1", "How many countries speak English or have Kabul as a city?");
        // the values name language rows, not the countries whose regions are listed: the condition is on the countries' rows
        CorpusExample.of("world_1: Which regions speak Dutch or English? => {'group_by':[{'dimension':'region'}],'exists':["
                + "{'dataset':'countrylanguage','filters':[{'field':'language','op':'in','values':['Dutch','English']}],'of':'country'}]}").assertReadWhole();
    }

    @Test
    void a_count_of_people_is_never_a_count_of_other_rows() {
        QuestionWordsTest.assertNotRead("world_1", "How many people live in countries that do not speak English?", "How many people live in Asia?");
    }

    @Test
    void related_rows_that_reach_the_rows_read_two_ways_are_not_read() throws Exception {
        // the corpus model "tennis": a match refers to two players (its winner and its loser), a sponsorship to one
        CorpusExample.of("tennis: How many players have a sponsorship with Zenith Sports? => {'metrics':['players_count'],'exists':["
                + "{'dataset':'sponsorships','filters':[{'field':'brand','op':'=','values':['Zenith Sports']}],'of':'players'}]}").assertReadWhole();
        QuestionParser.Result r = CorpusExample.of("tennis: How many players have matches at Wimbledon? => {}").reader().parse("How many players have matches at Wimbledon?");
        assertThat(r).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(((QuestionParser.Cannot) r).reason()).contains("one way");
    }
}
