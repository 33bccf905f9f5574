package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.llm.ChatMessage;
import dev.almanac.llm.ScriptedModel;
import dev.almanac.llm.ToolSpec;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.testing.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model is told which SQL to write: on a SQLite and on a PostgreSQL source, the system prompt and the run_sql tool
 * name the source's dialect (never DuckDB) with its quirks, and a query written in that dialect is allowed and answers.
 */
class DialectPromptTest {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    Path dir;

    /** Asks one question of the source with a model that submits {@code sql}; returns what the model was sent, and the answer. */
    record Asked(String system, String runSqlDescription, Answer answer) {}

    Asked ask(Source source, String question, String sql, String template) throws Exception {
        JsonNode root = YAML.readTree("""
                turns:
                  - tool_calls:
                      - name: submit_result
                        arguments:
                          queries: [{name: q, sql: %s}]
                          template: %s
                  - text: PASS
                  - text: PASS
                """.formatted(YAML.writeValueAsString(sql).replaceFirst("^---\\s*", "").strip(),
                YAML.writeValueAsString(template).replaceFirst("^---\\s*", "").strip()));
        List<JsonNode> turns = new ArrayList<>();
        root.path("turns").forEach(turns::add);
        ScriptedModel model = new ScriptedModel("dialect", turns, 0, false);
        try (Guard guard = new Guard(source.dialect())) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            Catalog catalog = new CatalogIntrospector().introspect(source);
            TableSelector selector = new TableSelector(catalog, KnowledgeSet.EMPTY, guard::tablesOf, MiniLmEmbedder.get(), TableSelector.Config.DEFAULT);
            Agent agent = new Agent(new Agent.Context(null, catalog, KnowledgeSet.EMPTY, executor, selector, MiniLmEmbedder.get(), null, null,
                    model, AgentSettings.DEFAULT, LocalDate.of(2026, 11, 24), e -> {}, null));
            Answer answer = agent.ask(question, null);
            ScriptedModel.Request first = model.requests().get(0);
            String system = ((ChatMessage.System) first.messages().get(0)).text();
            String runSql = first.tools().stream().filter(t -> t.name().equals("run_sql")).map(ToolSpec::description).findFirst().orElseThrow();
            return new Asked(system, runSql, answer);
        }
    }

    @Test
    void a_sqlite_source_asks_for_sqlite_and_takes_sqlite_syntax() throws Exception {
        Path file = dir.resolve("shop.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE `order` (id INTEGER PRIMARY KEY, placed DATE, total REAL)");
            s.execute("INSERT INTO `order` VALUES (1, '2026-01-03', 10.5), (2, '2026-01-20', 4.5), (3, '2026-02-02', 7)");
        }
        try (Source source = Sources.openFile(file)) {
            Asked asked = ask(source, "How much did we take in January 2026?",
                    "SELECT sum(total) AS taken FROM `order` WHERE strftime('%Y-%m', placed) = '2026-01'", "We took {q.taken} in January 2026.");
            assertThat(asked.system()).contains("SQLite database", "## SQL dialect: SQLite", "strftime").doesNotContain("DuckDB");
            assertThat(asked.runSqlDescription()).contains("read-only SQLite query").doesNotContain("DuckDB");
            assertThat(asked.answer().kind()).as(asked.answer().answer()).isEqualTo(Answer.Kind.result);
            assertThat(asked.answer().answer()).isEqualTo("We took 15 in January 2026.");
            assertThat(asked.answer().confidence()).isEqualTo("high");
            assertThat(asked.answer().dq().status()).as("the timeliness query runs on SQLite").isEqualTo("OK");
        }
    }

    @Test
    void a_postgresql_source_asks_for_postgresql_and_takes_its_syntax() throws Exception {
        EmbeddedPostgres pg = EmbeddedPostgres.shared();
        String url = pg.createDatabase("dialect_prompt");
        pg.execute("dialect_prompt",
                "CREATE TABLE invoices (invoice_id integer PRIMARY KEY, issued date, amount numeric(10,2), customer text)",
                "INSERT INTO invoices VALUES (1, '2026-03-02', 100.00, 'Ada'), (2, '2026-03-30', 50.25, 'bo'), (3, '2026-04-01', 9.00, 'Ada')");
        try (Source source = Sources.open(url)) {
            Asked asked = ask(source, "What did we invoice in March 2026?",
                    "SELECT sum(amount)::numeric(12,2) AS invoiced FROM invoices WHERE date_trunc('month', issued) = DATE '2026-03-01' AND customer ILIKE '%a%' OR customer ILIKE 'BO'",
                    "We invoiced {q.invoiced} in March 2026.");
            assertThat(asked.system()).contains("PostgreSQL database", "## SQL dialect: PostgreSQL", "date_trunc('month', d)").doesNotContain("DuckDB");
            assertThat(asked.runSqlDescription()).contains("read-only PostgreSQL query");
            assertThat(asked.answer().answer()).as(asked.answer().toString()).isEqualTo("We invoiced 150.25 in March 2026.");
            assertThat(asked.answer().confidence()).isEqualTo("high");
            assertThat(asked.answer().dq().status()).as("the timeliness query runs on PostgreSQL").isEqualTo("OK");
        }
    }
}
