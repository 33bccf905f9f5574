package dev.almanac.agent;

import dev.almanac.sql.QueryResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills an answer template from executed query results, so that every number the user reads comes
 * from the database. Placeholders (no code runs):
 * <ul>
 * <li>{@code {q.col}} the column's value in the first row; {@code {q.col[2]}} in the third row</li>
 * <li>{@code {q.col|money}} with a format: {@code money} (1,234.50), {@code number} (1,234.5),
 *     {@code int} (1,235), {@code percent} (12.5%: the value as a percentage), {@code ratio} (0.125 as 12.5%)</li>
 * <li>{@code {q|table}} the whole result as a table; {@code {q.row_count}} the number of rows</li>
 * </ul>
 * {@code {{} and {@code }}} write literal braces. An unknown query or column is an error that names
 * what exists.
 */
public final class TemplateFormatter {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)(?:\\.([A-Za-z_][A-Za-z0-9_ ]*?)(?:\\[(\\d+)])?)?(?:\\|([a-z]+))?}");

    private TemplateFormatter() {}

    /** A template that cannot be filled; the message says what is wrong and what is available. */
    public static final class TemplateError extends RuntimeException {
        TemplateError(String message) {
            super(message);
        }
    }

    /**
     * The template with every placeholder replaced by its value. Values are data: they are written as they are and
     * never read again, so a value with braces in it ("{draft}") is no placeholder and no error.
     */
    public static String fill(String template, Map<String, QueryResult> results) {
        String t = template.replace("{{", "\u0001").replace("}}", "\u0002");
        Matcher m = PLACEHOLDER.matcher(t);
        StringBuilder out = new StringBuilder();
        int last = 0;
        while (m.find()) {
            out.append(literal(t.substring(last, m.start()), template)).append(value(m, results));
            last = m.end();
        }
        return out.append(literal(t.substring(last), template)).toString();
    }

    /** Template text between placeholders: a brace left there is a placeholder not of a known form. */
    private static String literal(String text, String template) {
        if (text.indexOf('{') >= 0 || text.indexOf('}') >= 0) {
            throw new TemplateError("the template has a placeholder that is not of the form {query.column}, {query.column[i]}, {query.column|format} or {query|table}: " + template);
        }
        return text.replace('\u0001', '{').replace('\u0002', '}');
    }

    private static String value(Matcher m, Map<String, QueryResult> results) {
        String name = m.group(1);
        QueryResult r = results.get(name);
        if (r == null) throw new TemplateError("no query named '" + name + "'; the queries are: " + String.join(", ", results.keySet()));
        String column = m.group(2);
        String format = m.group(4);
        if (column == null) {
            if ("table".equals(format)) return table(r);
            throw new TemplateError("{" + name + "} needs a column ({" + name + ".column}) or |table");
        }
        if (column.equals("row_count")) return String.valueOf(r.rowCount());
        int col = indexOf(r.columns(), column);
        if (col < 0) throw new TemplateError("query '" + name + "' has no column '" + column + "'; its columns are: " + String.join(", ", r.columns()));
        int row = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        if (row >= r.rowCount()) throw new TemplateError("query '" + name + "' has " + r.rowCount() + " rows; there is no row " + row);
        return format(r.rows().get(row).get(col), format);
    }

    private static int indexOf(List<String> columns, String column) {
        for (int i = 0; i < columns.size(); i++) if (columns.get(i).equalsIgnoreCase(column.strip())) return i;
        return -1;
    }

    static String format(Object v, String format) {
        if (v == null) return "no value";
        if (format == null) return v instanceof Number n ? plain(n) : v.toString();
        if (!(v instanceof Number n)) return v.toString();
        BigDecimal d = new BigDecimal(n.toString());
        DecimalFormatSymbols en = DecimalFormatSymbols.getInstance(Locale.ENGLISH);
        return switch (format) {
            case "money" -> new DecimalFormat("#,##0.00", en).format(d.setScale(2, RoundingMode.HALF_UP));
            case "number" -> new DecimalFormat("#,##0.##", en).format(d);
            case "int" -> new DecimalFormat("#,##0", en).format(d.setScale(0, RoundingMode.HALF_UP));
            case "percent" -> new DecimalFormat("#,##0.##", en).format(d) + "%";
            case "ratio" -> new DecimalFormat("#,##0.##", en).format(d.multiply(BigDecimal.valueOf(100))) + "%";
            default -> throw new TemplateError("unknown format '" + format + "'; use money, number, int, percent or ratio");
        };
    }

    private static String plain(Number n) {
        return n instanceof Double || n instanceof Float ? BigDecimal.valueOf(n.doubleValue()).stripTrailingZeros().toPlainString()
                : n instanceof BigDecimal b ? b.toPlainString() : n.toString();
    }

    /** A small text table of at most 20 rows. */
    static String table(QueryResult r) {
        return table(r, r.columns(), (column, v) -> format(v, null));
    }

    /** A small text table of at most 20 rows under the given headers, each cell written by {@code cell} (column, value). */
    static String table(QueryResult r, List<String> headers, java.util.function.BiFunction<Integer, Object, String> cell) {
        StringBuilder s = new StringBuilder("\n| ").append(String.join(" | ", headers)).append(" |\n|");
        s.append("---|".repeat(headers.size())).append('\n');
        int shown = Math.min(20, r.rowCount());
        for (int i = 0; i < shown; i++) {
            s.append("| ");
            List<Object> row = r.rows().get(i);
            for (int c = 0; c < row.size(); c++) s.append(c > 0 ? " | " : "").append(cell.apply(c, row.get(c)));
            s.append(" |\n");
        }
        if (r.rowCount() > shown) s.append("(").append(r.rowCount() - shown).append(" more rows)\n");
        return s.toString();
    }
}
