package dev.almanac.knowledge;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Okapi BM25 over a fixed set of tokenised documents, with an inverted index so that scoring a query
 * touches only the documents that share a term with it.
 */
public final class Bm25 {
    private static final double K1 = 1.2;
    private static final double B = 0.75;

    private final int size;
    private final double[] lengthNorm;
    private final Map<String, Map<Integer, Integer>> postings = new HashMap<>();

    public Bm25(List<List<String>> documents) {
        this.size = documents.size();
        this.lengthNorm = new double[size];
        double total = 0;
        for (List<String> d : documents) total += d.size();
        double avg = size == 0 ? 1 : Math.max(1, total / size);
        for (int i = 0; i < size; i++) {
            List<String> doc = documents.get(i);
            lengthNorm[i] = K1 * (1 - B + B * doc.size() / avg);
            for (String term : doc) postings.computeIfAbsent(term, t -> new HashMap<>()).merge(i, 1, Integer::sum);
        }
    }

    public int size() {
        return size;
    }

    /** A score per document (0 where no query term occurs); repeated query terms count once. */
    public double[] scores(List<String> query) {
        double[] scores = new double[size];
        Set<String> seen = new HashSet<>();
        for (String term : query) {
            if (!seen.add(term)) continue;
            Map<Integer, Integer> docs = postings.get(term);
            if (docs == null) continue;
            double idf = Math.log(1 + (size - docs.size() + 0.5) / (docs.size() + 0.5));
            for (Map.Entry<Integer, Integer> e : docs.entrySet()) {
                int tf = e.getValue();
                scores[e.getKey()] += idf * tf * (K1 + 1) / (tf + lengthNorm[e.getKey()]);
            }
        }
        return scores;
    }

    /** Whether a term occurs in a document. */
    public boolean contains(int document, String term) {
        Map<Integer, Integer> docs = postings.get(term);
        return docs != null && docs.containsKey(document);
    }
}
