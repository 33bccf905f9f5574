package dev.almanac.semantic;

import dev.almanac.source.Dialect;
import java.util.Set;

/** The SQL a drafted model writes for a column: its name (quoted when it must be), a date from ISO text or from epoch numbers. */
final class Sql {
    private Sql() {}

    private static final Set<String> RESERVED = Set.of("all", "and", "any", "as", "asc", "between", "by", "case", "cast", "check", "column",
            "constraint", "create", "cross", "current_date", "current_time", "current_timestamp", "default", "delete", "desc", "distinct", "do",
            "drop", "else", "end", "except", "exists", "false", "fetch", "for", "foreign", "from", "full", "grant", "group", "having", "in", "index",
            "inner", "insert", "intersect", "into", "is", "join", "key", "left", "like", "limit", "natural", "not", "null", "offset", "on", "or",
            "order", "outer", "primary", "references", "right", "select", "set", "some", "table", "then", "to", "true", "union", "unique", "update",
            "user", "using", "values", "when", "where", "window", "with", "year", "month", "day", "date", "time", "timestamp", "interval", "range",
            "rows", "position", "value", "level", "name", "type", "number", "rank", "row", "first", "last", "count", "sum", "min", "max", "avg");

    /** A column or table name as SQL: bare when it is a plain lower-case word, else in double quotes. */
    static String identifier(String name, Dialect dialect) {
        boolean plain = name.matches("[a-z_][a-z0-9_]*") && !RESERVED.contains(name);
        boolean caseFolds = dialect == Dialect.SQLITE || dialect == Dialect.DUCKDB;
        if (plain || caseFolds && name.matches("[A-Za-z_][A-Za-z0-9_]*") && !RESERVED.contains(name.toLowerCase(java.util.Locale.ROOT))) return name;
        String quote = dialect == Dialect.MYSQL || dialect == Dialect.BIGQUERY ? "`" : "\"";
        return quote + name.replace(quote, quote + quote) + quote;
    }

    /** The date of ISO text (a date, or a date and time); a value that is not one gives null where the engine allows. */
    static String isoDate(String column, Dialect dialect) {
        return switch (dialect) {
            case SQLITE -> column; // SQLite's date functions read ISO text as it is
            case DUCKDB -> "CAST(TRY_CAST(" + column + " AS TIMESTAMP) AS DATE)";
            case TRINO -> "TRY(CAST(substr(" + column + ", 1, 10) AS DATE))";
            case POSTGRES -> "CAST(CASE WHEN " + column + " ~ '^\\d{4}-\\d{2}-\\d{2}' THEN substr(" + column + ", 1, 10) END AS DATE)";
            default -> "CAST(substr(" + column + ", 1, 10) AS DATE)";
        };
    }

    /** The date of epoch seconds (or milliseconds). */
    static String epochDate(String column, boolean millis, Dialect dialect) {
        String seconds = millis ? "(" + column + " / 1000)" : column;
        return switch (dialect) {
            case SQLITE -> "strftime('%Y-%m-%d', " + seconds + ", 'unixepoch')";
            case TRINO -> "CAST(from_unixtime(" + seconds + ") AS DATE)";
            case MYSQL -> "CAST(FROM_UNIXTIME(" + seconds + ") AS DATE)";
            default -> "CAST(to_timestamp(" + seconds + ") AS DATE)";
        };
    }

    /** The number in text written with digits (and a decimal point); a value that is not one gives null where the engine allows. */
    static String number(String column, boolean whole, Dialect dialect) {
        String type = whole ? (dialect == Dialect.TRINO ? "BIGINT" : "INTEGER") : dialect == Dialect.POSTGRES ? "DOUBLE PRECISION" : "DOUBLE";
        return switch (dialect) {
            case SQLITE -> "CAST(" + column + " AS " + type + ")";
            case DUCKDB -> "TRY_CAST(" + column + " AS " + type + ")";
            case TRINO -> "TRY(CAST(" + column + " AS " + type + "))";
            case POSTGRES -> "CAST(CASE WHEN " + column + " ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN " + column + " END AS " + type + ")";
            default -> "CAST(" + column + " AS " + type + ")";
        };
    }
}
