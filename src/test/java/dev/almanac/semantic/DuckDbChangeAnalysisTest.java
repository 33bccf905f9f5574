package dev.almanac.semantic;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import java.nio.file.Path;

/** "Why did it change?" on DuckDB. */
class DuckDbChangeAnalysisTest extends AbstractChangeAnalysisTest {
    @Override
    Source open(Path dir) {
        return Sources.openFile(SemanticFixture.duckdb(dir, ChangeFixture.SQL));
    }
}
