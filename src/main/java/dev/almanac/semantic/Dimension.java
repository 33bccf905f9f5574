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
                        Grain grain, Map<String, List<String>> valueSynonyms, String keyExpr, Kind kind) {
    /**
     * What a dimension's values are: categories to slice by (categorical), periods (time), or an attribute of each row that is
     * listed, compared and filtered but never offered as a breakdown: an identifier (a key or a code), free text, or a number
     * (an age, a capacity) that metrics aggregate.
     */
    public enum Kind {
        CATEGORICAL, TIME, IDENTIFIER, TEXT, NUMBER;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public Dimension {
        kind = kind == null ? (time ? Kind.TIME : Kind.CATEGORICAL) : kind;
    }

    public Dimension(String name, String dataset, boolean time, String expr, String label, String description, List<String> synonyms,
                     Grain grain, Map<String, List<String>> valueSynonyms, String keyExpr) {
        this(name, dataset, time, expr, label, description, synonyms, grain, valueSynonyms, keyExpr, null);
    }

    public Dimension(String name, String dataset, boolean time, String expr, String label, String description, List<String> synonyms,
                     Grain grain, Map<String, List<String>> valueSynonyms) {
        this(name, dataset, time, expr, label, description, synonyms, grain, valueSynonyms, null);
    }

    /** Whether metrics are offered by it (a category or a period); an identifier, free text or a number is an attribute only. */
    public boolean breakdown() {
        return kind == Kind.CATEGORICAL || kind == Kind.TIME;
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
