package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.server.ServerContext;
import dev.almanac.testing.ScratchProject;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP server through the official MCP Java SDK's client, over Streamable HTTP (`almanac serve`, with the API's tokens and
 * roles) and over stdio (`almanac mcp` as a process): every tool listed with a schema, called with good and bad arguments,
 * numbers checked against DuckDB, writes refused, and nothing but protocol messages on standard output.
 */
class McpServerTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> TOOLS = List.of("ask", "list_metrics", "get_dimensions", "get_dimension_values", "query_metrics", "explain_change", "compile_metrics_sql",
            "list_tables", "describe_table", "run_sql", "search_knowledge", "save_learning");

    @TempDir
    static Path home;
    static ApiFixture api;

    @BeforeAll
    static void start() {
        api = new ApiFixture(home, "mcp-project", new ServerContext.Settings(0, 64 * 1024, 1000));
    }

    @AfterAll
    static void stop() {
        api.close();
    }

    static McpSyncClient http(String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder();
        if (token != null) request.header("Authorization", "Bearer " + token);
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(api.url(""))
                .endpoint("/mcp").requestBuilder(request).jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper())).build();
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
        client.initialize();
        return client;
    }

    static Path independent;

    /**
     * A number computed by plain JDBC on a copy of the demo warehouse, not through Almanac's executor (DuckDB refuses a
     * second configuration of a file this process has open).
     */
    static long scalar(String sql) {
        return ((Number) rows(sql).get(0).get(0)).longValue();
    }

    static List<List<Object>> rows(String sql) {
        java.util.Properties readOnly = new java.util.Properties();
        readOnly.setProperty("duckdb.read_only", "true");
        try {
            synchronized (McpServerTest.class) {
                if (independent == null) {
                    independent = Files.copy(dev.almanac.testing.DemoWarehouse.file(), home.resolve("independent-copy.duckdb"));
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:" + independent, readOnly);
             java.sql.Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery(sql)) {
            List<List<Object>> out = new ArrayList<>();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) row.add(rs.getObject(i));
                out.add(row);
            }
            return out;
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The audit log's entries of a user, newest first, as the admin reads them over the API. */
    static List<JsonNode> audit(String user) {
        try {
            List<JsonNode> out = new ArrayList<>();
            JSON.readTree(api.call("GET", "/api/audit?user=" + user + "&limit=1000", api.admin, null).body()).forEach(out::add);
            return out;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static JsonNode structured(McpSchema.CallToolResult r) {
        return JSON.valueToTree(r.structuredContent());
    }

    static String text(McpSchema.CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    @Test
    void every_tool_is_listed_with_a_schema_and_a_description() {
        try (McpSyncClient client = http(api.viewer)) {
            List<McpSchema.Tool> tools = client.listTools().tools();
            assertThat(tools).extracting(McpSchema.Tool::name).containsExactlyInAnyOrderElementsOf(TOOLS);
            for (McpSchema.Tool t : tools) {
                assertThat(t.description()).as(t.name()).hasSizeGreaterThan(40);
                assertThat(t.inputSchema().get("type")).as(t.name()).isEqualTo("object");
            }
            assertThat(tools.stream().filter(t -> t.name().equals("ask")).findFirst().orElseThrow().inputSchema().get("required")).isEqualTo(List.of("question"));
        }
    }

    @Test
    void the_read_tools_answer_from_the_data_and_say_why_they_cannot() throws Exception {
        try (McpSyncClient client = http(api.viewer)) {
            String marked = "SELECT count(*) AS n FROM customers WHERE country_code = 'DE' AND 'audit-" + java.util.UUID.randomUUID() + "' <> ''";
            McpSchema.CallToolResult sql = call(client, "run_sql", Map.of("sql", marked));
            assertThat(sql.isError()).as(text(sql)).isFalse();
            assertThat(structured(sql).at("/rows/0/0").asLong()).isEqualTo(scalar("SELECT count(*) FROM customers WHERE country_code = 'DE'"));
            assertThat(audit("vera")).as("this run_sql is in the audit log under its user").filteredOn(row -> row.path("sql").asText().equals(marked))
                    .singleElement().satisfies(row -> assertThat(row.path("user").asText()).isEqualTo("vera"));

            McpSchema.CallToolResult write = call(client, "run_sql", Map.of("sql", "DELETE FROM customers"));
            assertThat(write.isError()).isTrue();
            assertThat(text(write)).startsWith("rejected: DELETE writes data");
            assertThat(scalar("SELECT count(*) FROM customers")).isPositive();

            Map<String, Object> byStatus = Map.of("metrics", List.of("invoices"), "group_by", List.of("invoice_status"),
                    "start", "2025-01-01", "end", "2026-01-01", "order_by", List.of("invoice_status"));
            McpSchema.CallToolResult compiledFirst = call(client, "compile_metrics_sql", byStatus);
            long auditedBefore = audit("vera").stream().filter(row -> row.path("sql").asText().equals(text(compiledFirst))).count();
            McpSchema.CallToolResult q = call(client, "query_metrics", byStatus);
            assertThat(q.isError()).as(text(q)).isFalse();
            assertThat(audit("vera").stream().filter(row -> row.path("sql").asText().equals(structured(q).path("sql").asText())).count())
                    .as("this query_metrics is in the audit log").isEqualTo(auditedBefore + 1);
            Map<String, Long> counted = new HashMap<>();
            structured(q).path("rows").forEach(row -> counted.put(row.get(0).asText(), row.get(1).asLong()));
            Map<String, Long> expected = new HashMap<>();
            for (List<Object> row : rows(
                    "SELECT status, count(*) FROM invoices WHERE invoice_date >= DATE '2025-01-01' AND invoice_date < DATE '2026-01-01' GROUP BY status")) {
                expected.put(String.valueOf(row.get(0)), ((Number) row.get(1)).longValue());
            }
            assertThat(counted).isEqualTo(expected);
            McpSchema.CallToolResult compiled = call(client, "compile_metrics_sql", byStatus);
            assertThat(text(compiled)).isEqualTo(structured(q).path("sql").asText()).containsIgnoringCase("group by");

            // records of a dataset with related rows: the countries with a large customer (not deleted), one row each
            McpSchema.CallToolResult countries = call(client, "query_metrics", Map.of("metrics", List.of(), "records", "countries",
                    "group_by", List.of("country"), "exists", List.of(Map.of("dataset", "customers", "filters",
                            List.of(Map.of("field", "company_size", "op", "=", "values", List.of("1000+")))))));
            assertThat(countries.isError()).as(text(countries)).isFalse();
            assertThat(structured(countries).path("sql").asText()).contains("EXISTS (");
            List<String> listed = new java.util.ArrayList<>();
            structured(countries).path("rows").forEach(row -> listed.add(row.get(0).asText()));
            List<String> large = rows("SELECT name FROM countries c WHERE EXISTS (SELECT 1 FROM customers x WHERE x.country_code = c.country_code"
                    + " AND NOT x.is_deleted AND x.size_band = '1000+') ORDER BY name, country_code").stream().map(r -> String.valueOf(r.get(0))).toList();
            assertThat(listed).isNotEmpty().isEqualTo(large);

            McpSchema.CallToolResult unknown = call(client, "query_metrics", Map.of("metrics", List.of("happiness")));
            assertThat(unknown.isError()).isTrue();
            assertThat(text(unknown)).contains("happiness").doesNotContain("Exception").doesNotContain("\n");
            McpSchema.CallToolResult missing = call(client, "get_dimension_values", Map.of());
            assertThat(missing.isError()).isTrue();
            assertThat(text(missing)).contains("dimension").doesNotContain("Exception");
            McpSchema.CallToolResult wrongType = call(client, "get_dimension_values", Map.of("dimension", "invoice_status", "limit", "many"));
            assertThat(wrongType.isError()).isTrue();

            McpSchema.CallToolResult values = call(client, "get_dimension_values", Map.of("dimension", "invoice_status"));
            assertThat(structured(values).path("values")).extracting(JsonNode::asText).contains("paid", "open");
            assertThat(structured(call(client, "get_dimensions", Map.of("metrics", List.of("invoices")))).at("/dimensions/invoices").toString())
                    .contains("invoice_status");
            assertThat(structured(call(client, "list_metrics", Map.of("search", "invoices"))).path("metrics").toString()).contains("\"invoices\"");
            assertThat(structured(call(client, "list_tables", Map.of("search", "invoices"))).path("tables").toString()).contains("invoices");
            McpSchema.CallToolResult table = call(client, "describe_table", Map.of("name", "invoices"));
            assertThat(structured(table).path("rows").asLong()).isEqualTo(scalar("SELECT count(*) FROM invoices"));
            assertThat(text(call(client, "describe_table", Map.of("name", "invoicez")))).contains("not found").contains("invoices");
            // the metric whose label says "paying", found with its SQL as its file has it (not an echo of the word searched for)
            JsonNode metricFile = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                    .readTree(api.project.resolve("knowledge/metrics/active_customers.yml").toFile());
            McpSchema.CallToolResult found = call(client, "search_knowledge", Map.of("query", "paying"));
            assertThat(structured(found).path("items")).anySatisfy(item -> {
                assertThat(item.path("kind").asText()).isEqualTo("metric");
                assertThat(item.path("name").asText()).isEqualTo(metricFile.path("name").asText());
            });
            assertThat(text(found)).contains(metricFile.path("sql").asText().lines().findFirst().orElseThrow());
            McpSchema.CallToolResult nothing = call(client, "search_knowledge", Map.of("query", "zyzzogeton"));
            assertThat(structured(nothing).path("items")).isEmpty();

            // a long result is cut at 12,000 characters in its text, whole in its structure
            McpSchema.CallToolResult wide = call(client, "run_sql", Map.of("sql", "SELECT repeat('w', 400) AS w FROM customers LIMIT 300"));
            assertThat(wide.isError()).as(text(wide)).isFalse();
            assertThat(text(wide).length()).isBetween(12_000, 12_100);
            assertThat(text(wide)).containsPattern("\\(cut: \\d+ characters in all\\)$");
            assertThat(structured(wide).path("rows")).hasSize(300).allSatisfy(row -> assertThat(row.get(0).asText()).isEqualTo("w".repeat(400)));
        }
    }

    @Test
    void ask_runs_the_whole_answer_flow_and_returns_the_answer_json() throws Exception {
        try (McpSyncClient client = http(api.viewer)) {
            McpSchema.CallToolResult r = call(client, "ask", Map.of("question", "How many invoices were issued in 2025?"));
            assertThat(r.isError()).as(text(r)).isFalse();
            JsonNode answer = structured(r);
            assertThat(answer.path("kind").asText()).isEqualTo("result");
            assertThat(answer.path("confidence").asText()).isEqualTo("high");
            long invoices = scalar("SELECT count(*) FROM invoices WHERE invoice_date >= DATE '2025-01-01' AND invoice_date < DATE '2026-01-01'");
            assertThat(answer.at("/data/rows/0/0").asLong()).isEqualTo(invoices);
            assertThat(answer.at("/provenance/sql/0").asText()).isNotBlank();
            assertThat(text(r)).contains(String.format(java.util.Locale.ROOT, "%,d", invoices)).contains("Confidence: high");
            String thread = answer.path("thread_id").asText();
            assertThat(audit("vera")).as("this answer's query is audited for the MCP user, in its thread")
                    .anySatisfy(row -> {
                        assertThat(row.path("thread_id").asText()).isEqualTo(thread);
                        assertThat(row.path("sql").asText()).isEqualTo(answer.at("/provenance/sql/0").asText());
                    });
            assertThat(api.call("GET", "/api/threads?origin=mcp", api.viewer, null).body()).as("the thread is an MCP client's").contains(thread);
            assertThat(api.call("GET", "/api/threads", api.viewer, null).body()).as("not in the web app's list unless asked for").doesNotContain(thread);
            McpSchema.CallToolResult blank = call(client, "ask", Map.of("question", " "));
            assertThat(blank.isError()).isTrue();
            McpSchema.CallToolResult tooLong = call(client, "ask", Map.of("question", "How many invoices? ".repeat(300)));
            assertThat(tooLong.isError()).isTrue();
            assertThat(text(tooLong)).startsWith("the question is too long (").contains("at most 4000");
        }
    }

    @Test
    void a_follow_up_with_the_thread_id_continues_the_thread() throws Exception {
        try (McpSyncClient client = http(api.viewer)) {
            JsonNode first = structured(call(client, "ask", Map.of("question", "How many invoices were issued in 2025?")));
            String thread = first.path("thread_id").asText();
            assertThat(thread).isNotBlank();
            McpSchema.CallToolResult next = call(client, "ask", Map.of("question", "How many invoices were issued in 2024?", "thread_id", thread));
            assertThat(next.isError()).as(text(next)).isFalse();
            assertThat(structured(next).path("thread_id").asText()).isEqualTo(thread);
            assertThat(structured(next).at("/data/rows/0/0").asLong())
                    .isEqualTo(scalar("SELECT count(*) FROM invoices WHERE invoice_date >= DATE '2024-01-01' AND invoice_date < DATE '2025-01-01'"));
            JsonNode turns = JSON.readTree(api.call("GET", "/api/threads/" + thread, api.viewer, null).body()).path("turns");
            assertThat(turns).extracting(t -> t.path("question").asText())
                    .containsExactly("How many invoices were issued in 2025?", "How many invoices were issued in 2024?");
        }
    }

    @Test
    void a_user_of_another_project_is_refused_with_403() throws Exception {
        String outsider = new dev.almanac.store.UserStore(api.ws.appStore()).add("outsider", "viewer", "another-project");
        HttpResponse<String> raw = api.call("POST", "/mcp", outsider, McpRaw.INITIALIZE);
        assertThat(raw.statusCode()).isEqualTo(403);
        assertThat(JSON.readTree(raw.body()).path("code").asText()).isEqualTo("forbidden");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> http(outsider).close()).as("the SDK's client cannot open a session");
    }

    @Test
    void learnings_need_an_editor_and_a_token_is_needed_at_all() throws Exception {
        Map<String, Object> learning = Map.of("description", "Invoices before 2023 live in the legacy system", "tables", List.of("invoices"));
        try (McpSyncClient viewer = http(api.viewer)) {
            McpSchema.CallToolResult refused = call(viewer, "save_learning", learning);
            assertThat(refused.isError()).isTrue();
            assertThat(text(refused)).contains("editor");
        }
        assertThat(api.call("GET", "/api/learnings", api.editor, null).body()).doesNotContain("legacy system");
        try (McpSyncClient editor = http(api.editor)) {
            McpSchema.CallToolResult saved = call(editor, "save_learning", learning);
            assertThat(saved.isError()).as(text(saved)).isFalse();
        }
        assertThat(api.call("GET", "/api/learnings", api.editor, null).body()).contains("Invoices before 2023 live in the legacy system");

        HttpResponse<String> anonymous = api.call("POST", "/mcp", null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(anonymous.body()).path("code").asText()).isEqualTo("unauthorized");
        assertThat(api.call("POST", "/mcp", "alm_wrong", "{}").statusCode()).isEqualTo(401);
    }

    /** The command line of `almanac mcp` on a project, as a process. */
    static List<String> mcpCommand(Path project) {
        // C1 only, as the test JVM itself runs: a session of a few calls is over before the optimising compiler would pay
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"),
                "-Dalmanac.home=" + home, Main.class.getName(), "mcp", "--project", project.toString(), "--llm", "none"));
    }

    @Test
    void over_stdio_the_sdk_client_lists_and_calls_the_tools() {
        Path project = ScratchProject.create(home.resolve("stdio-project"), "MCP stdio");
        List<String> command = mcpCommand(project);
        ServerParameters params = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build();
        StdioClientTransport transport = new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
        List<String> stderr = java.util.Collections.synchronizedList(new ArrayList<>());
        transport.setStdErrorHandler(stderr::add);
        try (McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(90)).build()) {
            client.initialize();
            assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).containsExactlyInAnyOrderElementsOf(TOOLS);
            McpSchema.CallToolResult count = call(client, "run_sql", Map.of("sql", "SELECT count(*) AS n FROM plans"));
            assertThat(structured(count).at("/rows/0/0").asLong()).isEqualTo(scalar("SELECT count(*) FROM plans"));
            McpSchema.CallToolResult ask = call(client, "ask", Map.of("question", "How many invoices were issued in 2025?"));
            assertThat(structured(ask).at("/data/rows/0/0").asLong())
                    .isEqualTo(scalar("SELECT count(*) FROM invoices WHERE invoice_date >= DATE '2025-01-01' AND invoice_date < DATE '2026-01-01'"));
            // why MRR changed: the change the warehouse holds, split by plan into contributions that add up to it
            McpSchema.CallToolResult why = call(client, "explain_change", Map.of("metric", "mrr", "from", "2026-07", "to", "2026-08", "by", List.of("plan")));
            assertThat(why.isError()).isFalse();
            JsonNode change = structured(why);
            double july = scalar("SELECT sum(mrr_cents) FROM mrr_snapshots WHERE snapshot_month = DATE '2026-07-01'") / 100.0;
            double august = scalar("SELECT sum(mrr_cents) FROM mrr_snapshots WHERE snapshot_month = DATE '2026-08-01'") / 100.0;
            assertThat(change.path("change").asDouble()).isCloseTo(august - july, org.assertj.core.data.Offset.offset(0.001));
            double parts = 0;
            for (JsonNode v : change.at("/dimensions/0/values")) parts += v.path("shown").asDouble();
            assertThat(parts).isCloseTo(change.path("shown_change").asDouble(), org.assertj.core.data.Offset.offset(0.0001));
            assertThat(change.path("queries").size()).isGreaterThan(1);
            assertThat(call(client, "explain_change", Map.of("metric", "mrr", "to", "August")).isError()).as("a period it cannot read").isTrue();
            McpSchema.CallToolResult drop = call(client, "run_sql", Map.of("sql", "DROP TABLE plans"));
            assertThat(drop.isError()).isTrue();
            assertThat(call(client, "save_learning", Map.of("description", "Plans are priced in cents")).isError()).as("the local user may keep learnings").isFalse();
        }
        assertThat(String.join("\n", stderr)).doesNotContain("Exception");
    }

    @Test
    void over_stdio_standard_output_carries_protocol_messages_only() throws Exception {
        Path project = ScratchProject.create(home.resolve("stdio-raw"), "MCP raw");
        Process p = new ProcessBuilder(mcpCommand(project)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (OutputStream in = p.getOutputStream()) {
            for (String line : List.of(
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}",
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\",\"arguments\":{\"question\":\"What was MRR in September 2026?\"}}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"run_sql\",\"arguments\":{\"sql\":\"SELECT 1 AS one; SELECT 2\"}}}")) {
                in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
            }
            List<JsonNode> replies = new ArrayList<>();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            while (replies.size() < 3) {
                String line = out.readLine();
                assertThat(line).as("a reply for each request").isNotNull();
                JsonNode message = JSON.readTree(line);
                assertThat(message.path("jsonrpc").asText()).as("every line on standard output is a JSON-RPC message: " + line).isEqualTo("2.0");
                replies.add(message);
            }
            JsonNode several = replies.stream().filter(r -> r.path("id").asInt() == 3).findFirst().orElseThrow();
            assertThat(several.at("/result/isError").asBoolean()).isTrue();
            assertThat(several.at("/result/content/0/text").asText()).contains("several statements");
        }
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("the server ends when its input does").isTrue();
        assertThat(Files.exists(project.resolve("knowledge"))).isTrue();
    }
}
