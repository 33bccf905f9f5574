package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.llm.ChatMessage;
import dev.almanac.llm.LanguageModel;
import dev.almanac.llm.ModelReply;
import dev.almanac.llm.ScriptedModel;
import dev.almanac.llm.ToolSpec;
import dev.almanac.semantic.Grain;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.sql.QueryResult;
import dev.almanac.store.AppStore;
import dev.almanac.store.LearningStore;
import dev.almanac.store.Project;
import dev.almanac.store.ThreadStore;
import dev.almanac.testing.DemoContext;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent with a semantic layer: list_metrics, get_dimensions and query_metrics, with the scripted model on the demo warehouse. */
class SemanticAgentTest {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    static DemoContext demo;
    static KnowledgeSet knowledge;
    static SemanticLayer layer;
    static TableSelector selector;

    @TempDir
    Path dir;
    Project project;
    AppStore store;
    ThreadStore threads;
    List<AgentEvent> events;
    /** What the model was sent on each call of the tool loop (not the critique and grading calls). */
    final List<List<ChatMessage>> sent = new ArrayList<>();
    final List<List<ToolSpec>> offered = new ArrayList<>();

    @BeforeAll
    static void open() {
        demo = new DemoContext();
        knowledge = SmallSemanticModel.knowledge();
        layer = SmallSemanticModel.layer(knowledge, demo.executor);
        selector = new TableSelector(demo.catalog, knowledge, demo.guard::tablesOf, MiniLmEmbedder.get(), TableSelector.Config.DEFAULT);
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    @BeforeEach
    void stores() {
        project = new Project("Semantic agent test", dir, "data/demo.duckdb", dir.resolve("knowledge"), false);
        store = AppStore.sqlite(dir.resolve("almanac.db"));
        threads = new ThreadStore(store);
        events = new ArrayList<>();
    }

    /** An agent whose every question goes to the model's tool loop (questions are not first read into semantic queries). */
    Agent agent(String script) throws Exception {
        return agent(script, AgentSettings.DEFAULT.withParseQuestions(false));
    }

    Agent agent(String script, AgentSettings settings) throws Exception {
        return new Agent(new Agent.Context(project, demo.catalog, knowledge, demo.executor, selector, MiniLmEmbedder.get(),
                new LearningStore(store), threads, recordingOf(script), settings,
                LocalDate.of(2026, 11, 22), events::add, dir.resolve("logs/agent.jsonl"), null, layer));
    }

    @Test
    void with_a_model_a_question_the_parser_reads_whole_is_answered_from_the_semantic_model_without_calling_it() throws Exception {
        Agent agent = agent("turns: []", AgentSettings.DEFAULT);
        Answer a = agent.ask("Monthly recurring revenue per region for September 2026?", null);

        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.usage().llmCalls()).as("no model call").isZero();
        assertThat(sent).isEmpty();
        QueryResult expected = demo.executor.execute(MRR_BY_REGION_SQL);
        QueryResult got = new QueryResult("", a.data().columns(), List.of(), a.data().rows(), false, java.util.Set.of(), 0);
        assertThat(byFirstColumn(got, 1)).isEqualTo(byFirstColumn(expected, 1));
        assertThat(a.provenance().semanticQuery().metrics()).containsExactly("mrr");
    }

    @Test
    void with_a_model_a_question_the_parser_cannot_place_goes_to_the_tool_loop() throws Exception {
        Agent agent = agent("""
                turns:
                  - tool_calls:
                      - name: query_metrics
                        arguments: {metrics: [mrr], group_by: [region], start: "2026-09-01", end: "2026-10-01"}
                """ + PASS_PASS, AgentSettings.DEFAULT);
        Answer a = agent.ask("What was MRR by region in September 2026, seen through the lens of our zebra initiative?", null);

        assertThat(sent).as("the model was asked").hasSize(1);
        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.data().rowCount()).isEqualTo(4);
    }

    /** The scripted model, recording what the tool loop sends it (not the critique and grading calls, which offer no tools). */
    LanguageModel recordingOf(String script) throws Exception {
        JsonNode root = YAML.readTree(script);
        List<JsonNode> turns = new ArrayList<>();
        root.path("turns").forEach(turns::add);
        ScriptedModel inner = new ScriptedModel("semantic", turns, 0, false);
        return new LanguageModel(0, Duration.ZERO) {
            @Override
            public String name() {
                return "recording";
            }

            @Override
            protected ModelReply doChat(List<ChatMessage> messages, List<ToolSpec> tools) {
                if (!tools.isEmpty()) {
                    sent.add(List.copyOf(messages));
                    offered.add(tools);
                }
                return inner.chat(messages, tools);
            }
        };
    }

    /** The text each tool call got back, in order, as "tool: text". */
    List<String> toolResults() {
        List<ChatMessage> last = sent.isEmpty() ? List.of() : sent.get(sent.size() - 1);
        List<String> out = new ArrayList<>();
        for (ChatMessage m : last) if (m instanceof ChatMessage.ToolResult r) out.add(r.tool() + ": " + r.text());
        return out;
    }

    static final String PASS_PASS = """
              - text: PASS
              - text: PASS
            """;

    /** MRR per region for September 2026, written by hand. */
    static final String MRR_BY_REGION_SQL = """
            SELECT r.name AS region, sum(s.mrr_cents) / 100.0 AS mrr
            FROM mrr_snapshots s
            JOIN customers c ON c.customer_id = s.customer_id
            JOIN countries k ON k.country_code = c.country_code
            JOIN regions r ON r.region_id = k.region_id
            WHERE s.snapshot_month = DATE '2026-09-01' AND NOT c.is_deleted -- a customer-level slice leaves deleted customers out
            GROUP BY r.name ORDER BY r.name""";

    static Map<String, BigDecimal> byFirstColumn(QueryResult r, int valueColumn) {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        for (List<Object> row : r.rows()) out.put(String.valueOf(row.get(0)), new BigDecimal(row.get(valueColumn).toString()).setScale(2, RoundingMode.HALF_UP));
        return out;
    }

    @Test
    void lists_metrics_reads_dimensions_and_answers_with_query_metrics_matching_hand_written_sql() throws Exception {
        Agent agent = agent("""
                turns:
                  - tool_calls:
                      - name: list_metrics
                        arguments: {}
                  - tool_calls:
                      - name: get_dimensions
                        arguments: {metric: mrr}
                  - tool_calls:
                      - name: query_metrics
                        arguments: {metrics: [mrr], group_by: [region], start: "2026-09-01", end: "2026-10-01", order: [region]}
                """ + PASS_PASS);
        Answer a = agent.ask("What was MRR by region in September 2026?", null);

        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.confidence()).isEqualTo("high");
        assertThat(a.iterations()).isEqualTo(1);
        assertThat(a.data().columns()).containsExactly("region", "mrr");
        QueryResult expected = demo.executor.execute(MRR_BY_REGION_SQL);
        assertThat(expected.rowCount()).isEqualTo(4);
        QueryResult got = new QueryResult("", a.data().columns(), List.of(), a.data().rows(), false, java.util.Set.of(), 0);
        assertThat(byFirstColumn(got, 1)).isEqualTo(byFirstColumn(expected, 1));
        assertThat(a.answer()).startsWith("Monthly recurring revenue by region in September 2026:").contains("| Region | Monthly recurring revenue |")
                .contains("| Europe | $" + TemplateFormatter.format(byFirstColumn(expected, 1).get("Europe"), "money") + " |");

        assertThat(a.provenance().semanticQuery()).isNotNull();
        assertThat(a.provenance().semanticQuery().metrics()).containsExactly("mrr");
        assertThat(a.provenance().semanticQuery().groupBy()).singleElement().satisfies(g -> assertThat(g.dimension()).isEqualTo("region"));
        assertThat(a.provenance().metric()).isEqualTo("mrr");
        assertThat(a.provenance().sql()).singleElement().isEqualTo(layer.compile(a.provenance().semanticQuery()).sql());
        assertThat(a.provenance().tables()).contains("mrr_snapshots", "customers", "countries", "regions");
        assertThat(a.provenance().caveats()).contains("Month-end figure.");
        assertThat(a.provenance().explanation()).startsWith("Monthly recurring revenue: Sum of month-end MRR").contains("by region", "in September 2026");
        assertThat(a.dq().status()).isEqualTo("OK");
        assertThat(threads.turns(a.threadId())).singleElement().satisfies(t -> assertThat(t.answerJson()).contains("\"semantic_query\"", "\"group_by\""));

        List<String> tools = toolResults();
        assertThat(tools.get(0)).startsWith("list_metrics: ").contains("- mrr — Monthly recurring revenue (simple, USD)", "snapshot_month by month",
                "customer_count", "open_tickets", "NOT sliceable");
        assertThat(tools.get(1)).startsWith("get_dimensions: mrr").contains("native grain month", "- region (Region, sales region, geo)",
                "Europe", "- plan (Plan, pricing plan)", "Free", "- size_band (Company size):", "A snapshot", "Caveats: Month-end figure.").doesNotContain("- snapshot_month");
        assertThat(offered.get(0)).extracting(ToolSpec::name).contains("list_metrics", "get_dimensions", "query_metrics", "run_sql", "submit_result");
        String system = ((ChatMessage.System) sent.get(0).get(0)).text();
        assertThat(system).contains("Prefer query_metrics", "## Semantic metrics", "mrr (Monthly recurring revenue)", "customer_count (Customers)",
                "Canonical metrics with SQL only (not sliceable): open_tickets");
    }

    @Test
    void an_unknown_dimension_is_sent_back_and_the_corrected_query_answers() throws Exception {
        Agent agent = agent("""
                turns:
                  - tool_calls:
                      - name: get_dimensions
                        arguments: {metric: mrrr}
                  - tool_calls:
                      - name: query_metrics
                        arguments:
                          metrics: [mrr]
                          start: "2026-09-01"
                          end: "2026-10-01"
                          filters: [{field: regoin, op: "=", values: [EMEA]}]
                  - tool_calls:
                      - name: query_metrics
                        arguments:
                          metrics: [mrr]
                          start: "2026-09-01"
                          end: "2026-10-01"
                          filters: [{field: region, op: "=", values: [EMEA]}]
                          template: "MRR in Europe in September 2026: {result.mrr|money} USD."
                """ + PASS_PASS);
        Answer a = agent.ask("What was MRR in Europe in September 2026?", null);

        List<String> tools = toolResults();
        assertThat(tools.get(0)).startsWith("get_dimensions: Unknown metric 'mrrr'").contains("did you mean mrr", "Semantic metrics: mrr, customer_count");
        assertThat(tools.get(1)).startsWith("query_metrics: The semantic query was refused: unknown dimension 'regoin'").contains("did you mean region");
        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.confidence()).as("a refused query is not a failed review").isEqualTo("high");
        BigDecimal europe = byFirstColumn(demo.executor.execute(MRR_BY_REGION_SQL), 1).get("Europe");
        assertThat(a.answer()).isEqualTo("MRR in Europe in September 2026: " + TemplateFormatter.format(europe, "money") + " USD.");
        assertThat(a.provenance().semanticQuery().filters()).singleElement().satisfies(f -> assertThat(f.field()).isEqualTo("region"));
        assertThat(a.provenance().filters()).contains("region = EMEA");
        assertThat(a.provenance().sql()).singleElement().asString().contains("'Europe'");
        assertThat(events).anySatisfy(e -> assertThat(e.step() + ": " + e.detail()).startsWith("semantic: refused: unknown dimension 'regoin'"));
    }

    @Test
    void a_monthly_question_answered_without_a_grain_is_criticised_and_revised() throws Exception {
        Agent agent = agent("""
                turns:
                  - tool_calls:
                      - name: query_metrics
                        arguments: {metrics: [mrr], group_by: [plan], start: "2026-01-01", end: "2026-04-01"}
                  - tool_calls:
                      - name: query_metrics
                        arguments: {metrics: [mrr], group_by: [plan], grain: month, start: "2026-01-01", end: "2026-04-01"}
                """ + PASS_PASS);
        Answer a = agent.ask("Show MRR by plan, monthly, for Q1 2026", null);

        List<String> tools = toolResults();
        assertThat(tools.get(0)).startsWith("query_metrics: The answer did not pass review: the question asks for a monthly breakdown (\"monthly\") "
                + "but the query has no grain: set grain to month");
        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.iterations()).isEqualTo(2);
        assertThat(a.confidence()).isEqualTo("medium");
        assertThat(a.provenance().semanticQuery().grain()).isEqualTo(Grain.MONTH);
        assertThat(a.data().columns()).containsExactly("month", "plan", "mrr");
        assertThat(a.data().rowCount()).isEqualTo(15);
        assertThat(a.answer()).startsWith("Monthly recurring revenue by plan per month in Q1 2026:");
    }

    @Test
    void a_fan_out_is_refused_and_reported_back_to_the_model() throws Exception {
        Agent agent = agent("""
                turns:
                  - tool_calls:
                      - name: query_metrics
                        arguments: {metrics: [customer_count], group_by: [plan]}
                  - tool_calls:
                      - name: submit_result
                        arguments:
                          queries:
                            - name: c
                              sql: "SELECT p.name AS plan, count(DISTINCT s.customer_id) AS customers FROM subscriptions s JOIN plans p ON p.plan_id = s.plan_id WHERE s.canceled_at IS NULL GROUP BY p.name ORDER BY p.name"
                          template: "Customers per plan: {c|table}"
                """ + PASS_PASS);
        Answer a = agent.ask("How many customers are on each plan?", null);

        List<String> tools = toolResults();
        assertThat(tools.get(0)).startsWith("query_metrics: The semantic query was refused: refused: dimension plan lives on plans")
                .contains("would repeat rows of customers", "use run_sql and submit_result only for what the semantic model cannot express");
        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.provenance().semanticQuery()).as("answered in SQL").isNull();
        assertThat(a.provenance().metric()).isNull();
        assertThat(a.data().rowCount()).isEqualTo(5);
    }

    @Test
    void without_a_semantic_model_the_semantic_tools_are_not_offered() throws Exception {
        Agent agent = new Agent(new Agent.Context(project, demo.catalog, knowledge, demo.executor, selector, MiniLmEmbedder.get(), null, null,
                recordingOf("""
                        turns:
                          - tool_calls:
                              - name: list_metrics
                                arguments: {}
                          - tool_calls:
                              - name: submit_result
                                arguments:
                                  queries: [{name: p, sql: "SELECT count(*) AS n FROM plans"}]
                                  template: "{p.n|int} plans."
                        """ + PASS_PASS), AgentSettings.DEFAULT, LocalDate.of(2026, 11, 22), events::add, null));
        Answer a = agent.ask("How many plans do we offer?", null);
        assertThat(a.answer()).isEqualTo("5 plans.");
        assertThat(offered.get(0)).extracting(ToolSpec::name).doesNotContain("list_metrics", "get_dimensions", "query_metrics");
        assertThat(toolResults().get(0)).startsWith("list_metrics: Unknown tool 'list_metrics'");
    }
}
