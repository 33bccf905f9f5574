package dev.almanac.cli;

import dev.almanac.sql.CsvExport;
import dev.almanac.sql.QueryResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Prints a query result as an aligned table, JSON or CSV. */
final class ResultPrinter {
    enum Format { table, json, csv }

    private ResultPrinter() {}

    static void print(QueryResult result, Format format, PrintWriter out) {
        print(result, format, CsvExport.Cells.NEUTRALISED, out);
    }

    /** As {@link #print(QueryResult, Format, PrintWriter)}; CSV cells written as {@code cells} says. */
    static void print(QueryResult result, Format format, CsvExport.Cells cells, PrintWriter out) {
        switch (format) {
            case table -> table(result.columns(), result.rows(), why(result.truncation()), out);
            case json -> out.println(Json.write(asMap(result)));
            case csv -> csv(result, cells, out);
        }
        out.flush();
    }

    static Map<String, Object> asMap(QueryResult result) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("columns", result.columns());
        m.put("rows", result.rows());
        m.put("row_count", result.rowCount());
        m.put("truncated", result.truncated());
        m.put("truncated_by", result.truncated() ? result.truncation().name().toLowerCase(java.util.Locale.ROOT) : null);
        m.put("tables", result.tables().stream().sorted().toList());
        m.put("elapsed_ms", result.elapsedMillis());
        return m;
    }

    /** Why rows are not the whole result, for the line under a table; null when they are. */
    private static String why(QueryResult.Truncation truncation) {
        return switch (truncation) {
            case NONE -> null;
            case ROW_CAP -> "truncated at the row cap, the query returns more";
            case RESULT_BYTES -> "truncated at the result's byte budget, the query returns more";
            case CELL_BYTES -> "truncated: long values cut short at the cell byte budget";
        };
    }

    /** An answer's rows; {@code truncated}: the query returns more than is shown (more rows, or longer values). */
    static void table(List<String> columnNames, List<List<Object>> rows, boolean truncated, PrintWriter out) {
        table(columnNames, rows, truncated ? NOT_WHOLE : null, out);
    }

    private static final String NOT_WHOLE = "truncated, the query returns more than is shown";

    /** Rows; {@code truncated} says why they are not the whole result, or is null when they are. */
    private static void table(List<String> columnNames, List<List<Object>> rows, String truncated, PrintWriter out) {
        int n = columnNames.size();
        List<String[]> cells = new ArrayList<>();
        boolean[] numeric = new boolean[n];
        java.util.Arrays.fill(numeric, true);
        for (List<Object> row : rows) {
            String[] line = new String[n];
            for (int i = 0; i < n; i++) {
                Object v = row.get(i);
                line[i] = text(v);
                if (v != null && !(v instanceof Number)) numeric[i] = false;
            }
            cells.add(line);
        }
        table(columnNames, cells, numeric, truncated, out);
    }

    /** Cells already written for people (labels as headers, formatted values); {@code rightAligned} per column. */
    static void table(List<String> headers, List<String[]> cells, boolean[] rightAligned, boolean truncated, PrintWriter out) {
        table(headers, cells, rightAligned, truncated ? NOT_WHOLE : null, out);
    }

    private static void table(List<String> headers, List<String[]> cells, boolean[] rightAligned, String truncated, PrintWriter out) {
        int n = headers.size();
        int[] width = new int[n];
        for (int i = 0; i < n; i++) width[i] = headers.get(i).length();
        for (String[] line : cells) for (int i = 0; i < n; i++) width[i] = Math.max(width[i], line[i].length());
        StringBuilder header = new StringBuilder();
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                header.append(" | ");
                rule.append("-+-");
            }
            header.append(pad(headers.get(i), width[i], false));
            rule.append("-".repeat(width[i]));
        }
        out.println(header.toString().stripTrailing());
        out.println(rule);
        for (String[] line : cells) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < n; i++) {
                if (i > 0) b.append(" | ");
                b.append(pad(line[i], width[i], rightAligned[i]));
            }
            out.println(b.toString().stripTrailing());
        }
        out.printf("(%d row%s%s)%n", cells.size(), cells.size() == 1 ? "" : "s", truncated == null ? "" : "; " + truncated);
    }

    private static void csv(QueryResult result, CsvExport.Cells cells, PrintWriter out) {
        out.print(CsvExport.line(result.columns(), "\n", cells));
        for (List<Object> row : result.rows()) out.print(CsvExport.line(row, "\n", cells));
    }

    static String text(Object v) {
        return v == null ? "NULL" : CsvExport.text(v);
    }

    private static String pad(String s, int width, boolean right) {
        String spaces = " ".repeat(Math.max(0, width - s.length()));
        return right ? spaces + s : s + spaces;
    }
}
