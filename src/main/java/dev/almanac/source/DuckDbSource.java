package dev.almanac.source;

import dev.almanac.AlmanacException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Properties;
import org.duckdb.DuckDBConnection;

/**
 * A DuckDB database file opened read-only and locked down: external access (files, network) off,
 * extension auto-install and auto-load off, and configuration locked so that no query can undo it.
 * One database instance is held open; each callback gets a duplicate connection to it.
 */
public final class DuckDbSource implements Source {
    private final Path file;
    private final DuckDBConnection root;

    DuckDbSource(Path file) {
        this.file = file.toAbsolutePath().normalize();
        try {
            this.root = (DuckDBConnection) NativeLibraries.duckDb("jdbc:duckdb:" + this.file, lockedDown());
        } catch (SQLException e) {
            throw new AlmanacException("cannot open DuckDB database " + this.file + ": " + Source.firstLine(e.getMessage()), e);
        }
    }

    /** The engine settings every read-only DuckDB connection of Almanac runs under. */
    public static Properties lockedDown() {
        Properties p = new Properties();
        p.setProperty("duckdb.read_only", "true");
        p.setProperty("enable_external_access", "false");
        p.setProperty("autoinstall_known_extensions", "false");
        p.setProperty("autoload_known_extensions", "false");
        p.setProperty("lock_configuration", "true");
        p.setProperty("jdbc_stream_results", "true");
        return p;
    }

    @Override
    public String id() {
        return file.toString();
    }

    @Override
    public Dialect dialect() {
        return Dialect.DUCKDB;
    }

    @Override
    public Optional<String> fingerprint() {
        return fileFingerprint(file);
    }

    @Override
    public Connection openConnection() throws SQLException {
        return root.duplicate();
    }

    @Override
    public void close() {
        try {
            root.close();
        } catch (SQLException ignored) {
            // closing a read-only database cannot lose anything
        }
    }

    static Optional<String> fileFingerprint(Path file) {
        try {
            return Optional.of(Files.size(file) + ":" + Files.getLastModifiedTime(file).toMillis());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
