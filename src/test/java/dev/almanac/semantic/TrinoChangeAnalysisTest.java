package dev.almanac.semantic;

import dev.almanac.source.Source;
import dev.almanac.testing.TrinoCluster;
import dev.almanac.testing.TrinoClusterExtension;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

/** "Why did it change?" on the tests' Trino cluster: the fixture in a schema of the memory catalog of its own. */
@org.junit.jupiter.api.extension.ExtendWith(TrinoClusterExtension.class) // skipped, with the reason, where the cluster cannot run
class TrinoChangeAnalysisTest extends AbstractChangeAnalysisTest {
    static TrinoCluster trino;

    @RegisterExtension
    static final BeforeAllCallback CLUSTER = context -> trino = TrinoClusterExtension.cluster(context);

    @Override
    Source open(Path dir) {
        return TrinoSemanticTest.load(trino, "change", ChangeFixture.SQL);
    }
}
