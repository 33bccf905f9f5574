package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.UserError;
import dev.almanac.source.Dialect;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.sql.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Filter values that try to end their string literal early: in every dialect the compiled SQL holds exactly one string
 * literal, which reads back (by the engine's own lexical rules, written out here) as the value, and the rest of the SQL
 * is the same as for a harmless value; the guard allows it. On the real engines at hand (DuckDB, SQLite, PostgreSQL with
 * standard_conforming_strings on and off) the query counts exactly the row that holds the value.
 */
class HostileFilterValueTest {
    static final List<String> HOSTILE = List.of(
            "x\\' UNION ALL SELECT 1 -- ",
            "x\\' UNION ALL SELECT 1 #",
            "x' OR 'a' = 'a",
            "it's",
            "back\\slash",
            "ends with a backslash\\",
            "\\\\'; DROP TABLE orders; --",
            "$$ OR 1=1 --",
            "a$q$b\\c$",
            "two\nlines\\n",
            "\\x27 OR 'a'='a");

    @TempDir
    static Path dir;

    static String compile(SemanticCompiler compiler, Dialect dialect, String value) {
        SemanticQuery q = SemanticQuery.of("order_count").where(List.of(new SemanticQuery.Filter("order_status", "=", List.of(value))));
        return compiler.compile(q, dialect).sql();
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void a_hostile_filter_value_compiles_to_one_literal_that_reads_back_as_the_value(Dialect dialect) throws Exception {
        SemanticCompiler compiler = new SemanticCompiler(SemanticFixture.model(Files.createDirectories(dir.resolve(dialect.name()))), ValueIndex.EMPTY);
        String harmless = compile(compiler, dialect, "harmless");
        Lexed plain = lex(dialect, harmless);
        assertThat(plain.literals()).containsExactly("harmless");
        try (Guard guard = new Guard(dialect)) {
            for (String value : HOSTILE) {
                if (dialect == Dialect.OTHER && value.contains("\\")) {
                    assertThatThrownBy(() -> compile(compiler, dialect, value)).isInstanceOf(UserError.class).hasMessageContaining("backslash");
                    continue;
                }
                String sql = compile(compiler, dialect, value);
                Lexed lexed = lex(dialect, sql);
                assertThat(lexed.literals()).as("string literals of %s", sql).containsExactly(value);
                assertThat(lexed.code()).as("the SQL around the literal").isEqualTo(plain.code());
                // MySQL and BigQuery read the compiler's double-quoted names as strings (another matter): there the guard refuses
                // the harmless query too, and a hostile value must change nothing about that
                assertThat(guard.check(sql).getClass()).as("guard on %s", sql).isEqualTo(guard.check(harmless).getClass());
                if (dialect != Dialect.MYSQL && dialect != Dialect.BIGQUERY) assertThat(guard.check(sql)).isInstanceOf(Verdict.Allowed.class);
            }
        }
    }

    @Test
    void duckdb_counts_the_row_that_holds_each_value() throws Exception {
        Path file = SemanticFixture.duckdb(Files.createDirectories(dir.resolve("duckdb-run")));
        insertHostileOrders("jdbc:duckdb:" + file);
        try (Source source = Sources.openFile(file)) {
            assertEachValueCountsItsRow(source);
        }
    }

    @Test
    void sqlite_counts_the_row_that_holds_each_value() throws Exception {
        Path file = SemanticFixture.sqlite(Files.createDirectories(dir.resolve("sqlite-run")));
        insertHostileOrders("jdbc:sqlite:" + file);
        try (Source source = Sources.openFile(file)) {
            assertEachValueCountsItsRow(source);
        }
    }

    @Test
    void postgresql_counts_the_row_that_holds_each_value_whatever_standard_conforming_strings_says() throws Exception {
        for (String setting : List.of("on", "off")) {
            String url = SemanticFixture.postgres();
            String database = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
            dev.almanac.testing.EmbeddedPostgres.shared().execute(database,
                    "ALTER DATABASE " + database + " SET standard_conforming_strings = " + setting,
                    "ALTER DATABASE " + database + " SET escape_string_warning = off", "ALTER TABLE orders ALTER COLUMN status TYPE text");
            insertHostileOrders(url);
            try (Source source = Sources.open(url)) {
                try (Connection c = source.openConnection(); var s = c.createStatement(); var rs = s.executeQuery("SHOW standard_conforming_strings")) {
                    rs.next();
                    assertThat(rs.getString(1)).isEqualTo(setting);
                }
                assertEachValueCountsItsRow(source);
            }
        }
    }

    private static void insertHostileOrders(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url);
             PreparedStatement ps = c.prepareStatement("INSERT INTO orders VALUES (?, '2024-03-01 10:00:00', 1, ?, 1.00)")) {
            int id = 1000;
            for (String value : HOSTILE) {
                ps.setInt(1, id++);
                ps.setString(2, value);
                ps.executeUpdate();
            }
        }
    }

    private static void assertEachValueCountsItsRow(Source source) {
        try (Guard guard = new Guard(source.dialect())) {
            SemanticCompiler compiler = new SemanticCompiler(SemanticFixture.model(dir), ValueIndex.EMPTY);
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            for (String value : HOSTILE) {
                var result = executor.execute(compile(compiler, source.dialect(), value));
                assertThat(result.rows()).as("rows for %s", value).hasSize(1);
                assertThat(((Number) result.rows().get(0).get(0)).longValue()).as("orders with status %s", value).isEqualTo(1);
                // the value as text a status contains (its LIKE pattern escaped): the same one row
                SemanticQuery contains = SemanticQuery.of("order_count").where(List.of(new SemanticQuery.Filter("order_status", "contains", List.of(value))));
                var held = executor.execute(compiler.compile(contains, source.dialect()).sql());
                assertThat(((Number) held.rows().get(0).get(0)).longValue()).as("orders whose status contains %s", value).isEqualTo(1);
            }
        }
    }

    /** The text values of a statement, decoded (literals and character functions joined by concatenation), and the statement with each value as '?'. */
    record Lexed(List<String> literals, String code) {}

    /** A character by its code, as the dialects write it: chr(92), char(92), CHAR(92 USING utf8mb4), CODE_POINTS_TO_STRING([92]). */
    static final Pattern CHARACTER = Pattern.compile("(?i)(?:chr|char)\\((\\d+)(?: USING utf8mb4)?\\)|CODE_POINTS_TO_STRING\\(\\[(\\d+)\\]\\)");
    /** A concatenation of pieces, each already read as '?'. */
    static final Pattern CONCATENATION = Pattern.compile("\\(\\?(?: \\|\\| \\?)+\\)|CONCAT\\(\\?(?:, \\?)+\\)");

    /**
     * Reads a statement by the engine's lexical rules: '...' strings with '' for a quote everywhere but BigQuery, and a
     * backslash taken as an escape where the engine reads escapes (so that a backslash in a string is an error here:
     * a value must not depend on it); double-quoted names (and backquoted ones) are skipped whole; a character function
     * is a piece of text; pieces joined by || or CONCAT are one value.
     */
    static Lexed lex(Dialect dialect, String sql) {
        List<String> pieces = new ArrayList<>();
        StringBuilder code = new StringBuilder();
        int i = 0;
        while (i < sql.length()) {
            char ch = sql.charAt(i);
            Matcher character = CHARACTER.matcher(sql).region(i, sql.length());
            if (ch == '"' || ch == '`') {
                int end = sql.indexOf(ch, i + 1);
                code.append(sql, i, end + 1);
                i = end + 1;
            } else if (character.lookingAt()) {
                pieces.add(String.valueOf((char) Integer.parseInt(character.group(1) != null ? character.group(1) : character.group(2))));
                code.append('?');
                i = character.end();
            } else if (ch == '\'') {
                StringBuilder value = new StringBuilder();
                int j = i + 1;
                while (true) {
                    char c = sql.charAt(j);
                    if (c == '\\' && dialect != Dialect.DUCKDB) {
                        throw new AssertionError("a backslash in a " + dialect.label() + " string may be read as an escape: " + sql);
                    } else if (c == '\'' && dialect != Dialect.BIGQUERY && j + 1 < sql.length() && sql.charAt(j + 1) == '\'') {
                        value.append('\'');
                        j += 2;
                    } else if (c == '\'') {
                        break;
                    } else {
                        if (c == '\n' && dialect == Dialect.BIGQUERY) throw new AssertionError("a line break in a BigQuery string: " + sql);
                        value.append(c);
                        j++;
                    }
                }
                pieces.add(value.toString());
                code.append('?');
                i = j + 1;
            } else {
                code.append(ch);
                i++;
            }
        }
        String joined = code.toString();
        int values = 0;
        List<String> literals = new ArrayList<>();
        Matcher concatenation = CONCATENATION.matcher(joined);
        StringBuilder out = new StringBuilder();
        int last = 0;
        int piece = 0;
        for (int k = 0; k < joined.length(); k++) {
            concatenation.region(k, joined.length());
            if (concatenation.lookingAt()) {
                int n = (int) concatenation.group().chars().filter(x -> x == '?').count();
                literals.add(String.join("", pieces.subList(piece, piece + n)));
                piece += n;
                out.append(joined, last, k).append('?');
                k = concatenation.end() - 1;
                last = concatenation.end();
            } else if (joined.charAt(k) == '?') {
                literals.add(pieces.get(piece++));
            }
        }
        out.append(joined.substring(last));
        return new Lexed(literals, out.toString());
    }
}
