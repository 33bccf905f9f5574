package dev.almanac.semantic;

import dev.almanac.reading.FunctionClass;
import dev.almanac.reading.FunctionWords;
import dev.almanac.reading.Lexicon;
import dev.almanac.quality.Timeframe;
import dev.almanac.reading.PartOfSpeech;
import dev.almanac.semantic.QuestionParser.Cannot;
import dev.almanac.semantic.QuestionParser.Span;
import dev.almanac.semantic.QuestionParser.ValueHit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Values of the rows that refer to the rows a question reads: "countries where English is spoken" (a language row of the
 * country holds English), "the region of the city Kabul" (the country one of whose cities is Kabul), "students who do not
 * have a cat" (no pet of theirs is a cat), "nations that speak both English and French" (a row for each). Such a value is
 * a condition on related rows ({@link SemanticQuery.Exists}), never a filter on a join that would repeat the rows read for
 * each related row. It is read only where the reader's own values (of the rows and of what they reach one way) place no
 * word: those come first. One verb may say the relationship ("speak", "have"), which the model's relationships say already,
 * and a negation before it denies the related rows ("do not speak English"). Values of one attribute joined by "or" are
 * one condition (either of them), by "and" one condition each (all of them). The query is compiled to check that the
 * related rows reach the rows read one way; else the question is refused, naming the two.
 */
final class RelatedValues {
    private final QuestionParser reader;
    /** Per dataset read: the attributes of the rows that refer to it, each with the dataset whose rows are the related rows. */
    private final Map<String, Map<Dimension, String>> relatedOf = new ConcurrentHashMap<>();
    private final Map<String, Map<List<String>, Object>> phrasesOf = new ConcurrentHashMap<>();

    RelatedValues(QuestionParser reader) {
        this.reader = reader;
    }

    /** The conditions on related rows the question's values make, and the datasets of those rows (whose nouns the question may say). */
    record Placed(List<SemanticQuery.Exists> exists, Set<String> datasets) {
        /** These and other conditions on related rows (whose datasets' nouns the question says too). */
        Placed with(List<SemanticQuery.Exists> more) {
            if (more.isEmpty()) return this;
            List<SemanticQuery.Exists> all = new ArrayList<>(exists);
            all.addAll(more);
            Set<String> ds = new LinkedHashSet<>(datasets);
            more.forEach(e -> ds.add(e.dataset()));
            return new Placed(List.copyOf(all), Set.copyOf(ds));
        }
    }

    /** One value placed: the related rows, the attribute, the value, denied or not, and where it stands. */
    private record Said(String dataset, Dimension dimension, String value, boolean negated, Span span) {}

    /**
     * The values of related rows among the words not placed yet, marked placed with the words that say them (the attribute's
     * name, the related rows' noun, the verb and the negation before); a {@link Cannot} when a value is of several such
     * attributes or the rows do not reach those read one way; empty when there is none.
     */
    Optional<Object> place(List<String> words, List<String> original, boolean[] used, String[] valueOf, SemanticMetric metric) {
        if (!(metric instanceof SemanticMetric.Simple rows) || rows.filter() != null) return Optional.empty();
        String of = rows.dataset();
        Map<Dimension, String> related = relatedOf.computeIfAbsent(of, k -> relatedDimensions(k, d -> d.kind() != Dimension.Kind.NUMBER && reader.values.of(d) != null));
        if (related.isEmpty()) return Optional.empty();
        Map<List<String>, Object> phrases = phrasesOf.computeIfAbsent(of, k -> reader.lexicon.valuePhrases(List.copyOf(related.keySet())));
        List<Said> said = new ArrayList<>();
        List<Span> valueSpans = Spans.spans(words, phrases);
        for (Span v : Spans.longestFirst(valueSpans)) {
            if (Spans.anyUsed(used, v) || v.length() == 1 && reader.lexicon.phrasalModelWord(words, v.from())) continue;
            @SuppressWarnings("unchecked") List<ValueHit> hits = (List<ValueHit>) v.target();
            // a value that stands on its own (a name, a code, several words), or one the related rows' noun or its attribute's
            // word follows ("a cat pet"), or another such value after "or" ("a cat or dog pet"): never a word of everyday use on its own
            boolean named = ValueRule.distinctive(original, v) && !(v.length() == 1 && QuestionFrame.FILLER.contains(words.get(v.from())));
            if (!named && !nounAfter(words, v, valueSpans, related, 3)) continue;
            List<Dimension> dims = hits.stream().map(ValueHit::dimension).distinct().toList();
            if (dims.size() > 1) {
                return Optional.of(new Cannot("'" + String.join(" ", original.subList(v.from(), v.to())) + "' is a value of several things of related rows: "
                        + String.join(", ", dims.stream().map(Dimension::displayName).toList())));
            }
            Dimension dim = dims.get(0);
            String dataset = related.get(dim);
            int negation = relationBefore(words, used, v, dim, dataset);
            said.add(new Said(dataset, dim, String.valueOf(hits.get(0).value()), negation >= 0, v));
            Spans.mark(used, v);
            for (int k = v.from(); k < v.to(); k++) valueOf[k] = reader.model.reference(dim);
            reader.markAttributeBefore(words, used, v, dim);
            for (int k = v.to(); k < words.size() && !used[k] && nounOf(words.get(k), dim, dataset); k++) used[k] = true; // "a cat pet"
        }
        if (said.isEmpty()) return Optional.empty();
        said.sort((a, b) -> a.span().from() - b.span().from());
        // "English is the official language", "English as an official language": the name of an attribute whose value is said,
        // right after a value said (over articles, "as" and "is")
        Set<Dimension> saidDims = new LinkedHashSet<>();
        said.forEach(x -> saidDims.add(x.dimension()));
        for (int k = 1; k < words.size(); k++) {
            if (used[k]) continue;
            int p = k - 1;
            while (p > 0 && !used[p] && LINKS.contains(words.get(p))) p--;
            if (valueOf[p] == null || !used[p]) continue;
            String stem = QuestionWords.stem(QuestionWords.singular(words.get(k)));
            if (saidDims.stream().anyMatch(d -> QuestionWords.tokens(d.name().replace('_', ' '), true).stream().anyMatch(w -> QuestionWords.stem(w).equals(stem)))) used[k] = true;
        }
        List<SemanticQuery.Exists> exists = new ArrayList<>();
        Set<String> datasets = new LinkedHashSet<>();
        List<Integer> run = new ArrayList<>(); // the conditions of "both English and French" so far, each its own
        for (int i = 0; i < said.size(); i++) {
            Said s = said.get(i);
            if (i == 0 || !said.get(i - 1).dimension().equals(s.dimension()) || !between(words, said.get(i - 1).span(), s.span()).equals(Set.of("and"))) run.clear();
            List<String> values = new ArrayList<>(List.of(s.value()));
            // "English or Dutch": either, one condition; "English and French", "both English and French": each, a condition each
            while (i + 1 < said.size() && said.get(i + 1).dimension().equals(s.dimension()) && said.get(i + 1).negated() == s.negated()
                    && between(words, s.span(), said.get(i + 1).span()).equals(Set.of("or"))) {
                values.add(said.get(++i).value());
            }
            // an "or" left between two values (of two attributes, or with more words between): never read as both
            if (i + 1 < said.size() && between(words, said.get(i).span(), said.get(i + 1).span()).contains("or")) {
                return Optional.of(new Cannot("rows that meet one of two conditions ('" + String.join(" ", original.subList(said.get(i).span().from(), said.get(i + 1).span().to()))
                        + "') are not read yet"));
            }
            if (s.negated() && i + 1 < said.size() && said.get(i + 1).dimension().equals(s.dimension())) {
                return Optional.of(new Cannot("values of " + s.dimension().displayName() + " denied together ('" + String.join(" ",
                        original.subList(s.span().from(), said.get(i + 1).span().to())) + "') are not read yet"));
            }
            String ref = reader.model.reference(s.dimension());
            List<SemanticQuery.Filter> filters = new ArrayList<>(List.of(new SemanticQuery.Filter(ref, values.size() == 1 ? "=" : "in", values)));
            // "English is official", "English as an official language": values of two attributes said together are of one row
            // "English is not the official language": one row denied, whichever of its values the negation stands before
            boolean denied = s.negated();
            while (i + 1 < said.size() && said.get(i + 1).dataset().equals(s.dataset()) && !said.get(i + 1).dimension().equals(s.dimension())) {
                Set<String> apart = between(words, said.get(i).span(), said.get(i + 1).span());
                if (apart.contains("and") || apart.contains(",") || apart.contains("or") || apart.contains("with") || apart.contains("that") || apart.contains("who")) {
                    return Optional.of(new Cannot("conditions on " + s.dataset().replace('_', ' ') + " said apart ('" + String.join(" ",
                            original.subList(said.get(i).span().from(), said.get(i + 1).span().to())) + "') are not read yet"));
                }
                Said t = said.get(++i);
                denied |= t.negated();
                SemanticQuery.Filter also = new SemanticQuery.Filter(reader.model.reference(t.dimension()), "=", List.of(t.value()));
                filters.add(also);
                // "both English and French are official": said of each of them
                for (int e : run) {
                    List<SemanticQuery.Filter> more = new ArrayList<>(exists.get(e).filters());
                    more.add(also);
                    exists.set(e, new SemanticQuery.Exists(exists.get(e).dataset(), more, exists.get(e).negated(), of));
                }
            }
            if (denied != s.negated() && !run.isEmpty()) { // "both English and French are not official"
                return Optional.of(new Cannot("values of " + s.dimension().displayName() + " denied together are not read yet"));
            }
            run.add(exists.size());
            exists.add(new SemanticQuery.Exists(s.dataset(), List.copyOf(filters), denied, of));
            datasets.add(s.dataset());
            datasets.add(s.dimension().dataset());
        }
        // "both English and French": the word that says each of them is had
        for (int i = 0; i + 1 < words.size(); i++) if (!used[i] && words.get(i).equals("both") && used[i + 1] && valueOf[i + 1] != null) used[i] = true;
        // the rows read, listed by an attribute of theirs, with the conditions: the related rows must reach them one way
        Dimension own = reader.model.dimensions().stream().filter(d -> d.dataset().equals(of) && !d.time()).findFirst().orElse(null);
        if (own == null) return Optional.empty();
        SemanticQuery probe = new SemanticQuery(List.of(), List.of(new SemanticQuery.GroupBy(reader.model.reference(own), List.of())), null, null, null,
                List.of(), null, null, null, null, null).records(of).withExists(exists);
        try {
            reader.layer.compile(probe);
        } catch (RuntimeException e) {
            return Optional.of(new Cannot("the " + String.join(", ", datasets) + " do not reach the " + of + " one way in the model"));
        }
        return Optional.of(new Placed(List.copyOf(exists), Set.copyOf(datasets)));
    }

    /**
     * Whether the related rows' noun (or the attribute's word) follows a value, or follows a value of the same attribute
     * after "or" or "and" ("cat or dog pet": the noun is both values'), at most {@code hops} values on.
     */
    private boolean nounAfter(List<String> words, Span v, List<Span> values, Map<Dimension, String> related, int hops) {
        @SuppressWarnings("unchecked") List<ValueHit> hits = (List<ValueHit>) v.target();
        if (v.to() < words.size() && hits.stream().anyMatch(h -> nounOf(words.get(v.to()), h.dimension(), related.get(h.dimension())))) return true;
        // "a cat as a pet"
        int as = v.to() + 1 < words.size() && words.get(v.to()).equals("as") ? (Set.of("a", "an").contains(words.get(v.to() + 1)) ? v.to() + 2 : v.to() + 1) : -1;
        if (as > 0 && as < words.size() && hits.stream().anyMatch(h -> nounOf(words.get(as), h.dimension(), related.get(h.dimension())))) return true;
        if (hops == 0 || v.to() >= words.size() || !Set.of("or", "and").contains(words.get(v.to()))) return false;
        int next = v.to() + 1 < words.size() && Set.of("a", "an").contains(words.get(v.to() + 1)) ? v.to() + 2 : v.to() + 1;
        for (Span w : values) {
            @SuppressWarnings("unchecked") List<ValueHit> others = (List<ValueHit>) w.target();
            if (w.from() == next && others.stream().anyMatch(o -> hits.stream().anyMatch(h -> h.dimension().equals(o.dimension())))
                    && nounAfter(words, w, values, related, hops - 1)) return true;
        }
        return false;
    }

    /**
     * The attributes of rows that refer to the rows of {@code of} (many of them to one of its), and of what those rows reach
     * one way, that {@code of} does not reach itself: names and categories with values the index holds. Each is with the
     * dataset whose rows are the related rows: the attribute's own when its rows refer to {@code of}, else the one dataset
     * that refers to both (a table of pairs); an attribute several such datasets reach is left out.
     */
    private Map<Dimension, String> relatedDimensions(String of, java.util.function.Predicate<Dimension> kind) {
        JoinPlanner planner = reader.readingWords.planner();
        Set<String> reached;
        try {
            reached = planner.reachable(of);
        } catch (RuntimeException e) {
            return Map.of();
        }
        List<String> referring = new ArrayList<>();
        for (Dataset d : reader.model.datasets()) {
            if (d.name().equals(of) || reached.contains(d.name())) continue;
            try {
                if (planner.reachable(d.name()).contains(of)) referring.add(d.name());
            } catch (RuntimeException e) {
                // a dataset the planner cannot walk from relates to nothing here
            }
        }
        Map<Dimension, String> out = new LinkedHashMap<>();
        Set<Dimension> shared = new LinkedHashSet<>();
        for (Dimension dim : reader.model.dimensions()) {
            if (dim.time() || !kind.test(dim) || dim.dataset().equals(of) || reached.contains(dim.dataset())) continue;
            if (referring.contains(dim.dataset())) {
                out.put(dim, dim.dataset());
                continue;
            }
            for (String r : referring) {
                if (!planner.reachable(r).contains(dim.dataset())) continue;
                if (out.containsKey(dim)) shared.add(dim);
                else out.put(dim, r);
            }
        }
        shared.forEach(out::remove);
        return Map.copyOf(out);
    }

    /**
     * "stadiums that did not have a concert in 2014", "singers who performed in a concert in 2014": whole years said right after
     * the noun of rows that refer to the rows read (of rows with no time of their own), a condition on those rows' one number
     * attribute of years ({@link Conditions#yearsSaid}), denied when a negation stands before. The noun, the verb and the
     * negation are marked placed. Empty when no such rows are named right before the years.
     */
    Optional<SemanticQuery.Exists> years(String q, SemanticMetric metric, Timeframe period, List<String> words, boolean[] used) {
        if (!(metric instanceof SemanticMetric.Simple rows) || rows.filter() != null || rows.timeDimension() != null || period.text() == null) return Optional.empty();
        String of = rows.dataset();
        int at = q.indexOf(period.text().strip());
        if (at < 0) return Optional.empty();
        int k = QuestionWords.tokens(q.substring(0, at), true).size() - 1;
        while (k >= 0 && k < words.size() && !used[k] && Set.of("in", "during", "of", "the", "year").contains(words.get(k))) k--;
        if (k < 0 || k >= words.size() || used[k]) return Optional.empty();
        Map<Dimension, String> yearsOf = relatedYears.computeIfAbsent(of, x -> relatedDimensions(x, d -> d.kind() == Dimension.Kind.NUMBER
                && QuestionWords.tokens(d.name().replace('_', ' '), true).contains("year")));
        String noun = words.get(k);
        List<Dimension> named = yearsOf.keySet().stream().filter(d -> reader.model.dataset(d.dataset())
                .map(ds -> ReaderLexicon.datasetWords(ds).stream().anyMatch(w -> QuestionWords.stem(w).equals(QuestionWords.stem(QuestionWords.singular(noun))))).orElse(false)).toList();
        if (named.size() != 1) return Optional.empty();
        Dimension year = named.get(0);
        Optional<List<SemanticQuery.Filter>> filters = Conditions.yearsSaid(q, period, words, used, reader.model.reference(year));
        if (filters.isEmpty()) return Optional.empty();
        used[k] = true;
        int negation = relationBefore(words, used, new Span(k, k + 1, null), year, yearsOf.get(year));
        return Optional.of(new SemanticQuery.Exists(yearsOf.get(year), filters.get(), negation >= 0, of));
    }

    private final Map<String, Map<Dimension, String>> relatedYears = new ConcurrentHashMap<>();

    /** Whether a word is the related rows' noun or a word of the attribute's name ("pet" of a pet's type, "language"). */
    private boolean nounOf(String word, Dimension dim, String dataset) {
        String stem = QuestionWords.stem(QuestionWords.singular(word));
        for (String ds : new LinkedHashSet<>(List.of(dataset, dim.dataset()))) {
            Optional<Dataset> d = reader.model.dataset(ds);
            if (d.isPresent() && ReaderLexicon.datasetWords(d.get()).stream().anyMatch(w -> QuestionWords.stem(w).equals(stem))) return true;
        }
        return QuestionWords.tokens(dim.name().replace('_', ' '), true).stream().anyMatch(w -> QuestionWords.stem(w).equals(stem));
    }

    /**
     * Marks the words before a value that say the relationship: the related rows' noun and the attribute's words, articles,
     * prepositions and auxiliaries, at most one verb that is not a word of the model ("speak", "have"), and a negation
     * ("do not speak", "no"). Returns where the negation stands, or -1 when there is none.
     */
    private int relationBefore(List<String> words, boolean[] used, Span v, Dimension dim, String dataset) {
        FunctionWords grammar = FunctionWords.english();
        int verb = -1;
        int negation = -1;
        List<Integer> marked = new ArrayList<>();
        for (int i = v.from() - 1; i >= 0 && i >= v.from() - 6; i--) {
            String w = words.get(i);
            if (used[i]) break;
            if (w.equals("not") || w.equals("no") || w.equals("never") || w.endsWith("n't") && grammar.is(w, FunctionClass.NEGATION)) {
                negation = i;
                marked.add(i);
                break;
            }
            if (grammar.is(w, FunctionClass.ARTICLE) || grammar.is(w, FunctionClass.AUXILIARY) || grammar.is(w, FunctionClass.PREPOSITION)
                    || w.equals("any") || w.equals("both") || w.equals("some")) {
                continue;
            }
            if (nounOf(w, dim, dataset)) {
                marked.add(i);
                verb = -1; // "playing some cartoons directed by": a verb of the value's rows, and one that relates them to the rows read
                continue;
            }
            if (verb < 0 && Lexicon.english().partsOfSpeech(w).contains(PartOfSpeech.VERB) && !reader.lexicon.modelStems().contains(QuestionWords.stem(w))) {
                verb = i;
                marked.add(i);
                continue;
            }
            break;
        }
        for (int i : marked) used[i] = true;
        return negation;
    }

    /** Words between a value and the name of its attribute, or another value of the same row ("English as an official language"). */
    private static final Set<String> LINKS = Set.of("the", "a", "an", "as", "is", "are", "was", "were");

    /** The words between two spans. */
    private static Set<String> between(List<String> words, Span a, Span b) {
        Set<String> out = new LinkedHashSet<>();
        for (int k = a.to(); k < b.from(); k++) out.add(words.get(k).toLowerCase(Locale.ROOT));
        out.remove(",");
        out.removeAll(Set.of("a", "an", "the")); // "a dog or a cat"
        return out;
    }
}
