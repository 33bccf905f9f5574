package dev.almanac.semantic;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import java.nio.file.Path;

/** "Why did it change?" on SQLite (no GROUPING SETS: one query per dimension, as everywhere). */
class SqliteChangeAnalysisTest extends AbstractChangeAnalysisTest {
    @Override
    Source open(Path dir) {
        return Sources.openFile(SemanticFixture.sqlite(dir, ChangeFixture.SQL));
    }
}
