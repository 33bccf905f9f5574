package dev.almanac.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.source.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tables of statements the guard read, kept between runs of one build; never a verdict on whether a statement runs. */
class TablesReadCacheTest {
    @TempDir
    Path dir;

    static final String SQL = "SELECT c.name, count(*) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY 1";

    @Test
    void the_tables_a_statement_reads_are_kept_for_the_next_run_of_the_same_build_only() throws Exception {
        try (Guard guard = new Guard(Dialect.DUCKDB).keepingTablesRead(TablesReadCache.in(dir, Dialect.DUCKDB, "build-1"))) {
            assertThat(guard.tablesOf(SQL)).containsExactlyInAnyOrder("orders", "customers");
        }
        TablesReadCache kept = TablesReadCache.in(dir, Dialect.DUCKDB, "build-1");
        assertThat(Files.readString(kept.file())).contains("customers").contains("orders");
        assertThat(kept.get(SQL)).contains(Set.of("orders", "customers"));
        assertThat(TablesReadCache.in(dir, Dialect.DUCKDB, "build-2").get(SQL)).as("another build reads again").isEmpty();
        assertThat(TablesReadCache.in(dir, Dialect.POSTGRES, "build-1").get(SQL)).as("another dialect reads again").isEmpty();
    }

    @Test
    void a_kept_statement_is_not_read_again_and_the_guard_still_checks_every_statement_it_runs() throws Exception {
        try (Guard guard = new Guard(Dialect.DUCKDB).keepingTablesRead(TablesReadCache.in(dir, Dialect.DUCKDB, "b"))) {
            guard.tablesOf(SQL);
            guard.tablesOf("DELETE FROM orders");
        }
        TablesReadCache kept = TablesReadCache.in(dir, Dialect.DUCKDB, "b");
        // the file altered by hand: what is kept is what the guard answers, so it did not read the statement again
        Files.writeString(kept.file(), Files.readString(kept.file()).replace("customers", "clients"));
        try (Guard guard = new Guard(Dialect.DUCKDB).keepingTablesRead(TablesReadCache.in(dir, Dialect.DUCKDB, "b"))) {
            assertThat(guard.tablesOf(SQL)).containsExactlyInAnyOrder("orders", "clients");
            assertThat(guard.tablesOf("DELETE FROM orders")).as("a rejected statement reads no table").isEmpty();
            assertThat(guard.check("DELETE FROM orders")).isInstanceOf(Verdict.Rejected.class);
            assertThat(guard.check(SQL)).isInstanceOf(Verdict.Allowed.class);
        }
    }

    @Test
    void a_damaged_file_is_read_again() throws Exception {
        TablesReadCache first = TablesReadCache.in(dir, Dialect.DUCKDB, "b");
        Files.createDirectories(first.file().getParent());
        Files.writeString(first.file(), "not a line of ours\n\tno digest\n");
        try (Guard guard = new Guard(Dialect.DUCKDB).keepingTablesRead(TablesReadCache.in(dir, Dialect.DUCKDB, "b"))) {
            assertThat(guard.tablesOf(SQL)).containsExactlyInAnyOrder("orders", "customers");
        }
    }
}
