package dev.almanac.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.source.Dialect;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The guard of each dialect: every attack of the DuckDB corpus (src/test/resources/guard/corpus.tsv) is
 * rejected on every dialect, and the per-dialect corpus (dialects.tsv) holds each dialect's own
 * attacks and the valid queries its engine accepts; SQLite's and PostgreSQL's own syntax is read as
 * their engines read it, and an executor refuses a guard of another dialect than its source's.
 */
class GuardDialectTest {
    static final Map<Dialect, Guard> GUARDS = new EnumMap<>(Dialect.class);

    @BeforeAll
    static void guards() {
        for (Dialect d : Dialect.values()) GUARDS.put(d, new Guard(d));
    }

    @AfterAll
    static void close() {
        GUARDS.values().forEach(Guard::close);
    }

    static List<String[]> lines(String resource, int columns) throws IOException {
        List<String[]> out = new ArrayList<>();
        try (InputStream in = GuardDialectTest.class.getResourceAsStream(resource)) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] parts = line.split("\t", columns);
                parts[columns - 1] = parts[columns - 1].replace("{dir}", "/tmp/almanac-sandbox").replace("\\n", "\n").replace("\\r", "\r");
                out.add(parts);
            }
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void every_attack_of_the_corpus_is_rejected(Dialect dialect) throws IOException {
        Guard guard = GUARDS.get(dialect);
        List<String> escapes = new ArrayList<>();
        int attacks = 0;
        for (String[] line : lines("/guard/corpus.tsv", 3)) {
            if (!line[0].equals("reject")) continue;
            attacks++;
            Verdict verdict = guard.check(line[2]);
            if (verdict instanceof Verdict.Rejected rejected) {
                assertThat(rejected.reason()).as("reason for %s", line[2]).isNotBlank().doesNotContain("\n");
            } else {
                escapes.add("[" + line[1] + "] " + line[2]);
            }
        }
        assertThat(attacks).isGreaterThan(150);
        assertThat(escapes).as("attacks the %s guard allowed", dialect).isEmpty();
    }

    static Stream<Arguments> dialectCorpus() throws IOException {
        List<Arguments> cases = new ArrayList<>();
        for (String[] line : lines("/guard/dialects.tsv", 4)) {
            for (Dialect d : dialects(line[1])) cases.add(Arguments.of(line[0], d, line[2], line[3]));
        }
        return cases.stream();
    }

    static List<Dialect> dialects(String spec) {
        if (spec.equals("portable")) return Stream.of(Dialect.values()).filter(d -> d != Dialect.DUCKDB).toList();
        return Stream.of(spec.split(",")).map(name -> name.equals("postgres") ? Dialect.POSTGRES : Dialect.valueOf(name.toUpperCase())).toList();
    }

    @ParameterizedTest(name = "{0} on {1} [{2}] {3}")
    @MethodSource("dialectCorpus")
    void statement_is_judged_as_its_dialect_reads_it(String expect, Dialect dialect, String category, String sql) {
        Verdict verdict = GUARDS.get(dialect).check(sql);
        if (expect.equals("allow")) {
            assertThat(verdict).as("verdict for %s", sql).isInstanceOf(Verdict.Allowed.class);
        } else {
            assertThat(verdict).as("verdict for %s", sql).isInstanceOf(Verdict.Rejected.class);
            assertThat(((Verdict.Rejected) verdict).reason()).isNotBlank().doesNotContain("\n");
        }
    }

    Verdict.Allowed allowed(Dialect dialect, String sql) {
        Verdict verdict = GUARDS.get(dialect).check(sql);
        assertThat(verdict).as("verdict for %s", sql).isInstanceOf(Verdict.Allowed.class);
        return (Verdict.Allowed) verdict;
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void a_semantic_expression_is_one_expression_or_it_is_refused(Dialect dialect) {
        Guard guard = GUARDS.get(dialect);
        for (String one : List.of("status = 'completed'", "amount * 2", "(a = 1) OR (b = 2)", "CASE WHEN x > 1 THEN 'big' ELSE 'small' END",
                "upper(name) LIKE 'A%'")) {
            assertThat(guard.notOneExpression(one)).as("%s on %s", one, dialect).isNull();
        }
        for (String notOne : List.of("status = 'completed') OR (1=1", "a, b", "a AS b", "1 FROM orders", "1; SELECT 2", "1 UNION SELECT 2",
                "x WHERE 1 = 1", "1 ORDER BY 1", "(a", "a)", "")) {
            assertThat(guard.notOneExpression(notOne)).as("%s on %s", notOne, dialect).isNotNull();
        }
    }

    @Test
    void sqlite_reads_a_table_named_show_which_duckdb_cannot() {
        assertThat(allowed(Dialect.SQLITE, "SELECT count(*) FROM show").tables()).containsExactly("show");
        assertThat(GUARDS.get(Dialect.DUCKDB).check("SELECT count(*) FROM show")).isInstanceOf(Verdict.Rejected.class);
    }

    @Test
    void sqlite_reads_backtick_and_bracket_quoted_names() {
        assertThat(allowed(Dialect.SQLITE, "SELECT `T1`.`Name` FROM `singer` AS `T1` JOIN [concert hall] AS h ON h.id = `T1`.id").tables())
                .containsExactlyInAnyOrder("singer", "concert hall");
    }

    @Test
    void sqlite_reads_a_join_without_on_as_a_cross_join() {
        assertThat(allowed(Dialect.SQLITE, "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 WHERE T1.singer_id = T2.singer_id").tables())
                .containsExactlyInAnyOrder("singer", "concert");
    }

    @Test
    void sqlite_reads_keywords_it_takes_for_names() {
        assertThat(allowed(Dialect.SQLITE, "SELECT s.name FROM students s JOIN addresses AS current ON s.address_id = current.id").tables())
                .containsExactlyInAnyOrder("students", "addresses");
    }

    @Test
    void postgres_reads_casts_ilike_and_distinct_on() {
        String sql = "SELECT DISTINCT ON (c.segment) c.segment, o.amount::numeric(10, 2) AS amount FROM orders o JOIN public.customers c "
                + "ON c.id = o.customer_id WHERE c.name ILIKE 'a%' ORDER BY c.segment, o.amount DESC";
        assertThat(allowed(Dialect.POSTGRES, sql).tables()).containsExactlyInAnyOrder("orders", "public.customers");
    }

    @Test
    void tables_are_the_relations_read_not_ctes_aliases_or_column_qualifiers() {
        String sql = "WITH recent AS (SELECT * FROM main.orders WHERE ordered_at > '2024') SELECT c.name, r.amount FROM recent r "
                + "JOIN customers c ON c.id = r.customer_id WHERE c.id IN (SELECT customer_id FROM refunds) AND EXISTS (SELECT 1 FROM \"Notes\" n)";
        assertThat(allowed(Dialect.SQLITE, sql).tables()).containsExactlyInAnyOrder("orders", "customers", "refunds", "Notes");
    }

    @Test
    void reasons_name_what_was_found() {
        assertThat(GUARDS.get(Dialect.SQLITE).check("ATTACH 'x.db' AS x")).isEqualTo(
                new Verdict.Rejected("ATTACH attaches a database: " + JSqlParserChecker.ALLOWED_KINDS));
        assertThat(((Verdict.Rejected) GUARDS.get(Dialect.POSTGRES).check("SELECT pg_read_file('/etc/passwd')")).reason())
                .isEqualTo("function pg_read_file() is not allowed: it reads files on the server");
        assertThat(((Verdict.Rejected) GUARDS.get(Dialect.SQLITE).check("SELECT name FROM singer WHERE")).reason())
                .startsWith("not valid SQLite (as the guard reads it): unexpected \"WHERE\" at line 1");
    }

    @Test
    void a_sqlite_source_runs_its_own_syntax_through_its_guard(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("shows.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE show (id INTEGER, title TEXT)");
            s.execute("INSERT INTO show VALUES (1, 'Pilot'), (2, 'Finale')");
            s.execute("CREATE TABLE `cast member` (show_id INTEGER, name TEXT)");
            s.execute("INSERT INTO `cast member` VALUES (1, 'Ada'), (2, 'Bo')");
        }
        try (Source source = Sources.openFile(file); Guard guard = new Guard(source.dialect())) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            QueryResult r = executor.execute("SELECT show.title, `cast member`.name FROM show JOIN `cast member` WHERE show.id = `cast member`.show_id ORDER BY 1");
            assertThat(r.rows()).hasSize(2);
            assertThat(r.rows().get(0).get(0)).isEqualTo("Finale");
            assertThat(r.tables()).containsExactlyInAnyOrder("show", "cast member");
            assertThatThrownBy(() -> executor.execute("ATTACH 'other.db' AS other")).isInstanceOf(QueryRejected.class);
            try (Guard duckDb = new Guard()) {
                assertThatThrownBy(() -> new QueryExecutor(source, duckDb, QueryLimits.DEFAULT))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reads DuckDB").hasMessageContaining("is SQLite");
            }
        }
    }
}
