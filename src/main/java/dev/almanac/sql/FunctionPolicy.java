package dev.almanac.sql;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The functions a query may not call, and the table functions it may read, in the dialects the guard
 * reads with JSqlParser. One list serves every such dialect: a name that is dangerous on one engine is
 * refused on all of them, since an engine may be reached through another's driver (a PostgreSQL
 * look-alike as OTHER, say) and the names mean nothing elsewhere. Each entry is filed under the engine
 * it comes from. Slow functions ({@code pg_sleep}, {@code sleep}, {@code benchmark}) are not listed:
 * like a huge cross join, they are stopped by the query timeout.
 */
final class FunctionPolicy {
    private FunctionPolicy() {}

    /** Function name (lower case) -> what it does, in the words of a rejection ("function f() is not allowed: it ..."). */
    static final Map<String, String> DENIED = names(
            // as on DuckDB
            "getenv", "reads the process environment",
            "current_setting", "reads engine settings",
            "nextval", "advances a sequence",
            "setval", "changes a sequence",
            "currval", "reads sequence state",
            "lastval", "reads sequence state",
            "json_execute_serialized_sql", "executes other SQL",
            "query", "executes SQL built from a string",
            "query_table", "reads tables named by a string",
            "read_text", "reads files",
            "read_blob", "reads files",
            // SQLite (readfile, writefile and edit are the sqlite3 shell's)
            "load_extension", "loads native code",
            "fts3_tokenizer", "can register native code",
            "readfile", "reads files",
            "writefile", "writes files",
            "edit", "starts an editor",
            "zipfile", "writes archives",
            // PostgreSQL
            "pg_read_file", "reads files on the server",
            "pg_read_binary_file", "reads files on the server",
            "pg_stat_file", "reads file metadata on the server",
            "loread", "reads large objects",
            "lowrite", "writes large objects",
            "set_config", "changes settings",
            "pg_terminate_backend", "stops other sessions",
            "pg_cancel_backend", "stops other sessions' queries",
            "pg_reload_conf", "reloads the server configuration",
            "pg_rotate_logfile", "rotates the server log",
            "pg_switch_wal", "switches the write-ahead log",
            "pg_create_restore_point", "writes to the write-ahead log",
            "pg_promote", "promotes a standby server",
            "pg_notify", "sends notifications",
            "pg_export_snapshot", "exports a snapshot",
            "pg_import_system_collations", "changes the catalog",
            "pg_log_backend_memory_contexts", "writes to the server log",
            "pg_drop_replication_slot", "drops a replication slot",
            "txid_current", "assigns a transaction id",
            "pg_show_all_settings", "reads the server's settings",
            "pg_show_all_file_settings", "reads the server's configuration files",
            "pg_hba_file_rules", "reads the server's authentication rules",
            "pg_ident_file_mappings", "reads the server's user mappings",
            "pg_current_logfile", "shows the server's log file",
            "inet_server_addr", "shows the server's address",
            "inet_server_port", "shows the server's port",
            "pg_current_xact_id", "assigns a transaction id",
            // MySQL
            "load_file", "reads files on the server",
            "get_lock", "takes a named lock",
            "release_lock", "releases a named lock",
            "release_all_locks", "releases named locks",
            "master_pos_wait", "waits on replication",
            "source_pos_wait", "waits on replication",
            "wait_for_executed_gtid_set", "waits on replication",
            "wait_until_sql_thread_after_gtids", "waits on replication",
            "sys_exec", "runs shell commands",
            "sys_eval", "runs shell commands",
            // BigQuery
            "external_query", "runs SQL on another database");

    /** Name prefix (lower case) -> what the functions do. */
    static final Map<String, String> DENIED_PREFIXES = names(
            // PostgreSQL
            "pg_ls_", "lists directories on the server",
            "lo_", "reads or writes large objects and files on the server",
            "dblink", "connects to other databases",
            "pg_advisory", "takes advisory locks",
            "pg_try_advisory", "takes advisory locks",
            "pg_file_", "writes files on the server",
            "pg_logical_", "reads or writes replication state",
            "pg_replication_", "changes replication state",
            "pg_create_", "creates replication slots",
            "pg_copy_", "copies replication slots",
            "pg_stat_reset", "resets statistics",
            "pg_stat_get_", "reads other sessions' activity",
            "query_to_xml", "runs SQL given as text",
            "cursor_to_xml", "reads a cursor",
            "table_to_xml", "dumps a table",
            "schema_to_xml", "dumps a schema",
            "database_to_xml", "dumps the database",
            // Snowflake
            "system$", "runs a system function");

    /** Table functions a query may read from: generators, JSON and array expanders, and catalog functions. */
    static final Set<String> ALLOWED_TABLE_FUNCTIONS = Set.of(
            "range", "generate_series", "generate_subscripts", "unnest",
            "json_each", "json_tree", "json_each_text", "jsonb_each", "jsonb_each_text", "json_array_elements",
            "json_array_elements_text", "jsonb_array_elements", "jsonb_array_elements_text", "json_object_keys", "jsonb_object_keys",
            "json_to_record", "json_to_recordset", "jsonb_to_record", "jsonb_to_recordset", "json_populate_record",
            "json_populate_recordset", "jsonb_populate_record", "jsonb_populate_recordset", "jsonb_path_query",
            "regexp_matches", "regexp_split_to_table", "string_to_table", "json_table",
            "pragma_table_info", "pragma_table_xinfo", "pragma_index_list", "pragma_index_info", "pragma_index_xinfo",
            "pragma_foreign_key_list", "pragma_table_list",
            "flatten", "generator", "split_to_table", "strtok_split_to_table");

    /** SQLite's table-valued functions that can also be read as tables (arguments as WHERE constraints) and reach outside. */
    private static final Set<String> DENIED_TABLES = Set.of("fsdir", "zipfile", "sqlite_dbpage", "sqlite_dbdata", "sqlite_dbptr");

    /** Why a table reference may not be read, or null when it may: a table function read as a table. */
    static String deniedTable(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (ALLOWED_TABLE_FUNCTIONS.contains(n)) return null;
        if (n.startsWith("pragma_")) return "runs a pragma";
        if (DENIED_TABLES.contains(n)) return "reads files or raw database pages";
        return null;
    }

    /** Why a scalar function may not be called, or null when it may. */
    static String deniedFunction(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        String why = DENIED.get(n);
        if (why != null) return why;
        for (Map.Entry<String, String> e : DENIED_PREFIXES.entrySet()) {
            if (n.startsWith(e.getKey())) return e.getValue();
        }
        return null;
    }

    static boolean allowedTableFunction(String name) {
        return ALLOWED_TABLE_FUNCTIONS.contains(name.toLowerCase(Locale.ROOT));
    }

    private static Map<String, String> names(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) m.put(pairs[i], pairs[i + 1]);
        return java.util.Collections.unmodifiableMap(m);
    }
}
