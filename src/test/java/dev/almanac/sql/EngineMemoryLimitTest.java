package dev.almanac.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.cli.CliTest;
import dev.almanac.source.EngineLimits;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.testing.FixtureDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DuckDB source runs within the memory and temporary-disk limits of its settings, set before its configuration is
 * locked: a query that needs more is refused in one line (exit 2 on the command line), and the source goes on answering.
 */
class EngineMemoryLimitTest {
    /** Concatenates two million generated rows of 60 characters: about 120 MB in one value, which cannot spill to disk. */
    static final String HUGE_AGGREGATE = "SELECT length(string_agg(repeat('x', 50) || i::VARCHAR, ',')) AS n FROM range(2000000) t(i)";

    @Test
    void a_query_over_the_memory_limit_is_refused_in_one_line_and_the_source_stays_healthy(@TempDir Path dir) throws Exception {
        Path db = FixtureDb.create(dir);
        Path temp = dir.resolve("spill");
        EngineLimits limits = new EngineLimits(64L << 20, 32L << 20, temp);
        try (Source source = Sources.openFile(db, limits); Guard guard = new Guard()) {
            assertThat(setting(source, "memory_limit")).isEqualTo("64.0 MiB");
            assertThat(setting(source, "max_temp_directory_size")).isEqualTo("32.0 MiB");
            assertThat(setting(source, "temp_directory")).startsWith(temp.toString());
            assertThatThrownBy(() -> source.withConnection(c -> c.createStatement().execute("SET memory_limit = '100GB'")))
                    .hasRootCauseMessage(rootMessage(source, "SET memory_limit = '100GB'"));
            assertThat(setting(source, "memory_limit")).as("the limit is locked").isEqualTo("64.0 MiB");

            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            assertThatThrownBy(() -> executor.execute(HUGE_AGGREGATE))
                    .isInstanceOf(QueryOutOfMemory.class)
                    .hasMessageStartingWith("query refused: it needs more memory than the engine may use (64 MiB of memory")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
            assertThat(executor.execute("SELECT count(*) FROM canary").rows()).containsExactly(java.util.List.of(1L));
            assertThat(executor.execute("SELECT length(string_agg(name, ',')) FROM customers").rows()).hasSize(1);
        }
        assertThat(temp).as("the temporary folder goes with the source").doesNotExist();
    }

    @Test
    void without_a_limit_the_same_query_runs(@TempDir Path dir) throws Exception {
        Path db = FixtureDb.create(dir);
        try (Source source = Sources.openFile(db, new EngineLimits(1L << 30, 1L << 30, dir.resolve("spill"))); Guard guard = new Guard()) {
            QueryResult r = new QueryExecutor(source, guard, QueryLimits.DEFAULT).execute(HUGE_AGGREGATE);
            assertThat(((Number) r.rows().get(0).get(0)).longValue()).isGreaterThan(100_000_000L);
        }
    }

    @Test
    void the_sql_command_refuses_it_with_exit_2_under_the_configured_limit(@TempDir Path home) throws Exception {
        Path db = FixtureDb.create(Files.createDirectories(home.resolve("data")));
        Files.writeString(home.resolve("config.yml"), "duckdb_memory_limit: 64MB\nduckdb_max_temp_size: 16MB\nduckdb_temp_directory: "
                + home.resolve("spill") + "\n");
        System.setProperty("almanac.home", home.toString());
        try {
            CliTest.Run run = CliTest.run("sql", HUGE_AGGREGATE, "--db", db.toString());
            assertThat(run.code()).as(run.err()).isEqualTo(2);
            assertThat(run.err().strip()).startsWith("almanac: query refused: it needs more memory than the engine may use (64 MiB of memory")
                    .doesNotContain("\n").doesNotContain("Exception");
            CliTest.Run small = CliTest.run("sql", "SELECT count(*) AS n FROM canary", "--db", db.toString(), "--format", "csv");
            assertThat(small.code()).as(small.err()).isZero();
        } finally {
            System.clearProperty("almanac.home");
        }
    }

    private static String setting(Source source, String name) {
        return source.withConnection(c -> {
            try (var rs = c.createStatement().executeQuery("SELECT current_setting('" + name + "')")) {
                rs.next();
                return rs.getString(1);
            }
        });
    }

    private static String rootMessage(Source source, String sql) {
        try {
            source.withConnection(c -> c.createStatement().execute(sql));
            return "(no error)";
        } catch (RuntimeException e) {
            Throwable root = e;
            while (root.getCause() != null) root = root.getCause();
            assertThat(root).isInstanceOf(SQLException.class);
            assertThat(root.getMessage()).containsIgnoringCase("lock");
            return root.getMessage();
        }
    }
}
