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

/** "Why did it change?" on the tests' Trino cluster: the fixture in a schema of the memory catalog of its own. */
@org.junit.jupiter.api.extension.ExtendWith(TrinoClusterExtension.class) // skipped, with the reason, where the cluster cannot run
class TrinoChangeAnalysisTest extends AbstractChangeAnalysisTest {
    private static final AtomicInteger SCHEMAS = new AtomicInteger();
    static TrinoCluster trino;

    @RegisterExtension
    static final BeforeAllCallback CLUSTER = context -> trino = TrinoClusterExtension.cluster(context);

    @Override
    Source open(Path dir) {
        String schema = "change_" + ProcessHandle.current().pid() + "_" + SCHEMAS.incrementAndGet();
        List<String> statements = new ArrayList<>(List.of("CREATE SCHEMA memory." + schema));
        for (String sql : ChangeFixture.SQL) statements.add(TrinoSemanticTest.forTrino(sql, schema));
        trino.load(statements.toArray(String[]::new));
        return Sources.open(trino.url(TrinoCluster.ALMANAC, schema));
    }
}
