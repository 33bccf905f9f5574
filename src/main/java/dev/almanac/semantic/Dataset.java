package dev.almanac.semantic;

import java.util.List;

/**
 * Where facts or attributes live: a table of the source, or a SELECT defining derived facts (exactly one);
 * {@code synonyms} are what people call one of its rows ("shop order", "purchase").
 */
public record Dataset(String name, String table, String sql, String description, List<String> primaryKey, String defaultTimeDimension,
                      List<String> synonyms) {
    public Dataset {
        synonyms = synonyms == null ? List.of() : List.copyOf(synonyms);
    }

    /** The FROM item that reads it, aliased. */
    public String from(String alias) {
        return (table != null ? table : "(" + sql.strip().replaceAll(";\\s*$", "") + ")") + " AS " + alias;
    }
}
