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

    /** Every table's row count, by name. */
    static java.util.Map<String, Long> rowCounts() {
        try (Source s = Sources.openFile(DemoWarehouse.file())) {
            return s.withConnection(c -> {
                java.util.Map<String, Long> counts = new java.util.TreeMap<>();
                java.util.List<String> tables = new java.util.ArrayList<>();
                try (var rs = c.createStatement().executeQuery("SELECT table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE'")) {
                    while (rs.next()) tables.add(rs.getString(1));
                }
                for (String t : tables) {
                    try (var rs = c.createStatement().executeQuery("SELECT count(*) FROM \"" + t + "\"")) {
                        rs.next();
                        counts.put(t, rs.getLong(1));
                    }
                }
                return counts;
            });
        }
    }
}
