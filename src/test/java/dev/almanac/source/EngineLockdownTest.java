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
import org.junit.jupiter.params.provider.CsvSource;
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

    /** Each statement, and the engine's own reason for refusing it: the lock-down's, not a failure for another cause (no network). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            INSERT INTO canary VALUES (2)             | read-only
            DROP TABLE canary                         | read-only
            CREATE TABLE x (a INTEGER)                | read-only
            SET enable_external_access = true         | lock
            SET lock_configuration = false            | lock
            SET autoinstall_known_extensions = true   | lock
            SELECT * FROM read_csv('/etc/passwd')     | disabled|Permission
            COPY (SELECT 1) TO '{dir}/out.csv'        | disabled|Permission|read-only
            ATTACH '{dir}/other.duckdb' AS other      | disabled|Permission
            INSTALL httpfs                            | disabled|Permission
            """)
    void statement_fails_at_the_engine_even_without_the_guard(String raw, String reason) {
        String sql = raw.replace("{dir}", dir.toString());
        assertThatThrownBy(() -> source.withConnection(c -> c.createStatement().execute(sql)))
                .hasCauseInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(e.getCause().getMessage()).as(sql).containsPattern("(?i)" + reason));
        assertThat(dir.resolve("out.csv")).doesNotExist();
        assertThat(dir.resolve("other.duckdb")).doesNotExist();
        // and nothing changed: the data, and the settings the lock-down holds (listing extensions is itself refused)
        assertThat(dev.almanac.testing.Queries.single(source, "SELECT count(*) FROM canary")).isEqualTo(1);
        assertThat(setting("enable_external_access")).isEqualTo("false");
        assertThat(setting("lock_configuration")).isEqualTo("true");
        assertThat(setting("autoinstall_known_extensions")).isEqualTo("false");
    }

    static String setting(String name) {
        return source.withConnection(c -> {
            try (var rs = c.createStatement().executeQuery("SELECT current_setting('" + name + "')")) {
                rs.next();
                return rs.getString(1).toLowerCase(java.util.Locale.ROOT);
            }
        });
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
