package dev.almanac.semantic;

import dev.almanac.UserError;

/** A query the source's engine cannot compute (a percentile on SQLite): refused when asked, not a fault of the model. */
public final class NotInDialect extends UserError {
    public NotInDialect(String message) {
        super(message);
    }
}
