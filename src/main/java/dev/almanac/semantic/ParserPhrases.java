package dev.almanac.semantic;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The phrases a {@link QuestionParser} looks for (metric names and synonyms, dimension names, and the values a metric can
 * be sliced by), made once per semantic layer and shared by its parsers: they depend on the model and its value index,
 * not on the day or the question. A command that reads its question on two threads (the warm-up and the answer) or
 * reads follow-ups does not make them again; the metrics' phrases and the dimensions' phrasings may be kept between
 * runs ({@link PhraseCache}). Made once, only read after.
 */
final class ParserPhrases {
    private volatile Map<List<String>, Object> metrics;
    private volatile Map<List<String>, Object> dimensions;
    private final Map<String, Map<List<String>, Object>> dimensionsByMetric = new ConcurrentHashMap<>();
    private final Map<String, Map<List<String>, Object>> valuesByMetric = new ConcurrentHashMap<>();

    private final SemanticModel model;
    /** Where the metrics' phrases and the dimensions' phrasings are kept between runs; none by default. */
    private volatile PhraseCache cache;

    ParserPhrases(SemanticModel model) {
        this.model = model;
    }

    void keptIn(PhraseCache cache) {
        this.cache = cache;
    }

    Map<List<String>, Object> metrics(Supplier<Map<List<String>, Object>> make) {
        Map<List<String>, Object> out = metrics;
        if (out == null) { // two threads may both make it: the same phrases
            PhraseCache kept = cache;
            metrics = out = kept == null ? make.get() : kept.metrics(model).orElseGet(() -> {
                Map<List<String>, Object> made = make.get();
                kept.keepMetrics(model, made);
                return made;
            });
        }
        return out;
    }

    Map<List<String>, Object> dimensions(Supplier<Map<List<String>, Object>> make) {
        Map<List<String>, Object> out = dimensions;
        if (out == null) dimensions = out = make.get();
        return out;
    }

    /** The model's dimensions, each with its position in the model's order, and every way each is said, by position. */
    private volatile Map<Dimension, Integer> positions;
    private volatile List<List<List<String>>> phrasings;

    /**
     * Every way a dimension is said ({@code make} of it): made for all the model's dimensions at once on first need (most
     * questions read all of them as breakdowns or attributes) and kept between runs; made on the spot for a dimension that
     * is not the model's own.
     */
    List<List<String>> phrasingsOf(Dimension d, Function<Dimension, List<List<String>>> make) {
        Map<Dimension, Integer> at = positions;
        List<List<List<String>>> all = phrasings;
        if (at == null || all == null) {
            List<Dimension> dims = List.copyOf(model.dimensions());
            Map<Dimension, Integer> index = new IdentityHashMap<>();
            for (int i = 0; i < dims.size(); i++) index.putIfAbsent(dims.get(i), i);
            PhraseCache kept = cache;
            all = kept == null ? null : kept.dimensionPhrasings(dims.size()).orElse(null);
            if (all == null) {
                all = dims.stream().map(make).toList();
                if (kept != null) kept.keepDimensionPhrasings(all);
            }
            phrasings = all;
            positions = at = index;
        }
        Integer i = at.get(d);
        return i == null ? make.apply(d) : all.get(i);
    }

    /** The phrases of the dimensions a metric can be sliced by. */
    Map<List<String>, Object> dimensionsOf(String metric, Supplier<Map<List<String>, Object>> make) {
        return dimensionsByMetric.computeIfAbsent(metric, k -> make.get());
    }

    /** The phrases of the indexed values of the dimensions a metric can be sliced by. */
    Map<List<String>, Object> valuesOf(String metric, Supplier<Map<List<String>, Object>> make) {
        return valuesByMetric.computeIfAbsent(metric, k -> make.get());
    }
}
