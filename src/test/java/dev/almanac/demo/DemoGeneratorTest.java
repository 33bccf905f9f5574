package dev.almanac.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoGeneratorTest {
    @TempDir
    Path dir;

    @Test
    void same_scale_gives_the_same_table_contents_and_scale_multiplies_volume() throws SQLException {
        Map<String, Long> first = new DemoGenerator(0.2).generate(dir.resolve("a.duckdb"));
        new DemoGenerator(0.2).generate(dir.resolve("b.duckdb"));
        new DemoGenerator(0.1).generate(dir.resolve("c.duckdb"));

        Map<String, String> a = checksums(dir.resolve("a.duckdb"));
        Map<String, String> b = checksums(dir.resolve("b.duckdb"));
        assertThat(a).hasSize(first.size()).hasSizeGreaterThanOrEqualTo(50);
        assertThat(b).isEqualTo(a);

        Map<String, String> c = checksums(dir.resolve("c.duckdb"));
        assertThat(c.get("usage_events")).isNotEqualTo(a.get("usage_events"));
        assertThat(count(dir.resolve("a.duckdb"), "customers")).isEqualTo(2 * count(dir.resolve("c.duckdb"), "customers"));
        assertThat(count(dir.resolve("a.duckdb"), "usage_events")).isEqualTo(2 * count(dir.resolve("c.duckdb"), "usage_events"));
    }

    /** An md5 per table over every row as text, in a fixed order: equal checksums mean equal contents. */
    static Map<String, String> checksums(Path file) throws SQLException {
        Map<String, String> sums = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
            java.util.List<String> tables = new java.util.ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT table_name FROM duckdb_tables() ORDER BY table_name")) {
                while (rs.next()) tables.add(rs.getString(1));
            }
            for (String t : tables) {
                try (ResultSet rs = s.executeQuery("SELECT count(*) || ':' || coalesce(md5(string_agg(CAST(x AS VARCHAR), chr(10) ORDER BY CAST(x AS VARCHAR))), '') FROM " + t + " x")) {
                    rs.next();
                    sums.put(t, rs.getString(1));
                }
            }
        }
        return sums;
    }

    private static long count(Path file, String table) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
