package dev.almanac.source;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** What a source holds: its tables with columns, keys, comments, sizes, date ranges and sample values. */
public record Catalog(String source, String fingerprint, List<Table> tables) {

    public Optional<Table> table(String name) {
        return tables.stream().filter(t -> t.name().equalsIgnoreCase(name) || t.qualifiedName().equalsIgnoreCase(name)).findFirst();
    }

    /** Up to three table names close to the given one: a small edit distance, or one name containing the other. */
    public List<String> closeMatches(String wanted) {
        return closest(wanted, tables.stream().map(Table::qualifiedName).toList());
    }

    /** Up to three of {@code names} close to {@code wanted}, closest first: a small edit distance, or one name containing the other. */
    public static List<String> closest(String wanted, java.util.Collection<String> names) {
        String w = wanted.toLowerCase(Locale.ROOT);
        return names.stream()
                .filter(n -> distance(w, n.toLowerCase(Locale.ROOT)) <= Math.max(2, w.length() / 3)
                        || n.toLowerCase(Locale.ROOT).contains(w) || (w.length() >= 4 && w.contains(n.toLowerCase(Locale.ROOT))))
                .sorted(java.util.Comparator.comparingInt((String n) -> distance(w, n.toLowerCase(Locale.ROOT))).thenComparing(n -> n))
                .limit(3)
                .toList();
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
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
