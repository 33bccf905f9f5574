package dev.almanac.demo;

import dev.almanac.AlmanacException;
import dev.almanac.UserError;
import dev.almanac.source.Source;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Copies the demo warehouse into a schema of a Trino catalog (the memory connector, or any that can create tables), so
 * that a team can try Almanac on a cluster: each table created with Trino's types and filled by INSERT ... VALUES in
 * batches. The target URL names the catalog and schema and a user that may write there (not Almanac's read-only user).
 */
public final class TrinoLoader {
    /** Rows per INSERT: well under Trino's default query-text limit, few enough round trips. */
    static final int BATCH = 2_000;

    private TrinoLoader() {}

    /** The rows copied per table, in the warehouse's order. */
    public static Map<String, Long> load(Source warehouse, String trinoUrl, PrintStream progress) {
        if (!trinoUrl.startsWith("jdbc:trino:")) throw new UserError("--target must be a Trino JDBC URL (jdbc:trino://host:port/catalog/schema?user=...)");
        List<String> tables = warehouse.withConnection(c -> {
            List<String> names = new ArrayList<>();
            try (ResultSet rs = c.createStatement().executeQuery("SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' ORDER BY table_name")) {
                while (rs.next()) names.add(rs.getString(1));
            }
            return names;
        });
        Map<String, Long> rows = new LinkedHashMap<>();
        try (Connection trino = DriverManager.getConnection(trinoUrl)) {
            if (trino.getSchema() == null || trino.getCatalog() == null) throw new UserError("the Trino URL must name a catalog and a schema: jdbc:trino://host:port/CATALOG/SCHEMA");
            try (Statement s = trino.createStatement()) {
                s.execute("CREATE SCHEMA IF NOT EXISTS " + quote(trino.getCatalog()) + "." + quote(trino.getSchema()));
            }
            for (String table : tables) {
                long n = copy(warehouse, trino, table);
                rows.put(table, n);
                if (progress != null) progress.printf("  %s: %,d rows%n", table, n);
            }
        } catch (SQLException e) {
            throw new AlmanacException("cannot load the demo into " + trinoUrl.replaceAll("(?i)(password)=[^&;]*", "$1=***") + ": " + e.getMessage(), e);
        }
        return rows;
    }

    private static long copy(Source warehouse, Connection trino, String table) throws SQLException {
        return warehouse.withConnection(duck -> {
            try (Statement read = duck.createStatement(); ResultSet rs = read.executeQuery("SELECT * FROM " + quote(table))) {
                ResultSetMetaData md = rs.getMetaData();
                List<String> columns = new ArrayList<>();
                List<String> types = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    columns.add(quote(md.getColumnName(i)));
                    types.add(trinoType(md, i));
                }
                try (Statement s = trino.createStatement()) {
                    s.execute("DROP TABLE IF EXISTS " + quote(table));
                    List<String> defs = new ArrayList<>();
                    for (int i = 0; i < columns.size(); i++) defs.add(columns.get(i) + " " + types.get(i));
                    s.execute("CREATE TABLE " + quote(table) + " (" + String.join(", ", defs) + ")");
                    long n = 0;
                    List<String> batch = new ArrayList<>();
                    while (rs.next()) {
                        List<String> values = new ArrayList<>();
                        for (int i = 1; i <= columns.size(); i++) values.add(literal(rs.getObject(i), types.get(i - 1)));
                        batch.add("(" + String.join(", ", values) + ")");
                        n++;
                        if (batch.size() == BATCH) insert(s, table, columns, batch);
                    }
                    if (!batch.isEmpty()) insert(s, table, columns, batch);
                    return n;
                }
            }
        });
    }

    private static void insert(Statement s, String table, List<String> columns, List<String> batch) throws SQLException {
        s.execute("INSERT INTO " + quote(table) + " (" + String.join(", ", columns) + ") VALUES " + String.join(", ", batch));
        batch.clear();
    }

    /** Trino's type for a DuckDB column. */
    static String trinoType(ResultSetMetaData md, int i) throws SQLException {
        String name = md.getColumnTypeName(i).toUpperCase(Locale.ROOT);
        if (name.startsWith("DECIMAL")) return "decimal(" + Math.max(1, md.getPrecision(i)) + ", " + Math.max(0, md.getScale(i)) + ")";
        return switch (name) {
            case "BOOLEAN" -> "boolean";
            case "TINYINT" -> "tinyint";
            case "SMALLINT" -> "smallint";
            case "INTEGER" -> "integer";
            case "BIGINT", "HUGEINT", "UBIGINT", "UINTEGER" -> "bigint";
            case "FLOAT", "REAL" -> "real";
            case "DOUBLE" -> "double";
            case "DATE" -> "date";
            case "TIMESTAMP", "TIMESTAMP_NS", "TIMESTAMP_MS", "TIMESTAMP_S" -> "timestamp(6)";
            case "TIMESTAMP WITH TIME ZONE" -> "timestamp(6) with time zone";
            case "TIME" -> "time(6)";
            default -> md.getColumnType(i) == Types.VARCHAR || name.equals("VARCHAR") ? "varchar" : "varchar";
        };
    }

    /** A value as a Trino literal of its column's type. */
    static String literal(Object v, String type) {
        if (v == null) return "NULL";
        if (type.equals("boolean")) return Boolean.TRUE.equals(v) || "true".equalsIgnoreCase(v.toString()) ? "true" : "false";
        if (type.startsWith("decimal")) return "DECIMAL '" + new BigDecimal(v.toString()).toPlainString() + "'";
        if (type.equals("double") || type.equals("real")) return "CAST(" + v + " AS " + type + ")";
        if (type.endsWith("int") || type.equals("integer")) return v.toString();
        if (type.equals("date")) return "DATE '" + v.toString().substring(0, 10) + "'";
        if (type.startsWith("timestamp")) return "TIMESTAMP '" + v.toString().replace('T', ' ') + "'";
        if (type.startsWith("time")) return "TIME '" + v + "'";
        return "'" + v.toString().replace("'", "''") + "'";
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
