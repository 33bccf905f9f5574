package dev.almanac.source;

import dev.almanac.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;

/** Opens a source from what a user typed: a DuckDB or SQLite file path, or a JDBC URL. Never creates a file. */
public final class Sources {
    private Sources() {}

    public static Source open(String spec) {
        return open(spec, EngineLimits.defaults());
    }

    /** Opens a source; an embedded DuckDB database runs within the given memory and temporary-disk limits. */
    public static Source open(String spec, EngineLimits limits) {
        if (spec == null || spec.isBlank()) throw new UserError("no database given");
        if (spec.startsWith("jdbc:duckdb:")) return openFile(Path.of(spec.substring("jdbc:duckdb:".length())), limits);
        if (spec.startsWith("jdbc:sqlite:")) return openFile(Path.of(spec.substring("jdbc:sqlite:".length())), limits);
        if (spec.startsWith("jdbc:")) return new JdbcSource(spec, new Properties());
        return openFile(Path.of(spec), limits);
    }

    public static Source openFile(Path file) {
        return openFile(file, EngineLimits.defaults());
    }

    public static Source openFile(Path file, EngineLimits limits) {
        if (!Files.isRegularFile(file)) {
            throw new UserError("database file not found: " + file + " (only `almanac demo init` creates a database)");
        }
        return switch (sniff(file)) {
            case DUCKDB -> new DuckDbSource(file, limits);
            case SQLITE -> {
                NativeLibraries.prepareSqlite();
                yield JdbcSource.sqliteFile(file);
            }
            default -> throw new UserError("not a DuckDB or SQLite database: " + file);
        };
    }

    /** Reads the file header: SQLite files start with "SQLite format 3", DuckDB files carry "DUCK" at byte 8. */
    static Dialect sniff(Path file) {
        byte[] head = new byte[16];
        try (InputStream in = Files.newInputStream(file)) {
            int n = in.readNBytes(head, 0, head.length);
            if (n >= 16 && new String(head, 0, 15, StandardCharsets.US_ASCII).equals("SQLite format 3")) return Dialect.SQLITE;
            if (n >= 12 && Arrays.equals(Arrays.copyOfRange(head, 8, 12), "DUCK".getBytes(StandardCharsets.US_ASCII))) return Dialect.DUCKDB;
            return Dialect.OTHER;
        } catch (IOException e) {
            throw new UserError("cannot read database file " + file + ": " + e.getMessage());
        }
    }
}
