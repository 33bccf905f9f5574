package dev.almanac.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.source.Dialect;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.testing.EmbeddedPostgres;
import dev.almanac.testing.FixtureDb;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog and settings relations each engine defines, read from the engine itself (not from the guard's lists): every
 * one is refused, in every form, unless it only describes the source's own tables; the ones allowed run on the real
 * engine and show no path of the server.
 */
class CatalogGuardTest {
    /** What this test holds safe: the relations that describe tables, columns, views, constraints and types. */
    static final Set<String> SAFE = Set.of(
            "information_schema.tables", "information_schema.columns", "information_schema.views", "information_schema.schemata",
            "information_schema.table_constraints", "information_schema.key_column_usage", "information_schema.referential_constraints",
            "information_schema.constraint_column_usage", "information_schema.constraint_table_usage", "information_schema.check_constraints",
            "main.duckdb_tables", "main.duckdb_columns", "main.duckdb_views", "main.duckdb_constraints", "main.duckdb_indexes",
            "main.duckdb_schemas", "main.duckdb_types", "main.sqlite_master", "main.sqlite_schema",
            "pg_catalog.pg_tables", "pg_catalog.pg_views", "pg_catalog.pg_class", "pg_catalog.pg_namespace", "pg_catalog.pg_attribute",
            "pg_catalog.pg_attrdef", "pg_catalog.pg_type", "pg_catalog.pg_index", "pg_catalog.pg_indexes", "pg_catalog.pg_constraint",
            "pg_catalog.pg_description");

    @Test
    void every_catalog_view_of_duckdb_is_refused_unless_it_only_describes_the_source(@TempDir Path dir) throws Exception {
        List<String[]> views = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT schema_name, view_name FROM duckdb_views() WHERE internal ORDER BY ALL")) {
            while (rs.next()) views.add(new String[] {rs.getString(1), rs.getString(2)});
        }
        assertThat(views).extracting(v -> v[1]).contains("pg_settings", "duckdb_databases", "pragma_database_list", "duckdb_logs");
        Path file = FixtureDb.create(dir);
        List<String> escaped = new ArrayList<>();
        List<String> ran = new ArrayList<>();
        try (Source source = Sources.openFile(file); Guard guard = new Guard()) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            for (String[] v : views) {
                String schema = v[0];
                String name = v[1];
                boolean safe = SAFE.contains(schema + "." + name);
                List<String> forms = new ArrayList<>(List.of(schema + "." + name, "\"" + schema + "\".\"" + name.toUpperCase() + "\"",
                        "system." + schema + "." + name, "(SELECT * FROM " + schema + "." + name + ") AS sub"));
                if (!schema.equals("information_schema")) forms.addAll(List.of(name, "\"" + name + "\"", "main." + name));
                for (String form : forms) {
                    String sql = "SELECT * FROM " + form;
                    Verdict verdict = guard.check(sql);
                    if (!safe || form.startsWith("system.")) {
                        if (!(verdict instanceof Verdict.Rejected)) escaped.add(sql);
                    } else if (!form.startsWith("main.")) {
                        assertThat(verdict).as("verdict for %s", sql).isInstanceOf(Verdict.Allowed.class);
                        QueryResult result = executor.execute(sql);
                        ran.add(sql);
                        assertThat(result.rows().toString()).as("what %s shows", sql).doesNotContain(dir.toString());
                    }
                }
            }
        }
        assertThat(escaped).as("catalog views the guard allowed").isEmpty();
        assertThat(ran).contains("SELECT * FROM information_schema.tables", "SELECT * FROM duckdb_tables", "SELECT * FROM pg_catalog.pg_class");
    }

    @Test
    void the_sql_command_refuses_the_views_that_showed_server_paths_with_exit_2(@TempDir Path dir) throws Exception {
        Path db = FixtureDb.create(dir);
        System.setProperty("almanac.home", dir.resolve("home").toString());
        try {
            for (String sql : List.of("SELECT path FROM duckdb_databases", "SELECT * FROM pg_settings", "SELECT file FROM pragma_database_list",
                    "SELECT * FROM duckdb_logs", "SELECT setting FROM pg_catalog.pg_settings WHERE name = 'temp_directory'")) {
                dev.almanac.cli.CliTest.Run run = dev.almanac.cli.CliTest.run("sql", sql, "--db", db.toString());
                assertThat(run.code()).as("%s: %s", sql, run.err()).isEqualTo(2);
                assertThat(run.err().strip()).doesNotContain("\n").contains("is not allowed").doesNotContain(dir.toString());
                assertThat(run.out()).doesNotContain(dir.toString());
            }
            dev.almanac.cli.CliTest.Run tables = dev.almanac.cli.CliTest.run("sql", "SELECT table_name FROM information_schema.tables ORDER BY 1",
                    "--db", db.toString(), "--format", "csv");
            assertThat(tables.code()).as(tables.err()).isZero();
            assertThat(tables.out()).contains("customers").contains("orders");
        } finally {
            System.clearProperty("almanac.home");
        }
    }

    @Test
    void every_catalog_relation_of_postgresql_is_refused_unless_it_only_describes_the_source() {
        EmbeddedPostgres pg = EmbeddedPostgres.shared();
        String url = pg.createDatabase("catalogs");
        pg.execute("catalogs", "CREATE TABLE orders (id integer PRIMARY KEY, amount numeric)", "INSERT INTO orders VALUES (1, 9.5)");
        List<String> relations = new ArrayList<>();
        try (Source source = Sources.open(url); Guard guard = new Guard(Dialect.POSTGRES);
             Connection c = source.openConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT table_schema || '.' || table_name FROM information_schema.tables "
                     + "WHERE table_schema IN ('pg_catalog', 'information_schema') ORDER BY 1")) {
            while (rs.next()) relations.add(rs.getString(1));
            assertThat(relations).contains("pg_catalog.pg_settings", "pg_catalog.pg_stat_activity", "pg_catalog.pg_file_settings",
                    "pg_catalog.pg_hba_file_rules", "pg_catalog.pg_roles");
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            List<String> escaped = new ArrayList<>();
            for (String relation : relations) {
                String name = relation.substring(relation.indexOf('.') + 1);
                List<String> forms = new ArrayList<>(List.of(relation, "(SELECT * FROM " + relation + ") AS sub"));
                if (relation.startsWith("pg_catalog.")) forms.addAll(List.of(name, "\"" + name + "\"", name.toUpperCase()));
                for (String form : forms) {
                    String sql = "SELECT * FROM " + form;
                    Verdict verdict = guard.check(sql);
                    if (SAFE.contains(relation)) {
                        assertThat(verdict).as("verdict for %s", sql).isInstanceOf(Verdict.Allowed.class);
                        assertThat(executor.execute(sql).columns()).isNotEmpty();
                    } else if (!(verdict instanceof Verdict.Rejected)) {
                        escaped.add(sql);
                    }
                }
            }
            assertThat(escaped).as("catalog relations the guard allowed").isEmpty();
            assertThatThrownBy(() -> executor.execute("SELECT setting FROM pg_settings WHERE name = 'data_directory'"))
                    .isInstanceOf(QueryRejected.class).hasMessageContaining("pg_settings is not allowed");
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
    }
}
