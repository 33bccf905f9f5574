package dev.almanac.demo;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Map;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/** Appends rows to one table through DuckDB's appender; values are dispatched on their Java type. */
final class TableWriter implements AutoCloseable {
    private final DuckDBAppender appender;
    private final String table;
    private final Map<String, Long> counts;
    private long rows;

    /** Rows written are added to {@code counts} under the table's name when the writer closes. */
    TableWriter(DuckDBConnection connection, String table, Map<String, Long> counts) throws SQLException {
        this.appender = connection.createAppender("memory", "main", table);
        this.table = table;
        this.counts = counts;
    }

    void row(Object... values) throws SQLException {
        appender.beginRow();
        for (Object v : values) {
            if (v == null) appender.appendNull();
            else if (v instanceof Integer i) appender.append(i.intValue());
            else if (v instanceof Long l) appender.append(l.longValue());
            else if (v instanceof String s) appender.append(s);
            else if (v instanceof Boolean b) appender.append(b.booleanValue());
            else if (v instanceof LocalDate d) appender.append(d);
            else if (v instanceof LocalDateTime t) appender.append(t);
            else if (v instanceof BigDecimal d) appender.append(d);
            else throw new IllegalArgumentException("unsupported demo value type " + v.getClass());
        }
        appender.endRow();
        rows++;
    }

    /** Cents as a DECIMAL(…,2) dollar amount. */
    static BigDecimal dollars(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    @Override
    public void close() throws SQLException {
        appender.close();
        counts.merge(table, rows, Long::sum);
    }
}
