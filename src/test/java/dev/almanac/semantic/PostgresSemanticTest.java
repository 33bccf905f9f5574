package dev.almanac.semantic;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import java.nio.file.Path;

/** The semantic layer's contract on a real PostgreSQL (a fresh database on the embedded server). */
class PostgresSemanticTest extends AbstractSemanticEngineTest {
    @Override
    Source open(Path dir) {
        return Sources.open(SemanticFixture.postgres());
    }
}
