package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
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
 * {@code values}); anything it cannot read is a {@link UserError} that says what to write.
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
