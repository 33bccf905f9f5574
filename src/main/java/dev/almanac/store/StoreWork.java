package dev.almanac.store;

import java.sql.Connection;
import java.sql.SQLException;

/** Work done on the app store with a connection it manages. */
@FunctionalInterface
public interface StoreWork<T> {
    T run(Connection connection) throws SQLException;
}
