package dev.almanac.sql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * A query's whole result written as CSV (RFC 4180: a header line, commas, quotes doubled; CRLF line ends for downloads,
 * as the web app writes them, and LF on a terminal), row by row as
 * the engine returns them, within the export's hard limits ({@link QueryLimits#EXPORT_MAX_ROWS} rows,
 * {@link QueryLimits#EXPORT_MAX_BYTES} bytes of values): what a download of a long answer and {@code --format csv} write.
 * A text cell that a spreadsheet would read as a formula is written with a leading single quote unless raw cells are
 * asked for ({@link Cells}).
 */
public final class CsvExport {
    /** How text cells that a spreadsheet would run are written. */
    public enum Cells {
        /**
         * A cell that is not a number and starts with {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return
         * gets a leading {@code '}, so that a spreadsheet shows it as text (OWASP, "CSV Injection"); numbers, negative ones
         * included, are written as they are.
         */
        NEUTRALISED,
        /** Every cell as the database returned it. */
        RAW
    }

    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder().appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).toFormatter();

    private CsvExport() {}

    /** What was written: the columns, how many rows, and why they are not the whole result, if they are not. */
    public record Written(List<String> columns, long rows, QueryResult.Truncation truncation) {
        /** The rows stop at a hard limit: the query returns more. */
        public boolean rowsLeftOut() {
            return truncation == QueryResult.Truncation.ROW_CAP || truncation == QueryResult.Truncation.RESULT_BYTES;
        }
    }

    /**
     * Runs the statement through the executor (its guard and timeout) and writes its rows to {@code out}.
     *
     * @throws UncheckedIOException when {@code out} fails (a client that went away)
     */
    public static Written write(QueryExecutor executor, String sql, Writer out, String newline) {
        return write(executor, sql, out, newline, Cells.NEUTRALISED);
    }

    /** As {@link #write(QueryExecutor, String, Writer, String)}, with text cells written as {@code cells} says. */
    public static Written write(QueryExecutor executor, String sql, Writer out, String newline, Cells cells) {
        List<List<String>> columns = new java.util.ArrayList<>(1);
        AtomicLong rows = new AtomicLong();
        QueryResult.Truncation truncation = executor.stream(sql, names -> {
            columns.add(names);
            append(out, line(names, newline, cells));
        }, row -> {
            append(out, line(row, newline, cells));
            rows.incrementAndGet();
        });
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Written(columns.isEmpty() ? List.of() : columns.get(0), rows.get(), truncation);
    }

    /** One CSV line of values, ended by {@code newline}; a null is an empty field; formulas neutralised. */
    public static String line(List<?> values, String newline) {
        return line(values, newline, Cells.NEUTRALISED);
    }

    /** One CSV line of values, ended by {@code newline}; a null is an empty field; text cells as {@code cells} says. */
    public static String line(List<?> values, String newline, Cells cells) {
        return values.stream().map(v -> field(v, cells)).collect(Collectors.joining(",", "", newline));
    }

    private static String field(Object v, Cells cells) {
        if (v == null) return "";
        String s = text(v);
        if (cells == Cells.NEUTRALISED && !(v instanceof Number) && runsInASpreadsheet(s)) s = "'" + s;
        boolean quote = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
        return quote ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static boolean runsInASpreadsheet(String s) {
        if (s.isEmpty()) return false;
        char first = s.charAt(0);
        return first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r';
    }

    /** A value as text the way Almanac prints it: decimals without exponents, timestamps as {@code yyyy-MM-dd HH:mm:ss}. */
    public static String text(Object v) {
        if (v instanceof BigDecimal d) return d.toPlainString();
        if (v instanceof Double d && Double.isFinite(d)) return BigDecimal.valueOf(d).toPlainString();
        if (v instanceof LocalDateTime t) return t.format(TIMESTAMP);
        return String.valueOf(v);
    }

    private static void append(Writer out, String text) {
        try {
            out.write(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
