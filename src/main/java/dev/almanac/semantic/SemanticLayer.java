package dev.almanac.semantic;

import dev.almanac.UserError;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Metric;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;

/**
 * A project's semantic layer at work: its model, the value index, the compiler, and the executor
 * every compiled query runs through (guard, timeout, row cap), like any other query.
 */
public final class SemanticLayer {
    private final SemanticModel model;
    private final KnowledgeSet knowledge;
    private final ValueIndex values;
    private final SemanticCompiler compiler;
    private final QueryExecutor executor;
    private final List<String> company;
    private final dev.almanac.quality.FiscalYear fiscalYear;

    public SemanticLayer(SemanticModel model, KnowledgeSet knowledge, ValueIndex values, QueryExecutor executor) {
        this(model, knowledge, values, executor, List.of());
    }

    /** @param company the names of the business the data is about: in a question they mean "we" */
    public SemanticLayer(SemanticModel model, KnowledgeSet knowledge, ValueIndex values, QueryExecutor executor, List<String> company) {
        this(model, knowledge, values, executor, company, dev.almanac.quality.FiscalYear.CALENDAR);
    }

    /** @param fiscalYear the project's fiscal year, by which its question parsers read "FY2026" and "last fiscal quarter" */
    public SemanticLayer(SemanticModel model, KnowledgeSet knowledge, ValueIndex values, QueryExecutor executor, List<String> company,
                         dev.almanac.quality.FiscalYear fiscalYear) {
        this.fiscalYear = fiscalYear;
        this.model = model;
        this.parserPhrases = new ParserPhrases(model);
        this.knowledge = knowledge;
        this.values = values;
        this.compiler = new SemanticCompiler(model, values);
        this.executor = executor;
        this.company = List.copyOf(company);
    }

    private final ParserPhrases parserPhrases;

    /** The phrases its question parsers look for, made once for all of them. */
    ParserPhrases parserPhrases() {
        return parserPhrases;
    }

    /** The project's fiscal year (the calendar year unless the project sets another). */
    public dev.almanac.quality.FiscalYear fiscalYear() {
        return fiscalYear;
    }

    /** The names of the business the data is about ("Brightline"), as the project gives them. */
    public List<String> company() {
        return company;
    }

    public SemanticModel model() {
        return model;
    }

    public ValueIndex values() {
        return values;
    }

    public SemanticCompiler.Compiled compile(SemanticQuery query) {
        return compile(query, true);
    }

    /**
     * The query compiled for the source; {@code rounded} false leaves every metric column as computed, not rounded to its
     * decimals (values an analysis adds up, rounded once when shown).
     */
    public SemanticCompiler.Compiled compile(SemanticQuery query, boolean rounded) {
        SemanticCompiler.Compiled compiled = query.grain() != null && query.start() != null
                ? compiler.compile(query, executor.source().dialect(), coverage(query), this::daysWithRows, rounded)
                : compiler.compile(query, executor.source().dialect(), java.util.Map.of(), read -> null, rounded);
        for (QueryPlan.Base b : compiled.plan().bases()) {
            joinsOneRow(b.joins());
            for (QueryPlan.Condition c : b.where()) if (c instanceof QueryPlan.Related r) joinsOneRow(r.joins());
        }
        return compiled;
    }

    /**
     * Refuses a plan that joins many rows to one through a key its data holds more than once (the value index read each
     * relationship's "one" side): the facts would be counted several times, a wrong number with no error.
     */
    private void joinsOneRow(List<QueryPlan.Join> joins) {
        for (QueryPlan.Join j : joins) {
            Dataset to = j.read().dataset();
            if (values.oneRowPer(to.name(), j.columns())) continue;
            throw new UserError("the model joins each row to one row of " + to.name() + " by " + String.join(", ", j.columns()) + ", but its data holds "
                    + (j.columns().size() == 1 ? "a " + j.columns().get(0) : "the same " + String.join(", ", j.columns())) + " more than once: every number "
                    + "through it would count rows several times (make the key unique in the table, or join by one that is)");
        }
    }

    /** The days the data of each simple input of the query's metrics covers, where it can be read (by metric name). */
    public java.util.Map<String, Coverage> coverage(SemanticQuery query) {
        java.util.Map<String, Coverage> out = new java.util.HashMap<>();
        for (String name : query.metrics()) {
            SemanticMetric m = model.metric(name).orElse(null);
            if (m == null) continue;
            for (SemanticMetric.Simple s : model.simpleInputs(m)) {
                if (s.timeDimension() != null) dataRange(s, null).ifPresent(c -> out.put(s.name(), c));
            }
        }
        return out;
    }

    /**
     * What of the query's period its metrics' data does not cover, in words for the answer's headline and caveats ("Shop
     * revenue: the data starts on 1 January 2023, so 2021 to 2022 are not covered (no data, not 0)"); empty when the data
     * covers the whole period, or its range is unknown. The inputs of a sum of metrics cover together.
     */
    public Optional<String> coverageNote(SemanticQuery query) {
        if (query.start() == null || query.asksGaps()) return Optional.empty();
        Grain grain = query.grain() == null ? Grain.DAY : query.grain();
        ValueFormat shown = ValueFormat.of(grain);
        ValueFormat day = ValueFormat.of(Grain.DAY);
        java.util.Map<String, Coverage> coverage = coverage(query);
        List<String> notes = new ArrayList<>();
        boolean endsEarly = false; // some metric's data ends before the period does: its note says how the last periods are shown
        for (String name : query.metrics()) {
            SemanticMetric m = model.metric(name).orElse(null);
            if (m == null) continue;
            java.time.LocalDate first = null, last = null;
            boolean sum = m.addsItsInputs();
            for (SemanticMetric.Simple s : model.simpleInputs(m)) {
                Coverage c = coverage.get(s.name());
                if (c == null) continue;
                first = first == null || c.first().isAfter(first) != sum ? c.first() : first;
                last = last == null || c.last().isBefore(last) != sum ? c.last() : last;
            }
            if (first == null) continue;
            java.time.LocalDate end = query.end().minusDays(1);
            if (first.isAfter(end) || last.isBefore(query.start())) continue; // wholly outside: said as "no data for the period"
            List<String> parts = new ArrayList<>();
            if (first.isAfter(query.start())) {
                parts.add("the data starts on " + day.show(first) + ", so " + uncovered(shown, grain, query.start(), first, true,
                        query.grain() == null ? "" : " (shown as no data, not 0)"));
            }
            if (last.isBefore(end)) {
                parts.add("the data ends on " + day.show(last) + ", so " + uncovered(shown, grain, last, end, false,
                        query.grain() == null ? "" : " (not shown)"));
            }
            if (!parts.isEmpty()) notes.add(m.displayName() + ": " + String.join("; ", parts));
            endsEarly |= last.isBefore(end);
        }
        // a period that begins or ends within one of the grain's periods: that row holds a part of it, said so it is not read as whole
        if (query.grain() != null) {
            java.time.LocalDate first = grain.start(query.start()), lastBucket = grain.start(query.end().minusDays(1));
            if (first.isBefore(query.start())) {
                java.time.LocalDate to = grain.next(first).isAfter(query.end()) ? query.end() : grain.next(first);
                notes.add(QueryExplainer.capitalize(shown.show(first)) + " holds " + QueryExplainer.periodName(query.start(), to) + " only, the part of it in the period asked");
            }
            if (!endsEarly && !lastBucket.equals(first) && grain.next(lastBucket).isAfter(query.end())) {
                notes.add(QueryExplainer.capitalize(shown.show(lastBucket)) + " holds " + QueryExplainer.periodName(lastBucket, query.end()) + " only, the part of it in the period asked");
            }
        }
        return notes.isEmpty() ? Optional.empty() : Optional.of(String.join(". ", notes) + ".");
    }

    /**
     * A breakdown whose group of no value holds part of the measure (leads no customer converted from, by the customer's
     * industry): how much, for a sum or a count, so the named groups are not read as the whole; for a rate, that the rate
     * of each named group is over its rows only (a win rate of 100% in every region where only won deals have a customer).
     * Empty when every row has a group, or the part without one is under one in twenty.
     */
    /**
     * The answer to a breakdown that grouped nothing, saying why: every row of the result has no value of an attribute
     * grouped by (the records it is reached through match none of the rows measured), so no group's number is there to
     * give; empty otherwise.
     */
    public Optional<String> noGroupAtAll(SemanticQuery query, dev.almanac.sql.QueryResult r) {
        if (query.records() != null || query.metrics().isEmpty() || r.rowCount() == 0) return Optional.empty();
        for (GroupColumn g : groupColumns(query, r)) {
            if (r.rows().stream().anyMatch(row -> row.get(g.column()) != null)) continue;
            String by = query.groupBy().stream().map(x -> model.dimension(x.dimension()).map(Dimension::displayName).orElse(x.dimension()))
                    .collect(java.util.stream.Collectors.joining(" and "));
            return Optional.of("I can't answer that by " + by + ": No row measured has a " + g.dimension().displayName()
                    + " (none of them matches a record that holds one), so there is no group to give "
                    + model.metric(query.metrics().get(0)).map(SemanticMetric::displayName).orElse(query.metrics().get(0)) + " for.");
        }
        return Optional.empty();
    }

    /** An attribute a query groups by and the column of the result that holds it. */
    private record GroupColumn(Dimension dimension, int column) {}

    /** The attributes grouped by that the result has a column of, in the query's order. */
    private List<GroupColumn> groupColumns(SemanticQuery query, dev.almanac.sql.QueryResult r) {
        List<GroupColumn> out = new java.util.ArrayList<>();
        for (SemanticQuery.GroupBy g : query.groupBy()) {
            Dimension d = model.dimension(g.dimension()).orElse(null);
            int column = d == null ? -1 : r.columns().indexOf(d.name());
            if (column >= 0) out.add(new GroupColumn(d, column));
        }
        return out;
    }

    public Optional<String> withoutAGroup(SemanticQuery query, dev.almanac.sql.QueryResult r) {
        if (query.groupBy().isEmpty() || query.metrics().size() != 1 || query.records() != null || query.asksShare()) return Optional.empty();
        SemanticMetric m = model.metric(query.metrics().get(0)).orElse(null);
        int value = r.columns().indexOf(query.metrics().get(0));
        if (m == null || value < 0) return Optional.empty();
        for (GroupColumn g : groupColumns(query, r)) {
            Dimension d = g.dimension();
            int key = g.column();
            java.math.BigDecimal none = java.math.BigDecimal.ZERO, all = java.math.BigDecimal.ZERO;
            boolean any = false;
            for (List<Object> row : r.rows()) {
                java.math.BigDecimal v = row.get(value) == null ? java.math.BigDecimal.ZERO : new java.math.BigDecimal(row.get(value).toString());
                all = all.add(v.abs());
                if (row.get(key) == null) {
                    none = none.add(v.abs());
                    any = true;
                }
            }
            if (!any) continue;
            String attribute = d.displayName();
            boolean additive = m instanceof SemanticMetric.Simple s
                    && (s.agg() == SemanticMetric.Agg.SUM || s.agg() == SemanticMetric.Agg.COUNT);
            if (!additive) {
                return Optional.of("Some rows have no " + attribute + " (the row \"no value\"): each " + attribute + "'s " + m.displayName()
                        + " is over the rows that have one, so it is not that of the whole.");
            }
            if (all.signum() == 0 || none.multiply(java.math.BigDecimal.valueOf(20)).compareTo(all) < 0) continue;
            long percent = none.multiply(java.math.BigDecimal.valueOf(100)).divide(all, 0, java.math.RoundingMode.HALF_UP).longValue();
            return Optional.of(percent + "% of " + m.displayName() + " have no " + attribute + " (the row \"no value\"): the groups shown are not the whole.");
        }
        return Optional.empty();
    }

    /**
     * The periods at the grain outside the data, from the query's first day to the data's first ({@code before}), or from the
     * data's last day to the query's last: "2021 to 2022 are not covered", "2022 is not covered and 2023 only in part".
     */
    private static String uncovered(ValueFormat shown, Grain grain, java.time.LocalDate a, java.time.LocalDate b, boolean before, String howShown) {
        java.time.LocalDate edge = before ? b : a; // the data's first or last day
        java.time.LocalDate partial = before ? (grain.start(edge).isBefore(edge) ? grain.start(edge) : null)
                : (grain.next(grain.start(edge)).minusDays(1).isAfter(edge) ? grain.start(edge) : null);
        java.time.LocalDate from = before ? grain.start(a) : grain.next(grain.start(edge));
        java.time.LocalDate to = before ? grain.start(grain.start(edge).minusDays(1)) : grain.start(b);
        List<String> parts = new ArrayList<>();
        if (!to.isBefore(from)) {
            String span = from.equals(to) ? shown.show(from) : shown.show(from) + " to " + shown.show(to);
            parts.add(span + (from.equals(to) ? " is" : " are") + " not covered" + howShown);
        }
        if (partial != null) parts.add(shown.show(partial) + (parts.isEmpty() ? " is covered" : "") + " only in part");
        if (parts.size() == 2 && !before) java.util.Collections.reverse(parts);
        return String.join(" and ", parts);
    }

    /** A compiled query and what running it gave. */
    public record Run(SemanticCompiler.Compiled compiled, QueryResult result) {}

    public Run run(SemanticQuery query) {
        SemanticCompiler.Compiled compiled = compile(query);
        return new Run(compiled, executor.execute(compiled.sql()));
    }

    /**
     * Why a query's period holds no data, read from the catalog's date ranges of the metrics' time columns
     * ("the data ends on 30 September 2026"); empty when the period overlaps the data or the range is unknown.
     */
    public Optional<String> outsideData(SemanticQuery query, dev.almanac.source.Catalog catalog) {
        if (query.start() == null) return Optional.empty();
        ValueFormat day = ValueFormat.of(Grain.DAY);
        for (String name : query.metrics()) {
            SemanticMetric metric = metric(name);
            // a sum of inputs that cover different years ("legacy + subscription + shop revenue") has no data only where none of them has
            boolean sum = metric.addsItsInputs();
            List<String> reasons = new ArrayList<>(); // one per input whose data the period misses
            java.util.Collection<SemanticMetric.Simple> inputs = model.simpleInputs(metric);
            for (SemanticMetric.Simple s : inputs) {
                Coverage range = s.timeDimension() == null ? null : dataRange(s, catalog).orElse(null);
                if (range == null) continue;
                if (query.start().isAfter(range.last())) reasons.add("the data of " + s.displayName() + " ends on " + day.show(range.last()));
                else if (!query.end().isAfter(range.first())) reasons.add("the data of " + s.displayName() + " starts on " + day.show(range.first()));
            }
            if (sum ? reasons.size() == inputs.size() : !reasons.isEmpty()) return Optional.of(String.join("; ", reasons));
        }
        return Optional.empty();
    }

    /**
     * A question about the periods with no data, over a period that runs past the last day of the metric's data: the
     * query up to the period that holds that day (later periods are not gaps, the data has not reached them yet), and
     * that day. Empty when the period ends within the data or the range is unknown.
     */
    public Optional<Clipped> clippedToData(SemanticQuery query, dev.almanac.source.Catalog catalog) {
        if (!query.asksGaps() || query.start() == null || query.grain() == null) return Optional.empty();
        java.time.LocalDate last = null;
        Grain recorded = Grain.DAY;
        for (SemanticMetric.Simple s : model.simpleInputs(metric(query.metrics().get(0)))) {
            Coverage range = s.timeDimension() == null ? null : dataRange(s, catalog).orElse(null);
            if (range == null) return Optional.empty();
            if (last == null || range.last().isAfter(last)) {
                last = range.last();
                Grain g = model.timeDimensionOf(s).map(Dimension::grain).orElse(null);
                recorded = g == null ? Grain.DAY : g;
            }
        }
        if (last == null || !query.end().isAfter(last.plusDays(1))) return Optional.empty();
        java.time.LocalDate end = query.grain().next(query.grain().start(last));
        if (!end.isAfter(query.start()) || !end.isBefore(query.end())) return Optional.empty();
        return Optional.of(new Clipped(query.between(query.start(), end), last, recorded));
    }

    /**
     * A comparison over a period its data covers only in part ("shop revenue YTD vs the same period last year", the data
     * ending in September): both periods cut at the same point, so the change compares like with like; the earlier
     * period's full length would set nine months against eleven. Empty when the data covers the period, or its range is
     * unknown.
     */
    public Optional<Clipped> comparedLikeForLike(SemanticQuery query, dev.almanac.source.Catalog catalog) {
        if (query.compareTo() == null || query.start() == null || query.asksGaps()) return Optional.empty();
        java.time.LocalDate last = null;
        Grain recorded = Grain.DAY;
        for (String name : query.metrics()) {
            java.time.LocalDate own = null; // a sum of inputs runs to its latest input's end, anything else to its earliest's
            SemanticMetric metric = metric(name);
            boolean sum = metric.addsItsInputs();
            for (SemanticMetric.Simple s : model.simpleInputs(metric)) {
                Coverage range = s.timeDimension() == null ? null : dataRange(s, catalog).orElse(null);
                if (range == null) return Optional.empty();
                if (own == null || range.last().isAfter(own) == sum) own = range.last();
            }
            if (own != null && (last == null || own.isBefore(last))) {
                last = own;
                recorded = metric instanceof SemanticMetric.Simple s ? model.timeDimensionOf(s).map(Dimension::grain).orElse(Grain.DAY) : Grain.DAY;
            }
        }
        if (last == null || last.isBefore(query.start()) || !last.plusDays(1).isBefore(query.end())) return Optional.empty();
        java.time.LocalDate end = last.plusDays(1);
        Offset back = Offset.between(query.compareTo().start(), query.start());
        java.time.LocalDate earlierEnd = back.before(end);
        if (!earlierEnd.isAfter(query.compareTo().start()) || !earlierEnd.isBefore(query.compareTo().end())) return Optional.empty();
        return Optional.of(new Clipped(query.between(query.start(), end).comparedTo(query.compareTo().start(), earlierEnd), last, recorded));
    }

    /**
     * The query at a grain its answer can be read at, for two ranges one answer would misstate. A metric read one period
     * earlier (month over month) is computed per period of its offset, as MetricFlow asks of such metrics (they are queried
     * by metric_time): over a longer range with no grain asked, the earlier side's range overlaps the later's, and "MRR
     * growth this year" was a month-end against itself. A grain asked over a range no longer than one of its periods that
     * crosses into the next ("weekly active users in the first week of September", Tuesday to Monday) would give two parts of
     * periods, each labelled as whole: the range is one number.
     */
    public SemanticQuery atAnswerableGrain(SemanticQuery q) {
        if (q.start() == null || q.end() == null || q.asksGaps() || q.records() != null || q.metrics().isEmpty()) return q;
        if (q.grain() == null && q.compareTo() == null) {
            for (String name : q.metrics()) {
                Offset o = offsetOf(metric(name));
                if (o == null) continue;
                // the coarsest grain the offset moves by whole periods of
                Grain g = java.util.stream.Stream.of(Grain.YEAR, Grain.QUARTER, Grain.MONTH, Grain.WEEK, Grain.DAY)
                        .filter(x -> SqlRenderer.shiftsWholeBuckets(x, o)).findFirst().orElseThrow();
                if (q.end().isAfter(q.start().plusMonths(o.months()).plusDays(o.days()))) return q.grain(g);
            }
        }
        Grain g = q.grain();
        if (g != null && !g.start(q.start()).equals(g.start(q.end().minusDays(1))) && !q.end().isAfter(g.next(q.start()))) return q.grain(null);
        return q;
    }

    /** The offset one of a metric's inputs is read at, through derived metrics; null when none is. */
    private Offset offsetOf(SemanticMetric m) {
        if (!(m instanceof SemanticMetric.Derived d)) return null;
        for (SemanticMetric.Input in : d.inputs()) {
            if (in.offset() != null && !in.offset().isNone()) return in.offset();
            Offset inner = model.metric(in.metric()).map(this::offsetOf).orElse(null);
            if (inner != null) return inner;
        }
        return null;
    }

    /** A query cut at the end of its data, the data's last day and the grain its time is recorded at (a month for monthly snapshots). */
    public record Clipped(SemanticQuery query, java.time.LocalDate lastDay, Grain recorded) {
        /** "the data ends on 30 September 2026", "the data ends in September 2026" (monthly snapshots). */
        public String dataEnds() {
            return "the data ends " + (recorded == Grain.DAY ? "on " : "in ") + ValueFormat.of(recorded).show(lastDay);
        }
    }

    /** Per dataset and time expression: its range, or empty when it cannot be read (so it is asked once per model load). */
    private final java.util.Map<String, Optional<Coverage>> ranges = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The range of a simple metric's time dimension: from the catalog (when given) for a plain column, else asked of the
     * source once (one min/max query per dataset and time expression, kept for the life of the layer).
     */
    private Optional<Coverage> dataRange(SemanticMetric.Simple s, dev.almanac.source.Catalog catalog) {
        Dataset d = model.dataset(s.dataset()).orElseThrow();
        String expr = model.timeDimensionOf(s).orElseThrow().expr();
        return ranges.computeIfAbsent(d.name() + "|" + expr, k -> {
            try {
                var col = catalog == null || d.table() == null || !expr.matches("[A-Za-z_][A-Za-z0-9_]*") ? null
                        : catalog.table(d.table()).flatMap(t -> t.column(expr)).orElse(null);
                String min, max;
                if (col != null) {
                    min = col.min();
                    max = col.max();
                } else {
                    var r = executor.execute("SELECT CAST(min(" + expr + ") AS VARCHAR), CAST(max(" + expr + ") AS VARCHAR) FROM " + d.from("t"));
                    min = (String) r.rows().get(0).get(0);
                    max = (String) r.rows().get(0).get(1);
                }
                if (min == null || max == null) return Optional.empty();
                // a time recorded by month (a month-end snapshot on the 1st) covers its whole month
                Grain recorded = model.timeDimensionOf(s).map(Dimension::grain).orElse(Grain.DAY);
                java.time.LocalDate first = recorded.start(java.time.LocalDate.parse(min.substring(0, 10)));
                java.time.LocalDate last = recorded.next(recorded.start(java.time.LocalDate.parse(max.substring(0, 10)))).minusDays(1);
                return Optional.of(new Coverage(first, last));
            } catch (RuntimeException e) {
                return Optional.empty(); // no readable dates (an epoch number, a failed read): the period is not checked
            }
        });
    }

    /** Per dataset, attributes and values: whether they pick the same rows. */
    private final java.util.Map<String, Boolean> sameRows = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Whether values of several attributes of one dataset pick the same rows, each by its attribute ("Aruba", a country's
     * name and its local name): then a question naming the value has one answer whichever attribute it means. Asked of the
     * source once per dataset, attributes and values for the life of the layer; false when the source cannot say, or the
     * attributes are of several datasets.
     */
    public boolean sameRows(List<QuestionParser.ValueHit> hits) {
        if (hits.size() < 2 || hits.stream().map(h -> h.dimension().dataset()).distinct().count() != 1 || hits.stream().anyMatch(h -> h.dimension().expr() == null)) return false;
        Dataset d = model.dataset(hits.get(0).dimension().dataset()).orElse(null);
        if (d == null) return false;
        List<String> each = hits.stream().map(h -> h.dimension().expr() + " = " + (h.value() instanceof Number ? h.value().toString()
                : "'" + String.valueOf(h.value()).replace("'", "''") + "'")).toList();
        StringBuilder sql = new StringBuilder("SELECT ");
        for (String c : each) sql.append("SUM(CASE WHEN ").append(c).append(" THEN 1 ELSE 0 END), ");
        sql.append("SUM(CASE WHEN ").append(String.join(" AND ", each)).append(" THEN 1 ELSE 0 END) FROM ").append(d.from("t"));
        return sameRows.computeIfAbsent(sql.toString(), k -> {
            try {
                List<Object> counts = executor.execute(k).rows().get(0);
                Object all = counts.get(counts.size() - 1);
                return all != null && ((Number) all).longValue() > 0 && counts.stream().allMatch(c -> c != null && ((Number) c).longValue() == ((Number) all).longValue());
            } catch (RuntimeException e) {
                return false; // attributes of types that do not compare with the value: not said to be the same rows
            }
        });
    }

    /** Per dataset, time expression and filters of a read: the days it has rows on (empty when they cannot be read). */
    private final java.util.Map<String, Optional<Coverage>> censuses = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The days a read of a dataset has rows on (its own filters applied), read once per dataset, time expression and
     * filters for the life of the layer, like the range: as runs of consecutive days, so a dataset with a row every day is
     * one row whatever its size. More runs than the executor's row cap (sparse data), or a dialect that cannot say it:
     * null, and the time spine is joined as always.
     */
    private Coverage daysWithRows(QueryPlan.Read read) {
        Dataset d = read.dataset();
        String expr = read.time();
        return censuses.computeIfAbsent(d.name() + "|" + expr + "|" + String.join(" AND ", read.where()), k -> {
            String day, run;
            switch (executor.source().dialect()) {
                case SQLITE -> { day = "date(" + expr + ")"; run = "julianday(d) - row_number() OVER (ORDER BY d)"; }
                case TRINO -> { day = "CAST(" + expr + " AS DATE)"; run = "date_add('day', -row_number() OVER (ORDER BY d), d)"; }
                default -> { day = "CAST(" + expr + " AS DATE)"; run = "d - CAST(row_number() OVER (ORDER BY d) AS INTEGER)"; }
            }
            StringBuilder rows = new StringBuilder("(" + expr + ") IS NOT NULL");
            for (String w : read.where()) rows.append(" AND (").append(w).append(')');
            String sql = "SELECT CAST(min(d) AS VARCHAR), CAST(max(d) AS VARCHAR) FROM (SELECT d, " + run + " AS g FROM (SELECT DISTINCT "
                    + day + " AS d FROM " + d.from("t") + " WHERE " + rows + ") AS x) AS y GROUP BY g";
            try {
                QueryResult r = executor.execute(sql);
                if (r.truncated() || r.rows().isEmpty()) return Optional.empty();
                List<java.time.LocalDate> days = new ArrayList<>();
                for (List<Object> row : r.rows()) {
                    java.time.LocalDate from = java.time.LocalDate.parse(String.valueOf(row.get(0)).substring(0, 10));
                    java.time.LocalDate to = java.time.LocalDate.parse(String.valueOf(row.get(1)).substring(0, 10));
                    for (java.time.LocalDate x = from; !x.isAfter(to); x = x.plusDays(1)) days.add(x);
                }
                java.time.LocalDate first = days.stream().min(java.util.Comparator.naturalOrder()).orElseThrow();
                java.time.LocalDate last = days.stream().max(java.util.Comparator.naturalOrder()).orElseThrow();
                return Optional.of(new Coverage(first, last).withDays(days));
            } catch (RuntimeException e) {
                return Optional.<Coverage>empty(); // the days cannot be read here: every period may lack rows, and the spine is joined
            }
        }).orElse(null);
    }

    /** Most idle question parsers kept for the next questions. */
    private static final int IDLE_PARSERS = 8;
    /** Idle question parsers, of one day: a parser reads the model's phrases on first use, and parses one question at a time. */
    private final java.util.Map<java.time.LocalDate, java.util.Deque<QuestionParser>> parsers = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Runs the work with a question parser for this day, lent for the call and kept for a later one: the model's phrases
     * are read once per parser, not once per question (a server makes an agent per question).
     */
    public <T> T withParser(java.time.LocalDate today, java.util.function.Function<QuestionParser, T> work) {
        java.util.Deque<QuestionParser> idle = parsers.get(today);
        if (idle == null) {
            parsers.keySet().removeIf(day -> !day.equals(today)); // a new day: "last month" means another month
            idle = parsers.computeIfAbsent(today, day -> new java.util.concurrent.ConcurrentLinkedDeque<>());
        }
        QuestionParser parser = idle.pollFirst();
        if (parser == null) parser = new QuestionParser(this, today);
        try {
            return work.apply(parser);
        } finally {
            if (idle.size() < IDLE_PARSERS) idle.offerFirst(parser);
        }
    }

    /** The readings of questions this layer's parsers of the day have read (a new day forgets the others'). */
    Readings readings(java.time.LocalDate today) {
        Readings r = readings.get(today);
        if (r == null) {
            readings.keySet().removeIf(day -> !day.equals(today));
            r = readings.computeIfAbsent(today, day -> new Readings());
        }
        return r;
    }

    private final java.util.Map<java.time.LocalDate, Readings> readings = new java.util.concurrent.ConcurrentHashMap<>();

    /** The canonical metric a semantic metric is the sliceable form of (same name), if any. */
    public Optional<Metric> canonical(String metric) {
        return knowledge.metrics().stream().filter(m -> m.name().equals(metric)).findFirst();
    }

    /** Canonical metrics with no semantic form: they keep their SQL and cannot be sliced. */
    public List<Metric> sqlOnlyMetrics() {
        return knowledge.metrics().stream().filter(m -> model.metric(m.name()).isEmpty()).toList();
    }

    /** Whether a dataset reaches another many-to-one on one shortest path, by "from->to": the same for every metric and dimension. */
    private final java.util.Map<String, Boolean> reaches = new java.util.concurrent.ConcurrentHashMap<>();
    /** Where the pairs are kept between runs, if anywhere. */
    private volatile JoinReachCache reachCache;

    /**
     * Keeps which datasets reach which in this cache between runs: the pairs it holds are read now, and the pairs planned
     * later are written to it. Returns this layer.
     */
    /** Keeps the phrases its parsers look for that depend on the model alone in this cache between runs. Returns this layer. */
    public SemanticLayer keepingPhrases(PhraseCache cache) {
        parserPhrases.keptIn(cache);
        return this;
    }

    public SemanticLayer keepingReaches(JoinReachCache cache) {
        reaches.putAll(cache.read());
        reachCache = cache;
        return this;
    }
    private final java.util.Map<String, List<Dimension>> dimensionsByMetric = new java.util.concurrent.ConcurrentHashMap<>();

    /** The dimensions a metric can be grouped or filtered by: those every one of its facts reaches many-to-one, on one shortest path. */
    public List<Dimension> dimensionsOf(SemanticMetric metric) {
        // identifiers, free text and numbers are attributes, never offered as breakdowns
        return dimensionsByMetric.computeIfAbsent(metric.name(), k -> reached(metric, d -> d.breakdown() && !d.time()));
    }

    /**
     * The identifiers a metric can be grouped by when a question names one ("for each template type code"): those every one
     * of its facts reaches many-to-one, on one shortest path. Never offered, only read.
     */
    public List<Dimension> identifiersOf(SemanticMetric metric) {
        return identifiersByMetric.computeIfAbsent(metric.name(), k -> reached(metric, d -> d.kind() == Dimension.Kind.IDENTIFIER));
    }

    private final java.util.Map<String, List<Dimension>> identifiersByMetric = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The free text a metric's facts reach many-to-one on one shortest path: never a breakdown, but a question may name a
     * record by one of its values ("airports in Aberdeen", a city written as free text).
     */
    public List<Dimension> textsOf(SemanticMetric metric) {
        return textsByMetric.computeIfAbsent(metric.name(), k -> reached(metric, d -> d.kind() == Dimension.Kind.TEXT));
    }

    private final java.util.Map<String, List<Dimension>> textsByMetric = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The numbers a metric's facts reach many-to-one on one shortest path: never a breakdown, but a condition may compare one
     * ("poker players with a height over 200": each player's person's height).
     */
    public List<Dimension> numbersOf(SemanticMetric metric) {
        return numbersByMetric.computeIfAbsent(metric.name(), k -> reached(metric, d -> d.kind() == Dimension.Kind.NUMBER));
    }

    private final java.util.Map<String, List<Dimension>> numbersByMetric = new java.util.concurrent.ConcurrentHashMap<>();



    private List<Dimension> reached(SemanticMetric metric, java.util.function.Predicate<Dimension> kind) {
        {
            int known = reaches.size();
            List<Dimension> out = new ArrayList<>();
            JoinPlanner planner = new JoinPlanner(model);
            // what each fact reaches at all, from one walk: a pair it does not reach is never planned (planning it only to fail
            // would explain the failure, walking the model for every metric: minutes on a model of 1,000 tables)
            Map<String, Set<String>> reachable = new java.util.HashMap<>();
            for (Dimension d : model.dimensions()) {
                if (!kind.test(d)) continue;
                boolean ok = true;
                for (SemanticMetric.Simple s : model.simpleInputs(metric)) {
                    ok = reaches.computeIfAbsent(s.dataset() + "->" + d.dataset(), pair -> {
                        if (!reachable.computeIfAbsent(s.dataset(), planner::reachable).contains(d.dataset())) return false;
                        try {
                            planner.plan(s.dataset(), List.of(new JoinPlanner.Need(d.dataset(), List.of(), "dimension " + d.name())), s.name());
                            return true;
                        } catch (UserError e) {
                            return false;
                        }
                    });
                    if (!ok) break;
                }
                if (ok) out.add(d);
            }
            JoinReachCache cache = reachCache;
            if (cache != null && reaches.size() > known) cache.write(reaches);
            return List.copyOf(out);
        }
    }

    /** The time dimension a metric is measured by (of its first simple input), if any. */
    public Optional<Dimension> timeDimensionOf(SemanticMetric metric) {
        return model.simpleInputs(metric).stream().map(SemanticMetric.Simple::timeDimension).filter(java.util.Objects::nonNull)
                .findFirst().flatMap(model::dimension);
    }

    /** Segments that apply to a metric by default (unless turned off) and those its definition always applies. */
    public List<Segment> segmentsOf(SemanticMetric metric) {
        List<Segment> out = new ArrayList<>();
        for (SemanticMetric.Simple s : model.simpleInputs(metric)) {
            for (String name : s.segments()) model.segment(name).filter(x -> !out.contains(x)).ifPresent(out::add);
            for (Segment seg : model.segments()) if (seg.isDefault() && seg.dataset().equals(s.dataset()) && !out.contains(seg)) out.add(seg);
        }
        return out;
    }

    public SemanticMetric metric(String name) {
        return model.metric(name).orElseThrow(() -> new UserError("unknown metric '" + name + "'"
                + Names.didYouMean(name, allMetricNames())));
    }

    private List<String> allMetricNames() {
        List<String> names = new ArrayList<>(model.metrics().stream().map(SemanticMetric::name).toList());
        sqlOnlyMetrics().forEach(m -> names.add(m.name()));
        return names;
    }
}
