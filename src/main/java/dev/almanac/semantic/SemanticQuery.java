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
                            Boolean share, String records, Boolean ties, List<Exists> exists, List<String> countDistinct) {
    /**
     * @param records the dataset whose rows are listed, one row per record (grouped by its key, which is not shown), with
     *                the group-by dimensions as its attributes; null for an aggregate or a list of distinct values
     * @param ties    with a limit and an order: every row tied with the last one kept is kept too ("the youngest singer")
     * @param exists  conditions on related rows: the rows of a dataset that have (or have no) rows in another one reached
     *                through the model's relationships, optionally with conditions on those rows
     * @param countDistinct dimensions whose distinct values are counted, each a column {@code <dimension>_distinct_count}
     */
    public SemanticQuery {
        records = records == null || records.isBlank() ? null : records.strip();
        ties = Boolean.TRUE.equals(ties) ? Boolean.TRUE : null;
        exists = exists == null ? List.of() : List.copyOf(exists);
        countDistinct = countDistinct == null ? List.of() : List.copyOf(countDistinct);
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

    public SemanticQuery(List<String> metrics, List<GroupBy> groupBy, Grain grain, LocalDate start, LocalDate end, List<Filter> filters,
                         List<Order> order, Integer limit, Period compareTo, List<String> segments, List<String> withoutSegments, Boolean gaps,
                         Boolean share) {
        this(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, null, null, null, null);
    }

    /** Whether the query asks for the periods at its grain that hold no rows of its metric ("which months have no spend data"). */
    public boolean asksGaps() {
        return Boolean.TRUE.equals(gaps);
    }

    /** The periods at the query's grain, over its period, that hold no rows of its metric. */
    public SemanticQuery onlyGaps() {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, true, share, records, ties, exists, countDistinct);
    }

    /** Whether the query asks what share of its metric the filters keep ("what share of MRR came from Enterprise"), in percent. */
    public boolean asksShare() {
        return Boolean.TRUE.equals(share);
    }

    /** The share of the metric that the filters keep, in percent of the metric without them. */
    public SemanticQuery asShare() {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, true, records, ties, exists, countDistinct);
    }

    public static SemanticQuery of(String... metrics) {
        return new SemanticQuery(List.of(metrics), null, null, null, null, null, null, null, null, null, null);
    }

    public SemanticQuery by(String... dimensions) {
        List<GroupBy> g = new ArrayList<>(groupBy);
        for (String d : dimensions) g.add(GroupBy.parse(d));
        return new SemanticQuery(metrics, g, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, exists, countDistinct);
    }

    /** The same query shown by these groups instead. */
    public SemanticQuery groupedBy(List<GroupBy> g) {
        return new SemanticQuery(metrics, g, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, exists, countDistinct);
    }

    public SemanticQuery grain(Grain g) {
        return new SemanticQuery(metrics, groupBy, g, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, exists, countDistinct);
    }

    public SemanticQuery between(LocalDate from, LocalDate to) {
        return new SemanticQuery(metrics, groupBy, grain, from, to, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, exists, countDistinct);
    }

    public SemanticQuery where(String... filterTexts) {
        List<Filter> f = new ArrayList<>(filters);
        for (String t : filterTexts) f.add(Filter.parse(t));
        return new SemanticQuery(metrics, groupBy, grain, start, end, f, order, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, exists, countDistinct);
    }

    public SemanticQuery where(List<Filter> more) {
        List<Filter> f = new ArrayList<>(filters);
        f.addAll(more);
        return new SemanticQuery(metrics, groupBy, grain, start, end, f, order, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, exists, countDistinct);
    }

    public SemanticQuery orderBy(String... orders) {
        List<Order> o = new ArrayList<>(order);
        for (String t : orders) o.add(Order.parse(t));
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, o, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, exists, countDistinct);
    }

    /** The same query of other metrics. */
    public SemanticQuery withMetrics(List<String> names) {
        return new SemanticQuery(names, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, exists,
                countDistinct);
    }

    /** The same query in another order (none: the engine's). */
    public SemanticQuery withOrder(List<Order> orders) {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, orders, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, exists,
                countDistinct);
    }

    public SemanticQuery limit(Integer n) {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, n, compareTo, segments, withoutSegments, gaps, share, records, ties, exists, countDistinct);
    }

    public SemanticQuery comparedTo(LocalDate from, LocalDate to) {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, new Period(from, to), segments, withoutSegments, gaps, share, records, ties, exists, countDistinct);
    }

    public SemanticQuery withSegments(List<String> on, List<String> off) {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, on, off, gaps, share, records, ties, exists, countDistinct);
    }

    /** The rows of a dataset, one per record, with the group-by dimensions as attributes ("name, country and age of every singer"). */
    public SemanticQuery records(String dataset) {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, dataset, ties, exists,
                countDistinct);
    }

    /** The limit keeps every row tied with the last one kept ("the youngest singer": all of them). */
    public SemanticQuery withTies() {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, records, true, exists,
                countDistinct);
    }

    /** Conditions on related rows ({@code "orders"}, {@code "not order_items where product = Widget"}). */
    public SemanticQuery exists(String... texts) {
        List<Exists> e = new ArrayList<>(exists);
        for (String t : texts) e.add(Exists.parse(t));
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, e,
                countDistinct);
    }

    /**
     * A query of these metrics by these groups under this query's conditions (its filters and its conditions on related rows),
     * and nothing else: no period, order, limit or records.
     */
    public SemanticQuery withConditionsOf(List<String> metrics, List<GroupBy> groupBy) {
        return new SemanticQuery(metrics, groupBy, null, null, null, filters, null, null, null, null, null, null, null, null, null, exists, null);
    }

    /** These conditions on related rows too. */
    public SemanticQuery withExists(List<Exists> more) {
        if (more.isEmpty()) return this;
        List<Exists> e = new ArrayList<>(exists);
        e.addAll(more);
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, e,
                countDistinct);
    }

    /** Counts of the distinct values of dimensions, each a column {@code <dimension>_distinct_count}. */
    public SemanticQuery countDistinct(String... dimensions) {
        List<String> c = new ArrayList<>(countDistinct);
        c.addAll(List.of(dimensions));
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, compareTo, segments, withoutSegments, gaps, share, records, ties, exists, c);
    }

    /** The same query without its comparison period. */
    public SemanticQuery withoutComparison() {
        return new SemanticQuery(metrics, groupBy, grain, start, end, filters, order, limit, null, segments, withoutSegments, gaps, share, records, ties, exists,
                countDistinct);
    }

    /** Whether the query lists records of a dataset rather than aggregates or distinct values. */
    public boolean listsRecords() {
        return records != null;
    }

    /** Whether a limit keeps the rows tied with the last one. */
    public boolean keepsTies() {
        return Boolean.TRUE.equals(ties);
    }

    /**
     * A condition on related rows: the rows of {@code of} (the records listed, else the metrics' dataset) that have ({@code
     * negated} false) or have no rows of {@code dataset} related to them through the model's relationships, where the
     * related rows meet {@code filters} (dimensions reached from {@code dataset}).
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Exists(String dataset, List<Filter> filters, Boolean negated, String of) {
        private static final Pattern TEXT = Pattern.compile("^\\s*(?i:(not|no)\\s+)?([A-Za-z_][A-Za-z0-9_.]*)(?:\\s+(?i:of)\\s+([A-Za-z_][A-Za-z0-9_]*))?"
                + "(?:\\s+(?i:where)\\s+(.+))?\\s*$");

        public Exists {
            if (dataset == null || dataset.isBlank()) throw new UserError("a condition on related rows needs the dataset they are in");
            dataset = dataset.strip();
            filters = filters == null ? List.of() : List.copyOf(filters);
            negated = Boolean.TRUE.equals(negated) ? Boolean.TRUE : null;
            of = of == null || of.isBlank() ? null : of.strip();
        }

        public boolean none() {
            return Boolean.TRUE.equals(negated);
        }

        /** {@code orders}, {@code not orders}, {@code order_items where product = Widget and quantity > 1}, {@code orders of customers}. */
        public static Exists parse(String text) {
            Matcher m = TEXT.matcher(text);
            if (!m.matches()) {
                throw new UserError("cannot read the related rows '" + text + "': write [not] DATASET [of DATASET] [where FILTER [and FILTER]], e.g. \"not orders\"");
            }
            List<Filter> filters = new ArrayList<>();
            if (m.group(4) != null) {
                List<String> parts = new ArrayList<>(List.of(m.group(4).split("(?i)\\s+and\\s+")));
                for (int i = 0; i < parts.size(); i++) { // "age between 30 and 40" spans two parts
                    String p = parts.get(i);
                    if (p.matches("(?is).*\\sbetween\\s+\\S.*") && !p.matches("(?is).*\\sbetween\\s+.*,.*") && i + 1 < parts.size()) {
                        p = p + " and " + parts.remove(i + 1);
                    }
                    filters.add(Filter.parse(p));
                }
            }
            return new Exists(m.group(2), filters, m.group(1) != null, m.group(3));
        }

        @Override
        public String toString() {
            return (none() ? "not " : "") + dataset + (of == null ? "" : " of " + of)
                    + (filters.isEmpty() ? "" : " where " + String.join(" and ", filters.stream().map(Filter::toString).toList()));
        }
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
        public static final List<String> OPERATORS = List.of("=", "!=", "in", "not_in", "<", "<=", ">", ">=", "between", "contains", "not_contains");

        /** The value that compares a number dimension with its own average over its dataset's rows ({@code age > average}). */
        public static final String AVERAGE = "average";

        /** {@link #OPERATORS} as a JSON array, for a tool's parameter schema. */
        public static String operatorsJson() {
            return OPERATORS.stream().map(o -> "\"" + o + "\"").collect(java.util.stream.Collectors.joining(",", "[", "]"));
        }
        private static final Pattern TEXT = Pattern.compile("^\\s*([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)?)\\s*(!=|<>|<=|>=|=|<|>|(?i:not[\\s_]+in|in|between|not[\\s_]+contains?|does\\s+not\\s+contain|contains?))\\s*(.+?)\\s*$");

        public Filter {
            op = op == null ? "=" : op.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", "_");
            if (op.equals("<>")) op = "!=";
            if (op.equals("==")) op = "=";
            values = values == null ? List.of() : List.copyOf(values);
            if (values.isEmpty()) throw new UserError("the filter on " + field + " needs a value");
            if (op.equals("does_not_contain") || op.equals("not_contain")) op = "not_contains";
            if (op.equals("contain")) op = "contains";
            if (!OPERATORS.contains(op)) throw new UserError("unknown filter operator '" + op + "'; operators: " + String.join(" ", OPERATORS));
            if (op.equals("between") && values.size() != 2) {
                throw new UserError("the filter on " + field + " is between two values (both included), not " + values.size() + ": e.g. \"age between 30 and 40\"");
            }
            if (values.size() > 1 && !op.equals("in") && !op.equals("not_in") && !op.equals("between")) {
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
            if (m.group(2).toLowerCase(Locale.ROOT).equals("between")) raw = raw.replaceFirst("(?i)^((?:'(?:[^']|'')*'|\"[^\"]*\"|\\S+))\\s+and\\s+", "$1, ");
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
            if (op.equals("between")) return field + " between " + values.get(0) + " and " + values.get(1);
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
