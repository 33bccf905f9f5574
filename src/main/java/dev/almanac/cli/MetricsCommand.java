package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.knowledge.Metric;
import dev.almanac.semantic.Dimension;
import dev.almanac.semantic.Segment;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticMetric;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "metrics", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "List the metrics, or show one metric's definition.",
        description = {"The project's metrics: `metrics` or `metrics list` lists them, `metrics show NAME` gives a definition,",
                "the dimensions it can be sliced by and the segments that apply. Canonical metrics without a semantic form keep",
                "their SQL and are marked not sliceable."})
final class MetricsCommand extends WorkspaceCommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "list|show", description = "list (default) or show")
    String action;

    @Parameters(index = "1", arity = "0..1", paramLabel = "NAME", description = "The metric to show.")
    String name;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
    String format;

    @Override
    public void run() {
        String what = action == null ? "list" : action;
        if (!format.equals("text") && !format.equals("json")) throw new UserError("--format must be text or json");
        try (Workspace ws = openWorkspace()) {
            SemanticLayer layer = ws.semanticLayer();
            switch (what) {
                case "list" -> {
                    if (name != null) throw new UserError("metrics list takes no name; use metrics show " + name);
                    list(layer);
                }
                case "show" -> {
                    if (name == null) throw new UserError("metrics show needs a metric name");
                    show(layer, name);
                }
                default -> throw new UserError("metrics takes list or show NAME, not '" + what + "'");
            }
        }
        out().flush();
    }

    private void list(SemanticLayer layer) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (SemanticMetric m : layer.model().metrics()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", m.name());
            row.put("label", m.displayName());
            row.put("kind", m.kind());
            row.put("unit", m.info().unit());
            row.put("sliceable", true);
            rows.add(row);
        }
        for (Metric m : layer.sqlOnlyMetrics()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", m.name());
            row.put("label", m.label() == null ? m.name() : m.label());
            row.put("kind", "sql");
            row.put("unit", m.unit());
            row.put("sliceable", false);
            rows.add(row);
        }
        if (format.equals("json")) {
            out().println(Json.write(rows));
            return;
        }
        if (rows.isEmpty()) {
            out().println("No metrics: add canonical metrics in knowledge/metrics/ or a semantic model in knowledge/semantic/ (docs/SEMANTIC.md).");
            return;
        }
        int width = rows.stream().mapToInt(r -> r.get("name").toString().length()).max().orElse(4);
        for (Map<String, Object> r : rows) {
            out().printf("%-" + width + "s  %-8s %s%s%n", r.get("name"), r.get("kind"), r.get("label"),
                    Boolean.TRUE.equals(r.get("sliceable")) ? "" : "  (SQL only: not sliceable)");
        }
        out().printf("%n%d metrics; `almanac metrics show NAME` for one, `almanac query --metric NAME --by DIMENSION` to compute one.%n", rows.size());
    }

    private void show(SemanticLayer layer, String metricName) {
        var semantic = layer.model().metric(metricName);
        if (semantic.isEmpty()) {
            Metric canonical = layer.sqlOnlyMetrics().stream().filter(m -> m.name().equals(metricName)).findFirst()
                    .orElseThrow(() -> { layer.metric(metricName); return new UserError("unknown metric '" + metricName + "'"); });
            showSqlOnly(canonical);
            return;
        }
        SemanticMetric m = semantic.get();
        List<Dimension> dims = layer.dimensionsOf(m);
        List<Segment> segments = layer.segmentsOf(m);
        var time = layer.timeDimensionOf(m);
        if (format.equals("json")) {
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("name", m.name());
            j.put("label", m.displayName());
            j.put("kind", m.kind());
            j.put("definition", m.info().description());
            j.put("computed_as", computedAs(m));
            j.put("unit", m.info().unit());
            j.put("owner", m.info().owner());
            j.put("time_dimension", time.map(Dimension::name).orElse(null));
            j.put("grain", time.map(t -> t.grain().label()).orElse(null));
            j.put("dimensions", dims.stream().map(Dimension::name).toList());
            j.put("segments", segments.stream().map(s -> Map.of("name", s.name(), "default", s.isDefault())).toList());
            j.put("caveats", m.info().caveats());
            j.put("synonyms", m.info().synonyms());
            j.put("sliceable", true);
            j.put("canonical_sql", layer.canonical(m.name()).map(Metric::sql).orElse(null));
            out().println(Json.write(j));
            return;
        }
        PrintWriter o = out();
        o.println(m.name() + " — " + m.displayName() + " (" + m.kind() + ")");
        if (m.info().description() != null) o.println("Definition: " + m.info().description());
        o.println("Computed as: " + computedAs(m));
        if (m.info().unit() != null) o.println("Unit: " + m.info().unit());
        if (m.info().owner() != null) o.println("Owner: " + m.info().owner());
        o.println("Time: " + time.map(t -> t.name() + " (by " + t.grain().label() + ")").orElse("none: it is not limited to a period"));
        o.println("Sliceable by: " + (dims.isEmpty() ? "nothing" : String.join(", ", dims.stream().map(Dimension::name).toList())));
        if (!segments.isEmpty()) {
            o.println("Segments: " + String.join(", ", segments.stream().map(s -> s.name() + (s.isDefault() ? " (by default)" : " (always)")).toList()));
        }
        if (!m.info().caveats().isEmpty()) o.println("Caveats: " + String.join(" ", m.info().caveats()));
        if (!m.info().synonyms().isEmpty()) o.println("Also called: " + String.join(", ", m.info().synonyms()));
        layer.canonical(m.name()).ifPresent(c -> o.println("Canonical metric: " + c.name() + " (its SQL gives the same value for a period)"));
    }

    private void showSqlOnly(Metric m) {
        if (format.equals("json")) {
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("name", m.name());
            j.put("label", m.label());
            j.put("kind", "sql");
            j.put("definition", m.definition());
            j.put("sql", m.sql());
            j.put("unit", m.unit());
            j.put("sliceable", false);
            out().println(Json.write(j));
            return;
        }
        out().println(m.name() + " — " + (m.label() == null ? m.name() : m.label()) + " (SQL only)");
        out().println("Definition: " + m.definition());
        out().println("Not sliceable: this canonical metric has no semantic form; it is computed by its SQL for a period only.");
        out().println("SQL:");
        m.sql().lines().forEach(l -> out().println("  " + l));
    }

    private static String computedAs(SemanticMetric m) {
        if (m instanceof SemanticMetric.Simple s) {
            String agg = s.agg().label() + "(" + (s.expr() == null ? "*" : s.expr()) + ")" + (s.percentile() == null ? "" : " at " + s.percentile());
            String text = agg + " over " + s.dataset() + (s.filter() == null ? "" : " where " + s.filter());
            if (!s.segments().isEmpty()) text += ", segments " + String.join(", ", s.segments());
            if (s.isSnapshot()) text += "; a snapshot by " + s.snapshotDimension() + ": a longer period takes its " + (s.snapshotLast() ? "last" : "first") + " snapshot";
            if (s.timeGrain() != null) text += "; defined per " + s.timeGrain().label();
            return text;
        }
        if (m instanceof SemanticMetric.Ratio r) return r.numerator() + " / " + r.denominator();
        if (m instanceof SemanticMetric.Cumulative c) {
            return "cumulative " + c.input() + (c.window() != null ? " over a window of " + c.window() : c.grainToDate() != null ? ", " + c.grainToDate().label()
                    + " to date" : ", a running total over all time") + "; a coarser period takes its " + (c.periodAgg() == SemanticMetric.PeriodAgg.AVERAGE
                    ? "days' average" : c.periodAgg().label() + " day");
        }
        SemanticMetric.Derived d = (SemanticMetric.Derived) m;
        List<String> parts = new ArrayList<>();
        for (SemanticMetric.Input in : d.inputs()) {
            parts.add(in.column() + (in.alias() == null ? "" : " = " + in.metric()) + (in.offset().isNone() ? "" : " " + in.offset() + " earlier"));
        }
        return d.expr() + " where " + String.join("; ", parts);
    }
}
