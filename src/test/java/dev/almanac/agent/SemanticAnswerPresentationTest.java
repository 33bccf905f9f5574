package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.llm.LanguageModel;
import dev.almanac.llm.ScriptedModel;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.ValueFormat;
import dev.almanac.sql.QueryResult;
import dev.almanac.store.AppStore;
import dev.almanac.store.LearningStore;
import dev.almanac.store.Project;
import dev.almanac.store.ThreadStore;
import dev.almanac.testing.DemoContext;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How an answer computed from a semantic query is presented, on the demo warehouse: values formatted for people in the text
 * (the raw rows kept in {@code data}, with labels and formats beside them), a chart chosen by the result's shape, and an
 * explanation in words. Without a model (the question parsed) and through the model's query_metrics.
 */
class SemanticAnswerPresentationTest {
    static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    static DemoContext demo;
    static KnowledgeSet knowledge;
    static SemanticLayer layer;
    static TableSelector selector;

    @TempDir
    Path dir;
    Project project;
    AppStore store;

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
        project = new Project("Presentation test", dir, "data/demo.duckdb", dir.resolve("knowledge"), false);
        store = AppStore.sqlite(dir.resolve("almanac.db"));
    }

    /** Without a model the question is parsed; with one, every question goes to its tool loop. */
    Agent agent(LanguageModel model) {
        AgentSettings settings = model == null ? AgentSettings.DEFAULT : AgentSettings.DEFAULT.withParseQuestions(false);
        return new Agent(new Agent.Context(project, demo.catalog, knowledge, demo.executor, selector, MiniLmEmbedder.get(), new LearningStore(store),
                new ThreadStore(store), model, settings, LocalDate.of(2026, 11, 22), e -> { }, null, null, layer));
    }

    static ScriptedModel script(String yaml) throws Exception {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(yaml);
        List<JsonNode> turns = new ArrayList<>();
        root.path("turns").forEach(turns::add);
        return new ScriptedModel("presentation", turns, 0, false);
    }

    static String dollars(Object value) {
        return "$" + new DecimalFormat("#,##0.00", DecimalFormatSymbols.getInstance(Locale.ENGLISH)).format(new BigDecimal(value.toString()));
    }

    static QueryResult result(Answer a) {
        return new QueryResult("", a.data().columns(), List.of(), a.data().rows(), false, java.util.Set.of(), 0);
    }

    @Test
    void a_single_value_is_a_sentence_with_the_formatted_amount_and_no_chart() {
        Answer a = agent(null).ask("What was monthly recurring revenue in September 2026?", null);

        Object september = demo.executor.execute("SELECT sum(mrr_cents) / 100.0 FROM mrr_snapshots WHERE snapshot_month = DATE '2026-09-01'").rows().get(0).get(0);
        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.answer()).isEqualTo("Monthly recurring revenue in September 2026 was " + dollars(september) + ".");
        assertThat(a.chart()).as("a single value is not charted").isNull();
        assertThat(new BigDecimal(a.data().rows().get(0).get(0).toString())).as("the data stays raw").isEqualByComparingTo(new BigDecimal(september.toString()));
        assertThat(a.data().labels()).containsExactly("Monthly recurring revenue");
        assertThat(GroundingCheck.ungrounded(a.answer(), List.of(result(a)))).as("the formatted amount is found in the result").isEmpty();
        assertThat(a.provenance().explanation()).startsWith("Monthly recurring revenue: Sum of month-end MRR").contains("in September 2026")
                .doesNotContain("SELECT", "2026-09-01");
    }

    @Test
    void a_monthly_question_is_a_line_chart_with_the_months_and_amounts_written_out() {
        Answer a = agent(null).ask("What was monthly recurring revenue per month from January to June 2026?", null);

        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(a.provenance().semanticQuery().grain()).isNotNull();
        JsonNode chart = JSON.valueToTree(a.chart());
        assertThat(chart.at("/mark/type").asText()).isEqualTo("line");
        assertThat(chart.at("/encoding/y/title").asText()).isEqualTo("Monthly recurring revenue");
        assertThat(chart.at("/data/values")).hasSize(a.data().rowCount());
        assertThat(a.answer()).startsWith("Monthly recurring revenue per month from January to June 2026:")
                .contains("| Month | Monthly recurring revenue |", "| January 2026 | " + dollars(a.data().rows().get(0).get(1)) + " |", "June 2026")
                .doesNotContain("2026-01-01");
        assertThat(a.data().rows().get(0).get(0)).as("the data stays raw").isEqualTo(LocalDate.of(2026, 1, 1));
        assertThat(a.data().formats()).extracting(ValueFormat::kind).containsExactly(ValueFormat.Kind.month, ValueFormat.Kind.currency);
        assertThat(a.provenance().explanation()).contains("per month", "from January to June 2026");
        assertThat(GroundingCheck.ungrounded(a.answer(), List.of(result(a)))).isEmpty();

        JsonNode json = JSON.valueToTree(a);
        assertThat(json.at("/data/labels/0").asText()).isEqualTo("Month");
        assertThat(json.at("/data/formats/1/kind").asText()).isEqualTo("currency");
        assertThat(json.at("/data/formats/1/unit").asText()).isEqualTo("USD");
        assertThat(json.at("/data/rows/0/0").asText()).isEqualTo("2026-01-01");
    }

    @Test
    void a_list_of_values_is_a_table_of_the_values_matching_hand_written_sql() {
        Answer a = agent(null).ask("Which countries are in the Europe region?", null);

        List<String> bySql = demo.executor.execute("SELECT c.name FROM countries c JOIN regions r ON r.region_id = c.region_id WHERE r.name = 'Europe'"
                + " ORDER BY 1").rows().stream().map(r -> r.get(0).toString()).toList();
        assertThat(bySql).isNotEmpty();
        assertThat(a.kind()).as(a.answer()).isEqualTo(Answer.Kind.result);
        assertThat(a.data().rows().stream().map(r -> r.get(0).toString()).toList()).isEqualTo(bySql);
        assertThat(a.answer()).startsWith("Countries, where Region is Europe:").contains("| " + bySql.get(0) + " |");
        assertThat(a.chart()).as("a list is not charted").isNull();
        assertThat(a.provenance().explanation()).startsWith("Every country in the data").contains("Europe");
    }

    @Test
    void the_periods_with_no_data_are_listed_and_a_period_past_the_data_is_cut_where_it_ends() {
        Answer gaps = agent(null).ask("Which days of February 2022 had no customers signing up?", null);
        List<String> bySql = demo.executor.execute("SELECT d FROM (SELECT CAST(unnest(generate_series(DATE '2022-02-01', DATE '2022-02-28', INTERVAL 1 DAY))"
                + " AS DATE) AS d) WHERE d NOT IN (SELECT signup_date FROM customers WHERE NOT is_deleted) ORDER BY 1")
                .rows().stream().map(r -> r.get(0).toString()).toList();
        assertThat(bySql).as("the demo has days without signups").isNotEmpty();
        assertThat(gaps.data()).as(gaps.answer()).isNotNull();
        assertThat(gaps.data().rows().stream().map(r -> r.get(0).toString()).toList()).isEqualTo(bySql);
        assertThat(gaps.answer()).startsWith("Days with no customers in February 2022:");

        Answer none = agent(null).ask("Which months of 2026 had no recurring revenue?", null);
        assertThat(none.data() == null || none.data().rowCount() == 0).as(none.answer()).isTrue();
        assertThat(none.answer()).startsWith("Every month from January to September 2026 has data for monthly recurring revenue")
                .contains("the data ends in September 2026");
    }

    @Test
    void a_breakdown_is_bars_and_a_table_of_labels_and_formatted_values() {
        Answer a = agent(null).ask("Monthly recurring revenue per region for September 2026?", null);

        assertThat(JSON.valueToTree(a.chart()).at("/mark/type").asText()).isEqualTo("bar");
        assertThat(a.answer()).contains("| Region | Monthly recurring revenue |");
        Map<String, BigDecimal> bySql = SemanticAgentTest.byFirstColumn(demo.executor.execute(SemanticAgentTest.MRR_BY_REGION_SQL), 1);
        assertThat(bySql).hasSize(4);
        bySql.forEach((region, mrr) -> assertThat(a.answer()).contains("| " + region + " | " + dollars(mrr) + " |"));
        assertThat(a.provenance().explanation()).contains("by region", "in September 2026");
    }

    @Test
    void query_metrics_answers_get_the_chart_and_formatted_dates_too() throws Exception {
        Answer a = agent(script("""
                turns:
                  - tool_calls:
                      - name: query_metrics
                        arguments: {metrics: [customer_count], grain: day, start: "2026-03-01", end: "2026-03-15"}
                  - text: PASS
                  - text: PASS
                """)).ask("How many customers signed up each day in the first half of March 2026?", null);

        assertThat(a.kind()).isEqualTo(Answer.Kind.result);
        assertThat(JSON.valueToTree(a.chart()).at("/mark/type").asText()).isEqualTo("line");
        assertThat(a.answer()).startsWith("Customers per day from 1 to 14 March 2026:").contains("| Day | Customers |", "| 2 March 2026 | ");
        assertThat(GroundingCheck.ungrounded(a.answer(), List.of(result(a)))).as("days of dates are not measurements").isEmpty();
        assertThat(a.provenance().explanation()).contains("per day", "from 1 to 14 March 2026", "Applied by default");
    }

    @Test
    void an_answer_written_in_sql_keeps_its_raw_rows_and_gains_labels_and_formats() throws Exception {
        Answer a = agent(script("""
                turns:
                  - tool_calls:
                      - name: submit_result
                        arguments:
                          queries: [{name: p, sql: "SELECT count(*) AS n FROM plans"}]
                          template: "{p.n|int} plans."
                  - text: PASS
                  - text: PASS
                """)).ask("How many plans do we offer?", null);

        JsonNode data = JSON.valueToTree(a).get("data");
        assertThat(a.chart()).isNull();
        assertThat(data.get("columns").get(0).asText()).isEqualTo("n");
        assertThat(data.get("rows").get(0).get(0).isIntegralNumber()).as("the rows stay raw, machine-readable").isTrue();
        assertThat(data.get("labels").get(0).asText()).isEqualTo("N");
        assertThat(data.get("formats").get(0).get("kind").asText()).as("a count is shown without decimals").isEqualTo("integer");
    }
}
