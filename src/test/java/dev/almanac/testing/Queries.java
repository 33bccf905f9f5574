package dev.almanac.testing;

import dev.almanac.source.Source;

/** Reading one number straight from a source, around the guard and the executor, to check what the engine holds. */
public final class Queries {
    private Queries() {}

    public static long single(Source source, String sql) {
        return source.withConnection(c -> {
            var rs = c.createStatement().executeQuery(sql);
            rs.next();
            return rs.getLong(1);
        });
    }

    /** Every row of a query, each value as JDBC gives it. */
    public static java.util.List<java.util.List<Object>> rows(Source source, String sql) {
        return source.withConnection(c -> {
            var rs = c.createStatement().executeQuery(sql);
            java.util.List<java.util.List<Object>> out = new java.util.ArrayList<>();
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                java.util.List<Object> row = new java.util.ArrayList<>();
                for (int i = 1; i <= n; i++) row.add(rs.getObject(i));
                out.add(row);
            }
            return out;
        });
    }
}
