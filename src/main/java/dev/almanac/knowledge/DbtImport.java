package dev.almanac.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.UserError;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Table and column descriptions from dbt: a {@code manifest.json} (models, seeds, snapshots and
 * sources) or a {@code schema.yml} (models and sources). Descriptions fill in what the knowledge
 * files leave empty; what the files say wins. Tables that are not in the catalog are skipped.
 */
public final class DbtImport {
    private DbtImport() {}

    /** A dbt relation's descriptions. */
    record Described(String table, String description, Map<String, String> columns) {}

    static KnowledgeSet merge(KnowledgeSet set, Path file, KnowledgeValidator validator) {
        List<Described> described = read(file);
        List<TableNote> notes = new ArrayList<>(set.tables());
        for (Described d : described) {
            if (!validator.hasTable(d.table())) continue;
            int i = indexOf(notes, d.table());
            if (i < 0) {
                notes.add(new TableNote(d.table(), blankToDefault(d.description(), "Described in dbt."), null, null, null, null,
                        List.of(), List.of(), validator.existingColumns(d.table(), d.columns()), List.of()));
            } else {
                TableNote n = notes.get(i);
                Map<String, String> columns = new LinkedHashMap<>(validator.existingColumns(d.table(), d.columns()));
                columns.putAll(n.columnNotes());
                notes.set(i, new TableNote(n.table(), n.description() == null || n.description().isBlank() ? d.description() : n.description(),
                        n.owner(), n.refreshFrequency(), n.timeColumn(), n.timeFormat(), n.useCases(), n.dataQualityNotes(), columns, n.relatedTables()));
            }
        }
        return new KnowledgeSet(notes, set.metrics(), set.queries(), set.rules(), set.golden(), set.semantic(), set.files());
    }

    static List<Described> read(Path file) {
        String name = file.getFileName().toString();
        ObjectMapper mapper = name.endsWith(".json") ? new ObjectMapper() : new ObjectMapper(new YAMLFactory());
        JsonNode root;
        try {
            root = mapper.readTree(file.toFile());
        } catch (IOException e) {
            throw new UserError("cannot read dbt file " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (root == null) throw new UserError("dbt file " + file + " is empty");
        List<Described> out = new ArrayList<>();
        if (root.has("nodes") || root.has("sources") && root.path("sources").isObject()) {
            for (JsonNode node : iterable(root.path("nodes"))) {
                String type = node.path("resource_type").asText();
                if (type.equals("model") || type.equals("seed") || type.equals("snapshot")) out.add(described(node, node.path("alias").asText(node.path("name").asText())));
            }
            for (JsonNode node : iterable(root.path("sources"))) out.add(described(node, node.path("identifier").asText(node.path("name").asText())));
        } else {
            for (JsonNode model : root.path("models")) out.add(described(model, model.path("name").asText()));
            for (JsonNode source : root.path("sources")) for (JsonNode t : source.path("tables")) out.add(described(t, t.path("identifier").asText(t.path("name").asText())));
        }
        if (out.isEmpty()) throw new UserError("no models or sources found in dbt file " + file);
        return out;
    }

    private static Described described(JsonNode node, String table) {
        Map<String, String> columns = new LinkedHashMap<>();
        JsonNode cols = node.path("columns");
        for (JsonNode c : cols.isObject() ? iterable(cols) : cols) {
            String desc = c.path("description").asText("");
            if (!desc.isBlank()) columns.put(c.path("name").asText(), desc);
        }
        return new Described(table, node.path("description").asText(""), columns);
    }

    private static Iterable<JsonNode> iterable(JsonNode objectOrArray) {
        List<JsonNode> values = new ArrayList<>();
        objectOrArray.elements().forEachRemaining(values::add);
        return values;
    }

    private static int indexOf(List<TableNote> notes, String table) {
        for (int i = 0; i < notes.size(); i++) if (notes.get(i).table().equalsIgnoreCase(table)) return i;
        return -1;
    }

    private static String blankToDefault(String s, String fallback) {
        return s == null || s.isBlank() ? fallback : s;
    }
}
