package dev.almanac.source;

import java.util.List;
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
        StringBuilder out = new StringBuilder();
        out.append("TABLE ").append(t.qualifiedName()).append(" -- ").append(t.rowCount()).append(" rows");
        if (t.comment() != null) out.append("; ").append(t.comment());
        out.append('\n');
        for (Catalog.Column c : t.columns()) {
            out.append("  ").append(c.name()).append(' ').append(c.type());
            if (t.primaryKey().contains(c.name())) out.append(" PK");
            for (Catalog.ForeignKey fk : t.foreignKeys()) {
                int i = fk.columns().indexOf(c.name());
                if (i >= 0) out.append(" -> ").append(fk.referencedTable()).append('.').append(fk.referencedColumns().get(i));
            }
            if (!c.nullable() && !t.primaryKey().contains(c.name())) out.append(" NOT NULL");
            StringBuilder notes = new StringBuilder();
            if (c.comment() != null) notes.append(c.comment());
            if (c.min() != null) append(notes, "range " + c.min() + " .. " + c.max());
            if (!c.sampleValues().isEmpty()) append(notes, "values " + quoted(c.sampleValues()));
            if (notes.length() > 0) out.append(" -- ").append(notes);
            out.append('\n');
        }
        return out.toString();
    }

    private static void append(StringBuilder notes, String text) {
        if (notes.length() > 0) notes.append("; ");
        notes.append(text);
    }

    private static String quoted(List<String> values) {
        return values.stream().map(v -> "'" + v + "'").collect(Collectors.joining(", "));
    }
}
