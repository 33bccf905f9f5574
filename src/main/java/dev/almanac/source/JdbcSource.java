package dev.almanac.source;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;
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

    @Override
    public void close() {
        // connections are closed per callback
    }

    /** Strips user:password@ and password=... parts so that an id can be printed and logged. */
    static String withoutCredentials(String url) {
        return url.replaceAll("//[^/@]+@", "//")
                .replaceAll("(?i)(password|pwd|secret|token)=[^&;]*", "$1=***");
    }
}
