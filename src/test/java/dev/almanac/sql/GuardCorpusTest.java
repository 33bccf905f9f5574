package dev.almanac.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.testing.FixtureDb;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every statement of the corpus (src/test/resources/guard/corpus.tsv) against a real DuckDB file:
 * allowed ones run, forbidden ones are rejected with a one-line reason before reaching the database,
 * and afterwards the database and the sandbox folder are exactly as they were.
 */
class GuardCorpusTest {
    @TempDir
    static Path dir;
    static Path sandbox;
    static Source source;
    static CountingSource counting;
    static Guard guard;
    static QueryExecutor executor;
    static final Map<String, int[]> perCategory = new TreeMap<>();

    @BeforeAll
    static void open() throws Exception {
        sandbox = Files.createDirectories(dir.resolve("sandbox"));
        source = Sources.openFile(FixtureDb.create(dir));
        counting = new CountingSource(source);
        guard = new Guard();
        executor = new QueryExecutor(counting, guard, QueryLimits.DEFAULT);
    }

    static Stream<Arguments> corpus() throws IOException {
        List<Arguments> cases = new ArrayList<>();
        try (InputStream in = GuardCorpusTest.class.getResourceAsStream("/guard/corpus.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] parts = line.split("\t", 3);
                cases.add(Arguments.of(parts[0], parts[1], parts[2]));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} [{1}] {2}")
    @MethodSource("corpus")
    void statement_is_judged_as_expected(String expect, String category, String raw) {
        String sql = raw.replace("{dir}", sandbox.toString()).replace("\\n", "\n");
        Verdict verdict = guard.check(sql);
        perCategory.computeIfAbsent(expect + " " + category, k -> new int[1])[0]++;
        if (expect.equals("allow")) {
            assertThat(verdict).as("verdict for %s", sql).isInstanceOf(Verdict.Allowed.class);
            QueryResult result = executor.execute(sql);
            assertThat(result.columns()).isNotEmpty();
        } else {
            assertThat(verdict).as("verdict for %s", sql).isInstanceOf(Verdict.Rejected.class);
            String reason = ((Verdict.Rejected) verdict).reason();
            assertThat(reason).isNotBlank().doesNotContain("\n");
            int before = counting.opened.get();
            assertThatThrownBy(() -> executor.execute(sql)).isInstanceOf(QueryRejected.class).hasMessageContaining(reason);
            assertThat(counting.opened.get()).as("a rejected statement never reaches the database").isEqualTo(before);
        }
    }

    @AfterAll
    static void nothing_forbidden_happened() throws SQLException, IOException {
        try (Connection c = source.openConnection(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*), min(x) FROM canary")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(1);
                assertThat(rs.getInt(2)).isEqualTo(1);
            }
            try (ResultSet rs = s.executeQuery("SELECT string_agg(table_name, ',' ORDER BY table_name) FROM duckdb_tables()")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("canary,customers,orders,t");
            }
        }
        try (Stream<Path> files = Files.list(sandbox)) {
            assertThat(files).as("no file was written").isEmpty();
        }
        assertThat(Files.list(dir).map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("fixture.duckdb", "sandbox");
        perCategory.forEach((k, v) -> System.out.printf("guard corpus %-28s %3d%n", k, v[0]));
        guard.close();
        source.close();
    }

    /** Counts the connections the executor opens, to prove that rejected statements open none. */
    static final class CountingSource implements Source {
        final Source inner;
        final AtomicInteger opened = new AtomicInteger();

        CountingSource(Source inner) {
            this.inner = inner;
        }

        @Override public String id() { return inner.id(); }
        @Override public dev.almanac.source.Dialect dialect() { return inner.dialect(); }
        @Override public java.util.Optional<String> fingerprint() { return inner.fingerprint(); }
        @Override public Connection openConnection() throws SQLException {
            opened.incrementAndGet();
            return inner.openConnection();
        }
        @Override public void close() {}
    }
}
