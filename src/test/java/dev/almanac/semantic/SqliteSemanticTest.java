package dev.almanac.semantic;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import java.nio.file.Path;

/** The semantic layer's contract on SQLite, which has no percentile function: median and percentile metrics are refused. */
class SqliteSemanticTest extends AbstractSemanticEngineTest {
    @Override
    Source open(Path dir) {
        return Sources.openFile(SemanticFixture.sqlite(dir));
    }

    @Override
    boolean computesPercentiles() {
        return false;
    }
}
