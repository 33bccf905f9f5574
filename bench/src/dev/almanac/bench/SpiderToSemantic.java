package dev.almanac.bench;

import dev.almanac.semantic.Dataset;
import dev.almanac.semantic.Dimension;
import dev.almanac.semantic.SemanticMetric;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.SemanticQuery;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * A Spider gold query written as a semantic query over a model drafted from its database, read from JSqlParser's tree:
 * aggregates become the drafted metrics of the same aggregate over the same column, columns the dimensions over them,
 * conditions filters, a subquery's key list related rows, and so on; what has no semantic form (a set operation, an OR,
 * arithmetic, a correlated subquery, a pattern other than "contains") is not expressed, with the reason. The SQL's own
 * meaning is kept exactly (a LIMIT keeps no ties), so the rows can be compared with the gold rows.
 */
public final class SpiderToSemantic {
    /** The semantic query, or why the gold query has none. */
    public record Conversion(SemanticQuery query, String unexpressed) {
        static Conversion no(String why) {
            return new Conversion(null, why);
        }

        public boolean expressed() {
            return query != null;
        }
    }

    private static final class Unexpressed extends RuntimeException {
        Unexpressed(String why) {
            super(why, null, false, false);
        }
    }

    private final SemanticModel model;

    public SpiderToSemantic(SemanticModel model) {
        this.model = model;
    }

    public Conversion convert(String sql) {
        Statement statement;
        try {
            statement = CCJSqlParserUtil.parse(sql.strip().replaceAll(";$", ""));
        } catch (JSQLParserException e) {
            return Conversion.no("the gold SQL does not parse");
        }
        try {
            if (!(statement instanceof PlainSelect select)) return Conversion.no("a set operation (INTERSECT, UNION, EXCEPT)");
            return new Conversion(query(select), null);
        } catch (Unexpressed e) {
            return Conversion.no(e.getMessage());
        }
    }

    /** The tables of a FROM clause by alias (and by name), each with its dataset. */
    private final class From {
        final Map<String, Dataset> byAlias = new LinkedHashMap<>();

        From(PlainSelect s) {
            add(s.getFromItem());
            if (s.getJoins() != null) {
                for (Join j : s.getJoins()) {
                    if (j.isOuter() || j.isLeft() || j.isRight() || j.isFull()) {
                        throw new Unexpressed("an outer join");
                    }
                    add(j.getRightItem());
                    if (j.getOnExpressions() != null) for (Expression on : j.getOnExpressions()) checkJoin(on);
                }
            }
        }

        private void add(FromItem item) {
            if (!(item instanceof Table t)) throw new Unexpressed("a subquery in FROM");
            Dataset d = datasetOf(t.getName());
            if (byAlias.containsValue(d)) throw new Unexpressed("a table joined with itself");
            byAlias.put(lower(t.getName()), d);
            if (t.getAlias() != null) byAlias.put(lower(t.getAlias().getName()), d);
        }

        /** A join must follow one of the model's relationships: its two columns are a key and a column referring to it. */
        private void checkJoin(Expression on) {
            for (Expression c : conjuncts(on)) {
                if (!(c instanceof EqualsTo eq) || !(eq.getLeftExpression() instanceof Column) || !(eq.getRightExpression() instanceof Column)) {
                    throw new Unexpressed("a join on something other than equal columns");
                }
            }
        }

        List<Dataset> datasets() {
            return byAlias.values().stream().distinct().toList();
        }

        Dimension column(Column c) {
            String name = unquote(c.getColumnName());
            if (c.getTable() != null && c.getTable().getName() != null) {
                Dataset d = byAlias.get(lower(c.getTable().getName()));
                if (d == null) throw new Unexpressed("a column of an unknown table " + c);
                return dimensionOf(d, name);
            }
            Dimension found = null;
            for (Dataset d : datasets()) {
                Optional<Dimension> dim = findDimension(d, name);
                if (dim.isPresent()) {
                    if (found != null) throw new Unexpressed("a column two tables have: " + name);
                    found = dim.get();
                }
            }
            if (found == null) throw new Unexpressed("no dimension reads column " + name);
            return found;
        }

        Dataset datasetOfColumn(Column c) {
            return model.dataset(column(c).dataset()).orElseThrow();
        }
    }

    private SemanticQuery query(PlainSelect s) {
        if (s.getFromItem() == null) throw new Unexpressed("no FROM");
        From from = new From(s);
        List<String> metrics = new ArrayList<>();
        List<Dimension> shown = new ArrayList<>();
        List<String> distinctCounts = new ArrayList<>();
        for (SelectItem<?> item : s.getSelectItems()) {
            Expression e = item.getExpression();
            Column c = asColumn(e);
            if (e instanceof Function f && isAggregate(f)) {
                Aggregate a = aggregate(f, from);
                if (a.distinctDimension() != null) distinctCounts.add(a.distinctDimension().qualifiedName());
                else metrics.add(a.metric());
            } else if (c != null) {
                shown.add(from.column(c));
            } else {
                throw new Unexpressed("a selected expression that is neither a column nor an aggregate: " + e);
            }
        }
        boolean aggregated = !metrics.isEmpty() || !distinctCounts.isEmpty();
        SemanticQuery q;
        Dataset base; // whose rows the answer is of: the other tables of the FROM must have rows related to them (an inner join)
        if (s.getGroupBy() != null) {
            List<Dimension> grouped = new ArrayList<>();
            for (Object o : s.getGroupBy().getGroupByExpressionList()) {
                Column c = asColumn((Expression) o);
                if (c == null) throw new Unexpressed("GROUP BY an expression");
                grouped.add(from.column(c));
            }
            Dataset entity = entityGrouped(grouped);
            if (entity != null && !shown.isEmpty() && shown.stream().allMatch(d -> d.dataset().equals(entity.name()))
                    && !shown.containsAll(grouped)) { // grouped by an entity's key, shown by its attributes: its records, with metrics each
                q = SemanticQuery.of(metrics.toArray(String[]::new)).records(entity.name());
                for (Dimension d : shown) q = q.by(d.qualifiedName());
                base = entity;
            } else {
                q = SemanticQuery.of(metrics.toArray(String[]::new));
                for (Dimension d : groupBy(grouped, shown)) q = q.by(d.qualifiedName());
                base = aggregated || s.getHaving() != null || s.getOrderByElements() != null ? countedDataset(from)
                        : model.dataset(shown.get(0).dataset()).orElseThrow();
            }
            if (!distinctCounts.isEmpty()) q = q.countDistinct(distinctCounts.toArray(String[]::new));
        } else if (aggregated) {
            if (!shown.isEmpty()) throw new Unexpressed("columns beside aggregates without GROUP BY");
            q = SemanticQuery.of(metrics.toArray(String[]::new));
            if (!distinctCounts.isEmpty()) q = q.countDistinct(distinctCounts.toArray(String[]::new));
            base = countedDataset(from);
        } else {
            if (s.getHaving() != null) throw new Unexpressed("HAVING without GROUP BY");
            q = SemanticQuery.of();
            for (Dimension d : shown) q = q.by(d.qualifiedName());
            if (s.getDistinct() != null) { // the distinct values, of the first column's rows
                base = model.dataset(shown.get(0).dataset()).orElseThrow();
            } else { // every row: the records of the table the others are reached from
                base = countedDataset(from);
                q = q.records(base.name());
            }
        }
        for (Dataset other : from.datasets()) if (!other.equals(base)) q = q.exists(other.name());
        q = where(q, s.getWhere(), from);
        if (s.getHaving() != null) q = having(q, s.getHaving(), from);
        if (s.getOrderByElements() != null) {
            for (OrderByElement o : s.getOrderByElements()) q = q.orderBy((o.isAsc() ? "" : "-") + orderField(o.getExpression(), from));
        }
        if (s.getLimit() != null) {
            if (s.getLimit().getOffset() != null || !(s.getLimit().getRowCount() instanceof LongValue n)) throw new Unexpressed("a LIMIT with an offset");
            q = q.limit((int) n.getValue());
        }
        return q;
    }

    /** The dataset whose key all grouped columns are (its own key, or columns referring to it); null otherwise. */
    private Dataset entityGrouped(List<Dimension> grouped) {
        for (Dataset d : model.datasets()) {
            if (d.primaryKey().size() != 1) continue;
            Optional<Dimension> key = findDimension(d, unquote(d.primaryKey().get(0)));
            if (key.isPresent() && grouped.stream().allMatch(g -> sameEntity(g, key.get()))) return d;
        }
        return null;
    }

    /** The group-by dimensions: the grouped columns, a grouped key shown by its entity's label. */
    private List<Dimension> groupBy(List<Dimension> grouped, List<Dimension> shown) {
        List<Dimension> out = new ArrayList<>();
        for (Dimension d : shown) {
            if (grouped.contains(d)) {
                out.add(d);
                continue;
            }
            // grouped by a key, shown by the label of that key's entity (GROUP BY T1.stadium_id, SELECT T2.name)
            boolean labelOfGroupedKey = d.labelsEntity() && grouped.stream().anyMatch(g -> sameEntity(g, d.entityKey()));
            if (!labelOfGroupedKey) throw new Unexpressed("a shown column that is not grouped by: " + d.qualifiedName());
            out.add(d);
        }
        for (Dimension g : grouped) {
            boolean covered = out.contains(g) || out.stream().anyMatch(d -> d.labelsEntity() && sameEntity(g, d.entityKey()));
            if (!covered) throw new Unexpressed("grouped by a column not shown: " + g.qualifiedName());
        }
        if (out.isEmpty()) throw new Unexpressed("grouped without a column shown");
        return out;
    }

    /** Whether a column is the key, or a column referring to the key, of the entity a label names. */
    private boolean sameEntity(Dimension column, Dimension key) {
        if (column.equals(key)) return true;
        return model.relationships().stream().anyMatch(r -> r.from().equals(column.dataset()) && r.to().equals(key.dataset())
                && r.fromColumns().size() == 1 && r.toColumns().size() == 1 && same(r.fromColumns().get(0), column.expr()) && same(r.toColumns().get(0), key.expr()));
    }

    private record Aggregate(String metric, Dimension distinctDimension) {}

    private Aggregate aggregate(Function f, From from) {
        String name = f.getName().toLowerCase(Locale.ROOT);
        Expression arg = f.getParameters() == null || f.getParameters().isEmpty() ? null : (Expression) f.getParameters().get(0);
        if (f.isAllColumns() || arg instanceof net.sf.jsqlparser.statement.select.AllColumns) {
            if (!name.equals("count")) throw new Unexpressed(name + "(*)");
            return new Aggregate(countOf(countedDataset(from)), null);
        }
        Column c = asColumn(arg);
        if (c == null) throw new Unexpressed("an aggregate of an expression: " + f);
        Dimension d = from.column(c);
        Dataset ds = model.dataset(d.dataset()).orElseThrow();
        if (name.equals("count") && f.isDistinct()) return new Aggregate(null, d);
        if (f.isDistinct()) throw new Unexpressed(name + " of distinct values");
        if (name.equals("count")) { // non-null values: the rows of the dataset when the column is its key
            if (!isKey(ds, d)) throw new Unexpressed("count of a column that may hold NULL");
            if (from.datasets().size() > 1 && !ds.equals(countedDataset(from))) throw new Unexpressed("count over a join");
            return new Aggregate(countOf(ds), null);
        }
        SemanticMetric.Agg agg = switch (name) {
            case "sum" -> SemanticMetric.Agg.SUM;
            case "avg" -> SemanticMetric.Agg.AVG;
            case "min" -> SemanticMetric.Agg.MIN;
            case "max" -> SemanticMetric.Agg.MAX;
            default -> throw new Unexpressed("aggregate " + name);
        };
        if (from.datasets().size() > 1 && !ds.equals(countedDataset(from))) throw new Unexpressed(name + " over a join, of the one side");
        return new Aggregate(metricOf(ds, agg, d), null);
    }

    /**
     * The dataset whose rows a join's rows are: the one every other table of the FROM is reached from by many-to-one
     * relationships (the concerts of a join of concerts and stadiums).
     */
    private Dataset countedDataset(From from) {
        List<Dataset> ds = from.datasets();
        if (ds.size() == 1) return ds.get(0);
        List<Dataset> roots = ds.stream().filter(d -> ds.stream().allMatch(o -> o.equals(d) || reachesManyToOne(d, o))).toList();
        if (roots.size() != 1) throw new Unexpressed("rows of a join that is not many-to-one from one table");
        return roots.get(0);
    }

    private boolean reachesManyToOne(Dataset from, Dataset to) {
        java.util.Set<String> seen = new java.util.HashSet<>(List.of(from.name()));
        java.util.ArrayDeque<String> next = new java.util.ArrayDeque<>(List.of(from.name()));
        while (!next.isEmpty()) {
            String d = next.poll();
            if (d.equals(to.name())) return true;
            model.relationships().stream().filter(r -> r.from().equals(d)).forEach(r -> {
                if (seen.add(r.to())) next.add(r.to());
            });
        }
        return false;
    }

    private String countOf(Dataset d) {
        return model.metrics().stream().filter(m -> m instanceof SemanticMetric.Simple s && s.dataset().equals(d.name()) && s.agg() == SemanticMetric.Agg.COUNT
                        && s.expr() == null && s.filter() == null && s.segments().isEmpty())
                .map(SemanticMetric::name).findFirst().orElseThrow(() -> new Unexpressed("no count metric of " + d.name()));
    }

    private String metricOf(Dataset d, SemanticMetric.Agg agg, Dimension column) {
        return model.metrics().stream().filter(m -> m instanceof SemanticMetric.Simple s && s.dataset().equals(d.name()) && s.agg() == agg
                        && s.expr() != null && reads(s.expr(), column.expr()) && s.filter() == null && s.segments().isEmpty() && !s.isSnapshot())
                .map(SemanticMetric::name).findFirst()
                .orElseThrow(() -> new Unexpressed("no " + agg.name().toLowerCase(Locale.ROOT) + " metric of " + column.qualifiedName()));
    }

    private boolean isKey(Dataset d, Dimension column) {
        return d.primaryKey().size() == 1 && same(d.primaryKey().get(0), column.expr());
    }

    private SemanticQuery where(SemanticQuery q, Expression where, From from) {
        if (where == null) return q;
        for (Expression c : conjuncts(where)) q = condition(q, c, from);
        return q;
    }

    private SemanticQuery condition(SemanticQuery q, Expression c, From from) {
        if (c instanceof InExpression in) {
            Column col = asColumn(in.getLeftExpression());
            if (col == null) throw new Unexpressed("IN of an expression");
            if (in.getRightExpression() instanceof Select sub) return related(q, col, sub, in.isNot(), from);
            if (!(in.getRightExpression() instanceof ExpressionList<?> list)) throw new Unexpressed("IN of something other than values");
            List<String> values = new ArrayList<>();
            for (Object v : list) values.add(literal((Expression) v));
            return q.where(List.of(new SemanticQuery.Filter(from.column(col).qualifiedName(), in.isNot() ? "not_in" : "in", values)));
        }
        if (c instanceof Between b) {
            Column col = asColumn(b.getLeftExpression());
            if (b.isNot() || col == null) throw new Unexpressed("NOT BETWEEN, or BETWEEN of an expression");
            return q.where(List.of(new SemanticQuery.Filter(from.column(col).qualifiedName(), "between",
                    List.of(literal(b.getBetweenExpressionStart()), literal(b.getBetweenExpressionEnd())))));
        }
        if (c instanceof LikeExpression like) {
            Column col = asColumn(like.getLeftExpression());
            if (col == null || !(like.getRightExpression() instanceof StringValue || quotedText(like.getRightExpression()))) throw new Unexpressed("LIKE of an expression");
            String pattern = literal(like.getRightExpression());
            String inner = pattern.length() >= 2 && pattern.startsWith("%") && pattern.endsWith("%") ? pattern.substring(1, pattern.length() - 1) : null;
            if (inner == null || inner.contains("%") || inner.contains("_") || like.isCaseInsensitive()) throw new Unexpressed("a LIKE pattern other than %text%");
            return q.where(List.of(new SemanticQuery.Filter(from.column(col).qualifiedName(), like.isNot() ? "not_contains" : "contains", List.of(inner.replace("''", "'")))));
        }
        if (c instanceof ComparisonOperator cmp) {
            String op = c instanceof EqualsTo ? "=" : c instanceof NotEqualsTo ? "!=" : c instanceof GreaterThan ? ">" : c instanceof GreaterThanEquals ? ">="
                    : c instanceof MinorThan ? "<" : c instanceof MinorThanEquals ? "<=" : null;
            if (op == null) throw new Unexpressed("comparison " + c);
            Expression left = cmp.getLeftExpression(), right = cmp.getRightExpression();
            Column col = asColumn(left);
            if (col != null && right instanceof ParenthesedSelect sub && op.equals("=")) return superlative(q, col, sub, from);
            if (col == null) throw new Unexpressed("a condition on an expression");
            if (right instanceof Column && !quotedText(right)) throw new Unexpressed("a condition between two columns");
            return q.where(List.of(new SemanticQuery.Filter(from.column(col).qualifiedName(), op, List.of(literal(right)))));
        }
        throw new Unexpressed("a condition of another kind: " + c);
    }

    /** {@code x = (SELECT max(x) FROM t)}: the rows with the largest x, ties kept (every row equal to it). */
    private SemanticQuery superlative(SemanticQuery q, Column col, ParenthesedSelect sub, From from) {
        if (!(sub.getSelect() instanceof PlainSelect ps) || ps.getWhere() != null || ps.getJoins() != null || ps.getSelectItems().size() != 1
                || !(ps.getSelectItems().get(0).getExpression() instanceof Function f) || f.getParameters() == null
                || !(ps.getFromItem() instanceof Table t) || !datasetOf(t.getName()).equals(from.datasetOfColumn(col))) {
            throw new Unexpressed("a comparison with a subquery other than the extreme of the same column");
        }
        String fn = f.getName().toLowerCase(Locale.ROOT);
        Object arg = f.getParameters().get(0);
        if (!(fn.equals("max") || fn.equals("min")) || !(arg instanceof Column ac) || !same(ac.getColumnName(), col.getColumnName())) {
            throw new Unexpressed("a comparison with a subquery other than the extreme of the same column");
        }
        if (q.limit() != null || !q.order().isEmpty()) throw new Unexpressed("a superlative with its own order");
        return q.orderBy((fn.equals("max") ? "-" : "") + from.column(col).qualifiedName()).limit(1).withTies();
    }

    /** {@code key [NOT] IN (SELECT fk FROM other [WHERE ...])}: the rows that have (or have no) related rows of the other dataset. */
    private SemanticQuery related(SemanticQuery q, Column col, Select sub, boolean none, From from) {
        if (!(sub instanceof ParenthesedSelect ps0) || !(ps0.getSelect() instanceof PlainSelect ps) || ps.getJoins() != null || ps.getGroupBy() != null
                || ps.getSelectItems().size() != 1 || !(ps.getSelectItems().get(0).getExpression() instanceof Column fk) || !(ps.getFromItem() instanceof Table t)) {
            throw new Unexpressed("a subquery other than one column of one table");
        }
        Dataset other = datasetOf(t.getName());
        Dimension key = from.column(col);
        Dimension refers = dimensionOf(other, unquote(fk.getColumnName()));
        if (!sameEntity(refers, key)) throw new Unexpressed("a subquery on a column that does not refer to the key " + key.qualifiedName());
        From inner = new From(ps);
        StringBuilder text = new StringBuilder(none ? "not " : "").append(other.name());
        List<String> conditions = new ArrayList<>();
        if (ps.getWhere() != null) {
            SemanticQuery scratch = where(SemanticQuery.of(), ps.getWhere(), inner);
            if (!scratch.exists().isEmpty() || !scratch.order().isEmpty()) throw new Unexpressed("a nested condition in a subquery");
            for (SemanticQuery.Filter f : scratch.filters()) conditions.add(f.toString());
        }
        if (!conditions.isEmpty()) text.append(" where ").append(String.join(" and ", conditions));
        return q.exists(text.toString());
    }

    private SemanticQuery having(SemanticQuery q, Expression having, From from) {
        for (Expression c : conjuncts(having)) {
            if (!(c instanceof ComparisonOperator cmp) || !(cmp.getLeftExpression() instanceof Function f) || !isAggregate(f)) {
                throw new Unexpressed("a HAVING other than an aggregate compared with a number");
            }
            Aggregate a = aggregate(f, from);
            if (a.metric() == null) throw new Unexpressed("HAVING on a distinct count");
            String op = c instanceof EqualsTo ? "=" : c instanceof NotEqualsTo ? "!=" : c instanceof GreaterThan ? ">" : c instanceof GreaterThanEquals ? ">="
                    : c instanceof MinorThan ? "<" : c instanceof MinorThanEquals ? "<=" : null;
            if (op == null) throw new Unexpressed("HAVING " + c);
            q = q.where(List.of(new SemanticQuery.Filter(a.metric(), op, List.of(literal(cmp.getRightExpression())))));
        }
        return q;
    }

    private String orderField(Expression e, From from) {
        if (e instanceof Function f && isAggregate(f)) {
            Aggregate a = aggregate(f, from);
            if (a.metric() == null) throw new Unexpressed("ORDER BY a distinct count");
            return a.metric();
        }
        Column c = asColumn(e);
        if (c != null) return from.column(c).qualifiedName();
        throw new Unexpressed("ORDER BY an expression");
    }

    private static String literal(Expression e) {
        if (e instanceof Parenthesis p) return literal(p.getExpression());
        if (e instanceof StringValue s) return s.getValue().replace("''", "'");
        if (e instanceof LongValue l) return l.getStringValue();
        if (e instanceof DoubleValue d) return String.valueOf(d.getValue());
        if (e instanceof SignedExpression s && s.getSign() == '-') return "-" + literal(s.getExpression());
        if (e instanceof Column c && c.getColumnName().startsWith("\"")) return unquote(c.getColumnName()); // "text" read as a value by SQLite
        throw new Unexpressed("a value that is not a literal: " + e);
    }

    /** A column reference, also where the parser read a bare name as a keyword or function ({@code YEAR}); null otherwise. */
    private static Column asColumn(Expression e) {
        if (e instanceof Column c) return c.getColumnName().startsWith("\"") && c.getTable() == null ? null : c;
        String text = e == null ? "" : e.toString();
        if (text.matches("[A-Za-z_][A-Za-z0-9_]*")) return new Column(text);
        if (text.matches("[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*")) {
            return new Column(new Table(text.substring(0, text.indexOf('.'))), text.substring(text.indexOf('.') + 1));
        }
        return null;
    }

    /** A double-quoted text, which SQLite reads as a string where no column has its name. */
    private static boolean quotedText(Expression e) {
        return e instanceof Column c && c.getTable() == null && c.getColumnName().startsWith("\"");
    }

    private static List<Expression> conjuncts(Expression e) {
        List<Expression> out = new ArrayList<>();
        if (e instanceof Parenthesis p) {
            out.addAll(conjuncts(p.getExpression()));
        } else if (e instanceof AndExpression a) {
            out.addAll(conjuncts(a.getLeftExpression()));
            out.addAll(conjuncts(a.getRightExpression()));
        } else if (e instanceof net.sf.jsqlparser.expression.operators.conditional.OrExpression or) {
            out.add(anyOf(or));
        } else {
            out.add(e);
        }
        return out;
    }

    /** {@code a = 1 OR a = 2}: {@code a IN (1, 2)}; any other OR has no semantic form. */
    private static Expression anyOf(Expression or) {
        List<Expression> alternatives = new ArrayList<>();
        java.util.ArrayDeque<Expression> todo = new java.util.ArrayDeque<>(List.of(or));
        while (!todo.isEmpty()) {
            Expression x = todo.pop();
            if (x instanceof Parenthesis p) todo.push(p.getExpression());
            else if (x instanceof net.sf.jsqlparser.expression.operators.conditional.OrExpression o) {
                todo.push(o.getRightExpression());
                todo.push(o.getLeftExpression());
            } else alternatives.add(x);
        }
        String column = null;
        ExpressionList<Expression> values = new ExpressionList<>();
        Column left = null;
        for (Expression a : alternatives) {
            if (!(a instanceof EqualsTo eq) || asColumn(eq.getLeftExpression()) == null) throw new Unexpressed("an OR");
            Column c = asColumn(eq.getLeftExpression());
            if (column != null && !column.equalsIgnoreCase(c.getFullyQualifiedName())) throw new Unexpressed("an OR of different columns");
            column = c.getFullyQualifiedName();
            left = c;
            values.add(eq.getRightExpression());
        }
        return new InExpression(left, values);
    }

    private static boolean isAggregate(Function f) {
        return java.util.Set.of("count", "sum", "avg", "min", "max").contains(f.getName().toLowerCase(Locale.ROOT));
    }

    private Dataset datasetOf(String table) {
        String t = unquote(table);
        return model.datasets().stream().filter(d -> d.table() != null && unquote(d.table()).equalsIgnoreCase(t)).findFirst()
                .orElseThrow(() -> new Unexpressed("no dataset of table " + t));
    }

    private Optional<Dimension> findDimension(Dataset d, String column) {
        return model.dimensions().stream().filter(x -> x.dataset().equals(d.name()) && !x.time() && reads(x.expr(), column)).findFirst()
                .or(() -> model.dimensions().stream().filter(x -> x.dataset().equals(d.name()) && reads(x.expr(), column)).findFirst());
    }

    private Dimension dimensionOf(Dataset d, String column) {
        return findDimension(d, column).orElseThrow(() -> new Unexpressed("no dimension of " + d.name() + " reads column " + column));
    }

    /** Whether an expression of the model reads the column as it is (or cast, a number written as text). */
    private static boolean reads(String expr, String column) {
        String e = unquote(expr.strip());
        if (e.equalsIgnoreCase(column)) return true;
        java.util.regex.Matcher cast = java.util.regex.Pattern.compile("(?i)^CAST\\(\\s*(.+?)\\s+AS\\s+\\w+\\s*\\)$").matcher(e);
        return cast.matches() && unquote(cast.group(1)).equalsIgnoreCase(column);
    }

    private static boolean same(String a, String b) {
        return unquote(a).equalsIgnoreCase(unquote(b));
    }

    private static String unquote(String s) {
        String t = s.strip();
        if (t.length() >= 2 && (t.startsWith("\"") && t.endsWith("\"") || t.startsWith("`") && t.endsWith("`") || t.startsWith("[") && t.endsWith("]"))) {
            return t.substring(1, t.length() - 1);
        }
        return t;
    }

    private static String lower(String s) {
        return unquote(s).toLowerCase(Locale.ROOT);
    }
}
