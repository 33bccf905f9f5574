package dev.almanac.semantic;

import java.util.List;
import java.util.Map;

/**
 * A way to slice metrics: categorical (plan, region) or time (with its native grain). {@code expr} is
 * SQL over its dataset's columns; {@code valueSynonyms} maps a value to the other words people use.
 */
public record Dimension(String name, String dataset, boolean time, String expr, String label, String description, List<String> synonyms,
                        Grain grain, Map<String, List<String>> valueSynonyms) {
    /** The name that says which dataset's it is: {@code orders.status}. */
    public String qualifiedName() {
        return dataset + "." + name;
    }

    public String displayName() {
        return label != null ? label : name.replace('_', ' ');
    }
}
