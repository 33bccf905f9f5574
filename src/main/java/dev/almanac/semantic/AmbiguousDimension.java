package dev.almanac.semantic;

import dev.almanac.UserError;
import java.util.List;

/** A bare dimension name that several datasets have, none of them singled out by the metrics asked: which one is meant? */
public final class AmbiguousDimension extends UserError {
    private final String name;
    private final List<String> candidates;

    public AmbiguousDimension(String name, List<String> candidates) {
        super("dimension '" + name + "' is ambiguous: it may be " + String.join(" or ", candidates) + "; write the one meant");
        this.name = name;
        this.candidates = List.copyOf(candidates);
    }

    public String name() {
        return name;
    }

    /** The qualified names it may mean ({@code orders.status}). */
    public List<String> candidates() {
        return candidates;
    }
}
