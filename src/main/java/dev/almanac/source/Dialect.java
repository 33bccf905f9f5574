package dev.almanac.source;

/** The SQL engines Almanac knows how to introspect; everything else is reached through plain JDBC metadata. */
public enum Dialect {
    DUCKDB, SQLITE, POSTGRES, OTHER;

    static Dialect ofJdbcUrl(String url) {
        if (url.startsWith("jdbc:duckdb:")) return DUCKDB;
        if (url.startsWith("jdbc:sqlite:")) return SQLITE;
        if (url.startsWith("jdbc:postgresql:")) return POSTGRES;
        return OTHER;
    }
}
