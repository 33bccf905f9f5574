package dev.almanac.sql;

import java.util.Set;

/** The guard's decision on a statement. */
public sealed interface Verdict {

    /** One read-only query; {@code tables} are the tables and views it reads (CTE names excluded). */
    record Allowed(String sql, Set<String> tables) implements Verdict {}

    /** Anything else, with a one-line reason that names what was found. */
    record Rejected(String reason) implements Verdict {}
}
