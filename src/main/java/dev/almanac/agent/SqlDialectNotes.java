package dev.almanac.agent;

import dev.almanac.source.Dialect;

/**
 * What the model is told about the SQL it writes: the source's dialect by name, and the quirks that most
 * often make a query written for another engine fail or, worse, run and compute something else (integer
 * division, dates stored as text, case folding of identifiers).
 */
final class SqlDialectNotes {
    private SqlDialectNotes() {}

    /** The dialect's name as the model knows it ("SQLite"), for the prompt and the run_sql tool. */
    static String name(Dialect dialect) {
        return dialect == null || dialect == Dialect.OTHER ? "the database's own SQL" : dialect.label();
    }

    /** The section of the system prompt on the dialect: its name and its quirks. */
    static String section(Dialect dialect) {
        String quirks = switch (dialect == null ? Dialect.OTHER : dialect) {
            case DUCKDB -> """
                    - Dates: date_trunc('month', d), d::DATE, INTERVAL 1 MONTH, strftime(d, '%Y-%m'), year(d); ILIKE for case-insensitive match.
                    - GROUP BY ALL, QUALIFY and aggregate FILTER (WHERE ...) are available; integer division with / gives a decimal (use // for integer division).
                    """;
            case SQLITE -> """
                    - There is no date type: dates and times are TEXT ('YYYY-MM-DD', 'YYYY-MM-DD HH:MM:SS') or numbers; use date(), datetime(),
                      strftime('%Y-%m', d), strftime('%Y', d) and julianday(); compare dates as text in that format. No date_trunc, no INTERVAL, no ::casts (use CAST(x AS REAL)).
                    - Integer / integer truncates: multiply by 1.0 for a fraction. Booleans are 0 and 1. No ILIKE: LIKE already ignores case for ASCII letters.
                    - Identifiers that are keywords or contain spaces are quoted with double quotes (backticks and [brackets] also work). A JOIN without ON is a cross join.
                    """;
            case POSTGRES -> """
                    - Dates: date_trunc('month', d), d::date, INTERVAL '1 month', to_char(d, 'YYYY-MM'), extract(year FROM d); ILIKE for case-insensitive match.
                    - Integer / integer truncates: cast to numeric (x::numeric) for a fraction. Unquoted identifiers fold to lower case; a mixed-case name needs "double quotes".
                    - round(x, n) needs a numeric x (round(x::numeric, 2)); DISTINCT ON and aggregate FILTER (WHERE ...) are available.
                    """;
            case MYSQL -> """
                    - Quote names with backticks; || is OR, not concatenation: use CONCAT(a, b). Dates: DATE_FORMAT(d, '%Y-%m'), YEAR(d),
                      DATE_SUB(d, INTERVAL 1 MONTH), LAST_DAY(d). / gives a decimal (DIV is integer division). No FULL OUTER JOIN.
                    """;
            case SNOWFLAKE -> """
                    - Unquoted identifiers fold to UPPER case; a lower- or mixed-case name needs "double quotes". Dates: DATE_TRUNC('MONTH', d),
                      DATEADD(month, -1, d), TO_CHAR(d, 'YYYY-MM'), YEAR(d). ILIKE, QUALIFY and IFF are available; / gives a decimal.
                    """;
            case BIGQUERY -> """
                    - Tables are `project.dataset.table` (backticks). Dates: DATE_TRUNC(d, MONTH), DATE_SUB(d, INTERVAL 1 MONTH),
                      FORMAT_DATE('%Y-%m', d), EXTRACT(YEAR FROM d). / gives FLOAT64 (SAFE_DIVIDE avoids division by zero). No ILIKE: LOWER(x) LIKE.
                    """;
            case TRINO -> """
                    - Tables are catalog.schema.table. Dates: date_trunc('month', d), d - INTERVAL '1' MONTH, date_format(d, '%Y-%m'), year(d);
                      no ::casts (CAST(x AS DATE)). Integer / integer truncates: CAST(x AS DOUBLE) for a fraction. No ILIKE: lower(x) LIKE.
                    """;
            case OTHER -> """
                    - Write standard SQL that this engine accepts; check with run_sql before submitting.
                    """;
        };
        return "## SQL dialect: " + name(dialect) + "\nWrite every query in " + name(dialect) + " (the source runs it as written).\n" + quirks;
    }
}
