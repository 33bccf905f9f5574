package dev.almanac.store;

import dev.almanac.AlmanacException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.flywaydb.core.Flyway;

/**
 * Almanac's own persistent state: an embedded SQLite file by default, PostgreSQL for teams. Schema
 * migrations (Flyway, portable SQL) run when the store opens. Writes go through
 * {@link #inTransaction}: all of the work commits, or none of it does.
 */
public final class AppStore {
    private static final String MIGRATIONS = "classpath:dev/almanac/store/migration";

    private final String url;
    private final Properties properties;
    private final boolean sqlite;
    private volatile com.zaxxer.hikari.HikariDataSource pool;
    private volatile java.time.Clock clock = java.time.Clock.systemUTC();

    private AppStore(String url, Properties properties) {
        this.url = url;
        this.properties = properties;
        this.sqlite = url.startsWith("jdbc:sqlite:");
    }

    /** The embedded store in a SQLite file, created with its parent folders when missing. */
    public static AppStore sqlite(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new AlmanacException("cannot create the app store folder for " + file + ": " + e.getMessage(), e);
        }
        // writers take the lock when their transaction begins (no read-then-write deadlocks between
        // concurrent requests), and readers do not wait for writers (write-ahead log)
        Properties p = new Properties();
        p.setProperty("transaction_mode", "IMMEDIATE");
        p.setProperty("journal_mode", "WAL");
        p.setProperty("busy_timeout", "10000");
        return open("jdbc:sqlite:" + file.toAbsolutePath(), p);
    }

    /** The store at a URL: a SQLite file (created with the embedded settings) or a PostgreSQL database. */
    public static AppStore at(String url) {
        if (url.startsWith("jdbc:sqlite:")) return sqlite(Path.of(url.substring("jdbc:sqlite:".length())));
        if (!url.startsWith("jdbc:postgresql:")) throw new dev.almanac.UserError("the app store must be a jdbc:sqlite: or jdbc:postgresql: URL");
        Properties p = new Properties();
        p.setProperty("ApplicationName", "almanac-app-store");
        return open(url, p);
    }

    /** A store at a JDBC URL (jdbc:sqlite:... or jdbc:postgresql:...), migrated to the current schema. */
    public static AppStore open(String url, Properties properties) {
        if (url.startsWith("jdbc:sqlite:")) dev.almanac.source.NativeLibraries.prepareSqlite();
        AppStore store = new AppStore(url, properties);
        store.migrate();
        return store;
    }

    /** The newest migration's version (V&lt;n&gt;__*.sql under {@code MIGRATIONS}); a test holds it to the files. */
    static final int LATEST_MIGRATION = 8;

    /** Whether the store's schema history says every migration up to the newest has run, and none failed. */
    private boolean current() {
        try (java.sql.Connection c = sqlite ? dev.almanac.source.NativeLibraries.sqlite(url, properties) : java.sql.DriverManager.getConnection(url, properties);
             java.sql.Statement s = c.createStatement();
             java.sql.ResultSet rs = s.executeQuery("SELECT version, success FROM flyway_schema_history WHERE version IS NOT NULL")) {
            int newest = 0;
            while (rs.next()) {
                if (!rs.getBoolean(2)) return false;
                newest = Math.max(newest, Integer.parseInt(rs.getString(1).strip()));
            }
            return newest == LATEST_MIGRATION;
        } catch (SQLException | RuntimeException e) {
            return false; // a new or damaged store, or another history: Flyway decides and says what is wrong
        }
    }

    private void migrate() {
        if (sqlite && !sqliteHeader()) throw damaged(null);
        if (current()) return; // Flyway's start-up (scanning, validating) costs a third of a second on every command
        try {
            Flyway.configure(AppStore.class.getClassLoader())
                    .dataSource(url, properties.getProperty("user"), properties.getProperty("password"))
                    .locations(MIGRATIONS)
                    .mixed(true)
                    .load()
                    .migrate();
        } catch (RuntimeException e) {
            if (sqlite && notADatabase(e)) throw damaged(e);
            throw new AlmanacException("cannot migrate the app store at " + safeUrl() + ": " + e.getMessage(), e);
        }
    }

    private dev.almanac.UserError damaged(Throwable cause) {
        return new dev.almanac.UserError("the app store " + url.substring("jdbc:sqlite:".length()) + " is damaged or not a SQLite database: "
                + "move it aside and run again: a new, empty app store is created there and the knowledge files are imported into it", cause);
    }

    /**
     * Whether the store's file is empty, absent or begins as every SQLite database does; a file that does not (text,
     * random bytes) is told at once, where SQLite would first wait out its busy timeout on it.
     */
    private boolean sqliteHeader() {
        String path = url.substring("jdbc:sqlite:".length());
        int query = path.indexOf('?');
        if (query >= 0) path = path.substring(0, query);
        if (path.isEmpty() || path.startsWith(":memory:") || path.startsWith("file:")) return true;
        java.nio.file.Path file = java.nio.file.Path.of(path);
        byte[] expected = "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
            byte[] head = in.readNBytes(expected.length);
            return head.length == 0 || java.util.Arrays.equals(head, expected);
        } catch (java.nio.file.NoSuchFileException e) {
            return true;
        } catch (java.io.IOException e) {
            return true; // unreadable here: SQLite says why
        }
    }

    /** SQLite's SQLITE_NOTADB (26: not a database file, such as text or random bytes) or SQLITE_CORRUPT (11: a damaged one). */
    private static boolean notADatabase(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && ((s.getErrorCode() & 0xff) == 26 || (s.getErrorCode() & 0xff) == 11)) return true;
        }
        return false;
    }

    public boolean isSqlite() {
        return sqlite;
    }

    /** How many times a SQLite transaction that found the file locked past the busy timeout is tried in all. */
    private static final int BUSY_ATTEMPTS = 5;

    /**
     * Runs the work in one transaction: committed when it returns, rolled back when it throws. On SQLite a transaction
     * that still finds the database locked after the busy timeout (a snapshot another writer made stale) is rolled back
     * and tried again, a few times, after a short random pause: concurrent writers wait for each other rather than fail.
     */
    public <T> T inTransaction(StoreWork<T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return once(work);
            } catch (AlmanacException e) {
                if (!sqlite || attempt >= BUSY_ATTEMPTS || !busy(e)) throw e;
                try {
                    Thread.sleep(20L * attempt + java.util.concurrent.ThreadLocalRandom.current().nextLong(50));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private static boolean busy(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && (m.contains("SQLITE_BUSY") || m.contains("database is locked"))) return true;
        }
        return false;
    }

    private <T> T once(StoreWork<T> work) {
        try (Connection c = connect()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new AlmanacException("app store error: " + e.getMessage(), e);
        }
    }

    public <T> T read(StoreWork<T> work) {
        try (Connection c = connect()) {
            return work.run(c);
        } catch (SQLException e) {
            throw new AlmanacException("app store error: " + e.getMessage(), e);
        }
    }

    private Connection connect() throws SQLException {
        return pool().getConnection();
    }

    /**
     * The store is reached through a small pool: opening a PostgreSQL connection per store call costs a round trip and
     * an authentication, opening a SQLite file reads its schema again (a question writes the store several times).
     */
    private com.zaxxer.hikari.HikariDataSource pool() {
        com.zaxxer.hikari.HikariDataSource p = pool;
        if (p == null) {
            synchronized (this) {
                if (pool == null) {
                    com.zaxxer.hikari.HikariConfig config = new com.zaxxer.hikari.HikariConfig();
                    Properties connection = new Properties();
                    connection.putAll(properties);
                    if (sqlite) {
                        connection.setProperty("foreign_keys", "true");
                        connection.setProperty("busy_timeout", "10000");
                        // SQLite's own data source: no DriverManager (see NativeLibraries.sqlite)
                        org.sqlite.SQLiteDataSource source = new org.sqlite.SQLiteDataSource(new org.sqlite.SQLiteConfig(connection));
                        source.setUrl(url);
                        config.setDataSource(source);
                    } else {
                        config.setJdbcUrl(url);
                        config.setDataSourceProperties(connection);
                    }
                    config.setPoolName("almanac-app-store");
                    config.setMaximumPoolSize(sqlite ? 8 : 16);
                    config.setMinimumIdle(0);
                    config.setIdleTimeout(60_000);
                    config.setConnectionTimeout(10_000);
                    pool = new com.zaxxer.hikari.HikariDataSource(config);
                }
                p = pool;
            }
        }
        return p;
    }

    /** Closes the connection pool. */
    public void close() {
        if (pool != null) pool.close();
    }

    /** Sets the clock that stamps the records written (the workspace's); the machine's by default. */
    public AppStore clock(java.time.Clock clock) {
        this.clock = clock;
        return this;
    }

    /** The time stamped on a record written now. */
    String now() {
        return clock.instant().toString();
    }

    private String safeUrl() {
        return url.replaceAll("//[^/@]+@", "//").replaceAll("(?i)(password)=[^&;]*", "$1=***");
    }
}
