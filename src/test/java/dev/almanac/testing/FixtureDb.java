package dev.almanac.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** A small DuckDB file for guard and executor tests: customers, orders, t and a canary table. */
public final class FixtureDb {
    private FixtureDb() {}

    public static Path create(Path dir) throws SQLException {
        Path file = dir.resolve("fixture.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR, region VARCHAR, created_at TIMESTAMP)");
            s.execute("INSERT INTO customers VALUES (1, 'Ada', 'EU', '2023-01-05 10:00'), (2, 'Bo', 'US', '2023-02-01 09:00'), (3, 'Cy', NULL, '2024-03-01 12:00')");
            s.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, amount DECIMAL(10,2), ordered_at TIMESTAMP)");
            s.execute("INSERT INTO orders SELECT i, 1 + i % 3, (i * 7) % 120, TIMESTAMP '2024-01-01' + INTERVAL (i) DAY FROM range(1, 50) r(i)");
            s.execute("CREATE TABLE t (a INTEGER, b VARCHAR)");
            s.execute("INSERT INTO t VALUES (1, 'x'), (2, 'y')");
            s.execute("CREATE TABLE canary (x INTEGER)");
            s.execute("INSERT INTO canary VALUES (1)");
            s.execute("CREATE SEQUENCE seq");
        }
        return file;
    }
}
