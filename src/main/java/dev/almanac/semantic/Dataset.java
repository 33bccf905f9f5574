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

    /** The FROM item that reads it, aliased. */
    public String from(String alias) {
        return (table != null ? table : "(" + sql.strip().replaceAll(";\\s*$", "") + ")") + " AS " + alias;
    }
}
