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
    private final EngineLimits limits;
    /** This database's own folder for spilled data, under the limits' temporary folder; removed when it closes. */
    private final Path temp;

    DuckDbSource(Path file) {
        this(file, EngineLimits.defaults());
    }

    DuckDbSource(Path file, EngineLimits limits) {
        this.file = file.toAbsolutePath().normalize();
        this.limits = limits;
        // one folder per database file: DuckDB shares one instance among the opens of a file in a process, and refuses a second
        // open whose settings differ, so every open of the same file with the same limits must name the same folder
        this.temp = limits.tempDirectory().toAbsolutePath().resolve("db-" + Integer.toHexString(this.file.toString().hashCode()));
        try {
            Files.createDirectories(temp);
        } catch (IOException e) {
            throw new AlmanacException("cannot create DuckDB's temporary folder " + temp + ": " + e.getMessage(), e);
        }
        try {
            this.root = (DuckDBConnection) NativeLibraries.duckDb("jdbc:duckdb:" + this.file, lockedDown(limits, temp));
        } catch (SQLException e) {
            removeTemp();
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

    /** The lock-down with the memory and temporary-disk limits, set before the configuration is locked (at open). */
    static Properties lockedDown(EngineLimits limits, Path temp) {
        Properties p = lockedDown();
        p.setProperty("memory_limit", limits.memoryBytes() + "B");
        p.setProperty("max_temp_directory_size", limits.maxTempBytes() + "B");
        p.setProperty("temp_directory", temp.toString());
        return p;
    }

    /** The limits this database runs under. */
    public EngineLimits limits() {
        return limits;
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
        removeTemp();
    }

    /** Removes this database's temporary folder once empty (DuckDB deletes its spill files when the last open of the file closes). */
    private void removeTemp() {
        try {
            Files.deleteIfExists(temp);
            Files.deleteIfExists(temp.getParent());
        } catch (IOException ignored) {
            // still in use by another open of the file or another database of this process, or already gone
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
