package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionWords.stem;
import static dev.almanac.semantic.QuestionWords.tokens;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What the model says of its attributes as a question names them: which attribute names a dataset's records, which is
 * its key, which refers to another dataset's records (and to which of its attributes), and the words an attribute is
 * called by. It reads the model only.
 */
final class ModelAttributes {
    private final SemanticModel model;

    ModelAttributes(SemanticModel model) {
        this.model = model;
    }

    /** Whether the attribute is its records' reference to a record of the dataset (a template's type code, its template type's key). */
    boolean refersTo(Dimension d, String dataset) {
        return model.edgesFrom(d.dataset()).stream().anyMatch(e -> e.to().equals(dataset) && e.fromColumns().size() == 1
                && e.fromColumns().get(0).equalsIgnoreCase(d.expr().strip()));
    }

    /**
     * The dimensions without a key that refers to the records another of them is an attribute of: "each continent" is the
     * continent by its own name, not a country's reference to it, when both are called so.
     */
    List<Dimension> withoutReferences(List<Dimension> ds) {
        if (ds.size() < 2) return ds;
        List<Dimension> out = ds.stream().filter(d -> d.kind() != Dimension.Kind.IDENTIFIER
                || referredBy(d).stream().noneMatch(to -> ds.stream().anyMatch(o -> o != d && o.dataset().equals(to)))).toList();
        return out.isEmpty() ? ds : out;
    }

    /** The datasets a dimension's column refers to, as a relationship's key (a flight's destination code: airports); none for most. */
    List<String> referredBy(Dimension d) {
        return model.relationships().stream().filter(rel -> rel.from().equals(d.dataset())
                && rel.fromColumns().stream().anyMatch(c -> unquoted(c).equals(unquoted(d.expr())))).map(Relationship::to).toList();
    }

    /** The attribute a reference's column refers to (a city's country code: the country's code), by one relationship of one column; empty for none. */
    Optional<Dimension> referredKey(Dimension d) {
        List<Relationship> rels = model.relationships().stream().filter(rel -> rel.from().equals(d.dataset()) && rel.fromColumns().size() == 1
                && unquoted(rel.fromColumns().get(0)).equals(unquoted(d.expr()))).toList();
        if (rels.size() != 1) return Optional.empty();
        String column = unquoted(rels.get(0).toColumns().get(0));
        List<Dimension> keys = model.dimensions().stream().filter(k -> k.dataset().equals(rels.get(0).to()) && k.expr() != null && unquoted(k.expr()).equals(column)).toList();
        return keys.size() == 1 ? Optional.of(keys.get(0)) : Optional.empty();
    }

    /** A column's name as a relationship or dimension writes it, without quotes and in lower case. */
    private static String unquoted(String column) {
        return column.replace("\"", "").replace("`", "").strip().toLowerCase(Locale.ROOT);
    }

    /**
     * The attributes that name a dataset's records: those the model marks as labelling its entity, else its text attributes
     * called "name" or "title", by the records' own name ("airline" of airlines) or that name with "name" ("airport name").
     */
    List<Dimension> namingAttributes(Dataset ds) {
        List<Dimension> own = model.dimensionsOf(ds.name()).stream().filter(d -> !d.time()).toList();
        List<Dimension> labels = own.stream().filter(Dimension::labelsEntity).toList();
        if (!labels.isEmpty()) return labels;
        return own.stream().filter(d -> (d.kind() == Dimension.Kind.TEXT || d.kind() == Dimension.Kind.CATEGORICAL) && calledAfterRecords(ds, d)).toList();
    }

    /** Whether an attribute is called "name" or "title", after its records ("airline" of airlines) or so with "name". */
    static boolean calledAfterRecords(Dataset ds, Dimension d) {
        String name = String.join(" ", tokens(d.name().replace('_', ' '), true));
        if (name.equals("name") || name.equals("title")) return true;
        for (String n : ReaderLexicon.rowNames(ds)) {
            String row = String.join(" ", tokens(n, true));
            if (name.equals(row) || name.equals(row + " name")) return true;
        }
        return false;
    }

    /** Whether the dimension is the dataset's key of one column ("the ids of documents": each document's own id). */
    static boolean isKey(Dataset ds, Dimension d) {
        return d.dataset().equals(ds.name()) && ds.primaryKey().size() == 1 && ds.primaryKey().get(0).equalsIgnoreCase(d.expr().strip());
    }

    /** Whether the dimension names each record of its dataset: their label, or their key of one column. */
    static boolean namesEachRecord(Dataset ds, Dimension d) {
        return d.labelsEntity() || isKey(ds, d);
    }

    /** The stems of every word of an attribute's name, label and synonyms ("name" of document_name, which "named" says too). */
    static Set<String> attributeStems(Dimension d) {
        var function = dev.almanac.reading.FunctionWords.english();
        Set<String> out = new java.util.HashSet<>();
        List<String> names = new ArrayList<>(List.of(d.name().replace('_', ' ')));
        if (d.label() != null) names.add(d.label());
        names.addAll(d.synonyms());
        for (String n : names) for (String w : tokens(n, true)) if (!function.isFunctionWord(w)) out.add(stem(w));
        for (String agent : ReaderLexicon.agentsOf(tokens(d.name().replace('_', ' '), true))) out.add(stem(agent)); // "director" of directed_by
        return out;
    }
}
