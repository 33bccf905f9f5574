package dev.almanac.knowledge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;

/**
 * A Cortex Analyst metric's expression read as Almanac metrics, with JSqlParser. A table's metric aggregates its logical
 * columns ({@code SUM(order_total)}, {@code COUNT(DISTINCT customer_id)}, {@code COUNT_IF(status = 'paid')}); a model's
 * metric combines tables' metrics ({@code orders.revenue / customers.customer_count}). One aggregate and nothing around it
 * is a simple metric; anything else (several aggregates, arithmetic, other metrics by name) a derived metric whose inputs
 * are the metrics named and one simple metric per aggregate, each over the table whose columns it reads.
 */
final class CortexMetricExpression {
    /** Functions a derived metric's expression may use around its inputs (what Almanac's derived metrics accept). */
    private static final Set<String> AROUND = Set.of("coalesce", "nullif", "abs", "round", "greatest", "least");

    private CortexMetricExpression() {}

    /** One aggregate: over which table, Almanac's aggregation, and its argument over the base table (null for COUNT(*)). */
    record Aggregate(CortexSql.Scope scope, String agg, String expr) {}

    /** What an expression reads as. */
    sealed interface Reading {
        record Simple(Aggregate aggregate) implements Reading {}

        /**
         * Several parts: {@code expr} names the i-th aggregate {@code alias(i)} and each metric named by its Almanac name;
         * {@code metrics} are those names.
         */
        record Derived(String expr, List<Aggregate> aggregates, List<String> metrics) implements Reading {}

        record Unmapped(String reason) implements Reading {}
    }

    /** The name a derived expression gives its i-th aggregate. */
    static String alias(int i) {
        return "m" + (i + 1);
    }

    /**
     * Reads a metric's expression.
     *
     * @param own the metric's table, or null for a model's metric (whose columns are written {@code table.column})
     * @param ownMetrics the metrics named without a table: the table's, or the model's (lower-case Cortex name -> Almanac name)
     * @param scopes every logical table by its lower-case Cortex name and by its dataset's name
     */
    static Reading read(String expression, CortexSql.Scope own, Map<String, String> ownMetrics, Map<String, CortexSql.Scope> scopes) {
        CortexSql.Result portable = CortexSql.portable(expression);
        if (portable instanceof CortexSql.Result.Refused r) return new Reading.Unmapped(r.reason());
        String text = ((CortexSql.Result.Ok) portable).sql();
        Expression parsed;
        try {
            parsed = CCJSqlParserUtil.parseExpression(text, false);
        } catch (JSQLParserException | RuntimeException e) {
            return new Reading.Unmapped("'" + CortexSql.oneLine(expression) + "' does not parse as one SQL expression");
        }
        List<Function> found = new ArrayList<>();
        List<Column> metricRefs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        parsed.accept(new ExpressionVisitorAdapter<Void>() {
            @Override
            public <S> Void visit(Function f, S context) {
                String name = f.getName().toLowerCase(Locale.ROOT);
                if (CortexSql.AGGREGATES.contains(name)) found.add(f); // no aggregate inside an aggregate
                else if (!AROUND.contains(name)) problems.add(f.getName() + "(...) around the aggregates (Almanac combines metrics with arithmetic, CASE, "
                        + "COALESCE, NULLIF, ABS, ROUND, GREATEST and LEAST)");
                else super.visit(f, context);
                return null;
            }

            @Override
            public <S> Void visit(AnalyticExpression a, S context) {
                problems.add(a.getName() + "(...) OVER / FILTER: a window or filtered aggregate");
                return null;
            }

            @Override
            public <S> Void visit(ParenthesedSelect s, S context) {
                problems.add("a subquery");
                return null;
            }

            @Override
            public <S> Void visit(Column c, S context) {
                metricRefs.add(c);
                return null;
            }
        }, null);
        if (!problems.isEmpty()) return new Reading.Unmapped("'" + CortexSql.oneLine(expression) + "': " + problems.get(0));
        List<String> metrics = new ArrayList<>();
        for (Column c : metricRefs) {
            boolean bare = c.getTable() == null || c.getTable().getName() == null;
            CortexSql.Scope scope = bare ? own : scopes.get(CortexSql.bare(c.getTable().getName()));
            String metric = bare ? ownMetrics.get(CortexSql.bare(c.getColumnName())) : scope == null ? null : scope.metrics().get(CortexSql.bare(c.getColumnName()));
            if (metric == null) {
                return new Reading.Unmapped("'" + CortexSql.oneLine(expression) + "': " + c.getFullyQualifiedName() + " is outside any aggregate and names no metric"
                        + (scope == null ? "" : " of " + scope.logical()));
            }
            if (!metrics.contains(metric)) metrics.add(metric);
            c.setTable(null);
            c.setColumnName(metric);
        }
        if (found.isEmpty() && metrics.isEmpty()) {
            return new Reading.Unmapped("'" + CortexSql.oneLine(expression) + "' has no aggregate (SUM, COUNT, AVG, MIN, MAX, MEDIAN, COUNT_IF) and names no metric");
        }
        String whole = unwrap(parsed).toString();
        List<Aggregate> parts = new ArrayList<>();
        Map<String, Integer> byText = new LinkedHashMap<>();
        List<Function> markers = new ArrayList<>();
        for (Function f : found) {
            Object part = aggregate(f, own, scopes);
            if (part instanceof String reason) return new Reading.Unmapped("'" + CortexSql.oneLine(expression) + "': " + reason);
            if (found.size() == 1 && metrics.isEmpty() && whole.equals(f.toString())) return new Reading.Simple((Aggregate) part);
            Integer at = byText.get(f.toString());
            if (at == null) {
                at = parts.size();
                byText.put(f.toString(), at);
                parts.add((Aggregate) part);
            }
            markers.add(f);
            f.setName("ALMANACPART" + at);
        }
        for (Function f : markers) {
            f.setParameters((ExpressionList<?>) null);
            f.setDistinct(false);
            f.setAllColumns(false);
        }
        String derived = parsed.toString();
        for (int i = 0; i < parts.size(); i++) derived = derived.replace("ALMANACPART" + i + "()", alias(i));
        return new Reading.Derived(derived, parts, metrics);
    }

    private static Expression unwrap(Expression e) {
        Expression out = e;
        while (out instanceof net.sf.jsqlparser.expression.Parenthesis p) out = p.getExpression();
        while (out instanceof net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList<?> l && l.size() == 1) out = (Expression) l.get(0);
        return out;
    }

    /** An aggregate over one logical table, or why it is not one (a String). */
    private static Object aggregate(Function f, CortexSql.Scope own, Map<String, CortexSql.Scope> scopes) {
        String name = f.getName().toLowerCase(Locale.ROOT);
        boolean star = f.isAllColumns() || f.getParameters() != null && f.getParameters().size() == 1
                && f.getParameters().get(0) instanceof net.sf.jsqlparser.statement.select.AllColumns;
        if (star) {
            if (!name.equals("count")) return f + " has no column";
            if (own == null) return "COUNT(*) names no logical table: write COUNT(table.column)";
            return new Aggregate(own, "count", null);
        }
        if (f.getParameters() == null || f.getParameters().size() != 1) return f + " takes " + (f.getParameters() == null ? "no" : "more than one") + " argument";
        if (f.isDistinct() && !name.equals("count")) return f + ": DISTINCT is read only in COUNT";
        if (f.getKeep() != null || f.getOrderByElements() != null || f.getHavingClause() != null) return f + " has a clause Almanac's aggregations do not";
        Expression arg = (Expression) f.getParameters().get(0);
        java.util.Set<CortexSql.Scope> tables = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        List<String> strangers = new ArrayList<>();
        arg.accept(new ExpressionVisitorAdapter<Void>() {
            @Override
            public <S> Void visit(Column c, S context) {
                if (c.getTable() == null || c.getTable().getName() == null) {
                    if (own == null) strangers.add(c.getColumnName() + " names no logical table (write table.column)");
                    else tables.add(own);
                } else {
                    CortexSql.Scope s = scopes.get(CortexSql.bare(c.getTable().getName()));
                    if (s == null) strangers.add(c.getTable().getName() + " is no logical table of the model");
                    else tables.add(s);
                }
                return null;
            }
        }, null);
        if (!strangers.isEmpty()) return strangers.get(0);
        if (tables.size() > 1) return f + " reads columns of several logical tables";
        CortexSql.Scope scope = tables.isEmpty() ? own : tables.iterator().next();
        if (scope == null) return f + " reads no column";
        CortexSql.Result row = CortexSql.row(arg.toString(), scope, true, null);
        if (row instanceof CortexSql.Result.Refused r) return r.reason();
        String expr = ((CortexSql.Result.Ok) row).sql();
        String agg = name.equals("count") && f.isDistinct() ? "count_distinct" : name;
        return new Aggregate(scope, agg, expr);
    }
}
