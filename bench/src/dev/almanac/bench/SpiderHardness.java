package dev.almanac.bench;

import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * The difficulty Spider's official evaluation gives a gold query (easy, medium, hard, extra), by the rules of its
 * {@code eval_hardness}: components of the outer query (WHERE, GROUP BY, ORDER BY, LIMIT, each join, each OR, each LIKE),
 * nested queries (in conditions, and INTERSECT / UNION / EXCEPT), and "others" (more than one aggregate, more than one
 * selected column, more than one WHERE condition, more than one GROUP BY column). Counted on JSqlParser's tree instead of
 * Spider's own parse, with the evaluation's quirks kept: a negated condition ({@code NOT IN}, {@code NOT LIKE}) counts
 * as an aggregate, as its {@code has_agg} reads the condition's first field.
 */
public final class SpiderHardness {
    private SpiderHardness() {}

    public static String of(String sql) throws JSQLParserException {
        Select select = (Select) CCJSqlParserUtil.parse(sql.strip().replaceAll(";$", ""));
        int nested = 0;
        PlainSelect main;
        if (select instanceof SetOperationList set) {
            nested++; // the intersect / union / except after the first query: one nested query, itself holding any further one
            main = plain(set.getSelects().get(0));
        } else {
            main = plain(select);
        }
        List<Expression> from = new ArrayList<>(), where = new ArrayList<>(), having = new ArrayList<>();
        int[] ors = new int[1];
        int tables = 1 + (main.getJoins() == null ? 0 : main.getJoins().size());
        if (main.getJoins() != null) {
            for (Join j : main.getJoins()) {
                if (j.getOnExpressions() != null) for (Expression on : j.getOnExpressions()) units(on, from, ors);
            }
        }
        units(main.getWhere(), where, ors);
        units(main.getHaving(), having, ors);
        int likes = 0;
        List<Expression> conditions = new ArrayList<>(from);
        conditions.addAll(where);
        conditions.addAll(having);
        for (Expression c : conditions) {
            if (c instanceof LikeExpression) likes++;
            nested += subqueries(c);
        }
        int groupBy = main.getGroupBy() == null ? 0 : main.getGroupBy().getGroupByExpressionList().size();
        int orderBy = main.getOrderByElements() == null ? 0 : main.getOrderByElements().size();
        int component1 = (where.isEmpty() ? 0 : 1) + (groupBy > 0 ? 1 : 0) + (orderBy > 0 ? 1 : 0) + (main.getLimit() != null ? 1 : 0)
                + (tables - 1) + ors[0] + likes;
        int aggregates = 0;
        for (SelectItem<?> item : main.getSelectItems()) if (aggregated(item.getExpression())) aggregates++;
        for (Expression c : where) if (negated(c)) aggregates++;
        if (main.getGroupBy() != null) for (Object g : main.getGroupBy().getGroupByExpressionList()) if (aggregated((Expression) g)) aggregates++;
        if (main.getOrderByElements() != null) for (OrderByElement o : main.getOrderByElements()) aggregates += columnAggregates(o.getExpression());
        for (Expression c : having) if (negated(c)) aggregates++;
        int others = (aggregates > 1 ? 1 : 0) + (main.getSelectItems().size() > 1 ? 1 : 0) + (where.size() > 1 ? 1 : 0) + (groupBy > 1 ? 1 : 0);
        if (component1 <= 1 && others == 0 && nested == 0) return "easy";
        if ((others <= 2 && component1 <= 1 && nested == 0) || (component1 <= 2 && others < 2 && nested == 0)) return "medium";
        if ((others > 2 && component1 <= 2 && nested == 0) || (component1 > 2 && component1 <= 3 && others <= 2 && nested == 0)
                || (component1 <= 1 && others == 0 && nested <= 1)) return "hard";
        return "extra";
    }

    private static PlainSelect plain(Select s) {
        if (s instanceof ParenthesedSelect p) return plain(p.getSelect());
        if (s instanceof PlainSelect p) return p;
        if (s instanceof SetOperationList set) return plain(set.getSelects().get(0));
        throw new IllegalArgumentException("not a query Spider's evaluation reads: " + s);
    }

    /** The condition units of a boolean tree, as Spider's parse splits them on AND and OR (an OR counted apart). */
    private static void units(Expression e, List<Expression> out, int[] ors) {
        if (e == null) return;
        if (e instanceof Parenthesis p) {
            units(p.getExpression(), out, ors);
        } else if (e instanceof AndExpression a) {
            units(a.getLeftExpression(), out, ors);
            units(a.getRightExpression(), out, ors);
        } else if (e instanceof OrExpression o) {
            ors[0]++;
            units(o.getLeftExpression(), out, ors);
            units(o.getRightExpression(), out, ors);
        } else {
            out.add(e);
        }
    }

    /** The queries nested in a condition's values (Spider's val1 and val2). */
    private static int subqueries(Expression c) {
        if (c instanceof InExpression in) return in.getRightExpression() instanceof Select ? 1 : 0;
        if (c instanceof Between b) return (b.getBetweenExpressionStart() instanceof Select ? 1 : 0) + (b.getBetweenExpressionEnd() instanceof Select ? 1 : 0);
        if (c instanceof BinaryExpression b) return (b.getRightExpression() instanceof Select ? 1 : 0) + (b.getLeftExpression() instanceof Select ? 1 : 0);
        if (c instanceof NotExpression n) return subqueries(n.getExpression());
        return 0;
    }

    /** Spider's {@code has_agg} of a condition unit reads its first field, the NOT flag. */
    private static boolean negated(Expression c) {
        if (c instanceof InExpression in) return in.isNot();
        if (c instanceof LikeExpression like) return like.isNot();
        if (c instanceof Between b) return b.isNot();
        return c instanceof NotExpression;
    }

    private static boolean aggregated(Expression e) {
        return e instanceof Function f && AGGREGATES.contains(f.getName().toLowerCase(java.util.Locale.ROOT));
    }

    /** An ORDER BY value is one or two column units (a - b), each aggregated or not. */
    private static int columnAggregates(Expression e) {
        if (e instanceof BinaryExpression b && !(e instanceof net.sf.jsqlparser.expression.operators.relational.ComparisonOperator)) {
            return (aggregated(b.getLeftExpression()) ? 1 : 0) + (aggregated(b.getRightExpression()) ? 1 : 0);
        }
        return aggregated(e) ? 1 : 0;
    }

    private static final java.util.Set<String> AGGREGATES = java.util.Set.of("max", "min", "count", "sum", "avg");
}
