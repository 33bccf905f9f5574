package dev.almanac.semantic;

import dev.almanac.UserError;

/** A metric that has no meaning without a period or grain (a month-over-month change, a per-month count): refused until one is given. */
public final class NeedsPeriod extends UserError {
    public NeedsPeriod(String message) {
        super(message);
    }
}
