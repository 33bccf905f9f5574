package dev.almanac.knowledge;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;

/**
 * An Apache Ossie metric's expression (ANSI SQL over {@code dataset.field}) read as Almanac metrics, with JSqlParser: one
 * aggregate over one dataset's fields is a simple metric; an expression of several aggregates
 * ({@code SUM(store_sales.price) / COUNT(DISTINCT customer.id)}) is a derived metric over one simple metric per aggregate,
 * each aggregated over its own dataset (as MetricFlow computes a derived metric's inputs). A field named in an aggregate
 * is replaced by its expression; a name that is no field is the dataset's column of that name.
 */
final class OssieMetricExpression {
    private static final Set<String> AGGREGATES = Set.of("sum", "count", "avg", "min", "max", "median");

    private OssieMetricExpression() {}

    /** One aggregate of the expression: its text as the parser prints it, and what it computes over which dataset. */
    record Aggregate(String text, String dataset, String agg, String expr) {}

    /** What an expression reads as. */
    sealed interface Reading {
        /** One aggregate and nothing around it. */
        record Simple(Aggregate aggregate) implements Reading {}

        /** Several aggregates (or one inside arithmetic): {@code expr} names the i-th by {@code alias(i)}. */
        record Derived(String expr, List<Aggregate> parts) implements Reading {}

        record Unmapped(String reason) implements Reading {}
    }

    /** The name a derived expression gives its i-th aggregate. */
    static String alias(int i) {
        return "m" + (i + 1);
    }

    /**
     * Reads an expression.
     *
     * @param fields each dataset's fields (lower-case dataset name -> field name -> SQL expression over the dataset's columns)
     */
    static Reading read(String expression, Map<String, Map<String, String>> fields) {
        Expression parsed;
        try {
            parsed = CCJSqlParserUtil.parseExpression(expression, false);
        } catch (JSQLParserException | RuntimeException e) {
            return new Reading.Unmapped("'" + expression + "' is not one SQL expression");
        }
        List<Function> found = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        parsed.accept(new ExpressionVisitorAdapter<Void>() {
            @Override
            public <S> Void visit(Function f, S context) {
                if (AGGREGATES.contains(f.getName().toLowerCase(Locale.ROOT))) found.add(f); // no aggregate inside an aggregate
                else super.visit(f, context);
                return null;
            }

            @Override
            public <S> Void visit(Column c, S context) {
                problems.add(c.getFullyQualifiedName() + " is outside any aggregate");
                return null;
            }
        }, null);
        if (found.isEmpty()) return new Reading.Unmapped("'" + expression + "' has no aggregate (SUM, COUNT, AVG, MIN, MAX, MEDIAN)");
        if (!problems.isEmpty()) return new Reading.Unmapped("'" + expression + "': " + problems.get(0));
        List<Aggregate> parts = new ArrayList<>();
        for (Function f : found) {
            Object part = aggregate(f, fields);
            if (part instanceof String reason) return new Reading.Unmapped("'" + expression + "': " + reason);
            parts.add((Aggregate) part);
        }
        String whole = parsed.toString();
        if (parts.size() == 1 && whole.equals(parts.get(0).text())) return new Reading.Simple(parts.get(0));
        String derived = whole;
        for (int i = 0; i < parts.size(); i++) derived = derived.replace(parts.get(i).text(), alias(i));
        return new Reading.Derived(derived, parts);
    }

    /** An aggregate over one dataset, or why it is not one (a String). */
    private static Object aggregate(Function f, Map<String, Map<String, String>> fields) {
        String name = f.getName().toLowerCase(Locale.ROOT);
        if (f.isAllColumns() || f.getParameters() == null || f.getParameters().isEmpty()) {
            return name.equals("count") ? "COUNT(*) names no dataset: write COUNT(dataset.key)" : f + " has no argument";
        }
        if (f.getParameters().size() != 1) return f + " takes more than one argument";
        Expression arg = (Expression) f.getParameters().get(0);
        Set<String> datasets = new LinkedHashSet<>();
        List<String> unqualified = new ArrayList<>();
        arg.accept(new ExpressionVisitorAdapter<Void>() {
            @Override
            public <S> Void visit(Column c, S context) {
                if (c.getTable() == null || c.getTable().getName() == null) unqualified.add(c.getColumnName());
                else datasets.add(c.getTable().getName().toLowerCase(Locale.ROOT));
                return null;
            }
        }, null);
        if (!unqualified.isEmpty()) return "'" + unqualified.get(0) + "' in " + f + " names no dataset (write dataset.field)";
        if (datasets.size() != 1) return f + (datasets.isEmpty() ? " reads no field" : " reads fields of several datasets (" + String.join(", ", datasets) + ")");
        String dataset = datasets.iterator().next();
        Map<String, String> own = fields.get(dataset);
        if (own == null) return "'" + dataset + "' in " + f + " is no dataset of the model";
        String expr = arg.toString();
        Matcher m = Pattern.compile("(?i)\\b" + Pattern.quote(dataset) + "\\.([A-Za-z_][A-Za-z0-9_]*)\\b").matcher(expr);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String field = own.get(m.group(1).toLowerCase(Locale.ROOT));
            String replacement = field == null ? m.group(1) : field.matches("[A-Za-z_][A-Za-z0-9_]*") ? field : "(" + field + ")";
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        String agg = name.equals("count") && f.isDistinct() ? "count_distinct" : name;
        if (f.isDistinct() && !name.equals("count")) return f + ": DISTINCT is read only in COUNT";
        return new Aggregate(f.toString(), dataset, agg, out.toString());
    }
}
