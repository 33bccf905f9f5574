package dev.almanac.source;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders tables as compact DDL-like text for prompts and for people: one line per column with its
 * type, key role, comment, date range and sample values.
 */
public final class CatalogRenderer {
    private CatalogRenderer() {}

    public static String render(Catalog catalog) {
        return catalog.tables().stream().map(CatalogRenderer::render).collect(Collectors.joining("\n"));
    }

    public static String render(Catalog.Table t) {
        return render(t, t.comment(), List.of(), Map.of());
    }

    /**
     * A table with what people wrote about it in place of the database's comments: {@code about} for the table's
     * comment, {@code warnings} each on a line of its own ("! ..."), and a column's note in place of its comment.
     */
    public static String render(Catalog.Table t, String about, List<String> warnings, Map<String, String> columnNotes) {
        Map<String, String> notes = new HashMap<>();
        columnNotes.forEach((c, n) -> notes.put(c.toLowerCase(Locale.ROOT), n));
        StringBuilder out = new StringBuilder();
        out.append("TABLE ").append(t.qualifiedName()).append(" -- ").append(t.rowCount()).append(" rows");
        if (about != null) out.append("; ").append(about);
        out.append('\n');
        for (String w : warnings) out.append("  ! ").append(w).append('\n');
        for (Catalog.Column c : t.columns()) {
            out.append("  ").append(c.name()).append(' ').append(c.type());
            if (t.primaryKey().contains(c.name())) out.append(" PK");
            for (Catalog.ForeignKey fk : t.foreignKeys()) {
                int i = fk.columns().indexOf(c.name());
                if (i >= 0) out.append(" -> ").append(fk.referencedTable()).append('.').append(fk.referencedColumns().get(i));
            }
            if (!c.nullable() && !t.primaryKey().contains(c.name())) out.append(" NOT NULL");
            StringBuilder line = new StringBuilder();
            String comment = notes.getOrDefault(c.name().toLowerCase(Locale.ROOT), c.comment());
            if (comment != null) line.append(comment);
            if (c.min() != null) append(line, "range " + c.min() + " .. " + c.max());
            if (!c.sampleValues().isEmpty()) append(line, "values " + quoted(c.sampleValues()));
            if (line.length() > 0) out.append(" -- ").append(line);
            out.append('\n');
        }
        return out.toString();
    }

    /** A table by its name and its columns' names only: "TABLE orders (order_id, customer_id, ordered_at)". */
    public static String columnsOnly(Catalog.Table t) {
        return "TABLE " + t.qualifiedName() + " (" + t.columns().stream().map(Catalog.Column::name).collect(Collectors.joining(", ")) + ")";
    }

    private static void append(StringBuilder notes, String text) {
        if (notes.length() > 0) notes.append("; ");
        notes.append(text);
    }

    private static String quoted(List<String> values) {
        return values.stream().map(v -> "'" + v + "'").collect(Collectors.joining(", "));
    }
}
