package dev.almanac.sql;

import java.util.List;
import java.util.Set;

/**
 * Rows of an executed query, within the row cap and the byte budgets of its limits; {@code truncation} says whether and
 * why the result is not whole. {@code tables} are the tables the query read, for provenance.
 */
public record QueryResult(String sql, List<String> columns, List<String> columnTypes, List<List<Object>> rows,
                          Truncation truncation, Set<String> tables, long elapsedMillis) {

    /** Why a result is not whole: rows left out (at the row cap or the result's byte budget), or values cut short. */
    public enum Truncation {
        /** Every row, every value whole. */
        NONE,
        /** The query returns more rows than the row cap. */
        ROW_CAP,
        /** The query returns more rows than fit the result's byte budget (values may be cut short as well). */
        RESULT_BYTES,
        /** Every row is here, but a value was longer than its byte budget and is cut short with a marker. */
        CELL_BYTES
    }

    /** A result cut at the row cap when {@code truncated}. */
    public QueryResult(String sql, List<String> columns, List<String> columnTypes, List<List<Object>> rows,
                       boolean truncated, Set<String> tables, long elapsedMillis) {
        this(sql, columns, columnTypes, rows, truncated ? Truncation.ROW_CAP : Truncation.NONE, tables, elapsedMillis);
    }

    public int rowCount() {
        return rows.size();
    }

    /** The result is not whole: rows left out, or values cut short. */
    public boolean truncated() {
        return truncation != Truncation.NONE;
    }

    /** The query returns more rows than these. */
    public boolean rowsLeftOut() {
        return truncation == Truncation.ROW_CAP || truncation == Truncation.RESULT_BYTES;
    }
}
