package dev.almanac.sql;

import java.util.List;
import java.util.Map;

/** The statement verbs the guard names when it rejects a statement that is not a query, with what each does. */
final class Verbs {
    private Verbs() {}

    static final String PIVOT_REASON = "cannot be verified by the guard (DuckDB's serializer does not cover it): write it with GROUP BY and FILTER (WHERE ...) instead";

    private static final Map<String, String> FORBIDDEN = Map.ofEntries(
            Map.entry("INSERT", "writes data"), Map.entry("UPDATE", "writes data"), Map.entry("DELETE", "writes data"),
            Map.entry("MERGE", "writes data"), Map.entry("TRUNCATE", "writes data"), Map.entry("UPSERT", "writes data"),
            Map.entry("REPLACE", "writes data"),
            Map.entry("CREATE", "is DDL"), Map.entry("DROP", "is DDL"), Map.entry("ALTER", "is DDL"),
            Map.entry("COMMENT", "is DDL"), Map.entry("RENAME", "is DDL"), Map.entry("UNDROP", "is DDL"),
            Map.entry("GRANT", "changes privileges"), Map.entry("REVOKE", "changes privileges"),
            Map.entry("ATTACH", "attaches a database"), Map.entry("DETACH", "detaches a database"),
            Map.entry("USE", "switches the database"),
            Map.entry("COPY", "reads or writes files"), Map.entry("EXPORT", "writes files"), Map.entry("IMPORT", "reads files"),
            Map.entry("PUT", "uploads files"), Map.entry("GET", "downloads files"), Map.entry("REMOVE", "deletes files"),
            Map.entry("INSTALL", "installs an extension"), Map.entry("LOAD", "loads an extension or data"),
            Map.entry("FORCE", "installs an extension"),
            Map.entry("SET", "changes settings"), Map.entry("RESET", "changes settings"), Map.entry("UNSET", "changes settings"),
            Map.entry("PRAGMA", "runs a pragma"),
            Map.entry("CALL", "calls a procedure"), Map.entry("DO", "runs code"),
            Map.entry("EXPLAIN", "returns a query plan, not data"),
            Map.entry("BEGIN", "controls transactions"), Map.entry("COMMIT", "controls transactions"),
            Map.entry("ROLLBACK", "controls transactions"), Map.entry("START", "controls transactions"),
            Map.entry("END", "controls transactions"), Map.entry("ABORT", "controls transactions"),
            Map.entry("SAVEPOINT", "controls transactions"), Map.entry("RELEASE", "controls transactions"),
            Map.entry("LOCK", "takes locks"), Map.entry("UNLOCK", "releases locks"),
            Map.entry("LISTEN", "subscribes to notifications"), Map.entry("NOTIFY", "sends notifications"),
            Map.entry("UNLISTEN", "changes subscriptions"), Map.entry("DISCARD", "resets the session"),
            Map.entry("DECLARE", "declares a cursor or variable"), Map.entry("FETCH", "reads a cursor"), Map.entry("MOVE", "moves a cursor"),
            Map.entry("CLOSE", "closes a cursor"), Map.entry("HANDLER", "opens a table handler"),
            Map.entry("CHECKPOINT", "writes the database"), Map.entry("VACUUM", "writes the database"),
            Map.entry("ANALYZE", "writes statistics"), Map.entry("CLUSTER", "rewrites a table"), Map.entry("REINDEX", "rebuilds indexes"),
            Map.entry("REFRESH", "rewrites a materialized view"), Map.entry("OPTIMIZE", "rewrites a table"),
            Map.entry("KILL", "stops a session"), Map.entry("FLUSH", "flushes server state"),
            Map.entry("PREPARE", "prepares a statement"), Map.entry("EXECUTE", "executes a prepared statement or dynamic SQL"),
            Map.entry("DEALLOCATE", "manages prepared statements"),
            Map.entry("PIVOT", PIVOT_REASON), Map.entry("UNPIVOT", PIVOT_REASON));

    /** Statements that only read, but that the guard allows only where the engine's own parser reads them as a query (DuckDB). */
    private static final Map<String, String> NOT_QUERIES = Map.of(
            "SHOW", "is not a query here", "DESCRIBE", "is not a query here", "DESC", "is not a query here",
            "SUMMARIZE", "is not a query here", "LIST", "is not a query here", "LS", "is not a query here");

    /**
     * The rejection of a statement that is not a query, naming its verb: the first word when it is a
     * verb, else (with {@code anywhere}) the first verb among the top-level words; null when none is known.
     */
    static String reason(List<String> topLevelWords, boolean anywhere, String allowedKinds) {
        if (topLevelWords.isEmpty()) return null;
        String first = topLevelWords.get(0);
        if (FORBIDDEN.containsKey(first)) return first + " " + FORBIDDEN.get(first) + ": " + allowedKinds;
        if (NOT_QUERIES.containsKey(first)) return first + " " + NOT_QUERIES.get(first) + ": " + allowedKinds;
        if (!anywhere) return null;
        return topLevelWords.stream().filter(FORBIDDEN::containsKey).findFirst()
                .map(v -> v + " " + FORBIDDEN.get(v) + ": " + allowedKinds).orElse(null);
    }
}
