package dev.almanac.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Blob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Struct;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the rows of a result set within a query's limits. Each value becomes a plain Java value; a text, list, struct,
 * map or blob longer than its room (the cell budget, or what is left of the result's) is cut there and ends with a marker
 * saying how long it was. Rows stop at the row cap, or once the result's bytes are spent: a row that does not fit whole
 * is left out, except a first row, which is cut to fit. A nested value or a blob is written out only as far as its room
 * goes, never whole into one string. The driver has read a value before we see it (DuckDB converts a whole chunk, every
 * element of a LIST included), so the budgets bound what Almanac keeps, sends, stores and prints, not the driver's own
 * copy of the current chunk.
 */
final class RowReader {
    /** The rows read and why they are not the whole result, if they are not. */
    record Read(List<List<Object>> rows, QueryResult.Truncation truncation) {}

    private final int cellBytes;
    private final long resultBytes;
    private long used;
    private boolean cut;
    private boolean spent;

    private RowReader(QueryLimits limits) {
        this.cellBytes = limits.maxCellBytes();
        this.resultBytes = limits.maxResultBytes();
    }

    static Read read(ResultSet rs, int columns, QueryLimits limits) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        QueryResult.Truncation truncation = stream(rs, columns, limits, rows::add);
        return new Read(rows, truncation);
    }

    /**
     * Hands each row to {@code sink} as it is read, within the limits (nothing is kept here), and says why the rows are not
     * the whole result, if they are not.
     */
    static QueryResult.Truncation stream(ResultSet rs, int columns, QueryLimits limits, java.util.function.Consumer<List<Object>> sink) throws SQLException {
        RowReader reader = new RowReader(limits);
        int count = 0;
        QueryResult.Truncation truncation = QueryResult.Truncation.NONE;
        while (rs.next()) {
            if (count == limits.maxRows()) {
                truncation = QueryResult.Truncation.ROW_CAP;
                break;
            }
            if (reader.spent) { // the rows before took the whole budget (the first one cut to it)
                truncation = QueryResult.Truncation.RESULT_BYTES;
                break;
            }
            List<Object> row = new ArrayList<>(columns);
            for (int i = 1; i <= columns; i++) row.add(reader.value(rs.getObject(i)));
            if (reader.spent && count > 0) { // a row that does not fit whole is left out
                truncation = QueryResult.Truncation.RESULT_BYTES;
                break;
            }
            sink.accept(row);
            count++;
        }
        if (truncation == QueryResult.Truncation.NONE && reader.cut) truncation = QueryResult.Truncation.CELL_BYTES;
        return truncation;
    }

    /** A value as kept: plain, and cut to its room (the cell budget, or less when the result's is nearly spent). */
    private Object value(Object raw) throws SQLException {
        long left = Math.max(0, resultBytes - used);
        int room = (int) Math.min(cellBytes, left);
        Object value = fit(plain(raw), room);
        long size = value == null ? 4 : value instanceof String s ? bytes(s) : String.valueOf(value).length();
        used += size;
        if (size > left) spent = true;
        return value;
    }

    private Object fit(Object value, int room) throws SQLException {
        if (value instanceof String s) return prefix(s, room) == s.length() ? s : marked(s, count(s.length(), "character"), room);
        if (value == null || !isNested(value)) return value;
        Text text = new Text(room);
        write(value, text);
        return text.full ? marked(text.toString(), lengthOf(value), room) : text.toString();
    }

    /** The start of a text that does not fit its room, and a marker saying how long the value was, within the room. */
    private String marked(String text, String length, int room) {
        cut = true;
        if (room < cellBytes) spent = true;
        String marker = "… [cut: " + length + " in all]";
        return text.substring(0, prefix(text, room - bytes(marker))) + marker;
    }

    /**
     * JDBC values turned into plain Java values that print and serialize predictably: numbers, booleans, dates and text as
     * such; a list, struct, map or blob as it is (written out within its room by {@link #fit}); anything else as its text.
     */
    static Object plain(Object value) {
        if (value == null || value instanceof String || value instanceof Boolean || value instanceof Long
                || value instanceof Integer || value instanceof Double || value instanceof BigDecimal) return value;
        if (value instanceof Short s) return s.intValue();
        if (value instanceof Byte b) return b.intValue();
        if (value instanceof Float f) return f.doubleValue();
        if (value instanceof BigInteger big) return big.bitLength() < 64 ? (Object) big.longValue() : new BigDecimal(big);
        if (value instanceof java.sql.Date d) return d.toLocalDate();
        if (value instanceof Timestamp ts) return ts.toLocalDateTime();
        if (value instanceof java.time.LocalDate || value instanceof java.time.LocalDateTime) return value;
        if (value instanceof OffsetDateTime odt) return odt;
        if (value instanceof Number num) return num;
        if (isNested(value)) return value;
        return value.toString();
    }

    private static boolean isNested(Object v) {
        return v instanceof java.sql.Array || v instanceof Struct || v instanceof Map || v instanceof Blob || v.getClass().isArray();
    }

    /** Writes a value as text into {@code out}, item by item, stopping as soon as it is full. */
    private static void write(Object v, Text out) throws SQLException {
        if (out.full) return;
        if (v instanceof java.sql.Array array) writeItems(array.getArray(), "[", "]", out);
        else if (v instanceof org.duckdb.DuckDBStruct struct) writeMap(struct.getMap(), out);
        else if (v instanceof Struct struct) writeItems(struct.getAttributes(), "{", "}", out);
        else if (v instanceof Map<?, ?> map) writeMap(map, out);
        else if (v instanceof Blob blob) writeBytes(blob.getBytes(1, (int) Math.min(blob.length(), out.room)), blob.length(), out);
        else if (v instanceof byte[] bytes) writeBytes(bytes, bytes.length, out);
        else if (v != null && v.getClass().isArray()) writeItems(v, "[", "]", out);
        else out.add(String.valueOf(v));
    }

    private static void writeItems(Object items, String open, String close, Text out) throws SQLException {
        out.add(open);
        int n = java.lang.reflect.Array.getLength(items);
        for (int i = 0; i < n && !out.full; i++) {
            if (i > 0) out.add(", ");
            write(java.lang.reflect.Array.get(items, i), out);
        }
        out.add(close);
    }

    private static void writeMap(Map<?, ?> map, Text out) throws SQLException {
        out.add("{");
        boolean first = true;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (out.full) break;
            if (!first) out.add(", ");
            first = false;
            write(e.getKey(), out);
            out.add("=");
            write(e.getValue(), out);
        }
        out.add("}");
    }

    /** The first of a blob's {@code total} bytes as DuckDB shows a blob: printable ASCII as it is, anything else as \xNN. */
    private static void writeBytes(byte[] bytes, long total, Text out) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < bytes.length && s.length() <= out.room; i++) {
            int b = bytes[i] & 0xff;
            if (b >= 0x20 && b < 0x7f && b != '\\') s.append((char) b);
            else s.append(String.format("\\x%02X", b));
        }
        out.add(s.toString());
        if (bytes.length < total) out.full = true;
    }

    private static String lengthOf(Object v) throws SQLException {
        if (v instanceof java.sql.Array array) return count(java.lang.reflect.Array.getLength(array.getArray()), "item");
        if (v instanceof Struct struct) return count(struct.getAttributes().length, "field");
        if (v instanceof Map<?, ?> map) return count(map.size(), "entry");
        if (v instanceof Blob blob) return count(blob.length(), "byte");
        if (v instanceof byte[] bytes) return count(bytes.length, "byte");
        return count(java.lang.reflect.Array.getLength(v), "item");
    }

    private static String count(long n, String what) {
        return n + " " + (n == 1 ? what : what.equals("entry") ? "entries" : what + "s");
    }

    /** Text of at most {@code room} UTF-8 bytes; what does not fit is dropped and makes it full. */
    private static final class Text {
        final int room;
        final StringBuilder out = new StringBuilder();
        int bytes;
        boolean full;

        Text(int room) {
            this.room = room;
        }

        void add(String s) {
            if (full) return;
            int fits = prefix(s, room - bytes);
            out.append(s, 0, fits);
            bytes += bytes(s.substring(0, fits));
            if (fits < s.length()) full = true;
        }

        @Override
        public String toString() {
            return out.toString();
        }
    }

    /** How many chars of {@code s}, from its start, take at most {@code budget} UTF-8 bytes (a surrogate pair is not split). */
    static int prefix(String s, int budget) {
        if ((long) s.length() * 3 <= budget) return s.length();
        int used = 0;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int width = c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isHighSurrogate(c) && i + 1 < s.length() ? 4 : 3;
            if (used + width > budget) break;
            used += width;
            i += width == 4 ? 2 : 1;
        }
        return i;
    }

    /** UTF-8 bytes of a text. */
    static int bytes(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) n++;
            else if (c < 0x800) n += 2;
            else if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
                n += 4;
                i++;
            } else n += 3;
        }
        return n;
    }
}
