package dev.almanac.semantic;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.AlmanacException;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.Objects;

/**
 * The distinct values of every categorical dimension (up to a limit), with the other words people
 * use for them (from the model's {@code values:}), so that "UK" finds "United Kingdom" and an unknown
 * value is refused with the close ones. Built by querying the source, cached on disk per source
 * fingerprint and model, so it is refreshed exactly when the catalog is.
 */
public final class ValueIndex {
    public static final int DEFAULT_LIMIT = 200;
    public static final ValueIndex EMPTY = new ValueIndex(Map.of(), java.util.Set.of());
    private static final ObjectMapper JSON = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final Map<String, Values> byDimension;
    /** The keys of datasets a relationship joins many rows to one by, that the data holds more than once ({@link #oneRowPer}). */
    private final java.util.Set<String> repeatedKeys;

    public ValueIndex(Map<String, Values> byDimension) {
        this(byDimension, java.util.Set.of());
    }

    public ValueIndex(Map<String, Values> byDimension, java.util.Set<String> repeatedKeys) {
        this.byDimension = Map.copyOf(byDimension);
        this.repeatedKeys = java.util.Set.copyOf(repeatedKeys);
    }

    /**
     * Whether the data holds one row of a dataset per value of the columns a relationship joins to it by, as the model
     * says it does (false when the index was built and found a value twice: Cortex's quickstart region table has five
     * rows per region, one per state, so revenue by region through it would count each day five times).
     */
    public boolean oneRowPer(String dataset, List<String> columns) {
        return !repeatedKeys.contains(keyOf(dataset, columns));
    }

    private static String keyOf(String dataset, List<String> columns) {
        return dataset + "(" + String.join(", ", columns) + ")";
    }

    /** The values of a dimension; null when it has no index (a time dimension, or a failed read). */
    public Values of(Dimension dimension) {
        return byDimension.get(dimension.qualifiedName());
    }

    /** The values of a dimension by its qualified name ({@code orders.status}), or by its bare name when one dataset has it. */
    public Values of(String name) {
        Values v = byDimension.get(name);
        if (v != null || name.contains(".")) return v;
        List<String> keys = byDimension.keySet().stream().filter(k -> k.endsWith("." + name)).toList();
        return keys.size() == 1 ? byDimension.get(keys.get(0)) : null;
    }

    public Map<String, Values> all() {
        return byDimension;
    }

    /** A dimension's values; {@code complete} is false when it has more than the limit, so an unseen value may still exist. */
    public record Values(List<Object> values, Map<String, String> synonyms, boolean complete) {
        public Values {
            values = List.copyOf(values);
            synonyms = Map.copyOf(synonyms);
        }

        /** The value a word stands for: the value itself in any case, or a synonym; null when unknown. */
        public Object match(String text) {
            String t = text.strip().toLowerCase(Locale.ROOT);
            for (Object v : values) if (String.valueOf(v).strip().toLowerCase(Locale.ROOT).equals(t)) return v; // "Aberdeen " as stored
            String target = synonyms.get(t);
            if (target != null) {
                for (Object v : values) if (String.valueOf(v).equalsIgnoreCase(target)) return v;
                Object spelled = truthAsWritten(target);
                return spelled != null ? spelled : target;
            }
            return truthAsWritten(t); // "true" of a column that writes it "T"
        }

        /**
         * True or false as this yes/no column writes it ("T" and "F", "Y" and "N", "yes" and "no", 1 and 0), when every value
         * is one of those; null otherwise.
         */
        private Object truthAsWritten(String target) {
            Set<String> wanted = target.equalsIgnoreCase("true") ? YES : target.equalsIgnoreCase("false") ? NO : null;
            if (wanted == null || values.isEmpty()) return null;
            Object found = null;
            for (Object v : values) {
                String w = String.valueOf(v).strip().toLowerCase(Locale.ROOT);
                if (!YES.contains(w) && !NO.contains(w)) return null;
                if (wanted.contains(w)) found = v;
            }
            return found;
        }

        @JsonIgnore
        public boolean numeric() {
            return !values.isEmpty() && values.stream().allMatch(v -> v instanceof Number);
        }

        public List<String> close(String text) {
            List<String> names = new ArrayList<>();
            for (Object v : values) names.add(String.valueOf(v));
            return Names.close(text, names);
        }

        public String sample(int n) {
            List<String> names = values.stream().limit(n).map(String::valueOf).toList();
            return String.join(", ", names) + (values.size() > n || !complete ? ", ..." : "");
        }
    }

    /** How yes/no columns write true and false. */
    private static final Set<String> YES = Set.of("t", "y", "yes", "1", "true");
    private static final Set<String> NO = Set.of("f", "n", "no", "0", "false");

    /** Whether two spellings say the same truth ("T" and "true", "N" and "false"). */
    static boolean sameTruth(String a, String b) {
        String x = a.strip().toLowerCase(Locale.ROOT), y = b.strip().toLowerCase(Locale.ROOT);
        return YES.contains(x) && YES.contains(y) || NO.contains(x) && NO.contains(y);
    }

    /** Reads the values of every categorical dimension from the source: one small DISTINCT query each. */
    public static ValueIndex build(SemanticModel model, QueryExecutor executor, int limit) {
        Map<String, Values> out = new LinkedHashMap<>();
        for (Dimension d : model.dimensions()) {
            if (!listed(d)) continue;
            Dataset ds = model.dataset(d.dataset()).orElseThrow();
            Map<String, String> synonyms = new LinkedHashMap<>();
            d.valueSynonyms().forEach((value, words) -> words.forEach(w -> synonyms.put(w.strip().toLowerCase(Locale.ROOT), value)));
            try {
                QueryResult r = executor.execute("SELECT DISTINCT (" + d.expr() + ") AS v FROM " + ds.from("t") + " WHERE (" + d.expr()
                        + ") IS NOT NULL ORDER BY 1 LIMIT " + (limit + 1));
                List<Object> values = new ArrayList<>();
                for (List<Object> row : r.rows()) values.add(row.get(0) instanceof Number || row.get(0) instanceof Boolean ? row.get(0) : String.valueOf(row.get(0)));
                // a name or a code is looked up by; a paragraph or a number that identifies is not
                if (d.kind() != Dimension.Kind.CATEGORICAL && values.stream().anyMatch(v -> !(v instanceof String text) || text.length() > MAX_NAME_LENGTH)) continue;
                boolean complete = values.size() <= limit;
                out.put(d.qualifiedName(), new Values(complete ? values : values.subList(0, limit), synonyms, complete));
            } catch (AlmanacException e) {
                // a dimension whose values cannot be read has no index: its filters are passed through unchecked
            }
        }
        return new ValueIndex(out, repeatedKeys(model, executor));
    }

    /** The longest value of free text or of an identifier the index keeps: a name or a code, not a sentence. */
    static final int MAX_NAME_LENGTH = 40;

    /**
     * Whether a dimension's values are listed: a category's, and the names and codes of free text and identifiers ("Port
     * Chelsea" of a city, "APG" of an airport code) when every value is short text, so a question may name a record by them.
     */
    private static boolean listed(Dimension d) {
        return !d.time() && (d.kind() == Dimension.Kind.CATEGORICAL || d.kind() == Dimension.Kind.TEXT || d.kind() == Dimension.Kind.IDENTIFIER);
    }

    /** The "one" sides of the model's relationships whose key the data holds more than once: one small grouped query each. */
    private static java.util.Set<String> repeatedKeys(SemanticModel model, QueryExecutor executor) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        java.util.Set<String> checked = new java.util.HashSet<>();
        for (Dataset from : model.datasets()) {
            for (SemanticModel.Edge e : model.edgesFrom(from.name())) {
                String key = keyOf(e.to(), e.toColumns());
                if (!checked.add(key)) continue;
                Dataset to = model.dataset(e.to()).orElse(null);
                if (to == null || e.toColumns().isEmpty()) continue;
                String columns = String.join(", ", e.toColumns().stream().map(c -> "(" + c + ")").toList());
                try {
                    QueryResult r = executor.execute("SELECT 1 FROM " + to.from("t") + " GROUP BY " + columns + " HAVING count(*) > 1 LIMIT 1");
                    if (!r.rows().isEmpty()) out.add(key);
                } catch (AlmanacException ex) {
                    // not read: the model's word is taken, as for a dimension whose values cannot be read
                }
            }
        }
        return out;
    }

    /** The index for a source state and model: from the cache folder when it was built for the same ones, else built and written there. */
    public static ValueIndex cached(Path directory, String sourceId, String sourceFingerprint, SemanticModel model, String modelDigest,
                                    QueryExecutor executor, int limit) {
        String key = digest("by qualified name, names and codes\n" + sourceId + "\n" + sourceFingerprint + "\n" + modelDigest + "\n" + limit + "\n" + valueWords(model));
        Path file = directory == null || sourceFingerprint.isEmpty() ? null : directory.resolve("values-" + key + ".json");
        if (file != null && Files.isRegularFile(file)) {
            try {
                Stored stored = JSON.readValue(file.toFile(), Stored.class);
                // a file written before keys were checked holds no repeatedKeys: built again
                if (Objects.equals(stored.key(), key) && stored.repeatedKeys() != null) return new ValueIndex(stored.dimensions(), stored.repeatedKeys());
            } catch (IOException e) {
                // rebuilt below
            }
        }
        ValueIndex index = build(model, executor, limit);
        if (file != null) {
            try {
                dev.almanac.CacheFiles.replace(file, JSON.writeValueAsString(new Stored(key, index.byDimension, index.repeatedKeys)));
            } catch (IOException e) {
                // the cache saves time only
            }
        }
        return index;
    }

    record Stored(String key, Map<String, Values> dimensions, java.util.Set<String> repeatedKeys) {}

    /**
     * The words of the model's values as the index keeps them, in a stable order: part of the cache's key, as the model
     * finds some from its names (a yes/no dimension's adjective) that the files' text does not hold.
     */
    private static String valueWords(SemanticModel model) {
        java.util.TreeMap<String, String> out = new java.util.TreeMap<>();
        for (Dimension d : model.dimensions()) {
            if (!d.valueSynonyms().isEmpty()) out.put(d.qualifiedName(), new java.util.TreeMap<>(d.valueSynonyms()).toString());
        }
        return out.toString();
    }

    static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
