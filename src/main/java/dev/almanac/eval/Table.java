package dev.almanac.eval;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A result to compare: column names and rows of plain values. */
public record Table(List<String> columns, List<List<Object>> rows) {
    /** Every row of a result set, its columns by their labels and its values as the driver gives them. */
    public static Table of(ResultSet rs) throws SQLException {
        int n = rs.getMetaData().getColumnCount();
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= n; i++) columns.add(rs.getMetaData().getColumnLabel(i));
        List<List<Object>> rows = new ArrayList<>();
        while (rs.next()) {
            List<Object> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) row.add(rs.getObject(i));
            rows.add(row);
        }
        return new Table(columns, rows);
    }
}
