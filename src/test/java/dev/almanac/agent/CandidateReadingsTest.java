package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.llm.ChatMessage;
import dev.almanac.llm.ScriptedModel;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.sql.QueryResult;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The question reader's place in the flow: with a model, a question the reader is unsure of goes to the model with what the
 * reader found (its candidate readings as query_metrics arguments, the words it could not place); a question it reads whole
 * is answered without a call; without a model, the question back is as before. On the small semantic model with a second
 * metric that "recurring revenue" names (ARR beside MRR).
 */
class CandidateReadingsTest {
    @RegisterExtension
    static final RouteFixture world = RouteFixture.semantic(SmallSemanticModel.ARR);

    /** Both metrics fit "recurring revenue": the reader asks which one is meant. */
    static final String TWO_READINGS = "What was recurring revenue per region for September 2026?";

    /** ARR per region for September 2026, written by hand. */
    static final String ARR_BY_REGION_SQL = SemanticAgentTest.MRR_BY_REGION_SQL.replace("sum(s.mrr_cents) / 100.0 AS mrr", "sum(s.mrr_cents) * 12 / 100.0 AS arr");

    static Agent agent(ScriptedModel model) {
        return new Agent(world.flow(model).ctx);
    }

    /** The system message of the model's first call. */
    static String firstPrompt(ScriptedModel model) {
        assertThat(model.requests()).as("the model was asked").isNotEmpty();
        ChatMessage first = model.requests().get(0).messages().get(0);
        assertThat(first).isInstanceOf(ChatMessage.System.class);
        return ((ChatMessage.System) first).text();
    }

    /** The lines of the prompt's section on how the question was read; empty when it has none. */
    static List<String> readingSection(String prompt) {
        int at = prompt.indexOf("## How the question was read\n");
        if (at < 0) return List.of();
        String rest = prompt.substring(at);
        int next = rest.indexOf("\n## ", 1);
        return List.of((next < 0 ? rest : rest.substring(0, next)).strip().split("\n"));
    }

    @Test
    void with_a_model_a_question_the_reader_would_ask_back_goes_to_the_model_with_its_readings_and_the_models_answer_is_the_answer() throws Exception {
        var model = RouteFixture.script("""
                - tool_calls:
                    - name: query_metrics
                      arguments: {metrics: [arr], group_by: [region], start: "2026-09-01", end: "2026-10-01"}
                - text: PASS
                - text: PASS
                """);
        Answer a = agent(model).ask(TWO_READINGS, null);

        assertThat(a.kind()).as("the model's answer, not the question back").isEqualTo(Answer.Kind.result);
        assertThat(a.provenance().semanticQuery().metrics()).containsExactly("arr");
        QueryResult expected = world.demo.executor.execute(ARR_BY_REGION_SQL);
        QueryResult got = new QueryResult("", a.data().columns(), List.of(), a.data().rows(), false, java.util.Set.of(), 0);
        assertThat(SemanticAgentTest.byFirstColumn(got, 1)).isEqualTo(SemanticAgentTest.byFirstColumn(expected, 1));
        assertThat(a.usage().llmCalls()).isEqualTo(model.used());

        List<String> section = readingSection(firstPrompt(model));
        assertThat(section).as("the first prompt says how the reader read the question").isNotEmpty();
        assertThat(String.join("\n", section)).contains("none is certain");
        // each reading is query_metrics arguments the model can send as they are: read them as the tool reads its arguments
        List<SemanticQuery> readings = new ArrayList<>();
        for (String line : section) {
            if (!line.startsWith("- ")) continue;
            JsonNode args = Answers.JSON.readTree(line.substring(line.indexOf('{')));
            readings.add(SemanticArguments.read(args));
        }
        assertThat(readings).extracting(q -> q.metrics().get(0)).containsExactlyInAnyOrder("mrr", "arr");
        for (SemanticQuery q : readings) {
            assertThat(q.metrics()).hasSize(1);
            assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("region");
            assertThat(q.start()).isEqualTo(LocalDate.of(2026, 9, 1));
            assertThat(q.end()).isEqualTo(LocalDate.of(2026, 10, 1));
        }
    }

    @Test
    void with_a_model_a_question_the_reader_reads_whole_is_answered_without_a_model_call() throws Exception {
        var model = RouteFixture.script("[]");
        Answer a = agent(model).ask("Annual recurring revenue per region for September 2026?", null);

        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.provenance().semanticQuery().metrics()).containsExactly("arr");
        assertThat(model.used()).as("no model call").isZero();
        assertThat(a.usage().llmCalls()).isZero();
        QueryResult expected = world.demo.executor.execute(ARR_BY_REGION_SQL);
        QueryResult got = new QueryResult("", a.data().columns(), List.of(), a.data().rows(), false, java.util.Set.of(), 0);
        assertThat(SemanticAgentTest.byFirstColumn(got, 1)).isEqualTo(SemanticAgentTest.byFirstColumn(expected, 1));
    }

    @Test
    void with_a_model_a_question_with_words_the_reader_cannot_place_reaches_the_model_with_those_words_named() throws Exception {
        var model = RouteFixture.script("""
                - tool_calls:
                    - name: query_metrics
                      arguments: {metrics: [mrr], group_by: [region], start: "2026-09-01", end: "2026-10-01"}
                - text: PASS
                - text: PASS
                """);
        Answer a = agent(model).ask("MRR by region in September 2026 for our zebra initiative", null);

        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.data().rowCount()).isEqualTo(4);
        List<String> section = readingSection(firstPrompt(model));
        assertThat(section).as("the first prompt says how the reader read the question").isNotEmpty();
        assertThat(section).anySatisfy(line -> assertThat(line).startsWith("Words the question reader could not place:").contains("'zebra'", "'initiative'")
                .doesNotContain("'MRR'", "'region'"));
    }

    @Test
    void with_a_model_a_question_the_reader_finds_nothing_to_doubt_in_gets_no_reading_section() throws Exception {
        var model = RouteFixture.script("""
                - tool_calls:
                    - name: submit_result
                      arguments:
                        queries: [{name: s, sql: "SELECT count(*) AS suppliers FROM suppliers"}]
                        template: "We work with {s.suppliers|int} suppliers."
                - text: PASS
                - text: PASS
                """);
        agent(model).ask("How many suppliers do we work with?", null);

        assertThat(readingSection(firstPrompt(model))).as("a question that names no metric: nothing the reader found").isEmpty();
    }

    @Test
    void a_query_written_as_query_metrics_arguments_reads_back_as_the_same_query() {
        SemanticQuery asked = new SemanticQuery(List.of("mrr"), List.of(new SemanticQuery.GroupBy("region", List.of("customers")), new SemanticQuery.GroupBy("plan", List.of())),
                dev.almanac.semantic.Grain.MONTH, LocalDate.of(2026, 1, 1), LocalDate.of(2026, 4, 1),
                List.of(new SemanticQuery.Filter("company", "in", List.of("Acme, Inc", "O'Brien Ltd")), new SemanticQuery.Filter("mrr", ">", List.of("1000"))),
                List.of(new SemanticQuery.Order("mrr", true)), 5, new SemanticQuery.Period(LocalDate.of(2025, 1, 1), LocalDate.of(2025, 4, 1)),
                List.of("paying"), List.of("live_customers"), null, true, null, true,
                List.of(new SemanticQuery.Exists("plans", List.of(new SemanticQuery.Filter("plan_tier", "=", List.of("4"))), true, null)), List.of());
        JsonNode args = SemanticArguments.of(asked);

        assertThat(SemanticArguments.read(args)).isEqualTo(asked);
        assertThat(args.path("group_by").toString()).isEqualTo("[\"region via customers\",\"plan\"]");
        assertThat(args.has("gaps")).as("parts the query does not have are left out").isFalse();
        SemanticQuery listing = new SemanticQuery(List.of(), List.of(new SemanticQuery.GroupBy("company", List.of())), null, null, null, List.of(), List.of(), null, null,
                List.of(), List.of(), null, null, "customers", null, List.of(), List.of("country"));
        assertThat(SemanticArguments.read(SemanticArguments.of(listing))).isEqualTo(listing);
    }

    @Test
    void without_a_model_the_question_the_reader_is_unsure_of_is_asked_back_with_its_readings() {
        Answer a = new Agent(world.flow(null).ctx).ask(TWO_READINGS, null);

        assertThat(a.kind()).isEqualTo(Answer.Kind.clarification);
        assertThat(a.answer()).isEqualTo("Which do you mean: Monthly recurring revenue; Annual recurring revenue?");
        assertThat(a.suggestions()).containsExactly("What was Monthly recurring revenue per region for September 2026?",
                "What was Annual recurring revenue per region for September 2026?");
        assertThat(a.usage().llmCalls()).isZero();
    }
}
