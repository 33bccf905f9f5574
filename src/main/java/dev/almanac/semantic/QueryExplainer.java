package dev.almanac.semantic;

import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A semantic query in words, for a person who does not read SQL: its title ("Shop revenue per month
 * from January to June 2026, where Country is Germany"), its period, its filters ("Plan is Pro or
 * Business"), and how its answer is computed: each metric's definition (its description, else its
 * aggregation, expression, filter and segments in words), the segments applied, the breakdown, the
 * grain and the period. The agent, the MCP server and the API explain answers with it.
 */
public final class QueryExplainer {
    private final SemanticLayer layer;

    public QueryExplainer(SemanticLayer layer) {
        this.layer = layer;
    }

    // ------------------------------------------------------------------ the query's title

    /** "Shop revenue per month from January to June 2026, where Country is Germany". */
    public String title(SemanticQuery q) {
        List<String> rest = conditions(q);
        return subject(q) + period(q).map(p -> " " + p).orElse("") + (rest.isEmpty() ? "" : ", " + String.join(", ", rest));
    }

    /** The records listed: a dataset's name in words, or the rows a count keeps by its label ("members who left"), defined if asked. */
    private String recordsSaid(SemanticQuery q, boolean defined) {
        if (layer.model().dataset(q.records()).isPresent()) return InWords.of(q.records());
        return layer.model().metric(q.records())
                .map(m -> lowerFirst(m.displayName()) + (defined ? " (" + sentence(definition(m)).replaceAll("\\.$", "") + ")" : ""))
                .orElse(InWords.of(q.records()));
    }

    /** The metrics, breakdown and grain: "Shop revenue by sales channel per month". */
    public String subject(SemanticQuery q) {
        if (q.listsRecords()) { // "Customers with customer and signup date", "Customers with customer and shop revenue"
            List<String> shown = new ArrayList<>(q.groupBy().stream().map(g -> lowerFirst(dimensionLabel(g.dimension()))).toList());
            if (!q.metrics().isEmpty() || !q.countDistinct().isEmpty()) shown.add(lowerFirst(metricLabels(q)));
            return capitalize(recordsSaid(q, false)) + " with " + join(shown);
        }
        if (isListing(q)) return listed(q);
        if (q.asksGaps()) return capitalize(plural(q.grain().label())) + " with no " + lowerFirst(metricLabels(q));
        StringBuilder s = new StringBuilder(q.asksShare() ? "Share of " + lowerFirst(metricLabels(q)) : metricLabels(q));
        if (!q.groupBy().isEmpty()) s.append(" by ").append(join(q.groupBy().stream().map(g -> lowerFirst(dimensionLabel(g.dimension()))).toList()));
        if (q.grain() != null) s.append(" per ").append(q.grain().label());
        return s.toString();
    }

    /** The period with its preposition ("in March 2026"), when the query has one. */
    public Optional<String> period(SemanticQuery q) {
        return q.start() == null || q.end() == null ? Optional.empty() : Optional.of(period(q.start(), q.end()));
    }

    /** What narrows or orders the answer besides its period: filters, ranking, comparison ("where Country is Germany", "top 10 by orders"). */
    public List<String> conditions(SemanticQuery q) {
        List<String> out = new ArrayList<>();
        if (!q.filters().isEmpty()) out.add("where " + join(q.filters().stream().map(this::filter).toList()));
        for (SemanticQuery.Exists e : q.exists()) out.add(related(e));
        ranking(q).ifPresent(out::add);
        if (q.compareTo() != null) out.add("compared with " + periodName(q.compareTo().start(), q.compareTo().end()));
        return out;
    }

    /** A filter in words: "Country is Germany", "Plan is Pro or Business", "Shop revenue is above $1,000.00". */
    public String filter(SemanticQuery.Filter f) {
        Optional<SemanticMetric> metric = layer.model().metric(f.field());
        String label = metric.map(SemanticMetric::displayName).orElseGet(() -> dimensionLabel(f.field()));
        List<String> values = f.values().stream().map(v -> metric.map(m -> ValueFormat.of(m.info()).show(v)).orElse(v)).toList();
        return label + " " + switch (f.op()) {
            case "=" -> "is " + values.get(0);
            case "!=" -> "is not " + values.get(0);
            case "in" -> "is " + join(values, "or");
            case "not_in" -> values.size() == 1 ? "is not " + values.get(0) : values.size() == 2 ? "is neither " + values.get(0) + " nor " + values.get(1)
                    : "is none of " + join(values);
            case "between" -> "is between " + values.get(0) + " and " + values.get(1);
            case "contains" -> "contains \"" + values.get(0) + "\"";
            case "not_contains" -> "does not contain \"" + values.get(0) + "\"";
            case "<" -> "is below " + values.get(0);
            case "<=" -> "is at most " + values.get(0);
            case ">" -> "is above " + values.get(0);
            default -> "is at least " + values.get(0);
        };
    }

    /** Related rows in words: "with orders where Order status is completed", "with no orders", "with order items of customers". */
    public String related(SemanticQuery.Exists e) {
        String rows = InWords.of(e.dataset());
        return "with " + (e.none() ? "no " : "") + rows + (e.of() == null ? "" : " (of " + InWords.of(e.of()) + ")")
                + (e.filters().isEmpty() ? "" : " where " + join(e.filters().stream().map(this::filter).toList()));
    }

    private Optional<String> ranking(SemanticQuery q) {
        return rankingAlone(q).map(r -> q.keepsTies() ? r + " (ties kept)" : r);
    }

    /** A ranking names values: the rows with none are left out of it (the SQL renderer's rule), said so in the explanation. */
    private Optional<String> leftOutOfRanking(SemanticQuery q) {
        if (q.limit() == null || q.order().isEmpty() || q.listsRecords() || q.groupBy().isEmpty()) return Optional.empty();
        return Optional.of("Rows with no " + join(q.groupBy().stream().map(g -> lowerFirst(dimensionLabel(g.dimension()))).toList(), "or")
                + " are left out of the ranking.");
    }

    private Optional<String> rankingAlone(SemanticQuery q) {
        if (q.order().isEmpty()) return q.limit() == null ? Optional.empty() : Optional.of("first " + q.limit() + " rows");
        SemanticQuery.Order o = q.order().get(0);
        String by = lowerFirst(layer.model().metric(o.field()).map(SemanticMetric::displayName).orElseGet(() -> dimensionLabel(o.field())));
        boolean isMetric = layer.model().metric(o.field()).isPresent();
        boolean theOnlyMetric = isMetric && q.metrics().size() == 1; // "top 3", not "top 3 by MRR" in a title that starts with MRR
        if (q.limit() != null) return Optional.of((o.descending() ? "top " : "bottom ") + q.limit() + (theOnlyMetric ? "" : " by " + by));
        if (!isMetric && !o.descending()) return Optional.empty();
        if (!isMetric) return Optional.of("by " + by + ", last first");
        return Optional.of((o.descending() ? "highest " : "lowest ") + (theOnlyMetric ? "" : by + " ") + "first");
    }

    // ------------------------------------------------------------------ how it is computed

    /**
     * How the answer is computed, for a person: "Shop revenue: Total of completed shop orders in the period, counting each order once.
     * Computed per month from January to June 2026, where Country is Germany."
     */
    public String explain(SemanticQuery q) {
        if (q.asksShare()) {
            String metric = q.metrics().get(0);
            String definition = layer.model().metric(metric).map(m -> m.displayName() + ": " + sentence(definition(m)) + " ").orElse("");
            List<String> scope = new ArrayList<>();
            if (!q.groupBy().isEmpty()) scope.add("by " + join(q.groupBy().stream().map(g -> lowerFirst(dimensionLabel(g.dimension()))).toList()));
            if (q.grain() != null) scope.add("per " + q.grain().label());
            period(q).ifPresent(scope::add);
            return definition + "The part " + join(q.filters().stream().map(f -> "where " + filter(f)).toList()) + ", in percent of the whole without that filter"
                    + (scope.isEmpty() ? "" : ", " + String.join(" ", scope)) + ".";
        }
        if (q.asksGaps()) {
            String metric = q.metrics().get(0);
            String definition = layer.model().metric(metric).map(m -> m.displayName() + ": " + sentence(definition(m)) + " ").orElse("");
            List<String> rest = conditions(q);
            return definition + "Every " + q.grain().label() + " " + period(q).orElse("") + (rest.isEmpty() ? "" : ", " + String.join(", ", rest))
                    + ", in which no row of " + lowerFirst(label(metric)) + " falls.";
        }
        if (q.listsRecords()) {
            List<String> rest = conditions(q);
            List<String> sentences = new ArrayList<>();
            sentences.add("Each record of " + recordsSaid(q, true) + " is one row (two with the same values stay two), showing "
                    + join(q.groupBy().stream().map(g -> lowerFirst(dimensionLabel(g.dimension()))).toList()) + (rest.isEmpty() ? "" : ", " + String.join(", ", rest)) + ".");
            for (String name : q.metrics()) layer.model().metric(name).ifPresent(m -> sentences.add(m.displayName() + " of each: " + sentence(definition(m))));
            for (String d : q.countDistinct()) sentences.add("The number of distinct " + lowerFirst(dimensionLabel(d)) + " values of each.");
            segments(q).ifPresent(sentences::add);
            return String.join(" ", sentences);
        }
        if (isListing(q)) {
            List<String> rest = conditions(q);
            return "Every " + join(q.groupBy().stream().map(g -> lowerFirst(dimensionLabel(g.dimension()))).toList()) + " in the data"
                    + (rest.isEmpty() ? "" : ", " + String.join(", ", rest)) + ", each listed once." + segments(q).map(s -> " " + s).orElse("");
        }
        List<String> sentences = new ArrayList<>();
        for (String name : q.metrics()) {
            layer.model().metric(name).ifPresent(m -> sentences.add(m.displayName() + ": " + sentence(definition(m))));
        }
        for (String d : q.countDistinct()) sentences.add("Distinct " + lowerFirst(dimensionLabel(d)) + ": the number of different values of " + lowerFirst(dimensionLabel(d)) + ".");
        for (SemanticMetric.Cumulative c : cumulatives(q)) sentences.add(reading(c, q));
        segments(q).ifPresent(sentences::add);
        List<String> scope = new ArrayList<>();
        if (!q.groupBy().isEmpty()) scope.add("by " + join(q.groupBy().stream().map(g -> lowerFirst(dimensionLabel(g.dimension()))).toList()));
        if (q.grain() != null) scope.add("per " + q.grain().label());
        period(q).ifPresent(scope::add);
        List<String> rest = conditions(q);
        String where = String.join(" ", scope) + (rest.isEmpty() ? "" : (scope.isEmpty() ? "" : ", ") + String.join(", ", rest));
        sentences.add(where.isEmpty() ? "Computed over all the data." : "Computed " + where + ".");
        leftOutOfRanking(q).ifPresent(sentences::add);
        return String.join(" ", sentences);
    }

    /** A metric's definition: its description, else its computation in words. */
    public String definition(SemanticMetric m) {
        if (m.info().description() != null && !m.info().description().isBlank()) return m.info().description().strip().replaceAll("\\s+", " ");
        if (m instanceof SemanticMetric.Simple s) return simple(s);
        if (m instanceof SemanticMetric.Ratio r) return capitalize(lowerFirst(label(r.numerator())) + " divided by " + lowerFirst(label(r.denominator())));
        if (m instanceof SemanticMetric.Cumulative c) return capitalize(accumulation(c, grainOf(c), lowerFirst(label(c.input()))));
        SemanticMetric.Derived d = (SemanticMetric.Derived) m;
        List<String> inputs = new ArrayList<>();
        for (SemanticMetric.Input in : d.inputs()) {
            String what = lowerFirst(label(in.metric())) + (in.offset() == null || in.offset().isNone() ? "" : " " + in.offset() + " earlier");
            inputs.add(in.alias() != null ? in.alias() + " (" + what + ")" : what);
        }
        return "Computed as " + d.expr().strip() + " from " + join(inputs);
    }

    /**
     * How a cumulative metric adds up, in words: "a running total of revenue from the start of the data up to each day",
     * "revenue over the 7 days up to each day", "revenue month to date (from the start of each month up to each day)".
     */
    static String accumulation(SemanticMetric.Cumulative c, Grain own, String input) {
        String each = "each " + own.label();
        if (c.window() != null) return input + " over the " + c.window() + " up to " + each;
        if (c.grainToDate() != null) {
            return input + " " + c.grainToDate().label() + " to date (from the start of each " + c.grainToDate().label() + " up to " + each + ")";
        }
        return "a running total of " + input + " from the start of the data up to " + each;
    }

    /** {@link #accumulation(SemanticMetric.Cumulative, Grain, String)} with the input's name as its words. */
    static String accumulation(SemanticMetric.Cumulative c, Grain own) {
        return accumulation(c, own, c.input().replace('_', ' '));
    }

    private Grain grainOf(SemanticMetric.Cumulative c) {
        return layer.model().metric(c.input()).filter(SemanticMetric.Simple.class::isInstance).map(SemanticMetric.Simple.class::cast)
                .flatMap(s -> layer.model().timeDimensionOf(s)).map(Dimension::grain).orElse(Grain.DAY);
    }

    /** The cumulative metrics a query's metrics are or are computed from, each once. */
    private List<SemanticMetric.Cumulative> cumulatives(SemanticQuery q) {
        List<SemanticMetric.Cumulative> out = new ArrayList<>();
        List<String> todo = new ArrayList<>(q.metrics());
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (!todo.isEmpty()) {
            String name = todo.remove(0);
            if (!seen.add(name)) continue;
            layer.model().metric(name).ifPresent(m -> {
                if (m instanceof SemanticMetric.Cumulative c) out.add(c);
                else if (!(m instanceof SemanticMetric.Simple)) todo.addAll(m.inputNames());
            });
        }
        return out;
    }

    /**
     * Which value of a cumulative metric the answer shows: "Cumulative revenue is a running total of revenue from the start of the
     * data up to each day; each month shows the value on its first day; rows before the period count."
     */
    private String reading(SemanticMetric.Cumulative c, SemanticQuery q) {
        Grain own = grainOf(c);
        List<String> parts = new ArrayList<>();
        // asked for itself with no description, its definition has just said how it adds up
        boolean said = q.metrics().contains(c.name()) && (c.info().description() == null || c.info().description().isBlank());
        if (!said) parts.add(c.displayName() + " is " + accumulation(c, own, lowerFirst(label(c.input()))));
        StringBuilder b = new StringBuilder();
        if (q.grain() != null && q.grain() != own) {
            b.append("each ").append(q.grain().label()).append(" shows ").append(switch (c.periodAgg()) {
                case FIRST -> "the value on its first " + own.label();
                case LAST -> "the value on its last " + own.label();
                case AVERAGE -> "the average of its " + plural(own.label()) + "' values";
            });
        } else if (q.grain() == null && q.end() != null) {
            b.append("shown as it stands at the end of the period (").append(ValueFormat.of(own).show(own.start(q.end().minusDays(1)))).append(")");
        }
        if (!b.isEmpty()) parts.add(b.toString());
        if (q.start() != null && c.grainToDate() == null) parts.add("rows before the period count");
        return capitalize(String.join("; ", parts)) + ".";
    }

    private String simple(SemanticMetric.Simple s) {
        String rows = s.dataset().replace('_', ' ');
        String expr = s.expr() == null ? "*" : s.expr().strip();
        String of = expr.matches("[A-Za-z_][A-Za-z0-9_]*") ? expr.replace('_', ' ') : expr;
        String agg = switch (s.agg()) {
            case SUM -> "Sum of " + of;
            case COUNT -> expr.equals("*") || expr.equals("1") ? "Number of " + rows : "Count of " + of;
            case COUNT_DISTINCT -> "Number of distinct " + of;
            case AVG -> "Average " + of;
            case MIN -> "Lowest " + of;
            case MAX -> "Highest " + of;
            case MEDIAN -> "Median " + of;
            case PERCENTILE -> (s.percentile() == null ? "A percentile" : s.percentile().movePointRight(2).stripTrailingZeros().toPlainString() + "th percentile")
                    + " of " + of;
        };
        StringBuilder b = new StringBuilder(agg);
        if (!agg.startsWith("Number of " + rows)) b.append(" over ").append(rows);
        if (s.filter() != null && !s.filter().isBlank()) b.append(", only where ").append(s.filter().strip());
        for (String seg : s.segments()) b.append(", only ").append(lowerFirst(layer.model().segment(seg).map(x -> x.label() != null ? x.label() : x.name()).orElse(seg)));
        if (s.isSnapshot()) b.append(", taking the ").append(s.snapshotLast() ? "last" : "first").append(" snapshot in each period");
        return b.toString();
    }

    /** The segments the query applies besides the metrics' own definitions: by default, asked for, or turned off. */
    private Optional<String> segments(SemanticQuery q) {
        List<String> byDefault = new ArrayList<>();
        List<String> off = new ArrayList<>();
        for (String name : q.metrics()) {
            Optional<SemanticMetric> m = layer.model().metric(name);
            if (m.isEmpty()) continue;
            List<String> own = layer.model().simpleInputs(m.get()).stream().flatMap(s -> s.segments().stream()).toList();
            for (Segment seg : layer.segmentsOf(m.get())) {
                if (!seg.isDefault() || own.contains(seg.name())) continue;
                List<String> into = q.withoutSegments().contains(seg.name()) ? off : byDefault;
                if (!into.contains(segment(seg))) into.add(segment(seg));
            }
        }
        List<String> asked = q.segments().stream().map(n -> layer.model().segment(n).map(this::segment).orElse(n)).toList();
        List<String> out = new ArrayList<>();
        if (!byDefault.isEmpty()) out.add("Applied by default: " + String.join("; ", byDefault) + ".");
        if (!asked.isEmpty()) out.add("Also applied: " + String.join("; ", asked) + ".");
        if (!off.isEmpty()) out.add("Turned off: " + String.join("; ", off) + ".");
        return out.isEmpty() ? Optional.empty() : Optional.of(String.join(" ", out));
    }

    private String segment(Segment seg) {
        String label = seg.label() != null ? seg.label() : seg.name().replace('_', ' ');
        if (seg.description() == null || seg.description().isBlank()) return label;
        String first = seg.description().strip().replaceAll("\\s+", " ").split("(?<=\\.)\\s")[0].replaceAll("\\.$", "");
        return label + " — " + lowerFirst(first);
    }

    // ------------------------------------------------------------------ periods in words

    /** A period {@code [start, end)} with its preposition: "in September 2026", "in Q1 2026", "from January to June 2026", "on 3 March 2026". */
    public static String period(LocalDate start, LocalDate end) {
        String name = periodName(start, end);
        LocalDate last = end.minusDays(1);
        if (start.equals(last)) return "on " + name;
        return name.contains(" to ") ? "from " + name : "in " + name;
    }

    /** A period {@code [start, end)} named: "September 2026", "Q1 2026", "2025", "January to June 2026", "1 to 14 March 2026", "3 March to 10 April 2026". */
    public static String periodName(LocalDate start, LocalDate end) {
        LocalDate last = end.minusDays(1);
        boolean wholeMonths = start.getDayOfMonth() == 1 && end.getDayOfMonth() == 1;
        if (wholeMonths && start.getDayOfYear() == 1 && end.getDayOfYear() == 1) {
            return end.getYear() - start.getYear() == 1 ? String.valueOf(start.getYear()) : start.getYear() + " to " + last.getYear();
        }
        if (wholeMonths) {
            if (end.equals(start.plusMonths(1))) return month(start) + " " + start.getYear();
            if (end.equals(start.plusMonths(3)) && (start.getMonthValue() - 1) % 3 == 0) return "Q" + ((start.getMonthValue() - 1) / 3 + 1) + " " + start.getYear();
            return start.getYear() == last.getYear() ? month(start) + " to " + month(last) + " " + last.getYear()
                    : month(start) + " " + start.getYear() + " to " + month(last) + " " + last.getYear();
        }
        if (start.equals(last)) return day(start) + " " + start.getYear();
        if (start.getYear() == last.getYear() && start.getMonth() == last.getMonth()) return start.getDayOfMonth() + " to " + day(last) + " " + last.getYear();
        return start.getYear() == last.getYear() ? day(start) + " to " + day(last) + " " + last.getYear()
                : day(start) + " " + start.getYear() + " to " + day(last) + " " + last.getYear();
    }

    private static String month(LocalDate d) {
        return d.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
    }

    private static String day(LocalDate d) {
        return d.getDayOfMonth() + " " + month(d);
    }

    // ------------------------------------------------------------------ names

    /** A list of a dimension's values: dimensions and no metric ("which products are in the Monitors category"). */
    public static boolean isListing(SemanticQuery q) {
        return q.metrics().isEmpty() && q.countDistinct().isEmpty() && !q.groupBy().isEmpty();
    }

    /** "Products", "Offices and countries": what a list holds. */
    private String listed(SemanticQuery q) {
        List<String> labels = new ArrayList<>();
        for (SemanticQuery.GroupBy g : q.groupBy()) {
            String label = plural(dimensionLabel(g.dimension()));
            labels.add(labels.isEmpty() ? label : lowerFirst(label));
        }
        return join(labels);
    }

    private static String plural(String label) {
        if (label.matches(".*[^aeiou]y")) return label.substring(0, label.length() - 1) + "ies";
        if (label.matches(".*(s|x|ch|sh)")) return label + "es";
        return label + "s";
    }

    /** The query's metrics in words ("Marketing spend"). */
    public String metricLabel(SemanticQuery q) {
        return metricLabels(q);
    }

    private String metricLabels(SemanticQuery q) {
        List<String> labels = new ArrayList<>();
        for (String name : q.metrics()) labels.add(labels.isEmpty() ? label(name) : lowerFirst(label(name)));
        for (String d : q.countDistinct()) labels.add((labels.isEmpty() ? "Distinct " : "distinct ") + lowerFirst(plural(dimensionLabel(d))));
        return join(labels);
    }

    private String label(String metric) {
        return layer.model().metric(metric).map(SemanticMetric::displayName).orElse(metric.replace('_', ' '));
    }

    private String dimensionLabel(String dimension) {
        return layer.model().dimension(dimension).map(Dimension::displayName).orElse(dimension.replace('_', ' '));
    }

    /** Lower-cases the first letter of a label used mid-sentence, unless it starts an acronym ("MRR growth" stays). */
    public static String lowerFirst(String s) {
        if (s.length() < 2 || !Character.isUpperCase(s.charAt(0)) || Character.isUpperCase(s.charAt(1))) return s;
        return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** The text with its first letter in capitals. */
    static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String sentence(String s) {
        return s.endsWith(".") ? s : s + ".";
    }

    private static String join(List<String> parts) {
        return join(parts, "and");
    }

    private static String join(List<String> parts, String word) {
        if (parts.size() <= 1) return String.join("", parts);
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " " + word + " " + parts.get(parts.size() - 1);
    }
}
