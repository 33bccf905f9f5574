package dev.almanac.semantic;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import java.nio.file.Path;

/** The semantic layer's contract on DuckDB (a fresh, read-only opened file). */
class DuckDbSemanticTest extends AbstractSemanticEngineTest {
    @Override
    Source open(Path dir) {
        return Sources.openFile(SemanticFixture.duckdb(dir));
    }
}
