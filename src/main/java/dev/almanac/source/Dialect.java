package dev.almanac.source;

import java.util.ArrayList;
import java.util.List;

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
     * A text value as an SQL expression that this dialect's engine reads back as exactly the value, whatever it holds,
     * and that the guard's parser splits into strings and code exactly as the engine does: a string literal with its
     * quotes doubled. A backslash is never written into the SQL where an engine or the guard's parser could read it as
     * an escape (MySQL, Snowflake and BigQuery always do, PostgreSQL with {@code standard_conforming_strings} off, and
     * JSqlParser in some dialects): it becomes the dialect's character function ({@code chr(92)}), concatenated with
     * the rest. BigQuery, which has no doubled quote and no newline in a quoted string, gets the same for quotes and
     * line breaks. DuckDB reads no escapes in plain strings, and its guard is its own parser. A backslash in a value for
     * an engine of unknown dialect is refused.
     */
    public String stringLiteral(String value) {
        if (this == DUCKDB) return "'" + value.replace("'", "''") + "'";
        List<String> pieces = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean special = c == '\\' || this == BIGQUERY && (c == '\'' || c == '\n' || c == '\r');
            if (!special) {
                run.append(c);
                continue;
            }
            if (this == OTHER) {
                throw new dev.almanac.UserError("a text value with a backslash cannot be written safely for a source of unknown SQL dialect: " + value);
            }
            if (run.length() > 0) pieces.add("'" + run.toString().replace("'", "''") + "'");
            run.setLength(0);
            pieces.add(character(c));
        }
        if (pieces.isEmpty()) return "'" + run.toString().replace("'", "''") + "'";
        if (run.length() > 0) pieces.add("'" + run.toString().replace("'", "''") + "'");
        return this == MYSQL || this == BIGQUERY ? "CONCAT(" + String.join(", ", pieces) + ")" : "(" + String.join(" || ", pieces) + ")";
    }

    /** One character by its code, as the dialect's function writes it. */
    private String character(char c) {
        int code = c;
        return switch (this) {
            case SQLITE -> "char(" + code + ")";
            case MYSQL -> "CHAR(" + code + " USING utf8mb4)";
            case BIGQUERY -> "CODE_POINTS_TO_STRING([" + code + "])";
            default -> "chr(" + code + ")";
        };
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
