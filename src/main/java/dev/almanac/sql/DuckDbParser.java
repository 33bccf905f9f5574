package dev.almanac.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.AlmanacException;
import dev.almanac.source.DuckDbSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * DuckDB's own parser: {@code json_serialize_sql} on a private in-memory engine that is locked down
 * like a data source, with one duplicate connection per thread so that statements parse in parallel.
 */
final class DuckDbParser implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Connection root;
    private final ThreadLocal<Connection> perThread = ThreadLocal.withInitial(this::duplicate);
    private final List<Connection> duplicates = Collections.synchronizedList(new ArrayList<>());
    /** The trees of the statements parsed last, by their text. */
    private final Map<String, JsonNode> recent = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, JsonNode> eldest) {
            return size() > 64;
        }
    });

    DuckDbParser() {
        try {
            this.root = dev.almanac.source.NativeLibraries.duckDb("jdbc:duckdb:", settings());
        } catch (SQLException e) {
            throw new AlmanacException("cannot start the SQL parser: " + e.getMessage(), e);
        }
    }

    private static Properties settings() {
        Properties p = DuckDbSource.lockedDown();
        p.remove("duckdb.read_only"); // an in-memory engine cannot be read-only; it holds nothing
        return p;
    }

    /**
     * The names (lower case) of the engine's own catalog relations: DuckDB's internal views and tables (duckdb_settings,
     * pg_settings, pragma_database_list, information_schema's views...), as this version of DuckDB defines them.
     */
    java.util.Set<String> catalogRelations() {
        java.util.Set<String> names = new java.util.HashSet<>();
        try (var s = root.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT lower(view_name) FROM duckdb_views() WHERE internal UNION SELECT lower(table_name) FROM duckdb_tables() WHERE internal")) {
            while (rs.next()) names.add(rs.getString(1));
        } catch (SQLException e) {
            throw new AlmanacException("cannot read DuckDB's catalog: " + Guard.firstLine(e.getMessage()), e);
        }
        return java.util.Set.copyOf(names);
    }

    /** The serialized parse tree: {@code statements}, or {@code error} with {@code error_type} and {@code error_message}. */
    JsonNode serialize(String sql) {
        // the guard reads an answer's statement when it runs it and again for its explanation: the last trees are kept
        JsonNode known = recent.get(sql);
        if (known != null) return known.deepCopy();
        JsonNode tree = parsed(sql);
        recent.put(sql, tree);
        return tree.deepCopy();
    }

    private JsonNode parsed(String sql) {
        try (PreparedStatement ps = perThread.get().prepareStatement("SELECT json_serialize_sql(?::VARCHAR)")) {
            ps.setString(1, sql);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return JSON.readTree(rs.getString(1));
            }
        } catch (SQLException | IOException e) {
            throw new AlmanacException("the SQL parser failed: " + Guard.firstLine(e.getMessage()), e);
        }
    }

    private Connection duplicate() {
        try {
            Connection c = ((org.duckdb.DuckDBConnection) root).duplicate();
            duplicates.add(c);
            return c;
        } catch (SQLException e) {
            throw new AlmanacException("cannot start the SQL parser: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        synchronized (duplicates) {
            for (Connection c : duplicates) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // in-memory parser engine: nothing to lose
                }
            }
        }
        try {
            root.close();
        } catch (SQLException ignored) {
            // in-memory parser engine: nothing to lose
        }
    }
}
