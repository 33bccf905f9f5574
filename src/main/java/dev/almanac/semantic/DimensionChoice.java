package dev.almanac.semantic;

import static dev.almanac.semantic.QuestionFrame.FILLER;
import static dev.almanac.semantic.QuestionWords.digits;
import static dev.almanac.semantic.QuestionWords.stem;
import static dev.almanac.semantic.QuestionWords.tokens;
import static dev.almanac.semantic.Spans.adjacent;
import static dev.almanac.semantic.Spans.dimensionOf;
import static dev.almanac.semantic.Spans.inSpan;
import static dev.almanac.semantic.Spans.neighbours;
import static dev.almanac.semantic.Spans.overlaps;

import dev.almanac.semantic.QuestionParser.Span;
import dev.almanac.semantic.QuestionParser.ValueHit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which attribute a word names when several fit (the metric's own dataset's first, then the one whose own words the
 * question says most of), the head noun a breakdown's cue names, and whether a value is said as one of its attribute
 * (its attribute's word next to it, or declared so). A tie stays a tie, for a question back.
 */
final class DimensionChoice {
    private final QuestionParser reader;
    private final SemanticModel model;

    DimensionChoice(QuestionParser reader) {
        this.reader = reader;
        this.model = reader.model;
    }

    /**
     * "which channel", "each category", "the most common reason": after a grouping cue, a word that is the last word of
     * dimensions' labels (and of no longer phrase found) names them; those of the metric's own dataset come first
     * ("tickets by channel" is the ticket's channel, not the customer's acquisition channel).
     */
    List<Span> headNounSpans(List<String> words, List<Dimension> dims, List<Span> found, SemanticMetric metric) {
        List<Span> out = new ArrayList<>();
        Set<String> own = reader.datasetsOf(metric);
        for (int i = 1; i < words.size(); i++) {
            final int at = i;
            String cue = Breakdown.cueBefore(words, i);
            // a number is no noun ("which 2 regions" does not name a "Code 2")
            if (cue == null || FILLER.contains(words.get(i)) || digits(words.get(i)) || found.stream().anyMatch(f -> f.from() <= at && at < f.to())) continue;
            List<Dimension> heads = new ArrayList<>();
            for (Dimension d : dims) {
                if (d.time()) continue;
                List<String> label = tokens(d.label() != null ? d.label() : d.name(), true);
                if (!label.isEmpty() && label.get(label.size() - 1).equals(words.get(i))) heads.add(d);
            }
            List<Dimension> ours = heads.stream().filter(d -> own.contains(d.dataset())).toList();
            if (!ours.isEmpty()) heads = ours;
            if (!heads.isEmpty()) out.add(new Span(i, i + 1, heads));
        }
        return out;
    }

    /**
     * Of several dimensions one word may name, those the question means most plainly: the metric's own dataset's first
     * ("tickets by channel" is the ticket's channel); else those whose own words (name, label, synonyms) the question says
     * most of, the metric's and those not placed yet ("which channel brought the most leads" is the lead channel, a synonym of the marketing channel, not the
     * customer's acquisition channel). A tie stays a tie, for a question back.
     */
    List<Dimension> closest(List<Dimension> ds, Span named, SemanticMetric metric, List<String> words, boolean[] used, boolean[] metricWords) {
        if (ds.size() < 2) return ds;
        Set<String> own = reader.datasetsOf(metric);
        List<Dimension> ours = ds.stream().filter(d -> own.contains(d.dataset())).toList();
        if (ours.size() == 1) return ours;
        List<Dimension> pool = ours.isEmpty() ? ds : ours;
        // a dimension that its own words tie to the metric's rows ("lead channel" for leads)
        Set<String> rows = new java.util.HashSet<>();
        for (String d : own) model.dataset(d).ifPresent(x -> ReaderLexicon.datasetWords(x).forEach(w -> rows.add(stem(w))));
        List<Dimension> tied = pool.stream().filter(d -> vocabulary(d).stream().anyMatch(rows::contains)).toList();
        if (!tied.isEmpty()) pool = tied;
        if (pool.size() == 1) return pool;
        Set<String> said = new java.util.HashSet<>();
        for (int i = 0; i < words.size(); i++) {
            // the words that name the dimensions are in all their vocabularies; words placed elsewhere say nothing here
            if ((!used[i] || metricWords[i]) && !inSpan(named, i) && !FILLER.contains(words.get(i))) said.add(stem(words.get(i)));
        }
        Map<Dimension, Integer> score = new LinkedHashMap<>();
        for (Dimension d : pool) {
            Set<String> vocabulary = new java.util.HashSet<>(vocabulary(d));
            vocabulary.retainAll(said);
            score.put(d, vocabulary.size());
        }
        int best = score.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        List<Dimension> bestScored = pool.stream().filter(d -> score.get(d) == best).toList();
        if (bestScored.size() < 2) return bestScored;
        // still tied: the one whose rows the question names ("status of customers", "customer status")
        List<Dimension> whose = bestScored.stream()
                .filter(d -> model.dataset(d.dataset()).map(x -> ReaderLexicon.datasetWords(x).stream().map(QuestionWords::stem).anyMatch(said::contains)).orElse(false))
                .toList();
        return whose.size() == 1 ? whose : bestScored;
    }

    /** The stems of a dimension's own words: name, label and synonyms, small words left out. */
    private Set<String> vocabulary(Dimension d) {
        return dimensionVocabulary.computeIfAbsent(d, k -> {
            Set<String> out = new java.util.HashSet<>();
            List<String> names = new ArrayList<>(List.of(d.name()));
            if (d.label() != null) names.add(d.label());
            names.addAll(d.synonyms());
            for (String n : names) for (String w : tokens(n, true)) if (!FILLER.contains(w)) out.add(stem(w));
            return Set.copyOf(out);
        });
    }

    private final Map<Dimension, Set<String>> dimensionVocabulary = new java.util.concurrent.ConcurrentHashMap<>();

    /** Whether a grouped dimension ends right before {@code at}. */
    boolean groupedJustBefore(int at, boolean[] used, List<Span> dimSpans, List<String> groupBy) {
        for (Span s : dimSpans) if (s.to() == at && used[s.from()] && dimensionOf(s).stream().anyMatch(d -> groupBy.contains(model.reference(d)))) return true;
        return false;
    }

    /** A value with its dimension's word next to it, or next to another value of its dimension ("annual and monthly"). */
    boolean valueInContext(List<String> words, Span value, Dimension d, List<Span> dimSpans, List<Span> valueSpans) {
        if (nextToDimensionWord(words, value, d, dimSpans)) return true;
        for (Span other : valueSpans) {
            if (overlaps(other, value)) continue;
            @SuppressWarnings("unchecked") List<ValueHit> hits = (List<ValueHit>) other.target();
            if (hits.stream().noneMatch(h -> h.dimension().equals(d))) continue;
            int gapFrom = Math.min(value.to(), other.to());
            int gapTo = Math.max(value.from(), other.from());
            if (gapTo - gapFrom == 1 && Set.of("and", "or", "vs", "versus").contains(words.get(gapFrom))) return true;
            if (gapTo == gapFrom) return true;
        }
        return false;
    }

    private boolean nextToDimensionWord(List<String> words, Span value, Dimension d, List<Span> dimSpans) {
        for (Span s : dimSpans) if (dimensionOf(s).contains(d) && adjacent(s, value)) return true;
        // a word of the dimension's own in another form ("annually billed" for the billing period), not the rest of a phrase
        // that names the dimension ("sales" of "by sales channel")
        if (dimSpans.stream().anyMatch(s -> dimensionOf(s).contains(d) && overlaps(s, value))) return false;
        for (int i : neighbours(value, words.size())) if (reader.lexicon.dimensionStems(d).contains(stem(words.get(i)))) return true;
        return false;
    }

    /**
     * Whether the words are a name the model gives a value of every dimension hit ("uk" of United Kingdom), its author's word
     * for it, and a name in English too (a noun and nothing else, or no word English has): not a word of everyday use that
     * also names a value ("sold" of a product status).
     */
    @SuppressWarnings("unchecked")
    private boolean declaredValue(Span v, List<String> words) {
        return declared((List<ValueHit>) v.target(), words.subList(v.from(), v.to()));
    }

    boolean declared(List<ValueHit> hits, List<String> said) {
        if (!said.stream().allMatch(w -> QuestionWords.shortNoun(w) || !dev.almanac.reading.Lexicon.english().knows(w))) return false;
        String phrase = String.join(" ", said);
        return hits.stream().allMatch(h -> {
            ValueIndex.Values v = reader.values.of(h.dimension());
            return v != null && v.synonyms().containsKey(phrase);
        });
    }
}
