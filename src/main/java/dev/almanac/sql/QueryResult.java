package dev.almanac.sql;

import java.util.List;
import java.util.Set;

/**
 * Rows of an executed query, at most the row cap of them; {@code truncated} says the query returned
 * more. {@code tables} are the tables the query read, for provenance.
 */
public record QueryResult(String sql, List<String> columns, List<String> columnTypes, List<List<Object>> rows,
                          boolean truncated, Set<String> tables, long elapsedMillis) {
    public int rowCount() {
        return rows.size();
    }
}
