package dev.almanac.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.AlmanacException;
import dev.almanac.source.DuckDbSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Allows exactly one read-only query and rejects everything else with a reason.
 *
 * <p>The statement is parsed by DuckDB's own parser ({@code json_serialize_sql}, which serializes
 * SELECT statements only), on a private in-memory engine that is itself locked down. Allowed: SELECT,
 * WITH ... SELECT, VALUES, set operations, and DESCRIBE / SUMMARIZE / SHOW, which DuckDB parses as
 * SELECTs over the described relation and which read nothing but the catalog and the data the query
 * could read anyway. EXPLAIN is rejected: it returns a plan rather than data, and EXPLAIN ANALYZE runs
 * the statement. Within an allowed query every table function must be on a short allow-list (range,
 * generate_series, unnest, catalog functions), and a few scalar functions that read the environment or
 * settings are refused; a table reference that looks like a file path or URL is refused too.
 */
public final class Guard implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    static final Set<String> ALLOWED_TABLE_FUNCTIONS = Set.of(
            "range", "generate_series", "unnest", "generate_subscripts", "json_each", "json_tree",
            "duckdb_tables", "duckdb_columns", "duckdb_constraints", "duckdb_views", "duckdb_schemas",
            "duckdb_indexes", "duckdb_types", "pragma_table_info", "pragma_storage_info");

    static final Map<String, String> DENIED_FUNCTIONS = Map.ofEntries(
            Map.entry("getenv", "reads the process environment"),
            Map.entry("current_setting", "reads engine settings"),
            Map.entry("nextval", "advances a sequence"),
            Map.entry("currval", "reads sequence state"),
            Map.entry("json_execute_serialized_sql", "executes other SQL"),
            Map.entry("query", "executes SQL built from a string"),
            Map.entry("query_table", "reads tables named by a string"),
            Map.entry("read_text", "reads files"),
            Map.entry("read_blob", "reads files"));

    private static final String PIVOT_REASON = "cannot be verified by the guard (DuckDB's serializer does not cover it): write it with GROUP BY and FILTER (WHERE ...) instead";

    private static final Map<String, String> FORBIDDEN_VERBS = Map.ofEntries(
            Map.entry("INSERT", "writes data"), Map.entry("UPDATE", "writes data"), Map.entry("DELETE", "writes data"),
            Map.entry("MERGE", "writes data"), Map.entry("TRUNCATE", "writes data"), Map.entry("UPSERT", "writes data"),
            Map.entry("REPLACE", "writes data"),
            Map.entry("CREATE", "is DDL"), Map.entry("DROP", "is DDL"), Map.entry("ALTER", "is DDL"),
            Map.entry("COMMENT", "is DDL"), Map.entry("RENAME", "is DDL"),
            Map.entry("ATTACH", "attaches a database"), Map.entry("DETACH", "detaches a database"),
            Map.entry("USE", "switches the database"),
            Map.entry("COPY", "reads or writes files"), Map.entry("EXPORT", "writes files"), Map.entry("IMPORT", "reads files"),
            Map.entry("INSTALL", "installs an extension"), Map.entry("LOAD", "loads an extension"),
            Map.entry("FORCE", "installs an extension"),
            Map.entry("SET", "changes settings"), Map.entry("RESET", "changes settings"), Map.entry("PRAGMA", "runs a pragma"),
            Map.entry("CALL", "calls a procedure"),
            Map.entry("EXPLAIN", "returns a query plan, not data"),
            Map.entry("BEGIN", "controls transactions"), Map.entry("COMMIT", "controls transactions"),
            Map.entry("ROLLBACK", "controls transactions"), Map.entry("START", "controls transactions"),
            Map.entry("END", "controls transactions"), Map.entry("ABORT", "controls transactions"),
            Map.entry("CHECKPOINT", "writes the database"), Map.entry("VACUUM", "writes the database"),
            Map.entry("ANALYZE", "writes statistics"),
            Map.entry("PREPARE", "prepares a statement"), Map.entry("EXECUTE", "executes a prepared statement"),
            Map.entry("DEALLOCATE", "manages prepared statements"),
            Map.entry("PIVOT", PIVOT_REASON), Map.entry("UNPIVOT", PIVOT_REASON));

    /** Names a replacement scan would read as a file or URL: a path separator, scheme, extension or glob. */
    private static final Pattern PATH_LIKE = Pattern.compile(".*[/\\\\:.*?~].*");

    static final String ALLOWED_KINDS = "only one read-only query (SELECT, WITH ... SELECT, VALUES, DESCRIBE, SUMMARIZE, SHOW) may run";

    private final Connection parser;

    public Guard() {
        try {
            this.parser = DriverManager.getConnection("jdbc:duckdb:", parserSettings());
        } catch (SQLException e) {
            throw new AlmanacException("cannot start the SQL parser: " + e.getMessage(), e);
        }
    }

    private static java.util.Properties parserSettings() {
        java.util.Properties p = DuckDbSource.lockedDown();
        p.remove("duckdb.read_only"); // an in-memory engine cannot be read-only; it holds nothing
        return p;
    }

    /** How many recent verdicts are kept. */
    private static final int RECENT = 64;
    /**
     * The verdicts of the statements checked last, by their text: one answer checks its statement when it runs it, and
     * again when it reads the tables for the explanation and the timeliness check.
     */
    private final Map<String, Verdict> recent = java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(RECENT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Verdict> eldest) {
            return size() > RECENT;
        }
    });

    public Verdict check(String sql) {
        if (sql == null) return new Verdict.Rejected("empty statement: nothing to run");
        Verdict known = recent.get(sql);
        if (known != null) return known;
        Verdict verdict = verdict(sql);
        recent.put(sql, verdict);
        return verdict;
    }

    private Verdict verdict(String sql) {
        if (sql == null || sql.isBlank()) return new Verdict.Rejected("empty statement: nothing to run");
        List<String> statements = SqlLexer.statements(sql);
        if (statements.isEmpty()) return new Verdict.Rejected("empty statement: nothing to run");
        if (statements.size() > 1) {
            return new Verdict.Rejected("several statements (" + statements.size() + "): " + ALLOWED_KINDS);
        }
        JsonNode tree = serialize(sql);
        if (tree.path("error").asBoolean(false)) return rejectUnparsed(statements.get(0), tree);
        JsonNode parsed = tree.path("statements");
        if (parsed.size() != 1) {
            return new Verdict.Rejected("several statements (" + parsed.size() + "): " + ALLOWED_KINDS);
        }
        Walk walk = new Walk();
        String problem = walk.visit(parsed.get(0));
        if (problem != null) return new Verdict.Rejected(problem);
        Set<String> tables = new LinkedHashSet<>(walk.tables);
        tables.removeIf(t -> walk.cteNames.contains(t.toLowerCase(Locale.ROOT)));
        return new Verdict.Allowed(sql, Set.copyOf(tables));
    }

    private Verdict rejectUnparsed(String statement, JsonNode tree) {
        String type = tree.path("error_type").asText("");
        if (type.equals("parser")) {
            return new Verdict.Rejected("not valid SQL: " + firstLine(tree.path("error_message").asText("syntax error")));
        }
        List<String> words = SqlLexer.topLevelWords(statement);
        String verb = words.stream().filter(FORBIDDEN_VERBS::containsKey).findFirst().orElse(null);
        if (verb != null) return new Verdict.Rejected(verb + " " + FORBIDDEN_VERBS.get(verb) + ": " + ALLOWED_KINDS);
        String nested = SqlLexer.words(statement).stream().filter(w -> w.equals("PIVOT") || w.equals("UNPIVOT")).findFirst().orElse(null);
        if (nested != null) return new Verdict.Rejected(nested + " " + PIVOT_REASON);
        return new Verdict.Rejected("this statement cannot be verified as a read-only query: " + ALLOWED_KINDS);
    }

    /** The tables a statement would read; empty when the guard rejects it. */
    public Set<String> tablesOf(String sql) {
        return check(sql) instanceof Verdict.Allowed allowed ? allowed.tables() : Set.of();
    }

    /** DuckDB's parse tree of a statement the guard allows (the one statement node), for explanations. */
    public JsonNode parse(String sql) {
        JsonNode tree = serialize(sql);
        if (tree.path("error").asBoolean(false) || tree.path("statements").size() != 1) {
            throw new QueryRejected("cannot explain: " + tree.path("error_message").asText("not one read-only query"));
        }
        return tree.path("statements").get(0).path("node");
    }

    /** One parser connection per thread (duplicates of one in-memory engine), so that checks run in parallel. */
    private final ThreadLocal<Connection> parsers = ThreadLocal.withInitial(this::duplicateParser);
    private final java.util.List<Connection> duplicates = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

    private Connection duplicateParser() {
        try {
            Connection c = ((org.duckdb.DuckDBConnection) parser).duplicate();
            duplicates.add(c);
            return c;
        } catch (SQLException e) {
            throw new AlmanacException("cannot start the SQL parser: " + e.getMessage(), e);
        }
    }

    private JsonNode serialize(String sql) {
        try (PreparedStatement ps = parsers.get().prepareStatement("SELECT json_serialize_sql(?::VARCHAR)")) {
            ps.setString(1, sql);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return JSON.readTree(rs.getString(1));
            }
        } catch (SQLException | IOException e) {
            throw new AlmanacException("the SQL parser failed: " + firstLine(e.getMessage()), e);
        }
    }

    /** A walk over DuckDB's serialized parse tree that collects tables and stops at the first problem. */
    private static final class Walk {
        final Set<String> tables = new LinkedHashSet<>();
        final Set<String> cteNames = new java.util.HashSet<>();

        String visit(JsonNode node) {
            if (node.isArray()) {
                for (JsonNode child : node) {
                    String problem = visit(child);
                    if (problem != null) return problem;
                }
                return null;
            }
            if (!node.isObject()) return null;
            String problem = inspect(node);
            if (problem != null) return problem;
            for (JsonNode child : node) {
                if (child.isContainerNode()) {
                    problem = visit(child);
                    if (problem != null) return problem;
                }
            }
            return null;
        }

        private String inspect(JsonNode node) {
            JsonNode cteMap = node.path("cte_map").path("map");
            for (JsonNode entry : cteMap) cteNames.add(entry.path("key").asText().toLowerCase(Locale.ROOT));

            String type = node.path("type").asText("");
            if (type.equals("BASE_TABLE")) {
                String name = node.path("table_name").asText("");
                if (PATH_LIKE.matcher(name).matches()) {
                    return "reading the path or URL '" + name + "' is not allowed: queries may read tables only";
                }
                String schema = node.path("schema_name").asText("");
                tables.add(schema.isEmpty() || schema.equals("main") ? name : schema + "." + name);
            } else if (type.equals("TABLE_FUNCTION")) {
                String name = node.path("function").path("function_name").asText("").toLowerCase(Locale.ROOT);
                if (!ALLOWED_TABLE_FUNCTIONS.contains(name)) {
                    return "table function " + name + "() is not allowed: it may read files, the network or other databases";
                }
            }
            if (node.path("class").asText("").equals("FUNCTION")) {
                String name = node.path("function_name").asText("").toLowerCase(Locale.ROOT);
                String why = DENIED_FUNCTIONS.get(name);
                if (why != null) return "function " + name + "() is not allowed: it " + why;
            }
            return null;
        }
    }

    private static String firstLine(String message) {
        if (message == null) return "";
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }

    @Override
    public void close() {
        synchronized (duplicates) {
            for (Connection c : duplicates) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // in-memory parser engine: nothing to lose
                }
            }
        }
        try {
            parser.close();
        } catch (SQLException ignored) {
            // in-memory parser engine: nothing to lose
        }
    }
}
