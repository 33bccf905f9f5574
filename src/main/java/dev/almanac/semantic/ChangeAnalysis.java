package dev.almanac.semantic;

import dev.almanac.UserError;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryResult;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "Why did it change?": a metric's change between two periods split, exactly, by each dimension the semantic model lets it
 * be sliced by. Every number comes from a query compiled by the semantic layer and listed in the answer; nothing is
 * called a cause.
 *
 * <p>How the change is split:
 * <ul>
 * <li>A metric that adds up over its groups (a sum, a count; a snapshot sum at the last snapshot of each period): a
 *     value's contribution is its metric after minus before. Whether the groups add up is checked on the data, so a
 *     distinct count whose groups overlap (a customer in two categories) or a derived metric that does not add up is
 *     reported as not split by that dimension rather than split wrongly.</li>
 * <li>A ratio (a {@code ratio} metric, or a derived one written {@code [k *] a / [NULLIF(]b[, 0)]}) of two metrics that
 *     add up: with {@code n, d} a group's numerator and denominator and {@code N, D} the totals, a value's contribution is
 *     {@code k (n'/D' - n/D)}, and it is split into mix and rate with the symmetric (midpoint) formula: the weight
 *     {@code w = d/D}, the group's rate {@code r = n/d}, {@code rate = k (w + w')/2 (r' - r)}, {@code mix = k (r + r')/2
 *     (w' - w)}; a new group's rate before is taken as its rate after, a vanished group's after as before, so its whole
 *     contribution is mix. Mix and rate add up to the contribution, contributions to the change.</li>
 * <li>A snapshot metric whose dataset's key is its snapshot time and one identifier: the change by what each entity did
 *     between the two snapshots (new, expansion, contraction, churn), one query summing the movements.</li>
 * </ul>
 * Before splitting, the change is checked to be worth explaining: one that rounds to nothing at the metric's decimals, or
 * that is smaller than the standard deviation of the metric's changes from one period to the next over the twelve
 * before (for two adjacent periods of one calendar length, with at least six such changes), is said to be so instead.
 * Dimensions are ranked by concentration: the share of the values' contributions, without their sign, carried by the
 * largest one; inside the value of the first dimension that carries the most of the change, the change is split again by
 * the other dimensions.
 */
public final class ChangeAnalysis {
    /** Values shown per dimension; the rest are one "all other values" row, so a split still adds up. */
    static final int SHOWN_VALUES = 10;
    /** Dimensions split inside the top value. */
    static final int DEEPER_DIMENSIONS = 8;
    /** Changes from one period to the next read to judge the usual variation, and the fewest that judge it. */
    static final int HISTORY = 12;
    static final int FEWEST_CHANGES = 6;

    /** A derived metric that is a ratio of two of its inputs: {@code 100.0 * a / NULLIF(b, 0)}, {@code a / b}. */
    private static final Pattern RATIO = Pattern.compile("(?i)\\s*(?:([0-9]+(?:\\.[0-9]+)?)\\s*\\*\\s*)?\\(?\\s*(\\w+)\\s*\\)?\\s*/\\s*"
            + "(?:nullif\\s*\\(\\s*(\\w+)\\s*,\\s*0(?:\\.0+)?\\s*\\)|\\(?\\s*(\\w+)\\s*\\)?)\\s*(?:\\*\\s*([0-9]+(?:\\.[0-9]+)?)\\s*)?");

    /** What to explain: a metric's change from one period to another, optionally within filters and by given dimensions. */
    public record Request(String metric, SemanticQuery.Period before, SemanticQuery.Period after, List<String> by, List<SemanticQuery.Filter> filters) {
        public Request {
            by = by == null ? List.of() : List.copyOf(by);
            filters = filters == null ? List.of() : List.copyOf(filters);
        }

        /**
         * A request as the CLI, MCP and the model's tool give one: periods written as {@link ChangeAnalysis#period} reads
         * them ({@code from} missing: the period of the same length just before {@code to}), filters as {@code "region =
         * Europe"}.
         */
        public static Request read(String metric, String from, String to, List<String> by, List<String> where) {
            if (metric == null || metric.isBlank()) throw new UserError("give the metric whose change to explain");
            if (to == null || to.isBlank()) throw new UserError("give the period the change is to (2026-08, 2026-Q3, 2026, or 2026-01-01..2026-04-01)");
            SemanticQuery.Period after = period(to);
            SemanticQuery.Period before = from == null || from.isBlank() ? previous(after) : period(from);
            List<SemanticQuery.Filter> filters = new ArrayList<>();
            for (String w : where == null ? List.<String>of() : where) filters.add(SemanticQuery.Filter.parse(w));
            return new Request(metric.strip(), before, after, by, filters);
        }

        /** The change over {@code period} against the period of the same length just before it. */
        public static Request againstPrevious(String metric, SemanticQuery.Period period) {
            return new Request(metric, previous(period), period, List.of(), List.of());
        }
    }

    private final SemanticLayer layer;
    private final QueryExecutor executor;

    private final int shownValues;

    public ChangeAnalysis(SemanticLayer layer, QueryExecutor executor) {
        this(layer, executor, SHOWN_VALUES);
    }

    /** @param shownValues values shown per dimension before the rest is one row (and taken from a query, past its row cap) */
    ChangeAnalysis(SemanticLayer layer, QueryExecutor executor, int shownValues) {
        this.layer = layer;
        this.executor = executor;
        this.shownValues = shownValues;
    }

    /** The period of the same length just before {@code period}: the month before a month, the quarter before a quarter. */
    public static SemanticQuery.Period previous(SemanticQuery.Period period) {
        LocalDate s = period.start();
        LocalDate e = period.end();
        if (s.getDayOfMonth() == 1 && e.getDayOfMonth() == 1) {
            long months = java.time.Period.between(s, e).toTotalMonths();
            return new SemanticQuery.Period(s.minusMonths(months), s);
        }
        long days = e.toEpochDay() - s.toEpochDay();
        return new SemanticQuery.Period(s.minusDays(days), s);
    }

    private static final Pattern PERIOD = Pattern.compile("(\\d{4})(?:-(?:[Qq]([1-4])|(\\d{2})(?:-(\\d{2}))?))?");

    /**
     * A period written as people and scripts write one: a year ({@code 2026}), a quarter ({@code 2026-Q3}), a month
     * ({@code 2026-08}), a day ({@code 2026-08-14}), or any range {@code 2026-01-01..2026-04-01} (its end the first day after).
     */
    public static SemanticQuery.Period period(String text) {
        String t = text == null ? "" : text.strip();
        try {
            int range = t.indexOf("..");
            if (range > 0) return new SemanticQuery.Period(LocalDate.parse(t.substring(0, range).strip()), LocalDate.parse(t.substring(range + 2).strip()));
            Matcher m = PERIOD.matcher(t);
            if (m.matches()) {
                int year = Integer.parseInt(m.group(1));
                if (m.group(2) != null) {
                    LocalDate start = LocalDate.of(year, 3 * Integer.parseInt(m.group(2)) - 2, 1);
                    return new SemanticQuery.Period(start, start.plusMonths(3));
                }
                if (m.group(4) != null) {
                    LocalDate day = LocalDate.of(year, Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)));
                    return new SemanticQuery.Period(day, day.plusDays(1));
                }
                if (m.group(3) != null) {
                    LocalDate start = LocalDate.of(year, Integer.parseInt(m.group(3)), 1);
                    return new SemanticQuery.Period(start, start.plusMonths(1));
                }
                return new SemanticQuery.Period(LocalDate.of(year, 1, 1), LocalDate.of(year + 1, 1, 1));
            }
        } catch (java.time.DateTimeException e) {
            // said below
        }
        throw new UserError("a period is written 2026, 2026-Q3, 2026-08, 2026-08-14 or 2026-01-01..2026-04-01 (the end not included), not '" + t + "'");
    }

    /** The metric as the analysis splits it: a level that adds up over groups, or a ratio of two that do. */
    record Shape(SemanticMetric metric, String numerator, String denominator, BigDecimal scale) {
        boolean ratio() {
            return numerator != null;
        }

        List<String> asked() {
            return ratio() ? List.of(metric.name(), numerator, denominator) : List.of(metric.name());
        }
    }

    static Shape shapeOf(SemanticModel model, SemanticMetric m) {
        if (m instanceof SemanticMetric.Ratio r) return new Shape(m, r.numerator(), r.denominator(), BigDecimal.ONE);
        if (m instanceof SemanticMetric.Derived d && d.inputs().stream().allMatch(i -> i.offset() == null || i.offset().isNone())) {
            Matcher x = RATIO.matcher(d.expr());
            if (x.matches()) {
                String num = inputNamed(d, x.group(2));
                String den = inputNamed(d, x.group(3) != null ? x.group(3) : x.group(4));
                if (num != null && den != null && !num.equals(den)) {
                    BigDecimal k = x.group(1) != null ? new BigDecimal(x.group(1)) : BigDecimal.ONE;
                    if (x.group(5) != null) k = k.multiply(new BigDecimal(x.group(5)));
                    return new Shape(m, num, den, k);
                }
            }
        }
        if (m instanceof SemanticMetric.Simple s && switch (s.agg()) {
            case AVG, MEDIAN, PERCENTILE, MIN, MAX -> true;
            default -> false;
        }) {
            String what = switch (s.agg()) {
                case AVG -> "an average";
                case MEDIAN -> "a median";
                case PERCENTILE -> "a percentile";
                case MIN -> "a minimum";
                default -> "a maximum";
            };
            throw new UserError(m.displayName() + " is " + what + ": its change cannot be split into parts that add up (ask about the sum and the count "
                    + "it is taken over)");
        }
        return new Shape(m, null, null, null);
    }

    private static String inputNamed(SemanticMetric.Derived d, String column) {
        for (SemanticMetric.Input i : d.inputs()) if (i.column().equalsIgnoreCase(column)) return i.metric();
        return null;
    }

    /** The analysis of one request, with the queries it ran. */
    public Change explain(Request request) {
        return new Run(request).explain();
    }

    private final class Run {
        private final Request request;
        private final SemanticMetric metric;
        private final Shape shape;
        private final ValueFormat format;
        private final int decimals;
        private final List<Change.Query> queries = new ArrayList<>();

        Run(Request request) {
            this.request = request;
            this.metric = layer.metric(request.metric());
            this.shape = shapeOf(layer.model(), metric);
            this.format = ValueFormat.of(metric.info());
            Integer d = metric.info().decimals();
            this.decimals = d != null ? d : format.kind() == ValueFormat.Kind.integer || metric.countsRows() ? 0 : 2;
        }

        Change explain() {
            if (request.before().equals(request.after())) throw new UserError("the two periods are the same: give two different periods");
            List<Dimension> dims = dimensions();
            // every row of the metric, in a split too: slicing through a dataset would apply that dataset's default segments (its
            // soft-deleted customers), and the values would no longer add up to the metric's change
            SemanticQuery base = SemanticQuery.of(shape.asked().toArray(String[]::new)).between(request.after().start(), request.after().end())
                    .comparedTo(request.before().start(), request.before().end()).where(request.filters()).withSegments(List.of(), joinedDefaults());
            String periods = QueryExplainer.periodName(request.after().start(), request.after().end()) + " against "
                    + QueryExplainer.periodName(request.before().start(), request.before().end());
            Grouped total = grouped(base, metric.displayName() + ", " + periods);
            Values t = total.rows.isEmpty() ? new Values(null, null, null, null, null, null) : total.rows.get(0).values;
            String coverage = coverage(base);
            if (t.before == null || t.after == null) {
                String missing = t.before == null && t.after == null ? "either period" : t.before == null ? periodWords(request.before()) : periodWords(request.after());
                return result(t, null, Change.Verdict.no_data, "there is no data for " + missing + (coverage != null ? " (" + coverage + ")" : ""),
                        null, List.of(), List.of(), null, null, coverage);
            }
            BigDecimal change = t.after.subtract(t.before);
            BigDecimal shown = change.setScale(decimals, RoundingMode.HALF_UP);
            if (shown.signum() == 0) {
                return result(t, change, Change.Verdict.within_rounding, "the change rounds to nothing at the metric's " + decimals + " decimal"
                        + (decimals == 1 ? "" : "s"), null, List.of(), List.of(), null, null, coverage);
            }
            Change.Variation variation = variation();
            if (variation != null && change.abs().compareTo(variation.typical()) < 0) {
                return result(t, change, Change.Verdict.usual_variation, "smaller than its usual change from one " + variation.grain().label()
                        + " to the next (the spread of the " + variation.periods() + " changes before it)", variation, List.of(), List.of(), null, null, coverage);
            }
            List<Change.Split> splits = new ArrayList<>();
            List<Change.NotSplit> notSplit = new ArrayList<>();
            for (Dimension d : dims) split(base, List.of(), d, t, change, periods).ifPresentOrElse(splits::add, () -> notSplit.add(lastRefusal(d)));
            splits.sort(RANKING);
            // a dimension that splits the change value for value as a higher-ranked one does (a plan's tier, one per plan) says
            // nothing more: named, not repeated
            List<Change.Split> distinct = new ArrayList<>();
            for (Change.Split s : splits) {
                Optional<Change.Split> same = distinct.stream().filter(x -> sameParts(x, s)).findFirst();
                if (same.isPresent()) notSplit.add(new Change.NotSplit(s.dimension(), s.label(), "the same split as by " + QueryExplainer.lowerFirst(same.get().label())));
                else distinct.add(s);
            }
            splits.retainAll(distinct);
            Change.Deeper deeper = deeper(base, splits, dims, change, periods);
            Change.Movements movements = movements(base, change, periods);
            return result(t, change, Change.Verdict.explained, null, variation, splits, notSplit, deeper, movements, coverage);
        }

        private Change result(Values t, BigDecimal change, Change.Verdict verdict, String why, Change.Variation variation, List<Change.Split> splits,
                              List<Change.NotSplit> notSplit, Change.Deeper deeper, Change.Movements movements, String coverage) {
            Double pct = change != null && t.before != null && t.before.signum() != 0
                    ? change.multiply(BigDecimal.valueOf(100)).divide(t.before.abs(), MathContext.DECIMAL64).setScale(1, RoundingMode.HALF_UP).doubleValue()
                    : null;
            String method = shape.ratio() ? "ratio of " + shape.numerator() + " to " + shape.denominator() + ": contributions and mix/rate (midpoint weights)"
                    : "additive: each value's change";
            return new Change(metric.name(), metric.displayName(), format, request.before(), request.after(), request.filters(), t.before, t.after, change,
                    change == null ? null : change.setScale(decimals, RoundingMode.HALF_UP), pct, verdict, why, variation, method, splits, notSplit, deeper,
                    movements, coverage, List.copyOf(queries));
        }

        // ------------------------------------------------------------------ dimensions

        /** The default segments of datasets other than the metric's own: turned off, so that a split keeps every row of the metric. */
        private List<String> joinedDefaults() {
            java.util.Set<String> own = new java.util.HashSet<>();
            for (SemanticMetric.Simple s : layer.model().simpleInputs(metric)) own.add(s.dataset());
            return layer.model().segments().stream().filter(seg -> seg.isDefault() && !own.contains(seg.dataset())).map(Segment::name).toList();
        }

        private List<Dimension> dimensions() {
            List<Dimension> sliceable = layer.dimensionsOf(metric);
            if (request.by().isEmpty()) return sliceable;
            List<Dimension> out = new ArrayList<>();
            for (String name : request.by()) {
                Dimension d = layer.model().dimension(name).orElseThrow(() -> new UserError("unknown dimension '" + name + "'"
                        + Names.didYouMean(name, sliceable.stream().map(Dimension::name).toList())));
                if (!sliceable.contains(d)) {
                    throw new UserError(metric.displayName() + " cannot be split by " + d.displayName() + ": it is not a dimension the metric can be sliced by"
                            + Names.didYouMean(name, sliceable.stream().map(Dimension::name).toList()));
                }
                out.add(d);
            }
            return out;
        }

        private final Map<Dimension, String> refusals = new HashMap<>();

        private Change.NotSplit lastRefusal(Dimension d) {
            return new Change.NotSplit(d.qualifiedName(), d.displayName(), refusals.getOrDefault(d, "not split"));
        }

        /** The change split by one dimension, inside {@code within} filters; empty (the reason kept) when it cannot be split exactly. */
        private Optional<Change.Split> split(SemanticQuery base, List<SemanticQuery.Filter> within, Dimension d, Values total, BigDecimal change, String periods) {
            Grouped g;
            try {
                g = grouped(base.where(within).by(d.qualifiedName()), metric.displayName() + " by " + d.displayName() + ", " + periods
                        + within.stream().map(f -> ", where " + f.field() + " = " + String.join(", ", f.values())).reduce("", String::concat));
            } catch (UserError e) {
                refusals.put(d, e.getMessage());
                return Optional.empty();
            }
            if (g.truncated) {
                // more values than a query returns (every customer): the values that moved most, and the rest summed as one row,
                // in one query over the same comparison
                try {
                    g = topAndRest(g, total);
                } catch (RuntimeException e) {
                    refusals.put(d, "it has more values than a query returns");
                    return Optional.empty();
                }
            }
            List<Change.Contribution> values = new ArrayList<>();
            List<BigDecimal> levels = new ArrayList<>(); // each value's size before: its metric, or a ratio's denominator
            BigDecimal mix = null;
            BigDecimal rate = null;
            if (shape.ratio()) {
                BigDecimal[] sums = new BigDecimal[4];
                java.util.Arrays.fill(sums, BigDecimal.ZERO);
                for (Row r : g.rows) {
                    sums[0] = sums[0].add(zero(r.values.numBefore));
                    sums[1] = sums[1].add(zero(r.values.numAfter));
                    sums[2] = sums[2].add(zero(r.values.denBefore));
                    sums[3] = sums[3].add(zero(r.values.denAfter));
                }
                if (!same(sums[0], total.numBefore) || !same(sums[1], total.numAfter) || !same(sums[2], total.denBefore) || !same(sums[3], total.denAfter)) {
                    refusals.put(d, "the " + shape.numerator() + " and " + shape.denominator() + " of its values do not add up to the totals (a row can be "
                            + "in several of its values)");
                    return Optional.empty();
                }
                if (zero(total.denBefore).signum() == 0 || zero(total.denAfter).signum() == 0) {
                    refusals.put(d, "the ratio's denominator is zero in one of the periods");
                    return Optional.empty();
                }
                mix = BigDecimal.ZERO;
                rate = BigDecimal.ZERO;
                for (Row r : g.rows) {
                    Change.Contribution part = ratioPart(r, total);
                    Change.Contribution c = r.others > 0 ? new Change.Contribution(null, null, null, part.contribution(), null, Change.Status.others, part.mix(),
                            part.rate(), r.others) : part;
                    levels.add(zero(r.values.denBefore));
                    mix = mix.add(c.mix());
                    rate = rate.add(c.rate());
                    values.add(c);
                }
            } else {
                BigDecimal before = BigDecimal.ZERO;
                BigDecimal after = BigDecimal.ZERO;
                for (Row r : g.rows) {
                    before = before.add(zero(r.values.before));
                    after = after.add(zero(r.values.after));
                    BigDecimal c = zero(r.values.after).subtract(zero(r.values.before));
                    levels.add(zero(r.values.before));
                    values.add(r.others > 0 ? new Change.Contribution(null, r.values.before, r.values.after, c, null, Change.Status.others, null, null, r.others)
                            : new Change.Contribution(r.value, r.values.before, r.values.after, c, null, status(r.values.before, r.values.after), null, null,
                            null));
                }
                if (!same(before, total.before) || !same(after, total.after)) {
                    refusals.put(d, "its values' " + metric.displayName() + " do not add up to the total (" + plain(after) + " against " + plain(total.after)
                            + "): a row can be in several of its values, or the metric does not add up over them");
                    return Optional.empty();
                }
            }
            BigDecimal shownChange = change.setScale(decimals, RoundingMode.HALF_UP);
            List<BigDecimal> pair = mix == null ? null : largestRemainder(List.of(mix, rate), shownChange);
            Excess most = excess(values, levels);
            return Optional.of(new Change.Split(d.qualifiedName(), d.displayName(), g.query, most.excess(), most.index() < 0 ? null : values.get(most.index()).value(),
                    most.ofMovement(), most.ofSize(), concentration(values), mix, rate, pair == null ? null : pair.get(0),
                    pair == null ? null : pair.get(1), shown(values, shownChange, shownValues)));
        }

        /** A value's part of a ratio's change, and its mix and rate parts (class comment). */
        private Change.Contribution ratioPart(Row r, Values total) {
            BigDecimal k = shape.scale();
            BigDecimal n0 = zero(r.values.numBefore), n1 = zero(r.values.numAfter), d0 = zero(r.values.denBefore), d1 = zero(r.values.denAfter);
            BigDecimal w0 = div(d0, total.denBefore), w1 = div(d1, total.denAfter);
            BigDecimal c = k.multiply(div(n1, total.denAfter).subtract(div(n0, total.denBefore)));
            BigDecimal mix;
            BigDecimal rate;
            if (d0.signum() == 0 && d1.signum() == 0) { // a numerator with no denominator: its part is where it sits
                mix = c;
                rate = BigDecimal.ZERO;
            } else {
                BigDecimal r1 = d1.signum() == 0 ? div(n0, d0) : div(n1, d1);
                BigDecimal r0 = d0.signum() == 0 ? r1 : div(n0, d0);
                if (d1.signum() == 0) r1 = r0;
                BigDecimal two = BigDecimal.valueOf(2);
                rate = k.multiply(w0.add(w1).divide(two, MathContext.DECIMAL128)).multiply(r1.subtract(r0));
                mix = c.subtract(rate); // = k (r0 + r1)/2 (w1 - w0), up to the last digit, so the two add up exactly
            }
            BigDecimal before = r.values.before;
            BigDecimal after = r.values.after;
            return new Change.Contribution(r.value, before, after, c, null, status(d0.signum() == 0 ? null : d0, d1.signum() == 0 ? null : d1), mix, rate,
                    null);
        }

        // ------------------------------------------------------------------ one level deeper

        private Change.Deeper deeper(SemanticQuery base, List<Change.Split> splits, List<Dimension> dims, BigDecimal change, String periods) {
            if (splits.size() < 2) return null;
            Change.Split first = splits.get(0);
            Change.Contribution top = first.values().stream().filter(c -> c.status() != Change.Status.others && c.value() != null)
                    .max(Comparator.comparing(c -> c.contribution().multiply(BigDecimal.valueOf(change.signum())))).orElse(null);
            if (top == null || top.contribution().signum() != change.signum()) return null;
            SemanticQuery.Filter inside = new SemanticQuery.Filter(first.dimension(), "=", List.of(top.value()));
            Grouped own;
            try {
                own = grouped(base.where(List.of(inside)), metric.displayName() + ", " + periods + ", where " + first.label() + " = " + top.value());
            } catch (UserError e) {
                return null;
            }
            if (own.rows.isEmpty()) return null;
            Values t = own.rows.get(0).values;
            // a new (or vanished) value had nothing before (after): 0 of a metric that adds up; a ratio of nothing is no ratio
            if (shape.ratio() && (t.before == null || t.after == null)) return null;
            BigDecimal ownChange = zero(t.after).subtract(zero(t.before));
            if (ownChange.setScale(decimals, RoundingMode.HALF_UP).signum() == 0) return null;
            List<Change.Split> inner = new ArrayList<>();
            int tried = 0;
            for (Change.Split s : splits.subList(1, splits.size())) {
                if (tried++ >= DEEPER_DIMENSIONS) break;
                Dimension d = dims.stream().filter(x -> x.qualifiedName().equals(s.dimension())).findFirst().orElseThrow();
                // a dimension with one value inside (a plan's tier inside a plan) splits nothing
                split(base, List.of(inside), d, t, ownChange, periods).filter(x -> x.values().size() > 1).ifPresent(inner::add);
            }
            if (inner.isEmpty()) return null;
            inner.sort(RANKING);
            return new Change.Deeper(first.dimension(), top.value(), ownChange, ownChange.setScale(decimals, RoundingMode.HALF_UP), inner);
        }

        // ------------------------------------------------------------------ a snapshot's movements

        private Change.Movements movements(SemanticQuery base, BigDecimal change, String periods) {
            if (shape.ratio() || !(metric instanceof SemanticMetric.Simple s) || !s.isSnapshot()) return null;
            if (s.agg() != SemanticMetric.Agg.SUM && s.agg() != SemanticMetric.Agg.COUNT) return null;
            Dataset dataset = layer.model().dataset(s.dataset()).orElse(null);
            Dimension time = layer.model().dimension(s.dataset(), s.snapshotDimension()).orElse(null);
            if (dataset == null || time == null || dataset.primaryKey().size() != 2) return null;
            Dimension entity = null;
            for (Dimension d : layer.identifiersOf(metric)) {
                if (!d.dataset().equals(s.dataset())) continue;
                List<String> key = dataset.primaryKey().stream().map(k -> k.strip().toLowerCase(Locale.ROOT)).toList();
                if (key.contains(d.expr().strip().toLowerCase(Locale.ROOT)) && key.contains(time.expr().strip().toLowerCase(Locale.ROOT))) entity = d;
            }
            if (entity == null) return null;
            SemanticCompiler.Compiled c;
            try {
                c = layer.compile(base.withMetrics(List.of(metric.name())).by(entity.qualifiedName()), false);
            } catch (UserError e) {
                return null;
            }
            String a = quote(metric.name());
            String b = quote(metric.name() + "_comparison");
            String sql = "SELECT\n"
                    + "  sum(CASE WHEN coalesce(b, 0) = 0 AND coalesce(a, 0) <> 0 THEN a ELSE 0 END) AS new_value,\n"
                    + "  sum(CASE WHEN coalesce(b, 0) = 0 AND coalesce(a, 0) <> 0 THEN 1 ELSE 0 END) AS new_entities,\n"
                    + "  sum(CASE WHEN coalesce(b, 0) <> 0 AND coalesce(a, 0) <> 0 AND a > b THEN a - b ELSE 0 END) AS expansion_value,\n"
                    + "  sum(CASE WHEN coalesce(b, 0) <> 0 AND coalesce(a, 0) <> 0 AND a > b THEN 1 ELSE 0 END) AS expansion_entities,\n"
                    + "  sum(CASE WHEN coalesce(b, 0) <> 0 AND coalesce(a, 0) <> 0 AND a < b THEN a - b ELSE 0 END) AS contraction_value,\n"
                    + "  sum(CASE WHEN coalesce(b, 0) <> 0 AND coalesce(a, 0) <> 0 AND a < b THEN 1 ELSE 0 END) AS contraction_entities,\n"
                    + "  sum(CASE WHEN coalesce(b, 0) <> 0 AND coalesce(a, 0) = 0 THEN 0 - b ELSE 0 END) AS churn_value,\n"
                    + "  sum(CASE WHEN coalesce(b, 0) <> 0 AND coalesce(a, 0) = 0 THEN 1 ELSE 0 END) AS churn_entities\n"
                    + "FROM (SELECT " + a + " AS a, " + b + " AS b FROM (\n" + c.sql() + "\n) AS per_entity) AS moves";
            QueryResult r = executor.execute(sql);
            int index = add(metric.displayName() + " by what each of its " + entity.displayName() + " values did, " + periods, sql, c.tables());
            if (r.rows().isEmpty()) return null;
            List<Object> row = r.rows().get(0);
            String[] names = {"new", "expansion", "contraction", "churn"};
            List<BigDecimal> exact = new ArrayList<>();
            List<Long> counts = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                exact.add(zero(number(row.get(2 * i))));
                counts.add(zero(number(row.get(2 * i + 1))).longValue());
            }
            if (!same(exact.stream().reduce(BigDecimal.ZERO, BigDecimal::add), change)) return null;
            List<BigDecimal> shown = largestRemainder(exact, change.setScale(decimals, RoundingMode.HALF_UP));
            List<Change.Movement> parts = new ArrayList<>();
            for (int i = 0; i < 4; i++) parts.add(new Change.Movement(names[i], exact.get(i), shown.get(i), counts.get(i)));
            String column = entity.expr().strip();
            String named = dataset.entities().stream().filter(e -> column.equalsIgnoreCase(e.expr())).map(e -> e.name().replace('_', ' ')).findFirst()
                    .orElse(entity.displayName());
            return new Change.Movements(named, parts, index);
        }

        // ------------------------------------------------------------------ usual variation

        private Change.Variation variation() {
            Grain grain = adjacentGrain(request.before(), request.after());
            if (grain == null) return null;
            LocalDate from = request.after().start();
            for (int i = 0; i < HISTORY + 1; i++) from = grain.start(from.minusDays(1));
            SemanticQuery series = SemanticQuery.of(metric.name()).grain(grain).between(from, request.after().end()).where(request.filters());
            SemanticCompiler.Compiled c;
            try {
                c = layer.compile(series, false);
            } catch (UserError e) {
                return null; // a grain finer than the data's: the usual variation cannot be read at it
            }
            QueryResult r = executor.execute(c.sql());
            if (r.truncated()) return null; // a spread of part of the series would not be the usual one
            int index = add(metric.displayName() + " by " + grain.label() + ", the " + HISTORY + " " + grain.label() + "s before "
                    + QueryExplainer.periodName(request.after().start(), request.after().end()) + " (its usual change)", c.sql(), c.tables());
            int v = r.columns().indexOf(metric.name());
            List<Object[]> points = new ArrayList<>();
            for (List<Object> row : r.rows()) points.add(new Object[] {row.get(0), number(row.get(v))});
            points.sort(Comparator.comparing(p -> String.valueOf(p[0])));
            List<BigDecimal> changes = new ArrayList<>();
            for (int i = 1; i < points.size(); i++) {
                BigDecimal x0 = (BigDecimal) points.get(i - 1)[1];
                BigDecimal x1 = (BigDecimal) points.get(i)[1];
                String day = String.valueOf(points.get(i)[0]);
                if (day.startsWith(request.after().start().toString())) break; // the change asked about is not its own yardstick
                if (x0 != null && x1 != null) changes.add(x1.subtract(x0));
            }
            if (changes.size() < FEWEST_CHANGES) return null;
            BigDecimal sd = robustDeviation(changes).setScale(decimals, RoundingMode.HALF_UP);
            return new Change.Variation(grain, changes.size(), sd, index);
        }

        // ------------------------------------------------------------------ queries

        private record Values(BigDecimal before, BigDecimal after, BigDecimal numBefore, BigDecimal numAfter, BigDecimal denBefore, BigDecimal denAfter) {}

        /** A value's row; {@code others} > 0: the sum of that many values that moved least, as one row. */
        private record Row(String value, Values values, int others) {
            Row(String value, Values values) {
                this(value, values, 0);
            }
        }

        private record Grouped(List<Row> rows, boolean truncated, int query, SemanticCompiler.Compiled compiled, String purpose) {}

        /**
         * The {@link #SHOWN_VALUES} values of a comparison that moved most (by their contribution: a ratio's over the totals),
         * and the rest summed as one row with how many values it holds, over the compiled comparison in one query: a split by
         * a dimension of more values than a query returns (every customer) still adds up.
         */
        private Grouped topAndRest(Grouped g, Values total) {
            String key = g.compiled().columns().get(0);
            List<String> measures = new ArrayList<>();
            for (String m : shape.asked()) {
                measures.add(m);
                measures.add(m + "_comparison");
            }
            StringBuilder select = new StringBuilder(quote(key) + " AS k");
            for (int i = 0; i < measures.size(); i++) select.append(", ").append(quote(measures.get(i))).append(" AS v").append(i);
            // v0, v1: the metric after and before; for a ratio v2..v5: numerator after, before, denominator after, before
            String moved = shape.ratio()
                    ? "abs(coalesce(v2, 0) / " + literal(total.denAfter) + " - coalesce(v3, 0) / " + literal(total.denBefore) + ")"
                    : "abs(coalesce(v0, 0) - coalesce(v1, 0))";
            StringBuilder top = new StringBuilder("SELECT -1 AS rest, k");
            StringBuilder rest = new StringBuilder("SELECT count(*) AS rest, NULL");
            for (int i = 0; i < measures.size(); i++) {
                top.append(", v").append(i);
                rest.append(", sum(v").append(i).append(')');
            }
            String sql = "WITH per_value AS (\nSELECT " + select + " FROM (\n" + g.compiled().sql() + "\n) AS compared\n),\n"
                    + "ranked AS (SELECT per_value.*, row_number() OVER (ORDER BY " + moved + " DESC, k) AS place FROM per_value)\n"
                    + top + " FROM ranked WHERE place <= " + shownValues + "\nUNION ALL\n" + rest + " FROM ranked WHERE place > " + shownValues;
            QueryResult r = executor.execute(sql);
            int index = add(g.purpose() + " (the " + shownValues + " values that moved most, and the rest summed)", sql, g.compiled().tables());
            int first = 2;
            List<Row> rows = new ArrayList<>();
            for (List<Object> row : r.rows()) {
                int place = number(row.get(0)).intValue(); // -1: one of the top values; else how many values the rest sums (0: none)
                if (place == 0) continue;
                int others = Math.max(place, 0);
                String value = others > 0 || row.get(1) == null ? null : row.get(1).toString();
                BigDecimal[] v = new BigDecimal[measures.size()];
                for (int i = 0; i < v.length; i++) v[i] = number(row.get(first + i));
                rows.add(new Row(value, new Values(v[1], v[0], shape.ratio() ? v[3] : null, shape.ratio() ? v[2] : null, shape.ratio() ? v[5] : null,
                        shape.ratio() ? v[4] : null), others));
            }
            if (r.truncated()) throw new IllegalStateException("the top values and the rest did not fit");
            return new Grouped(rows, false, index, g.compiled(), g.purpose());
        }

        /** A comparison query of the shape's metrics, run unrounded, its rows read as values; the query kept for the answer. */
        private Grouped grouped(SemanticQuery q, String purpose) {
            SemanticCompiler.Compiled c = layer.compile(q, false);
            QueryResult r = executor.execute(c.sql());
            int index = add(purpose, c.sql(), c.tables());
            List<String> cols = r.columns();
            boolean keyed = !q.groupBy().isEmpty();
            String keyName = keyed ? c.columns().get(0) : null;
            int key = keyed ? cols.indexOf(keyName) : -1;
            List<Row> rows = new ArrayList<>();
            for (List<Object> row : r.rows()) {
                // two entities of one name come told apart by their key ("Esther Haddad (#162)"): the compiler's answer says so
                String value = keyed && row.get(key) != null ? row.get(key).toString() : null;
                rows.add(new Row(value, new Values(at(row, cols, metric.name() + "_comparison"), at(row, cols, metric.name()),
                        shape.ratio() ? at(row, cols, shape.numerator() + "_comparison") : null, shape.ratio() ? at(row, cols, shape.numerator()) : null,
                        shape.ratio() ? at(row, cols, shape.denominator() + "_comparison") : null, shape.ratio() ? at(row, cols, shape.denominator()) : null)));
            }
            return new Grouped(rows, r.truncated(), index, c, purpose);
        }

        private int add(String purpose, String sql, List<String> tables) {
            queries.add(new Change.Query(queries.size() + 1, purpose, sql, tables));
            return queries.size();
        }

        private String coverage(SemanticQuery base) {
            List<String> notes = new ArrayList<>();
            layer.coverageNote(base.withMetrics(List.of(metric.name()))).ifPresent(notes::add);
            SemanticQuery earlier = base.withMetrics(List.of(metric.name())).between(request.before().start(), request.before().end()).withoutComparison();
            layer.coverageNote(earlier).filter(n -> !notes.contains(n)).ifPresent(notes::add);
            return notes.isEmpty() ? null : String.join("; ", notes);
        }

        private String periodWords(SemanticQuery.Period p) {
            return QueryExplainer.periodName(p.start(), p.end());
        }
    }

    // ------------------------------------------------------------------ arithmetic


    /** The grain whose one period each is, when {@code after} follows {@code before} directly; null otherwise. */
    static Grain adjacentGrain(SemanticQuery.Period before, SemanticQuery.Period after) {
        if (!before.end().equals(after.start())) return null;
        for (Grain g : Grain.values()) {
            if (g.start(before.start()).equals(before.start()) && g.next(before.start()).equals(before.end()) && g.next(after.start()).equals(after.end())) {
                return g;
            }
        }
        return null;
    }

    /**
     * The spread of the changes, robust to a few unusual ones (a change of data source, a one-off deal): the median
     * absolute deviation from their median, times 1.4826, which is the standard deviation for normally spread changes.
     */
    static BigDecimal robustDeviation(List<BigDecimal> changes) {
        BigDecimal median = median(changes);
        List<BigDecimal> deviations = changes.stream().map(x -> x.subtract(median).abs()).toList();
        return median(deviations).multiply(new BigDecimal("1.4826"));
    }

    private static BigDecimal median(List<BigDecimal> values) {
        List<BigDecimal> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : sorted.get(n / 2 - 1).add(sorted.get(n / 2)).divide(BigDecimal.valueOf(2), MathContext.DECIMAL64);
    }

    private static Change.Status status(BigDecimal before, BigDecimal after) {
        if (before == null && after != null) return Change.Status.added;
        if (before != null && after == null) return Change.Status.vanished;
        return Change.Status.both;
    }

    /** Whether two splits have the same values' parts, before and after (the same groups under other names). */
    private static boolean sameParts(Change.Split a, Change.Split b) {
        if (a.values().size() != b.values().size() || a.values().stream().anyMatch(v -> v.status() == Change.Status.others)) return false;
        java.util.function.Function<Change.Split, List<String>> parts = s -> s.values().stream()
                .map(v -> plain(v.before()) + "/" + plain(v.after())).sorted().toList();
        return parts.apply(a).equals(parts.apply(b));
    }

    /** Most uneven first; then the one whose largest value carries more of the movement. */
    private static final Comparator<Change.Split> RANKING = Comparator.comparingDouble((Change.Split s) -> -s.excess())
            .thenComparingDouble(s -> -s.concentration()).thenComparing(s -> -top(s).contribution().abs().doubleValue());

    /**
     * How much more of the movement one value carries than its size would give it: the largest, over the values, of its
     * share of the movement (its contribution without sign, over all of them) minus its share of the metric before (of a
     * ratio's denominator), with that value's index. 0 when every value moved in proportion to its size, so the split says
     * nothing the total does not; near 1 when the movement sits in one value that held little. A single value's excess
     * rather than the sum over all (the total variation distance): many small values' noise does not add up to a score.
     */
    static Excess excess(List<Change.Contribution> values, List<BigDecimal> levels) {
        BigDecimal moved = BigDecimal.ZERO;
        BigDecimal size = BigDecimal.ZERO;
        for (int i = 0; i < values.size(); i++) {
            moved = moved.add(values.get(i).contribution().abs());
            size = size.add(levels.get(i).abs());
        }
        Excess best = new Excess(0, -1, 0, 0);
        if (moved.signum() == 0) return best;
        for (int i = 0; i < values.size(); i++) {
            double m = values.get(i).contribution().abs().divide(moved, MathContext.DECIMAL64).doubleValue();
            double l = size.signum() == 0 ? 0 : levels.get(i).abs().divide(size, MathContext.DECIMAL64).doubleValue();
            if (values.get(i).status() == Change.Status.others) continue; // the rest is many values, not one
            if (best.index() < 0 || m - l > best.excess()) best = new Excess(m - l, i, m, l);
        }
        return best;
    }

    record Excess(double excess, int index, double ofMovement, double ofSize) {}

    /** The share of the values' contributions, without their sign, carried by the largest one. */
    private static double concentration(List<Change.Contribution> values) {
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal max = BigDecimal.ZERO;
        for (Change.Contribution c : values) {
            sum = sum.add(c.contribution().abs());
            if (c.status() != Change.Status.others) max = max.max(c.contribution().abs());
        }
        return sum.signum() == 0 ? 0 : max.divide(sum, MathContext.DECIMAL64).doubleValue();
    }

    private static Change.Contribution top(Change.Split s) {
        return s.values().stream().filter(c -> c.status() != Change.Status.others).max(Comparator.comparing(c -> c.contribution().abs()))
                .orElse(s.values().get(0));
    }

    /**
     * The values to show, largest contribution (without its sign) first: the first {@link #SHOWN_VALUES}, then the others
     * as one row, each with its contribution rounded so that the shown ones add up to the change as shown.
     */
    private static List<Change.Contribution> shown(List<Change.Contribution> values, BigDecimal shownChange, int shownValues) {
        List<Change.Contribution> sorted = new ArrayList<>(values.stream().filter(c -> c.status() != Change.Status.others).toList());
        List<Change.Contribution> summed = values.stream().filter(c -> c.status() == Change.Status.others).toList(); // the rest, summed by the query
        sorted.sort(Comparator.comparing((Change.Contribution c) -> c.contribution().abs()).reversed().thenComparing(c -> String.valueOf(c.value())));
        List<Change.Contribution> rows = new ArrayList<>(sorted.subList(0, Math.min(shownValues, sorted.size())));
        rows.addAll(summed);
        if (sorted.size() > shownValues) {
            List<Change.Contribution> rest = sorted.subList(shownValues, sorted.size());
            BigDecimal c = BigDecimal.ZERO, mix = null, rate = null;
            for (Change.Contribution x : rest) {
                c = c.add(x.contribution());
                if (x.mix() != null) {
                    mix = (mix == null ? BigDecimal.ZERO : mix).add(x.mix());
                    rate = (rate == null ? BigDecimal.ZERO : rate).add(x.rate());
                }
            }
            rows.add(new Change.Contribution(null, null, null, c, null, Change.Status.others, mix, rate, rest.size()));
        }
        List<BigDecimal> rounded = largestRemainder(rows.stream().map(Change.Contribution::contribution).toList(), shownChange);
        List<Change.Contribution> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Change.Contribution x = rows.get(i);
            out.add(new Change.Contribution(x.value(), x.before(), x.after(), x.contribution(), rounded.get(i), x.status(), x.mix(), x.rate(), x.others()));
        }
        return out;
    }

    /** {@code values} rounded to {@code total}'s scale so that they add up to {@code total} (the largest remainders round up). */
    static List<BigDecimal> largestRemainder(List<BigDecimal> values, BigDecimal total) {
        int scale = total.scale();
        BigDecimal unit = BigDecimal.ONE.movePointLeft(scale);
        List<BigDecimal> floors = new ArrayList<>();
        BigDecimal sum = BigDecimal.ZERO;
        for (BigDecimal v : values) {
            BigDecimal f = v.setScale(scale, RoundingMode.FLOOR);
            floors.add(f);
            sum = sum.add(f);
        }
        int units = total.subtract(sum).divide(unit, 0, RoundingMode.HALF_UP).intValue();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) order.add(i);
        order.sort(Comparator.comparing((Integer i) -> values.get(i).subtract(floors.get(i))).reversed());
        List<BigDecimal> out = new ArrayList<>(floors);
        for (int n = 0; n < Math.min(Math.max(units, 0), order.size()); n++) out.set(order.get(n), out.get(order.get(n)).add(unit));
        return out;
    }

    private static BigDecimal at(List<Object> row, List<String> cols, String column) {
        int i = cols.indexOf(column);
        return i < 0 ? null : number(row.get(i));
    }

    static BigDecimal number(Object v) {
        if (v == null) return null;
        if (v instanceof BigDecimal b) return b;
        if (v instanceof Double d) return d.isNaN() || d.isInfinite() ? null : new BigDecimal(d.toString());
        if (v instanceof Float f) return new BigDecimal(f.toString());
        if (v instanceof Number n) return new BigDecimal(n.toString());
        try {
            return new BigDecimal(v.toString().strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static BigDecimal zero(BigDecimal v) {
        return v == null ? BigDecimal.ZERO : v;
    }

    private static BigDecimal div(BigDecimal a, BigDecimal b) {
        return b == null || b.signum() == 0 ? BigDecimal.ZERO : a.divide(b, MathContext.DECIMAL128);
    }

    /** Equal up to the arithmetic of the engine's doubles: a part in a billion of the larger, or a billionth. */
    static boolean same(BigDecimal a, BigDecimal b) {
        BigDecimal x = zero(a);
        BigDecimal y = zero(b);
        BigDecimal tolerance = x.abs().max(y.abs()).multiply(new BigDecimal("1e-9")).max(new BigDecimal("1e-9"));
        return x.subtract(y).abs().compareTo(tolerance) <= 0;
    }

    private static String plain(BigDecimal v) {
        return v == null ? "no data" : v.stripTrailingZeros().toPlainString();
    }

    /** A number as a literal every engine reads exactly (a decimal, never an exponent). */
    private static String literal(BigDecimal v) {
        String t = zero(v).toPlainString();
        return t.contains(".") ? t : t + ".0"; // never an integer: an integer divided by one is cut on PostgreSQL, SQLite and Trino
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
