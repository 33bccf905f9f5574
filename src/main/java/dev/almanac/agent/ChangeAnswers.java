package dev.almanac.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.almanac.semantic.Change;
import dev.almanac.semantic.ChangeWords;
import dev.almanac.semantic.QueryExplainer;
import dev.almanac.semantic.SemanticMetric;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueFormat;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The answer to "why did it change?" from a {@link Change}: its words, the split that ranks first as the answer's table
 * (each value with the number of the query that computed it), a waterfall chart of that split's contributions from the
 * value before to the value after, and the provenance (every query the analysis ran, the tables, the metric's caveats).
 * The whole analysis rides along as {@code change} for scripts and the web app.
 */
final class ChangeAnswers {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ChangeAnswers() {}

    /** @param said the direction the question said the metric moved (1 up, -1 down, 0 not said): the other way is said so */
    static Answer of(Flow flow, Turn t, Change c, String readAs, int said) {
        Set<String> tables = new LinkedHashSet<>();
        c.queries().forEach(q -> tables.addAll(q.tables()));
        List<String> caveats = new ArrayList<>();
        flow.ctx.semantic().model().metric(c.metric()).map(SemanticMetric::info).map(SemanticMetric.Info::caveats).ifPresent(caveats::addAll);
        if (c.coverage() != null) caveats.add("Coverage: " + c.coverage() + ".");
        caveats.add("Where the change sits in the data, not what caused it.");
        List<String> filters = new ArrayList<>();
        c.filters().forEach(f -> filters.add(f.toString()));
        filters.add("period: " + QueryExplainer.periodName(c.after().start(), c.after().end()) + " against " + QueryExplainer.periodName(c.before().start(), c.before().end()));
        SemanticQuery asked = SemanticQuery.of(c.metric()).between(c.after().start(), c.after().end()).comparedTo(c.before().start(), c.before().end())
                .where(c.filters());
        Answer.Provenance provenance = new Answer.Provenance(List.copyOf(tables), c.queries().stream().map(Change.Query::sql).toList(), filters, c.metric(),
                asked, List.of("semantic:" + c.metric()), List.of(), Explanations.freshness(tables, flow.ctx.catalog(), flow.ctx.knowledge()), caveats,
                explanation(c), readAs);
        Change.Split top = c.dimensions().isEmpty() ? null : c.dimensions().get(0);
        Answer.Kind kind = c.verdict() == Change.Verdict.explained ? Answer.Kind.result : Answer.Kind.observation;
        String text = ChangeWords.text(c);
        if (said != 0 && c.change() != null && c.change().signum() != 0 && c.change().signum() != said) {
            text = "It did not " + (said < 0 ? "fall: it rose." : "rise: it fell.") + " " + text;
        }
        return new Answer(text, kind, "high", 1, false, top == null ? null : data(c, top), top == null ? null : waterfall(c, top), provenance,
                Answer.Dq.NOT_EVALUATED, List.of(), t.threadId(), null, Answer.Usage.NONE, 0, c);
    }

    /** How the numbers were computed, in a few sentences. */
    static String explanation(Change c) {
        String s = "Each query computes " + c.label() + " for " + QueryExplainer.periodName(c.after().start(), c.after().end()) + " and for "
                + QueryExplainer.periodName(c.before().start(), c.before().end()) + " from the semantic model, by one dimension; a value's contribution is ";
        s += c.dimensions().stream().anyMatch(x -> x.mix() != null)
                ? "its part of the ratio after minus its part before (its numerator over the whole denominator), split into mix (its weight in the "
                        + "denominator moving, at its average rate) and rate (its rate moving, at its average weight)"
                : "its value after minus its value before";
        s += ", so the contributions of each dimension add up to the change; they are rounded so that the shown ones add up to the change shown.";
        if (c.movements() != null) s += " The movements compare each " + c.movements().entity() + "'s value in the two snapshots.";
        if (c.variation() != null) {
            s += " The usual change is the spread (median absolute deviation x 1.4826) of the " + c.variation().periods() + " changes from one "
                    + c.variation().grain().label() + " to the next before.";
        }
        return s;
    }

    /** The first split as rows: the value, its metric before and after, its contribution as shown, and the query it came from. */
    static Answer.Data data(Change c, Change.Split top) {
        boolean ratio = top.mix() != null;
        List<String> columns = new ArrayList<>(List.of("value", "before", "after", "contribution"));
        List<String> labels = new ArrayList<>(List.of(top.label(), QueryExplainer.periodName(c.before().start(), c.before().end()),
                QueryExplainer.periodName(c.after().start(), c.after().end()), "Contribution"));
        ValueFormat f = c.format();
        ValueFormat change = f.kind() == ValueFormat.Kind.percent ? new ValueFormat(ValueFormat.Kind.number, "points", f.decimals()) : f;
        List<ValueFormat> formats = new ArrayList<>();
        formats.add(null); // the values: text shown as it is
        formats.addAll(List.of(f, f, change));
        if (ratio) {
            columns.addAll(List.of("mix", "rate"));
            labels.addAll(List.of("Mix", "Rate"));
            formats.addAll(List.of(change, change));
        }
        columns.add("query");
        labels.add("Query");
        formats.add(new ValueFormat(ValueFormat.Kind.integer, null, 0));
        List<List<Object>> rows = new ArrayList<>();
        for (Change.Contribution v : top.values()) {
            List<Object> row = new ArrayList<>();
            row.add(v.status() == Change.Status.others ? "All " + v.others() + " other values" : v.value());
            row.add(v.before());
            row.add(v.after());
            row.add(v.shown());
            if (ratio) {
                row.add(v.mix() == null ? null : v.mix().setScale(v.shown().scale(), java.math.RoundingMode.HALF_UP));
                row.add(v.rate() == null ? null : v.rate().setScale(v.shown().scale(), java.math.RoundingMode.HALF_UP));
            }
            row.add(top.query());
            rows.add(row);
        }
        return new Answer.Data(columns, rows, rows.size(), false, labels, formats);
    }

    /**
     * A Vega-Lite waterfall of the first split: a bar for the value before, one per value's contribution from where the
     * previous ended (up or down), and one for the value after, which the contributions reach exactly.
     */
    static ObjectNode waterfall(Change c, Change.Split top) {
        ArrayNode values = JSON.createArrayNode();
        String before = QueryExplainer.periodName(c.before().start(), c.before().end());
        String after = QueryExplainer.periodName(c.after().start(), c.after().end());
        BigDecimal start = c.valueBefore().setScale(c.shownChange().scale(), java.math.RoundingMode.HALF_UP);
        bar(values, 0, before, BigDecimal.ZERO, start, "total", c, 0);
        BigDecimal level = start;
        int order = 1;
        for (Change.Contribution v : top.values()) {
            if (v.shown().signum() == 0) continue;
            BigDecimal next = level.add(v.shown());
            bar(values, order++, v.status() == Change.Status.others ? "All " + v.others() + " others" : String.valueOf(v.value()), level, next,
                    v.shown().signum() > 0 ? "increase" : "decrease", c, top.query());
            level = next;
        }
        bar(values, order, after, BigDecimal.ZERO, level, "total", c, 0);
        ObjectNode spec = JSON.createObjectNode();
        spec.put("$schema", "https://vega.github.io/schema/vega-lite/v5.json");
        spec.put("title", c.label() + ": " + before + " to " + after + ", by " + QueryExplainer.lowerFirst(top.label()));
        spec.putObject("data").set("values", values);
        // the axis spans the levels the bars reach, not from zero: a change of 7% of a large total stays visible; the two
        // totals are drawn from the axis's foot (clipped), their values on the axis and in the tooltip
        BigDecimal lo = null;
        BigDecimal hi = null;
        for (com.fasterxml.jackson.databind.JsonNode v : values) {
            for (String end : List.of("from", "to")) {
                if (v.get("kind").asText().equals("total") && end.equals("from")) continue;
                BigDecimal x = v.get(end).decimalValue();
                lo = lo == null || x.compareTo(lo) < 0 ? x : lo;
                hi = hi == null || x.compareTo(hi) > 0 ? x : hi;
            }
        }
        BigDecimal pad = hi.subtract(lo).signum() == 0 ? hi.abs().max(BigDecimal.ONE).multiply(new BigDecimal("0.1")) : hi.subtract(lo).multiply(new BigDecimal("0.25"));
        BigDecimal foot = lo.signum() >= 0 && lo.subtract(pad).signum() < 0 ? BigDecimal.ZERO : lo.subtract(pad);
        spec.putObject("mark").put("type", "bar").put("clip", true);
        ObjectNode enc = spec.putObject("encoding");
        ObjectNode x = enc.putObject("x");
        x.put("field", "step").put("type", "nominal").putNull("title");
        x.set("sort", labels(values));
        x.putObject("axis").put("labelAngle", -40);
        ObjectNode y = enc.putObject("y");
        y.put("field", "from").put("type", "quantitative").put("title", c.label());
        y.putObject("scale").put("zero", false).set("domain", JSON.createArrayNode().add(foot).add(hi.add(pad)));
        enc.putObject("y2").put("field", "to");
        ObjectNode color = enc.putObject("color");
        color.put("field", "kind").put("type", "nominal").putNull("title");
        color.putObject("scale").set("domain", JSON.createArrayNode().add("total").add("increase").add("decrease"));
        ((ObjectNode) color.get("scale")).set("range", JSON.createArrayNode().add("#64748b").add("#15803d").add("#b91c1c"));
        ArrayNode tooltip = enc.putArray("tooltip");
        tooltip.addObject().put("field", "step").put("type", "nominal");
        tooltip.addObject().put("field", "shown").put("type", "nominal").put("title", "Amount");
        return spec;
    }

    private static ArrayNode labels(ArrayNode values) {
        ArrayNode out = JSON.createArrayNode();
        values.forEach(v -> out.add(v.get("step").asText()));
        return out;
    }

    private static void bar(ArrayNode values, int order, String step, BigDecimal from, BigDecimal to, String kind, Change c, int query) {
        ObjectNode o = values.addObject();
        o.put("order", order);
        o.put("step", step);
        o.put("from", from);
        o.put("to", to);
        o.put("kind", kind);
        o.put("shown", kind.equals("total") ? c.format().show(to) : ChangeWords.signed(c, to.subtract(from)));
        if (query > 0) o.put("query", query);
    }
}
