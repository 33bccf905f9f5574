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
}
