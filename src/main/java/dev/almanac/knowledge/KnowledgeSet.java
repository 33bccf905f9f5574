package dev.almanac.knowledge;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A project's curated knowledge. {@code files} maps an item's key ({@link #key}) to the file it came
 * from, relative to the knowledge folder, so that an export writes it back where it was.
 */
public record KnowledgeSet(List<TableNote> tables, List<Metric> metrics, List<VerifiedQuery> queries,
                           List<BusinessRule> rules, List<GoldenQuery> golden, List<SemanticFile> semantic, Map<String, String> files) {

    public static final KnowledgeSet EMPTY = new KnowledgeSet(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), Map.of());

    /** A set without semantic model files (as written before the semantic layer). */
    public KnowledgeSet(List<TableNote> tables, List<Metric> metrics, List<VerifiedQuery> queries, List<BusinessRule> rules,
                        List<GoldenQuery> golden, Map<String, String> files) {
        this(tables, metrics, queries, rules, golden, List.of(), files);
    }

    public KnowledgeSet {
        // a deferred list (items as stored, read when first looked into) is immutable already
        tables = kept(tables);
        metrics = kept(metrics);
        queries = kept(queries);
        rules = kept(rules);
        golden = kept(golden);
        semantic = kept(semantic);
        files = Map.copyOf(files);
    }

    private static <T> List<T> kept(List<T> items) {
        return items instanceof DeferredList<?, T> ? items : List.copyOf(items);
    }

    /** The kinds of knowledge, with the folder their files live in. */
    public enum Kind {
        TABLE("tables"), METRIC("metrics"), QUERY("queries"), RULE("business"), GOLDEN("golden"), SEMANTIC("semantic");

        public final String folder;

        Kind(String folder) {
            this.folder = folder;
        }
    }

    public static String key(Kind kind, String name) {
        return kind.name().toLowerCase(java.util.Locale.ROOT) + ":" + name;
    }

    /**
     * The semantic model files as one stable text, for the digests of caches built from the model (its value index, its
     * joins): the JSON the store keeps, taken as stored when the files were loaded from the store (without reading them).
     */
    public String semanticText() {
        if (semantic instanceof DeferredList<?, SemanticFile> stored) {
            Optional<String> text = stored.sourceText();
            if (text.isPresent()) return text.get();
        }
        return KnowledgeFiles.json(semantic);
    }

    public Optional<TableNote> note(String table) {
        return tables.stream().filter(t -> t.table().equalsIgnoreCase(table)).findFirst();
    }

    /** Collects items of any kind, in order, with the files they came from. */
    public static final class Builder {
        private final List<TableNote> tables = new java.util.ArrayList<>();
        private final List<Metric> metrics = new java.util.ArrayList<>();
        private final List<VerifiedQuery> queries = new java.util.ArrayList<>();
        private final List<BusinessRule> rules = new java.util.ArrayList<>();
        private final List<GoldenQuery> golden = new java.util.ArrayList<>();
        private final List<SemanticFile> semantic = new java.util.ArrayList<>();
        private final Map<String, String> files = new java.util.LinkedHashMap<>();

        /** Adds an item of the kind (its record type must match); {@code file} may be null. */
        public Builder add(Kind kind, String name, Object item, String file) {
            switch (kind) {
                case TABLE -> tables.add((TableNote) item);
                case METRIC -> metrics.add((Metric) item);
                case QUERY -> queries.add((VerifiedQuery) item);
                case RULE -> rules.add((BusinessRule) item);
                case GOLDEN -> golden.add((GoldenQuery) item);
                case SEMANTIC -> semantic.add((SemanticFile) item);
            }
            if (file != null) files.put(key(kind, name), file);
            return this;
        }

        private final Map<Kind, List<?>> deferred = new java.util.EnumMap<>(Kind.class);

        /**
         * The items of a kind as stored, read when first looked into (in place of those added): by whichever thread needs
         * them first. {@code text} is one's stored text (for {@link #semanticText}).
         */
        <S, T> Builder defer(Kind kind, List<S> stored, java.util.function.Function<S, T> read, java.util.function.Function<S, String> text) {
            deferred.put(kind, new DeferredList<>(stored, read, text));
            return this;
        }

        @SuppressWarnings("unchecked")
        private <T> List<T> of(Kind kind, List<T> added) {
            List<?> d = deferred.get(kind);
            return d != null ? (List<T>) d : added;
        }

        /** The file an item came from, for an item not added itself (one deferred). */
        Builder file(Kind kind, String name, String file) {
            if (file != null) files.put(key(kind, name), file);
            return this;
        }

        public KnowledgeSet build() {
            return new KnowledgeSet(of(Kind.TABLE, tables), of(Kind.METRIC, metrics), of(Kind.QUERY, queries), of(Kind.RULE, rules),
                    of(Kind.GOLDEN, golden), of(Kind.SEMANTIC, semantic), files);
        }
    }

    public int size() {
        return tables.size() + metrics.size() + queries.size() + rules.size() + golden.size() + semantic.size();
    }
}
