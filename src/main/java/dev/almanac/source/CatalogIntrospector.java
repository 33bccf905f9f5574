package dev.almanac.source;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a source's catalog: structure from the engine's own catalog (DuckDB system functions) or
 * from JDBC metadata (everything else), then statistics with plain SQL: row counts, the range of
 * every date/timestamp column, and sample values of low-cardinality text columns.
 */
public final class CatalogIntrospector {
    /** A text column with at most this many distinct values counts as low-cardinality. */
    static final int LOW_CARDINALITY = 25;
    static final int SAMPLE_VALUES = 10;

    public Catalog introspect(Source source) {
        return source.withConnection(connection -> {
            List<Catalog.Table> structure = source.dialect() == Dialect.DUCKDB ? duckDbStructure(connection, true)
                    : jdbcStructure(connection, source.dialect() == Dialect.TRINO, true);
            List<Catalog.Table> tables = new ArrayList<>();
            for (Catalog.Table t : structure) tables.add(withStatistics(connection, t));
            return new Catalog(source.id(), source.fingerprint().orElse(""), List.copyOf(tables));
        });
    }

    /**
     * Tables and views with their columns, keys and comments, from the engine's catalog alone: no row of data is read (no
     * counts, ranges or samples), so it takes the same time whatever the tables hold. What {@code almanac init} profiles.
     */
    public Catalog structure(Source source) {
        return source.withConnection(connection -> new Catalog(source.id(), source.fingerprint().orElse(""), List.copyOf(
                source.dialect() == Dialect.DUCKDB ? duckDbStructure(connection, true) : jdbcStructure(connection, source.dialect() == Dialect.TRINO, true))));
    }

    private record Shape(String schema, String name, String comment, List<Catalog.Column> columns,
                         List<String> primaryKey, List<Catalog.ForeignKey> foreignKeys) {}

    private static List<Catalog.Table> duckDbStructure(Connection c, boolean views) throws SQLException {
        Map<String, Shape> shapes = new LinkedHashMap<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("""
                     SELECT schema_name, table_name, comment FROM duckdb_tables()
                     WHERE NOT internal AND NOT temporary AND database_name = current_database()
                     ORDER BY schema_name, table_name""")) {
            while (rs.next()) {
                String key = rs.getString(1) + "." + rs.getString(2);
                shapes.put(key, new Shape(rs.getString(1), rs.getString(2), rs.getString(3), new ArrayList<>(), new ArrayList<>(), new ArrayList<>()));
            }
        }
        if (views) {
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("""
                         SELECT schema_name, view_name, comment FROM duckdb_views()
                         WHERE NOT internal AND NOT temporary AND database_name = current_database()
                         ORDER BY schema_name, view_name""")) {
                while (rs.next()) {
                    shapes.putIfAbsent(rs.getString(1) + "." + rs.getString(2),
                            new Shape(rs.getString(1), rs.getString(2), rs.getString(3), new ArrayList<>(), new ArrayList<>(), new ArrayList<>()));
                }
            }
        }
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("""
                     SELECT schema_name, table_name, column_name, data_type, is_nullable, comment FROM duckdb_columns()
                     WHERE NOT internal AND database_name = current_database()
                     ORDER BY schema_name, table_name, column_index""")) {
            while (rs.next()) {
                Shape shape = shapes.get(rs.getString(1) + "." + rs.getString(2));
                if (shape != null) {
                    shape.columns().add(new Catalog.Column(rs.getString(3), rs.getString(4), rs.getBoolean(5), rs.getString(6), null, null, List.of()));
                }
            }
        }
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("""
                     SELECT schema_name, table_name, constraint_type, constraint_column_names, referenced_table, referenced_column_names
                     FROM duckdb_constraints()
                     WHERE constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY') AND database_name = current_database()
                     ORDER BY schema_name, table_name, constraint_index""")) {
            while (rs.next()) {
                Shape shape = shapes.get(rs.getString(1) + "." + rs.getString(2));
                if (shape == null) continue;
                List<String> columns = stringList(rs.getArray(4));
                if (rs.getString(3).equals("PRIMARY KEY")) {
                    shape.primaryKey().addAll(columns);
                } else {
                    shape.foreignKeys().add(new Catalog.ForeignKey(columns, rs.getString(5), stringList(rs.getArray(6))));
                }
            }
        }
        return shapes.values().stream()
                .map(s -> new Catalog.Table(s.schema(), s.name(), blankToNull(s.comment()), 0, s.columns(), s.primaryKey(), s.foreignKeys()))
                .toList();
    }

    /**
     * Tables, columns and keys from the driver's metadata. On a federated engine (Trino) only the catalog and schema of the
     * URL are read: the others are other systems (a tpch catalog alone has thousands of generated schemas).
     */
    private static List<Catalog.Table> jdbcStructure(Connection c, boolean onlyTheUrlsSchema, boolean views) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        List<Catalog.Table> tables = new ArrayList<>();
        String catalog = onlyTheUrlsSchema ? c.getCatalog() : null;
        String schemas = onlyTheUrlsSchema && c.getSchema() != null ? c.getSchema() : null;
        try (ResultSet rs = meta.getTables(catalog, schemas, "%", views ? new String[] {"TABLE", "VIEW"} : new String[] {"TABLE"})) {
            while (rs.next()) {
                String schema = rs.getString("TABLE_SCHEM");
                String name = rs.getString("TABLE_NAME");
                if (name.startsWith("sqlite_")) continue;
                tables.add(new Catalog.Table(schema, name, blankToNull(rs.getString("REMARKS")), 0,
                        jdbcColumns(meta, catalog, schema, name), jdbcPrimaryKey(meta, catalog, schema, name), jdbcForeignKeys(meta, catalog, schema, name)));
            }
        }
        return tables;
    }

    private static List<Catalog.Column> jdbcColumns(DatabaseMetaData meta, String catalog, String schema, String table) throws SQLException {
        List<Catalog.Column> columns = new ArrayList<>();
        try (ResultSet rs = meta.getColumns(catalog, schema, table, "%")) {
            while (rs.next()) {
                columns.add(new Catalog.Column(rs.getString("COLUMN_NAME"), rs.getString("TYPE_NAME"),
                        rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls, blankToNull(rs.getString("REMARKS")), null, null, List.of()));
            }
        } catch (SQLException e) {
            // SQLite's driver reads a table's columns with one compound SELECT, which fails past 500 columns: its pragma does not
            if (!meta.getURL().startsWith("jdbc:sqlite:")) throw e;
            columns.clear();
            try (Statement s = meta.getConnection().createStatement();
                 ResultSet rs = s.executeQuery("PRAGMA table_info(" + quote(table) + ")")) {
                while (rs.next()) columns.add(new Catalog.Column(rs.getString("name"), rs.getString("type"), rs.getInt("notnull") == 0, null, null, null, List.of()));
            }
        }
        return columns;
    }

    /** The primary key, where the engine keeps one (Trino's connectors mostly do not: none, said by `almanac schema`). */
    private static List<String> jdbcPrimaryKey(DatabaseMetaData meta, String catalog, String schema, String table) throws SQLException {
        Map<Integer, String> bySeq = new java.util.TreeMap<>();
        try (ResultSet rs = meta.getPrimaryKeys(catalog, schema, table)) {
            while (rs.next()) bySeq.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
        } catch (java.sql.SQLFeatureNotSupportedException e) {
            return List.of();
        }
        return new ArrayList<>(bySeq.values());
    }

    private static List<Catalog.ForeignKey> jdbcForeignKeys(DatabaseMetaData meta, String catalog, String schema, String table) throws SQLException {
        Map<String, List<String[]>> byKey = new LinkedHashMap<>();
        try (ResultSet rs = meta.getImportedKeys(catalog, schema, table)) {
            // a key is its rows in KEY_SEQ order; a new first column starts another key even under the same name (SQLite's
            // driver names none, so two keys to one table would otherwise read as one key of two columns)
            Map<String, Integer> lastSeq = new java.util.HashMap<>();
            Map<String, Integer> part = new java.util.HashMap<>();
            while (rs.next()) {
                String base = rs.getString("PKTABLE_NAME") + "#" + rs.getString("FK_NAME");
                int seq = rs.getInt("KEY_SEQ");
                Integer last = lastSeq.get(base);
                if (last != null && seq <= last) part.merge(base, 1, Integer::sum);
                lastSeq.put(base, seq);
                String key = base + "#" + part.getOrDefault(base, 0);
                byKey.computeIfAbsent(key, k -> new ArrayList<>())
                        .add(new String[] {rs.getString("FKCOLUMN_NAME"), rs.getString("PKTABLE_NAME"), rs.getString("PKCOLUMN_NAME")});
            }
        } catch (java.sql.SQLFeatureNotSupportedException e) {
            return List.of(); // an engine without foreign keys (Trino)
        }
        List<Catalog.ForeignKey> keys = new ArrayList<>();
        for (List<String[]> parts : byKey.values()) {
            keys.add(new Catalog.ForeignKey(parts.stream().map(p -> p[0]).toList(), parts.get(0)[1],
                    parts.stream().map(p -> p[2]).toList()));
        }
        return keys;
    }

    private static Catalog.Table withStatistics(Connection c, Catalog.Table t) throws SQLException {
        String from = " FROM " + quote(t.schema(), t.name());
        List<Catalog.Column> temporal = t.columns().stream().filter(Catalog.Column::isTemporal).toList();
        List<Catalog.Column> text = t.columns().stream().filter(col -> Catalog.isText(col.type())).toList();

        StringBuilder sql = new StringBuilder("SELECT count(*)");
        for (Catalog.Column col : temporal) sql.append(", CAST(min(").append(quote(col.name())).append(") AS VARCHAR), CAST(max(").append(quote(col.name())).append(") AS VARCHAR)");
        for (Catalog.Column col : text) sql.append(", count(DISTINCT ").append(quote(col.name())).append(")");
        sql.append(from);

        Map<String, String[]> ranges = new LinkedHashMap<>();
        Map<String, Long> distinct = new LinkedHashMap<>();
        long rows;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.toString())) {
            rs.next();
            rows = rs.getLong(1);
            int i = 2;
            for (Catalog.Column col : temporal) {
                ranges.put(col.name(), new String[] {rs.getString(i), rs.getString(i + 1)});
                i += 2;
            }
            for (Catalog.Column col : text) distinct.put(col.name(), rs.getLong(i++));
        }

        List<Catalog.Column> columns = new ArrayList<>();
        for (Catalog.Column col : t.columns()) {
            String[] range = ranges.get(col.name());
            Long d = distinct.get(col.name());
            List<String> samples = d != null && d > 0 && d <= LOW_CARDINALITY ? samples(c, from, col.name()) : List.of();
            columns.add(new Catalog.Column(col.name(), col.type(), col.nullable(), blankToNull(col.comment()),
                    range == null ? null : range[0], range == null ? null : range[1], samples));
        }
        return new Catalog.Table(t.schema(), t.name(), t.comment(), rows, List.copyOf(columns), List.copyOf(t.primaryKey()), List.copyOf(t.foreignKeys()));
    }

    /** The most frequent values first, ties broken alphabetically, so the sample is deterministic. */
    private static List<String> samples(Connection c, String from, String column) throws SQLException {
        String q = quote(column);
        List<String> values = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT " + q + ", count(*) AS n" + from + " WHERE " + q + " IS NOT NULL GROUP BY " + q
                     + " ORDER BY n DESC, " + q + " LIMIT " + SAMPLE_VALUES)) {
            while (rs.next()) values.add(rs.getString(1));
        }
        return List.copyOf(values);
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    private static String quote(String schema, String name) {
        return schema == null || schema.isEmpty() ? quote(name) : quote(schema) + "." + quote(name);
    }

    private static List<String> stringList(java.sql.Array array) throws SQLException {
        if (array == null) return List.of();
        Object[] values = (Object[]) array.getArray();
        return Arrays.stream(values).map(String::valueOf).toList();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
