package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.testing.DemoWarehouse;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line as a user meets it: exit codes, one-line errors, formats, help and version. */
public class CliTest {
    @TempDir
    static Path home;
    static String project;

    /** What a CLI run gave: exit code, standard output and standard error. */
    public record Run(int code, String out, String err) {}

    @BeforeAll
    static void setUp() {
        System.setProperty("almanac.home", home.toString());
        project = DemoWarehouse.projectDir().toString();
    }

    @AfterAll
    static void tearDown() {
        System.clearProperty("almanac.home");
    }

    /** Runs the CLI in this JVM as `almanac ARGS` would, output captured (other packages' tests use it too). */
    public static Run run(String... args) {
        CommandLine cli = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    /** The rows of `almanac query ARGS --format csv` in a project, header left out; the command must succeed. */
    static List<String> queryRows(Path project, String... args) {
        List<String> all = new ArrayList<>(List.of("query"));
        all.addAll(List.of(args));
        all.addAll(List.of("--format", "csv", "--project", project.toString()));
        Run r = run(all.toArray(String[]::new));
        assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isZero();
        return r.out().lines().skip(1).toList();
    }

    /** The rows of a query run as it is by `almanac sql` in a project, header left out; it must succeed. */
    static List<String> sqlRows(Path project, String sql) {
        Run r = run("sql", sql, "--format", "csv", "--project", project.toString());
        assertThat(r.code()).as(sql + ": " + r.err()).isZero();
        return r.out().lines().skip(1).toList();
    }

    @Test
    void what_an_interrupted_knowledge_edit_left_behind_is_removed_when_the_project_opens_unless_an_edit_holds_the_lock() throws Exception {
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("leftovers-project"), "Leftovers");
        Path staging = Files.createDirectories(proj.resolve("data/knowledge-edit-4711/metrics"));
        Files.writeString(staging.resolve("half.yml"), "name: half");
        Path tmp = Files.createDirectories(proj.resolve("knowledge/metrics")).resolve(".edit-99.tmp");
        Files.writeString(tmp, "name: torn");

        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(proj.resolve("data/knowledge-edit.lock"),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
             java.nio.channels.FileLock editing = channel.lock()) {
            Run meanwhile = run("knowledge", "validate", "--project", proj.toString());
            assertThat(meanwhile.code()).as(meanwhile.err()).isZero();
            assertThat(staging).as("an edit in progress keeps its staging folder").exists();
        }
        Run opened = run("knowledge", "validate", "--project", proj.toString());
        assertThat(opened.code()).as(opened.err()).isZero();
        assertThat(proj.resolve("data/knowledge-edit-4711")).doesNotExist();
        assertThat(tmp).doesNotExist();
        assertThat(proj.resolve("knowledge")).isDirectory();
    }

    @Test
    void random_unicode_questions_sql_and_knowledge_names_end_in_an_answer_or_one_line_exit_2() throws Exception {
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("fuzz-project"), "Fuzz");
        java.util.Random random = new java.util.Random(Long.getLong("almanac.seed", 1415));
        for (int round = 0; round < 8; round++) {
            String question = dev.almanac.testing.RandomText.of(random, 14);
            String sql = dev.almanac.testing.RandomText.of(random, 30);
            String name = dev.almanac.testing.RandomText.of(random, 10);
            for (Run r : List.of(run("ask", question, "--llm", "none", "--project", proj.toString()),
                    run("sql", sql, "--project", proj.toString()))) {
                assertThat(r.code()).as("%s / %s: %s", dev.almanac.testing.RandomText.codes(question), dev.almanac.testing.RandomText.codes(sql), r.out() + r.err())
                        .isIn(0, 2);
                assertThat(r.err()).doesNotContain("\tat ").doesNotContain("Exception");
                if (r.code() == 2) assertThat(r.err().strip()).doesNotContain("\n");
            }
            Path file = proj.resolve("knowledge/metrics/fuzzed.yml");
            Files.writeString(file, "name: " + escaped(name) + "\nlabel: Fuzzed\ndefinition: A fuzzed name.\nsql: SELECT 1 AS n\n");
            Run validate = run("knowledge", "validate", "--project", proj.toString());
            assertThat(validate.code()).as("name %s: %s", dev.almanac.testing.RandomText.codes(name), validate.err()).isIn(0, 2);
            assertThat(validate.err()).doesNotContain("\tat ").doesNotContain("Exception");
            Files.delete(file);
        }
    }

    /** A YAML double-quoted string with every character outside printable ASCII escaped (lone surrogates included). */
    static String escaped(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') out.append(c);
            else out.append(String.format("\\u%04x", (int) c));
        }
        return out.append('"').toString();
    }

    @Test
    void users_are_added_scoped_to_the_project_listed_and_removed() {
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("users-project"), "Users CLI");
        Run add = run("users", "add", "ana", "--role", "editor", "--project", proj.toString());
        assertThat(add.code()).as(add.err()).isZero();
        String token = add.out().lines().filter(l -> l.startsWith("alm_")).findFirst().orElseThrow();
        try (Workspace ws = Workspace.open(options(proj), System.err)) {
            var user = new dev.almanac.store.UserStore(ws.appStore()).byToken(token).orElseThrow();
            assertThat(user.role()).isEqualTo("editor");
            assertThat(user.project()).isEqualTo("Users CLI");
        }
        assertThat(run("users", "list", "--project", proj.toString()).out()).contains("ana  editor  Users CLI");
        assertThat(run("users", "add", "ana", "--project", proj.toString()).code()).as("a name is taken once").isEqualTo(2);
        assertThat(run("users", "remove", "ana", "--project", proj.toString()).code()).isZero();
        assertThat(run("users", "list", "--project", proj.toString()).out()).doesNotContain("ana");
        Run again = run("users", "remove", "ana", "--project", proj.toString());
        assertThat(again.code()).isEqualTo(2);
        assertThat(again.err()).contains("no user 'ana'");
    }

    @Test
    void a_project_can_keep_its_app_store_in_postgresql() throws Exception {
        dev.almanac.testing.EmbeddedPostgres pg = dev.almanac.testing.EmbeddedPostgres.shared();
        String url = pg.createDatabase("team_store");
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("pg-project"), "Team");
        Files.writeString(proj.resolve("almanac.yml"), Files.readString(proj.resolve("almanac.yml")) + "app_store: " + url + "\n");
        Run ask = run("ask", "What was MRR in September 2026?", "--llm", "none", "--format", "json", "--project", proj.toString());
        assertThat(ask.code()).as(ask.err()).isZero();
        String thread = Json.MAPPER.readTree(ask.out()).get("thread_id").asText();
        try (var c = java.sql.DriverManager.getConnection(url); var st = c.prepareStatement("SELECT question FROM turns WHERE thread_id = ?")) {
            st.setString(1, thread);
            var rs = st.executeQuery();
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("What was MRR in September 2026?");
        }
        try (var c = java.sql.DriverManager.getConnection(url); var rs = c.createStatement().executeQuery("SELECT count(*) FROM knowledge_items")) {
            rs.next();
            assertThat(rs.getInt(1)).as("the knowledge was imported into PostgreSQL").isGreaterThan(100);
        }
        assertThat(proj.resolve("data/almanac.db")).as("no SQLite store was made").doesNotExist();

        Files.writeString(proj.resolve("almanac.yml"), "name: Team\nsource: x.duckdb\napp_store: jdbc:postgresql://db/almanac?password=${ALMANAC_TEST_SURELY_UNSET}\n");
        Run unset = run("schema", "--project", proj.toString());
        assertThat(unset.code()).isEqualTo(2);
        assertThat(unset.err()).contains("ALMANAC_TEST_SURELY_UNSET is not set");
    }

    @Test
    void the_companys_own_name_in_a_question_means_we() throws Exception {
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("company-project"), "Company");
        String yml = Files.readString(proj.resolve("almanac.yml")).replaceAll("(?m)^company:.*\n", "");
        Files.writeString(proj.resolve("almanac.yml"), yml);
        String question = "How many people are employed at Brightline in the London office?";
        Run before = run("ask", question, "--llm", "none", "--format", "json", "--project", proj.toString());
        assertThat(Json.MAPPER.readTree(before.out()).get("data").isNull()).as("an unknown name is never let pass: " + before.out()).isTrue();

        Files.writeString(proj.resolve("almanac.yml"), yml + "company: [Brightline, Brightline Inc]\n");
        JsonNode named = Json.MAPPER.readTree(run("ask", question, "--llm", "none", "--format", "json", "--project", proj.toString()).out());
        JsonNode plain = Json.MAPPER.readTree(run("ask", "How many people are employed in the London office?", "--llm", "none", "--format", "json",
                "--project", proj.toString()).out());
        assertThat(named.get("data").get("rows")).as(named.toString()).isNotEmpty();
        assertThat(named.get("data").get("rows")).isEqualTo(plain.get("data").get("rows"));

        Files.writeString(proj.resolve("almanac.yml"), yml + "company: {name: Brightline}\n");
        Run bad = run("ask", question, "--llm", "none", "--project", proj.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("company must be a name or a list of names");
    }

    @Test
    void a_knowledge_folder_that_is_gone_is_refused_not_answered_from_the_store() throws Exception {
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("gone-knowledge"), "Gone knowledge");
        Run first = run("ask", "What was MRR in September 2026?", "--llm", "none", "--project", proj.toString());
        assertThat(first.code()).as(first.err()).isZero(); // the knowledge is now in the project's store
        Files.move(proj.resolve("knowledge"), proj.resolve("knowledge-moved"));
        Run again = run("ask", "What was MRR in September 2026?", "--llm", "none", "--project", proj.toString());
        assertThat(again.code()).isEqualTo(2);
        assertThat(again.err().strip()).doesNotContain("\n").contains("knowledge folder").contains("does not exist");
        assertThat(again.out()).isEmpty();
    }

    @Test
    void the_query_timeout_is_set_by_timeout_or_in_almanac_yml() throws Exception {
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("timeout-project"), "Timeout");
        Path script = home.resolve("slow.yml");
        Files.writeString(script, """
                turns:
                  - tool_calls:
                      - name: run_sql
                        arguments: {sql: "SELECT count(*) AS n FROM range(200000) a, range(200000) b WHERE a.range + b.range = 7"}
                  - text: done
                """);
        long start = System.nanoTime();
        Run cut = run("ask", "How many pairs of numbers add up to seven?", "--llm", "script:" + script, "--timeout", "1", "--format", "json",
                "--project", proj.toString());
        assertThat((System.nanoTime() - start) / 1_000_000_000L).as(cut.err()).isLessThan(20);
        assertThat(cut.out()).as("nothing was answered from a cancelled query").contains("\"data\" : null");

        String yml = Files.readString(proj.resolve("almanac.yml"));
        Files.writeString(proj.resolve("almanac.yml"), yml + "query_timeout: 1\n");
        start = System.nanoTime();
        Run configured = run("ask", "How many pairs of numbers add up to seven?", "--llm", "script:" + script, "--format", "json", "--project", proj.toString());
        assertThat((System.nanoTime() - start) / 1_000_000_000L).as("the default limit is 30 s; " + configured.err()).isLessThan(20);

        Files.writeString(proj.resolve("almanac.yml"), yml + "query_timeout: lots\n");
        Run bad = run("ask", "How many pairs of numbers add up to seven?", "--llm", "none", "--project", proj.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).doesNotContain("\n").contains("query_timeout");
        Run zero = run("ask", "How many pairs?", "--llm", "none", "--timeout", "0", "--project", proj.toString());
        assertThat(zero.code()).isEqualTo(2);
    }

    @Test
    void fiscal_year_start_month_in_almanac_yml_sets_what_fy2026_means() throws Exception {
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("fiscal-project"), "Fiscal");
        String yml = Files.readString(proj.resolve("almanac.yml"));
        Run calendar = run("ask", "What was shop revenue in FY2026?", "--llm", "none", "--now", "2026-11-22", "--project", proj.toString());
        assertThat(calendar.out()).as(calendar.err()).contains("for 2026 was");
        Files.writeString(proj.resolve("almanac.yml"), yml + "fiscal_year_start_month: 4\n");
        Run fiscal = run("ask", "What was shop revenue in FY2026?", "--llm", "none", "--now", "2026-11-22", "--project", proj.toString());
        assertThat(fiscal.out()).as(fiscal.err()).contains("for 2025-04-01 to 2026-03-31 was");
        Files.writeString(proj.resolve("almanac.yml"), yml + "fiscal_year_start_month: April\n");
        Run bad = run("ask", "What was shop revenue in FY2026?", "--llm", "none", "--project", proj.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).doesNotContain("\n").contains("fiscal_year_start_month");
    }

    @Test
    void serve_refuses_a_port_out_of_range_in_one_line() throws Exception {
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("serve-project"), "Serve");
        for (String port : List.of("99999", "-1")) {
            Run r = run("serve", "--port", port, "--project", proj.toString());
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n").isEqualTo("almanac: --port must be between 0 and 65535, not " + port);
        }
    }

    @Test
    void a_question_of_invisible_characters_is_one_line_and_exit_2() throws Exception {
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("invisible-project"), "Invisible");
        for (String invisible : List.of("\u200b\ufeff", "\u0000", "\u0085 \u2028", String.valueOf((char) 0xd800))) {
            Run r = run("ask", invisible, "--llm", "none", "--project", proj.toString());
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n").startsWith("almanac: the question is empty");
        }
        Path db = proj.resolve("data/almanac.db");
        if (Files.exists(db)) {
            try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db); var rs = c.createStatement().executeQuery("SELECT count(*) FROM threads")) {
                rs.next();
                assertThat(rs.getInt(1)).as("no thread was created").isZero();
            }
        }
    }

    private static GlobalOptions options(Path proj) {
        GlobalOptions o = new GlobalOptions();
        o.project = proj;
        return o;
    }

    @Test
    void every_command_has_help_and_version() {
        List<String[]> paths = new ArrayList<>();
        collect(Main.commandLine(), new ArrayList<>(), paths);
        assertThat(paths).hasSizeGreaterThanOrEqualTo(6);
        for (String[] path : paths) {
            List<String> help = new ArrayList<>(List.of(path));
            help.add("--help");
            Run h = run(help.toArray(String[]::new));
            assertThat(h.code()).as("help of %s", String.join(" ", path)).isZero();
            assertThat(h.out()).contains("Usage:");
            List<String> version = new ArrayList<>(List.of(path));
            version.add("--version");
            Run v = run(version.toArray(String[]::new));
            assertThat(v.code()).isZero();
            assertThat(v.out()).startsWith("almanac ");
        }
    }

    private static void collect(CommandLine cli, List<String> prefix, List<String[]> out) {
        out.add(prefix.toArray(String[]::new));
        cli.getSubcommands().forEach((name, sub) -> {
            if (name.equals("help")) return;
            List<String> next = new ArrayList<>(prefix);
            next.add(name);
            collect(sub, next, out);
        });
    }

    @Test
    void sql_prints_table_json_and_csv() throws Exception {
        String q = "SELECT plan_id, name FROM plans WHERE plan_id <= 2 ORDER BY plan_id";
        Run table = run("sql", q, "--project", project);
        assertThat(table.code()).isZero();
        assertThat(table.out()).contains("plan_id | name", "      1 | Free", "(2 rows)");

        Run json = run("sql", q, "--project", project, "--format", "json");
        JsonNode node = Json.MAPPER.readTree(json.out());
        assertThat(node.get("columns").toString()).isEqualTo("[\"plan_id\",\"name\"]");
        assertThat(node.get("rows").toString()).isEqualTo("[[1,\"Free\"],[2,\"Starter\"]]");
        assertThat(node.get("truncated").asBoolean()).isFalse();
        assertThat(node.get("tables").toString()).isEqualTo("[\"plans\"]");

        Run csv = run("sql", q, "--project", project, "--format", "csv");
        assertThat(csv.out().lines()).containsExactly("plan_id,name", "1,Free", "2,Starter");
    }

    @Test
    void row_cap_is_reported() {
        Run r = run("sql", "SELECT * FROM customers", "--project", project, "--max-rows", "3");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("(3 rows; truncated");
    }

    @Test
    void rejected_and_empty_sql_exit_2_with_one_line() {
        Run drop = run("sql", "DROP TABLE customers", "--project", project);
        assertThat(drop.code()).isEqualTo(2);
        assertThat(drop.err().lines()).hasSize(1);
        assertThat(drop.err()).startsWith("almanac: rejected: DROP is DDL").contains("only one read-only query");

        for (String empty : new String[] {"", "   ", " \n\t "}) {
            Run r = run("sql", empty, "--project", project);
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err()).contains("empty statement").doesNotContain("Exception");
        }
    }

    @Test
    void failing_query_exits_2_without_a_stack_trace() {
        Run r = run("sql", "SELECT nope FROM customers", "--project", project);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).contains("nope").doesNotContain("at dev.");
    }

    @Test
    void schema_shows_one_table_or_all_and_suggests_close_matches() throws Exception {
        Run one = run("schema", "payments", "--project", project);
        assertThat(one.code()).isZero();
        assertThat(one.out()).startsWith("TABLE payments").contains("payment_id INTEGER PK");

        Run all = run("--project", project, "schema");
        assertThat(all.code()).isZero();
        assertThat(all.out().lines().filter(l -> l.startsWith("TABLE ")).count()).isGreaterThanOrEqualTo(50);

        JsonNode json = Json.MAPPER.readTree(run("schema", "orders", "--project", project, "--format", "json").out());
        assertThat(json.get("name").asText()).isEqualTo("orders");
        assertThat(json.get("primary_key").toString()).isEqualTo("[\"order_id\"]");

        Run unknown = run("schema", "paymnts", "--project", project);
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown table 'paymnts'", "did you mean: payments");
    }

    @Test
    void missing_db_is_an_error_and_no_file_is_created() {
        Path missing = home.resolve("nowhere.duckdb");
        for (String[] args : new String[][] {{"schema", "--db", missing.toString()}, {"--db", missing.toString(), "sql", "SELECT 1"}}) {
            Run r = run(args);
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err()).contains("database file not found");
        }
        assertThat(missing).doesNotExist();
    }

    @Test
    void a_database_given_with_db_works_without_any_project() {
        Run r = run("sql", "SELECT count(*) AS n FROM plans", "--db", DemoWarehouse.file().toString(), "--format", "csv");
        assertThat(r.code()).isZero();
        assertThat(r.out().lines()).containsExactly("n", "5");
    }

    @Test
    void invalid_scale_exits_2() {
        for (String scale : new String[] {"0", "-1", "abc", "1e9", "NaN", ""}) {
            Run r = run("demo", "init", "--scale", scale, "--project", home.resolve("never").toString());
            assertThat(r.code()).as("--scale %s", scale).isEqualTo(2);
            assertThat(r.err()).contains("invalid --scale");
        }
        assertThat(home.resolve("never").resolve("data")).doesNotExist();
    }

    @Test
    void demo_init_is_idempotent() throws Exception {
        Path warehouse = DemoWarehouse.file();
        // a copy to compare with (Files.mismatch), not a digest: SHA-256 of the 90 MB file took seconds on the tests' C1-only JVM
        Path before = Files.copy(warehouse, home.resolve("warehouse-before-demo-init.duckdb"));
        java.nio.file.attribute.FileTime modified = Files.getLastModifiedTime(warehouse);
        java.util.Map<String, Long> counts = DemoWarehouseQueries.rowCounts();
        Run r = run("demo", "init", "--project", project);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("is up to date");
        assertThat(Files.mismatch(warehouse, before)).as("the warehouse file is the same, byte for byte").isEqualTo(-1L);
        Files.delete(before);
        assertThat(Files.getLastModifiedTime(warehouse)).isEqualTo(modified);
        assertThat(DemoWarehouseQueries.rowCounts()).as("every table keeps its rows").isEqualTo(counts).hasSizeGreaterThan(50);
    }

    @Test
    void unknown_command_or_option_exits_2() {
        assertThat(run("frobnicate").code()).isEqualTo(2);
        assertThat(run("sql", "SELECT 1", "--bogus").code()).isEqualTo(2);
        assertThat(run().code()).isEqualTo(2);
    }

    @Test
    void ask_answers_a_metric_question_from_the_verified_path() throws Exception {
        Run r = run("ask", "What was MRR in September 2026?", "--project", project, "--llm", "none");
        assertThat(r.code()).isZero();
        Object mrr = DemoWarehouseQueries.value("SELECT round(sum(mrr_cents) / 100.0, 2) FROM mrr_snapshots WHERE snapshot_month = DATE '2026-09-01'");
        String formatted = new java.text.DecimalFormat("#,##0.00", java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ENGLISH)).format(mrr);
        assertThat(r.out()).contains("[verified]", "September 2026 was $" + formatted + ".", "canonical metric `mrr`", "Confidence: high", "mrr_snapshots", "SELECT");

        JsonNode json = Json.MAPPER.readTree(run("ask", "What was MRR in September 2026?", "--project", project, "--format", "json", "--llm", "none").out());
        assertThat(json.get("verified").asBoolean()).isTrue();
        assertThat(json.get("kind").asText()).isEqualTo("result");
        assertThat(json.get("confidence").asText()).isEqualTo("high");
        assertThat(json.at("/provenance/metric").asText()).isEqualTo("mrr");
        assertThat(json.at("/provenance/tables").toString()).isEqualTo("[\"mrr_snapshots\"]");
        assertThat(json.at("/data/rows/0/0").decimalValue()).isEqualByComparingTo(new java.math.BigDecimal(mrr.toString()));
        for (String field : new String[] {"answer", "iterations", "data", "chart", "provenance", "dq", "suggestions", "thread_id", "turn_id", "usage", "latency_ms"}) {
            assertThat(json.has(field)).as(field).isTrue();
        }
    }

    @Test
    void ask_without_a_close_match_names_the_closest_and_exits_1() {
        Run r = run("ask", "Which supplier has the friendliest account manager?", "--project", project, "--llm", "none");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("No answer: no language model is configured", "ask about:");
    }

    @Test
    void ask_with_a_scripted_model_prints_the_answer_json_and_keeps_the_thread() throws Exception {
        Path script = home.resolve("script.yml");
        java.nio.file.Files.writeString(script, """
                turns:
                  - tool_calls:
                      - name: submit_result
                        arguments:
                          queries: [{name: w, sql: "SELECT count(*) AS n FROM warehouses"}]
                          template: "We ship from {w.n|int} warehouses."
                  - text: PASS
                """);
        Run r = run("ask", "How many warehouses ship our orders?", "--project", project, "--llm", "script:" + script, "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode json = Json.MAPPER.readTree(r.out());
        assertThat(json.get("answer").asText()).isEqualTo("We ship from 4 warehouses.");
        assertThat(json.get("confidence").asText()).isEqualTo("high");
        assertThat(json.at("/usage/llm_calls").asInt()).isEqualTo(2); // the submit, then one review that critiques and grades
        assertThat(json.get("thread_id").asText()).isNotBlank();
        assertThat(json.get("turn_id").asText()).isNotBlank();
        assertThat(run("ask", "x", "--project", project, "--llm", "bogus:thing").err()).contains("unknown model provider");
    }

    @Test
    void config_masks_keys_and_learnings_list_works() {
        assertThat(run("config", "set", "openai_api_key", "sk-live-abcdefgh12345678").code()).isZero();
        Run shown = run("config");
        assertThat(shown.out()).contains("openai_api_key: ****5678").doesNotContain("abcdefgh");
        assertThat(run("config", "set", "no_such_key", "1").code()).isEqualTo(2);
        Path own = dev.almanac.testing.ScratchProject.create(home.resolve("learnings-project"), "Learnings CLI"); // the demo project stays as it is
        GlobalOptions options = new GlobalOptions();
        options.project = own;
        try (Workspace ws = Workspace.open(options, System.err)) {
            new dev.almanac.store.LearningStore(ws.appStore()).save(ws.project().orElseThrow(), new dev.almanac.store.LearningRow("L-cli-list",
                    "Refund amounts are already in dollars, unlike payments", "units", java.util.List.of("refunds"), null, null, 0.5, 0, true));
        }
        Run listed = run("learnings", "list", "--project", own.toString());
        assertThat(listed.code()).isZero();
        assertThat(listed.out()).as("the learning, its confidence and its tables").contains("L-cli-list", "0.50",
                "Refund amounts are already in dollars, unlike payments", "refunds");
        assertThat(run("learnings", "deactivate", "L-nope", "--project", project).code()).isEqualTo(2);
        java.nio.file.Path config = home.resolve("config.yml");
        assertThat(config).exists();
        try {
            java.nio.file.Files.delete(config);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void eval_runs_reports_and_promotes() throws Exception {
        Path proj = dev.almanac.testing.ScratchProject.create(home.resolve("eval-project"), "Eval CLI");
        Run r = run("eval", "--tag", "catalog", "--llm", "none", "--project", proj.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("Accuracy:", "By difficulty:", "Failing:");
        // the figure agrees with the questions: those tagged catalog in the golden files, less those listed as failing
        int tagged = goldenTagged(proj, "catalog");
        long failing = r.out().lines().dropWhile(l -> !l.startsWith("Failing:")).skip(1).takeWhile(l -> l.matches("  g\\d+ .*")).count();
        assertThat(tagged).isGreaterThan(1);
        assertThat(failing).isBetween(1L, (long) tagged);
        long passed = tagged - failing;
        assertThat(r.out()).contains(String.format(java.util.Locale.ROOT, "Accuracy: %.1f%% (%d/%d)", 100.0 * passed / tagged, passed, tagged));
        Run html = run("eval", "--difficulty", "easy", "--tag", "people", "--llm", "none", "--project", proj.toString(), "--format", "html");
        java.util.regex.Matcher report = java.util.regex.Pattern.compile("Report: (\\S+)").matcher(html.out());
        assertThat(report.find()).as(html.out()).isTrue();
        String page = java.nio.file.Files.readString(Path.of(report.group(1)));
        assertThat(page).as("the report names the run's questions").contains("<html", "Accuracy");
        for (String id : goldenIds(proj, "people", "easy")) assertThat(page).contains(id);
        assertThat(run("eval", "--difficulty", "extreme", "--project", proj.toString()).code()).isEqualTo(2);

        Run promote = run("eval", "promote", "g004", "--project", proj.toString());
        assertThat(promote.code()).as(promote.err()).isZero();
        assertThat(proj.resolve("knowledge/queries/golden_g004.yml")).exists();
        Run now = run("ask", "How many products are in the shop catalog?", "--project", proj.toString(), "--llm", "none");
        assertThat(now.code()).isZero();
        assertThat(now.out()).contains("verified query `golden_g004`", "240");
        assertThat(run("eval", "promote", "g999", "--project", proj.toString()).code()).isEqualTo(2);
        assertThat(run("eval", "predictions", "--gold", "nope.json", "--pred", "nope.sql", "--db-dir", ".").code()).isEqualTo(2);
    }

    @Test
    void dq_command_and_the_dq_panel() throws Exception {
        Run dq = run("dq", "--sql", "SELECT sum(spend_usd) FROM marketing_spend WHERE year(spend_date) = 2024", "--question", "Spend in 2024?",
                "--project", project);
        assertThat(dq.code()).isZero();
        assertThat(dq.out()).contains("Timeliness: PARTIAL", "Missing:   2024-07");
        assertThat(run("dq", "--sql", "DROP TABLE plans", "--question", "x in 2024", "--project", project).code()).isEqualTo(2);

        JsonNode hidden = Json.MAPPER.readTree(run("ask", "What was total marketing spend in 2024?", "--project", project, "--llm", "none", "--format", "json").out());
        assertThat(hidden.get("dq").isNull()).as("the verdict is shown only with the panel on").isTrue();
        JsonNode shown = Json.MAPPER.readTree(run("ask", "What was total marketing spend in 2024?", "--project", project, "--llm", "none", "--format", "json", "--dq-panel").out());
        assertThat(shown.at("/dq/status").asText()).isEqualTo("PARTIAL");
        assertThat(shown.at("/dq/missing_buckets/0").asText()).isEqualTo("2024-07");
        Run text = run("ask", "What was total marketing spend in 2024?", "--project", project, "--llm", "none", "--dq-panel");
        assertThat(text.out()).contains("Data quality — timeliness: PARTIAL", "missing:   2024-07");
        assertThat(run("ask", "What was total marketing spend in 2024?", "--project", project, "--llm", "none").out()).doesNotContain("timeliness");
    }

    @Test
    void empty_or_huge_questions_are_rejected() {
        assertThat(run("ask", "  ", "--project", project).code()).isEqualTo(2);
        Run huge = run("ask", "revenue ".repeat(1300), "--project", project);
        assertThat(huge.code()).isEqualTo(2);
        assertThat(huge.err()).contains("too long");
        assertThat(run("tables", "", "--project", project).code()).isEqualTo(2);
        assertThat(run("ask", "MRR?", "--now", "yesterday", "--project", project).code()).isEqualTo(2);
    }

    @Test
    void tables_ranks_with_reasons() throws Exception {
        JsonNode json = Json.MAPPER.readTree(run("tables", "Why were refunds issued last quarter?", "--project", project, "--format", "json", "--top", "3").out());
        assertThat(json.get("tables")).hasSize(3);
        assertThat(json.at("/tables/0/table").asText()).isEqualTo("refunds");
        assertThat(json.at("/tables/0/reasons/0").asText()).contains("refund");
        Run text = run("tables", "Quel était le MRR ? ✓ ünïcödé", "--project", project);
        assertThat(text.code()).isZero();
        assertThat(text.out()).contains("mrr_snapshots");
    }

    @Test
    void knowledge_validate_reports_file_and_line_and_exits_2() throws Exception {
        Path kn = home.resolve("bad-knowledge");
        java.nio.file.Files.createDirectories(kn.resolve("tables"));
        java.nio.file.Files.writeString(kn.resolve("tables/plans.yml"), "table: plans\ndescription: x\ncolumn_notes:\n  nope: y\n");
        Run r = run("knowledge", "validate", "--dir", kn.toString(), "--project", project);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("tables/plans.yml:4: unknown column 'nope' in table plans");
        Run ok = run("knowledge", "validate", "--project", project);
        assertThat(ok.code()).isZero();
        assertThat(ok.out()).startsWith("valid: 58 table notes");
    }

    /** How many golden questions of the project carry a tag, read from its files (not from the eval). */
    static int goldenTagged(Path project, String tag) throws java.io.IOException {
        return goldenIds(project, tag, null).size();
    }

    static java.util.List<String> goldenIds(Path project, String tag, String difficulty) throws java.io.IOException {
        com.fasterxml.jackson.databind.ObjectMapper yaml = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());
        java.util.List<String> ids = new java.util.ArrayList<>();
        try (var files = java.nio.file.Files.list(project.resolve("knowledge/golden"))) {
            for (Path f : files.filter(x -> x.toString().endsWith(".yml")).sorted().toList()) {
                for (JsonNode g : yaml.readTree(f.toFile()).path("golden")) {
                    boolean tagged = false;
                    for (JsonNode t : g.path("tags")) tagged |= t.asText().equals(tag);
                    if (tagged && (difficulty == null || difficulty.equals(g.path("difficulty").asText()))) ids.add(g.path("id").asText());
                }
            }
        }
        return ids;
    }
}
