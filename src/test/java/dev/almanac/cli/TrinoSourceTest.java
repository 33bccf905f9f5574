package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Dialect;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.sql.QueryRejected;
import dev.almanac.testing.TrinoCluster;
import dev.almanac.testing.TrinoClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Almanac on the tests' two-node Trino cluster, as its users meet it: the catalog of a schema the loader filled, read as
 * Almanac's read-only user; a write refused by the guard and, sent raw, by Trino; a warning for a user that could write;
 * a question answered through the scripted model with the expected rows, run by the worker; the timeliness verdict on a
 * month with no rows.
 */
@ExtendWith(TrinoClusterExtension.class)
class TrinoSourceTest {
    static final String SCHEMA = "shop_" + ProcessHandle.current().pid();
    @TempDir
    static Path home;
    static TrinoCluster trino;
    static String url;
    static Source source;

    @BeforeAll
    static void load(TrinoCluster cluster) {
        System.setProperty("almanac.home", home.toString());
        trino = cluster;
        // January, February and April 2026 (no March): 8 orders in three regions, two of them canceled
        trino.load("CREATE SCHEMA memory." + SCHEMA,
                "CREATE TABLE memory." + SCHEMA + ".orders (order_id bigint, ordered_on date, region varchar, status varchar, amount decimal(10, 2))",
                "INSERT INTO memory." + SCHEMA + ".orders VALUES "
                        + "(1, DATE '2026-01-04', 'north', 'completed', 120.00), (2, DATE '2026-01-19', 'south', 'completed', 80.50), "
                        + "(3, DATE '2026-01-30', 'north', 'canceled', 500.00), (4, DATE '2026-02-02', 'east', 'completed', 99.99), "
                        + "(5, DATE '2026-02-27', 'north', 'completed', 10.00), (6, DATE '2026-04-01', 'south', 'completed', 45.25), "
                        + "(7, DATE '2026-04-15', 'east', 'canceled', 70.00), (8, DATE '2026-04-30', 'north', 'completed', 300.00)");
        url = trino.url(TrinoCluster.ALMANAC, SCHEMA);
        source = Sources.open(url);
    }

    @AfterAll
    static void close() {
        if (source != null) source.close();
        System.clearProperty("almanac.home");
    }

    @Test
    void the_catalog_is_the_urls_schema_with_types_counts_and_ranges() {
        assertThat(source.dialect()).isEqualTo(Dialect.TRINO);
        Catalog catalog = new CatalogIntrospector().introspect(source);
        assertThat(catalog.tables()).as("only the URL's catalog and schema (not tpch's thousands)").extracting(Catalog.Table::name).containsExactly("orders");
        Catalog.Table orders = catalog.table("orders").orElseThrow();
        assertThat(orders.rowCount()).isEqualTo(8);
        assertThat(orders.columns()).extracting(c -> c.name() + " " + c.type())
                .containsExactly("order_id bigint", "ordered_on date", "region varchar", "status varchar", "amount decimal(10,2)");
        Catalog.Column orderedOn = orders.column("ordered_on").orElseThrow();
        assertThat(orderedOn.min()).isEqualTo("2026-01-04");
        assertThat(orderedOn.max()).isEqualTo("2026-04-30");
        assertThat(orders.column("region").orElseThrow().sampleValues()).containsExactly("north", "east", "south");
        assertThat(SchemaCommand.limits(Dialect.TRINO, catalog)).as("what the memory connector does not report is said")
                .hasValueSatisfying(note -> assertThat(note).contains("no primary or foreign keys", "no comments"));
    }

    @Test
    void a_write_is_refused_by_the_guard_and_by_trino_and_nothing_changes() throws Exception {
        String insert = "INSERT INTO orders VALUES (9, DATE '2026-03-01', 'west', 'completed', 1.00)";
        try (Guard guard = new Guard(Dialect.TRINO)) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            assertThatThrownBy(() -> executor.execute(insert)).isInstanceOf(QueryRejected.class);
            assertThatThrownBy(() -> executor.execute("DROP TABLE orders")).isInstanceOf(QueryRejected.class);
        }
        for (String raw : List.of(insert, "DROP TABLE orders", "CREATE TABLE copy AS SELECT * FROM orders", "DELETE FROM orders")) {
            assertThatThrownBy(() -> {
                try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                    c.setReadOnly(true); // does nothing on Trino: the access rules refuse it
                    s.execute(raw);
                }
            }).as(raw).isInstanceOf(SQLException.class).hasMessageContaining("Access Denied");
        }
        assertThat(count("SELECT count(*) FROM orders")).isEqualTo(8);
        assertThat(source.writeAccess()).as("Almanac's user cannot write: no warning").isEmpty();
        try (Source loader = Sources.open(trino.url(TrinoCluster.LOADER, SCHEMA))) {
            assertThat(loader.writeAccess()).as("the loader can: a warning, found without writing")
                    .hasValueSatisfying(w -> assertThat(w).contains("create tables in", "insert into"));
        }
        assertThat(count("SELECT count(*) FROM orders")).isEqualTo(8);
    }

    @Test
    void a_question_is_answered_through_the_scripted_model_and_run_by_the_worker() throws Exception {
        String marker = "almanac_trino_" + System.nanoTime();
        Path script = home.resolve("regions.yml");
        Files.writeString(script, """
                turns:
                  - tool_calls:
                      - name: submit_result
                        arguments:
                          queries: [{name: r, sql: "SELECT region, sum(amount) AS revenue FROM orders WHERE status = 'completed' AND ordered_on >= DATE '2026-01-01' AND ordered_on < DATE '2026-04-01' AND '%s' <> '' GROUP BY region ORDER BY region"}]
                          template: "Revenue by region in Q1 2026: {r|table}"
                  - text: PASS
                  - text: PASS
                """.formatted(marker));
        CliTest.Run r = CliTest.run("ask", "How much did each region bring in from completed orders in Q1 2026?", "--db", url, "--llm",
                "script:" + script, "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode a = Json.MAPPER.readTree(r.out());
        assertThat(a.get("kind").asText()).as(a.get("answer").asText()).isEqualTo("result");
        List<String> rows = new ArrayList<>();
        a.at("/data/rows").forEach(row -> rows.add(row.get(0).asText() + " " + row.get(1).decimalValue().setScale(2, java.math.RoundingMode.UNNECESSARY).toPlainString()));
        // completed in Q1: north 120.00 + 10.00, south 80.50, east 99.99 (the canceled 500.00 is out, April is out)
        assertThat(rows).containsExactly("east 99.99", "north 130.00", "south 80.50");
        // the query's tasks ran on the worker: the coordinator only plans (node-scheduler.include-coordinator=false)
        List<String> nodes = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(trino.loaderUrl()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT DISTINCT n.coordinator FROM system.runtime.queries q JOIN system.runtime.tasks t ON t.query_id = q.query_id"
                     + " JOIN system.runtime.nodes n ON n.node_id = t.node_id WHERE q.query LIKE '%" + marker + "%' AND q.query NOT LIKE '%system.runtime%'")) {
            while (rs.next()) nodes.add(rs.getBoolean(1) ? "coordinator" : "worker");
        }
        assertThat(nodes).containsExactly("worker");
    }

    @Test
    void the_timeliness_verdict_names_the_month_with_no_rows() throws Exception {
        CliTest.Run r = CliTest.run("dq", "--db", url, "--sql",
                "SELECT date_trunc('month', ordered_on) AS month, sum(amount) AS revenue FROM orders WHERE ordered_on >= DATE '2026-01-01' AND ordered_on < DATE '2026-05-01' GROUP BY 1 ORDER BY 1",
                "--question", "What was revenue per month from January to April 2026?", "--format", "json", "--now", "2026-06-01");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode dq = Json.MAPPER.readTree(r.out());
        assertThat(dq.toString()).contains("2026-03");
        assertThat(dq.path("status").asText(dq.at("/timeliness/status").asText())).isNotIn("OK", "NOT_EVALUATED", "UNKNOWN");
    }

    @Test
    void a_duckdb_warehouse_is_copied_into_trino_with_its_types_and_values(@TempDir Path dir) throws Exception {
        // the demo's loader (almanac demo init --target) on a small warehouse of every kind of column the demo has
        Path file = dir.resolve("small.duckdb");
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = duck.createStatement()) {
            s.execute("CREATE TABLE accounts (id INTEGER, name VARCHAR, opened DATE, seen TIMESTAMP, balance DECIMAL(12, 2), rate DOUBLE, active BOOLEAN, big BIGINT)");
            s.execute("INSERT INTO accounts VALUES (1, 'O''Brien & Sons', DATE '2024-02-29', TIMESTAMP '2026-09-30 21:05:04', 1234.56, 0.125, true, 9007199254740993),"
                    + " (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (3, 'plain', DATE '2021-01-01', TIMESTAMP '2021-01-01 00:00:00', -0.01, 2.5e10, false, -1)");
            s.execute("CREATE TABLE many AS SELECT range AS n, range % 7 AS bucket FROM range(5000)");
        }
        String schema = "demo_" + ProcessHandle.current().pid();
        trino.load("CREATE SCHEMA memory." + schema);
        java.util.Map<String, Long> copied;
        try (Source warehouse = Sources.openFile(file)) {
            copied = dev.almanac.demo.TrinoLoader.load(warehouse, trino.url(TrinoCluster.LOADER, schema), null);
        }
        assertThat(copied).containsExactly(java.util.Map.entry("accounts", 3L), java.util.Map.entry("many", 5000L));
        String read = trino.url(TrinoCluster.ALMANAC, schema);
        List<String> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(read); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, name, opened, seen, balance, rate, active, big FROM accounts ORDER BY id")) {
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= 8; i++) row.add(String.valueOf(rs.getObject(i)));
                rows.add(String.join("|", row));
            }
        }
        assertThat(rows).containsExactly("1|O'Brien & Sons|2024-02-29|2026-09-30 21:05:04.0|1234.56|0.125|true|9007199254740993",
                "2|null|null|null|null|null|null|null", "3|plain|2021-01-01|2021-01-01 00:00:00.0|-0.01|2.5E10|false|-1");
        try (Connection c = DriverManager.getConnection(read); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*), sum(n), count(DISTINCT bucket) FROM many")) {
            rs.next();
            assertThat(rs.getLong(1) + " " + rs.getLong(2) + " " + rs.getLong(3)).isEqualTo("5000 12497500 7");
        }
    }

    @Test
    void a_semantic_measure_in_cents_keeps_its_cents_on_trino(@TempDir Path dir) throws Exception {
        // Trino reads 100.0 as a decimal of one place and a quotient keeps that scale: 9999 / 100.0 would be 100.0
        Path knowledge = dir.resolve("knowledge");
        Files.createDirectories(knowledge.resolve("semantic"));
        Files.writeString(knowledge.resolve("semantic/shop.yml"), """
                name: shop
                datasets:
                  - name: orders
                    table: orders
                    primary_key: [order_id]
                    default_time_dimension: ordered_on
                    dimensions:
                      - name: ordered_on
                        type: time
                        grain: day
                      - name: region
                        expr: region
                metrics:
                  - name: revenue
                    dataset: orders
                    agg: sum
                    expr: CAST(amount * 100 AS bigint) / 100.0
                    filter: status = 'completed'
                  - name: average_order
                    dataset: orders
                    agg: avg
                    expr: CAST(amount * 100 AS bigint) / 100.0
                """);
        var read = dev.almanac.knowledge.KnowledgeFiles.read(knowledge);
        var model = dev.almanac.semantic.SemanticModel.load(read.knowledge().semantic()).model();
        try (Guard guard = new Guard(Dialect.TRINO)) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            var layer = new dev.almanac.semantic.SemanticLayer(model, read.knowledge(),
                    dev.almanac.semantic.ValueIndex.build(model, executor, dev.almanac.semantic.ValueIndex.DEFAULT_LIMIT), executor);
            var q = dev.almanac.semantic.SemanticQuery.of("revenue", "average_order").by("region")
                    .between(java.time.LocalDate.parse("2026-01-01"), java.time.LocalDate.parse("2026-04-01"));
            List<String> rows = new ArrayList<>();
            for (List<Object> row : layer.run(q).result().rows()) {
                rows.add(row.get(0) + " " + new java.math.BigDecimal(row.get(1).toString()).setScale(2, java.math.RoundingMode.HALF_UP)
                        + " " + new java.math.BigDecimal(row.get(2).toString()).setScale(3, java.math.RoundingMode.HALF_UP));
            }
            // completed in Q1: east 99.99; north 120.00 + 10.00; south 80.50. Averages over all orders of Q1 (the canceled too):
            // east 99.99; north (120.00 + 500.00 + 10.00) / 3 = 210.000; south 80.50
            assertThat(rows).containsExactlyInAnyOrder("east 99.99 99.990", "north 130.00 210.000", "south 80.50 80.500");
        }
    }

    static long count(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
