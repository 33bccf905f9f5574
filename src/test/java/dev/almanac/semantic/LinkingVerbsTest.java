package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A verb between the rows read and what a preposition after it introduces ("bonus given in all evaluations", "likes that
 * correspond to each student") links them as the model's relationships do, whichever verb it is; a verb with nothing
 * placed after it, denied, or before "by" (an agent) is not let pass. On models drafted from Spider dev databases.
 */
class LinkingVerbsTest {
    @Test
    void a_verb_before_a_preposition_and_what_is_placed_links_them() {
        QuestionParser evaluations = QuestionWordsTest.parser("employee_hire_evaluation");
        SemanticQuery bonus = QuestionWordsTest.read(evaluations, "What is total bonus given in all evaluations?");
        assertThat(bonus.metrics()).singleElement().asString().contains("bonus");
        QuestionParser likes = QuestionWordsTest.parser("network_1");
        SemanticQuery each = QuestionWordsTest.read(likes, "How many likes correspond to each student id?");
        assertThat(each.groupBy()).isNotEmpty();
    }

    @Test
    void a_verb_that_may_say_which_rows_is_not_let_pass() {
        QuestionParser evaluations = QuestionWordsTest.parser("employee_hire_evaluation");
        // nothing after it: "given" may say which bonuses
        assertThat(evaluations.parse("What is total bonus given?")).isNotInstanceOf(QuestionParser.Parsed.class);
        // denied
        assertThat(evaluations.parse("What is total bonus not given in all evaluations?")).isNotInstanceOf(QuestionParser.Parsed.class);
        // joined by "and" to an attribute asked for, a word is one more thing asked for, never a verb ("pop" was let pass, and
        // the region of Angola answered alone)
        QuestionWordsTest.assertNotRead("world_1", "region and pop of Angola");
        // the word of an order is no verb ("ascend"): it was let pass, and the counts by net worth shown largest first
        QuestionWordsTest.assertNotRead("singer", "number of singers by net worth ascending");
        // an agent after "by" is no place the rows are linked to
        QuestionParser world = QuestionWordsTest.parser("world_1");
        QuestionParser.Result covered = world.parse("Give the total surface area covered by countries in Asia or Europe.");
        assertThat(covered instanceof QuestionParser.Parsed p && !p.query().groupBy().isEmpty()).isFalse();
    }

    @Test
    void a_verb_between_the_rows_read_and_a_value_of_theirs_says_how_they_hold_it() throws Exception {
        CorpusExample.of("tvshow: How many TV Channel using language English? => {'metrics':['tv_channel_count'],"
                + "'filters':[{'field':'language','op':'=','values':['English']}]}").assertReadWhole();
        // denied, it is no link: the question is not answered as if it were one
        QuestionParser.Result denied = QuestionWordsTest.parser("tvshow").parse("How many TV Channels do not use language English?");
        assertThat(denied instanceof QuestionParser.Parsed p && p.query().filters().stream().anyMatch(f -> f.op().equals("="))).isFalse();
    }

    @Test
    void the_verb_of_related_rows_and_the_verb_of_their_value_both_link() throws Exception {
        CorpusExample.of("tvshow: Find the series name and country of the tv channel that is playing some cartoons directed by Ben Jones and Michael Chang? => "
                + "{'group_by':[{'dimension':'series_name'},{'dimension':'country'}],'records':'tv_channel','exists':["
                + "{'dataset':'cartoon','filters':[{'field':'directed_by','op':'=','values':['Ben Jones']}],'of':'tv_channel'},"
                + "{'dataset':'cartoon','filters':[{'field':'directed_by','op':'=','values':['Michael Chang']}],'of':'tv_channel'}]}").assertReadWhole();
    }
}
