package dev.almanac.agent;

import static dev.almanac.agent.RouteFixture.answered;
import static dev.almanac.agent.RouteFixture.passedOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.semantic.Change;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** "Why did it change?" in the answer flow, over a small model of the demo warehouse: answered without the model, or passed on. */
class ChangeRouteTest {
    @RegisterExtension
    static final RouteFixture world = RouteFixture.semantic();

    ChangeRoute route(Flow flow) {
        return new ChangeRoute(flow, new Answers(flow));
    }

    static BigDecimal one(Flow flow, String sql) {
        return new BigDecimal(flow.ctx.executor().execute(sql).rows().get(0).get(0).toString());
    }

    @Test
    void a_why_question_is_answered_by_the_analysis_with_every_query_it_ran_and_no_model_call() throws Exception {
        var model = RouteFixture.script("[]");
        Flow flow = world.flow(model);
        Answer a = answered(route(flow).take(RouteFixture.retrieved(flow, "Why did MRR rise in August 2026?")));
        Change c = a.change();
        assertThat(c).isNotNull();
        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(model.used()).isZero();
        // the two values, as the warehouse holds them
        assertThat(c.valueAfter()).isEqualByComparingTo(one(flow, "SELECT sum(mrr_cents) / 100.0 FROM mrr_snapshots WHERE snapshot_month = DATE '2026-08-01'"));
        assertThat(c.valueBefore()).isEqualByComparingTo(one(flow, "SELECT sum(mrr_cents) / 100.0 FROM mrr_snapshots WHERE snapshot_month = DATE '2026-07-01'"));
        assertThat(a.provenance().sql()).hasSize(c.queries().size()).containsExactlyElementsOf(c.queries().stream().map(Change.Query::sql).toList());
        assertThat(a.provenance().readAs()).contains("from July 2026 to August 2026");
        Change.Split first = c.dimensions().get(0);
        assertThat(a.data().rows()).hasSize(first.values().size());
        BigDecimal shown = first.values().stream().map(Change.Contribution::shown).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat(shown).isEqualByComparingTo(c.shownChange());
        assertThat(a.chart()).isNotNull();
        // one level deeper: inside the value of the first split that carries the most, its own change split again
        Change.Contribution top = first.values().stream().filter(v -> v.value() != null && v.value().equals(c.deeper().value())).findFirst().orElseThrow();
        assertThat(c.deeper().change()).isEqualByComparingTo(top.contribution());
        assertThat(c.deeper().dimensions()).isNotEmpty().allSatisfy(s -> {
            assertThat(s.values()).hasSizeGreaterThan(1);
            assertThat(s.values().stream().map(Change.Contribution::shown).reduce(BigDecimal.ZERO, BigDecimal::add)).isEqualByComparingTo(c.deeper().shownChange());
        });
        assertThat(a.answer()).startsWith("Monthly recurring revenue").doesNotContain("because");
    }

    @Test
    void the_question_saying_the_other_direction_is_told_so() {
        Flow flow = world.flow(null);
        Answer a = answered(route(flow).take(RouteFixture.retrieved(flow, "Why did MRR drop in August 2026?")));
        assertThat(a.answer()).startsWith("It did not fall: it rose.");
    }

    @Test
    void without_a_period_the_question_is_asked_back_with_periods_to_choose() {
        Flow flow = world.flow(null);
        Answer a = answered(route(flow).take(RouteFixture.retrieved(flow, "Why did MRR change?")));
        assertThat(a.kind()).isEqualTo(Answer.Kind.clarification);
        assertThat(a.suggestions()).hasSize(2).allSatisfy(o -> assertThat(o).startsWith("Why did "));
    }

    @Test
    void a_change_question_the_reader_cannot_read_goes_to_the_model_and_other_questions_pass_on() throws Exception {
        Flow withModel = world.flow(RouteFixture.script("[]"));
        Turn unread = RouteFixture.retrieved(withModel, "Why did the frobnication index drop in August 2026?");
        assertThat(passedOn(route(withModel).take(unread))).isSameAs(unread);
        Flow flow = world.flow(null);
        Answer refused = answered(route(flow).take(RouteFixture.retrieved(flow, "Why did the frobnication index drop in August 2026?")));
        assertThat(refused.kind()).isEqualTo(Answer.Kind.error);
        Turn plain = RouteFixture.retrieved(flow, "Monthly recurring revenue per region for September 2026?");
        assertThat(passedOn(route(flow).take(plain))).isSameAs(plain);
    }

    @Test
    void the_models_explain_change_tool_answers_with_the_analysis_and_no_review() throws Exception {
        var model = RouteFixture.script("""
                - tool_calls:
                    - name: explain_change
                      arguments: {metric: mrr, from: "2026-07", to: "2026-08", by: [plan]}
                """);
        Flow flow = world.flow(model);
        Answer a = answered(new ModelLoopRoute(flow, new Answers(flow)).take(RouteFixture.retrieved(flow, "What is behind the MRR numbers lately?")));
        assertThat(a.change()).isNotNull();
        assertThat(a.change().dimensions()).extracting(Change.Split::dimension).containsExactly("plans.plan");
        assertThat(model.used()).as("one call: no critique of a computed analysis").isEqualTo(1);
    }
}
