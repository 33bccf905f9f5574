package dev.almanac.semantic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * How the columns of a semantic query's answer are shown to people: a label each (the grain, the
 * dimension's or metric's label) and the format of its values (null for text, such as a dimension's
 * values). The columns are those the compiler names: the grain, the group-by dimensions, the metrics,
 * and with a comparison period {@code <metric>_comparison}, {@code _change} and {@code _change_pct}; a share, {@code <metric>_share_pct}.
 */
public record ResultColumns(List<String> columns, List<String> labels, List<ValueFormat> formats) {
    public ResultColumns {
        columns = List.copyOf(columns);
        labels = List.copyOf(labels);
        formats = Collections.unmodifiableList(new ArrayList<>(formats)); // null for a column shown as it is
    }

    public static ResultColumns of(SemanticModel model, SemanticQuery q, List<String> columns) {
        List<String> labels = new ArrayList<>();
        List<ValueFormat> formats = new ArrayList<>();
        for (String column : columns) {
            if (q.grain() != null && column.equals(q.grain().label())) {
                labels.add(QueryExplainer.capitalize(q.grain().label()));
                formats.add(ValueFormat.of(q.grain()));
                continue;
            }
            Optional<SemanticMetric> metric = model.metric(column).filter(m -> q.metrics().contains(m.name()));
            if (metric.isPresent()) {
                labels.add(metric.get().displayName());
                formats.add(ValueFormat.of(metric.get().info()));
                continue;
            }
            Optional<SemanticMetric> shared = q.asksShare() ? q.metrics().stream().filter(n -> column.equals(n + "_share_pct")).findFirst()
                    .flatMap(model::metric) : Optional.empty();
            if (shared.isPresent()) { // "Share of shop revenue (%)"
                labels.add("Share of " + QueryExplainer.lowerFirst(shared.get().displayName()) + " (%)");
                formats.add(new ValueFormat(ValueFormat.Kind.percent, "percent", 2));
                continue;
            }
            Optional<SemanticMetric> compared = q.compareTo() == null ? Optional.empty() : comparedMetric(model, q, column);
            if (compared.isPresent()) {
                SemanticMetric m = compared.get();
                String suffix = column.substring(m.name().length());
                ValueFormat f = ValueFormat.of(m.info());
                switch (suffix) {
                    case "_comparison" -> {
                        labels.add(m.displayName() + " (" + QueryExplainer.periodName(q.compareTo().start(), q.compareTo().end()) + ")");
                        formats.add(f);
                    }
                    case "_change" -> {
                        labels.add("Change in " + QueryExplainer.lowerFirst(m.displayName()));
                        formats.add(f);
                    }
                    default -> {
                        labels.add("Change in " + QueryExplainer.lowerFirst(m.displayName()) + " (%)");
                        formats.add(new ValueFormat(ValueFormat.Kind.percent, "percent", 1));
                    }
                }
                continue;
            }
            labels.add(model.dimension(column).map(Dimension::displayName).orElse(QueryExplainer.capitalize(column.replace('_', ' '))));
            formats.add(null);
        }
        return new ResultColumns(columns, labels, formats);
    }

    private static Optional<SemanticMetric> comparedMetric(SemanticModel model, SemanticQuery q, String column) {
        for (String name : q.metrics()) {
            for (String suffix : List.of("_comparison", "_change", "_change_pct")) {
                if (column.equals(name + suffix)) return model.metric(name);
            }
        }
        return Optional.empty();
    }

    /** The value of a column as people read it ("" for no value). */
    public String show(int column, Object value) {
        ValueFormat f = formats.get(column);
        if (f != null) return f.show(value);
        return value == null ? "" : value.toString();
    }

    /** The format of a column by name, if it has one. */
    public Optional<ValueFormat> format(String column) {
        int i = columns.indexOf(column);
        return i < 0 ? Optional.empty() : Optional.ofNullable(formats.get(i));
    }

    /** The label of a column by name (the name itself when it is not one of the answer's). */
    public String label(String column) {
        int i = columns.indexOf(column);
        return i < 0 ? column : labels.get(i);
    }

    /** Words in a column name that say it holds money, and a share in percent. */
    private static final java.util.regex.Pattern MONEY = java.util.regex.Pattern.compile(
            "(?i)(^|_)(usd|revenue|amount|price|cost|spend|spent|mrr|arr|aov|paid|refunded|received|pipeline|weighted|dollars|sales|income|value)(_|$)");
    private static final java.util.regex.Pattern PERCENT = java.util.regex.Pattern.compile("(?i)(^|_)(pct|percent|percentage)(_|$)");
    private static final java.util.regex.Pattern GRAIN = java.util.regex.Pattern.compile("(?i)(^|_)(year|quarter|month|week|day|date)(_|s?$)");

    /**
     * How to show the columns of an answer written in SQL (a verified query, a canonical metric, the model's): a label
     * from the column's name in words ("mrr_usd" is "MRR USD"), dates at the grain their name or their values show
     * (all on the first of a month: months), money when the name says so (or {@code unit}, a canonical metric's, is a
     * currency), a percentage for "pct", whole numbers without decimals, and other numbers with the same decimals on
     * every row (as many as the data has, at most two). Text is shown as it is.
     *
     * @param unit the unit of the metric the answer computes, if any (for its one measure column)
     */
    public static ResultColumns infer(List<String> columns, List<List<Object>> rows, String unit) {
        List<String> labels = new ArrayList<>();
        List<ValueFormat> formats = new ArrayList<>();
        long numeric = java.util.stream.IntStream.range(0, columns.size()).filter(i -> kindOf(rows, i) == 'n').count();
        for (int c = 0; c < columns.size(); c++) {
            final int i = c;
            String name = columns.get(i);
            labels.add(InWords.label(name));
            char kind = kindOf(rows, i);
            if (kind == 'd') {
                formats.add(new ValueFormat(dateGrain(name, rows, i), null, null));
            } else if (kind == 'n') {
                boolean whole = rows.stream().map(r -> r.get(i)).filter(java.util.Objects::nonNull).allMatch(ResultColumns::integral);
                boolean metricUnit = unit != null && numeric == 1;
                if (PERCENT.matcher(name).find() || metricUnit && unit.toLowerCase(java.util.Locale.ROOT).startsWith("percent")) {
                    formats.add(new ValueFormat(ValueFormat.Kind.percent, "percent", Math.max(1, Math.min(2, scale(rows, i)))));
                } else if (MONEY.matcher(name).find() && !(metricUnit && ValueFormat.currencyCode(unit).isEmpty()) || metricUnit && ValueFormat.currencyCode(unit).isPresent()) {
                    formats.add(new ValueFormat(ValueFormat.Kind.currency, metricUnit && ValueFormat.currencyCode(unit).isPresent() ? unit : "USD", 2));
                } else if (whole) {
                    formats.add(new ValueFormat(ValueFormat.Kind.integer, metricUnit ? unit : null, 0));
                } else {
                    formats.add(new ValueFormat(ValueFormat.Kind.number, metricUnit ? unit : null, Math.min(2, scale(rows, i))));
                }
            } else {
                formats.add(null);
            }
        }
        return new ResultColumns(columns, labels, formats);
    }

    /** The same formats with every number column showing the same decimals on every row (as many as the data has, at most two). */
    public ResultColumns steady(List<List<Object>> rows) {
        List<ValueFormat> out = new ArrayList<>();
        for (int i = 0; i < formats.size(); i++) {
            ValueFormat f = formats.get(i);
            boolean open = f != null && f.decimals() == null && (f.kind() == ValueFormat.Kind.number || f.kind() == ValueFormat.Kind.percent);
            out.add(open ? new ValueFormat(f.kind(), f.unit(), Math.min(2, scale(rows, i))) : f);
        }
        return new ResultColumns(columns, labels, out);
    }

    /** 'd' for a column of dates (at midnight), 'n' for numbers, 't' for anything else or no values. */
    private static char kindOf(List<List<Object>> rows, int i) {
        char kind = 't';
        for (List<Object> r : rows) {
            Object v = r.get(i);
            if (v == null) continue;
            char k = v instanceof Number ? 'n' : midnight(v) ? 'd' : 't';
            if (k == 't' || kind != 't' && kind != k) return 't';
            kind = k;
        }
        return kind;
    }

    private static boolean midnight(Object v) {
        if (v instanceof java.time.LocalDate || v instanceof java.sql.Date) return true;
        if (v instanceof java.time.LocalDateTime t) return t.toLocalTime().equals(java.time.LocalTime.MIDNIGHT);
        if (v instanceof java.time.OffsetDateTime t) return t.toLocalTime().equals(java.time.LocalTime.MIDNIGHT);
        if (v instanceof java.sql.Timestamp t) return t.toLocalDateTime().toLocalTime().equals(java.time.LocalTime.MIDNIGHT);
        return false;
    }

    private static java.time.LocalDate dateOf(Object v) {
        if (v instanceof java.time.LocalDate d) return d;
        if (v instanceof java.sql.Date d) return d.toLocalDate();
        if (v instanceof java.time.LocalDateTime t) return t.toLocalDate();
        if (v instanceof java.time.OffsetDateTime t) return t.toLocalDate();
        return ((java.sql.Timestamp) v).toLocalDateTime().toLocalDate();
    }

    /** The grain a date column's name says ("month", "signup_year"), else the one its values show. */
    private static ValueFormat.Kind dateGrain(String name, List<List<Object>> rows, int i) {
        java.util.regex.Matcher m = GRAIN.matcher(name);
        if (m.find()) {
            String word = m.group(2).toLowerCase(java.util.Locale.ROOT);
            return word.equals("date") ? ValueFormat.Kind.day : ValueFormat.Kind.valueOf(word);
        }
        List<java.time.LocalDate> dates = rows.stream().map(r -> r.get(i)).filter(java.util.Objects::nonNull).map(ResultColumns::dateOf).toList();
        if (dates.size() > 1 && dates.stream().allMatch(d -> d.getDayOfYear() == 1)) return ValueFormat.Kind.year;
        if (dates.stream().allMatch(d -> d.getDayOfMonth() == 1)) return ValueFormat.Kind.month;
        return ValueFormat.Kind.day;
    }

    private static boolean integral(Object v) {
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte || v instanceof java.math.BigInteger) return true;
        if (v instanceof java.math.BigDecimal d) return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0;
        return false; // a double is a measure, even when whole
    }

    /** The most decimals any value of the column has. */
    private static int scale(List<List<Object>> rows, int i) {
        int most = 0;
        for (List<Object> r : rows) {
            Object v = r.get(i);
            if (!(v instanceof Number)) continue;
            try {
                java.math.BigDecimal d = new java.math.BigDecimal(v.toString()).stripTrailingZeros();
                most = Math.max(most, Math.max(0, d.scale()));
            } catch (NumberFormatException e) {
                // NaN or infinite: no decimals to count
            }
        }
        return most;
    }
}
