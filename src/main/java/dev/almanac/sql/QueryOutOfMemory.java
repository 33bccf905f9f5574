package dev.almanac.sql;

import dev.almanac.source.DuckDbSource;
import dev.almanac.source.EngineLimits;
import dev.almanac.source.Source;
import java.sql.SQLException;
import java.util.Locale;

/** A query the engine stopped because it needed more memory (and temporary disk) than its limits allow: a refusal, not a fault. */
public class QueryOutOfMemory extends QueryFailed {
    public QueryOutOfMemory(Source source, SQLException cause) {
        super(message(source), cause);
    }

    static boolean isOutOfMemory(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && m.toLowerCase(Locale.ROOT).contains("out of memory")) return true;
        }
        return false;
    }

    private static String message(Source source) {
        String limits = source instanceof DuckDbSource d
                ? " (" + EngineLimits.shown(d.limits().memoryBytes()) + " of memory, duckdb_memory_limit, and "
                        + EngineLimits.shown(d.limits().maxTempBytes()) + " of temporary disk, duckdb_max_temp_size)"
                : "";
        return "query refused: it needs more memory than the engine may use" + limits
                + "; aggregate in the query, select fewer columns or rows, or ask for a shorter period";
    }
}
