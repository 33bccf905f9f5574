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

    public SqlRenderer(Dialect dialect) {
        this.source = dialect;
        // engines without a rendering of their own get PostgreSQL's standard SQL, as OTHER always did
        this.dialect = dialect == Dialect.DUCKDB || dialect == Dialect.SQLITE || dialect == Dialect.TRINO ? dialect : Dialect.POSTGRES;
    }

    public String render(QueryPlan plan) {
        List<String> ctes = new ArrayList<>();
        int keyCount = plan.keys().size();
        for (Base b : plan.bases()) {
            if (b.accumulation() != null) {
                accumulate(b, plan.keys(), ctes);
                continue;
            }
            ctes.add(b.id() + "_fact AS (\n  " + read(b.fact(), true) + "\n)");
            if (b.snapshotPick() != null) {
                String bucket = b.grain() == null ? null : bucket("__t", b.grain(), b.offset());
                ctes.add(b.id() + "_snapshot AS (\n  SELECT " + b.snapshotPick() + "(__t) AS __t FROM " + b.id() + "_fact"
                        + (bucket == null ? "" : " GROUP BY " + bucket) + "\n)");
            }
            ctes.add(b.id() + " AS (\n  " + aggregate(b, plan.keys()) + "\n)");
        }
        if (plan.gaps() != null) return gaps(plan, ctes);
        String from;
        List<String> keyRefs = new ArrayList<>();
        if (plan.spine() != null && plan.bases().size() == 1 && keyCount > 1) {
            ctes.add(spine(plan.spine()));
            ctes.add(oneBaseOverTheSpine(plan));
            return finish(plan, ctes, keyCount);
        }
        if (plan.spine() != null) {
            ctes.add(spine(plan.spine()));
            from = spineFrom(plan, ctes, keyRefs);
        } else if (plan.bases().size() == 1) {
            from = plan.bases().get(0).id();
            for (int i = 0; i < keyCount; i++) keyRefs.add(from + ".k" + i);
        } else if (keyCount == 0) {
            from = String.join(" CROSS JOIN ", plan.bases().stream().map(Base::id).toList());
        } else {
            StringJoiner union = new StringJoiner("\n  UNION\n  ");
            String cols = String.join(", ", range(keyCount, "k"));
            for (Base b : plan.bases()) union.add("SELECT " + cols + " FROM " + b.id());
            ctes.add("answer_keys AS (\n  " + union + "\n)");
            StringBuilder f = new StringBuilder("answer_keys");
            for (Base b : plan.bases()) {
                StringJoiner on = new StringJoiner(" AND ");
                for (int i = 0; i < keyCount; i++) on.add(nullSafeEquals(b.id() + ".k" + i, "answer_keys.k" + i));
                f.append("\n  LEFT JOIN ").append(b.id()).append(" ON ").append(on);
            }
            from = f.toString();
            for (int i = 0; i < keyCount; i++) keyRefs.add("answer_keys.k" + i);
        }
        StringJoiner select = new StringJoiner(",\n    ");
        for (int i = 0; i < keyCount; i++) select.add(keyRefs.get(i) + " AS " + quote(plan.keys().get(i).name()));
        for (Output o : plan.outputs()) select.add(round(values(o.expr(), plan), o.decimals()) + " AS " + quote(o.name()));
        ctes.add("answer AS (\n  SELECT " + select + "\n  FROM " + from + "\n)");
        return finish(plan, ctes, keyCount);
    }

    /**
     * One metric by time and a breakdown over the spine: its rows as they are, and each period of the spine it has no row
     * in, once, with an empty breakdown (an anti-join on time alone: no union of keys, no null-safe join of every key).
     */
    private String oneBaseOverTheSpine(QueryPlan plan) {
        Base b = plan.bases().get(0);
        int keyCount = plan.keys().size();
        StringJoiner rows = new StringJoiner(",\n    ");
        StringJoiner empty = new StringJoiner(",\n    ");
        for (int i = 0; i < keyCount; i++) {
            rows.add(b.id() + ".k" + i + " AS " + quote(plan.keys().get(i).name()));
            empty.add(i == 0 ? "answer_spine.k0" : "NULL");
        }
        QueryPlan withoutSpine = new QueryPlan(plan.bases(), plan.keys(), plan.outputs(), plan.having(), plan.order(), plan.limit(), plan.gaps(), null);
        for (Output o : plan.outputs()) {
            rows.add(round(values(o.expr(), withoutSpine), o.decimals()) + " AS " + quote(o.name()));
            empty.add(round(values(o.expr(), plan), o.decimals()));
        }
        return "answer AS (\n  SELECT " + rows + "\n  FROM " + b.id() + "\n  UNION ALL\n  SELECT " + empty + "\n  FROM answer_spine LEFT JOIN " + b.id()
                + " ON " + b.id() + ".k0 = answer_spine.k0\n  WHERE " + b.id() + ".k0 IS NULL\n)";
    }

    /** The answer's filter on metrics, order and limit, over the {@code answer} CTE. */
    private String finish(QueryPlan plan, List<String> ctes, int keyCount) {
        String shown = shownColumns(plan, ctes);
        StringBuilder sql = new StringBuilder("WITH ").append(String.join(",\n", ctes)).append("\nSELECT ").append(shown == null ? "* FROM answer" : shown);
        if (!plan.having().isEmpty()) {
            StringJoiner where = new StringJoiner(" AND ");
            for (Condition c : plan.having()) where.add(condition(c));
            sql.append("\nWHERE ").append(where);
        }
        if (!plan.order().isEmpty()) {
            StringJoiner order = new StringJoiner(", ");
            java.util.Set<String> ordered = new java.util.HashSet<>();
            for (SemanticQuery.Order o : plan.order()) {
                order.add(quote(o.field()) + (o.descending() ? " DESC" : " ASC") + " NULLS LAST");
                ordered.add(o.field());
            }
            // ties are broken by the keys, so that a ranking's rows (and a LIMIT's cut) are the same on every run and engine
            for (int i = 0; i < keyCount; i++) {
                String key = plan.keys().get(i).name();
                if (ordered.add(key)) order.add(quote(key) + " ASC NULLS LAST");
            }
            sql.append("\nORDER BY ").append(order);
        }
        if (plan.limit() != null) sql.append("\nLIMIT ").append(plan.limit());
        return dialect == Dialect.TRINO ? decimalsAsDoubles(sql.toString()) : sql.toString();
    }

    /**
     * With the hidden key of an entity whose label is grouped by: a CTE {@code answer_shown} where a label two keys share
     * reads with its key ("Alex Kim (#12)", "Alex Kim (#31)") and any other as it is; returns the columns shown and the
     * FROM (null when no key is hidden: the answer is shown as it is).
     */
    private static String shownColumns(QueryPlan plan, List<String> ctes) {
        List<Key> keys = plan.keys();
        if (keys.stream().noneMatch(Key::isIdentity)) return null;
        StringJoiner all = new StringJoiner(",\n    ");
        StringJoiner shown = new StringJoiner(", ");
        for (int i = 0; i < keys.size(); i++) {
            String name = quote(keys.get(i).name());
            if (keys.get(i).isIdentity()) {
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
            shown.add(quote(o.name()));
        }
        ctes.add("answer_shown AS (\n  SELECT " + all + "\n  FROM answer\n)");
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

    /** The time spine as a CTE of literal rows: the period's first day as {@code k0}, and 1 or 0 per filled base for whether it is covered. */
    private String spine(QueryPlan.Spine spine) {
        List<String> columns = new ArrayList<>(List.of("k0"));
        spine.covered().keySet().forEach(id -> columns.add("c_" + id));
        StringJoiner rows = new StringJoiner(",\n    ");
        for (int i = 0; i < spine.periods().size(); i++) {
            StringJoiner row = new StringJoiner(", ", "(", ")");
            row.add(literal(new Literal(Literal.Type.DATE, spine.periods().get(i).toString())));
            for (List<Boolean> flags : spine.covered().values()) row.add(flags.get(i) ? "1" : "0");
            rows.add(row.toString());
        }
        return "answer_spine(" + String.join(", ", columns) + ") AS (\n  VALUES " + rows + "\n)";
    }

    /**
     * The FROM of an answer over the time spine. By time alone: the spine, with each base joined to it. With a breakdown:
     * the keys of the bases' rows, and each period of the spine no base has a row in, once, with an empty breakdown
     * (MetricFlow joins the spine on time alone, so it does not multiply the groups by the periods).
     */
    private String spineFrom(QueryPlan plan, List<String> ctes, List<String> keyRefs) {
        int keyCount = plan.keys().size();
        if (keyCount == 1) {
            StringBuilder f = new StringBuilder("answer_spine");
            for (Base b : plan.bases()) f.append("\n  LEFT JOIN ").append(b.id()).append(" ON ").append(b.id()).append(".k0 = answer_spine.k0");
            keyRefs.add("answer_spine.k0");
            return f.toString();
        }
        StringJoiner union = new StringJoiner("\n  UNION\n  ");
        String cols = String.join(", ", range(keyCount, "k"));
        for (Base b : plan.bases()) union.add("SELECT " + cols + " FROM " + b.id());
        StringJoiner empty = new StringJoiner(", ");
        empty.add("answer_spine.k0");
        for (int i = 1; i < keyCount; i++) empty.add("NULL");
        StringJoiner none = new StringJoiner(" AND ");
        for (Base b : plan.bases()) none.add("NOT EXISTS (SELECT 1 FROM " + b.id() + " WHERE " + b.id() + ".k0 = answer_spine.k0)");
        union.add("SELECT " + empty + " FROM answer_spine WHERE " + none);
        ctes.add("answer_keys AS (\n  " + union + "\n)");
        StringBuilder f = new StringBuilder("answer_keys\n  JOIN answer_spine ON answer_spine.k0 = answer_keys.k0");
        for (Base b : plan.bases()) {
            StringJoiner on = new StringJoiner(" AND ");
            for (int i = 0; i < keyCount; i++) on.add(nullSafeEquals(b.id() + ".k" + i, "answer_keys.k" + i));
            f.append("\n  LEFT JOIN ").append(b.id()).append(" ON ").append(on);
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

    private String aggregate(Base b, List<Key> keys) {
        return aggregate(b, keys, agg(b.metric()));
    }

    /** {@code agg} null: the measure itself as {@code v}, grouped by (each distinct value once, for a distinct count later). */
    private String aggregate(Base b, List<Key> keys, String agg) {
        List<String> groups = new ArrayList<>();
        StringJoiner select = new StringJoiner(", ");
        for (int i = 0; i < keys.size(); i++) {
            Key k = keys.get(i);
            String expr = k.isTime() ? bucket("f.__t", k.grain(), b.offset()) : dimensionRef(b, k.dimension());
            select.add(expr + " AS k" + i);
            groups.add(expr);
        }
        select.add((agg == null ? "f.__v" : agg) + " AS v");
        if (agg == null) groups.add("f.__v");
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
        String v = "f.__v";
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
            String ref = b.id() + ".v";
            java.math.BigDecimal spineFill = plan.spine() == null ? null : plan.spine().fills().get(b.id());
            if (spineFill != null) { // a period of the spine with no row: the fill where the data covers it, else no data
                ref = "coalesce(" + ref + ", CASE WHEN answer_spine.c_" + b.id() + " = 1 THEN " + spineFill.toPlainString() + " END)";
            } else if (b.metric().fillNullsWith() != null) {
                ref = "coalesce(" + ref + ", " + b.metric().fillNullsWith().toPlainString() + ")";
            }
            out = out.replace("{" + b.id() + "}", ref);
        }
        return out;
    }

    private String round(String expr, Integer decimals) {
        if (decimals == null) return expr;
        return dialect == Dialect.POSTGRES ? "round(CAST(" + expr + " AS NUMERIC), " + decimals + ")" : "round(" + expr + ", " + decimals + ")";
    }

    private String condition(Condition c) {
        if (c instanceof SegmentHolds s) return s.alias() + ".__s_" + s.segment().name() + " = 1";
        Compare cmp = (Compare) c;
        String column = (cmp.alias() == null ? "" : cmp.alias() + ".") + quote(cmp.column());
        List<String> lits = cmp.values().stream().map(this::literal).toList();
        return switch (cmp.op()) {
            case "in" -> column + " IN (" + String.join(", ", lits) + ")";
            case "not_in" -> column + " NOT IN (" + String.join(", ", lits) + ")";
            case "!=" -> column + " <> " + lits.get(0);
            default -> column + " " + cmp.op() + " " + lits.get(0);
        };
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
