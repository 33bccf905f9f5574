package dev.almanac.semantic;

import dev.almanac.UserError;
import dev.almanac.semantic.QueryPlan.Base;
import dev.almanac.semantic.QueryPlan.Condition;
import dev.almanac.semantic.QueryPlan.Join;
import dev.almanac.semantic.QueryPlan.Key;
import dev.almanac.semantic.QueryPlan.Literal;
import dev.almanac.semantic.QueryPlan.Output;
import dev.almanac.semantic.QueryPlan.Read;
import dev.almanac.source.Dialect;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compiles a semantic query in explicit stages: resolve names ({@link Resolved}), plan joins along
 * many-to-one relationships ({@link JoinPlanner}), build the relational plan ({@link QueryPlan}),
 * render SQL for the dialect ({@link SqlRenderer}). Pure: it reads no database (the value index is
 * already in memory), so it is fast and every refusal is a {@link UserError} naming what to change.
 */
public final class SemanticCompiler {
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    /** A label shown with its entity's key, as an answer shows two entities that share it: "Alex Kim (#3)". */
    private static final Pattern SHOWN_WITH_KEY = Pattern.compile("(.*\\S) \\(#([^()\\s]+)\\)");

    private final SemanticModel model;
    private final ValueIndex values;
    private final JoinPlanner planner;

    public SemanticCompiler(SemanticModel model, ValueIndex values) {
        this.model = model;
        this.values = values;
        this.planner = new JoinPlanner(model);
    }

    public SemanticModel model() {
        return model;
    }

    /** A compiled query: the resolved query, its plan, the SQL for the dialect and the columns it returns. */
    public record Compiled(SemanticQuery query, Resolved resolved, QueryPlan plan, String sql, List<String> columns, List<String> tables) {}

    /**
     * The query with every name resolved to the model's items and every filter value to a typed literal. A list of
     * values (a query with dimensions and no metric) is resolved over the rows of its first dimension's dataset, whose
     * count is not shown ({@code listing}).
     */
    public record Resolved(List<SemanticMetric> metrics, List<Key> keys, Grain grain, LocalDate start, LocalDate end, Offset compareOffset,
                           List<DimensionFilter> dimensionFilters, List<MetricFilter> metricFilters, List<Segment> addedSegments,
                           Set<String> segmentsOff, Map<String, List<String>> via, boolean listing, String records, List<SemanticMetric> hidden,
                           List<RelatedRows> related) {
        List<String> viaOf(String dimension) {
            return via.getOrDefault(dimension, List.of());
        }

        /** The same query without its dimension filters: the whole a share is taken of. */
        Resolved whole() {
            return new Resolved(metrics, keys, grain, start, end, compareOffset, List.of(), metricFilters, addedSegments, segmentsOff, via, listing,
                    records, hidden, related);
        }

        /** Whether the first metric counts the rows listed (distinct values or records), computed to group them and not shown. */
        boolean listsRows() {
            return listing || records != null;
        }
    }

    public record DimensionFilter(Dimension dimension, List<String> via, String op, List<Literal> values) {}

    /** Rows of {@code of} that have (or, {@code negated}, have no) rows of {@code related} meeting {@code filters}. */
    public record RelatedRows(String of, String related, List<DimensionFilter> filters, boolean negated) {}

    /** The name of a metric computed only to order or filter the answer by ({@code __by_<metric>}), not shown. */
    static final String HIDDEN_METRIC = Key.HIDDEN + "by_";
    /** The prefix of a record's key columns, grouped by and not shown. */
    static final String RECORD_KEY = Key.HIDDEN + "record_";

    public record MetricFilter(String column, String op, List<Literal> values) {}

    public Compiled compile(SemanticQuery query, Dialect dialect) {
        return compile(query, dialect, Map.of());
    }

    /**
     * @param coverage the days each simple metric's data covers, by metric name (missing: unknown, every period counts as
     *                 covered): a period of the time spine outside it shows no data rather than 0
     */
    public Compiled compile(SemanticQuery query, Dialect dialect, Map<String, Coverage> coverage) {
        return compile(query, dialect, coverage, read -> null);
    }

    /**
     * The days a read of a dataset (its time, its own filters) has rows on, as a range with the census of its days; null
     * when unknown. Where every period of a time spine holds rows, the spine is not joined: it would add no row.
     */
    public interface Census {
        Coverage of(QueryPlan.Read read);
    }

    public Compiled compile(SemanticQuery query, Dialect dialect, Map<String, Coverage> coverage, Census census) {
        return compile(query, dialect, coverage, census, true);
    }

    /** @param rounded whether each metric column is rounded to its decimals (false: as computed, for sums taken of them) */
    public Compiled compile(SemanticQuery query, Dialect dialect, Map<String, Coverage> coverage, Census census, boolean rounded) {
        Resolved resolved = resolve(query);
        QueryPlan plan = plan(resolved, query, coverage, census);
        splitAlike(resolved, plan);
        if (!rounded) plan = plan.unrounded();
        String sql = new SqlRenderer(dialect, m -> model.timeDimensionOf(m).map(Dimension::grain).orElse(null)).render(plan);
        List<String> columns = new ArrayList<>(plan.keys().stream().filter(k -> !k.isHidden()).map(Key::name).toList());
        plan.outputs().stream().filter(o -> !o.hidden()).forEach(o -> columns.add(o.name()));
        Set<String> tables = new LinkedHashSet<>();
        for (Base b : plan.bases()) {
            tables.add(b.fact().dataset().table() != null ? b.fact().dataset().table() : b.fact().dataset().name());
            for (Join j : b.joins()) tables.add(j.read().dataset().table() != null ? j.read().dataset().table() : j.read().dataset().name());
        }
        return new Compiled(query, resolved, plan, sql, List.copyOf(columns), List.copyOf(tables));
    }

    /**
     * A metric of several inputs ("quota attainment": bookings over quota) split by an attribute each input reaches through
     * other records (the region of the deal's customer, the region of the rep's office) would divide one group by another:
     * refused. The inputs split alike when one's path passes through the records the other's path first goes to (refunds
     * through their payments to the customer, as payments go).
     */
    private void splitAlike(Resolved r, QueryPlan plan) {
        for (SemanticMetric m : r.metrics()) {
            Set<String> inputs = new HashSet<>();
            model.simpleInputs(m).forEach(s -> inputs.add(s.name()));
            List<Base> own = plan.bases().stream().filter(b -> inputs.contains(b.metric().name())).toList();
            for (Key k : plan.keys()) {
                if (k.dimension() == null || k.isTime()) continue;
                List<List<String>> paths = new ArrayList<>();
                for (Base b : own) {
                    List<String> path = pathTo(b, k.dimension());
                    if (path != null && paths.stream().noneMatch(path::equals)) paths.add(path);
                }
                for (List<String> a : paths) {
                    for (List<String> b : paths) {
                        if (a == b || a.size() < 2 || b.size() < 2 || alike(a, b)) continue;
                        throw new UserError(m.displayName() + " by " + k.dimension().displayName() + " would split its inputs by different "
                                + k.dimension().displayName() + "s: one through " + a.get(1) + ", the other through " + b.get(1)
                                + "; which one is meant is not read");
                    }
                }
            }
        }
    }

    /**
     * Whether two paths to one dimension reach it through the same records: from where they meet on, they are one path, and
     * they meet at the rows of one of them (refunds through their payments), or at the records one of them goes to first
     * short of the dimension's own (orders and tickets, each a customer's); or each goes straight to it.
     */
    private static boolean alike(List<String> a, List<String> b) {
        int common = 0;
        while (common < Math.min(a.size(), b.size()) && a.get(a.size() - 1 - common).equals(b.get(b.size() - 1 - common))) common++;
        int ia = a.size() - common, ib = b.size() - common; // where each meets the other
        if (ia == 0 || ib == 0 || a.size() == 2 && b.size() == 2) return true;
        return common > 1 && (ia == 1 || ib == 1);
    }

    /** The datasets from a base's rows to the one that holds a dimension, through its joins; null when it holds none. */
    private static List<String> pathTo(Base b, Dimension d) {
        if (b.fact().dimensions().contains(d)) return List.of(b.fact().dataset().name());
        Map<String, Join> byAlias = new HashMap<>();
        for (Join j : b.joins()) byAlias.put(j.alias(), j);
        for (Join j : b.joins()) {
            if (!j.read().dimensions().contains(d)) continue;
            List<String> path = new ArrayList<>();
            for (Join at = j; at != null; at = byAlias.get(at.parent())) path.add(0, at.read().dataset().name());
            path.add(0, b.fact().dataset().name());
            return path;
        }
        return null;
    }

    // ------------------------------------------------------------------ stage 1: resolve

    /** The most periods a question about periods with no data lists (about three years of days). */
    static final int MAX_GAP_PERIODS = 1200;

    public Resolved resolve(SemanticQuery q) {
        Dataset recordsOf = q.listsRecords() ? recordsDataset(q.records()) : null;
        boolean aggregates = !q.metrics().isEmpty() || !q.countDistinct().isEmpty();
        boolean listing = recordsOf == null && !aggregates && !q.groupBy().isEmpty(); // "which products are in the Monitors category"
        if (!aggregates && !listing && recordsOf == null) throw new UserError("a semantic query needs at least one metric, or dimensions to list" + metricHint());
        // "customers with MRR over 25000 at the end of June": a period a condition on a measure is measured over, not the list's
        boolean measuredOverPeriod = q.filters().stream().anyMatch(f -> model.metric(f.field()).isPresent());
        if ((listing || recordsOf != null) && (q.grain() != null || q.start() != null && !measuredOverPeriod || q.compareTo() != null)) {
            throw new UserError("a list of " + (listing ? "values" : "records") + " has no period, grain or comparison: filter on a date"
                    + " (--where \"signup_date >= 2024-01-01\") or ask for a metric to measure them over time");
        }
        if (recordsOf != null && (q.asksGaps() || q.asksShare())) throw new UserError("a list of records has no gaps or share: ask for a metric");
        if (recordsOf != null && q.groupBy().isEmpty()) {
            throw new UserError("a list of " + recordsOf.name() + " records needs the attributes to show (--by), e.g. a name");
        }
        if (q.keepsTies() && (q.limit() == null || q.order().isEmpty())) {
            throw new UserError("keeping ties needs an order and a limit (--order -age --limit 1 --ties: the oldest, all of them if several)");
        }
        List<SemanticMetric> metrics = new ArrayList<>();
        if (listing) metrics.add(model.rowsOf(dimension(q.groupBy().get(0).dimension(), List.of()).dataset()));
        if (recordsOf != null) metrics.add(keptRows(q.records()).orElseGet(() -> model.rowsOf(recordsOf.name())));
        for (String name : q.metrics()) {
            SemanticMetric m = model.metric(name).orElseThrow(() -> new UserError("unknown metric '" + name + "'"
                    + Names.didYouMean(name, model.metrics().stream().map(SemanticMetric::name).toList()) + metricHint()));
            if (metrics.contains(m)) throw new UserError("metric " + name + " is asked for twice");
            metrics.add(m);
        }
        if (!q.countDistinct().isEmpty() && q.groupBy().isEmpty() && q.filters().stream().anyMatch(f -> model.metric(f.field()).isPresent())) {
            // "how many countries have more than 2 channels": the condition is each country's, not the grand total's
            throw new UserError("a condition on a measure is not read beside a count of distinct values: it would hold of all rows together");
        }
        for (String ref : q.countDistinct()) {
            SemanticMetric.Simple m = distinctCount(dimension(ref, metrics));
            if (metrics.stream().anyMatch(x -> x.name().equals(m.name()))) throw new UserError("the distinct count of " + ref + " is asked for twice");
            metrics.add(m);
        }
        if ((q.start() == null) != (q.end() == null)) throw new UserError("a period needs both a start and an end (--from and --to)");
        if (q.start() != null && !q.end().isAfter(q.start())) throw new UserError("the period must end after it starts: " + q.start() + " to " + q.end());
        if (q.limit() != null && q.limit() < 1) throw new UserError("--limit must be at least 1");

        List<Key> keys = new ArrayList<>();
        Map<String, List<String>> viaOf = new HashMap<>();
        if (q.grain() != null) keys.add(new Key(q.grain().label(), null, q.grain()));
        Map<Dimension, String> keyOf = new HashMap<>();
        for (SemanticQuery.GroupBy g : q.groupBy()) {
            Dimension d = dimension(g.dimension(), metrics);
            if (d.time() && !listing && recordsOf == null) throw new UserError("'" + d.name() + "' is a time dimension: use --grain to bucket the metric's time instead");
            if (keys.stream().anyMatch(k -> d.equals(k.dimension()))) throw new UserError("dimension " + d.name() + " is grouped by twice");
            for (String rel : g.via()) {
                if (model.relationship(rel).isEmpty()) throw new UserError("unknown relationship '" + rel + "' after via"
                        + Names.didYouMean(rel, model.relationships().stream().map(Relationship::name).toList()));
            }
            // two dimensions of one name from two datasets: the second column is named through its dataset (customers__status)
            String name = keys.stream().anyMatch(k -> k.name().equals(d.name())) ? d.dataset() + "__" + d.name() : d.name();
            keys.add(new Key(name, d, null));
            keyOf.put(d, name);
            viaOf.put(name, g.via());
            if (d.labelsEntity() && recordsOf == null) { // a name groups by the key of what it names: two people of one name stay two rows
                keys.add(new Key(Key.IDENTITY + name, d.entityKey(), null));
                viaOf.put(Key.IDENTITY + name, g.via());
            }
        }
        if (recordsOf != null) { // one row per record: grouped by its key, which is not shown
            for (Dimension k : recordKeys(recordsOf)) keys.add(new Key(k.name(), k, null));
        }
        List<SemanticMetric> hidden = new ArrayList<>();
        for (SemanticQuery.Order o : q.order()) {
            String field = o.field();
            if (keys.stream().anyMatch(k -> k.name().equals(field)) || metrics.stream().anyMatch(m -> m.name().equals(field))) continue;
            Optional<SemanticMetric> m = model.metric(field);
            if (m.isPresent()) { // ordered by a metric not shown: "the stadium with the most concerts"
                if (!hidden.contains(m.get())) hidden.add(m.get());
                continue;
            }
            List<Dimension> meant = model.candidates(field);
            // an aggregate is ordered by what it shows: the plan names what it cannot order by
            if (recordsOf == null || meant.isEmpty() || keys.stream().anyMatch(k -> meant.contains(k.dimension()))) continue;
            Dimension d = dimension(field, metrics);
            if (keys.stream().anyMatch(k -> d.equals(k.dimension()))) continue;
            keys.add(new Key(Key.HIDDEN + "by_" + d.dataset() + "__" + d.name(), d, null)); // an attribute of each record, ordered by, not shown
        }
        Offset compare = null;
        if (q.compareTo() != null) {
            if (q.start() == null) throw new UserError("a comparison needs the period it compares (--from and --to)");
            compare = Offset.between(q.compareTo().start(), q.start());
            if (!compare.before(q.end()).equals(q.compareTo().end())) {
                throw new UserError("the comparison period " + q.compareTo().start() + " to " + q.compareTo().end() + " is not as long as the period "
                        + q.start() + " to " + q.end());
            }
            if (compare.isNone()) throw new UserError("the comparison period is the period itself");
        }
        List<DimensionFilter> dimFilters = new ArrayList<>();
        List<MetricFilter> metricFilters = new ArrayList<>();
        for (SemanticQuery.Filter f : q.filters()) {
            Optional<SemanticMetric> shown = metrics.stream().filter(m -> m.name().equals(f.field())).findFirst();
            if (shown.isPresent() || model.metric(f.field()).isPresent()) {
                String column = f.field();
                if (shown.isEmpty() || listing && metrics.get(0) == shown.get()) { // "countries with more than 3 singers": the count, not shown
                    SemanticMetric m = model.metric(f.field()).orElseThrow();
                    if (!hidden.contains(m)) hidden.add(m);
                    column = HIDDEN_METRIC + m.name();
                }
                if (Set.of("in", "not_in", "contains", "not_contains").contains(f.op())) {
                    throw new UserError("a metric is compared with = != < <= > >= or between, not '" + f.op().replace('_', ' ') + "'");
                }
                List<Literal> numbers = new ArrayList<>();
                for (String v : f.values()) numbers.add(number(f.field(), v));
                metricFilters.add(new MetricFilter(column, f.op(), numbers));
            } else {
                Dimension d = dimension(f.field(), metrics);
                List<String> via = keyOf.containsKey(d) ? viaOf.getOrDefault(keyOf.get(d), List.of()) : List.of();
                DimensionFilter byKey = byShownKey(d, f, via);
                if (byKey != null) {
                    dimFilters.add(byKey);
                    continue;
                }
                dimFilters.add(dimensionFilter(d, via, f));
            }
        }
        List<RelatedRows> related = new ArrayList<>();
        for (SemanticQuery.Exists e : q.exists()) related.add(related(e, q, recordsOf, metrics));
        List<Segment> added = new ArrayList<>();
        for (String s : q.segments()) added.add(segment(s));
        Set<String> off = new LinkedHashSet<>();
        for (String s : q.withoutSegments()) {
            Segment seg = segment(s);
            off.add(seg.name());
        }
        if (!listing && recordsOf == null) for (SemanticMetric m : metrics) checkTime(m, q);
        if (q.asksShare()) {
            boolean additive = metrics.size() == 1 && metrics.get(0) instanceof SemanticMetric.Simple s
                    && Set.of(SemanticMetric.Agg.SUM, SemanticMetric.Agg.COUNT, SemanticMetric.Agg.COUNT_DISTINCT).contains(s.agg());
            if (!additive) throw new UserError("a share is taken of one metric that adds up (a sum or a count), not of an average, a ratio or several metrics");
            if (dimFilters.isEmpty()) throw new UserError("a share needs the filters that say which part (--where): the share of what?");
            if (q.compareTo() != null || q.asksGaps() || !metricFilters.isEmpty()) {
                throw new UserError("a share is computed for a period as a whole, without a comparison period or a metric filter");
            }
        }
        if (q.asksGaps()) {
            if (q.grain() == null || q.start() == null) throw new UserError("which periods hold no data needs a grain and a period (--grain, --from, --to)");
            if (metrics.size() != 1 || !q.groupBy().isEmpty() || q.compareTo() != null || !metricFilters.isEmpty() || q.limit() != null) {
                throw new UserError("which periods hold no data is asked of one metric, with no breakdown, comparison, metric filter or limit");
            }
            if (metrics.get(0) instanceof SemanticMetric.Cumulative) {
                throw new UserError("which periods hold no data is asked of a metric's own rows; " + metrics.get(0).name() + " accumulates "
                        + ((SemanticMetric.Cumulative) metrics.get(0)).input() + ": ask it of " + ((SemanticMetric.Cumulative) metrics.get(0)).input());
            }
            if (model.simpleInputs(metrics.get(0)).size() != 1) {
                throw new UserError("which periods hold no data is asked of a metric computed from one dataset; " + metrics.get(0).name() + " combines several");
            }
            long periods = 0;
            for (LocalDate d = q.grain().start(q.start()); d.isBefore(q.end()) && periods <= MAX_GAP_PERIODS; d = q.grain().next(d)) periods++;
            if (periods > MAX_GAP_PERIODS) throw new UserError("which periods hold no data is answered for at most " + MAX_GAP_PERIODS + " periods; choose a coarser grain or a shorter period");
        }
        if (listing || recordsOf != null) { // a filter the rows listed do not reach must scope a metric that does, else it would be dropped
            String rows = metrics.get(0) instanceof SemanticMetric.Simple s ? s.dataset() : null;
            Set<String> reach = rows == null ? Set.of() : planner.reachable(rows);
            for (DimensionFilter f : dimFilters) {
                if (reach.contains(f.dimension().dataset())) continue;
                boolean scopes = false;
                for (SemanticMetric m : metrics.subList(1, metrics.size())) scopes |= reachesAll(m, f.dimension().dataset());
                for (SemanticMetric m : hidden) scopes |= reachesAll(m, f.dimension().dataset());
                if (!scopes) {
                    throw new UserError("the " + (recordsOf != null ? "records of " : "values of ") + rows + " do not reach " + f.dimension().name() + " (on "
                            + f.dimension().dataset() + "); for the " + rows + " with related " + f.dimension().dataset() + " rows where " + f.dimension().name()
                            + " " + f.op().replace('_', ' ') + " ..., use --exists \"" + f.dimension().dataset() + " where ...\"");
                }
            }
        }
        return new Resolved(List.copyOf(metrics), List.copyOf(keys), q.grain(), q.start(), q.end(), compare, dimFilters, metricFilters, added, off, Map.copyOf(viaOf),
                listing, recordsOf == null ? null : recordsOf.name(), List.copyOf(hidden), List.copyOf(related));
    }

    /** Whether every simple input of a metric reaches a dataset many-to-one. */
    private boolean reachesAll(SemanticMetric m, String dataset) {
        return model.simpleInputs(m).stream().allMatch(x -> planner.reachable(x.dataset()).contains(dataset));
    }

    /**
     * The rows a count keeps, listed as records when the query's records name the count rather than a dataset ("the deals
     * won": the opportunities its filter and segments keep): a simple count of its dataset's rows, with a condition.
     */
    private Optional<SemanticMetric> keptRows(String name) {
        if (model.dataset(name).isPresent()) return Optional.empty();
        return model.metric(name).filter(m -> m instanceof SemanticMetric.Simple s && s.agg() == SemanticMetric.Agg.COUNT && s.expr() == null
                && (s.filter() != null || !s.segments().isEmpty()) && s.snapshotDimension() == null);
    }

    /** The dataset whose records a query lists: by its name, the name of the entity its rows are, or of a count that keeps some of them. */
    private Dataset recordsDataset(String name) {
        Optional<Dataset> d = model.dataset(name);
        if (d.isEmpty()) d = model.datasets().stream().filter(x -> x.identifyingEntity(name).isPresent()).findFirst();
        if (d.isEmpty()) d = keptRows(name).flatMap(m -> model.dataset(((SemanticMetric.Simple) m).dataset()));
        return d.orElseThrow(() -> new UserError("unknown dataset '" + name + "' to list the records of"
                + Names.didYouMean(name, model.datasets().stream().map(Dataset::name).toList())));
    }

    /**
     * The hidden key columns of a dataset's records: its primary key, else the expression of the entity its rows are, else
     * the row's number in the read (a table without a key: each row is a record).
     */
    private static List<Dimension> recordKeys(Dataset d) {
        List<String> exprs = new ArrayList<>(d.primaryKey());
        if (exprs.isEmpty()) d.entities().stream().filter(Dataset.Entity::identifies).findFirst().ifPresent(e -> exprs.add(e.expr()));
        if (exprs.isEmpty()) exprs.add("row_number() OVER ()");
        List<Dimension> out = new ArrayList<>();
        for (int i = 0; i < exprs.size(); i++) {
            out.add(new Dimension(RECORD_KEY + i, d.name(), false, exprs.get(i), null, null, List.of(), null, Map.of(), null));
        }
        return out;
    }

    /** The count of the distinct values of a dimension over its dataset's rows ({@code country_distinct_count}). */
    private SemanticMetric.Simple distinctCount(Dimension d) {
        String words = d.displayName().toLowerCase(java.util.Locale.ROOT);
        SemanticMetric.Info info = new SemanticMetric.Info("Distinct " + words, "Number of different " + words + " values among the rows of " + d.dataset() + ".",
                null, "integer", 0, null, List.of(), List.of(), List.of(), null);
        Dataset ds = model.dataset(d.dataset()).orElseThrow();
        String time = ds.defaultTimeDimension() != null && model.dimension(ds.name(), ds.defaultTimeDimension()).isPresent() ? ds.defaultTimeDimension() : null;
        return new SemanticMetric.Simple(d.name() + "_distinct_count", info, d.dataset(), SemanticMetric.Agg.COUNT_DISTINCT, d.expr(), null, null, List.of(),
                time, null, false, null, null);
    }

    private DimensionFilter dimensionFilter(Dimension d, List<String> via, SemanticQuery.Filter f) {
        if ((f.op().equals("contains") || f.op().equals("not_contains")) && d.time()) {
            throw new UserError(d.name() + " is a date: compare it with < <= > >= or between, not '" + f.op().replace('_', ' ') + "'");
        }
        if (averageCompared(d, f)) return new DimensionFilter(d, via, f.op(), List.of());
        List<Literal> lits = new ArrayList<>();
        for (String v : f.values()) {
            lits.add(f.op().endsWith("contains") ? new Literal(Literal.Type.STRING, v) : literal(d, f.op(), v));
        }
        return new DimensionFilter(d, via, f.op(), lits);
    }

    /**
     * A condition on related rows, resolved: whose rows it is of (named, else the records listed, the dataset of the values
     * listed or of every metric), the dataset of the related rows, and its filters on dimensions that dataset reaches.
     */
    private RelatedRows related(SemanticQuery.Exists e, SemanticQuery q, Dataset recordsOf, List<SemanticMetric> metrics) {
        Dataset related = model.dataset(e.dataset()).orElseThrow(() -> new UserError("unknown dataset '" + e.dataset() + "' of related rows"
                + Names.didYouMean(e.dataset(), model.datasets().stream().map(Dataset::name).toList())));
        String of;
        if (e.of() != null) {
            of = model.dataset(e.of()).map(Dataset::name).orElseThrow(() -> new UserError("unknown dataset '" + e.of() + "' after of"
                    + Names.didYouMean(e.of(), model.datasets().stream().map(Dataset::name).toList())));
        } else if (recordsOf != null) {
            of = recordsOf.name();
        } else {
            Set<String> facts = new LinkedHashSet<>();
            for (SemanticMetric m : metrics) model.simpleInputs(m).forEach(x -> facts.add(x.dataset()));
            if (facts.size() != 1) throw new UserError("say whose rows have related " + related.name() + " rows: '" + e.dataset() + " of DATASET'");
            of = facts.iterator().next();
        }
        if (of.equals(related.name())) throw new UserError("related rows are in another dataset than " + of + "'s own");
        List<DimensionFilter> filters = new ArrayList<>();
        for (SemanticQuery.Filter f : e.filters()) {
            if (model.metric(f.field()).isPresent() && model.candidates(f.field()).isEmpty()) {
                throw new UserError("a condition on related rows is on their dimensions, not on metric " + f.field());
            }
            filters.add(dimensionFilter(dimensionReached(f.field(), related.name()), List.of(), f));
        }
        return new RelatedRows(of, related.name(), List.copyOf(filters), e.none());
    }

    /** A dimension by reference, a bare name shared by several datasets meaning the one {@code from} reaches (else refused). */
    private Dimension dimensionReached(String ref, String from) {
        List<Dimension> candidates = model.candidates(ref);
        if (candidates.size() == 1) return candidates.get(0);
        if (candidates.isEmpty()) {
            throw new UserError("unknown dimension '" + ref + "'" + Names.didYouMean(ref, model.dimensions().stream().map(Dimension::name).distinct().toList()));
        }
        Set<String> reach = planner.reachable(from);
        List<Dimension> reached = candidates.stream().filter(d -> d.dataset().equals(from)).toList();
        if (reached.isEmpty()) reached = candidates.stream().filter(d -> reach.contains(d.dataset())).toList();
        if (reached.size() == 1) return reached.get(0);
        throw new AmbiguousDimension(ref, (reached.isEmpty() ? candidates : reached).stream().map(Dimension::qualifiedName).toList());
    }

    private String metricHint() {
        List<String> names = model.metrics().stream().map(SemanticMetric::name).limit(12).toList();
        return names.isEmpty() ? "; the project has no semantic metrics (knowledge/semantic/*.yml)" : "";
    }

    /**
     * The dimension a reference names: qualified ({@code orders.status}), through an entity ({@code customer__region}) or
     * bare; a bare name that several datasets have means the one every metric's facts reach along the model's
     * relationships, and is refused with the candidates when that is not exactly one.
     */
    private Dimension dimension(String ref, List<SemanticMetric> metrics) {
        List<Dimension> candidates = model.candidates(ref);
        if (candidates.size() == 1) return candidates.get(0);
        if (candidates.isEmpty()) {
            throw new UserError("unknown dimension '" + ref + "'" + Names.didYouMean(ref, model.dimensions().stream().map(Dimension::name).distinct().toList()));
        }
        Set<String> facts = new LinkedHashSet<>();
        for (SemanticMetric m : metrics) model.simpleInputs(m).forEach(x -> facts.add(x.dataset()));
        List<Dimension> reached = facts.isEmpty() ? candidates
                : candidates.stream().filter(d -> facts.stream().allMatch(f -> planner.reachable(f).contains(d.dataset()))).toList();
        if (reached.size() == 1) return reached.get(0);
        List<Dimension> named = reached.isEmpty() ? candidates : reached;
        throw new AmbiguousDimension(ref, named.stream().map(Dimension::qualifiedName).toList());
    }

    /**
     * A filter on a label written as an answer shows it when two entities share it ("Alex Kim (#3)"): that entity, by its
     * key; null when the dimension labels no entity or a value is not written so.
     */
    private static DimensionFilter byShownKey(Dimension d, SemanticQuery.Filter f, List<String> via) {
        if (!d.labelsEntity() || !f.values().stream().allMatch(v -> SHOWN_WITH_KEY.matcher(v.strip()).matches())) return null;
        List<Literal> ids = new ArrayList<>();
        for (String v : f.values()) {
            Matcher m = SHOWN_WITH_KEY.matcher(v.strip());
            m.matches();
            ids.add(NUMBER.matcher(m.group(2)).matches() ? new Literal(Literal.Type.NUMBER, m.group(2)) : new Literal(Literal.Type.STRING, m.group(2)));
        }
        return new DimensionFilter(d.entityKey(), via, f.op(), ids);
    }

    /**
     * Whether a filter compares a number dimension with its own average ({@code age > average}): the value {@code average}
     * on a number, which no number can be; the average is over every row of the dimension's dataset.
     */
    private static boolean averageCompared(Dimension d, SemanticQuery.Filter f) {
        boolean average = f.values().size() == 1 && f.values().get(0).strip().equalsIgnoreCase(SemanticQuery.Filter.AVERAGE);
        if (!average) return false;
        if (d.kind() != Dimension.Kind.NUMBER || !Set.of("<", "<=", ">", ">=").contains(f.op())) {
            throw new UserError("only a number is compared with its average (<, <=, >, >=): " + d.name() + " " + f.op().replace('_', ' ') + " average");
        }
        return true;
    }

    private Segment segment(String name) {
        return model.segment(name).orElseThrow(() -> new UserError("unknown segment '" + name + "'"
                + Names.didYouMean(name, model.segments().stream().map(Segment::name).toList())));
    }

    private static Literal number(String field, String text) {
        String t = text.replace(",", "").replace("$", "").strip();
        if (!NUMBER.matcher(t).matches()) throw new UserError("metric " + field + " is compared with a number, not '" + text + "'");
        return new Literal(Literal.Type.NUMBER, t);
    }

    /** A filter value as the literal of the dimension's type: a known value of the index (or its synonym), a date, or a number. */
    private Literal literal(Dimension d, String op, String text) {
        if (d.time()) {
            if (!DATE.matcher(text.strip()).matches()) throw new UserError(d.name() + " is a date: write it as YYYY-MM-DD, not '" + text + "'");
            try {
                LocalDate.parse(text.strip());
            } catch (java.time.format.DateTimeParseException e) {
                throw new UserError("'" + text + "' is not a date");
            }
            return new Literal(Literal.Type.DATE, text.strip());
        }
        boolean equality = op.equals("=") || op.equals("!=") || op.equals("in") || op.equals("not_in");
        ValueIndex.Values known = values.of(d);
        if (equality && known != null) {
            Object match = known.match(text);
            if (match != null) return match instanceof Number ? new Literal(Literal.Type.NUMBER, match.toString())
                    : match instanceof Boolean ? new Literal(Literal.Type.BOOLEAN, match.toString()) : new Literal(Literal.Type.STRING, match.toString());
            if (known.complete()) {
                List<String> close = known.close(text);
                throw new UserError("unknown value '" + text + "' for " + d.name() + (close.isEmpty() ? "; values: " + known.sample(8)
                        : " (did you mean " + String.join(", ", close) + "?)"));
            }
        }
        if (NUMBER.matcher(text.strip()).matches() && (known == null || known.numeric())) return new Literal(Literal.Type.NUMBER, text.strip());
        return new Literal(Literal.Type.STRING, text);
    }

    private void checkTime(SemanticMetric m, SemanticQuery q) {
        for (SemanticMetric.Simple s : model.simpleInputs(m)) {
            if (s.timeDimension() == null) {
                if (q.grain() != null || q.start() != null) {
                    throw new UserError("metric " + m.name() + (s == m ? "" : " (through " + s.name() + ")")
                            + " has no time dimension: it cannot be limited to a period or bucketed by " + (q.grain() != null ? q.grain().label() : "time")
                            + "; ask for it without --from/--to/--grain");
                }
                continue;
            }
            Dimension t = model.timeDimensionOf(s).orElseThrow();
            if (q.grain() != null && !q.grain().isMultipleOf(t.grain())) {
                throw new UserError("metric " + m.name() + " is recorded by " + t.grain().label() + " (" + t.name() + "): the finest grain it can be bucketed by is "
                        + t.grain().label() + ", not " + q.grain().label());
            }
            if (s.timeGrain() != null) {
                Grain g = s.timeGrain();
                String fix = "give a period of one " + g.label() + " (--from/--to) or --grain " + g.label();
                if (q.grain() != null && q.grain() != g) {
                    throw new UserError("metric " + s.name() + " is defined per " + g.label() + " (" + s.displayName() + "): it cannot be bucketed by "
                            + q.grain().label() + "; " + fix);
                }
                if (q.grain() == null && (q.start() == null || !g.start(q.start()).equals(q.start()) || !g.next(q.start()).equals(q.end()))) {
                    throw new NeedsPeriod("metric " + s.name() + " is defined per " + g.label() + " (" + s.displayName() + "): " + fix);
                }
            }
        }
    }

    // ------------------------------------------------------------------ stage 3: the relational plan

    private QueryPlan plan(Resolved r, SemanticQuery q, Map<String, Coverage> coverage, Census census) {
        Map<String, Base> bases = new LinkedHashMap<>();
        List<Output> outputs = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        r.keys().forEach(k -> names.add(k.name()));
        for (SemanticMetric m : r.metrics()) {
            String expr = instance(m, Offset.NONE, r, bases);
            // the rows of the values or records listed, or of the periods: counted to group them, not shown
            if (r.listing() || q.asksGaps() || r.listsRows() && m == r.metrics().get(0)) continue;
            if (q.asksShare()) { // the part the filters keep, in percent of the whole without them
                String whole = instance(m, Offset.NONE, r.whole(), bases, "whole");
                outputs.add(new Output(unique(m.name() + "_share_pct", names), "100.0E0 * coalesce(" + expr + ", 0) / NULLIF(" + whole + ", 0)", 2));
                continue;
            }
            outputs.add(new Output(unique(m.name(), names), expr, m.info().decimals()));
            if (r.compareOffset() != null) {
                String before = instance(m, r.compareOffset(), r, bases);
                Integer dec = m.info().decimals();
                outputs.add(new Output(unique(m.name() + "_comparison", names), before, dec));
                outputs.add(new Output(unique(m.name() + "_change", names), "(" + expr + ") - (" + before + ")", dec));
                outputs.add(new Output(unique(m.name() + "_change_pct", names), "100.0E0 * ((" + expr + ") - (" + before + ")) / NULLIF(" + before + ", 0)", 1));
            }
        }
        for (SemanticMetric m : r.hidden()) { // computed to order or filter by, not shown
            outputs.add(new Output(unique(HIDDEN_METRIC + m.name(), names), instance(m, Offset.NONE, r, bases), m.info().decimals(), true));
        }
        List<Condition> having = new ArrayList<>();
        for (MetricFilter f : r.metricFilters()) having.add(new QueryPlan.Compare(null, f.column(), f.op(), f.values()));
        List<SemanticQuery.Order> order = new ArrayList<>();
        for (SemanticQuery.Order given : q.order()) {
            // a dimension may be ordered by as it was grouped by: qualified or through an entity (orders.status)
            List<Dimension> meant = names.contains(given.field()) ? List.of() : model.candidates(given.field());
            SemanticQuery.Order o = meant.size() != 1 ? given : r.keys().stream().filter(k -> meant.get(0).equals(k.dimension())).findFirst()
                    .map(k -> new SemanticQuery.Order(k.name(), given.descending())).orElse(given);
            if (!names.contains(o.field()) && names.contains(HIDDEN_METRIC + o.field())) o = new SemanticQuery.Order(HIDDEN_METRIC + o.field(), o.descending());
            if (!names.contains(o.field())) {
                throw new UserError("cannot order by '" + o.field() + "': order by one of the answer's columns"
                        + (r.records() == null ? "" : ", an attribute of " + r.records() + " or a metric") + ": "
                        + String.join(", ", names.stream().filter(n -> !n.startsWith(Key.HIDDEN)).toList()));
            }
            order.add(o);
        }
        if (order.isEmpty()) r.keys().stream().filter(k -> r.records() == null || !k.isHidden()).forEach(k -> order.add(new SemanticQuery.Order(k.name(), false)));
        List<LocalDate> gaps = null;
        if (q.asksGaps()) {
            gaps = new ArrayList<>();
            for (LocalDate d = q.grain().start(q.start()); d.isBefore(q.end()); d = q.grain().next(d)) gaps.add(d);
        }
        QueryPlan.Spine spine = r.listing() || q.asksGaps() ? null : spine(r, bases.values(), coverage, census);
        return new QueryPlan(onTheSpine(bases.values(), spine), r.keys(), outputs, having, order, q.limit(), gaps, spine, r.listsRows(), q.keepsTies());
    }

    /** The most periods a time spine lists (about three years of days); a longer series shows only the periods with rows. */
    static final int MAX_SPINE_PERIODS = 1200;

    /**
     * Every period of the query's range at its grain, when it has both, unless every metric opts out
     * ({@code join_to_timespine: false}). A breakdown does not multiply the spine: as in MetricFlow, the spine is joined on
     * time alone, so a period where no group has a row is one row with an empty breakdown.
     */
    private QueryPlan.Spine spine(Resolved r, java.util.Collection<Base> bases, Map<String, Coverage> coverage, Census census) {
        if (r.grain() == null || r.start() == null || bases.isEmpty()) return null;
        if (bases.stream().allMatch(b -> Boolean.FALSE.equals(b.metric().joinToTimespine()))) return null;
        List<LocalDate> periods = new ArrayList<>();
        for (LocalDate d = r.grain().start(r.start()); d.isBefore(r.end()); d = r.grain().next(d)) {
            if (periods.size() == MAX_SPINE_PERIODS) return null;
            periods.add(d);
        }
        Map<String, java.math.BigDecimal> fills = new LinkedHashMap<>();
        Map<String, List<Boolean>> covered = new LinkedHashMap<>();
        Map<String, Coverage> effective = sumsCoverTogether(r, coverage);
        for (Base b : bases) {
            java.math.BigDecimal fill = b.metric().spineFill();
            if (fill == null) continue;
            fills.put(b.id(), fill);
            Coverage c = effective.get(b.metric().name());
            List<Boolean> flags = new ArrayList<>();
            for (LocalDate p : periods) {
                LocalDate from = p.isBefore(r.start()) ? r.start() : p;
                LocalDate next = r.grain().next(p);
                LocalDate to = next.isAfter(r.end()) ? r.end() : next;
                flags.add(c == null || c.reaches(b.offset().before(from), b.offset().before(to)));
            }
            covered.put(b.id(), flags);
        }
        // the periods after the last day of every metric's data are not shown (the data has not reached them yet: the
        // answer's coverage note says so); the periods before its first day are, as no data, so a late start is not read as growth
        int keep = periods.size();
        while (keep > 0 && afterTheData(periods.get(keep - 1), bases, effective)) keep--;
        if (keep == 0) return null;
        if (keep < periods.size()) {
            int n = keep;
            periods = new ArrayList<>(periods.subList(0, n));
            covered.replaceAll((id, flags) -> new ArrayList<>(flags.subList(0, n)));
        }
        Set<String> rowsEveryPeriod = new java.util.HashSet<>();
        for (Base b : bases) {
            if (b.accumulation() != null || b.fact().time() == null) continue;
            Coverage c = census.of(b.fact());
            if (c == null || c.days() == null) continue;
            boolean every = true;
            for (LocalDate p : periods) { // the part of the period within the range, read at the base's offset
                LocalDate from = p.isBefore(r.start()) ? r.start() : p;
                LocalDate next = r.grain().next(p);
                LocalDate to = next.isAfter(r.end()) ? r.end() : next;
                every &= c.holdsRowsIn(b.offset().before(from), b.offset().before(to));
            }
            if (every) rowsEveryPeriod.add(b.id());
        }
        return new QueryPlan.Spine(periods, fills, covered, rowsEveryPeriod);
    }

    /** Whether a period begins after the last day of the data of every base (each read at its offset); false when a range is unknown. */
    private static boolean afterTheData(LocalDate period, java.util.Collection<Base> bases, Map<String, Coverage> coverage) {
        for (Base b : bases) {
            Coverage c = coverage.get(b.metric().name());
            if (c == null || !b.offset().before(period).isAfter(c.last())) return false;
        }
        return true;
    }

    /**
     * The coverage of each simple metric, where the inputs of a sum of metrics ("legacy + subscription + shop revenue")
     * cover together: a period one of them covers is covered for all, so that an input whose data ends is 0 there, not a
     * hole in the sum.
     */
    private Map<String, Coverage> sumsCoverTogether(Resolved r, Map<String, Coverage> coverage) {
        Map<String, Coverage> out = new HashMap<>(coverage);
        for (SemanticMetric m : r.metrics()) {
            if (!m.addsItsInputs()) continue;
            LocalDate first = null, last = null;
            for (SemanticMetric.Simple s : model.simpleInputs(m)) {
                Coverage c = coverage.get(s.name());
                if (c == null) return out; // one input's range is unknown: leave each as it is
                first = first == null || c.first().isBefore(first) ? c.first() : first;
                last = last == null || c.last().isAfter(last) ? c.last() : last;
            }
            if (first == null) continue;
            for (SemanticMetric.Simple s : model.simpleInputs(m)) out.put(s.name(), new Coverage(first, last));
        }
        return out;
    }

    private static String unique(String name, Set<String> names) {
        if (!names.add(name)) throw new UserError("two columns of the answer would be called " + name);
        return name;
    }

    /** The SQL expression (over {@code {bN}} base references) of a metric at an offset, adding the bases it needs. */
    private String instance(SemanticMetric m, Offset offset, Resolved r, Map<String, Base> bases) {
        return instance(m, offset, r, bases, "");
    }

    /** {@code scope} keeps apart the bases of one metric read under other conditions (the whole of a share). */
    private String instance(SemanticMetric m, Offset offset, Resolved r, Map<String, Base> bases, String scope) {
        if (m instanceof SemanticMetric.Simple || m instanceof SemanticMetric.Cumulative) {
            String key = m.name() + "@" + offset + scope;
            Base b = bases.get(key);
            if (b == null) {
                String id = "b" + bases.size();
                b = m instanceof SemanticMetric.Simple s ? base(id, s, offset, r) : cumulativeBase(id, (SemanticMetric.Cumulative) m, offset, r);
                bases.put(key, b);
            }
            return "{" + b.id() + "}";
        }
        if (m instanceof SemanticMetric.Ratio ratio) {
            String num = instance(model.metric(ratio.numerator()).orElseThrow(), offset, r, bases);
            String den = instance(model.metric(ratio.denominator()).orElseThrow(), offset, r, bases);
            // a double literal: in Trino 1.0 is a decimal with one decimal place, and the quotient would keep only that one
            return "1.0E0 * " + num + " / NULLIF(" + den + ", 0)";
        }
        SemanticMetric.Derived d = (SemanticMetric.Derived) m;
        Map<String, String> inputs = new HashMap<>();
        for (SemanticMetric.Input in : d.inputs()) {
            inputs.put(in.column(), "(" + instance(model.metric(in.metric()).orElseThrow(), offset.plus(in.offset()), r, bases) + ")");
        }
        Matcher x = Names.IDENTIFIER.matcher(d.expr());
        StringBuilder out = new StringBuilder();
        while (x.find()) {
            String word = x.group(1);
            String replacement = word != null && inputs.containsKey(word.toLowerCase(java.util.Locale.ROOT)) ? inputs.get(word.toLowerCase(java.util.Locale.ROOT)) : x.group();
            x.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        x.appendTail(out);
        return "(" + out + ")";
    }

    private Base base(String id, SemanticMetric.Simple s, Offset offset, Resolved r) {
        Dataset fact = model.dataset(s.dataset()).orElseThrow();
        List<DimensionFilter> filters = filtersOf(s, r);
        // what the metric needs from other datasets: group-by dimensions, filtered dimensions, segments
        List<JoinPlanner.Need> needs = new ArrayList<>();
        for (Key k : r.keys()) if (!k.isTime()) needs.add(new JoinPlanner.Need(k.dimension().dataset(), r.viaOf(k.name()), "dimension " + k.name()));
        for (DimensionFilter f : filters) needs.add(new JoinPlanner.Need(f.dimension().dataset(), f.via(), "dimension " + f.dimension().name()));
        for (RelatedRows x : r.related()) needs.add(new JoinPlanner.Need(x.of(), List.of(), "the " + x.of() + " with related " + x.related()));
        List<Segment> segments = new ArrayList<>();
        for (String name : s.segments()) segments.add(model.segment(name).orElseThrow());
        for (Segment seg : model.segments()) {
            if (seg.isDefault() && seg.dataset().equals(fact.name()) && !segments.contains(seg)) {
                if (!r.segmentsOff().contains(seg.name())) segments.add(seg);
            }
        }
        for (String off : r.segmentsOff()) {
            if (s.segments().contains(off)) {
                throw new UserError("segment " + off + " is part of the definition of metric " + s.name() + " and cannot be turned off");
            }
        }
        for (Segment seg : r.addedSegments()) if (!segments.contains(seg)) segments.add(seg);
        for (Segment seg : segments) needs.add(new JoinPlanner.Need(seg.dataset(), List.of(), "segment " + seg.name()));
        JoinPlanner.Tree tree = planner.plan(fact.name(), needs, s.name());

        // columns each read must project
        Map<String, List<Dimension>> dims = new LinkedHashMap<>();
        Map<String, List<Segment>> flagged = new LinkedHashMap<>();
        Map<String, Set<String>> keyCols = new LinkedHashMap<>();
        List<String> factWhere = new ArrayList<>();
        if (s.filter() != null) factWhere.add(s.filter());
        List<Condition> outer = new ArrayList<>();
        for (Segment seg : segments) {
            String alias = tree.aliasOf(seg.dataset(), List.of());
            if (alias.equals("f")) factWhere.add(seg.expr());
            else {
                flagged.computeIfAbsent(alias, a -> new ArrayList<>()).add(seg);
                outer.add(new QueryPlan.SegmentHolds(alias, seg, false));
            }
        }
        // slicing or filtering through a dataset applies its default segments there too: "app users of customers in Japan"
        // counts the users of customers that count (not the soft-deleted ones), unless the query turns the segment off
        for (JoinPlanner.Step step : tree.steps()) {
            for (Segment seg : model.segments()) {
                if (!seg.isDefault() || !seg.dataset().equals(step.edge().to()) || segments.contains(seg) || r.segmentsOff().contains(seg.name())) continue;
                List<Segment> onAlias = flagged.computeIfAbsent(step.alias(), a -> new ArrayList<>());
                if (onAlias.contains(seg)) continue;
                onAlias.add(seg);
                outer.add(new QueryPlan.SegmentHolds(step.alias(), seg, true));
            }
        }
        for (Key k : r.keys()) {
            if (k.isTime()) continue;
            String alias = tree.aliasOf(k.dimension().dataset(), r.viaOf(k.name()));
            addOnce(dims.computeIfAbsent(alias, a -> new ArrayList<>()), k.dimension());
        }
        for (DimensionFilter f : filters) {
            String alias = tree.aliasOf(f.dimension().dataset(), f.via());
            addOnce(dims.computeIfAbsent(alias, a -> new ArrayList<>()), f.dimension());
            outer.addAll(compare(alias, f));
        }
        for (JoinPlanner.Step step : tree.steps()) {
            keyCols.computeIfAbsent(step.parent(), a -> new LinkedHashSet<>()).addAll(step.edge().fromColumns());
            keyCols.computeIfAbsent(step.alias(), a -> new LinkedHashSet<>()).addAll(step.edge().toColumns());
        }
        for (RelatedRows x : r.related()) {
            String alias = tree.aliasOf(x.of(), List.of());
            QueryPlan.Related related = relatedRows(x, alias, "x" + outer.size() + "_", r.segmentsOff());
            keyCols.computeIfAbsent(alias, a -> new LinkedHashSet<>()).addAll(related.outerColumns());
            outer.add(related);
        }
        // the rows a list shows are never kept to the period: a period of a list is that of a measure it is filtered by
        boolean listed = r.listsRows() && r.metrics().get(0) == s;
        LocalDate from = r.start() == null || listed ? null : offset.before(r.start());
        LocalDate to = r.end() == null || listed ? null : offset.before(r.end());
        String time = null;
        if (s.timeDimension() != null && (r.grain() != null || from != null || s.isSnapshot() || !offset.isNone())) {
            time = model.timeDimensionOf(s).orElseThrow().expr();
        }
        if (!offset.isNone() && r.grain() == null && r.start() == null) {
            throw new NeedsPeriod("metric " + s.name() + " is compared with " + offset + " earlier: it needs a period (--from/--to) or a grain,"
                    + " else both sides are the same latest value");
        }
        if (!offset.isNone() && s.timeDimension() == null) {
            throw new UserError("metric " + s.name() + " has no time dimension, so it cannot be compared with an earlier period");
        }
        Read factRead = new Read(fact, s.expr(), time, from, to, List.copyOf(keyCols.getOrDefault("f", Set.of())), dims.getOrDefault("f", List.of()),
                List.of(), factWhere);
        List<Join> joins = new ArrayList<>();
        for (JoinPlanner.Step step : tree.steps()) {
            Dataset ds = model.dataset(step.edge().to()).orElseThrow();
            Read read = new Read(ds, null, null, null, null, List.copyOf(keyCols.getOrDefault(step.alias(), Set.of())), dims.getOrDefault(step.alias(), List.of()),
                    flagged.getOrDefault(step.alias(), List.of()), List.of());
            joins.add(new Join(step.alias(), step.parent(), read, step.edge().fromColumns(), step.edge().toColumns(), step.edge().relationship().name()));
        }
        // a snapshot bucketed by its own grain, or over one bucket of it, has one snapshot per bucket: nothing to pick
        boolean pick = false;
        if (s.isSnapshot()) {
            Grain own = model.snapshotDimensionOf(s).orElseThrow().grain();
            boolean oneBucket = r.grain() == null && from != null && own.start(from).equals(from) && own.next(from).equals(to);
            pick = !(r.grain() == own || oneBucket);
        }
        return new Base(id, s, offset, factRead, joins, outer, r.grain(), pick ? (s.snapshotLast() ? "max" : "min") : null);
    }

    /**
     * The subquery of related rows for the outer rows of {@code x.of()} read as {@code outerAlias}: the related dataset's rows
     * (or, when it does not reach {@code of} many-to-one, the rows of the one dataset that reaches both, a bridge such as a
     * table of who sang in which concert, whose related row must exist), joined many-to-one to what the filters need, and
     * tied to the outer row on the columns of the relationship that reaches {@code of}. Aliases start with {@code prefix}.
     */
    private QueryPlan.Related relatedRows(RelatedRows x, String outerAlias, String prefix, Set<String> segmentsOff) {
        String from = x.related();
        if (!planner.reachable(from).contains(x.of()) && planner.reachable(x.of()).contains(from)) return reachedRows(x, outerAlias, prefix, segmentsOff);
        boolean bridged = !planner.reachable(from).contains(x.of());
        if (bridged) {
            List<String> bridges = model.datasets().stream().map(Dataset::name)
                    .filter(b -> !b.equals(x.related()) && !b.equals(x.of()))
                    .filter(b -> planner.reachable(b).containsAll(List.of(x.related(), x.of()))).toList();
            if (bridges.size() != 1) {
                throw new UserError("no relationship ties rows of " + x.related() + " to " + x.of()
                        + (bridges.isEmpty() ? ": neither reaches the other, and no dataset reaches both" : ": several datasets reach both (" + String.join(", ", bridges)
                        + "); name the one to go through as the related dataset"));
            }
            from = bridges.get(0);
        }
        List<JoinPlanner.Need> needs = new ArrayList<>();
        needs.add(new JoinPlanner.Need(x.of(), List.of(), "the " + x.of() + " of related " + x.related()));
        if (bridged) needs.add(new JoinPlanner.Need(x.related(), List.of(), "related " + x.related()));
        for (DimensionFilter f : x.filters()) needs.add(new JoinPlanner.Need(f.dimension().dataset(), f.via(), "dimension " + f.dimension().name()));
        JoinPlanner.Tree tree = planner.plan(from, needs, "related " + x.related());
        String ofAlias = tree.aliasOf(x.of(), List.of());
        JoinPlanner.Step tie = tree.steps().stream().filter(st -> st.alias().equals(ofAlias)).findFirst().orElseThrow();
        Map<String, List<Dimension>> dims = new LinkedHashMap<>();
        List<Condition> where = new ArrayList<>();
        relatedFilters(x, tree, prefix, dims, where);
        // the join to the outer dataset itself is needed only when a filter or a further join reads it
        boolean ofRead = dims.containsKey(ofAlias) || tree.steps().stream().anyMatch(st -> st.parent().equals(ofAlias));
        Map<String, Set<String>> keyCols = new LinkedHashMap<>();
        JoinPlanner.Step skipped = ofRead ? null : tie;
        stepKeys(tree, skipped, keyCols);
        keyCols.computeIfAbsent(tie.parent(), a -> new LinkedHashSet<>()).addAll(tie.edge().fromColumns());
        if (bridged) {
            String relatedAlias = tree.aliasOf(x.related(), List.of());
            JoinPlanner.Step step = tree.steps().stream().filter(st -> st.alias().equals(relatedAlias)).findFirst().orElseThrow();
            for (String c : step.edge().toColumns()) where.add(new QueryPlan.Present(prefix + relatedAlias, c)); // the related row exists
        }
        List<String> ownWhere = new ArrayList<>();
        for (Segment seg : model.segments()) { // the related rows that count: their dataset's default segments, unless turned off
            if (seg.isDefault() && seg.dataset().equals(from) && !segmentsOff.contains(seg.name())) ownWhere.add(seg.expr());
        }
        Dataset root = model.dataset(from).orElseThrow();
        Read read = new Read(root, null, null, null, null, List.copyOf(keyCols.getOrDefault("f", Set.of())), dims.getOrDefault("f", List.of()), List.of(), ownWhere);
        List<Join> joins = relatedJoins(tree, skipped, keyCols, dims, prefix, segmentsOff, where);
        return new QueryPlan.Related(x.related(), prefix + "f", read, joins, prefix + tie.parent(), tie.edge().fromColumns(), outerAlias, tie.edge().toColumns(),
                where, x.negated());
    }

    /** Each filter on the related rows, on the alias its dataset is reached by: its dimension read there, its comparison kept. */
    private void relatedFilters(RelatedRows x, JoinPlanner.Tree tree, String prefix, Map<String, List<Dimension>> dims, List<Condition> where) {
        for (DimensionFilter f : x.filters()) {
            String alias = tree.aliasOf(f.dimension().dataset(), f.via());
            addOnce(dims.computeIfAbsent(alias, a -> new ArrayList<>()), f.dimension());
            where.addAll(compare(prefix + alias, f));
        }
    }

    /** The key columns each step of the tree (all but {@code skipped}) joins on, by alias. */
    private static void stepKeys(JoinPlanner.Tree tree, JoinPlanner.Step skipped, Map<String, Set<String>> keyCols) {
        for (JoinPlanner.Step step : tree.steps()) {
            if (step == skipped) continue;
            keyCols.computeIfAbsent(step.parent(), a -> new LinkedHashSet<>()).addAll(step.edge().fromColumns());
            keyCols.computeIfAbsent(step.alias(), a -> new LinkedHashSet<>()).addAll(step.edge().toColumns());
        }
    }

    /**
     * The joins of a related-rows subquery (every step of the tree but {@code skipped}), each reading the key columns and
     * dimensions it needs; a joined dataset's rows count when its default segments hold, unless turned off.
     */
    private List<Join> relatedJoins(JoinPlanner.Tree tree, JoinPlanner.Step skipped, Map<String, Set<String>> keyCols, Map<String, List<Dimension>> dims,
                                    String prefix, Set<String> segmentsOff, List<Condition> where) {
        List<Join> joins = new ArrayList<>();
        for (JoinPlanner.Step step : tree.steps()) {
            if (step == skipped) continue;
            Dataset ds = model.dataset(step.edge().to()).orElseThrow();
            List<Segment> flagged = new ArrayList<>();
            for (Segment seg : model.segments()) {
                if (!seg.isDefault() || !seg.dataset().equals(ds.name()) || segmentsOff.contains(seg.name())) continue;
                flagged.add(seg);
                where.add(new QueryPlan.SegmentHolds(prefix + step.alias(), seg, false));
            }
            Read r = new Read(ds, null, null, null, null, List.copyOf(keyCols.getOrDefault(step.alias(), Set.of())), dims.getOrDefault(step.alias(), List.of()),
                    List.copyOf(flagged), List.of());
            joins.add(new Join(prefix + step.alias(), prefix + step.parent(), r, step.edge().fromColumns(), step.edge().toColumns(), step.edge().relationship().name()));
        }
        return joins;
    }

    /**
     * Related rows the outer rows reach many-to-one themselves (the template a document uses): the outer row, read again by
     * its key, joined to them, and the related row there (the join resolves, and the filters hold on what it reaches). It
     * is never a row of another dataset that happens to reach both.
     */
    private QueryPlan.Related reachedRows(RelatedRows x, String outerAlias, String prefix, Set<String> segmentsOff) {
        Dataset of = model.dataset(x.of()).orElseThrow();
        List<String> key = new ArrayList<>(of.primaryKey());
        if (key.isEmpty()) of.entities().stream().filter(Dataset.Entity::identifies).findFirst().ifPresent(e -> key.add(e.expr()));
        if (key.isEmpty() || key.stream().anyMatch(k -> !k.matches("[A-Za-z_][A-Za-z0-9_]*"))) {
            throw new UserError("rows of " + of.name() + " are told apart by no key column, so their related " + x.related() + " rows cannot be found");
        }
        List<JoinPlanner.Need> needs = new ArrayList<>();
        needs.add(new JoinPlanner.Need(x.related(), List.of(), "related " + x.related()));
        for (DimensionFilter f : x.filters()) needs.add(new JoinPlanner.Need(f.dimension().dataset(), f.via(), "dimension " + f.dimension().name()));
        JoinPlanner.Tree tree = planner.plan(of.name(), needs, "related " + x.related());
        String relatedAlias = tree.aliasOf(x.related(), List.of());
        Map<String, List<Dimension>> dims = new LinkedHashMap<>();
        List<Condition> where = new ArrayList<>();
        relatedFilters(x, tree, prefix, dims, where);
        Map<String, Set<String>> keyCols = new LinkedHashMap<>();
        keyCols.computeIfAbsent("f", a -> new LinkedHashSet<>()).addAll(key);
        stepKeys(tree, null, keyCols);
        JoinPlanner.Step reaching = tree.steps().stream().filter(st -> st.alias().equals(relatedAlias)).findFirst().orElseThrow();
        for (String c : reaching.edge().toColumns()) where.add(new QueryPlan.Present(prefix + relatedAlias, c)); // the related row is there
        List<Join> joins = relatedJoins(tree, null, keyCols, dims, prefix, segmentsOff, where);
        Read read = new Read(of, null, null, null, null, List.copyOf(keyCols.get("f")), dims.getOrDefault("f", List.of()), List.of(), List.of());
        return new QueryPlan.Related(x.related(), prefix + "f", read, joins, prefix + "f", List.copyOf(key), outerAlias, List.copyOf(key), where, x.negated());
    }

    /**
     * The dimension filters a base applies: all of them, except for the rows listed (records or values), which leave out a
     * filter on a dataset they do not reach: it is a condition on the metrics computed per row ("the stadium with the most
     * concerts in 2014": the concerts of 2014 counted per stadium), which the plan checks some metric reaches.
     */
    private List<DimensionFilter> filtersOf(SemanticMetric.Simple s, Resolved r) {
        if (!r.listsRows() || r.metrics().get(0) != s) return r.dimensionFilters();
        Set<String> reach = planner.reachable(s.dataset());
        return r.dimensionFilters().stream().filter(f -> reach.contains(f.dimension().dataset())).toList();
    }

    /**
     * A dimension filter as conditions on the column read as {@code alias}. A date compared with a time dimension means its
     * whole day, whether the column holds dates or timestamps: {@code <= 2024-12-31} is before 2025-01-01, {@code between
     * 2024-01-01 and 2024-12-31} is from the first day up to the end of the last, {@code = 2024-01-07} is that day.
     */
    private List<Condition> compare(String alias, DimensionFilter f) {
        String column = f.dimension().name();
        List<Literal> v = f.values();
        if (v.isEmpty()) { // compared with its average (the only filter without values, see averageCompared)
            Dataset ds = model.dataset(f.dimension().dataset()).orElseThrow();
            return List.of(new QueryPlan.ComparedWithAverage(alias, column, f.op(), new Read(ds, null, null, null, null, List.of(), List.of(f.dimension()),
                    List.of(), List.of())));
        }
        if (!f.dimension().time() || v.stream().anyMatch(l -> l.type() != Literal.Type.DATE)) return List.of(new QueryPlan.Compare(alias, column, f.op(), v));
        return switch (f.op()) {
            case "between" -> List.of(new QueryPlan.Compare(alias, column, ">=", List.of(v.get(0))), new QueryPlan.Compare(alias, column, "<", List.of(dayAfter(v.get(1)))));
            case "=" -> List.of(new QueryPlan.Compare(alias, column, ">=", v), new QueryPlan.Compare(alias, column, "<", List.of(dayAfter(v.get(0)))));
            case "<=" -> List.of(new QueryPlan.Compare(alias, column, "<", List.of(dayAfter(v.get(0)))));
            case ">" -> List.of(new QueryPlan.Compare(alias, column, ">=", List.of(dayAfter(v.get(0)))));
            default -> List.of(new QueryPlan.Compare(alias, column, f.op(), v));
        };
    }

    private static Literal dayAfter(Literal day) {
        return new Literal(Literal.Type.DATE, LocalDate.parse(day.text()).plusDays(1).toString());
    }

    /** The most days a cumulative metric is read at in one answer (each is a window over the input's rows). */
    static final int MAX_CUMULATIVE_POINTS = 5000;

    /**
     * The base of a cumulative metric: its input's facts, joins and conditions as the input's own base has them, read from
     * as far back as the first window reaches (all time for a running total, never only the period asked), and the days the
     * metric is read at.
     */
    private Base cumulativeBase(String id, SemanticMetric.Cumulative c, Offset offset, Resolved r) {
        SemanticMetric.Simple s = (SemanticMetric.Simple) model.metric(c.input()).orElseThrow();
        Base plain = base(id, s, offset, r);
        Dimension time = model.timeDimensionOf(s).orElseThrow();
        List<QueryPlan.Point> points = null;
        LocalDate from = null, to = null;
        if (r.start() == null) {
            if (!c.allTime() || r.grain() != null && c.periodAgg() == SemanticMetric.PeriodAgg.AVERAGE) {
                throw new NeedsPeriod("metric " + c.name() + " is " + QueryExplainer.accumulation(c, time.grain()) + ": it needs a period (--from/--to)");
            }
        } else {
            points = points(c, time.grain(), r.grain(), r.start(), r.end());
            if (points.size() > MAX_CUMULATIVE_POINTS) {
                throw new UserError("metric " + c.name() + " would be read on " + points.size() + " days; at most " + MAX_CUMULATIVE_POINTS
                        + ": choose a shorter period or a coarser grain");
            }
            if (!c.allTime()) {
                from = offset.before(points.stream().map(QueryPlan.Point::from).min(LocalDate::compareTo).orElseThrow());
                to = offset.before(time.grain().next(points.stream().map(QueryPlan.Point::day).max(LocalDate::compareTo).orElseThrow()));
            }
        }
        Read f = plain.fact();
        Read fact = new Read(f.dataset(), f.measure(), time.expr(), from, to, f.keyColumns(), f.dimensions(), f.flaggedSegments(), f.where());
        return new Base(id, s, offset, fact, plain.joins(), plain.where(), r.grain(), null, new QueryPlan.Accumulation(c, time.grain(), points));
    }

    /**
     * The days a cumulative metric is read at, by the input's grain {@code own}: at a grain, each period's first or last day
     * within the range, or all its days (an average); without one, the last day of the range.
     */
    static List<QueryPlan.Point> points(SemanticMetric.Cumulative c, Grain own, Grain grain, LocalDate start, LocalDate end) {
        List<QueryPlan.Point> out = new ArrayList<>();
        if (grain == null) {
            LocalDate day = own.start(end.minusDays(1));
            out.add(new QueryPlan.Point(day, day, windowStart(c, own, day), 1));
            return out;
        }
        for (LocalDate p = grain.start(start); p.isBefore(end); p = grain.next(p)) {
            List<LocalDate> days = new ArrayList<>();
            LocalDate first = own.start(p.isBefore(start) ? start : p);
            for (LocalDate d = first; d.isBefore(grain.next(p)) && d.isBefore(end); d = own.next(d)) days.add(d);
            if (days.isEmpty()) continue;
            List<LocalDate> taken = switch (c.periodAgg()) {
                case FIRST -> List.of(days.get(0));
                case LAST -> List.of(days.get(days.size() - 1));
                case AVERAGE -> days;
            };
            for (LocalDate d : taken) out.add(new QueryPlan.Point(p, d, windowStart(c, own, d), taken.size()));
            if (out.size() > MAX_CUMULATIVE_POINTS) return out;
        }
        return out;
    }

    /** The first bucket a cumulative metric's window ending on {@code day} holds: after {@code day - window}, or the start of its grain to date. */
    static LocalDate windowStart(SemanticMetric.Cumulative c, Grain own, LocalDate day) {
        if (c.window() != null) return own.next(own.start(c.window().before(day)));
        if (c.grainToDate() != null) return c.grainToDate().start(day);
        return day; // a running total has no start: the renderer does not bound it
    }

    /** The bases with each cumulative metric read only on the periods of the time spine (none after the data ends). */
    private static List<Base> onTheSpine(java.util.Collection<Base> bases, QueryPlan.Spine spine) {
        List<Base> out = new ArrayList<>();
        for (Base b : bases) {
            QueryPlan.Accumulation a = b.accumulation();
            if (spine == null || a == null || a.points() == null || b.grain() == null) {
                out.add(b);
                continue;
            }
            Set<LocalDate> periods = new java.util.HashSet<>(spine.periods());
            List<QueryPlan.Point> kept = a.points().stream().filter(p -> periods.contains(p.period())).toList();
            out.add(new Base(b.id(), b.metric(), b.offset(), b.fact(), b.joins(), b.where(), b.grain(), b.snapshotPick(),
                    new QueryPlan.Accumulation(a.metric(), a.grain(), kept)));
        }
        return List.copyOf(out);
    }

    private static <T> void addOnce(List<T> list, T item) {
        if (!list.contains(item)) list.add(item);
    }
}
