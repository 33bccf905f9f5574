package dev.almanac.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.UserError;
import dev.almanac.testing.FixtureDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The second depth of the safety model: even SQL that bypasses the guard cannot write or reach outside. */
class EngineLockdownTest {
    @TempDir
    static Path dir;
    static Source source;

    @BeforeAll
    static void open() throws Exception {
        source = Sources.openFile(FixtureDb.create(dir));
    }

    @AfterAll
    static void close() {
        source.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "INSERT INTO canary VALUES (2)",
            "DROP TABLE canary",
            "CREATE TABLE x (a INTEGER)",
            "SET enable_external_access = true",
            "SET lock_configuration = false",
            "SET autoinstall_known_extensions = true",
            "SELECT * FROM read_csv('/etc/passwd')",
            "COPY (SELECT 1) TO '{dir}/out.csv'",
            "ATTACH '{dir}/other.duckdb' AS other",
            "INSTALL httpfs"})
    void statement_fails_at_the_engine_even_without_the_guard(String raw) {
        String sql = raw.replace("{dir}", dir.toString());
        assertThatThrownBy(() -> source.withConnection(c -> c.createStatement().execute(sql))).hasCauseInstanceOf(SQLException.class);
        assertThat(dir.resolve("out.csv")).doesNotExist();
        assertThat(dir.resolve("other.duckdb")).doesNotExist();
    }

    @Test
    void reads_still_work() {
        assertThat(dev.almanac.testing.Queries.single(source, "SELECT count(*) FROM canary")).isEqualTo(1);
    }

    @Test
    void missing_database_file_is_a_user_error_and_is_not_created() {
        Path missing = dir.resolve("missing.duckdb");
        assertThatThrownBy(() -> Sources.open(missing.toString())).isInstanceOf(UserError.class).hasMessageContaining("not found");
        assertThatThrownBy(() -> Sources.open("jdbc:duckdb:" + missing)).isInstanceOf(UserError.class);
        assertThat(missing).doesNotExist();
    }

    @Test
    void a_file_that_is_no_database_is_a_user_error() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello, this is not a database");
        assertThatThrownBy(() -> Sources.open(text.toString())).isInstanceOf(UserError.class).hasMessageContaining("not a DuckDB or SQLite");
    }
}
