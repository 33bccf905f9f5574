package dev.almanac.source;

import dev.almanac.AlmanacException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A read-only data source. Connections are scoped to a callback so that nothing leaks; every
 * connection a source hands out is read-only at the engine or connection level.
 */
public interface Source extends AutoCloseable {

    /** A stable identifier: the canonical file path, or the JDBC URL without credentials. */
    String id();

    Dialect dialect();

    /** What changes when the data changes (file size and modification time); empty for servers. */
    Optional<String> fingerprint();

    /**
     * Whether the source's user could write, where the engine does not enforce read-only connections itself and can say so
     * without writing (Trino): what it could do, for a warning. Empty when it cannot, or cannot be told.
     */
    default Optional<String> writeAccess() {
        return Optional.empty();
    }

    /** Opens a read-only connection; the source closes it when the callback returns. */
    Connection openConnection() throws SQLException;

    default <T> T withConnection(ConnectionCallback<T> callback) {
        try (Connection connection = openConnection()) {
            return callback.withConnection(connection);
        } catch (SQLException e) {
            throw new AlmanacException("database error on " + id() + ": " + firstLine(e.getMessage()), e);
        }
    }

    @Override
    void close();

    static String firstLine(String message) {
        if (message == null) return "unknown error";
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }
}
