package dev.almanac.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Copies a demo warehouse (a DuckDB file) into a PostgreSQL database or a SQLite file over JDBC, table by table with
 * each engine's types (dates and timestamps as SQLite's ISO text), so that the same semantic queries can be run on
 * the same rows everywhere.
 */
public final class DemoCopy {
    private static final int BATCH = 5_000;

    private DemoCopy() {}

    public enum Target { POSTGRES, SQLITE }

    /** Every table of the DuckDB file, copied to the JDBC URL; returns the tables copied. */
    public static List<String> copy(java.nio.file.Path duckdb, String targetUrl, Target target) {
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + duckdb, readOnly());
             Connection to = DriverManager.getConnection(targetUrl)) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = duck.createStatement().executeQuery("SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' ORDER BY 1")) {
                while (rs.next()) tables.add(rs.getString(1));
            }
            to.setAutoCommit(false);
            for (String table : tables) copy(duck, to, table, target);
            to.commit();
            return tables;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot copy the demo into " + targetUrl + ": " + e.getMessage(), e);
        }
    }

    private static java.util.Properties readOnly() {
        java.util.Properties p = new java.util.Properties();
        p.setProperty("duckdb.read_only", "true");
        return p;
    }

    private static void copy(Connection duck, Connection to, String table, Target target) throws SQLException {
        try (Statement read = duck.createStatement(); ResultSet rs = read.executeQuery("SELECT * FROM \"" + table + "\"")) {
            ResultSetMetaData md = rs.getMetaData();
            int n = md.getColumnCount();
            List<String> defs = new ArrayList<>();
            List<String> kinds = new ArrayList<>();
            List<String> params = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                String type = md.getColumnTypeName(i).toUpperCase(Locale.ROOT);
                String kind = type.startsWith("DECIMAL") ? "decimal" : switch (type) {
                    case "BOOLEAN" -> "boolean";
                    case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UBIGINT", "UINTEGER" -> "integer";
                    case "FLOAT", "REAL", "DOUBLE" -> "double";
                    case "DATE" -> "date";
                    case "TIMESTAMP", "TIMESTAMP_NS", "TIMESTAMP_MS", "TIMESTAMP_S" -> "timestamp";
                    default -> "text";
                };
                kinds.add(kind);
                String sqlType = switch (kind) {
                    case "decimal" -> target == Target.POSTGRES ? "numeric(" + Math.max(1, md.getPrecision(i)) + ", " + Math.max(0, md.getScale(i)) + ")" : "DECIMAL";
                    case "boolean" -> "BOOLEAN";
                    case "integer" -> "BIGINT";
                    case "double" -> target == Target.POSTGRES ? "double precision" : "REAL";
                    case "date" -> target == Target.POSTGRES ? "date" : "DATE";
                    case "timestamp" -> target == Target.POSTGRES ? "timestamp" : "TIMESTAMP";
                    default -> "TEXT";
                };
                defs.add("\"" + md.getColumnName(i) + "\" " + sqlType);
                params.add(target == Target.POSTGRES && (kind.equals("date") || kind.equals("timestamp")) ? "CAST(? AS " + kind + ")" : "?");
            }
            try (Statement s = to.createStatement()) {
                s.execute("DROP TABLE IF EXISTS \"" + table + "\"");
                s.execute("CREATE TABLE \"" + table + "\" (" + String.join(", ", defs) + ")");
            }
            try (PreparedStatement insert = to.prepareStatement("INSERT INTO \"" + table + "\" VALUES (" + String.join(", ", params) + ")")) {
                int batch = 0;
                while (rs.next()) {
                    for (int i = 1; i <= n; i++) {
                        Object v = rs.getObject(i);
                        if (v == null) {
                            insert.setObject(i, null);
                            continue;
                        }
                        switch (kinds.get(i - 1)) {
                            case "decimal" -> insert.setBigDecimal(i, rs.getBigDecimal(i));
                            case "boolean" -> {
                                if (target == Target.SQLITE) insert.setInt(i, rs.getBoolean(i) ? 1 : 0);
                                else insert.setBoolean(i, rs.getBoolean(i));
                            }
                            case "integer" -> insert.setLong(i, rs.getLong(i));
                            case "double" -> insert.setDouble(i, rs.getDouble(i));
                            case "date" -> insert.setString(i, rs.getString(i).substring(0, 10));
                            case "timestamp" -> insert.setString(i, rs.getString(i).replace('T', ' '));
                            default -> insert.setString(i, rs.getString(i));
                        }
                    }
                    insert.addBatch();
                    if (++batch == BATCH) {
                        insert.executeBatch();
                        batch = 0;
                    }
                }
                if (batch > 0) insert.executeBatch();
            }
        }
    }
}
