package dev.almanac.sql;

import dev.almanac.UserError;

/** The guard refused a statement; the message is the one-line reason. */
public class QueryRejected extends UserError {
    public QueryRejected(String reason) {
        super("rejected: " + reason);
    }
}
