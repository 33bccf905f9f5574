package dev.almanac.eval;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Compares an actual result with an expected one under a {@link Comparison} mode.
 *
 * <ul>
 * <li>Values are normalised first: numbers of any type become one decimal value (3 = 3.0 = 3E0;
 * a double is read through its shortest decimal form); dates and timestamps become ISO text, and a
 * timestamp at midnight equals the date; booleans stay booleans; NULL equals only NULL; text is
 * compared exactly. A column of years' first days (2021-01-01, a year grain) against a gold column of
 * year numbers (2021) is read as the years, and one of months' first days (2024-07-01) against a gold
 * column of months written {@code 2024-07} as the months.</li>
 * <li>Column names are ignored. Columns are matched in order first; when that fails and there are
 * at most 8 columns, any order of the actual columns that makes the results equal is accepted (the
 * value sets decide, so an ambiguous permutation that matches is as good as any other).</li>
 * <li>Rows are compared as multisets (duplicates count), or as lists when {@code ordered} (the gold
 * SQL orders its result).</li>
 * <li>{@code exact}: doubles may differ by floating-point noise (relative 1e-9); decimals and
 * integers must be equal. {@code approximate}: every numeric cell within the relative tolerance
 * (absolute when the expected value is 0). {@code row_count}: the same number of rows.
 * {@code contains}: every expected row is among the actual rows (as a multiset, order ignored).
 * {@code structure}: the same number of columns, each of the same kind (number, text, time,
 * boolean; unknown when all NULL).</li>
 * <li>{@code refused}: a question the data cannot answer; any result with data fails (see
 * {@link EvalRunner}, which passes a refusal or a question back without data).</li>
 * </ul>
 */
public final class ResultComparator {
    static final double FLOAT_NOISE = 1e-9;

    private ResultComparator() {}

    public static Verdict compare(Table expected, Table actual, Comparison mode, double tolerance, boolean ordered) {
        if (mode == Comparison.REFUSED) return Verdict.fail("expected a refusal or a question back, got " + actual.rows().size() + " rows of data");
        if (mode == Comparison.ROW_COUNT) {
            return expected.rows().size() == actual.rows().size() ? Verdict.pass()
                    : Verdict.fail("expected " + expected.rows().size() + " rows, got " + actual.rows().size());
        }
        int ec = columnCount(expected);
        int ac = columnCount(actual);
        if (mode == Comparison.STRUCTURE) return structure(expected, actual, ec, ac);
        if (ec != ac && !(expected.rows().isEmpty() && actual.rows().isEmpty())) {
            return Verdict.fail("expected " + ec + " columns, got " + ac);
        }
        double tol = mode == Comparison.APPROXIMATE ? tolerance : 0;
        List<List<Object>> exp = normalise(expected.rows());
        List<List<Object>> act = yearsAsYears(exp, normalise(actual.rows()));
        if (mode == Comparison.CONTAINS) {
            for (int[] perm : permutations(ac)) {
                if (contains(act, exp, perm, tol)) return Verdict.pass();
            }
            return Verdict.fail("some expected rows are missing from the result");
        }
        if (exp.size() != act.size()) return Verdict.fail("expected " + exp.size() + " rows, got " + act.size());
        for (int[] perm : permutations(ac)) {
            if (ordered ? sameList(exp, act, perm, tol) : sameMultiset(exp, act, perm, tol)) return Verdict.pass();
        }
        return Verdict.fail(ordered ? "rows differ (compared in order: the gold SQL orders its result)" : "rows differ");
    }

    /**
     * A period column of whole years written as the years' first days ("2021-01-01", as a semantic query's year
     * grain gives it) against the same column of year numbers (2021) in the gold: read as the years. Within one year,
     * months' first days ("2025-03-01") against month numbers (3), and quarters' first days ("2025-07-01") against
     * quarter numbers (3), are read as those numbers: the year is the same on every row, so the number alone names
     * the period.
     */
    static List<List<Object>> yearsAsYears(List<List<Object>> exp, List<List<Object>> act) {
        if (exp.isEmpty() || act.isEmpty() || exp.get(0).size() != act.get(0).size()) return act;
        List<List<Object>> out = act;
        for (int c = 0; c < act.get(0).size(); c++) {
            final int col = c;
            boolean years = exp.stream().allMatch(r -> r.get(col) instanceof BigDecimal b && b.scale() <= 0 && b.intValue() >= 1900 && b.intValue() <= 2200);
            boolean firstDays = act.stream().allMatch(r -> r.get(col) instanceof String t && t.matches("\\d{4}-01-01"));
            boolean months = exp.stream().allMatch(r -> r.get(col) instanceof String t && t.matches("\\d{4}-(0[1-9]|1[0-2])"));
            boolean monthFirstDays = act.stream().allMatch(r -> r.get(col) instanceof String t && t.matches("\\d{4}-\\d{2}-01"));
            PeriodNumber number = monthFirstDays ? PeriodNumber.within(exp, act, col) : null;
            if (!(years && firstDays) && !(months && monthFirstDays) && number == null) continue;
            List<List<Object>> next = new ArrayList<>();
            for (List<Object> r : out) {
                List<Object> copy = new ArrayList<>(r);
                String day = (String) r.get(col);
                copy.set(col, years && firstDays ? new BigDecimal(day.substring(0, 4)) : number != null ? number.of(day) : day.substring(0, 7));
                next.add(copy);
            }
            out = next;
        }
        return out;
    }

    /** A month or a quarter of one year named by its number: the gold's 1 to 12, or 1 to 4 for quarters' first days. */
    private enum PeriodNumber {
        MONTH, QUARTER;

        BigDecimal of(String firstDay) {
            int month = Integer.parseInt(firstDay.substring(5, 7));
            return BigDecimal.valueOf(this == MONTH ? month : (month - 1) / 3 + 1);
        }

        /** How a column of months' first days, all in one year, is numbered in the gold's column, if it is. */
        static PeriodNumber within(List<List<Object>> exp, List<List<Object>> act, int col) {
            if (act.stream().map(r -> ((String) r.get(col)).substring(0, 4)).distinct().count() != 1) return null;
            if (!exp.stream().allMatch(r -> r.get(col) instanceof BigDecimal b && b.scale() <= 0 && b.intValue() >= 1 && b.intValue() <= 12)) return null;
            boolean quarterStarts = act.stream().allMatch(r -> Set.of("01", "04", "07", "10").contains(((String) r.get(col)).substring(5, 7)));
            Set<Integer> gold = new java.util.HashSet<>();
            exp.forEach(r -> gold.add(((BigDecimal) r.get(col)).intValue()));
            Set<Integer> quarters = new java.util.HashSet<>();
            act.forEach(r -> quarters.add(QUARTER.of((String) r.get(col)).intValue()));
            return quarterStarts && quarters.equals(gold) ? QUARTER : MONTH;
        }
    }

    private static int columnCount(Table t) {
        if (t.columns() != null && !t.columns().isEmpty()) return t.columns().size();
        return t.rows().isEmpty() ? 0 : t.rows().get(0).size();
    }

    // ------------------------------------------------------------------ values

    static List<List<Object>> normalise(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            List<Object> r = new ArrayList<>(row.size());
            for (Object v : row) r.add(normalise(v));
            out.add(r);
        }
        return out;
    }

    /** Numbers as BigDecimal (doubles keep a marker), times as ISO text, everything else as is. */
    static Object normalise(Object v) {
        if (v == null) return null;
        if (v instanceof Double d) return Double.isFinite(d) ? new Approx(new BigDecimal(Double.toString(d))) : d.toString();
        if (v instanceof Float f) return new Approx(new BigDecimal(Float.toString(f)));
        if (v instanceof BigDecimal b) return b.stripTrailingZeros();
        if (v instanceof Number n) return new BigDecimal(n.toString()).stripTrailingZeros();
        if (v instanceof LocalDate d) return d.toString();
        if (v instanceof LocalDateTime t) return iso(t);
        if (v instanceof OffsetDateTime t) return iso(t.toLocalDateTime());
        if (v instanceof java.sql.Date d) return d.toLocalDate().toString();
        if (v instanceof java.sql.Timestamp t) return iso(t.toLocalDateTime());
        if (v instanceof String s && TIMESTAMP_TEXT.matcher(s).matches()) {
            try {
                return iso(LocalDateTime.parse(s.replace(' ', 'T')));
            } catch (java.time.format.DateTimeParseException e) {
                return s;
            }
        }
        return v;
    }

    private static final java.util.regex.Pattern TIMESTAMP_TEXT = java.util.regex.Pattern.compile("\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?");

    /** A number that came from a floating-point value: equal within noise. */
    record Approx(BigDecimal value) {}

    private static String iso(LocalDateTime t) {
        if (t.toLocalTime().equals(java.time.LocalTime.MIDNIGHT)) return t.toLocalDate().toString();
        return t.format(java.time.format.DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    }

    static boolean same(Object e, Object a, double tol) {
        if (e == null || a == null) return e == a;
        BigDecimal en = number(e);
        BigDecimal an = number(a);
        if (en != null && an != null) {
            if (tol > 0) return within(en, an, tol);
            if (e instanceof Approx || a instanceof Approx) return within(en, an, FLOAT_NOISE);
            return en.compareTo(an) == 0;
        }
        if (en != null || an != null) {
            // a number against text: equal when the text is that number (SQLite often returns numbers as text)
            String text = en != null ? a.toString() : e.toString();
            BigDecimal parsed = parse(text);
            return parsed != null && (en != null ? en : an).compareTo(parsed) == 0;
        }
        if (e instanceof Boolean || a instanceof Boolean) return e.toString().equalsIgnoreCase(a.toString());
        String es = e.toString();
        String as = a.toString();
        if (es.equals(as)) return true;
        // timestamps written with a space or a T
        return es.replace(' ', 'T').equals(as.replace(' ', 'T'));
    }

    private static BigDecimal number(Object v) {
        if (v instanceof Approx a) return a.value();
        if (v instanceof BigDecimal b) return b;
        return null;
    }

    private static BigDecimal parse(String s) {
        try {
            return new BigDecimal(s.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static boolean within(BigDecimal e, BigDecimal a, double tol) {
        BigDecimal diff = e.subtract(a).abs();
        BigDecimal scale = e.abs().max(a.abs());
        if (scale.signum() == 0) return true;
        if (e.signum() == 0) return diff.compareTo(BigDecimal.valueOf(tol)) <= 0;
        return diff.compareTo(scale.multiply(BigDecimal.valueOf(tol), MathContext.DECIMAL64)) <= 0;
    }

    // ------------------------------------------------------------------ rows and columns

    private static boolean sameList(List<List<Object>> exp, List<List<Object>> act, int[] perm, double tol) {
        for (int r = 0; r < exp.size(); r++) if (!sameRow(exp.get(r), act.get(r), perm, tol)) return false;
        return true;
    }

    private static boolean sameMultiset(List<List<Object>> exp, List<List<Object>> act, int[] perm, double tol) {
        if (tol == 0 && noApprox(exp) && noApprox(act)) {
            Map<List<Object>, Integer> counts = new HashMap<>();
            for (List<Object> row : exp) counts.merge(key(row, null), 1, Integer::sum);
            for (List<Object> row : act) {
                List<Object> k = key(row, perm);
                Integer n = counts.get(k);
                if (n == null || n == 0) return false;
                counts.put(k, n - 1);
            }
            return true;
        }
        return contains(act, exp, perm, tol) && exp.size() == act.size();
    }

    /** Whether every expected row can be matched to a distinct actual row. */
    private static boolean contains(List<List<Object>> act, List<List<Object>> exp, int[] perm, double tol) {
        boolean[] used = new boolean[act.size()];
        outer:
        for (List<Object> e : exp) {
            for (int i = 0; i < act.size(); i++) {
                if (!used[i] && sameRow(e, act.get(i), perm, tol)) {
                    used[i] = true;
                    continue outer;
                }
            }
            return false;
        }
        return true;
    }

    private static boolean sameRow(List<Object> e, List<Object> a, int[] perm, double tol) {
        if (e.size() != a.size()) return false;
        for (int c = 0; c < e.size(); c++) if (!same(e.get(c), a.get(perm[c]), tol)) return false;
        return true;
    }

    private static boolean noApprox(List<List<Object>> rows) {
        for (List<Object> r : rows) for (Object v : r) if (v instanceof Approx) return false;
        return true;
    }

    /** A hashable row key: numbers by value, text as is, in the permuted order. */
    private static List<Object> key(List<Object> row, int[] perm) {
        List<Object> k = new ArrayList<>(row.size());
        for (int c = 0; c < row.size(); c++) {
            Object v = row.get(perm == null ? c : perm[c]);
            if (v instanceof String s && parse(s) != null) v = parse(s);
            k.add(v instanceof BigDecimal b ? b.stripTrailingZeros().toPlainString() : v instanceof String s ? "s:" + s.replace(' ', 'T') : Objects.toString(v));
        }
        return k;
    }

    /** Identity first, then every other order of up to 8 columns. */
    static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        int[] identity = new int[n];
        for (int i = 0; i < n; i++) identity[i] = i;
        out.add(identity);
        if (n > 1 && n <= 8) permute(identity.clone(), 0, out);
        return out;
    }

    private static void permute(int[] a, int k, List<int[]> out) {
        if (k == a.length) {
            boolean identity = true;
            for (int i = 0; i < a.length; i++) if (a[i] != i) identity = false;
            if (!identity) out.add(a.clone());
            return;
        }
        for (int i = k; i < a.length; i++) {
            int t = a[k]; a[k] = a[i]; a[i] = t;
            permute(a, k + 1, out);
            t = a[k]; a[k] = a[i]; a[i] = t;
        }
    }

    // ------------------------------------------------------------------ structure

    private static Verdict structure(Table expected, Table actual, int ec, int ac) {
        if (ec != ac) return Verdict.fail("expected " + ec + " columns, got " + ac);
        for (int c = 0; c < ec; c++) {
            String e = kind(expected.rows(), c);
            String a = kind(actual.rows(), c);
            if (!e.equals("unknown") && !a.equals("unknown") && !e.equals(a)) {
                return Verdict.fail("column " + (c + 1) + " holds " + a + ", expected " + e);
            }
        }
        return Verdict.pass();
    }

    static String kind(List<List<Object>> rows, int c) {
        for (List<Object> row : rows) {
            Object v = normalise(row.get(c));
            if (v == null) continue;
            if (v instanceof BigDecimal || v instanceof Approx) return "number";
            if (v instanceof Boolean) return "boolean";
            String s = v.toString();
            if (s.matches("\\d{4}-\\d{2}-\\d{2}([T ].*)?")) return "time";
            return "text";
        }
        return "unknown";
    }

    /** Whether a SQL statement orders its final result (ORDER BY at the top level). */
    public static boolean ordersResult(String sql) {
        String s = sql.toUpperCase(Locale.ROOT);
        int depth = 0;
        boolean inString = false;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\'') inString = !inString;
            if (inString) continue;
            if (ch == '(') depth++;
            else if (ch == ')') depth--;
            else if (depth == 0 && s.startsWith("ORDER", i) && (i == 0 || !Character.isLetterOrDigit(s.charAt(i - 1)))
                    && s.substring(i + 5).stripLeading().startsWith("BY")) return true;
        }
        return false;
    }
}
