package dev.almanac.semantic;

import dev.almanac.semantic.QueryPlan.Base;
import dev.almanac.semantic.QueryPlan.Compare;
import dev.almanac.semantic.QueryPlan.Condition;
import dev.almanac.semantic.QueryPlan.Join;
import dev.almanac.semantic.QueryPlan.Key;
import dev.almanac.semantic.QueryPlan.Literal;
import dev.almanac.semantic.QueryPlan.Output;
import dev.almanac.semantic.QueryPlan.Read;
import dev.almanac.semantic.QueryPlan.SegmentHolds;
import dev.almanac.source.Dialect;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Writes a {@link QueryPlan} as one SELECT (common table expressions, one per read and aggregation)
 * in the dialect of the source: the only stage of the compiler that knows dialects. What differs:
 * time buckets and shifts, date and boolean literals, median and percentiles, and rounding.
 * Source expressions are copied as written. Trino differs from PostgreSQL's standard SQL in three places: intervals
 * ({@code date_add}), rounding (no NUMERIC type), and percentiles (only approximate ones, so a median is refused).
 */
public final class SqlRenderer {
    private final Dialect dialect;
    /** The source's own dialect: how its engine reads a string literal (backslashes), which the rendering dialect may not say. */
    private final Dialect source;

    /** The grain a simple metric's time is recorded at (its time dimension's), or null. */
    private final java.util.function.Function<SemanticMetric.Simple, Grain> recordedGrain;

    public SqlRenderer(Dialect dialect) {
        this(dialect, m -> null);
    }

    /** @param recordedGrain the grain each simple metric's time is recorded at (a monthly snapshot's month), or null */
    public SqlRenderer(Dialect dialect, java.util.function.Function<SemanticMetric.Simple, Grain> recordedGrain) {
        this.recordedGrain = recordedGrain;
        this.source = dialect;
        // engines without a rendering of their own get PostgreSQL's standard SQL, as OTHER always did
        this.dialect = dialect == Dialect.DUCKDB || dialect == Dialect.SQLITE || dialect == Dialect.TRINO ? dialect : Dialect.POSTGRES;
    }

    /** Per render: the CTEs of the aggregated bases, in order, and where each base's value is read (by base id). */
    private final List<String> sources = new ArrayList<>();
    private final java.util.Map<String, String> valueRefs = new java.util.HashMap<>();
    /** Per render: the bases joined to the spine, each once. */
    private final List<SpineJoin> spineJoins = new ArrayList<>();
    /**
     * Per render: the bases joined to the spine (by alias) whose aggregate surely has a row in every period of the spine:
     * the census of their read's days says so, and no condition on a joined dataset removes rows after it.
     */
    private final java.util.Set<String> rowsEveryPeriod = new java.util.HashSet<>();

    /**
     * A base joined to the time spine: the relation ({@code b0}, or {@code b0 AS b1} for a shifted twin read with it), its
     * alias, and its period ({@code b1.k0} moved by its offset) that meets the spine's.
     */
    private record SpineJoin(String relation, String alias, String period, Offset offset) {
        String on(String to) {
            return relation + " ON " + period + " = " + to;
        }

        boolean shifted() {
            return !offset.isNone();
        }
    }

    public String render(QueryPlan plan) {
        List<String> ctes = new ArrayList<>();
        int keyCount = plan.keys().size();
        sources.clear();
        valueRefs.clear();
        spineJoins.clear();
        rowsEveryPeriod.clear();
        java.util.Set<String> census = plan.spine() == null ? java.util.Set.of() : plan.spine().rowsEveryPeriod();
        boolean byTimeOverTheSpine = plan.spine() != null && keyCount == 1 && plan.keys().get(0).isTime();
        List<List<Base>> groups = oneReadEach(plan.bases());
        List<Base> alone = groups.stream().filter(g -> g.size() == 1).map(g -> g.get(0)).toList();
        for (List<Base> group : groups) {
            Base b = group.get(0);
            if (b.accumulation() != null) { // a cumulative metric's own CTEs, ending in <id> with the keys and v like any base
                accumulate(b, plan.keys(), ctes);
                sources.add(b.id());
                valueRefs.put(b.id(), b.id() + ".v");
                spineJoins.add(new SpineJoin(b.id(), b.id(), b.id() + ".k0", Offset.NONE));
                continue;
            }
            List<Base> twins = byTimeOverTheSpine && group.size() == 1 ? shiftedTwins(b, alone) : List.of();
            if (twins.size() > 1 && twins.get(0) != b) continue; // read with its first twin
            sources.add(b.id());
            if (twins.size() > 1) {
                for (Base t : twins) if (b.where().isEmpty() && census.contains(t.id())) rowsEveryPeriod.add(t.id());
                Base unshifted = new Base(b.id(), b.metric(), Offset.NONE, b.fact(), b.joins(), b.where(), b.grain(), null);
                ctes.add(b.id() + "_fact AS (\n  " + read(withoutDivisor(b.metric(), overTheirPeriods(twins)), true) + "\n)");
                ctes.add(b.id() + " AS (\n  " + aggregateAlone(unshifted, plan.keys()) + "\n)");
                for (Base t : twins) {
                    valueRefs.put(t.id(), t.id() + ".v");
                    String k0 = t.offset().isNone() ? t.id() + ".k0" : shift(t.id() + ".k0", t.offset());
                    spineJoins.add(new SpineJoin(t == b ? b.id() : b.id() + " AS " + t.id(), t.id(), k0, t.offset()));
                }
                continue;
            }
            spineJoins.add(new SpineJoin(b.id(), b.id(), b.id() + ".k0", Offset.NONE));
            if (group.size() > 1) {
                // the group's rows are those any of its bases reads
                if (b.where().isEmpty() && group.stream().anyMatch(m -> census.contains(m.id()))) rowsEveryPeriod.add(b.id());
                ctes.add(b.id() + "_fact AS (\n  " + sharedRead(group) + "\n)");
                List<String> aggs = new ArrayList<>();
                for (Base m : group) {
                    aggs.add(sharedAgg(m, commonFilters(group), keyCount > 0) + " AS v_" + m.id());
                    valueRefs.put(m.id(), b.id() + ".v_" + m.id());
                }
                ctes.add(b.id() + " AS (\n  " + aggregate(b, plan.keys(), aggs) + "\n)");
                continue;
            }
            valueRefs.put(b.id(), b.id() + ".v");
            if (b.where().isEmpty() && census.contains(b.id())) rowsEveryPeriod.add(b.id());
            ctes.add(b.id() + "_fact AS (\n  " + read(b.snapshotPick() == null ? withoutDivisor(b.metric(), b.fact()) : b.fact(), true) + "\n)");
            if (b.snapshotPick() != null) {
                String bucket = b.grain() == null ? null : bucket("__t", b.grain(), b.offset());
                ctes.add(b.id() + "_snapshot AS (\n  SELECT " + b.snapshotPick() + "(__t) AS __t FROM " + b.id() + "_fact"
                        + (bucket == null ? "" : " GROUP BY " + bucket) + "\n)");
            }
            ctes.add(b.id() + " AS (\n  " + (b.snapshotPick() == null ? aggregateAlone(b, plan.keys())
                    : aggregate(b, plan.keys(), List.of(agg(b.metric()) + " AS v"))) + "\n)");
        }
        if (plan.gaps() != null) return gaps(plan, ctes);
        String from;
        List<String> keyRefs = new ArrayList<>();
        SpineJoin withRows = rowsEveryPeriod(plan);
        if (withRows != null) {
            from = withoutTheSpine(plan, withRows, keyRefs);
        } else if (plan.spine() != null) {
            ctes.add(spine(plan.spine()));
            from = spineFrom(plan, ctes, keyRefs);
        } else if (sources.size() == 1) {
            from = sources.get(0);
            for (int i = 0; i < keyCount; i++) keyRefs.add(from + ".k" + i);
        } else if (keyCount == 0) {
            from = String.join(" CROSS JOIN ", sources);
        } else if (plan.rowsDrive()) { // the rows listed are the first base's; the others' values joined to them
            String rows = sources.get(0);
            StringBuilder f = new StringBuilder(rows);
            for (String id : sources.subList(1, sources.size())) {
                StringJoiner on = new StringJoiner(" AND ");
                for (int i = 0; i < keyCount; i++) on.add(nullSafeEquals(id + ".k" + i, rows + ".k" + i));
                f.append("\n  LEFT JOIN ").append(id).append(" ON ").append(on);
            }
            from = f.toString();
            for (int i = 0; i < keyCount; i++) keyRefs.add(rows + ".k" + i);
        } else {
            StringJoiner union = new StringJoiner("\n  UNION\n  ");
            String cols = String.join(", ", range(keyCount, "k"));
            for (String id : sources) union.add("SELECT " + cols + " FROM " + id);
            ctes.add("answer_keys AS (\n  " + union + "\n)");
            StringBuilder f = new StringBuilder("answer_keys");
            for (String id : sources) {
                StringJoiner on = new StringJoiner(" AND ");
                for (int i = 0; i < keyCount; i++) on.add(nullSafeEquals(id + ".k" + i, "answer_keys.k" + i));
                f.append("\n  LEFT JOIN ").append(id).append(" ON ").append(on);
            }
            from = f.toString();
            for (int i = 0; i < keyCount; i++) keyRefs.add("answer_keys.k" + i);
        }
        StringJoiner select = new StringJoiner(",\n    ");
        for (int i = 0; i < keyCount; i++) select.add(keyRefs.get(i) + " AS " + quote(plan.keys().get(i).name()));
        for (Output o : plan.outputs()) select.add((wholeCount(o, plan) ? values(o.expr(), plan) : round(values(o.expr(), plan), o.decimals())) + " AS " + quote(o.name()));
        return finish(plan, ctes, keyCount, "SELECT " + select + "\n  FROM " + from);
    }

    /**
     * The base the answer can be read from without the time spine, because joining the spine would add no row: the one
     * aggregated base (with its shifted twins) has a row in every period of the spine, and no period would show the fill
     * for being uncovered. Null otherwise.
     */
    private SpineJoin rowsEveryPeriod(QueryPlan plan) {
        QueryPlan.Spine spine = plan.spine();
        if (spine == null || sources.size() != 1) return null;
        if (spine.fills().keySet().stream().anyMatch(id -> !coveredThroughout(spine, id))) return null;
        return spineJoins.stream().filter(j -> !j.shifted() && rowsEveryPeriod.contains(j.alias())).findFirst().orElse(null);
    }

    /**
     * The FROM of an answer whose every period holds rows: the base itself, its shifted twins joined to it on their period
     * (one period back: the row before, when it is that period, as a hand-written {@code lag} reads it), and (with twins,
     * whose base reads the periods they need too) only the periods of the spine. The same rows as over the spine, without
     * joining it: on a small table, joining the spine is most of a query's time.
     */
    private String withoutTheSpine(QueryPlan plan, SpineJoin base, List<String> keyRefs) {
        String k0 = base.alias() + ".k0";
        String order = " OVER (ORDER BY " + k0 + ")";
        StringJoiner lagged = new StringJoiner(", ");
        List<SpineJoin> joined = new ArrayList<>();
        for (SpineJoin j : spineJoins) {
            if (j == base) continue;
            if (!oneBucketBack(j.offset(), plan)) {
                joined.add(j);
                continue;
            }
            // the window runs over every period the base read, before the answer keeps those of the spine
            lagged.add("CASE WHEN " + shift("lag(" + k0 + ")" + order, j.offset()) + " = " + k0 + " THEN lag(" + base.alias() + ".v)" + order
                    + " END AS v_" + j.alias());
            valueRefs.put(j.alias(), base.alias() + ".v_" + j.alias());
        }
        StringBuilder f = new StringBuilder(lagged.length() == 0 ? base.relation()
                : "(SELECT " + base.alias() + ".*, " + lagged + " FROM " + base.relation() + ") AS " + base.alias());
        for (SpineJoin j : joined) f.append("\n  LEFT JOIN ").append(j.on(k0));
        if (spineJoins.size() > 1) {
            List<java.time.LocalDate> periods = plan.spine().periods();
            f.append("\n  WHERE ").append(base.alias()).append(".k0 BETWEEN ").append(date(periods.get(0)))
                    .append(" AND ").append(date(periods.get(periods.size() - 1)));
        }
        keyRefs.add(k0);
        for (int i = 1; i < plan.keys().size(); i++) keyRefs.add(sources.get(0) + ".k" + i);
        return f.toString();
    }

    /** Whether an offset moves each period of the spine's grain onto the next one (a month back by month, a week by week). */
    private static boolean oneBucketBack(Offset offset, QueryPlan plan) {
        Grain grain = plan.keys().get(0).grain();
        if (grain == null || offset.isNone()) return false;
        for (java.time.LocalDate p : plan.spine().periods()) {
            java.time.LocalDate earlier = offset.before(p);
            if (!grain.start(earlier).equals(earlier) || !grain.next(earlier).equals(p)) return false;
        }
        return true;
    }

    /** The answer's filter on metrics, order and limit, over the {@code answer} CTE. */
    /**
     * The answer's SELECT ({@code answer}) after the CTEs, with its filters on metrics, order and limit: read as it is when
     * nothing is taken of it by name, else as the CTE {@code answer} (one layer less to plan on a small query).
     */
    private String finish(QueryPlan plan, List<String> ctes, int keyCount, String answer) {
        boolean hides = plan.keys().stream().anyMatch(Key::isHidden) || plan.outputs().stream().anyMatch(Output::hidden);
        boolean ties = plan.ties() && plan.limit() != null && !plan.order().isEmpty();
        // a ranking names values: "which campaign brought the most leads" is a campaign, never the rows that have none
        List<String> known = new ArrayList<>();
        if (plan.limit() != null && !plan.order().isEmpty() && plan.keys().stream().noneMatch(k -> k.name().startsWith(SemanticCompiler.RECORD_KEY))) {
            for (Key k : plan.keys().subList(0, keyCount)) if (!k.isHidden() && k.dimension() != null) known.add(quote(k.name()) + " IS NOT NULL");
        }
        boolean asItIs = plan.having().isEmpty() && !hides && !ties && known.isEmpty();
        if (!asItIs) ctes.add("answer AS (\n  " + answer + "\n)");
        boolean toldApart = plan.keys().stream().anyMatch(Key::isIdentity);
        String where = "";
        if (!plan.having().isEmpty() || !known.isEmpty()) {
            StringJoiner conditions = new StringJoiner(" AND ");
            for (Condition c : plan.having()) conditions.add(condition(c));
            known.forEach(conditions::add);
            where = "\nWHERE " + conditions;
        }
        StringJoiner asked = new StringJoiner(", ");
        StringJoiner order = new StringJoiner(", ");
        if (!plan.order().isEmpty()) {
            java.util.Set<String> ordered = new java.util.HashSet<>();
            for (SemanticQuery.Order o : plan.order()) {
                asked.add(quote(o.field()) + (o.descending() ? " DESC" : " ASC") + " NULLS LAST");
                order.add(quote(o.field()) + (o.descending() ? " DESC" : " ASC") + " NULLS LAST");
                ordered.add(o.field());
            }
            // ties are broken by the keys, so that a ranking's rows (and a LIMIT's cut) are the same on every run and engine;
            // records by their own key first, the order they are kept in, as a table read in its key's order gives them
            List<Key> breakers = new ArrayList<>(plan.keys().subList(0, keyCount));
            breakers.sort(java.util.Comparator.comparing(k -> !k.name().startsWith(SemanticCompiler.RECORD_KEY)));
            for (Key k : breakers) {
                if (ordered.add(k.name())) order.add(quote(k.name()) + " ASC NULLS LAST");
            }
        }
        String orderBy = order.length() == 0 ? "" : "\nORDER BY " + order;
        if (toldApart && (plan.limit() != null || !where.isEmpty())) {
            // two records of one name are told apart among the rows the answer keeps, never by others left out of it: the rows
            // kept first (the filter, the ranking's rows or the limit), then their names
            String kept = ties ? "SELECT * FROM (SELECT *, rank() OVER (ORDER BY " + asked + ") AS answer_rank FROM answer" + where
                    + ") AS answer_ranked\n  WHERE answer_rank <= " + plan.limit()
                    : "SELECT * FROM answer" + where + orderBy + (plan.limit() == null ? "" : "\n  LIMIT " + plan.limit());
            ctes.add("answer_kept AS (\n  " + kept + "\n)");
            String shown = shownColumns(plan, ctes, "answer_kept");
            StringBuilder sql = new StringBuilder("WITH ").append(String.join(",\n", ctes)).append("\n");
            sql.append("SELECT ").append(shown).append(orderBy);
            return dialect == Dialect.TRINO ? decimalsAsDoubles(sql.toString()) : sql.toString();
        }
        String shown = asItIs ? null : shownColumns(plan, ctes, "answer");
        StringBuilder sql = new StringBuilder("WITH ").append(String.join(",\n", ctes)).append("\n");
        if (asItIs) {
            sql.append(answer).append(orderBy).append(plan.limit() == null ? "" : "\nLIMIT " + plan.limit());
        } else if (ties) { // the rows ranked within the limit by the order asked: every row tied with the last one kept too
            int at = shown.lastIndexOf(" FROM ");
            String[] columnsFrom = {shown.substring(0, at), shown.substring(at + " FROM ".length())};
            if (columnsFrom[0].equals("*")) { // every column of the answer, not its rank
                StringJoiner all = new StringJoiner(", ");
                plan.keys().forEach(k -> all.add(quote(k.name())));
                plan.outputs().forEach(o -> all.add(quote(o.name())));
                columnsFrom[0] = all.toString();
            }
            sql.append("SELECT ").append(columnsFrom[0]).append(" FROM (SELECT *, rank() OVER (ORDER BY ").append(asked).append(") AS answer_rank FROM ")
                    .append(columnsFrom[1]).append(where).append(") AS answer_ranked\nWHERE answer_rank <= ").append(plan.limit()).append(orderBy);
        } else {
            sql.append("SELECT ").append(shown).append(where).append(orderBy).append(plan.limit() == null ? "" : "\nLIMIT " + plan.limit());
        }
        return dialect == Dialect.TRINO ? decimalsAsDoubles(sql.toString()) : sql.toString();
    }

    /**
     * With the hidden key of an entity whose label is grouped by: a CTE {@code answer_shown} where a label two keys share
     * reads with its key ("Alex Kim (#12)", "Alex Kim (#31)") and any other as it is; returns the columns shown and the
     * FROM (null when no key is hidden: the answer is shown as it is).
     */
    private static String shownColumns(QueryPlan plan, List<String> ctes, String from) {
        List<Key> keys = plan.keys();
        if (keys.stream().noneMatch(Key::isIdentity)) { // the columns shown, of the answer as it is
            StringJoiner shown = new StringJoiner(", ");
            boolean hides = false;
            for (Key k : keys) {
                if (k.isHidden()) hides = true;
                else shown.add(quote(k.name()));
            }
            for (Output o : plan.outputs()) {
                if (o.hidden()) hides = true;
                else shown.add(quote(o.name()));
            }
            return (hides ? shown.toString() : "*") + " FROM " + from;
        }
        StringJoiner all = new StringJoiner(",\n    ");
        StringJoiner shown = new StringJoiner(", ");
        for (int i = 0; i < keys.size(); i++) {
            String name = quote(keys.get(i).name());
            if (keys.get(i).isHidden()) {
                all.add(name);
                continue;
            }
            if (i + 1 < keys.size() && keys.get(i + 1).isIdentity()) {
                String key = quote(keys.get(i + 1).name());
                String others = " OVER (PARTITION BY " + name + ")";
                all.add("CASE WHEN MIN(" + key + ")" + others + " = MAX(" + key + ")" + others + " THEN " + name
                        + " ELSE " + name + " || ' (#' || CAST(" + key + " AS VARCHAR) || ')' END AS " + name);
            } else {
                all.add(name);
            }
            shown.add(name);
        }
        for (Output o : plan.outputs()) {
            all.add(quote(o.name()));
            if (!o.hidden()) shown.add(quote(o.name()));
        }
        ctes.add("answer_shown AS (\n  SELECT " + all + "\n  FROM " + from + "\n)");
        return shown + " FROM answer_shown";
    }

    private static final java.util.regex.Pattern QUOTED_OR_DECIMAL = java.util.regex.Pattern.compile(
            "'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|(?<![\\w.])(\\d+\\.\\d*|\\.\\d+)(?![\\w.])");

    /**
     * Trino reads 100.0 as a DECIMAL with one decimal place and keeps the larger scale of the two in a quotient, so the
     * model's "mrr_cents / 100.0" would lose its cents (123.45 became 123.5 in TrinoBench); as the other engines do, the
     * literal is a double there. Strings and quoted names are left alone; exponents (1.0E0) already are doubles.
     */
    static String decimalsAsDoubles(String sql) {
        java.util.regex.Matcher m = QUOTED_OR_DECIMAL.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement = m.group(1) == null ? m.group() : "DOUBLE '" + m.group(1) + "'";
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Whether the data of a filled base covers every period of the spine (then no flag says which it covers). */
    private static boolean coveredThroughout(QueryPlan.Spine spine, String id) {
        List<Boolean> flags = spine.covered().get(id);
        return flags != null && !flags.contains(false);
    }

    /** The time spine as a CTE of literal rows: the period's first day as {@code k0}, and 1 or 0 per filled base for whether it is covered. */
    private String spine(QueryPlan.Spine spine) {
        List<String> columns = new ArrayList<>(List.of("k0"));
        List<String> flagged = spine.covered().keySet().stream().sorted().filter(id -> !coveredThroughout(spine, id)).toList();
        flagged.forEach(id -> columns.add("c_" + id));
        StringJoiner rows = new StringJoiner(",\n    ");
        for (int i = 0; i < spine.periods().size(); i++) {
            StringJoiner row = new StringJoiner(", ", "(", ")");
            row.add(literal(new Literal(Literal.Type.DATE, spine.periods().get(i).toString())));
            for (String id : flagged) row.add(spine.covered().get(id).get(i) ? "1" : "0");
            rows.add(row.toString());
        }
        return "answer_spine(" + String.join(", ", columns) + ") AS (\n  VALUES " + rows + "\n)";
    }

    /**
     * The FROM of an answer over the time spine. By time alone, or one metric with a breakdown: the spine, with each base
     * joined to it on time, so a period with rows gives its rows and a period with none gives one row with an empty
     * breakdown; each base is read once (MetricFlow joins the spine on time alone, so it does not multiply the groups by
     * the periods). Several metrics with a breakdown: the keys of the bases' rows, and each period of the spine no base
     * has a row in, once.
     */
    private String spineFrom(QueryPlan plan, List<String> ctes, List<String> keyRefs) {
        int keyCount = plan.keys().size();
        if (keyCount == 1 || sources.size() == 1) {
            StringBuilder f = new StringBuilder("answer_spine");
            for (SpineJoin join : spineJoins) f.append("\n  LEFT JOIN ").append(join.on("answer_spine.k0"));
            keyRefs.add("answer_spine.k0");
            for (int i = 1; i < keyCount; i++) keyRefs.add(sources.get(0) + ".k" + i);
            return f.toString();
        }
        StringJoiner union = new StringJoiner("\n  UNION\n  ");
        String cols = String.join(", ", range(keyCount, "k"));
        for (String id : sources) union.add("SELECT " + cols + " FROM " + id);
        StringJoiner empty = new StringJoiner(", ");
        empty.add("answer_spine.k0");
        for (int i = 1; i < keyCount; i++) empty.add("NULL");
        StringJoiner none = new StringJoiner(" AND ");
        for (String id : sources) none.add("NOT EXISTS (SELECT 1 FROM " + id + " WHERE " + id + ".k0 = answer_spine.k0)");
        union.add("SELECT " + empty + " FROM answer_spine WHERE " + none);
        ctes.add("answer_keys AS (\n  " + union + "\n)");
        StringBuilder f = new StringBuilder("answer_keys\n  JOIN answer_spine ON answer_spine.k0 = answer_keys.k0");
        for (String id : sources) {
            StringJoiner on = new StringJoiner(" AND ");
            for (int i = 0; i < keyCount; i++) on.add(nullSafeEquals(id + ".k" + i, "answer_keys.k" + i));
            f.append("\n  LEFT JOIN ").append(id).append(" ON ").append(on);
        }
        for (int i = 0; i < keyCount; i++) keyRefs.add("answer_keys.k" + i);
        return f.toString();
    }

    /** The periods (the first days listed in the plan) that no row of the one base falls in, in order. */
    private String gaps(QueryPlan plan, List<String> ctes) {
        StringJoiner periods = new StringJoiner("\n  UNION ALL ");
        for (java.time.LocalDate d : plan.gaps()) periods.add("SELECT " + literal(new Literal(Literal.Type.DATE, d.toString())) + " AS k0");
        ctes.add("answer_periods AS (\n  " + periods + "\n)");
        String base = plan.bases().get(0).id();
        String key = quote(plan.keys().get(0).name());
        ctes.add("answer AS (\n  SELECT p.k0 AS " + key + "\n  FROM answer_periods AS p\n  WHERE NOT EXISTS (SELECT 1 FROM " + base + " WHERE " + base + ".k0 = p.k0)\n)");
        String sql = "WITH " + String.join(",\n", ctes) + "\nSELECT * FROM answer\nORDER BY " + key + " ASC";
        return dialect == Dialect.TRINO ? decimalsAsDoubles(sql) : sql;
    }

    /**
     * The bases in groups that read the same rows of the same dataset (same period, offset, joins and conditions on them),
     * differing only in their measure and their own filters: each group is read and aggregated once, as a hand-written
     * ratio of two counts of one table is ({@code count(*) FILTER (...) / count(*)}). Snapshots and percentiles stay alone.
     */
    private static List<List<Base>> oneReadEach(List<Base> bases) {
        List<List<Base>> groups = new ArrayList<>();
        for (Base b : bases) {
            List<Base> joined = null;
            if (sharable(b)) {
                for (List<Base> g : groups) {
                    if (sharable(g.get(0)) && sameRowsRead(g.get(0), b)) {
                        joined = g;
                        break;
                    }
                }
            }
            if (joined != null) joined.add(b);
            else groups.add(new ArrayList<>(List.of(b)));
        }
        return groups;
    }

    /**
     * The bases that are one metric read at several offsets (this one among them), each by whole buckets of the grain over
     * a period of whole buckets, in plan order: by time alone over the spine they are read once over all their periods,
     * bucketed once, and joined to the spine each at its shift (a month-over-month change reads its months once, as a
     * hand-written {@code lag} does). Only this base when it has no twin.
     */
    private static List<Base> shiftedTwins(Base b, List<Base> bases) {
        List<Base> twins = new ArrayList<>();
        if (!readsWholeBuckets(b)) return twins;
        for (Base o : bases) {
            if (readsWholeBuckets(o) && o.metric().equals(b.metric()) && o.fact().dataset().equals(b.fact().dataset())
                    && java.util.Objects.equals(o.fact().measure(), b.fact().measure()) && java.util.Objects.equals(o.fact().time(), b.fact().time())
                    && o.fact().where().equals(b.fact().where()) && o.fact().keyColumns().equals(b.fact().keyColumns())
                    && o.fact().dimensions().equals(b.fact().dimensions()) && o.joins().equals(b.joins()) && o.where().equals(b.where())) {
                twins.add(o);
            }
        }
        return twins;
    }

    private static boolean readsWholeBuckets(Base b) {
        Grain g = b.grain();
        Read r = b.fact();
        return g != null && b.snapshotPick() == null && b.accumulation() == null && r.from() != null && r.to() != null && g.start(r.from()).equals(r.from())
                && g.start(r.to()).equals(r.to()) && shiftsWholeBuckets(g, b.offset());
    }

    /** The read of twins over all their periods (they touch or overlap, as a metric and its earlier periods do). */
    private static Read overTheirPeriods(List<Base> twins) {
        Read r = twins.get(0).fact();
        LocalDate from = r.from(), to = r.to();
        for (Base t : twins) {
            if (t.fact().from().isBefore(from)) from = t.fact().from();
            if (t.fact().to().isAfter(to)) to = t.fact().to();
        }
        return new Read(r.dataset(), r.measure(), r.time(), from, to, r.keyColumns(), r.dimensions(), r.flaggedSegments(), r.where());
    }

    private static boolean sharable(Base b) {
        return b.snapshotPick() == null && b.accumulation() == null && b.metric().agg() != SemanticMetric.Agg.MEDIAN && b.metric().agg() != SemanticMetric.Agg.PERCENTILE;
    }

    private static boolean sameRowsRead(Base a, Base b) {
        Read x = a.fact(), y = b.fact();
        return x.dataset().equals(y.dataset()) && java.util.Objects.equals(x.time(), y.time()) && java.util.Objects.equals(x.from(), y.from())
                && java.util.Objects.equals(x.to(), y.to()) && x.keyColumns().equals(y.keyColumns()) && x.dimensions().equals(y.dimensions())
                && x.flaggedSegments().equals(y.flaggedSegments()) && a.joins().equals(b.joins()) && a.where().equals(b.where())
                && a.offset().equals(b.offset()) && java.util.Objects.equals(a.grain(), b.grain());
    }

    /** The filters of a base that not every base of its group has. */
    private static List<String> ownFilters(Base b, List<String> common) {
        return b.fact().where().stream().filter(w -> !common.contains(w)).toList();
    }

    private static List<String> commonFilters(List<Base> group) {
        List<String> common = new ArrayList<>(group.get(0).fact().where());
        for (Base b : group) common.retainAll(b.fact().where());
        return common;
    }

    /**
     * The read of a group of bases: each base's measure as {@code __v_<id>} and, where it has filters of its own, whether
     * a row passes them as {@code __w_<id>} (1 or 0); the rows any base keeps.
     */
    private String sharedRead(List<Base> group) {
        List<String> common = commonFilters(group);
        Read r = group.get(0).fact();
        StringJoiner cols = new StringJoiner(", ");
        boolean everyRow = false;
        StringJoiner any = new StringJoiner(" OR ");
        for (Base b : group) {
            if (b.fact().measure() != null) cols.add("(" + b.fact().measure() + ") AS __v_" + b.id());
            List<String> own = ownFilters(b, common);
            if (own.isEmpty()) {
                everyRow = true;
                continue;
            }
            String holds = own.stream().map(w -> "(" + w + ")").collect(java.util.stream.Collectors.joining(" AND "));
            cols.add("CASE WHEN " + holds + " THEN 1 ELSE 0 END AS __w_" + b.id());
            any.add("(" + holds + ")");
        }
        Read shared = new Read(r.dataset(), null, r.time(), r.from(), r.to(), r.keyColumns(), r.dimensions(), r.flaggedSegments(), common);
        String sql = read(shared, true);
        if (cols.length() > 0) { // the measures and flags, then what the read projects of its own (if anything)
            String own = sql.substring("SELECT ".length());
            sql = "SELECT " + cols + (own.startsWith("1 AS __one FROM ") ? own.substring("1 AS __one".length()) : ", " + own);
        }
        if (!everyRow) sql += (common.isEmpty() && r.from() == null ? " WHERE " : " AND ") + "(" + any + ")";
        return sql;
    }

    /**
     * A base's aggregate over its group's shared read: over its own rows only. Grouped, a count is no data (null) in a
     * group none of its rows is in, as it is when the base is read alone (the group is then not among its rows).
     */
    private String sharedAgg(Base b, List<String> common, boolean grouped) {
        SemanticMetric.Simple m = b.metric();
        String v = "f.__v_" + b.id();
        if (ownFilters(b, common).isEmpty()) return agg(m, v); // every row of the shared read is its own
        String flag = "f.__w_" + b.id();
        String own = "CASE WHEN " + flag + " = 1 THEN " + v + " END";
        return switch (m.agg()) {
            case COUNT, COUNT_DISTINCT -> {
                String counted = m.agg() == SemanticMetric.Agg.COUNT && m.expr() == null ? "count(CASE WHEN " + flag + " = 1 THEN 1 END)" : agg(m, own);
                if (!grouped) yield counted;
                // a group none of whose rows passes is no data, as a base read alone has no row for it; a count of rows is
                // 0 exactly then, so NULLIF says it without a second aggregate
                yield m.agg() == SemanticMetric.Agg.COUNT && m.expr() == null ? "NULLIF(" + counted + ", 0)"
                        : "CASE WHEN max(" + flag + ") = 1 THEN " + counted + " END";
            }
            default -> agg(m, own);
        };
    }

    /** A dataset read in a subquery: what it projects and (for the facts) the rows it keeps. */
    private String read(Read r, boolean fact) {
        StringJoiner cols = new StringJoiner(", ");
        if (r.measure() != null) cols.add("(" + r.measure() + ") AS __v");
        if (r.time() != null) cols.add("(" + r.time() + ") AS __t");
        for (String c : r.keyColumns()) cols.add(c + " AS __c_" + c);
        for (Dimension d : r.dimensions()) cols.add("(" + d.expr() + ") AS " + quote(d.name()));
        for (Segment s : r.flaggedSegments()) cols.add("CASE WHEN (" + s.expr() + ") THEN 1 ELSE 0 END AS __s_" + s.name());
        if (cols.length() == 0) cols.add("1 AS __one");
        StringBuilder sql = new StringBuilder("SELECT ").append(cols).append(" FROM ").append(r.dataset().from("t"));
        List<String> where = new ArrayList<>();
        for (String w : r.where()) where.add("(" + w + ")");
        if (fact && r.from() != null) {
            where.add("(" + r.time() + ") >= " + literal(new Literal(Literal.Type.DATE, r.from().toString())));
            where.add("(" + r.time() + ") < " + literal(new Literal(Literal.Type.DATE, r.to().toString())));
        }
        if (!where.isEmpty()) sql.append(" WHERE ").append(String.join(" AND ", where));
        return sql.toString();
    }

    /** A measure that is a column over a constant ({@code mrr_cents / 100.0}): summed, the column is summed and divided once. */
    private static final java.util.regex.Pattern OVER_A_CONSTANT =
            java.util.regex.Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*/\\s*(\\d+\\.\\d+)\\s*");

    private static java.util.regex.Matcher divided(SemanticMetric.Simple m, String measure) {
        if (measure == null || (m.agg() != SemanticMetric.Agg.SUM && m.agg() != SemanticMetric.Agg.AVG)) return null;
        java.util.regex.Matcher x = OVER_A_CONSTANT.matcher(measure);
        return x.matches() && new java.math.BigDecimal(x.group(2)).signum() != 0 ? x : null;
    }

    /** A base's read with a measure over a constant read as its column (the constant divides the aggregate). */
    private static Read withoutDivisor(SemanticMetric.Simple m, Read r) {
        java.util.regex.Matcher div = divided(m, r.measure());
        return div == null ? r : new Read(r.dataset(), div.group(1), r.time(), r.from(), r.to(), r.keyColumns(), r.dimensions(), r.flaggedSegments(), r.where());
    }

    /**
     * One base aggregated alone (no snapshot to pick). A sum or an average of a column over a constant takes the column's
     * and divides once. By a time recorded by month, quarter or year (a monthly snapshot), the rows are first
     * aggregated by their time as it is, then by its bucket: the bucket is taken once per time, not once per row; sums,
     * counts, minimums and maximums add up exactly from the first aggregates, whatever day the data records.
     */
    private String aggregateAlone(Base b, List<Key> keys) {
        SemanticMetric.Simple m = b.metric();
        java.util.regex.Matcher div = divided(m, b.fact().measure());
        String divisor = div == null ? "" : " / " + div.group(2);
        Key time = keys.stream().filter(Key::isTime).findFirst().orElse(null);
        Grain recorded = recordedGrain.apply(m);
        boolean twice = time != null && recorded != null && recorded != Grain.DAY && time.grain().isMultipleOf(recorded)
                && (m.agg() == SemanticMetric.Agg.SUM || m.agg() == SemanticMetric.Agg.COUNT || m.agg() == SemanticMetric.Agg.MIN
                || m.agg() == SemanticMetric.Agg.MAX);
        if (!twice) return aggregate(b, keys, List.of(agg(m) + divisor + " AS v"));
        // the first aggregation: by the time as read and the other keys
        StringJoiner inner = new StringJoiner(", ");
        List<String> innerGroups = new ArrayList<>(List.of("f.__t"));
        inner.add("f.__t");
        for (int i = 0; i < keys.size(); i++) {
            Key k = keys.get(i);
            if (k.isTime()) continue;
            String ref = dimensionRef(b, k.dimension());
            inner.add(ref + " AS k" + i);
            innerGroups.add(ref);
        }
        inner.add(agg(m) + " AS a");
        String first = aggregate(b, List.of(), List.of()).replaceFirst("^SELECT ", "SELECT " + java.util.regex.Matcher.quoteReplacement(inner.toString()))
                + "\n  GROUP BY " + String.join(", ", innerGroups);
        Base over = new Base(b.id(), m, b.offset(), b.fact(), List.of(), List.of(), b.grain(), null);
        String outerAgg = switch (m.agg()) {
            case SUM -> "sum(f.a)" + divisor;
            case COUNT -> "CAST(sum(f.a) AS BIGINT)";
            default -> m.agg().name().toLowerCase(java.util.Locale.ROOT) + "(f.a)";
        };
        StringJoiner select = new StringJoiner(", ");
        List<String> groups = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            Key k = keys.get(i);
            if (k.isTime()) {
                boolean whole = !b.offset().isNone() && shiftsWholeBuckets(k.grain(), b.offset());
                String bucket = bucket("f.__t", k.grain(), whole ? Offset.NONE : b.offset());
                select.add((whole ? shift(bucket, b.offset()) : bucket) + " AS k" + i);
                groups.add(bucket);
            } else {
                select.add("f.k" + i + " AS k" + i);
                groups.add("f.k" + i);
            }
        }
        select.add(outerAgg + " AS v");
        return "SELECT " + select + "\n  FROM (" + first + ") AS f\n  GROUP BY " + String.join(", ", groups);
    }

    /** {@code agg} null: the measure itself as {@code v}, grouped by (each distinct value once, for a distinct count later). */
    private String aggregate(Base b, List<Key> keys, String agg) {
        return agg == null ? aggregate(b, keys, List.of("f.__v AS v"), List.of("f.__v")) : aggregate(b, keys, List.of(agg + " AS v"), List.of());
    }

    private String aggregate(Base b, List<Key> keys, List<String> aggs) {
        return aggregate(b, keys, aggs, List.of());
    }

    /** The base's facts (and joins, conditions) grouped by the keys and {@code groupsToo}, selecting the keys and {@code aggs}. */
    private String aggregate(Base b, List<Key> keys, List<String> aggs, List<String> groupsToo) {
        List<String> groups = new ArrayList<>();
        StringJoiner select = new StringJoiner(", ");
        for (int i = 0; i < keys.size(); i++) {
            Key k = keys.get(i);
            if (k.isTime() && !b.offset().isNone() && shiftsWholeBuckets(k.grain(), b.offset())) {
                // bucketed as read, then each group's bucket shifted: one date sum per group, not a timestamp sum per row
                String bucket = bucket("f.__t", k.grain(), Offset.NONE);
                select.add(shift(bucket, b.offset()) + " AS k" + i);
                groups.add(bucket);
                continue;
            }
            String expr = k.isTime() ? bucket("f.__t", k.grain(), b.offset()) : dimensionRef(b, k.dimension());
            select.add(expr + " AS k" + i);
            groups.add(expr);
        }
        aggs.forEach(select::add);
        groups.addAll(groupsToo);
        StringBuilder sql = new StringBuilder("SELECT ").append(select).append("\n  FROM ").append(b.id()).append("_fact AS f");
        if (b.snapshotPick() != null) sql.append("\n  JOIN ").append(b.id()).append("_snapshot AS s ON s.__t = f.__t");
        for (Join j : b.joins()) {
            StringJoiner on = new StringJoiner(" AND ");
            for (int i = 0; i < j.columns().size(); i++) on.add(j.parent() + ".__c_" + j.parentColumns().get(i) + " = " + j.alias() + ".__c_" + j.columns().get(i));
            sql.append("\n  LEFT JOIN (").append(read(j.read(), false)).append(") AS ").append(j.alias()).append(" ON ").append(on);
        }
        if (!b.where().isEmpty()) {
            StringJoiner where = new StringJoiner(" AND ");
            for (Condition c : b.where()) where.add(condition(c));
            sql.append("\n  WHERE ").append(where);
        }
        if (!groups.isEmpty()) sql.append("\n  GROUP BY ").append(String.join(", ", groups));
        return sql.toString();
    }

    /**
     * The CTEs of a cumulative metric's base, ending in {@code <id>} with the answer's keys and {@code v} like any base: its
     * facts; their sums (or distinct values) per bucket of the input's grain and per group ({@code _rows}: the bucket as
     * {@code k0}); the days it is read at ({@code _points}: period, day, first day of the window, days averaged) as literal
     * rows, or without a period the days with rows; then per point the rows of its window added up (an average of a period's
     * days through {@code _days}).
     */
    private void accumulate(Base b, List<Key> keys, List<String> ctes) {
        QueryPlan.Accumulation a = b.accumulation();
        SemanticMetric.Cumulative c = a.metric();
        String id = b.id();
        ctes.add(id + "_fact AS (\n  " + read(b.fact(), true) + "\n)");
        boolean byTime = !keys.isEmpty() && keys.get(0).isTime();
        List<Key> rowKeys = new ArrayList<>(List.of(new Key("__day", null, a.grain())));
        List<String> groups = new ArrayList<>(); // "r.k<j> AS k<i>": the rows' column j is the answer's key i
        List<String> groupCols = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i).isTime()) continue;
            rowKeys.add(keys.get(i));
            groups.add("r.k" + (rowKeys.size() - 1) + " AS k" + i);
            groupCols.add("r.k" + (rowKeys.size() - 1));
        }
        boolean distinct = b.metric().agg() == SemanticMetric.Agg.COUNT_DISTINCT;
        ctes.add(id + "_rows AS (\n  " + aggregate(b, rowKeys, distinct ? null : agg(b.metric())) + "\n)");
        String total = distinct ? "count(DISTINCT r.v)" : "sum(r.v)"; // the partial sums and counts add up; distinct values are counted once
        if (a.points() == null && !byTime) { // no period, no grain: a running total is the total of every row
            StringJoiner select = new StringJoiner(", ");
            groups.forEach(select::add);
            select.add(total + " AS v");
            ctes.add(id + " AS (\n  SELECT " + select + "\n  FROM " + id + "_rows AS r" + (groupCols.isEmpty() ? "" : "\n  GROUP BY " + String.join(", ", groupCols)) + "\n)");
            return;
        }
        ctes.add(points(id, a, keys));
        String on = "r.k0 <= pt.d" + (c.allTime() ? "" : " AND r.k0 >= pt.lo");
        if (a.points() == null && c.periodAgg() == SemanticMetric.PeriodAgg.LAST) on = bucket("r.k0", keys.get(0).grain(), Offset.NONE) + " <= pt.p";
        // without a period there is no time spine: a period whose window holds no row is kept here, as 0 (without a breakdown)
        boolean keepEmpty = a.points() == null && groups.isEmpty();
        if (keepEmpty) total = "coalesce(" + total + ", 0)";
        String from = "\n  FROM " + id + "_points AS pt\n  " + (keepEmpty ? "LEFT JOIN " : "JOIN ") + id + "_rows AS r ON " + on;
        if (byTime && c.periodAgg() == SemanticMetric.PeriodAgg.AVERAGE) { // each day's value, then their average over the period's days
            StringJoiner days = new StringJoiner(", ");
            days.add("pt.p AS p").add("pt.d AS d").add("pt.n AS n");
            groups.forEach(days::add);
            days.add(total + " AS v");
            List<String> dayGroups = new ArrayList<>(List.of("pt.p", "pt.d", "pt.n"));
            dayGroups.addAll(groupCols);
            ctes.add(id + "_days AS (\n  SELECT " + days + from + "\n  GROUP BY " + String.join(", ", dayGroups) + "\n)");
            StringJoiner select = new StringJoiner(", ");
            List<String> outGroups = new ArrayList<>(List.of("p"));
            select.add("p AS k0");
            for (int i = 1; i < keys.size(); i++) {
                select.add("k" + i + " AS k" + i);
                outGroups.add("k" + i);
            }
            // a day whose window holds no row adds 0: the sum of the days with rows over every day of the period
            select.add("1.0E0 * sum(v) / max(n) AS v");
            ctes.add(id + " AS (\n  SELECT " + select + "\n  FROM " + id + "_days\n  GROUP BY " + String.join(", ", outGroups) + "\n)");
            return;
        }
        StringJoiner select = new StringJoiner(", ");
        List<String> outGroups = new ArrayList<>();
        if (byTime) {
            select.add("pt.p AS k0");
            outGroups.add("pt.p");
        }
        groups.forEach(select::add);
        outGroups.addAll(groupCols);
        select.add(total + " AS v");
        ctes.add(id + " AS (\n  SELECT " + select + from + (outGroups.isEmpty() ? "" : "\n  GROUP BY " + String.join(", ", outGroups)) + "\n)");
    }

    /**
     * The days a cumulative metric is read at: the plan's points as literal rows (period, day, first day of its window, days
     * of its period averaged), or, for a running total by a grain without a period, each period with rows read on its start.
     */
    private String points(String id, QueryPlan.Accumulation a, List<Key> keys) {
        if (a.points() == null) {
            String period = bucket("k0", keys.get(0).grain(), Offset.NONE);
            return id + "_points AS (\n  SELECT DISTINCT " + period + " AS p, " + period + " AS d FROM " + id + "_rows\n)";
        }
        StringJoiner rows = new StringJoiner(",\n    ");
        for (QueryPlan.Point p : a.points()) {
            rows.add("(" + date(p.period()) + ", " + date(p.day()) + ", " + date(p.from()) + ", " + p.days() + ")");
        }
        return id + "_points(p, d, lo, n) AS (\n  VALUES " + rows + "\n)";
    }

    private String date(java.time.LocalDate day) {
        return literal(new Literal(Literal.Type.DATE, day.toString()));
    }

    private static String dimensionRef(Base b, Dimension d) {
        if (b.fact().dimensions().contains(d)) return "f." + quote(d.name());
        for (Join j : b.joins()) if (j.read().dimensions().contains(d)) return j.alias() + "." + quote(d.name());
        throw new IllegalStateException("dimension " + d.name() + " is read by no join of " + b.id());
    }

    private String agg(SemanticMetric.Simple m) {
        return agg(m, "f.__v");
    }

    private String agg(SemanticMetric.Simple m, String v) {
        return switch (m.agg()) {
            case SUM -> "sum(" + v + ")";
            case COUNT -> m.expr() == null ? "count(*)" : "count(" + v + ")";
            case COUNT_DISTINCT -> "count(DISTINCT " + v + ")";
            // Trino averages a DECIMAL(p, s) into a DECIMAL(p, s), rounding 104.99888... to 105.00: average doubles there
            case AVG -> dialect == Dialect.TRINO ? "avg(CAST(" + v + " AS DOUBLE))" : "avg(" + v + ")";
            case MIN -> "min(" + v + ")";
            case MAX -> "max(" + v + ")";
            case MEDIAN -> percentile(m, "0.5", v);
            case PERCENTILE -> percentile(m, m.percentile().toPlainString(), v);
        };
    }

    private String percentile(SemanticMetric.Simple m, String p, String v) {
        return switch (dialect) {
            case DUCKDB -> "quantile_cont(" + v + ", " + p + ")";
            case POSTGRES, MYSQL, SNOWFLAKE, BIGQUERY, OTHER -> "percentile_cont(" + p + ") WITHIN GROUP (ORDER BY " + v + ")";
            // approx_percentile is an estimate: a number that may be off is not given as the metric's
            case TRINO -> throw new NotInDialect("metric " + m.name() + " is a " + m.agg().label() + ", which Trino computes only approximately");
            case SQLITE -> throw new NotInDialect("metric " + m.name() + " is a " + m.agg().label() + ", which SQLite cannot compute (it has no percentile function)");
        };
    }

    /**
     * Whether shifting a time forward by the offset moves its bucket by whole buckets of the grain, so that the bucket of the
     * shifted time is the shifted bucket: any offset by day, whole weeks by week, whole months by month, quarters, years.
     */
    static boolean shiftsWholeBuckets(Grain grain, Offset offset) {
        return switch (grain) {
            case DAY -> true;
            case WEEK -> offset.months() == 0 && offset.days() % 7 == 0;
            case MONTH -> offset.days() == 0;
            case QUARTER -> offset.days() == 0 && offset.months() % 3 == 0;
            case YEAR -> offset.days() == 0 && offset.months() % 12 == 0;
        };
    }

    /** A date shifted forward by an offset, as a date. */
    private String shift(String date, Offset offset) {
        if (dialect == Dialect.SQLITE) {
            StringBuilder mods = new StringBuilder();
            if (offset.months() != 0) mods.append(", '+").append(offset.months()).append(" months'");
            if (offset.days() != 0) mods.append(", '+").append(offset.days()).append(" days'");
            return "strftime('%Y-%m-%d', " + date + mods + ")";
        }
        String shifted = date;
        if (dialect == Dialect.TRINO) { // a date plus months or days is a date there
            if (offset.months() != 0) shifted = "date_add('month', " + offset.months() + ", " + shifted + ")";
            if (offset.days() != 0) shifted = "date_add('day', " + offset.days() + ", " + shifted + ")";
            return shifted;
        }
        if (offset.months() != 0) shifted += " + INTERVAL '" + offset.months() + " months'";
        if (offset.days() != 0) shifted += " + INTERVAL '" + offset.days() + " days'";
        return "CAST(" + shifted + " AS DATE)";
    }

    /** The first day of the bucket of a time value, after shifting it forward by an offset. */
    String bucket(String column, Grain grain, Offset offset) {
        if (dialect == Dialect.SQLITE) { // strftime, not date(): DuckDB's parser, which explains queries, takes date(x, ...) for a cast
            StringBuilder mods = new StringBuilder();
            if (offset.months() != 0) mods.append(", '+").append(offset.months()).append(" months'");
            if (offset.days() != 0) mods.append(", '+").append(offset.days()).append(" days'");
            return switch (grain) {
                case DAY -> "strftime('%Y-%m-%d', " + column + mods + ")";
                case WEEK -> "strftime('%Y-%m-%d', " + column + mods + ", 'weekday 0', '-6 days')";
                case MONTH -> "strftime('%Y-%m-%d', " + column + mods + ", 'start of month')";
                case YEAR -> "strftime('%Y-%m-%d', " + column + mods + ", 'start of year')";
                case QUARTER -> "strftime('%Y-%m-%d', " + column + mods + ", 'start of month', '-' || ((CAST(strftime('%m', " + column + mods
                        + ") AS INTEGER) - 1) % 3) || ' months')";
            };
        }
        String shifted = column;
        if (dialect == Dialect.TRINO) { // Trino's intervals are INTERVAL '3' MONTH; date_add says it plainly
            if (offset.months() != 0) shifted = "date_add('month', " + offset.months() + ", " + shifted + ")";
            if (offset.days() != 0) shifted = "date_add('day', " + offset.days() + ", " + shifted + ")";
        } else {
            if (offset.months() != 0) shifted += " + INTERVAL '" + offset.months() + " months'";
            if (offset.days() != 0) shifted += " + INTERVAL '" + offset.days() + " days'";
        }
        if (!shifted.equals(column)) shifted = "(" + shifted + ")";
        if (grain == Grain.DAY) return "CAST(" + shifted + " AS DATE)";
        return "CAST(date_trunc('" + grain.label() + "', " + shifted + ") AS DATE)";
    }

    private String values(String expr, QueryPlan plan) {
        String out = expr;
        for (Base b : plan.bases()) {
            String ref = valueRefs.getOrDefault(b.id(), b.id() + ".v");
            java.math.BigDecimal spineFill = plan.spine() == null ? null : plan.spine().fills().get(b.id());
            if (spineFill != null && coveredThroughout(plan.spine(), b.id())) { // a period of the spine with no row: the fill
                ref = "coalesce(" + ref + ", " + spineFill.toPlainString() + ")";
            } else if (spineFill != null) { // the fill where the data covers the period, else no data
                ref = "coalesce(" + ref + ", CASE WHEN answer_spine.c_" + b.id() + " = 1 THEN " + spineFill.toPlainString() + " END)";
            } else if (b.metric().fillNullsWith() != null) {
                ref = "coalesce(" + ref + ", " + b.metric().fillNullsWith().toPlainString() + ")";
            } else if (plan.rowsDrive() && b != plan.bases().get(0) && b.accumulation() == null
                    && (b.metric().agg() == SemanticMetric.Agg.COUNT || b.metric().agg() == SemanticMetric.Agg.COUNT_DISTINCT)) {
                ref = "coalesce(" + ref + ", 0)"; // a record listed with no rows counted has a count of none: 0, not no value
            }
            out = out.replace("{" + b.id() + "}", ref);
        }
        return out;
    }

    private static final java.util.regex.Pattern ONE_BASE = java.util.regex.Pattern.compile("\\{(b\\d+)}");

    /** Whether an output is one count of rows or values shown whole: an integer already, which rounding would only re-plan. */
    private static boolean wholeCount(Output o, QueryPlan plan) {
        if (o.decimals() == null || o.decimals() != 0) return false;
        java.util.regex.Matcher one = ONE_BASE.matcher(o.expr());
        if (!one.matches()) return false;
        return plan.bases().stream().anyMatch(b -> b.id().equals(one.group(1)) && b.accumulation() == null
                && (b.metric().agg() == SemanticMetric.Agg.COUNT || b.metric().agg() == SemanticMetric.Agg.COUNT_DISTINCT));
    }

    private String round(String expr, Integer decimals) {
        if (decimals == null) return expr;
        return dialect == Dialect.POSTGRES ? "round(CAST(" + expr + " AS NUMERIC), " + decimals + ")" : "round(" + expr + ", " + decimals + ")";
    }

    private String condition(Condition c) {
        if (c instanceof SegmentHolds s) return (s.orNoRow() ? "coalesce(" + s.alias() + ".__s_" + s.segment().name() + ", 1)" : s.alias() + ".__s_" + s.segment().name()) + " = 1";
        if (c instanceof QueryPlan.Present p) return p.alias() + ".__c_" + p.column() + " IS NOT NULL";
        if (c instanceof QueryPlan.Related r) return related(r);
        if (c instanceof QueryPlan.ComparedWithAverage a) {
            String column = (a.alias() == null ? "" : a.alias() + ".") + quote(a.column());
            return column + " " + a.op() + " (SELECT avg(" + quote(a.column()) + ") FROM (" + read(a.read(), false) + ") AS __average)";
        }
        return compare((Compare) c);
    }

    private String compare(Compare cmp) {
        String column = (cmp.alias() == null ? "" : cmp.alias() + ".") + quote(cmp.column());
        if (cmp.op().equals("contains") || cmp.op().equals("not_contains")) return contains(column, cmp.values().get(0).text(), cmp.op().equals("not_contains"));
        List<String> lits = cmp.values().stream().map(this::literal).toList();
        return switch (cmp.op()) {
            case "in" -> column + " IN (" + String.join(", ", lits) + ")";
            case "not_in" -> column + " NOT IN (" + String.join(", ", lits) + ")";
            case "!=" -> column + " <> " + lits.get(0);
            case "between" -> column + " BETWEEN " + lits.get(0) + " AND " + lits.get(1);
            default -> column + " " + cmp.op() + " " + lits.get(0);
        };
    }

    /**
     * Text containing a value, whatever its case, on every engine: the value's own {@code %}, {@code _} and escape character
     * are escaped (with {@code !}, which no engine reads specially in a string literal, unlike a backslash).
     */
    private String contains(String column, String value, boolean negated) {
        String escaped = value.replace("!", "!!").replace("%", "!%").replace("_", "!_");
        String text = dialect == Dialect.SQLITE ? column : "CAST(" + column + " AS VARCHAR)";
        String like = "lower(" + text + ") LIKE lower(" + source.stringLiteral("%" + escaped + "%") + ") ESCAPE '!'";
        return negated ? "NOT (" + like + ")" : like;
    }

    /** Related rows exist (or none does): a subquery tied to the outer row on the relationship's columns. */
    private String related(QueryPlan.Related r) {
        StringBuilder sql = new StringBuilder(r.negated() ? "NOT EXISTS (" : "EXISTS (");
        sql.append("SELECT 1 FROM (").append(read(r.read(), true)).append(") AS ").append(r.alias());
        for (Join j : r.joins()) {
            StringJoiner on = new StringJoiner(" AND ");
            for (int i = 0; i < j.columns().size(); i++) on.add(j.parent() + ".__c_" + j.parentColumns().get(i) + " = " + j.alias() + ".__c_" + j.columns().get(i));
            sql.append(" LEFT JOIN (").append(read(j.read(), false)).append(") AS ").append(j.alias()).append(" ON ").append(on);
        }
        StringJoiner where = new StringJoiner(" AND ");
        for (int i = 0; i < r.innerColumns().size(); i++) {
            where.add(r.innerAlias() + ".__c_" + r.innerColumns().get(i) + " = " + r.outerAlias() + ".__c_" + r.outerColumns().get(i));
        }
        for (Condition c : r.where()) where.add(condition(c));
        return sql.append(" WHERE ").append(where).append(")").toString();
    }

    String literal(Literal l) {
        return switch (l.type()) {
            case STRING -> source.stringLiteral(l.text());
            case NUMBER -> l.text();
            case DATE -> dialect == Dialect.SQLITE ? "'" + l.text() + "'" : "DATE '" + l.text() + "'";
            case BOOLEAN -> dialect == Dialect.SQLITE ? (Boolean.parseBoolean(l.text()) ? "1" : "0") : Boolean.parseBoolean(l.text()) ? "TRUE" : "FALSE";
        };
    }

    /** Every engine (SQLite since 3.39) spells it the standard way, where only SQLite reads {@code a IS b}. */
    private static String nullSafeEquals(String a, String b) {
        return a + " IS NOT DISTINCT FROM " + b;
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static List<String> range(int n, String prefix) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(prefix + i);
        return out;
    }
}
