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
                labels.add(capitalize(q.grain().label()));
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
            labels.add(model.dimension(column).map(Dimension::displayName).orElse(capitalize(column.replace('_', ' '))));
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

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
