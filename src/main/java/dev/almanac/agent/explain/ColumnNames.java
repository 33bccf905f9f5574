package dev.almanac.agent.explain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.SemanticFile;
import dev.almanac.semantic.Dataset;
import dev.almanac.semantic.Dimension;
import dev.almanac.semantic.SemanticModel;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A column by its business name: a semantic dimension's label for that table's column, else its name in words. */
final class ColumnNames {
    private static final Pattern FROM = Pattern.compile("(?i)\\bfrom\\s+([A-Za-z_][A-Za-z0-9_.]*)");
    /** Column label by "table.column" (lower case), from the semantic model's dimensions. */
    private final Map<String, String> labels;

    /** The labels of the semantic files last read (the same files object): an answer's explanations do not build the model again. */
    private static volatile Labels last;

    private record Labels(List<SemanticFile> of, Map<String, String> labels) {}

    ColumnNames(KnowledgeSet knowledge) {
        Labels known = last;
        if (known == null || known.of() != knowledge.semantic()) {
            known = new Labels(knowledge.semantic(), labels(knowledge));
            last = known;
        }
        labels = known.labels();
    }

    private static Map<String, String> labels(KnowledgeSet knowledge) {
        Map<String, String> labels = new HashMap<>();
        SemanticModel model = knowledge.semantic().isEmpty() ? SemanticModel.EMPTY : SemanticModel.of(knowledge.semantic());
        Map<String, String> tableOf = new HashMap<>();
        for (Dataset d : model.datasets()) {
            if (d.table() != null) {
                tableOf.put(d.name(), bare(d.table()));
            } else if (d.sql() != null) { // a dataset written as SQL: the table it reads first
                Matcher m = FROM.matcher(d.sql());
                if (m.find()) tableOf.put(d.name(), bare(m.group(1)));
            }
        }
        for (Dimension d : model.dimensions()) {
            String table = tableOf.get(d.dataset());
            String column = d.expr() == null ? d.name() : d.expr().strip();
            if (table == null || d.label() == null || !column.matches("[A-Za-z_][A-Za-z0-9_]*")) continue;
            labels.putIfAbsent(table + "." + column.toLowerCase(Locale.ROOT), Phrases.words(d.label()));
        }
        return Map.copyOf(labels);
    }

    /** A column reference by its business name; a column of a table read twice (a self-join) says which side. */
    String of(JsonNode e, Scope scope) {
        JsonNode names = e.path("column_names");
        String name = names.get(names.size() - 1).asText();
        if (names.size() > 1) {
            String alias = names.get(names.size() - 2).asText();
            String table = scope.aliases.get(alias.toLowerCase(Locale.ROOT));
            String label = table == null ? null : labels.get(table + "." + name.toLowerCase(Locale.ROOT));
            String of = table != null && scope.repeated.contains(table) ? " of " + Phrases.words(alias) : ""; // a self-join: which side
            return (label != null ? label : Phrases.words(name)) + of;
        } else {
            String found = null;
            for (String table : Set.copyOf(scope.aliases.values())) {
                String label = labels.get(table + "." + name.toLowerCase(Locale.ROOT));
                if (label != null && found != null && !found.equals(label)) return Phrases.words(name); // two tables read differ: the plain name
                if (label != null) found = label;
            }
            if (found != null) return found;
        }
        return Phrases.words(name);
    }

    /** The column's own name, without its table. */
    static String lastName(JsonNode column) {
        JsonNode names = column.path("column_names");
        return names.get(names.size() - 1).asText();
    }

    /** A table's name without schema, quotes or case: "MAIN"."Orders" is orders (as the answer's knowledge names tables). */
    private static String bare(String table) {
        String t = table.toLowerCase(Locale.ROOT).replace("\"", "");
        return t.substring(t.lastIndexOf('.') + 1);
    }
}
