package dev.almanac.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Migrations run when a store is behind, and a current store opens without Flyway (its start-up is a third of a second). */
class AppStoreMigrationsTest {
    @TempDir
    Path dir;

    @Test
    void the_newest_migration_version_is_the_newest_file() throws Exception {
        Pattern version = Pattern.compile("V(\\d+)__.*\\.sql");
        int newest;
        try (Stream<Path> files = Files.list(Path.of("src/main/resources/dev/almanac/store/migration"))) {
            newest = files.map(f -> version.matcher(f.getFileName().toString())).filter(Matcher::matches)
                    .mapToInt(m -> Integer.parseInt(m.group(1))).max().orElseThrow();
        }
        assertThat(AppStore.LATEST_MIGRATION).as("a new migration file needs AppStore.LATEST_MIGRATION raised").isEqualTo(newest);
    }

    @Test
    void a_current_store_opens_without_flyway_and_one_behind_is_migrated() throws Exception {
        Path file = dir.resolve("almanac.db");
        AppStore.sqlite(file).close();
        String url = "jdbc:sqlite:" + file;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            // a checksum Flyway's validation would refuse: opening proves Flyway was not consulted
            s.execute("UPDATE flyway_schema_history SET checksum = 12345 WHERE version = '1'");
        }
        AppStore.sqlite(file).close();

        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("UPDATE flyway_schema_history SET checksum = NULL WHERE version = '1'");
            s.execute("DELETE FROM flyway_schema_history WHERE version = '" + AppStore.LATEST_MIGRATION + "'");
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> AppStore.sqlite(file))
                .as("a store one migration behind goes through Flyway, which finds the newest migration's tables already there")
                .hasMessageContaining("cannot migrate the app store");
    }
}
