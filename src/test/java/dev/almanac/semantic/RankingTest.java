package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Rankings beyond the rules' own corpora ({@link RuleCorporaTest} reads those): what has nothing to rank, what to show beside a ranking. */
class RankingTest {
    @Test
    void a_ranking_with_nothing_to_rank_is_not_answered() {
        QuestionParser world = QuestionWordsTest.parser("world_1");
        assertThat(world.parse("What is the top 3 number of countries?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_sentence_that_says_what_to_show_shows_the_groups_ranked_without_the_measure() throws Exception {
        CorpusExample.of("dog_kennels: Which breed do the most dogs have? Give me the breed name. => {'group_by':[{'dimension':'breed_name'}],"
                + "'order':[{'field':'dogs_count','descending':true}],'limit':1,'ties':true}").assertReadWhole();
        // asked without it, the measure that ranks is shown beside the groups
        CorpusExample.of("dog_kennels: Which breed do the most dogs have? => {'metrics':['dogs_count'],'group_by':[{'dimension':'breed_name'}],"
                + "'order':[{'field':'dogs_count','descending':true}],'limit':1,'ties':true}").assertReadWhole();
        // records ranked (by the attribute that names each): what the sentence shows of them, not that attribute unless it says it
        CorpusExample.of("dog_kennels: Which owner owns the most dogs? Tell me the last name and the email. => {'group_by':[{'dimension':'owners.last_name'},"
                + "{'dimension':'owners.email_address'}],'order':[{'field':'dogs_count','descending':true}],'limit':1,'ties':true,'records':'owners'}").assertReadWhole();
        CorpusExample.of("dog_kennels: Which owner owns the most dogs? Tell me the first name. => {'group_by':[{'dimension':'owners.first_name'}],"
                + "'order':[{'field':'dogs_count','descending':true}],'limit':1,'ties':true}").assertReadWhole();
        // the first sentence names the records ranked, the second what to show of them; never of other records
        CorpusExample.of("employee_hire_evaluation: Which shop has the most employees? Show the location of the shop. => {'group_by':[{'dimension':'location'}],"
                + "'order':[{'field':'employee_count','descending':true}],'limit':1,'ties':true,'records':'shop'}").assertReadWhole();
        QuestionWordsTest.assertNotRead("employee_hire_evaluation", "Which shop has the most employees? Give me the age of the employee.");
        // a sentence that asks for a number too is never answered without it
        QuestionParser.Result withCount = QuestionWordsTest.parser("dog_kennels").parse("Which breed do the most dogs have? Give me the breed name and the number of dogs.");
        assertThat(withCount instanceof QuestionParser.Parsed p && p.query().metrics().isEmpty()).isFalse();
    }

    @Test
    void a_verb_between_what_is_ranked_and_the_ranking_of_the_rows_counted_is_their_relationship() throws Exception {
        CorpusExample.of("dog_kennels: Which owner owns the most dogs? => {'metrics':['dogs_count'],'group_by':[{'dimension':'owners.first_name'}],"
                + "'order':[{'field':'dogs_count','descending':true}],'limit':1,'ties':true}").assertReadWhole();
        // never denied
        assertThat(QuestionWordsTest.parser("dog_kennels").parse("Which owner does not own the most dogs?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
