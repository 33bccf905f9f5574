package dev.almanac.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.almanac.semantic.Grain;
import dev.almanac.semantic.ResultColumns;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueFormat;
import dev.almanac.sql.QueryResult;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The chart of an answer from a semantic query, chosen by the result's shape with no model: a line
 * over time when the query has a grain (one metric; a dimension besides colours the lines), bars in
 * the query's order for a breakdown or a ranking (one metric, one dimension), and none for a single
 * value or a shape a chart would not make clearer (several metrics, several dimensions, more than
 * {@value #MAX_BARS} bars or {@value #MAX_LINES} lines). The spec is Vega-Lite with the rows inlined,
 * as {@link ChartSpec#withData} makes it; axis titles are the labels, money and percentages formatted.
 */
final class AutoChart {
    static final int MAX_BARS = 50;
    static final int MAX_LINES = 12;
    private static final ObjectMapper JSON = new ObjectMapper();

    private AutoChart() {}

    static Optional<ObjectNode> of(SemanticQuery q, QueryResult r, ResultColumns columns, String title) {
        if (r.rowCount() < 2 || q.metrics().size() != 1 || !r.columns().contains(q.metrics().get(0))) return Optional.empty();
        String metric = q.metrics().get(0);
        List<String> dims = q.groupBy().stream().map(SemanticQuery.GroupBy::dimension).toList();
        if (!r.columns().containsAll(dims)) return Optional.empty();
        ObjectNode spec;
        if (q.grain() != null) {
            if (!r.columns().contains(q.grain().label()) || dims.size() > 1) return Optional.empty();
            if (dims.size() == 1 && distinct(r, dims.get(0)) > MAX_LINES) return Optional.empty();
            spec = line(q.grain(), metric, dims.isEmpty() ? null : dims.get(0), columns);
        } else {
            // records that share a label would be one bar: a table shows them apart
        if (dims.size() != 1 || r.rowCount() > MAX_BARS || q.listsRecords() && distinct(r, dims.get(0)) < r.rowCount()) return Optional.empty();
            spec = bars(dims.get(0), metric, columns);
        }
        return Optional.of(ChartSpec.withData(spec, r, title));
    }

    private static ObjectNode line(Grain grain, String metric, String colour, ResultColumns columns) {
        ObjectNode spec = JSON.createObjectNode();
        spec.putObject("mark").put("type", "line").put("point", true);
        spec.put("width", 560).put("height", 280);
        ObjectNode enc = spec.putObject("encoding");
        String time = grain.label();
        enc.putObject("x").put("field", time).put("type", "temporal").put("timeUnit", timeUnit(grain)).put("title", columns.label(time));
        enc.set("y", measure(metric, columns));
        ArrayNode tooltip = enc.putArray("tooltip");
        tooltip.addObject().put("field", time).put("type", "temporal").put("timeUnit", timeUnit(grain)).put("title", columns.label(time));
        if (colour != null) {
            enc.putObject("color").put("field", colour).put("type", "nominal").put("title", columns.label(colour)).putNull("sort");
            tooltip.addObject().put("field", colour).put("type", "nominal").put("title", columns.label(colour));
        }
        tooltip.add(tip(metric, columns));
        return spec;
    }

    private static ObjectNode bars(String dimension, String metric, ResultColumns columns) {
        ObjectNode spec = JSON.createObjectNode();
        spec.putObject("mark").put("type", "bar");
        spec.put("width", 480);
        ObjectNode enc = spec.putObject("encoding");
        enc.putObject("y").put("field", dimension).put("type", "nominal").put("title", columns.label(dimension)).putNull("sort");
        enc.set("x", measure(metric, columns));
        enc.putArray("tooltip").add(JSON.createObjectNode().put("field", dimension).put("type", "nominal").put("title", columns.label(dimension)))
                .add(tip(metric, columns));
        return spec;
    }

    /** The metric's axis: its label (with the unit when the numbers do not show it) and tick labels in its format. */
    private static ObjectNode measure(String metric, ResultColumns columns) {
        Optional<ValueFormat> f = columns.format(metric);
        ObjectNode axis = JSON.createObjectNode().put("format", (isDollars(f) ? "$" : "") + ",.2~f");
        if (f.isPresent() && f.get().kind() == ValueFormat.Kind.percent) axis.put("labelExpr", "datum.label + '%'");
        ObjectNode y = JSON.createObjectNode().put("field", metric).put("type", "quantitative").put("title", title(metric, columns));
        y.set("axis", axis);
        return y;
    }

    private static ObjectNode tip(String metric, ResultColumns columns) {
        Optional<ValueFormat> f = columns.format(metric);
        Integer decimals = f.map(ValueFormat::decimals).orElse(null);
        String digits = f.isPresent() && f.get().kind() == ValueFormat.Kind.integer ? ",.0f"
                : decimals != null ? ",." + decimals + "f" : f.isPresent() && f.get().kind() == ValueFormat.Kind.currency ? ",.2f" : ",.2~f";
        return JSON.createObjectNode().put("field", metric).put("type", "quantitative").put("title", title(metric, columns))
                .put("format", (isDollars(f) ? "$" : "") + digits);
    }

    private static String title(String metric, ResultColumns columns) {
        Optional<ValueFormat> f = columns.format(metric);
        String label = columns.label(metric);
        if (f.isEmpty() || isDollars(f)) return label;
        if (f.get().kind() == ValueFormat.Kind.percent) return label + " (%)";
        if (f.get().kind() == ValueFormat.Kind.currency && f.get().unit() != null) return label + " (" + f.get().unit() + ")";
        return label;
    }

    private static boolean isDollars(Optional<ValueFormat> f) {
        return f.isPresent() && f.get().kind() == ValueFormat.Kind.currency && f.get().unit() != null && f.get().unit().strip().startsWith("USD");
    }

    /** Buckets read in UTC, so that a month is the same month in every time zone. */
    private static String timeUnit(Grain grain) {
        return switch (grain) {
            case DAY, WEEK -> "utcyearmonthdate";
            case MONTH -> "utcyearmonth";
            case QUARTER -> "utcyearquarter";
            case YEAR -> "utcyear";
        };
    }

    private static int distinct(QueryResult r, String column) {
        int i = r.columns().indexOf(column);
        Set<Object> seen = new HashSet<>();
        for (List<Object> row : r.rows()) seen.add(row.get(i));
        return seen.size();
    }
}
