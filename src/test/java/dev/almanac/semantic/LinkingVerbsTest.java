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
        // an agent after "by" is no place the rows are linked to
        QuestionParser world = QuestionWordsTest.parser("world_1");
        QuestionParser.Result covered = world.parse("Give the total surface area covered by countries in Asia or Europe.");
        assertThat(covered instanceof QuestionParser.Parsed p && !p.query().groupBy().isEmpty()).isFalse();
    }
}
