package dev.almanac.semantic;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.testing.TrinoCluster;
import dev.almanac.testing.TrinoClusterExtension;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The semantic layer's contract on the tests' two-node Trino cluster: the fixture is loaded by the loader user into a
 * schema of the memory catalog of its own, and read by Almanac's read-only user. Trino takes no primary keys and no
 * text for a date, so the fixture's DDL loses its keys and its dates and timestamps become typed literals.
 */
@org.junit.jupiter.api.extension.ExtendWith(TrinoClusterExtension.class) // skipped, with the reason, where the cluster cannot run
class TrinoSemanticTest extends AbstractSemanticEngineTest {
    private static final AtomicInteger SCHEMAS = new AtomicInteger();
    static TrinoCluster trino;

    /** The run's cluster, before the contract's own set-up opens the source (a @BeforeAll here would run after it). */
    @RegisterExtension
    static final BeforeAllCallback CLUSTER = context -> trino = TrinoClusterExtension.cluster(context);

    @Override
    Source open(Path dir) {
        return load(trino, "semantic", SemanticFixture.SQL);
    }

    /** Portable fixture statements loaded into a fresh schema of the cluster's memory catalog, opened as Almanac's read-only user. */
    static Source load(TrinoCluster trino, String prefix, List<String> fixture) {
        String schema = prefix + "_" + ProcessHandle.current().pid() + "_" + SCHEMAS.incrementAndGet();
        List<String> statements = new ArrayList<>(List.of("CREATE SCHEMA memory." + schema));
        for (String sql : fixture) statements.add(forTrino(sql, schema));
        trino.load(statements.toArray(String[]::new));
        return Sources.open(trino.url(TrinoCluster.ALMANAC, schema));
    }

    /** The portable fixture as Trino reads it: no keys, typed date and timestamp literals, tables in the schema. */
    static String forTrino(String sql, String schema) {
        return sql.replaceAll(",\\s*PRIMARY KEY \\([^)]*\\)", "")
                .replace(" PRIMARY KEY", "")
                .replaceAll("'(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})'", "TIMESTAMP '$1'")
                .replaceAll("'(\\d{4}-\\d{2}-\\d{2})'", "DATE '$1'")
                .replaceFirst("^(CREATE TABLE|INSERT INTO) ", "$1 memory." + schema + ".");
    }

    @Override
    boolean computesPercentiles() {
        return false; // Trino's percentiles are approximate: a number that may be off is refused
    }

    @Override
    String percentileRefusal() {
        return "Trino computes only approximately";
    }
}
