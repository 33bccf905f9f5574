package dev.almanac.semantic;

import java.math.BigDecimal;
import java.util.List;

/** A metric of the semantic model; the kinds are exhaustive so that the compiler's switch over them is too. */
public sealed interface SemanticMetric permits SemanticMetric.Simple, SemanticMetric.Ratio, SemanticMetric.Derived, SemanticMetric.Cumulative {
    String name();

    Info info();

    /** The metrics this one is computed from (none for a simple metric). */
    List<String> inputNames();

    /** A word for the kind: simple, ratio, derived or cumulative. */
    String kind();

    /** Whether the metric counts rows or distinct values (its phrase names records: "won deals", "orders shipped"). */
    default boolean countsRows() {
        return this instanceof Simple s && (s.agg() == Agg.COUNT || s.agg() == Agg.COUNT_DISTINCT);
    }

    /** Whether it {@link #countsRows counts rows}, or adds 1 for each (dbt's way of counting: {@code agg: sum, expr: 1}). */
    default boolean countsEachRow() {
        return countsRows() || this instanceof Simple s && s.agg() == Agg.SUM && s.expr() != null && s.expr().strip().equals("1");
    }

    /**
     * Whether the metric only adds its inputs ("legacy + subscription + shop revenue"): its data covers a period any input
     * covers, where another metric's covers only what all its inputs do.
     */
    default boolean addsItsInputs() {
        return this instanceof Derived d && d.expr().matches("[\\w\\s+]+");
    }

    default String displayName() {
        return info().label() != null ? info().label() : name().replace('_', ' ');
    }

    /** What every kind carries for people: label, definition, unit, display format, owner, caveats, synonyms. */
    record Info(String label, String description, String unit, String format, Integer decimals, String owner, List<String> caveats,
                List<String> synonyms, List<String> tags, String file) {}

    enum Agg {
        SUM, COUNT, COUNT_DISTINCT, AVG, MIN, MAX, MEDIAN, PERCENTILE;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** An aggregation of an expression over one dataset's rows, with an optional filter and segments. */
    record Simple(String name, Info info, String dataset, Agg agg, String expr, BigDecimal percentile, String filter, List<String> segments,
                  String timeDimension, String snapshotDimension, boolean snapshotLast, Grain timeGrain, BigDecimal fillNullsWith,
                  Boolean joinToTimespine)
            implements SemanticMetric {
        /** Without {@code join_to_timespine} (as every import before it wrote): the default for the metric's kind. */
        public Simple(String name, Info info, String dataset, Agg agg, String expr, BigDecimal percentile, String filter, List<String> segments,
                      String timeDimension, String snapshotDimension, boolean snapshotLast, Grain timeGrain, BigDecimal fillNullsWith) {
            this(name, info, dataset, agg, expr, percentile, filter, segments, timeDimension, snapshotDimension, snapshotLast, timeGrain, fillNullsWith, null);
        }

        public boolean isSnapshot() {
            return snapshotDimension != null;
        }

        /**
         * Whether it counts its dataset's rows and no fewer: a count with no filter or segment, of every row or of one
         * column, not of an expression that is null for some rows ({@code COUNT(CASE WHEN outcome = 'x' THEN 1 END)} counts
         * only those).
         */
        public boolean countsEveryRow() {
            return agg == Agg.COUNT && filter == null && segments.isEmpty()
                    && (expr == null || expr.isBlank() || expr.strip().matches("\\*|1|\"?[A-Za-z_][A-Za-z0-9_]*\"?(?:\\.\"?[A-Za-z_][A-Za-z0-9_]*\"?)?"));
        }

        /**
         * What a period of the time spine with no row shows (MetricFlow's {@code fill_nulls_with}): the metric's own value
         * if it says one, else 0 for a count or a sum that adds up over time; null (no data) for an average, a minimum or
         * maximum, a percentile and a snapshot, where 0 would be a wrong number. Null also when the metric opts out of the spine.
         */
        public BigDecimal spineFill() {
            if (Boolean.FALSE.equals(joinToTimespine)) return null;
            if (fillNullsWith != null) return fillNullsWith;
            boolean additive = agg == Agg.SUM || agg == Agg.COUNT || agg == Agg.COUNT_DISTINCT;
            return additive && !isSnapshot() ? BigDecimal.ZERO : null;
        }

        @Override
        public List<String> inputNames() {
            return List.of();
        }

        @Override
        public String kind() {
            return "simple";
        }
    }

    /** One metric divided by another, both aggregated first. */
    record Ratio(String name, Info info, String numerator, String denominator) implements SemanticMetric {
        @Override
        public List<String> inputNames() {
            return List.of(numerator, denominator);
        }

        @Override
        public String kind() {
            return "ratio";
        }
    }

    /** An expression over other metrics (by name or alias), some possibly shifted to an earlier period. */
    record Derived(String name, Info info, String expr, List<Input> inputs) implements SemanticMetric {
        @Override
        public List<String> inputNames() {
            return inputs.stream().map(Input::metric).distinct().toList();
        }

        @Override
        public String kind() {
            return "derived";
        }
    }

    /**
     * A simple metric accumulated over time, as MetricFlow's cumulative metrics: at each period of its input's time grain
     * (a day, mostly), the input over the {@code window} ending there ("7 days": that day and the six before), or from the
     * start of the {@code grainToDate} bucket holding it (month to date), or over all time before it (a running total) when
     * neither is set. Asked at a coarser grain, a period takes the value of its first or last day, or the average of its days
     * ({@code periodAgg}, first by default, as in MetricFlow). Rows before the period asked count where the window reaches back.
     */
    record Cumulative(String name, Info info, String input, Offset window, Grain grainToDate, PeriodAgg periodAgg) implements SemanticMetric {
        public Cumulative {
            if (window != null && grainToDate != null) throw new IllegalArgumentException("a cumulative metric has a window or a grain to date, not both");
            periodAgg = periodAgg == null ? PeriodAgg.FIRST : periodAgg;
        }

        /** A running total over all time before each period. */
        public boolean allTime() {
            return window == null && grainToDate == null;
        }

        @Override
        public List<String> inputNames() {
            return List.of(input);
        }

        @Override
        public String kind() {
            return "cumulative";
        }
    }

    /** Which day's value of a cumulative metric a coarser period shows: its first, its last, or the average of its days. */
    enum PeriodAgg {
        FIRST, LAST, AVERAGE;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        public static PeriodAgg parse(String text) {
            String t = text.strip().toLowerCase(java.util.Locale.ROOT);
            return switch (t) {
                case "first" -> FIRST;
                case "last" -> LAST;
                case "average", "avg" -> AVERAGE;
                default -> throw new dev.almanac.UserError("period_agg is first, last or average, not '" + text + "'");
            };
        }
    }

    record Input(String metric, String alias, Offset offset) {
        public String column() {
            return alias != null ? alias : metric;
        }
    }
}
