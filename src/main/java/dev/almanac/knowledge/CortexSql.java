package dev.almanac.knowledge;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * The SQL of a Cortex Analyst semantic model made portable and physical, with JSqlParser. Cortex expressions are
 * Snowflake SQL: the Snowflake functions that have a portable form are written in it ({@code IFF} as {@code CASE},
 * {@code NVL} as {@code COALESCE}, {@code DIV0}, {@code ZEROIFNULL}, {@code COUNT_IF}, {@code DECODE}, {@code YEAR(x)} as
 * {@code EXTRACT}, ...), the ones that have none ({@code DATEADD}, {@code PARSE_JSON}, {@code ARRAY_SIZE}, ...) refuse the
 * item with the reason. Logical names become physical: a logical column is written as its expression over the base
 * table, and in a verified query a logical table ({@code orders} or {@code __orders}) as its base table.
 */
final class CortexSql {
    /** Snowflake functions with no portable form (or one whose meaning differs elsewhere): an item using one is not mapped. */
    static final Set<String> SNOWFLAKE_ONLY = Set.of("dateadd", "datediff", "timeadd", "timediff", "timestampadd", "timestampdiff", "add_months",
            "last_day", "next_day", "previous_day", "dayname", "monthname", "dayofweek", "dayofweekiso", "dayofyear", "weekofyear", "weekiso", "yearofweek",
            "convert_timezone", "to_number", "to_decimal", "to_numeric", "to_double", "to_boolean", "to_time", "to_timestamp_ltz", "to_timestamp_tz",
            "try_to_number", "try_to_decimal", "try_to_numeric", "try_to_double", "try_to_date", "try_to_timestamp", "try_to_boolean", "try_cast",
            "parse_json", "try_parse_json", "to_variant", "to_array", "to_object", "object_construct", "object_keys", "array_construct", "array_size",
            "array_contains", "array_slice", "flatten", "get", "get_path", "strtok", "strtok_to_array", "split", "editdistance", "jarowinkler_similarity",
            "approx_count_distinct", "hll", "approx_percentile", "approx_top_k", "ratio_to_report", "booland_agg", "boolor_agg", "boolxor_agg",
            "bitand_agg", "bitor_agg", "object_agg", "array_agg", "listagg", "charindex", "regexp_substr", "regexp_count", "regexp_instr", "rlike",
            "uuid_string", "hash", "seq4", "seq8", "uniform", "random", "to_geography", "st_distance", "st_makepoint", "h3_latlng_to_cell",
            "current_warehouse", "current_role", "current_user", "current_account", "current_region", "current_session", "system$typeof", "typeof");

    /** Aggregates a metric reads: {@code COUNT_IF} is written as {@code COUNT(CASE ...)} before. */
    static final Set<String> AGGREGATES = Set.of("sum", "count", "avg", "min", "max", "median");

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");
    private static final Set<String> TIME_PARTS = Set.of("year", "quarter", "month", "week", "day", "hour", "minute", "second");

    private CortexSql() {}

    /** What a translation gives: the SQL, or why there is none. */
    sealed interface Result {
        record Ok(String sql, List<String> tables) implements Result {
            Ok(String sql) {
                this(sql, List.of());
            }
        }

        record Refused(String reason) implements Result {}
    }

    /**
     * A logical table as the translation sees it: its Cortex name, Almanac's dataset name, the base table as SQL names it,
     * its columns by lower-case name with the catalog's spelling when the catalog knows them (else null), and its logical
     * columns, each read as the expression over the base table it stands for ({@code logicalColumn} gives null for a name
     * that is none).
     */
    record Scope(String logical, String dataset, String physical, Map<String, String> physicalColumns, UnaryOperator<String> logicalColumn,
                 Map<String, String> metrics) {
        /** Whether a qualifier ({@code orders}, {@code __orders}, the dataset's name or the base table's) names this table. */
        boolean named(String qualifier) {
            String q = bare(qualifier);
            return q.equals(key(logical)) || q.equals(dataset) || q.equals(key(physical)) || q.equals(key(physical.substring(physical.lastIndexOf('.') + 1)));
        }
    }

    /** A name as the model compares it: case-insensitive, its quotes and the {@code __} of Cortex's verified queries taken off. */
    static String bare(String name) {
        String n = unquote(name);
        if (n.startsWith("__")) n = n.substring(2);
        return key(n);
    }

    static String key(String name) {
        return name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
    }

    private static String unquote(String name) {
        String n = name.strip();
        if (n.length() >= 2 && (n.startsWith("\"") && n.endsWith("\"") || n.startsWith("`") && n.endsWith("`"))) return n.substring(1, n.length() - 1);
        return n;
    }

    // ------------------------------------------------------------------ expressions

    /** An expression with its Snowflake functions written portably; nothing else changes. */
    static Result portable(String expr) {
        if (IDENTIFIER.matcher(expr.strip()).matches()) return new Result.Ok(expr.strip());
        Expression parsed;
        try {
            parsed = CCJSqlParserUtil.parseExpression(expr, false);
        } catch (JSQLParserException | RuntimeException e) {
            return new Result.Refused("'" + oneLine(expr) + "' does not parse as one SQL expression");
        }
        Nodes nodes = Nodes.of(parsed);
        if (nodes == null) return new Result.Refused("'" + oneLine(expr) + "' cannot be read");
        return nodes.render();
    }

    /**
     * A row-level expression of a logical table (a dimension's, a fact's, a filter's, the argument of a metric's aggregate)
     * over its base table's columns. A column that names another logical column of the table is written as that column's
     * expression: at once when {@code logicalFirst} (filters and metrics are written over logical names), else only when
     * the base table has no column of that name (dimensions and facts are written over the base table's). {@code self} is
     * the item's own name, which always reads the base table's column.
     */
    static Result row(String expr, Scope own, boolean logicalFirst, String self) {
        String text = expr.strip();
        if (IDENTIFIER.matcher(text).matches()) { // the whole expression is one column: its expression needs no parentheses
            String replaced = column(text, own, logicalFirst, self);
            String logical = own.logicalColumn().apply(bare(text));
            return new Result.Ok(replaced == null ? text : logical != null && replaced.equals("(" + logical + ")") ? logical : replaced);
        }
        Expression parsed;
        try {
            parsed = CCJSqlParserUtil.parseExpression(text, false);
        } catch (JSQLParserException | RuntimeException e) {
            return new Result.Refused("'" + oneLine(text) + "' does not parse as one SQL expression");
        }
        Nodes nodes = Nodes.of(parsed);
        if (nodes == null) return new Result.Refused("'" + oneLine(text) + "' cannot be read");
        if (!nodes.tables.isEmpty() || !nodes.selects.isEmpty()) return new Result.Refused("'" + oneLine(text) + "' holds a subquery");
        if (!nodes.windows.isEmpty()) return new Result.Refused("'" + oneLine(text) + "' holds a window function, which a row-level value cannot");
        for (Function f : nodes.functions) {
            if (AGGREGATES.contains(key(f.getName())) || key(f.getName()).equals("count_if")) {
                return new Result.Refused("'" + oneLine(text) + "' aggregates (" + f.getName() + "), which a row-level value cannot");
            }
        }
        for (Column c : nodes.columns) {
            if (c.getTable() != null && c.getTable().getName() != null) {
                if (!own.named(c.getTable().getName())) {
                    return new Result.Refused("'" + oneLine(text) + "' reads " + c.getFullyQualifiedName() + ", a column of another logical table");
                }
                c.setTable(null);
            }
            String replaced = column(c.getColumnName(), own, logicalFirst, self);
            if (replaced != null) c.setColumnName(replaced);
        }
        return nodes.render();
    }

    /**
     * The text a column reference of a table is written as: a logical column's expression, or the catalog's spelling of
     * the base table's column ({@code TOTAL_SALES} as {@code total_sales}); null when it stays as written.
     */
    private static String column(String name, Scope own, boolean logicalFirst, String self) {
        String k = bare(name);
        String spelling = own.physicalColumns() == null || name.strip().startsWith("\"") ? null : own.physicalColumns().get(k);
        if (spelling != null && (spelling.equals(name.strip()) || !IDENTIFIER.matcher(spelling).matches())) spelling = null;
        boolean physical = own.physicalColumns() != null && own.physicalColumns().containsKey(k);
        if (self != null && k.equals(key(self)) || !logicalFirst && physical) return spelling;
        String expr = own.logicalColumn().apply(k);
        if (expr == null || bare(expr).equals(k)) return spelling;
        return IDENTIFIER.matcher(expr).matches() ? expr : "(" + expr + ")";
    }

    // ------------------------------------------------------------------ verified queries

    /**
     * A verified query, written over logical tables and columns, as SQL over the base tables: each logical table the base
     * table (aliased by its logical name when a column is qualified by it), each logical column defined by an expression
     * that expression (a bare column selected keeps its name as the output column's), Snowflake functions portably.
     * Tables that name no logical table, and the query's own CTEs, stay as written.
     */
    static Result query(String sql, Map<String, Scope> scopes) {
        Statement statement;
        try {
            statement = CCJSqlParserUtil.parse(sql.strip().replaceAll(";\\s*$", ""));
        } catch (JSQLParserException | RuntimeException e) {
            String why = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
            return new Result.Refused("the SQL does not parse" + (why.isBlank() ? "" : ": " + oneLine(why)));
        }
        if (!(statement instanceof Select)) return new Result.Refused("the SQL is not one SELECT");
        Nodes nodes = Nodes.of(statement);
        if (nodes == null) return new Result.Refused("the SQL cannot be read");
        Set<String> ctes = new java.util.HashSet<>();
        for (WithItem<?> w : nodes.withItems) if (w.getAlias() != null) ctes.add(bare(w.getAlias().getName()));
        Map<Table, Scope> refs = new IdentityHashMap<>();
        Map<String, Scope> byAlias = new LinkedHashMap<>();
        Map<String, Table> unaliased = new LinkedHashMap<>();
        Set<String> physical = new LinkedHashSet<>();
        for (Table t : nodes.tables) {
            Scope scope;
            if (t.getName() == null) {
                physical.add(t.getFullyQualifiedName());
                continue;
            }
            if (t.getSchemaName() != null) {
                // the base table by its warehouse name ("HOUSING.CORE.LOANS"), as published queries often read: that logical table
                scope = baseTableNamed(scopes, t.getName());
                if (scope == null) {
                    physical.add(t.getFullyQualifiedName());
                    continue;
                }
                t.setNameParts(new ArrayList<>(List.of(t.getName())));
            } else {
                String name = bare(t.getName());
                if (ctes.contains(name) && !t.getName().startsWith("__")) continue;
                scope = scopes.get(name);
                if (scope == null) {
                    physical.add(t.getName());
                    continue;
                }
            }
            String name = bare(t.getName());
            refs.put(t, scope);
            if (t.getAlias() != null) byAlias.put(bare(t.getAlias().getName()), scope);
            else unaliased.put(name, t);
        }
        if (refs.isEmpty()) return new Result.Refused("the SQL reads none of the model's logical tables");
        Set<Scope> used = Collections.newSetFromMap(new IdentityHashMap<>());
        used.addAll(refs.values());
        Map<Column, String> original = new IdentityHashMap<>();
        Set<Table> needAlias = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Column c : nodes.columns) {
            String qualifier = c.getTable() == null ? null : c.getTable().getName();
            Scope scope = null;
            String alias = null;
            if (qualifier != null) {
                if (c.getTable().getSchemaName() != null) continue;
                String q = bare(qualifier);
                if (byAlias.containsKey(q)) {
                    scope = byAlias.get(q);
                    alias = c.getTable().getName();
                } else if (unaliased.containsKey(q)) {
                    Table t = unaliased.get(q);
                    scope = refs.get(t);
                    needAlias.add(t);
                    alias = scope.dataset();
                    c.setTable(new Table(alias));
                }
                if (scope == null) continue;
            } else {
                String k = bare(c.getColumnName());
                List<Scope> having = used.stream().filter(s -> s.logicalColumn().apply(k) != null).toList();
                if (having.size() == 1) scope = having.get(0);
                else if (used.size() == 1) scope = used.iterator().next();
                if (scope == null) continue;
            }
            String expr = scope.logicalColumn().apply(bare(c.getColumnName()));
            if (expr == null || bare(expr).equals(bare(c.getColumnName()))) continue;
            String qualify = alias;
            if (qualify == null && refs.size() > 1) { // several tables: the expression's columns are qualified by its table's alias
                Table t = tableOf(refs, scope);
                if (t.getAlias() == null) needAlias.add(t);
                qualify = t.getAlias() != null ? t.getAlias().getName() : scope.dataset();
            }
            String written = qualify == null ? expr : qualified(expr, qualify);
            if (written == null) return new Result.Refused("the logical column " + c.getColumnName() + " (" + oneLine(expr) + ") cannot be written in the query");
            original.put(c, c.getColumnName());
            c.setTable(null);
            c.setColumnName(IDENTIFIER.matcher(expr).matches() ? written : "(" + written + ")");
        }
        List<String> tables = new ArrayList<>();
        for (Map.Entry<Table, Scope> e : refs.entrySet()) {
            Table t = e.getKey();
            Scope scope = e.getValue();
            if (needAlias.contains(t) && t.getAlias() == null) t.setAlias(new Alias(scope.dataset(), true));
            t.setName(scope.physical());
            if (!tables.contains(scope.physical())) tables.add(scope.physical());
        }
        for (PlainSelect select : nodes.selects) {
            if (select.getSelectItems() == null) continue;
            for (SelectItem<?> item : select.getSelectItems()) {
                if (item.getAlias() == null && item.getExpression() instanceof Column c && original.containsKey(c)) {
                    item.setAlias(new Alias(unquote(original.get(c)), true));
                }
            }
        }
        for (String p : physical) if (!tables.contains(p)) tables.add(p);
        Result rendered = nodes.render();
        return rendered instanceof Result.Ok ok ? new Result.Ok(ok.sql(), tables) : rendered;
    }

    /** The one logical table whose base table has this name; null when none or several have. */
    private static Scope baseTableNamed(Map<String, Scope> scopes, String table) {
        String name = bare(table);
        Set<Scope> found = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Scope s : scopes.values()) if (bare(s.physical().substring(s.physical().lastIndexOf('.') + 1)).equals(name)) found.add(s);
        return found.size() == 1 ? found.iterator().next() : null;
    }

    private static Table tableOf(Map<Table, Scope> refs, Scope scope) {
        for (Map.Entry<Table, Scope> e : refs.entrySet()) if (e.getValue() == scope) return e.getKey();
        throw new IllegalStateException("no table of " + scope.logical());
    }

    /** An expression over a table's columns with each unqualified column qualified by the alias; null when it does not parse. */
    private static String qualified(String expr, String alias) {
        if (IDENTIFIER.matcher(expr).matches()) return alias + "." + expr;
        try {
            Expression parsed = CCJSqlParserUtil.parseExpression(expr, false);
            Nodes nodes = Nodes.of(parsed);
            if (nodes == null) return null;
            for (Column c : nodes.columns) if (c.getTable() == null || c.getTable().getName() == null) c.setTable(new Table(alias));
            return parsed.toString();
        } catch (JSQLParserException | RuntimeException e) {
            return null;
        }
    }

    static String oneLine(String s) {
        String t = s.replaceAll("\\s+", " ").strip();
        return t.length() > 100 ? t.substring(0, 97) + "..." : t;
    }

    // ------------------------------------------------------------------ the nodes of a tree

    /**
     * The functions, columns, tables, casts, CTEs and SELECTs of a parsed tree, each once, found by JSqlParser's own walk
     * of every clause and subquery. Functions are kept in the order met (an outer one before those inside it).
     */
    private static final class Nodes extends TablesNamesFinder<Void> {
        final List<Function> functions = new ArrayList<>();
        final List<Column> columns = new ArrayList<>();
        final List<Table> tables = new ArrayList<>();
        final List<CastExpression> casts = new ArrayList<>();
        final List<TimeKeyExpression> timeKeys = new ArrayList<>();
        final List<WithItem<?>> withItems = new ArrayList<>();
        final List<PlainSelect> selects = new ArrayList<>();
        final List<AnalyticExpression> windows = new ArrayList<>();
        private final Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());

        static Nodes of(Object tree) {
            Nodes n = new Nodes();
            try {
                if (tree instanceof Statement s) n.getTables(s);
                else n.getTables((Expression) tree);
            } catch (RuntimeException e) { // a construct the walk does not support
                return null;
            }
            return n;
        }

        @Override
        public <S> Void visit(Function f, S context) {
            if (seen.add(f)) functions.add(f);
            return super.visit(f, context);
        }

        @Override
        public <S> Void visit(Column c, S context) {
            if (seen.add(c)) columns.add(c);
            return null;
        }

        @Override
        public <S> Void visit(Table t, S context) {
            if (seen.add(t)) tables.add(t);
            return super.visit(t, context);
        }

        @Override
        public <S> Void visit(CastExpression cast, S context) {
            if (seen.add(cast)) casts.add(cast);
            return super.visit(cast, context);
        }

        @Override
        public <S> Void visit(TimeKeyExpression key, S context) {
            if (seen.add(key)) timeKeys.add(key);
            return super.visit(key, context);
        }

        @Override
        public <S> Void visit(AnalyticExpression a, S context) {
            if (seen.add(a)) windows.add(a);
            return super.visit(a, context);
        }

        @Override
        public <S> Void visit(WithItem<?> w, S context) {
            if (seen.add(w)) withItems.add(w);
            return super.visit(w, context);
        }

        @Override
        public <S> Void visit(PlainSelect select, S context) {
            if (seen.add(select)) selects.add(select);
            return super.visit(select, context);
        }

        /**
         * The tree's text with each Snowflake function written portably. A function to rewrite becomes a marker whose
         * text is computed from its arguments (inner functions first, so an outer one's arguments hold the inner markers),
         * and the markers are then replaced until none is left.
         */
        Result render() {
            for (TimeKeyExpression key : timeKeys) {
                String v = key.getStringValue();
                if (v != null && v.endsWith("()")) key.setStringValue(v.substring(0, v.length() - 2).strip());
            }
            for (CastExpression cast : casts) {
                cast.setUseCastKeyword(true);
                var type = cast.getColDataType();
                String name = key(type.getDataType());
                if (name.equals("number") || name.equals("numeric")) type.setDataType("DECIMAL");
                else if (name.equals("string") || name.equals("text")) type.setDataType("VARCHAR");
                if (name.startsWith("varchar") || name.equals("string") || name.equals("text")) type.setArgumentsStringList(null);
                if (key(type.getDataType()).equals("decimal") && (type.getArgumentsStringList() == null || type.getArgumentsStringList().isEmpty())) {
                    type.setArgumentsStringList(List.of("38", "0"));
                }
            }
            Map<String, String> markers = new LinkedHashMap<>();
            for (int i = functions.size() - 1; i >= 0; i--) {
                Function f = functions.get(i);
                String name = key(f.getName());
                if (SNOWFLAKE_ONLY.contains(name)) return new Result.Refused("Snowflake's " + f.getName().toUpperCase(Locale.ROOT) + " has no portable form");
                List<String> args = new ArrayList<>();
                if (f.getParameters() != null) for (Object p : f.getParameters()) args.add(p.toString());
                String text = portable(name, args, f);
                if (text == null) continue;
                String marker = "ALMANACMARKER" + i;
                markers.put(marker + "()", text);
                f.setName(marker);
                f.setParameters((ExpressionList<?>) null);
                f.setDistinct(false);
                f.setAllColumns(false);
            }
            return new Result.Ok(resolve(root.toString(), markers));
        }

        /** The tree walked, whose text is rendered. */
        private Object root;

        @Override
        public java.util.Set<String> getTables(Statement statement) {
            root = statement;
            return super.getTables(statement);
        }

        @Override
        public java.util.Set<String> getTables(Expression expression) {
            root = expression;
            return super.getTables(expression);
        }

        private static String resolve(String text, Map<String, String> markers) {
            String out = text;
            for (int round = 0; round <= markers.size() && out.contains("ALMANACMARKER"); round++) {
                for (Map.Entry<String, String> m : markers.entrySet()) out = out.replace(m.getKey(), m.getValue());
            }
            return out;
        }

        /** A Snowflake function's portable text from its arguments' text, or null when it stays as it is. */
        private static String portable(String name, List<String> a, Function f) {
            int n = a.size();
            return switch (name) {
                case "iff" -> n == 3 ? "CASE WHEN " + a.get(0) + " THEN " + a.get(1) + " ELSE " + a.get(2) + " END" : null;
                case "nvl", "ifnull" -> n == 2 ? "COALESCE(" + a.get(0) + ", " + a.get(1) + ")" : null;
                case "nvl2" -> n == 3 ? "CASE WHEN (" + a.get(0) + ") IS NOT NULL THEN " + a.get(1) + " ELSE " + a.get(2) + " END" : null;
                case "zeroifnull" -> n == 1 ? "COALESCE(" + a.get(0) + ", 0)" : null;
                case "nullifzero" -> n == 1 ? "NULLIF(" + a.get(0) + ", 0)" : null;
                case "div0" -> n == 2 ? "CASE WHEN (" + a.get(1) + ") = 0 THEN 0 ELSE (" + a.get(0) + ") / (" + a.get(1) + ") END" : null;
                case "div0null" -> n == 2 ? "CASE WHEN (" + a.get(1) + ") = 0 OR (" + a.get(1) + ") IS NULL THEN 0 ELSE (" + a.get(0) + ") / (" + a.get(1) + ") END" : null;
                case "count_if" -> n == 1 ? "COUNT(CASE WHEN " + a.get(0) + " THEN 1 END)" : null;
                case "square" -> n == 1 ? "((" + a.get(0) + ") * (" + a.get(0) + "))" : null;
                case "len" -> n == 1 ? "LENGTH(" + a.get(0) + ")" : null;
                case "year", "quarter", "month", "hour", "minute", "second" -> n == 1 ? "EXTRACT(" + name.toUpperCase(Locale.ROOT) + " FROM " + a.get(0) + ")" : null;
                case "day", "dayofmonth" -> n == 1 ? "EXTRACT(DAY FROM " + a.get(0) + ")" : null;
                case "to_date", "date" -> n == 1 ? "CAST(" + a.get(0) + " AS DATE)" : null;
                case "to_timestamp", "to_timestamp_ntz" -> n == 1 ? "CAST(" + a.get(0) + " AS TIMESTAMP)" : null;
                case "to_varchar", "to_char" -> n == 1 ? "CAST(" + a.get(0) + " AS VARCHAR)" : null;
                case "date_trunc" -> n == 2 && TIME_PARTS.contains(key(unquoteText(a.get(0)))) ? "DATE_TRUNC('" + key(unquoteText(a.get(0))) + "', " + a.get(1) + ")" : null;
                case "decode" -> n >= 3 ? decode(a) : null;
                default -> null;
            };
        }

        /** A part name as written: {@code month}, {@code 'MONTH'} or {@code "month"}. */
        private static String unquoteText(String part) {
            String p = part.strip();
            return p.length() >= 2 && p.startsWith("'") && p.endsWith("'") ? p.substring(1, p.length() - 1) : unquote(p);
        }

        /** Snowflake's DECODE(expr, search, result, ..., default): a NULL search matches a NULL expr. */
        private static String decode(List<String> a) {
            StringBuilder out = new StringBuilder("CASE");
            int i = 1;
            for (; i + 1 < a.size(); i += 2) {
                boolean isNull = a.get(i).strip().equalsIgnoreCase("null");
                out.append(" WHEN ").append(isNull ? "(" + a.get(0) + ") IS NULL" : "(" + a.get(0) + ") = " + a.get(i)).append(" THEN ").append(a.get(i + 1));
            }
            if (i < a.size()) out.append(" ELSE ").append(a.get(i));
            return out.append(" END").toString();
        }
    }
}
