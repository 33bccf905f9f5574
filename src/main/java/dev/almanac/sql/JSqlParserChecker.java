package dev.almanac.sql;

import dev.almanac.source.Dialect;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NextValExpression;
import net.sf.jsqlparser.expression.UserVariable;
import net.sf.jsqlparser.parser.AbstractJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.Node;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.PivotQuery;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.WithFunctionDeclaration;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * The guard for every dialect but DuckDB's: JSqlParser, a maintained multi-dialect parser, configured
 * for the dialect (its quoting, escapes and comments). Allowed: one SELECT, WITH ... SELECT, VALUES or
 * set operation. The whole parse tree is then walked, every field of every node (so that no kind of
 * node can be missed), and the query is rejected on a statement that writes inside it (a data-modifying
 * CTE), SELECT ... INTO, FOR UPDATE/SHARE, WITH FUNCTION, NEXT VALUE FOR, a denied function or a table
 * function off the allow-list ({@link FunctionPolicy}), or a table name that looks like a path, URL or
 * stage. Table references (not column qualifiers) are the tables read, less the names of CTEs.
 */
final class JSqlParserChecker implements StatementChecker {
    /** Parsing longer than this is given up (JSqlParser backtracks on some inputs); the statement is rejected. */
    static final long TIMEOUT_MILLIS = 5000;
    private static final ExecutorService PARSING = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "almanac-sql-parser");
        t.setDaemon(true);
        return t;
    });

    /**
     * SQLite's keywords that it also reads as names (the "fallback" tokens of its grammar). JSqlParser
     * reserves a few of them ({@code current}, say); where it stops at one, the guard reads it quoted.
     * (GLOB, LIKE, MATCH and REGEXP are operators first: see {@link #asSqliteReadsIt}.)
     */
    private static final Set<String> SQLITE_NAME_KEYWORDS = Set.of("ABORT", "ACTION", "AFTER", "ALWAYS", "ANALYZE", "ASC", "ATTACH",
            "BEFORE", "BEGIN", "BY", "CASCADE", "CAST", "COLUMN", "CONFLICT", "CURRENT", "CURRENT_DATE", "CURRENT_TIME",
            "CURRENT_TIMESTAMP", "DATABASE", "DEFERRED", "DESC", "DETACH", "DO", "EACH", "END", "EXCLUDE", "EXCLUSIVE", "EXPLAIN", "FAIL",
            "FIRST", "FOLLOWING", "FOR", "GENERATED", "GLOB", "GROUPS", "IF", "IGNORE", "IMMEDIATE", "INITIALLY", "INSTEAD", "KEY", "LAST",
            "LIKE", "MATCH", "MATERIALIZED", "NO", "NULLS", "OF", "OFFSET", "OTHERS", "PARTITION", "PLAN", "PRAGMA", "PRECEDING", "QUERY",
            "RAISE", "RANGE", "RECURSIVE", "REGEXP", "REINDEX", "RELEASE", "RENAME", "REPLACE", "RESTRICT", "ROW", "ROWID", "ROWS",
            "SAVEPOINT", "TEMP", "TEMPORARY", "TIES", "TRIGGER", "UNBOUNDED", "VACUUM", "VIEW", "VIRTUAL", "WITH", "WITHOUT");
    private static final int MAX_REREADS = 8;
    private static final Pattern IS_NOT = Pattern.compile("\\s+NOT\\b", Pattern.CASE_INSENSITIVE);

    /** A quoted name that an engine would read as a file, URL or glob; in BigQuery's `...` names dots separate project, dataset and table. */
    private static final Pattern PATH_LIKE = DuckDbChecker.PATH_LIKE;
    private static final Pattern PATH_LIKE_BUT_DOTS = Pattern.compile(".*[/\\\\:*?~].*");

    static final String ALLOWED_KINDS = "only one read-only query (SELECT, WITH ... SELECT, VALUES) may run";

    private final Dialect dialect;
    private final SqlLexer lexer;

    JSqlParserChecker(Dialect dialect, SqlLexer lexer) {
        if (dialect == Dialect.DUCKDB) throw new IllegalArgumentException("DuckDB statements are read by DuckDB's own parser");
        this.dialect = dialect;
        this.lexer = lexer;
    }

    @Override
    public Verdict check(String sql, String statement) {
        Statements statements;
        try {
            statements = parse(sql);
        } catch (Unreadable e) {
            String verb = Verbs.reason(lexer.topLevelWords(statement), false, ALLOWED_KINDS);
            return new Verdict.Rejected(verb != null ? verb : e.getMessage());
        }
        List<Statement> parsed = statements.stream().filter(s -> s != null).toList();
        if (parsed.size() != 1) return new Verdict.Rejected("several statements (" + parsed.size() + "): " + ALLOWED_KINDS);
        Statement only = parsed.get(0);
        if (!(only instanceof Select)) {
            String verb = Verbs.reason(lexer.topLevelWords(statement), true, ALLOWED_KINDS);
            return new Verdict.Rejected(verb != null ? verb : "this statement cannot be verified as a read-only query: " + ALLOWED_KINDS);
        }
        Walk walk = new Walk();
        try {
            walk.visit(only);
        } catch (StackOverflowError e) {
            return new Verdict.Rejected("the query is nested too deeply for the guard to read");
        }
        if (walk.problem != null) return new Verdict.Rejected(walk.problem);
        Set<String> tables = new LinkedHashSet<>(walk.tables);
        tables.removeIf(t -> walk.cteNames.contains(t.toLowerCase(Locale.ROOT)));
        return new Verdict.Allowed(sql, Set.copyOf(tables));
    }

    @Override
    public String notOneExpression(String expression) {
        String sql = "SELECT " + expression;
        if (lexer.statements(sql).size() != 1) return "it holds several statements";
        String ambiguity = lexer.ambiguity(sql);
        if (ambiguity != null) return ambiguity;
        Statements statements;
        try {
            statements = parse(sql);
        } catch (Unreadable e) {
            return e.getMessage();
        }
        List<Statement> parsed = statements.stream().filter(x -> x != null).toList();
        if (parsed.size() != 1 || !(parsed.get(0) instanceof PlainSelect p)) return "it is not one expression";
        if (p.getSelectItems() == null || p.getSelectItems().size() != 1) return "it holds several expressions separated by commas";
        if (p.getSelectItems().get(0).getAlias() != null) return "it names its value with AS";
        if (p.getFromItem() != null || p.getJoins() != null && !p.getJoins().isEmpty()) return "it holds a FROM clause";
        if (p.getWhere() != null || p.getGroupBy() != null || p.getHaving() != null || p.getQualify() != null || p.getOrderByElements() != null
                || p.getLimit() != null || p.getOffset() != null || p.getFetch() != null || p.getWithItemsList() != null || p.getDistinct() != null
                || p.getTop() != null || p.getIntoTables() != null) {
            return "it holds clauses of a query (WHERE, GROUP BY, ORDER BY, LIMIT, WITH...)";
        }
        return null;
    }

    /**
     * The statements of a text. In SQLite, where JSqlParser stops at a word SQLite reads differently, the guard
     * reads it as SQLite does and parses again: a keyword SQLite takes for a name is read quoted, GLOB and MATCH
     * as LIKE, and {@code a IS b} / {@code a IS NOT b} as IS [NOT] DISTINCT FROM (the same comparisons in
     * JSqlParser's grammar). Only the guard's reading changes; the engine runs the text as given. A text that
     * still does not parse is reported at its first problem.
     */
    private Statements parse(String sql) throws Unreadable {
        String text = sql;
        JSQLParserException first = null;
        Token firstAt = null;
        for (int attempt = 0; ; attempt++) {
            try {
                Statements statements = CCJSqlParserUtil.parseStatements(text, PARSING, this::configure);
                if (statements == null) throw new Unreadable("not valid " + dialect.label() + " (as the guard reads it)");
                return statements;
            } catch (JSQLParserException e) {
                Token at = unexpected(e);
                if (first == null) {
                    first = e;
                    firstAt = at;
                }
                String reread = dialect == Dialect.SQLITE && at != null && attempt < MAX_REREADS ? asSqliteReadsIt(text, at) : null;
                if (reread == null) throw new Unreadable(problem(first, firstAt));
                text = reread;
            }
        }
    }

    /** The text with the word JSqlParser stopped at written as JSqlParser's grammar says what SQLite means; null when there is none. */
    static String asSqliteReadsIt(String text, Token at) {
        int offset = offsetOf(text, at);
        if (offset < 0 || text.substring(0, offset).isBlank()) return null; // a statement's first word is its verb, never a name
        String word = at.image.toUpperCase(Locale.ROOT);
        int end = offset + at.image.length();
        if (word.equals("GLOB") || word.equals("MATCH")) return text.substring(0, offset) + "LIKE" + text.substring(end);
        if (word.equals("IS")) {
            java.util.regex.Matcher not = IS_NOT.matcher(text).region(end, text.length());
            if (not.lookingAt()) return text.substring(0, offset) + "IS DISTINCT FROM" + text.substring(not.end());
            return text.substring(0, offset) + "IS NOT DISTINCT FROM" + text.substring(end);
        }
        if (SQLITE_NAME_KEYWORDS.contains(word)) return text.substring(0, offset) + '"' + at.image + '"' + text.substring(end);
        return null;
    }

    private void configure(CCJSqlParser parser) {
        parser.withTimeOut(TIMEOUT_MILLIS);
        switch (dialect) {
            case SQLITE -> parser.withSquareBracketQuotation(true).withDollarQuotedStringTags(false);
            case POSTGRES -> parser.withDialect(AbstractJSqlParser.Dialect.POSTGRESQL);
            case MYSQL -> parser.withDialect(AbstractJSqlParser.Dialect.MYSQL);
            case SNOWFLAKE -> parser.withDialect(AbstractJSqlParser.Dialect.SNOWFLAKE);
            case BIGQUERY -> parser.withDialect(AbstractJSqlParser.Dialect.BIGQUERY);
            case TRINO, OTHER, DUCKDB -> parser.withDollarQuotedStringTags(false);
        }
    }

    private String problem(JSQLParserException e, Token at) {
        String prefix = "not valid " + dialect.label() + " (as the guard reads it): ";
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof TimeoutException) return "the guard could not read this query within " + TIMEOUT_MILLIS / 1000 + " s: simplify it";
        }
        if (at != null) {
            String what = at.kind == 0 ? "end of the statement" : "\"" + at.image + "\"";
            return prefix + "unexpected " + what + " at line " + at.beginLine + ", column " + at.beginColumn;
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        return prefix + Guard.firstLine(root.getMessage());
    }

    /** The token the parser stopped at, if it says. */
    private static Token unexpected(JSQLParserException e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof ParseException pe && pe.currentToken != null && pe.currentToken.next != null) return pe.currentToken.next;
        }
        return null;
    }

    /** Where a token starts in the text: its recorded offset, checked against its image, else its line and column. */
    private static int offsetOf(String text, Token token) {
        String image = token.image;
        if (image == null || image.isEmpty()) return -1;
        for (int candidate : new int[] {token.absoluteBegin - 1, token.absoluteBegin}) {
            if (candidate >= 0 && text.regionMatches(true, candidate, image, 0, image.length())) return candidate;
        }
        int lineStart = 0;
        for (int line = 1; line < token.beginLine && lineStart >= 0; line++) lineStart = text.indexOf('\n', lineStart) + 1;
        int candidate = lineStart + token.beginColumn - 1;
        return lineStart >= 0 && candidate >= 0 && text.regionMatches(true, candidate, image, 0, image.length()) ? candidate : -1;
    }

    /** A name without its quotes: "x", `x`, [x] or 'x'. */
    static String unquote(String name) {
        if (name == null || name.length() < 2) return name;
        char first = name.charAt(0);
        char last = name.charAt(name.length() - 1);
        String inner = name.substring(1, name.length() - 1);
        if (first == '"' && last == '"') return inner.replace("\"\"", "\"");
        if (first == '`' && last == '`') return inner.replace("``", "`");
        if (first == '\'' && last == '\'') return inner.replace("''", "'");
        if (first == '[' && last == ']') return inner;
        return name;
    }

    /** Thrown when the statement cannot be parsed; the message is the one-line reason. */
    private static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;

        Unreadable(String reason) {
            super(reason, null, false, false);
        }
    }

    /** The fields of each parse-tree class, so that the walk reaches every node; column qualifiers are not tables read. */
    private static final ClassValue<Field[]> FIELDS = new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
            List<Field> out = new ArrayList<>();
            for (Class<?> c = type; c != null && inTree(c); c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive() || f.getType() == String.class) continue;
                    if (f.getType().getName().startsWith("net.sf.jsqlparser.parser.")) continue;
                    boolean qualifier = (c == Column.class || c == AllTableColumns.class) && f.getName().equals("table");
                    if (qualifier || f.getName().equals("resolvedTable")) continue;
                    f.setAccessible(true);
                    out.add(f);
                }
            }
            return out.toArray(Field[]::new);
        }
    };

    private static boolean inTree(Class<?> c) {
        String name = c.getName();
        return name.startsWith("net.sf.jsqlparser.") && !name.startsWith("net.sf.jsqlparser.parser.");
    }

    /** A walk over every node of a parse tree that collects tables and CTE names and stops at the first problem. */
    private final class Walk {
        final Set<String> tables = new LinkedHashSet<>();
        final Set<String> cteNames = new java.util.HashSet<>();
        final Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        String problem;

        void visit(Object node) {
            if (node == null || problem != null || node instanceof CharSequence || node instanceof Number || node instanceof Boolean
                    || node instanceof Enum<?> || node instanceof Character || !seen.add(node)) {
                return;
            }
            if (inTree(node.getClass())) {
                problem = inspect(node);
                if (problem != null) return;
                for (Field f : FIELDS.get(node.getClass())) {
                    try {
                        visit(f.get(node));
                    } catch (IllegalAccessException e) {
                        problem = "the guard could not read the query's parse tree";
                    }
                }
            }
            if (node instanceof Iterable<?> items) {
                for (Object item : items) visit(item);
            } else if (node instanceof Map<?, ?> map) {
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    visit(e.getKey());
                    visit(e.getValue());
                }
            } else if (node instanceof Object[] array) {
                for (Object item : array) visit(item);
            }
        }

        private String inspect(Object node) {
            if (node instanceof Statement s && !(s instanceof Select)) {
                String kind = s.getClass().getSimpleName().replace("Parenthesed", "").toUpperCase(Locale.ROOT);
                return kind + " inside a query changes the database: " + ALLOWED_KINDS;
            }
            if (node instanceof PivotQuery) {
                return "DuckDB's PIVOT statement is not " + dialect.label() + ": write it with GROUP BY and FILTER (WHERE ...) or CASE instead";
            }
            if (node instanceof Select s && s.getForMode() != null) return "SELECT ... FOR UPDATE/SHARE locks rows: " + ALLOWED_KINDS;
            if (node instanceof PlainSelect p) {
                if ((p.getIntoTables() != null && !p.getIntoTables().isEmpty()) || p.getIntoTempTable() != null) {
                    return "SELECT ... INTO creates a table: " + ALLOWED_KINDS;
                }
                if (p.getMySqlSelectIntoClause() != null) return "SELECT ... INTO writes a file or variables: " + ALLOWED_KINDS;
            }
            if (node instanceof WithFunctionDeclaration) return "WITH FUNCTION defines code: " + ALLOWED_KINDS;
            if (node instanceof NextValExpression) return "NEXT VALUE FOR advances a sequence";
            if (node instanceof UserVariable v && v.isDoubleAdd()) {
                return "the system variable @@" + v.getName() + " is not allowed: server settings may show its paths and configuration";
            }
            if (node instanceof WithItem<?> w && w.getAliasName() != null) cteNames.add(unquote(w.getAliasName()).toLowerCase(Locale.ROOT));
            if (node instanceof TableFunction tf) {
                List<Function> functions = tf.getFunctions();
                for (Function f : functions == null || functions.isEmpty() ? List.<Function>of(tf) : functions) {
                    String name = tableFunctionName(f);
                    String why = FunctionPolicy.deniedFunction(name);
                    if (why != null) return "function " + name + "() is not allowed: it " + why;
                    if (!FunctionPolicy.allowedTableFunction(name)) {
                        return "table function " + name + "() is not allowed: it may read files, the network or other databases";
                    }
                }
            } else if (node instanceof Function f) {
                String name = nameOf(f);
                String why = FunctionPolicy.deniedFunction(name);
                if (why != null) return "function " + name + "() is not allowed: it " + why;
            }
            if (node instanceof Table t) return table(t);
            return null;
        }

        /** Checks a table reference and records it as read. */
        private String table(Table t) {
            for (String quoted : quotedNameTokens(t)) {
                String name = unquote(quoted);
                Pattern path = dialect == Dialect.BIGQUERY && quoted.startsWith("`") ? PATH_LIKE_BUT_DOTS : PATH_LIKE;
                if (path.matcher(name).matches()) return "reading the path or URL '" + name + "' is not allowed: queries may read tables only";
            }
            String name = unquote(t.getName());
            String schema = unquote(t.getSchemaName());
            String database = unquote(t.getDatabaseName());
            for (String part : new String[] {name, schema, database}) {
                if (part == null) continue;
                if (part.startsWith("@")) return "reading the stage '" + part + "' is not allowed: queries may read tables only";
                if (PATH_LIKE_BUT_DOTS.matcher(part).matches()) return "reading the path or URL '" + part + "' is not allowed: queries may read tables only";
            }
            if (name == null || name.isEmpty()) return null;
            String denied = FunctionPolicy.deniedTable(name);
            if (denied != null) return "reading " + name + " is not allowed: it " + denied;
            String catalog = CatalogPolicy.deniedRelation(qualifiers(t), name, Set.of());
            if (catalog != null) return catalog;
            StringBuilder qualified = new StringBuilder();
            if (database != null && !database.isEmpty()) qualified.append(database).append('.');
            if (schema != null && !schema.isEmpty() && !(qualified.length() == 0 && schema.equalsIgnoreCase("main"))) qualified.append(schema).append('.');
            tables.add(qualified.append(name).toString());
            return null;
        }
    }

    /** The parts of a table's name before the name itself, outermost first, unquoted (BigQuery's project.dataset, say). */
    private static List<String> qualifiers(Table t) {
        List<String> parts = t.getNameParts();
        List<String> out = new ArrayList<>();
        if (parts == null) return out;
        // JSqlParser keeps the parts innermost first: name, schema, database, server
        for (int i = parts.size() - 1; i >= 1; i--) {
            String part = unquote(parts.get(i));
            if (part != null && !part.isEmpty()) out.add(part);
        }
        return out;
    }

    /** The quoted tokens of a table's dotted name as written (JSqlParser splits a quoted name on its dots). */
    private static List<String> quotedNameTokens(Table t) {
        List<String> out = new ArrayList<>();
        Node node = t.getASTNode();
        if (node == null || node.jjtGetFirstToken() == null) return out;
        boolean expectName = true;
        for (Token k = node.jjtGetFirstToken(); k != null; k = k.next) {
            String image = k.image == null ? "" : k.image;
            if (expectName) {
                if (!image.isEmpty() && "\"`'[".indexOf(image.charAt(0)) >= 0) out.add(image);
                expectName = false;
            } else if (image.equals(".")) {
                expectName = true;
            } else {
                break;
            }
            if (k == node.jjtGetLastToken()) break;
        }
        return out;
    }

    /** The name of a table function; for TABLE(f(...)) (Snowflake, Trino), the name of f. */
    private static String tableFunctionName(Function f) {
        String name = nameOf(f);
        if (name.equals("table") && f.getParameters() != null && f.getParameters().size() == 1 && f.getParameters().get(0) instanceof Function inner) {
            return tableFunctionName(inner);
        }
        return name;
    }

    private static String nameOf(Function f) {
        List<String> parts = f.getMultipartName();
        String name = parts != null && !parts.isEmpty() ? parts.get(parts.size() - 1) : f.getName();
        return name == null ? "" : unquote(name).toLowerCase(Locale.ROOT);
    }
}
