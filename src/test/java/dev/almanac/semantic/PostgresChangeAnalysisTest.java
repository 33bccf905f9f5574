package dev.almanac.semantic;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import java.nio.file.Path;

/** "Why did it change?" on a real PostgreSQL (a fresh database on the embedded server). */
class PostgresChangeAnalysisTest extends AbstractChangeAnalysisTest {
    @Override
    Source open(Path dir) {
        return Sources.open(SemanticFixture.postgres(ChangeFixture.SQL));
    }
}
