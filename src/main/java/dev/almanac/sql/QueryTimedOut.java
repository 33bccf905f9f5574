package dev.almanac.sql;

import java.time.Duration;

/** A query interrupted because it ran past its timeout. */
public class QueryTimedOut extends QueryFailed {
    public QueryTimedOut(Duration timeout, Throwable cause) {
        super("query interrupted after the " + timeout.toMillis() + " ms timeout", cause);
    }
}
