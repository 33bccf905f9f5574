package dev.almanac.sql;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The catalog and settings relations a query may read, on every dialect. A relation is a catalog relation when any of
 * its qualifiers names a catalog schema or database ({@code information_schema}, {@code pg_catalog}, DuckDB's and
 * Trino's {@code system}, MySQL's {@code mysql}, {@code performance_schema} and {@code sys}, Snowflake's
 * {@code snowflake} and {@code account_usage}, ...), when its name carries a catalog prefix ({@code pg_},
 * {@code duckdb_}, {@code pragma_}, {@code sqlite_}), or when the engine itself lists it as one of its own (DuckDB's
 * internal views, read from the engine). Such a relation is refused unless it is on the allow-list below: the views
 * that describe the source's own tables, columns, views, constraints and types, which the query could learn from the
 * data anyway. Settings, sessions, users, databases and their paths, logs and activity are never on it. One list
 * serves every dialect, as {@link FunctionPolicy} does. The name decides, not what it resolves to: a user's table
 * or CTE named {@code pg_settings} is refused too.
 */
final class CatalogPolicy {
    private CatalogPolicy() {}

    /** Schemas, databases and catalogs that hold an engine's catalog, settings or activity (lower case), by engine. */
    static final Set<String> CATALOG_QUALIFIERS = Set.of(
            // SQL standard (PostgreSQL, MySQL, Snowflake, BigQuery, Trino, DuckDB)
            "information_schema",
            // DuckDB's built-in catalog; Trino's system catalog (runtime, metadata, jdbc)
            "system",
            // MySQL
            "mysql", "performance_schema", "sys",
            // Snowflake's shared database and its schemas
            "snowflake", "account_usage", "organization_usage", "reader_account_usage", "data_sharing_usage");

    /** Prefixes of catalog relations and schemas: PostgreSQL's and DuckDB's pg_*, DuckDB's duckdb_* and pragma_*, SQLite's sqlite_*. */
    static final List<String> CATALOG_PREFIXES = List.of("pg_", "duckdb_", "pragma_", "sqlite_");

    /** information_schema views that describe the source's own structure. */
    static final Set<String> SAFE_INFORMATION_SCHEMA = Set.of(
            "tables", "columns", "views", "schemata", "table_constraints", "key_column_usage", "referential_constraints",
            "constraint_column_usage", "constraint_table_usage", "check_constraints");

    /**
     * Catalog relations, read bare or under {@code main} or {@code pg_catalog}, that describe the source's own structure:
     * PostgreSQL's (and DuckDB's) pg_catalog views of tables, columns, types, indexes and constraints; SQLite's schema
     * table (its CREATE statements); DuckDB's views of the same catalog functions the guard allows.
     */
    static final Set<String> SAFE_NAMES = Set.of(
            "pg_tables", "pg_views", "pg_class", "pg_namespace", "pg_attribute", "pg_attrdef", "pg_type", "pg_index",
            "pg_indexes", "pg_constraint", "pg_description",
            "sqlite_master", "sqlite_schema",
            "duckdb_tables", "duckdb_columns", "duckdb_views", "duckdb_constraints", "duckdb_indexes", "duckdb_schemas",
            "duckdb_types");

    /** Schemas under which a safe name may be read. */
    private static final Set<String> SAFE_NAME_SCHEMAS = Set.of("main", "pg_catalog");

    /**
     * Why a relation may not be read, or null when it may.
     *
     * @param qualifiers the parts before the name, outermost first (database, schema), unquoted; empty for a bare name
     * @param name the relation's name, unquoted
     * @param engineCatalog names (lower case) the engine lists as its own catalog relations
     */
    static String deniedRelation(List<String> qualifiers, String name, Set<String> engineCatalog) {
        String n = name.toLowerCase(Locale.ROOT);
        List<String> q = qualifiers.stream().filter(p -> p != null && !p.isEmpty()).map(p -> p.toLowerCase(Locale.ROOT)).toList();
        boolean catalog = engineCatalog.contains(n) || CATALOG_PREFIXES.stream().anyMatch(n::startsWith)
                || q.stream().anyMatch(CatalogPolicy::isCatalogQualifier);
        if (!catalog || safe(q, n)) return null;
        String shown = q.isEmpty() ? name : String.join(".", qualifiers.stream().filter(p -> p != null && !p.isEmpty()).toList()) + "." + name;
        return "reading " + shown + " is not allowed: catalog and settings relations may show the server's settings, sessions, "
                + "users or files; the source's own tables and columns are in information_schema.tables and information_schema.columns";
    }

    /** A schema or database name that holds an engine's catalog. */
    static boolean isCatalogQualifier(String qualifier) {
        String q = qualifier.toLowerCase(Locale.ROOT);
        return CATALOG_QUALIFIERS.contains(q) || CATALOG_PREFIXES.stream().anyMatch(q::startsWith);
    }

    private static boolean safe(List<String> q, String n) {
        String schema = q.isEmpty() ? null : q.get(q.size() - 1);
        List<String> outer = q.isEmpty() ? List.of() : q.subList(0, q.size() - 1);
        if (outer.stream().anyMatch(CatalogPolicy::isCatalogQualifier)) return false; // system.main.duckdb_tables, system.runtime.x
        if (schema == null) return SAFE_NAMES.contains(n);
        if (schema.equals("information_schema")) return SAFE_INFORMATION_SCHEMA.contains(n);
        return SAFE_NAME_SCHEMAS.contains(schema) && SAFE_NAMES.contains(n);
    }
}
