package dev.almanac.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.sqlite.SQLiteConfig;

/**
 * The Spider dev set's SQLite databases (../shared/bench/spider-dev), opened read-only on demand, one
 * connection each: whether SQLite compiles a statement on a database, and the tables it has.
 */
public final class SpiderDatabases implements AutoCloseable {
    public static final Path SPIDER = Path.of("..", "shared", "bench", "spider-dev");

    private final Map<String, Connection> connections = new HashMap<>();
    private final Map<String, Set<String>> tables = new HashMap<>();

    /** Whether the data set is on this machine (tests skip without it). */
    public static boolean present() {
        return Files.isDirectory(SPIDER.resolve("database"));
    }

    /**
     * Skips the calling test when the data set is not on this machine; in CI ({@code CI=true}) a missing data set fails it
     * instead, so that a checkout without the bench folder cannot pass by skipping.
     */
    public static void require() {
        if (present()) return;
        String why = "Spider dev set not present at " + SPIDER.toAbsolutePath().normalize();
        if ("true".equalsIgnoreCase(System.getenv("CI"))) org.junit.jupiter.api.Assertions.fail(why + " (in CI the bench data must be there)");
        org.junit.jupiter.api.Assumptions.assumeTrue(false, why);
    }

    /** Whether the database exists (wta_1's does not). */
    public boolean has(String db) throws SQLException {
        return connection(db) != null;
    }

    /** Whether SQLite compiles the statement on the database: syntax, tables and columns, without running it. */
    public boolean accepts(String db, String sql) throws SQLException {
        Connection c = connection(db);
        if (c == null || sql.isBlank()) return false;
        try (PreparedStatement ignored = c.prepareStatement(sql)) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /** The database's tables and views, in lower case. */
    public Set<String> tables(String db) throws SQLException {
        connection(db);
        return tables.getOrDefault(db, Set.of());
    }

    private Connection connection(String db) throws SQLException {
        if (connections.containsKey(db)) return connections.get(db);
        Path file = SPIDER.resolve("database").resolve(db).resolve(db + ".sqlite");
        Connection c = null;
        if (Files.isRegularFile(file)) {
            SQLiteConfig config = new SQLiteConfig();
            config.setReadOnly(true);
            c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath(), config.toProperties());
            Set<String> names = new HashSet<>();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")) {
                while (rs.next()) names.add(rs.getString(1).toLowerCase(Locale.ROOT));
            }
            tables.put(db, Set.copyOf(names));
        }
        connections.put(db, c);
        return c;
    }

    @Override
    public void close() throws SQLException {
        for (Connection c : connections.values()) {
            if (c != null) c.close();
        }
    }
}
