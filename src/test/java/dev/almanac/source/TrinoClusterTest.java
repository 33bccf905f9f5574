package dev.almanac.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.testing.TrinoCluster;
import dev.almanac.testing.TrinoClusterExtension;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tests' two-node Trino cluster through plain JDBC (the trino-jdbc driver on the tests' Java 17): both nodes are
 * active, the loader loads a fixture that the almanac user reads, Trino itself refuses the almanac user's writes, and the
 * worker, not the coordinator, runs a query's tasks.
 */
@ExtendWith(TrinoClusterExtension.class)
class TrinoClusterTest {
    static TrinoCluster trino;

    @BeforeAll
    static void load(TrinoCluster cluster) {
        trino = cluster;
        // January, February and April 2025: March is missing, as in a series with a gap
        trino.load("CREATE TABLE memory.default.sales (sold_on date, region varchar, amount decimal(10, 2))",
                """
                INSERT INTO memory.default.sales VALUES
                  (DATE '2025-01-05', 'north', 120.00), (DATE '2025-01-20', 'south', 80.50),
                  (DATE '2025-02-03', 'north', 99.99), (DATE '2025-02-28', 'east', 10.00),
                  (DATE '2025-04-01', 'south', 45.25), (DATE '2025-04-30', 'north', 300.00)""");
    }

    @AfterAll
    static void dropFixture() {
        // memory.default is shared by every test class of the run
        if (trino != null) trino.load("DROP TABLE IF EXISTS memory.default.sales");
    }

    @Test
    void the_cluster_has_a_coordinator_and_a_worker_both_active() throws SQLException {
        List<String> nodes = rows(trino.loaderUrl(), "SELECT node_id, coordinator, state, node_version FROM system.runtime.nodes ORDER BY node_id");
        assertThat(nodes).containsExactly("coordinator true active 476", "worker false active 476");
    }

    @Test
    void the_almanac_user_reads_what_the_loader_loaded() throws SQLException {
        assertThat(rows(trino.almanacUrl(), """
                SELECT date_trunc('month', sold_on), count(*), sum(amount) FROM sales GROUP BY 1 ORDER BY 1"""))
                .containsExactly("2025-01-01 2 200.50", "2025-02-01 2 109.99", "2025-04-01 2 345.25");
        assertThat(rows(trino.almanacUrl(), "SELECT region, count(*) FROM sales GROUP BY region ORDER BY region"))
                .containsExactly("east 1", "north 3", "south 2");
        assertThat(rows(trino.almanacUrl(), "SELECT count(*) FROM tpch.tiny.nation")).containsExactly("25");
    }

    @Test
    void the_almanac_user_sees_the_fixture_through_the_drivers_metadata() throws SQLException {
        try (Connection c = DriverManager.getConnection(trino.almanacUrl())) {
            DatabaseMetaData meta = c.getMetaData();
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = meta.getTables("memory", "default", "%", new String[] {"TABLE"})) {
                while (rs.next()) tables.add(rs.getString("TABLE_NAME"));
            }
            assertThat(tables).contains("sales");
            List<String> columns = new ArrayList<>();
            try (ResultSet rs = meta.getColumns("memory", "default", "sales", "%")) {
                while (rs.next()) columns.add(rs.getString("COLUMN_NAME") + " " + rs.getString("TYPE_NAME"));
            }
            assertThat(columns).containsExactly("sold_on date", "region varchar", "amount decimal(10,2)");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"INSERT INTO sales VALUES (DATE '2025-03-01', 'west', 1)", "DROP TABLE sales", "CREATE TABLE sneaky (a integer)",
            "CREATE TABLE sneaky AS SELECT * FROM sales", "ALTER TABLE sales ADD COLUMN note varchar", "CREATE SCHEMA memory.sneaky"})
    void trino_refuses_the_almanac_users_raw_writes(String sql) throws SQLException {
        assertThatThrownBy(() -> {
            try (Connection c = DriverManager.getConnection(trino.almanacUrl()); Statement s = c.createStatement()) {
                s.execute(sql);
            }
        }).isInstanceOf(SQLException.class).hasMessageContaining("Access Denied");
        assertThat(rows(trino.loaderUrl(), "SELECT count(*) FROM sales")).containsExactly("6");
        assertThat(rows(trino.loaderUrl(), "SHOW TABLES FROM memory.default LIKE 'sneaky'")).isEmpty();
    }

    @Test
    void the_drivers_read_only_flag_does_not_stop_a_write() throws SQLException {
        // why the almanac user's rules matter: in autocommit mode setReadOnly(true) is not enforced by the driver or Trino
        trino.load("CREATE TABLE memory.default.scratch (a integer)");
        try (Connection c = DriverManager.getConnection(trino.loaderUrl()); Statement s = c.createStatement()) {
            c.setReadOnly(true);
            s.execute("INSERT INTO scratch VALUES (1)");
        } finally {
            assertThat(rows(trino.loaderUrl(), "SELECT count(*) FROM scratch")).containsExactly("1");
            trino.load("DROP TABLE memory.default.scratch");
        }
    }

    @Test
    void users_outside_the_rules_run_nothing_and_almanac_cannot_read_the_runtime_tables() {
        assertThatThrownBy(() -> rows(trino.url("mallory"), "SELECT 1")).isInstanceOf(SQLException.class)
                .hasMessageContaining("Access Denied: Cannot execute query");
        assertThatThrownBy(() -> rows(trino.almanacUrl(), "SELECT count(*) FROM system.runtime.tasks")).isInstanceOf(SQLException.class)
                .hasMessageContaining("Access Denied");
    }

    @Test
    void the_worker_runs_a_querys_tasks_not_the_coordinator() throws SQLException {
        String probe = "tasks-" + UUID.randomUUID();
        String sql = "SELECT '" + probe + "' AS probe, region, sum(amount) FROM sales GROUP BY region";
        assertThat(rows(trino.almanacUrl(), sql)).hasSize(3);
        String tasksPerNode = """
                SELECT t.node_id, count(*), sum(t.raw_input_rows)
                FROM system.runtime.tasks t JOIN system.runtime.queries q ON q.query_id = t.query_id
                WHERE q."user" = 'almanac' AND q.query = ?
                GROUP BY t.node_id""";
        try (Connection c = DriverManager.getConnection(trino.loaderUrl()); PreparedStatement s = c.prepareStatement(tasksPerNode)) {
            s.setString(1, sql);
            List<String> nodes = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    nodes.add(rs.getString(1));
                    assertThat(rs.getLong(2)).isPositive();
                    // the fixture's 6 rows, then the partial sums passed between the worker's own stages
                    assertThat(rs.getLong(3)).isGreaterThanOrEqualTo(6);
                }
            }
            assertThat(nodes).containsExactly("worker");
        }
    }

    /** Each row's values joined by spaces. */
    private static List<String> rows(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<String> rows = new ArrayList<>();
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) row.append(i > 1 ? " " : "").append(rs.getString(i));
                rows.add(row.toString());
            }
            return rows;
        }
    }
}
