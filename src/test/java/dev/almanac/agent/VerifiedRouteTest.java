package dev.almanac.agent;

import static dev.almanac.agent.RouteFixture.answered;
import static dev.almanac.agent.RouteFixture.passedOn;
import static dev.almanac.agent.RouteFixture.turn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.store.TurnRow;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class VerifiedRouteTest {
    @RegisterExtension
    static final RouteFixture world = RouteFixture.demo();

    @Test
    void a_verified_querys_own_question_is_answered_by_it_and_marked_verified_without_a_model_call() throws Exception {
        var model = RouteFixture.script("[]");
        Flow flow = world.flow(model);
        Route.Outcome outcome = VerifiedRoute.ownQuestion(flow, new Retrieval(flow)).take(turn(flow, "How many people work in each department today?"));
        Answer a = answered(outcome);
        assertThat(a.verified()).isTrue();
        assertThat(a.confidence()).isEqualTo("high");
        assertThat(a.provenance().knowledgeApplied()).first().isEqualTo("query:headcount_by_department");
        assertThat(((Route.Answered) outcome).turn().retrieved()).as("retrieved, for the follow-ups").isNotNull();
        assertThat(model.used()).isZero();
    }

    @Test
    void the_own_question_route_leaves_a_canonical_metric_to_its_later_place_and_that_place_leaves_queries() {
        Flow flow = world.flow(null);
        Retrieval retrieval = new Retrieval(flow);
        Turn metric = turn(flow, "What was our MRR in September 2026?");
        assertThat(passedOn(VerifiedRoute.ownQuestion(flow, retrieval).take(metric))).isSameAs(metric);
        Answer a = answered(VerifiedRoute.canonicalMetric(flow, retrieval).take(retrieval.retrieved(metric)));
        assertThat(a.verified()).isTrue();
        assertThat(a.provenance().knowledgeApplied()).first().isEqualTo("metric:mrr");

        Turn query = turn(flow, "How many people work in each department today?");
        assertThat(passedOn(VerifiedRoute.canonicalMetric(flow, retrieval).take(query))).isSameAs(query);
    }

    @Test
    void in_a_thread_a_question_without_its_own_period_is_a_follow_up_not_a_verified_question() {
        Flow flow = world.flow(null);
        TurnRow earlier = new TurnRow("t0", "thread-1", 0, "How many warehouses do we run?", "result", "12", "{}", null, "high", 1, 0, 0, 0, 0);
        Turn followUp = turn(flow, "Which features are used by the most users?", List.of(earlier));
        assertThat(passedOn(VerifiedRoute.ownQuestion(flow, new Retrieval(flow)).take(followUp))).isSameAs(followUp);
    }

    @Test
    void a_question_no_verified_query_or_metric_matches_goes_on() {
        Flow flow = world.flow(null);
        Retrieval retrieval = new Retrieval(flow);
        Turn turn = RouteFixture.retrieved(flow, "How many suppliers do we work with?");
        assertThat(passedOn(VerifiedRoute.ownQuestion(flow, retrieval).take(turn))).isSameAs(turn);
        assertThat(passedOn(VerifiedRoute.canonicalMetric(flow, retrieval).take(turn))).isSameAs(turn);
    }

    @Test
    void a_verified_query_over_some_records_does_not_answer_a_question_about_all_of_them() {
        // "paying" narrows the verified query's customers; the question counts every customer
        assertThat(VerifiedAnswerer.unqualified("customer count by region", "How many paying customers are in each region?")).containsExactly("paying");
        assertThat(VerifiedAnswerer.unqualified("paying customers per region", "How many paying customers are in each region?")).isEmpty();
        Flow flow = world.flow(null);
        Retrieval retrieval = new Retrieval(flow);
        Turn all = turn(flow, "customer count by region");
        assertThat(passedOn(VerifiedRoute.ownQuestion(flow, retrieval).take(all))).isSameAs(all);
        Answer paying = answered(VerifiedRoute.ownQuestion(flow, retrieval).take(turn(flow, "How many paying customers are in each region?")));
        assertThat(paying.provenance().knowledgeApplied()).first().isEqualTo("query:paying_customers_by_region");
    }
}
