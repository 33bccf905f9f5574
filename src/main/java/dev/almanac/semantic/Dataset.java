package dev.almanac.semantic;

import java.util.List;

/**
 * Where facts or attributes live: a table of the source, or a SELECT defining derived facts (exactly one);
 * {@code synonyms} are what people call one of its rows ("shop order", "purchase").
 */
public record Dataset(String name, String table, String sql, String description, List<String> primaryKey, String defaultTimeDimension,
                      List<String> synonyms, List<Entity> entities) {
    public Dataset {
        synonyms = synonyms == null ? List.of() : List.copyOf(synonyms);
        entities = entities == null ? List.of() : List.copyOf(entities);
    }

    public Dataset(String name, String table, String sql, String description, List<String> primaryKey, String defaultTimeDimension,
                   List<String> synonyms) {
        this(name, table, sql, description, primaryKey, defaultTimeDimension, synonyms, List.of());
    }

    /** What a dataset's rows are (primary, unique, natural) or refer to (foreign), and the column that holds it. */
    public record Entity(String name, Type type, String expr) {
        public enum Type { PRIMARY, UNIQUE, NATURAL, FOREIGN }

        /** Whether it identifies the dataset's rows. */
        public boolean identifies() {
            return type != Type.FOREIGN;
        }
    }

    /** The entity of this name that identifies its rows, if it has one. */
    public java.util.Optional<Entity> identifyingEntity(String name) {
        return entities.stream().filter(e -> e.identifies() && e.name().equalsIgnoreCase(name)).findFirst();
    }

    /** A warehouse layer's prefix or suffix on a table's name (Kimball's {@code fact_}, {@code dim_}; dbt's {@code stg_}; views' {@code _vw}). */
    private static final java.util.regex.Pattern LAYER_AFFIX = java.util.regex.Pattern.compile(
            "(?i)^(?:fact|fct|dim|stg|raw|tbl|vw)_(?<front>[a-z][a-z0-9_]*[a-z])$|^(?<back>[a-z][a-z0-9_]*[a-z])_(?:view|vw|fact|dim|tbl)$");

    /**
     * What the rows of a table named with a warehouse layer's affix are called, in words: "adverse event" of
     * {@code fact_adverse_event}, "customer" of {@code dim_customer}; null when the name has no such affix or what is left
     * is shorter than a word of three letters.
     */
    public static String bareName(String name) {
        if (name == null) return null;
        java.util.regex.Matcher m = LAYER_AFFIX.matcher(name.strip());
        if (!m.matches()) return null;
        String rest = (m.group("front") != null ? m.group("front") : m.group("back")).replace('_', ' ').strip();
        return rest.length() >= 3 ? rest.toLowerCase(java.util.Locale.ROOT) : null;
    }

    /** What a dataset's rows are called in a count's label: "adverse events" of {@code fact_adverse_event}, else its name in words. */
    public static String rowsInWords(String datasetName) {
        String bare = bareName(datasetName);
        return bare != null ? Words.plural(bare) : datasetName.replace('_', ' ');
    }

    /** The FROM item that reads it, aliased. */
    public String from(String alias) {
        return (table != null ? table : "(" + sql.strip().replaceAll(";\\s*$", "") + ")") + " AS " + alias;
    }
}
