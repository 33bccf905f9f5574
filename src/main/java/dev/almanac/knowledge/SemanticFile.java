package dev.almanac.knowledge;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * One file of a semantic model ({@code knowledge/semantic/*.yml}) as it is written: datasets with
 * their dimensions and segments, relationships and metrics, in the vocabulary of dbt MetricFlow and
 * the Open Semantic Interchange. {@code name} defaults to the file's name. The {@code semantic}
 * package turns all files together into a checked model; this record only carries their shape.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record SemanticFile(String name, String description, List<DatasetSpec> datasets, List<RelationshipSpec> relationships,
                           List<MetricSpec> metrics) {
    public SemanticFile {
        datasets = datasets == null ? List.of() : List.copyOf(datasets);
        relationships = relationships == null ? List.of() : List.copyOf(relationships);
        metrics = metrics == null ? List.of() : List.copyOf(metrics);
    }

    /** A table of the source, or a SELECT that defines derived facts; {@code synonyms} are what people call one of its rows ("shop order"). */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record DatasetSpec(String name, String table, String sql, String description, List<String> primaryKey,
                              String defaultTimeDimension, List<DimensionSpec> dimensions, List<SegmentSpec> segments, List<String> synonyms,
                              List<EntitySpec> entities, Map<String, String> dialects, String drafted) {
        public DatasetSpec {
            entities = entities == null ? List.of() : List.copyOf(entities);
            synonyms = synonyms == null ? List.of() : List.copyOf(synonyms);
            primaryKey = primaryKey == null ? List.of() : List.copyOf(primaryKey);
            dimensions = dimensions == null ? List.of() : List.copyOf(dimensions);
            segments = segments == null ? List.of() : List.copyOf(segments);
            dialects = Dialects.copy(dialects);
        }

        public DatasetSpec(String name, String table, String sql, String description, List<String> primaryKey, String defaultTimeDimension,
                           List<DimensionSpec> dimensions, List<SegmentSpec> segments, List<String> synonyms) {
            this(name, table, sql, description, primaryKey, defaultTimeDimension, dimensions, segments, synonyms, List.of(), null, null);
        }

        public DatasetSpec(String name, String table, String sql, String description, List<String> primaryKey, String defaultTimeDimension,
                           List<DimensionSpec> dimensions, List<SegmentSpec> segments, List<String> synonyms, List<EntitySpec> entities,
                           Map<String, String> dialects) {
            this(name, table, sql, description, primaryKey, defaultTimeDimension, dimensions, segments, synonyms, entities, dialects, null);
        }

        public DatasetSpec(String name, String table, String sql, String description, List<String> primaryKey, String defaultTimeDimension,
                           List<DimensionSpec> dimensions, List<SegmentSpec> segments, List<String> synonyms, List<EntitySpec> entities) {
            this(name, table, sql, description, primaryKey, defaultTimeDimension, dimensions, segments, synonyms, entities, null, null);
        }
    }

    /**
     * A categorical or time dimension; {@code values} maps a value to other words people use for it. {@code labelOf} says
     * the dimension is the name people read for the rows of one of its dataset's identifying entities (or its one-column
     * primary key): a person's or a product's name. Such a dimension groups by the entity's key, so two rows sharing a
     * name stay two rows.
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record DimensionSpec(String name, String type, String expr, String label, String description, List<String> synonyms,
                                String grain, Map<String, List<String>> values, Map<String, String> dialects, String labelOf, String drafted) {
        public DimensionSpec {
            synonyms = synonyms == null ? List.of() : List.copyOf(synonyms);
            values = values == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
            dialects = Dialects.copy(dialects);
        }

        public DimensionSpec(String name, String type, String expr, String label, String description, List<String> synonyms, String grain,
                             Map<String, List<String>> values, Map<String, String> dialects) {
            this(name, type, expr, label, description, synonyms, grain, values, dialects, null, null);
        }

        public DimensionSpec(String name, String type, String expr, String label, String description, List<String> synonyms, String grain,
                             Map<String, List<String>> values, Map<String, String> dialects, String labelOf) {
            this(name, type, expr, label, description, synonyms, grain, values, dialects, labelOf, null);
        }

        public DimensionSpec(String name, String type, String expr, String label, String description, List<String> synonyms, String grain,
                             Map<String, List<String>> values) {
            this(name, type, expr, label, description, synonyms, grain, values, null);
        }
    }

    /**
     * An entity of a dataset, in MetricFlow's vocabulary: what its rows are or refer to. A {@code primary} (or {@code unique},
     * {@code natural}) entity identifies the dataset's rows; a {@code foreign} one refers to the dataset whose primary entity
     * has the same name, and so makes a many-to-one relationship. {@code expr} is the column (default: the name).
     */
    public record EntitySpec(String name, String type, String expr) {}

    /** A named filter over a dataset's columns; a default one applies to its dataset's metrics unless turned off. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record SegmentSpec(String name, String expr, String label, String description, @JsonProperty("default") Boolean isDefault,
                              Map<String, String> dialects) {
        public SegmentSpec {
            dialects = Dialects.copy(dialects);
        }

        public SegmentSpec(String name, String expr, String label, String description, Boolean isDefault) {
            this(name, expr, label, description, isDefault, null);
        }
    }

    /** A many-to-one (or one-to-one) join from {@code from} to {@code to} on pairs of columns. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record RelationshipSpec(String name, String from, String to, String type, List<String> fromColumns, List<String> toColumns,
                                   String drafted) {
        public RelationshipSpec {
            fromColumns = fromColumns == null ? List.of() : List.copyOf(fromColumns);
            toColumns = toColumns == null ? List.of() : List.copyOf(toColumns);
        }

        public RelationshipSpec(String name, String from, String to, String type, List<String> fromColumns, List<String> toColumns) {
            this(name, from, to, type, fromColumns, toColumns, null);
        }
    }

    /**
     * A metric of any type, as written: the fields that apply depend on {@code type} (simple, ratio, derived, cumulative).
     * A cumulative metric names its {@code input} (a simple metric; or {@code measure}, in dbt's words) and a {@code window}
     * ("7 days") or a {@code grainToDate} ("month"), or neither for a running total, and {@code periodAgg} (first, last,
     * average) for a coarser grain.
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record MetricSpec(String name, String type, String label, @com.fasterxml.jackson.annotation.JsonAlias("definition") String description, String dataset, String agg, String expr,
                             BigDecimal percentile, String filter, List<String> segments, String timeDimension,
                             NonAdditiveSpec nonAdditiveDimension, String timeGrain, BigDecimal fillNullsWith, String numerator,
                             String denominator, List<MetricInputSpec> metrics, String unit, String format, Integer decimals,
                             String owner, List<String> caveats, List<String> synonyms, List<String> tags, Boolean joinToTimespine,
                             Map<String, String> dialects, Map<String, String> filterDialects,
                             String input, String measure, String window, String grainToDate, String periodAgg, String drafted) {
        public MetricSpec {
            segments = segments == null ? List.of() : List.copyOf(segments);
            metrics = metrics == null ? List.of() : List.copyOf(metrics);
            caveats = caveats == null ? List.of() : List.copyOf(caveats);
            synonyms = synonyms == null ? List.of() : List.copyOf(synonyms);
            tags = tags == null ? List.of() : List.copyOf(tags);
            dialects = Dialects.copy(dialects);
            filterDialects = Dialects.copy(filterDialects);
        }

        public MetricSpec(String name, String type, String label, String description, String dataset, String agg, String expr,
                          BigDecimal percentile, String filter, List<String> segments, String timeDimension,
                          NonAdditiveSpec nonAdditiveDimension, String timeGrain, BigDecimal fillNullsWith, String numerator,
                          String denominator, List<MetricInputSpec> metrics, String unit, String format, Integer decimals,
                          String owner, List<String> caveats, List<String> synonyms, List<String> tags) {
            this(name, type, label, description, dataset, agg, expr, percentile, filter, segments, timeDimension, nonAdditiveDimension, timeGrain,
                    fillNullsWith, numerator, denominator, metrics, unit, format, decimals, owner, caveats, synonyms, tags, null, null, null);
        }

        /** Every field but a cumulative metric's. */
        public MetricSpec(String name, String type, String label, String description, String dataset, String agg, String expr,
                          BigDecimal percentile, String filter, List<String> segments, String timeDimension,
                          NonAdditiveSpec nonAdditiveDimension, String timeGrain, BigDecimal fillNullsWith, String numerator,
                          String denominator, List<MetricInputSpec> metrics, String unit, String format, Integer decimals,
                          String owner, List<String> caveats, List<String> synonyms, List<String> tags, Boolean joinToTimespine,
                          Map<String, String> dialects, Map<String, String> filterDialects) {
            this(name, type, label, description, dataset, agg, expr, percentile, filter, segments, timeDimension, nonAdditiveDimension, timeGrain,
                    fillNullsWith, numerator, denominator, metrics, unit, format, decimals, owner, caveats, synonyms, tags, joinToTimespine, dialects,
                    filterDialects, null, null, null, null, null, null);
        }

        /** Every field but {@code drafted}. */
        public MetricSpec(String name, String type, String label, String description, String dataset, String agg, String expr,
                          BigDecimal percentile, String filter, List<String> segments, String timeDimension,
                          NonAdditiveSpec nonAdditiveDimension, String timeGrain, BigDecimal fillNullsWith, String numerator,
                          String denominator, List<MetricInputSpec> metrics, String unit, String format, Integer decimals,
                          String owner, List<String> caveats, List<String> synonyms, List<String> tags, Boolean joinToTimespine,
                          Map<String, String> dialects, Map<String, String> filterDialects,
                          String input, String measure, String window, String grainToDate, String periodAgg) {
            this(name, type, label, description, dataset, agg, expr, percentile, filter, segments, timeDimension, nonAdditiveDimension, timeGrain,
                    fillNullsWith, numerator, denominator, metrics, unit, format, decimals, owner, caveats, synonyms, tags, joinToTimespine, dialects,
                    filterDialects, input, measure, window, grainToDate, periodAgg, null);
        }

        /** A cumulative metric: its input, and its window or grain to date (or neither: a running total), and its period_agg. */
        public static MetricSpec cumulative(String name, String label, String description, String input, String window, String grainToDate,
                                            String periodAgg) {
            return new MetricSpec(name, "cumulative", label, description, null, null, null, null, null, List.of(), null, null, null, null, null, null,
                    List.of(), null, null, null, null, List.of(), List.of(), List.of(), null, null, null, input, null, window, grainToDate, periodAgg, null);
        }
    }

    /**
     * Per-dialect variants of an item's SQL expression ({@code expr}, or a dataset's {@code sql}), keyed by engine
     * ({@code duckdb}, {@code postgresql}, {@code sqlite}, {@code trino}, ...): Apache Ossie's {@code expression.dialects}.
     * The plain {@code expr} is the one every other engine reads.
     */
    public static final class Dialects {
        private Dialects() {}

        static Map<String, String> copy(Map<String, String> dialects) {
            if (dialects == null || dialects.isEmpty()) return Map.of();
            Map<String, String> out = new java.util.LinkedHashMap<>();
            dialects.forEach((k, v) -> out.put(k == null ? null : k.strip().toLowerCase(java.util.Locale.ROOT), v));
            return java.util.Collections.unmodifiableMap(out);
        }
    }

    /** A snapshot's time dimension: a coarser bucket takes the last ({@code max}) or first ({@code min}) snapshot. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record NonAdditiveSpec(String name, String windowChoice) {}

    /** An input of a derived metric: a metric, optionally under an alias and shifted to an earlier period. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record MetricInputSpec(String name, String alias, String offsetWindow) {
        /** {@code - mrr} in YAML is the same as {@code - name: mrr}. */
        @com.fasterxml.jackson.annotation.JsonCreator(mode = com.fasterxml.jackson.annotation.JsonCreator.Mode.DELEGATING)
        public static MetricInputSpec of(String name) {
            return new MetricInputSpec(name, null, null);
        }
    }
}
