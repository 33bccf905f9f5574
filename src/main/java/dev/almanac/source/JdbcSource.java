package dev.almanac.source;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.List;
import java.util.Properties;
import org.sqlite.SQLiteConfig;

/**
 * Any other JDBC database (SQLite files, PostgreSQL, ...). Connections are opened per callback and
 * marked read-only; SQLite files are opened in read-only mode by the driver itself, and PostgreSQL
 * sessions are read-only for every statement (the driver's {@code readOnlyMode=always}).
 */
public final class JdbcSource implements Source {
    private final String url;
    private final Dialect dialect;
    private final Path file;
    private final Properties properties;

    JdbcSource(String url, Properties properties) {
        this.url = url;
        this.dialect = Dialect.ofJdbcUrl(url);
        this.properties = new Properties();
        this.properties.putAll(properties);
        if (dialect == Dialect.POSTGRES) {
            // the driver's default applies read-only only inside explicit transactions; "always" makes every statement read-only
            this.properties.setProperty("readOnlyMode", "always");
            this.properties.putIfAbsent("ApplicationName", "almanac");
        }
        this.file = dialect == Dialect.SQLITE ? Path.of(url.substring("jdbc:sqlite:".length())) : null;
    }

    static JdbcSource sqliteFile(Path file) {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        return new JdbcSource("jdbc:sqlite:" + file.toAbsolutePath().normalize(), config.toProperties());
    }

    @Override
    public String id() {
        return withoutCredentials(url);
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public Optional<String> fingerprint() {
        return file == null ? Optional.empty() : DuckDbSource.fileFingerprint(file);
    }

    @Override
    public Connection openConnection() throws SQLException {
        Connection connection = DriverManager.getConnection(url, properties);
        connection.setReadOnly(true);
        return connection;
    }

    /**
     * On Trino a read-only connection is not enforced (autocommit ignores it): asks the engine, without writing, whether this
     * user may create a table in the URL's schema or insert into its first table ({@code EXPLAIN (TYPE VALIDATE)} checks
     * access but runs nothing). Access control is the second line under the guard (docs/SAFETY.md, "Trino").
     */
    @Override
    public Optional<String> writeAccess() {
        if (dialect != Dialect.TRINO) return Optional.empty();
        try (Connection c = DriverManager.getConnection(url, properties); java.sql.Statement s = c.createStatement()) {
            String schema = "\"" + c.getCatalog() + "\".\"" + c.getSchema() + "\"";
            List<String> can = new java.util.ArrayList<>();
            if (validates(s, "CREATE TABLE " + schema + ".\"almanac_write_probe\" AS SELECT 1 AS x")) can.add("create tables in " + schema);
            try (ResultSet rs = c.getMetaData().getTables(c.getCatalog(), c.getSchema(), "%", new String[] {"TABLE"})) {
                if (rs.next()) {
                    String table = schema + ".\"" + rs.getString("TABLE_NAME").replace("\"", "\"\"") + "\"";
                    if (validates(s, "INSERT INTO " + table + " SELECT * FROM " + table + " WHERE false")) can.add("insert into " + table);
                }
            }
            return can.isEmpty() ? Optional.empty() : Optional.of("the Trino user of " + withoutCredentials(url) + " may " + String.join(" and ", can));
        } catch (SQLException e) {
            return Optional.empty(); // cannot be told: the guard still refuses every write
        }
    }

    private static boolean validates(java.sql.Statement s, String sql) {
        try {
            s.execute("EXPLAIN (TYPE VALIDATE) " + sql);
            return true;
        } catch (SQLException refused) {
            return false; // "Access Denied", or a connector that cannot write
        }
    }

    @Override
    public void close() {
        // connections are closed per callback
    }

    /** Strips user:password@ and password=... parts so that an id can be printed and logged. */
    public static String withoutCredentials(String url) {
        return url.replaceAll("//[^/@]+@", "//")
                .replaceAll("(?i)(password|pwd|secret|token)=[^&;]*", "$1=***");
    }
}
