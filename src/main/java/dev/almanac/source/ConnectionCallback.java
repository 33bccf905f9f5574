package dev.almanac.source;

import java.sql.Connection;
import java.sql.SQLException;

/** Work done with a connection that the source opens before and closes after. */
@FunctionalInterface
public interface ConnectionCallback<T> {
    T withConnection(Connection connection) throws SQLException;
}
