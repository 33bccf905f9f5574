package dev.almanac.source;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** What a source holds: its tables with columns, keys, comments, sizes, date ranges and sample values. */
public record Catalog(String source, String fingerprint, List<Table> tables) {

    public Optional<Table> table(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        return tables.stream()
                .filter(t -> t.name().toLowerCase(Locale.ROOT).equals(wanted) || t.qualifiedName().toLowerCase(Locale.ROOT).equals(wanted))
                .findFirst();
    }

    public record Table(String schema, String name, String comment, long rowCount, List<Column> columns,
                        List<String> primaryKey, List<ForeignKey> foreignKeys) {
        @JsonIgnore
        public String qualifiedName() {
            return schema == null || schema.isEmpty() || schema.equals("main") ? name : schema + "." + name;
        }

        public Optional<Column> column(String columnName) {
            return columns.stream().filter(c -> c.name().equalsIgnoreCase(columnName)).findFirst();
        }
    }

    /**
     * A column; {@code min}/{@code max} are set for date and timestamp columns, {@code sampleValues}
     * (at most 10) for text columns of low cardinality.
     */
    public record Column(String name, String type, boolean nullable, String comment, String min, String max,
                         List<String> sampleValues) {
        @JsonIgnore
        public boolean isTemporal() {
            return Catalog.isTemporal(type);
        }
    }

    public record ForeignKey(List<String> columns, String referencedTable, List<String> referencedColumns) {}

    static boolean isTemporal(String type) {
        String t = type.toUpperCase(Locale.ROOT);
        return t.startsWith("DATE") || t.startsWith("TIMESTAMP") || t.equals("DATETIME");
    }

    static boolean isText(String type) {
        String t = type.toUpperCase(Locale.ROOT);
        return t.startsWith("VARCHAR") || t.startsWith("TEXT") || t.startsWith("CHAR") || t.equals("STRING")
                || t.startsWith("CHARACTER") || t.startsWith("NVARCHAR");
    }
}
