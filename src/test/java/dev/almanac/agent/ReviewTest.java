package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.llm.ChatMessage;
import dev.almanac.llm.ScriptedModel;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.sql.QueryResult;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The deterministic checks decide when they can; an answer they leave in doubt costs exactly one model call. */
class ReviewTest {
    @RegisterExtension
    static final RouteFixture demo = RouteFixture.demo();
    @RegisterExtension
    static final RouteFixture semantic = RouteFixture.semantic();

    static String verdict(Flow flow, String question, String sql, SemanticQuery query) {
        Turn turn = RouteFixture.retrieved(flow, question);
        Map<String, QueryResult> results = new LinkedHashMap<>();
        results.put(query == null ? "q" : SemanticRoute.RESULT, flow.ctx.executor().execute(sql));
        OutputTools.Candidate candidate = new OutputTools.Candidate("The answer.", Answer.Kind.result, results, null, List.of(), query);
        return new Review(flow).verdict(new LoopState(turn, flow.ctx.settings()), candidate);
    }

    @Test
    void a_value_the_named_canonical_metric_gives_for_the_period_is_accepted_without_a_model_call() throws Exception {
        ScriptedModel model = RouteFixture.script("[]");
        Flow flow = demo.flow(model);
        String question = "What was our MRR in September 2026?";
        String metricSql = flow.verified().answer(question).orElseThrow().provenance().sql().get(0);
        assertThat(verdict(flow, question, metricSql, null)).startsWith("PASS (checked: the canonical metric mrr gives the same value");
        assertThat(model.used()).isZero();
    }

    @Test
    void a_value_that_contradicts_the_named_canonical_metric_fails_without_a_model_call() throws Exception {
        ScriptedModel model = RouteFixture.script("[]");
        assertThat(verdict(demo.flow(model), "What was our MRR in September 2026?", "SELECT 12.5 AS mrr", null)).startsWith("FAIL: the result 12.5 contradicts");
        assertThat(model.used()).isZero();
    }

    @Test
    void a_semantic_query_that_is_the_one_the_question_names_is_accepted_without_a_model_call() throws Exception {
        ScriptedModel model = RouteFixture.script("[]");
        Flow flow = semantic.flow(model);
        SemanticQuery q = SemanticQuery.of("mrr").by("region").between(LocalDate.of(2026, 9, 1), LocalDate.of(2026, 10, 1));
        String verdict = verdict(flow, "Monthly recurring revenue per region for September 2026?", flow.ctx.semantic().compile(q).sql(), q);
        assertThat(verdict).startsWith("PASS (checked: the question names the query's metrics");
        assertThat(model.used()).isZero();
    }

    @Test
    void a_semantic_query_with_a_breakdown_the_question_does_not_name_gets_one_model_review() throws Exception {
        ScriptedModel model = RouteFixture.script("- text: \"FAIL: the question asks for the total, not per plan\"");
        Flow flow = semantic.flow(model);
        SemanticQuery q = SemanticQuery.of("mrr").by("plan").between(LocalDate.of(2026, 9, 1), LocalDate.of(2026, 10, 1));
        String verdict = verdict(flow, "Monthly recurring revenue for September 2026?", flow.ctx.semantic().compile(q).sql(), q);
        assertThat(verdict).isEqualTo("FAIL: review: the question asks for the total, not per plan");
        assertThat(model.used()).isEqualTo(1);
    }

    @Test
    void an_answer_the_checks_leave_in_doubt_gets_exactly_one_call_that_critiques_and_grades_it() throws Exception {
        ScriptedModel model = RouteFixture.script("- text: PASS");
        String verdict = verdict(demo.flow(model), "How many suppliers do we work with?", "SELECT count(*) AS suppliers FROM suppliers", null);
        assertThat(verdict).isEqualTo("PASS");
        assertThat(model.used()).isEqualTo(1);
        List<ChatMessage> sent = model.requests().get(0).messages();
        assertThat(dev.almanac.llm.ChatMessages.text(sent.get(0))).contains("plausible and complete", "SQL answers the question exactly as asked");
        assertThat(dev.almanac.llm.ChatMessages.text(sent.get(1))).contains("How many suppliers", "SELECT count(*) AS suppliers FROM suppliers", "columns: suppliers");
    }
}
