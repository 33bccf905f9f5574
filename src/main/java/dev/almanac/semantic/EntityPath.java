package dev.almanac.semantic;

import java.util.Optional;

/**
 * A dimension named through entities as dbt writes it: {@code customer__region} is dimension {@code region} of the
 * dataset that entity {@code customer} identifies; in a longer path ({@code order__customer__region}) the last entity
 * before the name is the one that holds it.
 */
public record EntityPath(String entity, String name) {
    /** The path of a reference, or empty for a bare or qualified name (no {@code __}). */
    public static Optional<EntityPath> of(String reference) {
        int i = reference.lastIndexOf("__");
        if (i <= 0) return Optional.empty();
        return Optional.of(new EntityPath(lastEntity(reference.substring(0, i)), reference.substring(i + 2)));
    }

    /** The last entity of a path of entities ({@code order__customer} is {@code customer}); the name itself when it is one. */
    public static String lastEntity(String path) {
        int i = path.lastIndexOf("__");
        return i < 0 ? path : path.substring(i + 2);
    }
}
