package dev.almanac.semantic;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * The relational plan of a semantic query, before any dialect: per simple metric (at its offset) a
 * read of its facts, the many-to-one joins it needs, filters and an aggregation; then the bases
 * joined on the group-by keys; then the metrics computed from them, metric filters, order and limit.
 * Source expressions are kept as written (the source's dialect); what the compiler adds (time
 * buckets, ranges, literals, aggregate functions, rounding) is structured so the renderer can spell
 * it for each engine. {@link #toString()} prints it.
 */
public record QueryPlan(List<Base> bases, List<Key> keys, List<Output> outputs, List<Condition> having, List<SemanticQuery.Order> order,
                        Integer limit, List<LocalDate> gaps, Spine spine, boolean rowsDrive, boolean ties) {
    /**
     * @param gaps when the query asks which periods hold no rows: the first day of every period at its grain over its
     *             period (written as literals, so every engine reads the same calendar); the answer is those no row falls in
     * @param spine when the query asks for a metric over a period at a grain: every period of it, so that a period with no
     *              row is a row of the answer too (MetricFlow's time spine); null otherwise
     * @param rowsDrive the first base reads the rows listed (the records of a dataset, or the distinct values of dimensions):
     *                  the answer's rows are its keys, the other bases joined to them (never a key only another base has)
     * @param ties with a limit: every row tied with the last one kept (by the order asked) is kept too
     */
    public QueryPlan {
        gaps = gaps == null ? null : List.copyOf(gaps);
    }

    public QueryPlan(List<Base> bases, List<Key> keys, List<Output> outputs, List<Condition> having, List<SemanticQuery.Order> order, Integer limit,
                     List<LocalDate> gaps, Spine spine) {
        this(bases, keys, outputs, having, order, limit, gaps, spine, false, false);
    }

    public QueryPlan(List<Base> bases, List<Key> keys, List<Output> outputs, List<Condition> having, List<SemanticQuery.Order> order, Integer limit,
                     List<LocalDate> gaps) {
        this(bases, keys, outputs, having, order, limit, gaps, null);
    }

    /**
     * The time spine of an answer: the first day of each period, in order, written as literals (so every engine reads the
     * same calendar), and per base that fills a period with no row ({@code fills}, by base id: 0 for a count or a sum)
     * whether each period lies wholly within the data its metric reads. An uncovered period shows no data, never the fill.
     * {@code rowsEveryPeriod}: the bases whose read of their dataset (its own filters applied) has rows in every period, at
     * the base's offset, as the census of its days says: unless a condition on a joined dataset removes rows after the
     * read, joining the spine would add no row.
     */
    public record Spine(List<LocalDate> periods, Map<String, BigDecimal> fills, Map<String, List<Boolean>> covered, java.util.Set<String> rowsEveryPeriod) {
        public Spine {
            periods = List.copyOf(periods);
            fills = Map.copyOf(fills);
            covered = Map.copyOf(covered);
            rowsEveryPeriod = java.util.Set.copyOf(rowsEveryPeriod);
        }

        public Spine(List<LocalDate> periods, Map<String, BigDecimal> fills, Map<String, List<Boolean>> covered) {
            this(periods, fills, covered, java.util.Set.of());
        }
    }

    /**
     * A group-by key of the answer: the time bucket or a dimension, under its output name. The key of an entity a label
     * dimension names ({@link Dimension#entityKey}) follows its label, named {@code __key_<label>}: grouped by, not shown.
     */
    public record Key(String name, Dimension dimension, Grain grain) {
        /** The prefix of the name of an entity's key column, which the answer does not show. */
        public static final String IDENTITY = "__key_";

        public boolean isTime() {
            return grain != null;
        }

        /** The prefix of every column the answer reads but does not show: an entity's key, a record's key, an order's attribute. */
        public static final String HIDDEN = "__";

        /** Whether it is the hidden key of an entity whose label is the key before it. */
        public boolean isIdentity() {
            return name.startsWith(IDENTITY);
        }

        /** Whether it is grouped by (or ordered by) but not shown: an entity's key, a record's key, an attribute only ordered by. */
        public boolean isHidden() {
            return name.startsWith(HIDDEN);
        }
    }

    /**
     * One simple metric aggregated over its facts, possibly shifted by an offset; {@code id} names its CTE. With an
     * {@code accumulation}, the simple metric is the input of a cumulative metric, accumulated as it says.
     */
    public record Base(String id, SemanticMetric.Simple metric, Offset offset, Read fact, List<Join> joins, List<Condition> where,
                       Grain grain, String snapshotPick, Accumulation accumulation) {
        public Base(String id, SemanticMetric.Simple metric, Offset offset, Read fact, List<Join> joins, List<Condition> where, Grain grain,
                    String snapshotPick) {
            this(id, metric, offset, fact, joins, where, grain, snapshotPick, null);
        }
    }

    /**
     * How a base accumulates its input (a cumulative metric): its rows are added up by buckets of {@code grain} (the grain
     * the input is recorded at: a day, mostly), and each point's value is the sum of the buckets from the point's
     * {@code from} (all before it for a running total) up to its day. {@code points} null: no period was asked, so a running
     * total is taken over every day with rows (at a grain) or over all rows (without one).
     */
    public record Accumulation(SemanticMetric.Cumulative metric, Grain grain, List<Point> points) {
        public Accumulation {
            points = points == null ? null : List.copyOf(points);
        }
    }

    /**
     * A day (a bucket of the accumulation's grain) a cumulative metric is read at, for the answer's period {@code period}
     * (the day itself without a grain): the window from {@code from} to {@code day}, both included ({@code from} is the day
     * itself for a running total, which has no start), and the number of days of the period averaged ({@code days}, 1 for
     * the first or last day).
     */
    public record Point(LocalDate period, LocalDate day, LocalDate from, int days) {}

    /**
     * A dataset read in a subquery of its own, projecting what the query needs of it: the measure as
     * {@code __v}, the time as {@code __t}, key columns as {@code __c_<column>}, dimensions by name,
     * joined segments as {@code __s_<name>} (1 when they hold); {@code where} filters its own rows.
     */
    public record Read(Dataset dataset, String measure, String time, LocalDate from, LocalDate to, List<String> keyColumns,
                       List<Dimension> dimensions, List<Segment> flaggedSegments, List<String> where) {}

    /** A many-to-one join of {@code read} (alias) onto {@code parent}'s key columns. */
    public record Join(String alias, String parent, Read read, List<String> parentColumns, List<String> columns, String relationship) {}

    /** A condition in the outer query: a dimension (on an alias) compared to literals, or a joined segment that must hold. */
    public sealed interface Condition permits Compare, SegmentHolds, Present, Related, ComparedWithAverage {}

    public record Compare(String alias, String column, String op, List<Literal> values) implements Condition {}

    /**
     * A number dimension (on an alias) compared with its own average over every row of its dataset, which {@code read} reads
     * ("singers older than the average"): the average is a subquery, not a literal, so it is of the data when the query runs.
     */
    public record ComparedWithAverage(String alias, String column, String op, Read read) implements Condition {}

    /** A key column a join read ({@code alias.__c_<column>}) is not null: the joined row exists. */
    public record Present(String alias, String column) implements Condition {}

    /**
     * Related rows exist ({@code negated}: none does): a correlated subquery reading {@code read} (aliased {@code alias}) and
     * its many-to-one {@code joins}, whose {@code innerAlias.__c_<innerColumns>} equal the outer {@code outerAlias.__c_<outerColumns>},
     * under {@code where}. {@code related} names the dataset of the related rows, for people.
     */
    public record Related(String related, String alias, Read read, List<Join> joins, String innerAlias, List<String> innerColumns, String outerAlias,
                          List<String> outerColumns, List<Condition> where, boolean negated) implements Condition {}

    /**
     * A segment holds on the rows joined under {@code alias}; {@code orNoRow}: a default segment applied through a join, which
     * a fact with no row there (a lead no customer converted from) still passes: it is no row of the segment's dataset to leave out.
     */
    public record SegmentHolds(String alias, Segment segment, boolean orNoRow) implements Condition {}

    /** A typed literal: the renderer writes it for the dialect. */
    public record Literal(Type type, String text) {
        public enum Type { STRING, NUMBER, DATE, BOOLEAN }
    }

    /**
     * An output metric column: an expression over base ids ({@code {b0}}), rounded to {@code decimals} when set; {@code hidden}
     * when it is computed only to filter or order the answer by, not shown.
     */
    /** The same plan with every metric column as computed, not rounded to its decimals (an analysis that adds values up). */
    public QueryPlan unrounded() {
        List<Output> exact = outputs.stream().map(o -> new Output(o.name(), o.expr(), null, o.hidden())).toList();
        return new QueryPlan(bases, keys, exact, having, order, limit, gaps, spine, rowsDrive, ties);
    }

    public record Output(String name, String expr, Integer decimals, boolean hidden) {
        public Output(String name, String expr, Integer decimals) {
            this(name, expr, decimals, false);
        }
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (Base base : bases) {
            b.append(base.id()).append(": ").append(base.metric().agg().label()).append('(').append(base.fact().measure() == null ? "*" : base.fact().measure())
                    .append(") of ").append(base.metric().name()).append(" from ").append(base.fact().dataset().name());
            if (!base.offset().isNone()) b.append(" shifted ").append(base.offset());
            if (base.fact().from() != null) b.append(" [").append(base.fact().from()).append(", ").append(base.fact().to()).append(')');
            if (!base.fact().where().isEmpty()) b.append(" where ").append(String.join(" and ", base.fact().where()));
            for (Join j : base.joins()) b.append("\n    join ").append(j.read().dataset().name()).append(" as ").append(j.alias())
                    .append(" on ").append(j.parent()).append('.').append(j.parentColumns()).append(" = ").append(j.columns()).append(" (").append(j.relationship()).append(')');
            for (Condition c : base.where()) b.append("\n    where ").append(c);
            if (base.accumulation() != null) {
                SemanticMetric.Cumulative c = base.accumulation().metric();
                b.append("\n    accumulated by ").append(base.accumulation().grain().label()).append(" as ").append(c.name())
                        .append(c.window() != null ? " over " + c.window() : c.grainToDate() != null ? " " + c.grainToDate().label() + " to date" : " since the start")
                        .append(base.accumulation().points() == null ? "" : ", read on " + base.accumulation().points().size() + " days (" + c.periodAgg().label() + ")");
            }
            if (base.snapshotPick() != null) b.append("\n    only the ").append(base.snapshotPick().equals("max") ? "last" : "first").append(" snapshot per bucket");
            b.append('\n');
        }
        b.append("keys: ").append(keys.stream().map(Key::name).toList()).append('\n');
        for (Output o : outputs) b.append(o.hidden() ? "hidden " : "").append("output ").append(o.name()).append(" = ").append(o.expr()).append('\n');
        if (!having.isEmpty()) b.append("having ").append(having).append('\n');
        if (!order.isEmpty()) b.append("order ").append(order).append('\n');
        if (limit != null) b.append("limit ").append(limit).append(ties ? " with ties" : "").append('\n');
        if (rowsDrive) b.append("rows: the keys of ").append(bases.isEmpty() ? "" : bases.get(0).id()).append('\n');
        if (gaps != null) b.append("only the ").append(gaps.size()).append(" periods with no rows\n");
        if (spine != null) b.append("every one of the ").append(spine.periods().size()).append(" periods, filled: ").append(spine.fills()).append('\n');
        return b.toString();
    }
}
