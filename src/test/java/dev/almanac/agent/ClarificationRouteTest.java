package dev.almanac.agent;

import static dev.almanac.agent.RouteFixture.answered;
import static dev.almanac.agent.RouteFixture.passedOn;
import static dev.almanac.agent.RouteFixture.turn;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ClarificationRouteTest {
    @RegisterExtension
    static final RouteFixture world = RouteFixture.demo();

    ClarificationRoute route(Flow flow) {
        return new ClarificationRoute(flow, new Answers(flow));
    }

    @Test
    void a_canonical_metric_without_a_period_is_asked_for_one_that_holds_data() throws Exception {
        var model = RouteFixture.script("[]");
        Flow flow = world.flow(model);
        Answer a = answered(route(flow).take(turn(flow, "What is our MRR?")));
        assertThat(a.kind()).isEqualTo(Answer.Kind.clarification);
        assertThat(a.suggestions()).containsExactly("September 2026", "last quarter", "last year");
        assertThat(a.provenance().knowledgeApplied()).as("nothing retrieved before a question back").isEmpty();
        assertThat(model.used()).isZero();
    }

    @Test
    void several_fitting_metrics_are_offered_as_whole_questions() {
        Flow flow = world.flow(null);
        Answer a = answered(route(flow).take(turn(flow, "How is revenue doing?")));
        assertThat(a.answer()).startsWith("Which of these do you mean?");
        assertThat(a.suggestions()).contains("Net subscription revenue (cash)", "Shop revenue");
    }

    @Test
    void a_metric_is_never_offered_for_a_function_word_of_its_label() {
        // "over" is in the label of daily active users ("average over a period"): it did not fit "refunds over $100"
        Flow flow = world.flow(null);
        Route.Outcome o = route(flow).take(turn(flow, "refunds over $100"));
        if (o instanceof Route.Answered done) assertThat(done.answer().suggestions()).noneMatch(x -> x.contains("active users"));
    }

    @Test
    void a_question_with_its_period_or_naming_no_metric_goes_on() {
        Flow flow = world.flow(null);
        for (String q : new String[] {"What was our MRR in September 2026?", "How many suppliers do we work with?"}) {
            Turn turn = turn(flow, q);
            assertThat(passedOn(route(flow).take(turn))).as(q).isSameAs(turn);
        }
    }
}
