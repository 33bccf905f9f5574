package dev.almanac.sql;

import dev.almanac.UserError;

/** An allowed query that the database could not run (unknown column, type error, ...), or ran too long. */
public class QueryFailed extends UserError {
    public QueryFailed(String message, Throwable cause) {
        super(message, cause);
    }
}
