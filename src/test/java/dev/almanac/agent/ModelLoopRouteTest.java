package dev.almanac.agent;

import static dev.almanac.agent.RouteFixture.answered;
import static dev.almanac.agent.RouteFixture.passedOn;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ModelLoopRouteTest {
    @RegisterExtension
    static final RouteFixture world = RouteFixture.demo();

    @Test
    void without_a_model_the_turn_goes_on_to_the_refusal() {
        Flow flow = world.flow(null);
        Turn turn = RouteFixture.retrieved(flow, "How many suppliers do we work with?");
        assertThat(passedOn(new ModelLoopRoute(flow, new Answers(flow)).take(turn))).isSameAs(turn);
    }

    @Test
    void the_models_submitted_queries_are_run_and_the_answer_says_what_it_cost() throws Exception {
        var model = RouteFixture.script("""
                - tool_calls:
                    - name: run_sql
                      arguments: {sql: "SELECT count(*) AS n FROM suppliers"}
                - tool_calls:
                    - name: submit_result
                      arguments:
                        queries: [{name: s, sql: "SELECT count(*) AS suppliers FROM suppliers"}]
                        template: "We work with {s.suppliers|int} suppliers."
                - text: PASS
                - text: PASS
                """);
        Flow flow = world.flow(model);
        Route.Outcome outcome = new ModelLoopRoute(flow, new Answers(flow)).take(RouteFixture.retrieved(flow, "How many suppliers do we work with?"));
        Answer a = answered(outcome);
        assertThat(a.answer()).isEqualTo("We work with 12 suppliers.");
        assertThat(a.confidence()).isEqualTo("high");
        Route.Work work = ((Route.Answered) outcome).work();
        assertThat(work.usage().calls()).isEqualTo(model.used());
        assertThat(work.sqlRun()).as("the exploring query, for the timeliness pass").containsExactly("SELECT count(*) AS n FROM suppliers");
    }

    @Test
    void a_model_that_cannot_be_reached_ends_the_turn_with_an_error_and_what_it_cost() throws Exception {
        var model = RouteFixture.script("""
                - tool_calls:
                    - name: run_sql
                      arguments: {sql: "SELECT count(*) AS n FROM suppliers"}
                - error: bad_request
                """);
        Flow flow = world.flow(model);
        Route.Outcome outcome = new ModelLoopRoute(flow, new Answers(flow)).take(RouteFixture.retrieved(flow, "How many suppliers do we work with?"));
        Answer a = answered(outcome);
        assertThat(a.kind()).isEqualTo(Answer.Kind.error);
        assertThat(a.answer()).startsWith("The language model could not be reached");
        assertThat(((Route.Answered) outcome).work().usage().calls()).as("the call that was answered").isEqualTo(1);
    }
}
