package dev.almanac.semantic;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.almanac.UserError;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What to compute, by name: metrics by group-by dimensions, bucketed by a time grain over a period
 * {@code [start, end)}, with filters, order and limit, optionally against a comparison period, with
 * segments added or turned off. The same record comes from the CLI, the API, the model and the
 * question parser; the compiler turns it into SQL.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record SemanticQuery(List<String> metrics, List<GroupBy> groupBy, Grain grain, LocalDate start, LocalDate end, List<Filter> filters,
                            List<Order> order, Integer limit, Period compareTo, List<String> segments, List<String> withoutSegments, Boolean gaps,
                            Boolean share) {
    public SemanticQuery {
        gaps = Boolean.TRUE.equals(gaps) ? Boolean.TRUE : null;
        share = Boolean.TRUE.equals(share) ? Boolean.TRUE : null;
        metrics = metrics == null ? List.of() : List.copyOf(metrics);
        groupBy = groupBy == null ? List.of() : List.copyOf(groupBy);
        filters = filters == null ? List.of() : List.copyOf(filters);
        order = order == null ? List.of() : List.copyOf(order);
        segments = segments == null ? List.of() : List.copyOf(segments);
        withoutSegments = withoutSegments == null ? List.of() : List.copyOf(withoutSegments);
    }

    public SemanticQuery(List<String> metrics, List<GroupBy> groupBy, Grain grain, LocalDate start, LocalDate end, List<Filter> filters,
                         List<Order> order, Integer limit, Period compareTo, List<String> segments, List<String> withoutSegments) {
        this(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, null, null);
    }

    /** Whether the query asks for the periods at its grain that hold no rows of its metric ("which months have no spend data"). */
    public boolean asksGaps() {
        return Boolean.TRUE.equals(gaps);
    }

    /** The periods at the query's grain, over its period, that hold no rows of its metric. */
    public SemanticQuery onlyGaps() {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, true, share);
    }

    /** Whether the query asks what share of its metric the filters keep ("what share of MRR came from Enterprise"), in percent. */
    public boolean asksShare() {
        return Boolean.TRUE.equals(share);
    }

    /** The share of the metric that the filters keep, in percent of the metric without them. */
    public SemanticQuery asShare() {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, true);
    }

    public static SemanticQuery of(String... metrics) {
        return new SemanticQuery(List.of(metrics), null, null, null, null, null, null, null, null, null, null);
    }

    public SemanticQuery by(String... dimensions) {
        List<GroupBy> g = new ArrayList<>(groupBy);
        for (String d : dimensions) g.add(GroupBy.parse(d));
        return new SemanticQuery(metrics, g, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share);
    }

    public SemanticQuery grain(Grain g) {
        return new SemanticQuery(metrics, groupBy, g, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share);
    }

    public SemanticQuery between(LocalDate from, LocalDate to) {
        return new SemanticQuery(metrics, groupBy, grain, from, to, filters, order, limit, compareTo, segments, withoutSegments, gaps, share);
    }

    public SemanticQuery where(String... filterTexts) {
        List<Filter> f = new ArrayList<>(filters);
        for (String t : filterTexts) f.add(Filter.parse(t));
        return new SemanticQuery(metrics, groupBy, grain, start, end, f, order, limit, compareTo, segments, withoutSegments, gaps, share);
    }

    public SemanticQuery where(List<Filter> more) {
        List<Filter> f = new ArrayList<>(filters);
        f.addAll(more);
        return new SemanticQuery(metrics, groupBy, grain, start, end, f, order, limit, compareTo, segments, withoutSegments, gaps, share);
    }

    public SemanticQuery orderBy(String... orders) {
        List<Order> o = new ArrayList<>(order);
        for (String t : orders) o.add(Order.parse(t));
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, o, limit, compareTo, segments, withoutSegments, gaps, share);
    }

    public SemanticQuery limit(Integer n) {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, n, compareTo, segments, withoutSegments, gaps, share);
    }

    public SemanticQuery comparedTo(LocalDate from, LocalDate to) {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, new Period(from, to), segments, withoutSegments, gaps, share);
    }

    public SemanticQuery withSegments(List<String> on, List<String> off) {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, on, off, gaps, share);
    }

    /** A group-by dimension, with the relationships to join through when two paths reach it ({@code region via ship_country}). */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record GroupBy(String dimension, List<String> via) {
        public GroupBy {
            via = via == null ? List.of() : List.copyOf(via);
        }

        public static GroupBy parse(String text) {
            String[] parts = text.strip().split("(?i)\\s+via\\s+", 2);
            List<String> via = parts.length < 2 ? List.of() : List.of(parts[1].strip().split("\\s*[,.]\\s*|\\s+"));
            return new GroupBy(parts[0].strip(), via);
        }

        @Override
        public String toString() {
            return via.isEmpty() ? dimension : dimension + " via " + String.join(", ", via);
        }
    }

    /** A period {@code [start, end)}. */
    public record Period(LocalDate start, LocalDate end) {
        public Period {
            if (start == null || end == null) throw new UserError("a comparison period needs a start and an end");
            if (!end.isAfter(start)) throw new UserError("a period ends after it starts: " + start + " to " + end);
        }
    }

    /** A condition on a dimension (WHERE, before aggregation) or on a metric (after it). */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Filter(String field, String op, List<String> values) {
        /** The operators the compiler accepts; the tools advertise exactly these ({@link #operatorsJson()}). */
        public static final List<String> OPERATORS = List.of("=", "!=", "in", "not_in", "<", "<=", ">", ">=");

        /** {@link #OPERATORS} as a JSON array, for a tool's parameter schema. */
        public static String operatorsJson() {
            return OPERATORS.stream().map(o -> "\"" + o + "\"").collect(java.util.stream.Collectors.joining(",", "[", "]"));
        }
        private static final Pattern TEXT = Pattern.compile("^\\s*([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)?)\\s*(!=|<>|<=|>=|=|<|>|(?i:not\\s+in|in))\\s*(.+?)\\s*$");

        public Filter {
            op = op == null ? "=" : op.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", "_");
            if (op.equals("<>")) op = "!=";
            if (op.equals("==")) op = "=";
            if (!OPERATORS.contains(op)) throw new UserError("unknown filter operator '" + op + "'; operators: " + String.join(" ", OPERATORS));
            values = values == null ? List.of() : List.copyOf(values);
            if (values.isEmpty()) throw new UserError("the filter on " + field + " needs a value");
            if (values.size() > 1 && !op.equals("in") && !op.equals("not_in")) {
                throw new UserError("the filter on " + field + " has several values: use 'in' or 'not in'");
            }
        }

        /** {@code region = EMEA}, {@code plan in (Pro, Business)}, {@code amount > 1000}; values may be 'quoted'. */
        public static Filter parse(String text) {
            Matcher m = TEXT.matcher(text);
            if (!m.matches()) {
                throw new UserError("cannot read the filter '" + text + "': write DIMENSION OP VALUE, e.g. \"region = EMEA\" or \"plan in (Pro, Business)\"");
            }
            String raw = m.group(3).strip();
            if (raw.startsWith("(") && raw.endsWith(")")) raw = raw.substring(1, raw.length() - 1);
            List<String> values = new ArrayList<>();
            Matcher v = Pattern.compile("\\s*(?:'((?:[^']|'')*)'|\"([^\"]*)\"|([^,]+))\\s*(?:,|$)").matcher(raw);
            while (v.find()) {
                String value = v.group(1) != null ? v.group(1).replace("''", "'") : v.group(2) != null ? v.group(2) : v.group(3).strip();
                if (!value.isEmpty() || v.group(3) == null) values.add(value);
            }
            return new Filter(m.group(1), m.group(2), values);
        }

        @Override
        public String toString() {
            String shown = op.equals("in") || op.equals("not_in") ? "(" + String.join(", ", values) + ")" : values.get(0);
            return field + " " + op.replace('_', ' ') + " " + shown;
        }
    }

    /** An ordering by a metric or dimension; {@code -mrr} is descending. */
    public record Order(String field, boolean descending) {
        public static Order parse(String text) {
            String t = text.strip();
            if (t.startsWith("-")) return new Order(t.substring(1).strip(), true);
            if (t.startsWith("+")) return new Order(t.substring(1).strip(), false);
            String[] words = t.split("\\s+");
            if (words.length == 2 && words[1].equalsIgnoreCase("desc")) return new Order(words[0], true);
            if (words.length == 2 && words[1].equalsIgnoreCase("asc")) return new Order(words[0], false);
            return new Order(t, false);
        }

        @Override
        public String toString() {
            return (descending ? "-" : "") + field;
        }
    }
}
