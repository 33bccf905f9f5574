package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.AlmanacException;
import dev.almanac.demo.DemoGenerator;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.SemanticFile;
import dev.almanac.source.Dialect;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.testing.DemoCopy;
import dev.almanac.testing.EmbeddedPostgres;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * One model, every engine: the demo warehouse (at a small scale) copied into SQLite and a real PostgreSQL, and every
 * metric of the demo's semantic model, with a grain and a breakdown, compiled for each engine's dialect (each expression's
 * variant for it) and run there: the rows must be the rows DuckDB gives.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DemoModelOnEveryEngineTest {
    private final Map<Dialect, SemanticLayer> layers = new LinkedHashMap<>();
    private final List<AutoCloseable> open = new ArrayList<>();
    private Collection<SemanticFile> files;

    @BeforeAll
    void setUp(@TempDir Path dir) {
        Path duck = dir.resolve("demo.duckdb");
        new DemoGenerator(0.1).generate(duck);
        Path sqlite = dir.resolve("demo.sqlite");
        DemoCopy.copy(duck, "jdbc:sqlite:" + sqlite, DemoCopy.Target.SQLITE);
        EmbeddedPostgres pg = EmbeddedPostgres.shared();
        String url = pg.createDatabase("demo_every_engine_" + ProcessHandle.current().pid());
        DemoCopy.copy(duck, url, DemoCopy.Target.POSTGRES);
        files = KnowledgeFiles.read(Path.of("knowledge")).knowledge().semantic();
        layer(Sources.openFile(duck));
        layer(Sources.openFile(sqlite));
        layer(Sources.open(url));
    }

    private void layer(Source source) {
        Guard guard = new Guard(source.dialect());
        open.add(source);
        open.add(guard);
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        layers.put(source.dialect(), new SemanticLayer(SemanticModel.of(files, source.dialect()), KnowledgeSet.EMPTY, ValueIndex.EMPTY, executor));
    }

    @AfterAll
    void tearDown() throws Exception {
        for (AutoCloseable c : open) c.close();
    }

    @Test
    void every_demo_metric_by_a_grain_and_a_breakdown_gives_the_same_rows_on_sqlite_and_postgresql_as_on_duckdb() {
        SemanticLayer duck = layers.get(Dialect.DUCKDB);
        List<String> differences = new ArrayList<>();
        int compared = 0;
        for (SemanticMetric metric : duck.model().metrics()) {
            SemanticQuery query = query(duck, metric);
            List<String> expected;
            try {
                expected = rows(duck, query);
            } catch (AlmanacException e) {
                differences.add(metric.name() + " fails on DuckDB: " + e.getMessage());
                continue;
            }
            for (Dialect dialect : List.of(Dialect.SQLITE, Dialect.POSTGRES)) {
                try {
                    List<String> actual = rows(layers.get(dialect), query);
                    if (!same(expected, actual)) {
                        differences.add(metric.name() + " on " + dialect.label() + ": " + diff(expected, actual));
                    }
                    compared++;
                } catch (NotInDialect e) {
                    // a median on SQLite: refused with the reason, never a wrong number
                } catch (AlmanacException e) {
                    differences.add(metric.name() + " fails on " + dialect.label() + ": " + e.getMessage().lines().findFirst().orElse(""));
                }
            }
        }
        assertThat(differences).as("metrics whose rows differ from DuckDB's").isEmpty();
        assertThat(compared).isGreaterThan(2 * duck.model().metrics().size() - 10);
    }

    /** The metric by month (or its own grain) over the first half of 2025, broken down by the first dimension it reaches. */
    static SemanticQuery query(SemanticLayer layer, SemanticMetric metric) {
        SemanticQuery q = SemanticQuery.of(metric.name());
        if (layer.timeDimensionOf(metric).isPresent()) {
            for (Grain grain : List.of(Grain.MONTH, Grain.QUARTER)) { // the finest grain the metric is recorded at
                SemanticQuery timed = q.grain(grain).between(LocalDate.parse("2025-01-01"), LocalDate.parse("2025-07-01"));
                try {
                    layer.compile(timed);
                    q = timed;
                    break;
                } catch (RuntimeException e) {
                    // recorded by quarter: the next grain
                }
            }
        }
        List<Dimension> dims = layer.dimensionsOf(metric);
        for (Dimension d : dims) {
            SemanticQuery by = q.by(d.name());
            try {
                layer.compile(by);
                return by;
            } catch (RuntimeException e) {
                // a dimension this metric cannot be sliced by in this shape: the next one
            }
        }
        return q;
    }

    static List<String> rows(SemanticLayer layer, SemanticQuery q) {
        return layer.run(q).result().rows().stream().map(r -> r.stream().map(DemoModelOnEveryEngineTest::text).collect(Collectors.joining(" | "))).toList();
    }

    static String text(Object v) {
        if (v == null) return "null";
        if (v instanceof Boolean b) return b ? "1" : "0";
        if (v instanceof Double x && (x.isNaN() || x.isInfinite())) return x.toString();
        if (v instanceof Number n) return new BigDecimal(n.toString()).setScale(4, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        String s = v.toString();
        return s.matches("\\d{4}-\\d{2}-\\d{2}( 00:00:00(\\.0+)?)?") ? s.substring(0, 10) : s;
    }

    /**
     * The same rows, where a number may differ by one unit of its last shown decimal: a decimal rounded on one engine is a
     * binary double on SQLite, so 6207.985 can round either way.
     */
    static boolean same(List<String> expected, List<String> actual) {
        if (expected.size() != actual.size()) return false;
        for (int i = 0; i < expected.size(); i++) {
            String[] e = expected.get(i).split(" \\| ", -1), a = actual.get(i).split(" \\| ", -1);
            if (e.length != a.length) return false;
            for (int j = 0; j < e.length; j++) {
                if (e[j].equals(a[j])) continue;
                try {
                    BigDecimal x = new BigDecimal(e[j]), y = new BigDecimal(a[j]);
                    BigDecimal unit = BigDecimal.ONE.movePointLeft(Math.max(Math.max(x.scale(), y.scale()), 0));
                    if (x.subtract(y).abs().compareTo(unit) > 0) return false;
                } catch (NumberFormatException notNumbers) {
                    return false;
                }
            }
        }
        return true;
    }

    static String diff(List<String> expected, List<String> actual) {
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            String e = i < expected.size() ? expected.get(i) : "(none)";
            String a = i < actual.size() ? actual.get(i) : "(none)";
            if (!e.equals(a)) return "row " + (i + 1) + " of " + expected.size() + ": DuckDB " + e + ", here " + a + " (" + actual.size() + " rows)";
        }
        return "?";
    }
}
