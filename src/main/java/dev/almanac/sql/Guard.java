package dev.almanac.sql;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.source.Dialect;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Allows exactly one read-only query and rejects everything else with a reason, reading the statement
 * in the source's dialect: DuckDB's own parser for DuckDB ({@link DuckDbChecker}), JSqlParser configured
 * for the dialect for SQLite, PostgreSQL, MySQL, Snowflake, BigQuery, Trino and other engines
 * ({@link JSqlParserChecker}). Before either parser, the statement is split the way the dialect's engine
 * would split it (several statements are rejected), and, for JSqlParser's dialects, constructs that the
 * engine and JSqlParser could read differently (where a comment or string ends) are rejected, so that
 * no code can hide from the guard. Verdicts are kept for the statements checked last.
 */
public final class Guard implements AutoCloseable {
    /** How many recent verdicts are kept. */
    private static final int RECENT = 64;

    private final Dialect dialect;
    private final SqlLexer lexer;
    private final StatementChecker checker;
    private DuckDbParser duckDb;

    /**
     * The verdicts of the statements checked last, by their text: one answer checks its statement when it runs it, and
     * again when it reads the tables for the explanation and the timeliness check.
     */
    private final Map<String, Verdict> recent = Collections.synchronizedMap(new LinkedHashMap<>(RECENT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Verdict> eldest) {
            return size() > RECENT;
        }
    });

    /** The guard of DuckDB sources. */
    public Guard() {
        this(Dialect.DUCKDB);
    }

    /** The guard of sources in this dialect. */
    public Guard(Dialect dialect) {
        this.dialect = dialect;
        this.lexer = SqlLexer.of(dialect);
        if (dialect == Dialect.DUCKDB) {
            this.duckDb = new DuckDbParser();
            this.checker = new DuckDbChecker(duckDb, lexer);
        } else {
            this.checker = new JSqlParserChecker(dialect, lexer);
        }
    }

    /** The dialect this guard reads statements in. */
    public Dialect dialect() {
        return dialect;
    }

    public Verdict check(String sql) {
        if (sql == null) return new Verdict.Rejected("empty statement: nothing to run");
        Verdict known = recent.get(sql);
        if (known != null) return known;
        Verdict verdict = verdict(sql);
        recent.put(sql, verdict);
        return verdict;
    }

    private Verdict verdict(String sql) {
        if (sql.isBlank()) return new Verdict.Rejected("empty statement: nothing to run");
        List<String> statements = lexer.statements(sql);
        if (statements.isEmpty()) return new Verdict.Rejected("empty statement: nothing to run");
        String allowedKinds = dialect == Dialect.DUCKDB ? DuckDbChecker.ALLOWED_KINDS : JSqlParserChecker.ALLOWED_KINDS;
        if (statements.size() > 1) {
            return new Verdict.Rejected("several statements (" + statements.size() + "): " + allowedKinds);
        }
        if (dialect != Dialect.DUCKDB) {
            String ambiguity = lexer.ambiguity(sql);
            if (ambiguity != null) return new Verdict.Rejected("the guard cannot read this safely: " + ambiguity);
        }
        return checker.check(sql, statements.get(0));
    }

    /**
     * Why a text is not exactly one SQL expression in this dialect (a value or a condition, as a semantic model's
     * expressions and filters must be), or null when it is: {@code status = 'completed') OR (1=1} is not, though wrapped
     * in parentheses it would read as one.
     */
    public String notOneExpression(String expression) {
        if (expression == null || expression.isBlank()) return "it is empty";
        return checker.notOneExpression(expression);
    }

    /** The tables a statement would read; empty when the guard rejects it. */
    public Set<String> tablesOf(String sql) {
        TablesReadCache kept = tablesRead;
        if (kept != null && sql != null) {
            Optional<Set<String>> known = kept.get(sql);
            if (known.isPresent()) return known.get();
        }
        Set<String> tables = check(sql) instanceof Verdict.Allowed allowed ? allowed.tables() : Set.of();
        if (kept != null && sql != null) kept.put(sql, tables);
        return tables;
    }

    /** Where the tables of statements read in earlier runs are kept (written when the guard is closed); none by default. */
    private volatile TablesReadCache tablesRead;

    /** This guard, keeping the tables statements read in the cache between runs. */
    public Guard keepingTablesRead(TablesReadCache cache) {
        this.tablesRead = cache;
        return this;
    }

    /**
     * DuckDB's parse tree of a statement the guard allows (the one statement node), for explanations. For
     * other dialects it is DuckDB's reading of the same text, which fails for syntax DuckDB does not share.
     */
    public JsonNode parse(String sql) {
        if (check(sql) instanceof Verdict.Rejected rejected) throw new QueryRejected("cannot explain: " + rejected.reason());
        JsonNode tree = duckDbParser().serialize(sql);
        if (tree.path("error").asBoolean(false) || tree.path("statements").size() != 1) {
            throw new QueryRejected("cannot explain: " + tree.path("error_message").asText("not one read-only query"));
        }
        return tree.path("statements").get(0).path("node");
    }

    private synchronized DuckDbParser duckDbParser() {
        if (duckDb == null) duckDb = new DuckDbParser();
        return duckDb;
    }

    static String firstLine(String message) {
        if (message == null) return "";
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }

    @Override
    public synchronized void close() {
        if (tablesRead != null) tablesRead.save();
        if (duckDb != null) duckDb.close();
    }
}
