package dev.almanac.semantic;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The phrases a {@link QuestionParser} looks for (metric names and synonyms, dimension names, and the values a metric can
 * be sliced by), made once per semantic layer and shared by its parsers: they depend on the model and its value index,
 * not on the day or the question. A command that reads its question on two threads (the warm-up and the answer) or
 * reads follow-ups does not make them again. Made once, only read after.
 */
final class ParserPhrases {
    private volatile Map<List<String>, Object> metrics;
    private volatile Map<List<String>, Object> dimensions;
    private final Map<String, Map<List<String>, Object>> dimensionsByMetric = new ConcurrentHashMap<>();
    private final Map<String, Map<List<String>, Object>> valuesByMetric = new ConcurrentHashMap<>();

    Map<List<String>, Object> metrics(Supplier<Map<List<String>, Object>> make) {
        Map<List<String>, Object> out = metrics;
        if (out == null) metrics = out = make.get(); // two threads may both make it: the same phrases
        return out;
    }

    Map<List<String>, Object> dimensions(Supplier<Map<List<String>, Object>> make) {
        Map<List<String>, Object> out = dimensions;
        if (out == null) dimensions = out = make.get();
        return out;
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
