package dev.almanac.source;

/**
 * The SQL dialect of a source: what the guard parses its statements as, and what the catalog and the
 * semantic layer write for it. Engines without an entry of their own are reached through plain JDBC
 * metadata as {@link #OTHER}.
 */
public enum Dialect {
    DUCKDB("DuckDB"), SQLITE("SQLite"), POSTGRES("PostgreSQL"), MYSQL("MySQL"), SNOWFLAKE("Snowflake"), BIGQUERY("BigQuery"),
    TRINO("Trino"), OTHER("SQL");

    private final String label;

    Dialect(String label) {
        this.label = label;
    }

    /** The dialect's name as people write it ("SQLite"); "SQL" for {@link #OTHER}. */
    public String label() {
        return label;
    }

    /** A name quoted for this dialect: backticks in MySQL and BigQuery, double quotes elsewhere (the quote doubled inside). */
    public String quote(String identifier) {
        char q = this == MYSQL || this == BIGQUERY ? '`' : '"';
        return q + identifier.replace(String.valueOf(q), String.valueOf(q) + q) + q;
    }

    /** A dotted name ({@code schema.table}) quoted part by part. */
    public String quoteQualified(String name) {
        StringBuilder out = new StringBuilder();
        for (String part : name.split("\\.")) out.append(out.length() == 0 ? "" : ".").append(quote(part));
        return out.toString();
    }

    /**
     * The start of a day as a literal that compares with the dialect's date and time columns: a {@code TIMESTAMP} literal,
     * or, where dates are text (SQLite) or a string is coerced to the column's type (Snowflake, BigQuery), ISO text.
     */
    public String startOf(java.time.LocalDate day) {
        return switch (this) {
            case SQLITE, SNOWFLAKE, BIGQUERY -> "'" + day + "'";
            default -> "TIMESTAMP '" + day + " 00:00:00'";
        };
    }

    static Dialect ofJdbcUrl(String url) {
        if (url.startsWith("jdbc:duckdb:")) return DUCKDB;
        if (url.startsWith("jdbc:sqlite:")) return SQLITE;
        if (url.startsWith("jdbc:postgresql:")) return POSTGRES;
        if (url.startsWith("jdbc:mysql:") || url.startsWith("jdbc:mariadb:")) return MYSQL;
        if (url.startsWith("jdbc:snowflake:")) return SNOWFLAKE;
        if (url.startsWith("jdbc:bigquery:")) return BIGQUERY;
        if (url.startsWith("jdbc:trino:") || url.startsWith("jdbc:presto:")) return TRINO;
        return OTHER;
    }
}
