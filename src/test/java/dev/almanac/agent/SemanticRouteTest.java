package dev.almanac.agent;

import static dev.almanac.agent.RouteFixture.answered;
import static dev.almanac.agent.RouteFixture.passedOn;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class SemanticRouteTest {
    @RegisterExtension
    static final RouteFixture world = RouteFixture.semantic();

    SemanticRoute route(Flow flow) {
        return new SemanticRoute(flow, new Answers(flow));
    }

    @Test
    void a_question_read_whole_is_compiled_run_and_said_without_the_model() throws Exception {
        var model = RouteFixture.script("[]");
        Flow flow = world.flow(model);
        Answer a = answered(route(flow).take(RouteFixture.retrieved(flow, "Monthly recurring revenue per region for September 2026?")));
        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.confidence()).isEqualTo("high");
        assertThat(a.provenance().semanticQuery().metrics()).containsExactly("mrr");
        assertThat(a.provenance().semanticQuery().groupBy()).isNotEmpty();
        assertThat(a.data().rows()).isNotEmpty();
        assertThat(model.used()).isZero();
    }

    @Test
    void a_question_that_names_no_semantic_metric_goes_on() {
        Flow flow = world.flow(null);
        Turn turn = RouteFixture.retrieved(flow, "How many suppliers do we work with?");
        assertThat(passedOn(route(flow).take(turn))).isSameAs(turn);
    }

    @Test
    void with_parsing_off_nothing_is_read_and_the_turn_goes_on() {
        Flow flow = world.flow(null, AgentSettings.DEFAULT.withParseQuestions(false));
        Turn turn = RouteFixture.retrieved(flow, "Monthly recurring revenue per region for September 2026?");
        assertThat(passedOn(route(flow).take(turn))).isSameAs(turn);
    }
}
