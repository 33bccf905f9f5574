package dev.almanac.semantic;

import dev.almanac.semantic.QuestionParser.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** What a reading shows of its records, each thing once: a record identified by an id the question shows is not named again. */
final class ShownOnce {
    private ShownOnce() {}

    /**
     * "the document ids and the number of paragraphs in each document": records grouped by their name where the question
     * shows the id that identifies each already (their key, or the column of other rows that refers to it) are shown by that
     * id alone, never by the name beside it. A name the list is sorted or filtered by stays.
     */
    static Result identified(QuestionParser reader, String question, Result r) {
        if (!(r instanceof QuestionParser.Parsed p) || p.query().groupBy().size() < 2) return r;
        SemanticModel model = reader.model();
        SemanticQuery x = p.query();
        Set<String> said = new java.util.HashSet<>();
        for (String w : QuestionWords.tokens(question, true)) said.add(QuestionWords.stem(QuestionWords.singular(w)));
        List<SemanticQuery.GroupBy> kept = new ArrayList<>(x.groupBy());
        for (SemanticQuery.GroupBy g : x.groupBy()) {
            Dimension label = model.dimension(g.dimension()).orElse(null);
            if (label == null || !label.labelsEntity() || x.order().stream().anyMatch(o -> model.dimension(o.field()).map(label::equals).orElse(false))
                    || x.filters().stream().anyMatch(f -> model.dimension(f.field()).map(label::equals).orElse(false))) continue;
            Dataset records = model.dataset(label.dataset()).orElse(null);
            if (records == null) continue;
            // a name asked for ("the ids and names of documents") is shown: only one the records' noun brought is not
            Set<String> own = new java.util.HashSet<>();
            for (String t : QuestionWords.tokens(label.name().replace('_', ' ') + " " + label.displayName(), true)) own.add(QuestionWords.stem(QuestionWords.singular(t)));
            for (String n : ReaderLexicon.datasetWords(records)) for (String t : QuestionWords.tokens(n, true)) own.remove(QuestionWords.stem(QuestionWords.singular(t)));
            if (own.isEmpty() || own.stream().anyMatch(said::contains)) continue;
            boolean identified = x.groupBy().stream().filter(o -> o != g).map(o -> model.dimension(o.dimension()).orElse(null))
                    .anyMatch(d -> d != null && (ModelAttributes.isKey(records, d) || refersTo(model, d, records)));
            if (identified) kept.remove(g);
        }
        if (kept.size() == x.groupBy().size()) return r;
        return new QuestionParser.Parsed(x.groupedBy(kept), p.period());
    }

    /** Whether an attribute is the one column by which its rows refer to a dataset's records (a document id of paragraphs). */
    private static boolean refersTo(SemanticModel model, Dimension d, Dataset records) {
        return records.primaryKey().size() == 1 && model.edgesFrom(d.dataset()).stream().anyMatch(e -> e.to().equals(records.name())
                && e.fromColumns().size() == 1 && e.fromColumns().get(0).equalsIgnoreCase(d.expr().strip()));
    }
}
