package dev.almanac.sql;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The guard for DuckDB sources: DuckDB's own parser ({@code json_serialize_sql}, which serializes SELECT
 * statements only). Allowed: SELECT, WITH ... SELECT, VALUES, set operations, and DESCRIBE / SUMMARIZE /
 * SHOW, which DuckDB parses as SELECTs over the described relation and which read nothing but the
 * catalog and the data the query could read anyway. EXPLAIN is rejected: it returns a plan rather than
 * data, and EXPLAIN ANALYZE runs the statement. Within an allowed query every table function must be
 * on a short allow-list (range, generate_series, unnest, catalog functions), and a few scalar functions
 * that read the environment or settings are refused; a table reference that looks like a file path or
 * URL is refused too.
 */
final class DuckDbChecker implements StatementChecker {
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

    /** Names a replacement scan would read as a file or URL: a path separator, scheme, extension or glob. */
    static final Pattern PATH_LIKE = Pattern.compile(".*[/\\\\:.*?~].*");

    static final String ALLOWED_KINDS = "only one read-only query (SELECT, WITH ... SELECT, VALUES, DESCRIBE, SUMMARIZE, SHOW) may run";

    /** What SHOW may list without naming a relation: table names (SHOW TABLES, SHOW ALL TABLES) and database names. */
    static final Set<String> ALLOWED_SHOWS = Set.of("\"tables\"", "tables", "__show_tables_expanded", "\"databases\"", "databases");

    private final DuckDbParser parser;
    private final SqlLexer lexer;
    private final Set<String> engineCatalog;

    DuckDbChecker(DuckDbParser parser, SqlLexer lexer) {
        this.parser = parser;
        this.lexer = lexer;
        this.engineCatalog = parser.catalogRelations();
    }

    @Override
    public Verdict check(String sql, String statement) {
        JsonNode tree = parser.serialize(sql);
        if (tree.path("error").asBoolean(false)) return rejectUnparsed(statement, tree);
        JsonNode parsed = tree.path("statements");
        if (parsed.size() != 1) {
            return new Verdict.Rejected("several statements (" + parsed.size() + "): " + ALLOWED_KINDS);
        }
        Walk walk = new Walk(engineCatalog);
        String problem = walk.visit(parsed.get(0));
        if (problem != null) return new Verdict.Rejected(problem);
        Set<String> tables = new LinkedHashSet<>(walk.tables);
        tables.removeIf(t -> walk.cteNames.contains(t.toLowerCase(Locale.ROOT)));
        return new Verdict.Allowed(sql, Set.copyOf(tables));
    }

    @Override
    public String notOneExpression(String expression) {
        JsonNode tree = parser.serialize("SELECT " + expression);
        if (tree.path("error").asBoolean(false)) return Guard.firstLine(tree.path("error_message").asText("not valid SQL"));
        JsonNode statements = tree.path("statements");
        if (statements.size() != 1) return "it holds " + statements.size() + " statements";
        JsonNode node = statements.get(0).path("node");
        if (!node.path("type").asText("").equals("SELECT_NODE")) return "it holds a set operation (UNION, EXCEPT, INTERSECT)";
        if (node.path("select_list").size() != 1) return "it holds " + node.path("select_list").size() + " expressions separated by commas";
        if (!node.path("select_list").get(0).path("alias").asText("").isEmpty()) return "it names its value with AS";
        if (!node.path("from_table").path("type").asText("EMPTY").equals("EMPTY")) return "it holds a FROM clause";
        for (String clause : List.of("where_clause", "having", "qualify", "sample")) {
            if (!node.path(clause).isMissingNode() && !node.path(clause).isNull()) return "it holds a " + clause.replace("_clause", "").toUpperCase(Locale.ROOT) + " clause";
        }
        if (node.path("group_expressions").size() > 0 || node.path("modifiers").size() > 0 || node.path("cte_map").path("map").size() > 0) {
            return "it holds clauses of a query (GROUP BY, ORDER BY, LIMIT or WITH)";
        }
        return null;
    }

    private Verdict rejectUnparsed(String statement, JsonNode tree) {
        String type = tree.path("error_type").asText("");
        if (type.equals("parser")) {
            return new Verdict.Rejected("not valid SQL: " + Guard.firstLine(tree.path("error_message").asText("syntax error")));
        }
        String verb = Verbs.reason(lexer.topLevelWords(statement), true, ALLOWED_KINDS);
        if (verb != null) return new Verdict.Rejected(verb);
        List<String> words = lexer.words(statement);
        String nested = words.stream().filter(w -> w.equals("PIVOT") || w.equals("UNPIVOT")).findFirst().orElse(null);
        if (nested != null) return new Verdict.Rejected(nested + " " + Verbs.PIVOT_REASON);
        return new Verdict.Rejected("this statement cannot be verified as a read-only query: " + ALLOWED_KINDS);
    }

    /** A walk over DuckDB's serialized parse tree that collects tables and stops at the first problem. */
    private static final class Walk {
        final Set<String> tables = new LinkedHashSet<>();
        final Set<String> cteNames = new HashSet<>();
        final Set<String> engineCatalog;

        Walk(Set<String> engineCatalog) {
            this.engineCatalog = engineCatalog;
        }

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
                String catalog = node.path("catalog_name").asText("");
                String denied = CatalogPolicy.deniedRelation(List.of(catalog, schema), name, engineCatalog);
                if (denied != null) return denied;
                tables.add(schema.isEmpty() || schema.equals("main") ? name : schema + "." + name);
            } else if (type.equals("SHOW_REF")) {
                for (String qualifier : List.of(node.path("catalog_name").asText(""), node.path("schema_name").asText(""))) {
                    if (!qualifier.isEmpty() && CatalogPolicy.isCatalogQualifier(qualifier)) {
                        return "listing the catalog schema " + qualifier + " is not allowed: catalog and settings relations may show the "
                                + "server's settings, sessions, users or files";
                    }
                }
                String shown = node.path("table_name").asText("");
                if (node.path("show_type").asText("").equals("SHOW_UNQUALIFIED") && !ALLOWED_SHOWS.contains(shown.toLowerCase(Locale.ROOT))) {
                    return "SHOW " + shown + " is not allowed: SHOW may list tables and databases, or describe a table";
                }
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
}
