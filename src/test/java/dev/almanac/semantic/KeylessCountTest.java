package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table with no primary key and no count of its own, as published models have (a feed's discrepancies, one row each), on
 * a weather station's model written for this test: "how many" of its rows is the count of its rows, as for a table with a
 * key; the answer is checked against the rows written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KeylessCountTest {
    static final LocalDate TODAY = LocalDate.of(2026, 6, 1);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "station", """
                CREATE TABLE faults (sensor VARCHAR, fault_kind VARCHAR);
                INSERT INTO faults VALUES ('north mast', 'drift'), ('north mast', 'gap'), ('south mast', 'drift'), ('roof', 'spike'), ('roof', 'drift')
                """, """
                name: station
                datasets:
                  - name: faults
                    table: faults
                    dimensions:
                      - {name: sensor, type: categorical, label: Sensor}
                      - {name: fault_kind, type: categorical, label: Fault kind}
                metrics:
                  - {name: sensors_at_fault, type: simple, dataset: faults, agg: count_distinct, expr: sensor, label: Sensors at fault}
                """, "a weather station's faults");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    @Test
    void how_many_rows_of_a_table_without_a_key_is_their_count() throws Exception {
        SemanticQuery byKind = db.query(TODAY, "How many faults are there of each fault kind?");
        assertThat(byKind.metrics()).containsExactly("faults_count");
        assertThat(byKind.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("fault_kind");
        assertThat(LayerOnDuckDb.lines(db.layer.run(byKind).result().rows())).containsExactly("drift | 3", "gap | 1", "spike | 1");
    }
}
