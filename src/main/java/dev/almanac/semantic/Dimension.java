package dev.almanac.semantic;

import java.util.List;
import java.util.Map;

/**
 * A way to slice metrics: categorical (plan, region) or time (with its native grain). {@code expr} is
 * SQL over its dataset's columns; {@code valueSynonyms} maps a value to the other words people use.
 * {@code keyExpr}, for a dimension that labels an entity (a person's or a product's name), is the SQL of
 * the entity's key over the same columns: a breakdown by the label groups by the key too, so two entities
 * sharing a label stay two rows (null for any other dimension).
 */
public record Dimension(String name, String dataset, boolean time, String expr, String label, String description, List<String> synonyms,
                        Grain grain, Map<String, List<String>> valueSynonyms, String keyExpr) {
    public Dimension(String name, String dataset, boolean time, String expr, String label, String description, List<String> synonyms,
                     Grain grain, Map<String, List<String>> valueSynonyms) {
        this(name, dataset, time, expr, label, description, synonyms, grain, valueSynonyms, null);
    }

    /** The name that says which dataset's it is: {@code orders.status}. */
    public String qualifiedName() {
        return dataset + "." + name;
    }

    public String displayName() {
        return label != null ? label : name.replace('_', ' ');
    }

    /** Whether it is the label of an entity, so that a breakdown by it groups by the entity's key too. */
    public boolean labelsEntity() {
        return keyExpr != null;
    }

    /** The hidden column of the key of the entity it labels: grouped by, never shown. */
    public Dimension entityKey() {
        return new Dimension(QueryPlan.Key.IDENTITY + name, dataset, false, keyExpr, null, null, List.of(), null, Map.of(), null);
    }
}
