package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.almanac.UserError;
import dev.almanac.semantic.Grain;
import dev.almanac.semantic.SemanticQuery;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of {@code query_metrics} read into a {@link SemanticQuery}. Lenient where the model
 * is likely to vary (a single string for a list, a filter written as text, {@code value} for
 * {@code values}); anything it cannot read is a {@link UserError} that says what to write. And the
 * other way: a query written as the arguments that read back into it ({@link #of}).
 */
final class SemanticArguments {
    private SemanticArguments() {}

    static SemanticQuery read(JsonNode args) {
        List<String> metrics = strings(args.path("metrics"));
        if (metrics.isEmpty()) metrics = strings(args.path("metric"));
        List<SemanticQuery.GroupBy> groupBy = new ArrayList<>();
        for (String g : strings(args.path("group_by"))) groupBy.add(SemanticQuery.GroupBy.parse(g));
        String records = text(args.path("records"));
        List<String> countDistinct = strings(args.path("count_distinct"));
        if (metrics.isEmpty() && groupBy.isEmpty() && countDistinct.isEmpty()) {
            throw new UserError("query_metrics needs \"metrics\": a list of metric names (list_metrics shows them), or \"group_by\" alone to list a dimension's"
                    + " values (with \"records\": a dataset, to list its records with those attributes)");
        }
        List<SemanticQuery.Exists> exists = new ArrayList<>();
        for (JsonNode e : list(args.path("exists"))) exists.add(exists(e));
        String grain = text(args.path("grain"));
        List<SemanticQuery.Filter> filters = new ArrayList<>();
        for (JsonNode f : list(args.path("filters"))) filters.add(filter(f));
        List<SemanticQuery.Order> order = new ArrayList<>();
        for (String o : strings(args.path("order"))) order.add(SemanticQuery.Order.parse(o));
        Integer limit = null;
        if (!args.path("limit").isMissingNode() && !args.path("limit").isNull()) {
            if (!args.path("limit").canConvertToInt() && !args.path("limit").asText().strip().matches("\\d+")) {
                throw new UserError("\"limit\" must be a whole number, not " + args.path("limit"));
            }
            limit = args.path("limit").isNumber() ? args.path("limit").asInt() : Integer.parseInt(args.path("limit").asText().strip());
        }
        LocalDate compareStart = date(args, "compare_start");
        LocalDate compareEnd = date(args, "compare_end");
        SemanticQuery.Period compare = null;
        if (compareStart != null || compareEnd != null) {
            if (compareStart == null || compareEnd == null) throw new UserError("a comparison needs both compare_start and compare_end");
            compare = new SemanticQuery.Period(compareStart, compareEnd);
        }
        return new SemanticQuery(metrics, groupBy, grain == null ? null : Grain.parse(grain), date(args, "start"), date(args, "end"), filters,
                order, limit, compare, strings(args.path("segments")), strings(args.path("without_segments")), flag(args, "gaps"), flag(args, "share"),
                records, flag(args, "ties"), exists, countDistinct);
    }

    /** A query as the {@code query_metrics} arguments that {@link #read} reads back into it; empty parts left out. */
    static ObjectNode of(SemanticQuery q) {
        ObjectNode a = JsonNodeFactory.instance.objectNode();
        strings(a, "metrics", q.metrics());
        strings(a, "count_distinct", q.countDistinct());
        if (q.records() != null) a.put("records", q.records());
        strings(a, "group_by", q.groupBy().stream().map(SemanticQuery.GroupBy::toString).toList());
        if (q.grain() != null) a.put("grain", q.grain().label());
        if (q.start() != null) a.put("start", q.start().toString());
        if (q.end() != null) a.put("end", q.end().toString());
        filters(a, q.filters());
        for (SemanticQuery.Exists e : q.exists()) {
            ObjectNode x = a.withArray("exists").addObject().put("dataset", e.dataset());
            filters(x, e.filters());
            if (e.none()) x.put("negated", true);
            if (e.of() != null) x.put("of", e.of());
        }
        strings(a, "order", q.order().stream().map(SemanticQuery.Order::toString).toList());
        if (q.limit() != null) a.put("limit", q.limit());
        if (q.keepsTies()) a.put("ties", true);
        if (q.compareTo() != null) a.put("compare_start", q.compareTo().start().toString()).put("compare_end", q.compareTo().end().toString());
        strings(a, "segments", q.segments());
        strings(a, "without_segments", q.withoutSegments());
        if (q.asksShare()) a.put("share", true);
        if (q.asksGaps()) a.put("gaps", true);
        return a;
    }

    private static void strings(ObjectNode a, String name, List<String> values) {
        if (values.isEmpty()) return;
        ArrayNode array = a.putArray(name);
        values.forEach(array::add);
    }

    /** Filters as {@code {field, op, values}}: a value with a comma or quote is not split or changed as text would be. */
    private static void filters(ObjectNode a, List<SemanticQuery.Filter> filters) {
        for (SemanticQuery.Filter f : filters) {
            ObjectNode x = a.withArray("filters").addObject().put("field", f.field()).put("op", f.op());
            strings(x, "values", f.values());
        }
    }

    /** {@code {dataset, filters, negated, of}}, or related rows written as text: {@code "not orders where status = completed"}. */
    private static SemanticQuery.Exists exists(JsonNode e) {
        if (e.isTextual()) return SemanticQuery.Exists.parse(e.asText());
        String dataset = text(e.path("dataset"));
        if (dataset == null) {
            throw new UserError("related rows need a \"dataset\", e.g. {\"dataset\": \"orders\", \"negated\": true} for the rows with no order");
        }
        List<SemanticQuery.Filter> filters = new ArrayList<>();
        for (JsonNode f : list(e.has("filters") ? e.path("filters") : e.path("where"))) filters.add(filter(f));
        return new SemanticQuery.Exists(dataset, filters, flag(e, "negated") || flag(e, "not"), text(e.path("of")));
    }

    /** A yes/no argument: true, "true" or "yes"; anything else is no. */
    private static Boolean flag(JsonNode args, String name) {
        JsonNode v = args.path(name);
        return v.isBoolean() ? v.asBoolean() : v.isTextual() && v.asText().strip().matches("(?i)true|yes");
    }

    /** {@code {field, op, values}} (or {@code value}), or a filter written as text: {@code "region = EMEA"}. */
    private static SemanticQuery.Filter filter(JsonNode f) {
        if (f.isTextual()) return SemanticQuery.Filter.parse(f.asText());
        String field = text(f.path("field"));
        if (field == null) field = text(f.path("dimension"));
        if (field == null) throw new UserError("a filter needs a \"field\" (a dimension or a metric of the query), e.g. {\"field\": \"region\", \"op\": \"=\", \"values\": [\"EMEA\"]}");
        List<String> values = strings(f.has("values") ? f.path("values") : f.path("value"));
        return new SemanticQuery.Filter(field, text(f.path("op")), values);
    }

    private static LocalDate date(JsonNode args, String field) {
        String t = text(args.path(field));
        if (t == null) return null;
        try {
            return LocalDate.parse(t);
        } catch (DateTimeParseException e) {
            throw new UserError("\"" + field + "\" must be a date written YYYY-MM-DD, not '" + t + "'");
        }
    }

    private static String text(JsonNode n) {
        if (n == null || n.isMissingNode() || n.isNull()) return null;
        String t = n.asText().strip();
        return t.isEmpty() ? null : t;
    }

    private static List<JsonNode> list(JsonNode n) {
        List<JsonNode> out = new ArrayList<>();
        if (n.isArray()) n.forEach(out::add);
        else if (!n.isMissingNode() && !n.isNull()) out.add(n);
        return out;
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        for (JsonNode x : list(n)) {
            String t = text(x);
            if (t != null) out.add(t);
        }
        return out;
    }
}
