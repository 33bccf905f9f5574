package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which command lines start loading the drivers while the command line is read. */
class PreloadTest {
    @Test
    void commands_that_open_the_source_preload_and_others_do_not() {
        assertThat(Main.opensSource(new String[] {"ask", "What was revenue?"})).isTrue();
        assertThat(Main.opensSource(new String[] {"--project", "ask", "sql", "select 1"})).as("an option's value is not the command").isTrue();
        assertThat(Main.opensSource(new String[] {"--db", "x.duckdb", "tables", "q"})).isTrue();
        assertThat(Main.opensSource(new String[] {"--version"})).isFalse();
        assertThat(Main.opensSource(new String[] {"knowledge", "list"})).isFalse();
        assertThat(Main.opensSource(new String[] {"--project", "ask"})).as("no command").isFalse();
        assertThat(Main.opensSource(new String[] {})).isFalse();
    }

    @Test
    void the_drivers_load_before_the_first_connection_and_a_connection_still_opens() throws Exception {
        dev.almanac.source.NativeLibraries.preload();
        try (var c = dev.almanac.source.NativeLibraries.duckDb("jdbc:duckdb:", new java.util.Properties());
             var rs = c.createStatement().executeQuery("SELECT 41 + 1")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(42);
        }
    }
}
