package dev.almanac.cli;

import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.testing.DemoWarehouse;

/** Reads a value straight from the demo warehouse over JDBC, to compare with what a command printed. */
final class DemoWarehouseQueries {
    private DemoWarehouseQueries() {}

    static Object value(String sql) {
        try (Source s = Sources.openFile(DemoWarehouse.file())) {
            return s.withConnection(c -> {
                var rs = c.createStatement().executeQuery(sql);
                rs.next();
                return rs.getObject(1);
            });
        }
    }
}
