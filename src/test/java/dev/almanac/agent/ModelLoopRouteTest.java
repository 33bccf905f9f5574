package dev.almanac.agent;

import static dev.almanac.agent.RouteFixture.answered;
import static dev.almanac.agent.RouteFixture.passedOn;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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

    @Test
    void the_same_answer_sent_again_after_a_failed_review_ends_the_turn_without_another_check_or_call() throws Exception {
        var model = RouteFixture.script("""
                - tool_calls:
                    - name: submit_result
                      arguments:
                        queries: [{name: w, sql: "SELECT name FROM warehouses WHERE country_code = 'AQ'"}]
                        template: "Warehouses: {w.row_count}"
                - tool_calls:
                    - name: submit_result
                      arguments:
                        queries: [{name: w, sql: "SELECT name FROM warehouses WHERE country_code = 'AQ'"}]
                        template: "Warehouses: {w.row_count}"
                - tool_calls:
                    - name: submit_result
                      arguments:
                        queries: [{name: w, sql: "SELECT name FROM warehouses WHERE country_code = 'AQ'"}]
                        template: "Warehouses: {w.row_count}"
                """);
        Flow flow = world.flow(model);
        Route.Outcome outcome = new ModelLoopRoute(flow, new Answers(flow)).take(RouteFixture.retrieved(flow, "Which warehouses do we have in Antarctica?"));
        Answer a = answered(outcome);
        assertThat(a.answer()).startsWith("Best attempt — results may be incomplete.");
        assertThat(a.confidence()).isEqualTo("low");
        assertThat(a.provenance().caveats().get(0)).startsWith("The last review of this answer found: the query returned no data because the value 'AQ'");
        assertThat(((Route.Answered) outcome).work().usage().calls()).as("the first submit, failed by the checks, and the same one again").isEqualTo(2);
        assertThat(a.iterations()).isEqualTo(2);
    }

    @Test
    void the_first_call_offers_the_tools_a_first_step_can_use_and_later_calls_offer_all() throws Exception {
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
                """);
        Flow flow = world.flow(model);
        answered(new ModelLoopRoute(flow, new Answers(flow)).take(RouteFixture.retrieved(flow, "How many suppliers do we work with?")));
        List<String> first = AgentTools.names(model.requests().get(0).tools());
        List<String> second = AgentTools.names(model.requests().get(1).tools());
        assertThat(first).contains("run_sql", "inspect_schema", "submit_result", "submit_observation", "render_chart", "ask_user")
                .doesNotContain("save_learning", "send_message", "search_knowledge");
        assertThat(second).contains("save_learning", "send_message", "search_knowledge").containsAll(first);
        assertThat(model.used()).as("explore, submit, one review").isEqualTo(3);
    }
}
