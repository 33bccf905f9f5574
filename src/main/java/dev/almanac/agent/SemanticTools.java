package dev.almanac.agent;

import dev.almanac.UserError;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.Tokens;
import dev.almanac.semantic.Dimension;
import dev.almanac.semantic.Grain;
import dev.almanac.semantic.QueryExplainer;
import dev.almanac.semantic.ResultColumns;
import dev.almanac.semantic.Segment;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticMetric;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueIndex;
import dev.almanac.sql.QueryResult;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the model learns of the semantic layer: the metric list (list_metrics), one metric's
 * dimensions, values, segments and time (get_dimensions), the compact list in the system prompt;
 * and for people, the text of an answer from a semantic query when the model gives no template
 * (values formatted, columns labelled) and its explanation. Every text for the model is bounded; an
 * unknown metric is answered with the close names, never an exception.
 */
final class SemanticTools {
    static final int MAX_TEXT = 8000;
    private static final int MAX_DIMENSIONS = 40;
    private static final int PROMPT_METRICS = 60;

    private final SemanticLayer layer;
    private final QueryExplainer explainer;

    SemanticTools(SemanticLayer layer) {
        this.layer = layer;
        this.explainer = new QueryExplainer(layer);
    }

    /**
     * Whether there is a semantic model to offer the tools for: one with datasets is enough, since a published model may
     * declare no metric and its tables' rows are still counted and listed.
     */
    static boolean available(SemanticLayer layer) {
        return layer != null && !layer.model().isEmpty();
    }

    /**
     * The words of the semantic model, as {@link Tokens} writes them: its metrics' names, labels and synonyms, its
     * dimensions' names, labels and synonyms, and the values in the value index with their synonyms.
     */
    Set<String> vocabulary() {
        Set<String> words = new HashSet<>();
        for (SemanticMetric m : layer.model().metrics()) {
            words.addAll(Tokens.of(m.name().replace('_', ' ') + " " + m.displayName()));
            m.info().synonyms().forEach(x -> words.addAll(Tokens.of(x)));
        }
        for (Dimension d : layer.model().dimensions()) {
            words.addAll(Tokens.of(d.name().replace('_', ' ') + " " + d.displayName()));
            if (d.synonyms() != null) d.synonyms().forEach(x -> words.addAll(Tokens.of(x)));
            if (d.valueSynonyms() != null) d.valueSynonyms().values().forEach(xs -> xs.forEach(x -> words.addAll(Tokens.of(x))));
        }
        layer.values().all().values().forEach(v -> {
            v.values().forEach(x -> words.addAll(Tokens.of(String.valueOf(x))));
            v.synonyms().keySet().forEach(x -> words.addAll(Tokens.of(x)));
        });
        return words;
    }

    // ------------------------------------------------------------------ list_metrics

    /**
     * The metrics matching the search words (all without any), one line each, then the canonical metrics with SQL only.
     * Within {@link #MAX_TEXT}: the SQL-only ones come first in the budget, and the semantic metrics that do not fit are
     * named without their definitions.
     */
    String listMetrics(String search) {
        List<String> words = Tokens.of(search == null ? "" : search);
        List<SemanticMetric> semanticMetrics = layer.model().metrics().stream()
                .filter(m -> matches(words, m.name() + " " + m.displayName() + " " + nullToEmpty(m.info().description()) + " " + String.join(" ", m.info().synonyms())))
                .toList();
        StringBuilder sqlOnly = new StringBuilder();
        for (Metric m : layer.sqlOnlyMetrics()) {
            if (!matches(words, m.name() + " " + nullToEmpty(m.label()) + " " + nullToEmpty(m.definition()) + " " + String.join(" ", m.synonyms()))) continue;
            String l = "- " + m.name() + (m.label() == null ? "" : " — " + m.label()) + (m.unit() == null ? "" : " (" + m.unit() + ")") + ": "
                    + abbreviate(nullToEmpty(m.definition()).strip(), 120) + " NOT sliceable: use its SQL (search_knowledge " + m.name() + ") with run_sql and submit_result.\n";
            if (sqlOnly.length() + l.length() > MAX_TEXT / 4) {
                sqlOnly.append("- (more: list_metrics with a search word)\n");
                break;
            }
            sqlOnly.append(l);
        }
        StringBuilder s = new StringBuilder("Semantic metrics (sliceable: answer with query_metrics; get_dimensions shows how to slice one):\n");
        if (semanticMetrics.isEmpty()) {
            s.append("(none").append(words.isEmpty() ? "" : " matching '" + search + "'; the metrics are: "
                    + abbreviate(String.join(", ", layer.model().metrics().stream().map(SemanticMetric::name).toList()), MAX_TEXT / 2)).append(")\n");
        }
        int budget = MAX_TEXT - sqlOnly.length();
        int shown = 0;
        for (SemanticMetric m : semanticMetrics) {
            String l = line(m);
            int rest = semanticMetrics.stream().skip(shown + 1L).mapToInt(x -> x.name().length() + 2).sum();
            if (s.length() + l.length() + Math.min(rest, MAX_TEXT / 4) > budget) break;
            s.append(l);
            shown++;
        }
        if (shown < semanticMetrics.size()) {
            s.append("Also (list_metrics with a search word, or get_dimensions, for their definitions): ")
                    .append(abbreviate(String.join(", ", semanticMetrics.subList(shown, semanticMetrics.size()).stream().map(SemanticMetric::name).toList()),
                            Math.max(200, budget - s.length())))
                    .append('\n');
        }
        if (sqlOnly.length() > 0) s.append("\nCanonical metrics with SQL only (not sliceable by dimensions):\n").append(sqlOnly);
        return s.toString();
    }

    private String line(SemanticMetric m) {
        StringBuilder l = new StringBuilder("- ").append(m.name()).append(" — ").append(m.displayName()).append(" (").append(m.kind());
        if (m.info().unit() != null) l.append(", ").append(m.info().unit());
        l.append(")");
        if (m.info().description() != null) l.append(": ").append(abbreviate(m.info().description().strip(), 160));
        l.append(" Time: ").append(time(m));
        l.append('\n');
        return l.toString();
    }

    private String time(SemanticMetric m) {
        Optional<Dimension> t = layer.timeDimensionOf(m);
        if (t.isEmpty()) return "none (not limited to a period).";
        String only = layer.model().simpleInputs(m).stream().map(SemanticMetric.Simple::timeGrain).filter(java.util.Objects::nonNull)
                .findFirst().map(g -> ", defined per " + g.label() + " only").orElse("");
        return t.get().name() + " by " + t.get().grain().label() + only + ".";
    }

    // ------------------------------------------------------------------ get_dimensions

    String dimensions(String name) {
        if (name == null || name.isBlank()) return "Name the metric: get_dimensions {\"metric\": \"NAME\"}; list_metrics lists them.";
        Optional<SemanticMetric> found = layer.model().metric(name.strip());
        if (found.isEmpty()) {
            Optional<Metric> sqlOnly = layer.sqlOnlyMetrics().stream().filter(m -> m.name().equalsIgnoreCase(name.strip())).findFirst();
            if (sqlOnly.isPresent()) {
                return sqlOnly.get().name() + " is a canonical metric with SQL only: it has no dimensions and cannot be sliced. Use its SQL with "
                        + "run_sql and submit_result:\n" + abbreviate(sqlOnly.get().sql().strip(), 2000);
            }
            String why;
            try {
                layer.metric(name.strip());
                why = "unknown metric '" + name + "'";
            } catch (UserError e) {
                why = e.getMessage();
            }
            return capitalize(why) + ". Semantic metrics: " + String.join(", ", layer.model().metrics().stream().map(SemanticMetric::name).limit(80).toList())
                    + ".";
        }
        SemanticMetric m = found.get();
        StringBuilder s = new StringBuilder(m.name()).append(" — ").append(m.displayName()).append(" (").append(m.kind())
                .append(m.info().unit() == null ? "" : ", " + m.info().unit()).append(")\n");
        if (m.info().description() != null) s.append("Definition: ").append(abbreviate(m.info().description().strip(), 400)).append('\n');
        Optional<Dimension> time = layer.timeDimensionOf(m);
        if (time.isPresent()) {
            Grain g = time.get().grain();
            List<String> grains = new ArrayList<>();
            for (Grain x : Grain.values()) if (x.isMultipleOf(g)) grains.add(x.label());
            Optional<Grain> only = layer.model().simpleInputs(m).stream().map(SemanticMetric.Simple::timeGrain).filter(java.util.Objects::nonNull).findFirst();
            s.append("Time: ").append(time.get().name()).append(", native grain ").append(g.label()).append("; grain may be ")
                    .append(only.map(Grain::label).orElse(String.join(", ", grains)))
                    .append(only.map(x -> " (defined per " + x.label() + " only: a longer period needs grain " + x.label() + ")").orElse(""))
                    .append("; start/end (end excluded) filter it.");
            if (layer.model().simpleInputs(m).stream().anyMatch(SemanticMetric.Simple::isSnapshot)) {
                s.append(" A snapshot: a coarser grain or a longer period takes the last snapshot in it, never a sum.");
            }
            s.append('\n');
        } else {
            s.append("Time: none; do not give start, end or grain.\n");
        }
        List<Dimension> dims = layer.dimensionsOf(m);
        s.append("Dimensions (group_by and filters):").append(dims.isEmpty() ? " none\n" : "\n");
        // a name two of them share is written qualified (orders.status), so that what the model copies is never ambiguous
        java.util.Map<String, Long> named = dims.stream().collect(java.util.stream.Collectors.groupingBy(d -> d.name().toLowerCase(java.util.Locale.ROOT),
                java.util.stream.Collectors.counting()));
        for (Dimension d : dims.stream().limit(MAX_DIMENSIONS).toList()) {
            StringBuilder l = new StringBuilder("- ").append(named.get(d.name().toLowerCase(java.util.Locale.ROOT)) > 1 ? d.qualifiedName() : d.name());
            List<String> also = new ArrayList<>();
            if (d.label() != null) also.add(d.label());
            for (String syn : d.synonyms()) if (also.stream().noneMatch(x -> x.equalsIgnoreCase(syn))) also.add(syn);
            if (!also.isEmpty()) l.append(" (").append(abbreviate(String.join(", ", also), 120)).append(")");
            ValueIndex.Values values = layer.values().of(d);
            if (values != null && !values.values().isEmpty()) l.append(": ").append(abbreviate(values.sample(8), 200));
            s.append(l).append('\n');
        }
        if (dims.size() > MAX_DIMENSIONS) s.append("(").append(dims.size() - MAX_DIMENSIONS).append(" more dimensions)\n");
        List<Segment> segments = layer.segmentsOf(m);
        if (!segments.isEmpty()) {
            s.append("Segments that apply: ");
            List<String> parts = new ArrayList<>();
            for (Segment seg : segments) {
                boolean always = layer.model().simpleInputs(m).stream().anyMatch(x -> x.segments().contains(seg.name()));
                parts.add(seg.name() + (always ? " (part of the definition)" : " (by default; turn off with without_segments)"));
            }
            s.append(String.join(", ", parts)).append('\n');
        }
        List<String> optional = layer.model().segments().stream().filter(seg -> !segments.contains(seg))
                .filter(seg -> layer.model().simpleInputs(m).stream().anyMatch(x -> x.dataset().equals(seg.dataset()))).map(Segment::name).toList();
        if (!optional.isEmpty()) s.append("Other segments (add with segments): ").append(String.join(", ", optional)).append('\n');
        if (!m.info().caveats().isEmpty()) s.append("Caveats: ").append(String.join(" ", m.info().caveats())).append('\n');
        return abbreviate(s.toString(), MAX_TEXT);
    }

    // ------------------------------------------------------------------ the system prompt

    /** The compact list of metric names the system prompt carries, with how to use them. */
    String promptSection() {
        StringBuilder s = new StringBuilder("\n## Semantic metrics (answer with query_metrics when one covers the question)\n");
        List<String> names = new ArrayList<>();
        for (SemanticMetric m : layer.model().metrics()) {
            if (names.size() >= PROMPT_METRICS) break;
            names.add(m.name() + (m.info().label() == null ? "" : " (" + m.info().label() + ")"));
        }
        s.append(String.join("; ", names));
        int more = layer.model().metrics().size() - names.size();
        if (more > 0) s.append("; and ").append(more).append(" more (list_metrics)");
        s.append(".\n");
        List<String> sqlOnly = layer.sqlOnlyMetrics().stream().map(Metric::name).limit(PROMPT_METRICS).toList();
        if (!sqlOnly.isEmpty()) s.append("Canonical metrics with SQL only (not sliceable): ").append(String.join(", ", sqlOnly)).append(".\n");
        return s.toString();
    }

    // ------------------------------------------------------------------ the answer's sentence

    /** The metrics, breakdown and period of a query in words: "Monthly recurring revenue by region, per month, from 2026-01-01 to 2026-03-31". */
    String describe(SemanticQuery q) {
        List<String> labels = new ArrayList<>();
        for (String name : q.metrics()) labels.add(layer.model().metric(name).map(SemanticMetric::displayName).orElse(name));
        for (String d : q.countDistinct()) labels.add("distinct " + d);
        StringBuilder s = new StringBuilder(q.listsRecords() ? "records of " + q.records() + (labels.isEmpty() ? "" : " with " + join(labels)) : join(labels));
        if (!q.groupBy().isEmpty()) {
            List<String> dims = new ArrayList<>();
            for (SemanticQuery.GroupBy g : q.groupBy()) dims.add(layer.model().dimension(g.dimension()).map(d -> d.displayName().toLowerCase(java.util.Locale.ROOT)).orElse(g.dimension()));
            s.append(" by ").append(join(dims));
        }
        if (q.grain() != null) s.append(", per ").append(q.grain().label());
        if (q.start() != null && q.end() != null) s.append(", ").append(period(q.start(), q.end()));
        if (!q.filters().isEmpty()) s.append(", where ").append(join(q.filters().stream().map(SemanticQuery.Filter::toString).toList()));
        for (SemanticQuery.Exists e : q.exists()) s.append(", with ").append(e);
        if (!q.order().isEmpty()) s.append(", ordered by ").append(String.join(", ", q.order().stream().map(SemanticQuery.Order::toString).toList()));
        if (q.limit() != null) s.append(", first ").append(q.limit()).append(q.keepsTies() ? " with ties" : "");
        if (!q.segments().isEmpty()) s.append(", segments ").append(String.join(", ", q.segments()));
        if (!q.withoutSegments().isEmpty()) s.append(", without segments ").append(String.join(", ", q.withoutSegments()));
        if (q.compareTo() != null) s.append(", compared with ").append(period(q.compareTo().start(), q.compareTo().end()));
        return s.toString();
    }

    /** How the columns of a query's result are shown: labels and value formats. */
    ResultColumns columns(SemanticQuery q, QueryResult r) {
        return ResultColumns.of(layer.model(), q, r.columns());
    }

    /** The query's title for people: "Shop revenue per month from January to June 2026, where Country is Germany". */
    String title(SemanticQuery q) {
        return explainer.title(q);
    }

    /** Periods with no data asked, and none found: "Every month in 2024 has marketing spend data." */
    String noGaps(SemanticQuery q) {
        List<String> conditions = explainer.conditions(q);
        return "Every " + q.grain().label() + " " + explainer.period(q).orElse("") + " has data for " + Character.toLowerCase(explainer.metricLabel(q).charAt(0))
                + explainer.metricLabel(q).substring(1) + (conditions.isEmpty() ? "" : ", " + String.join(", ", conditions)) + ".";
    }

    /** A list that holds nothing: "No offices were found where Country is Japan." */
    String noneListed(SemanticQuery q) {
        String subject = explainer.subject(q);
        List<String> conditions = explainer.conditions(q);
        return "No " + Character.toLowerCase(subject.charAt(0)) + subject.substring(1) + " were found" + (conditions.isEmpty() ? "" : " " + String.join(", ", conditions))
                + ".";
    }

    /** How the answer was computed, for a person who does not read SQL (the answer's explanation). */
    String explain(SemanticQuery q) {
        return explainer.explain(q);
    }

    /**
     * The answer when the model gives no template, values formatted and columns labelled: one value in a sentence ("Shop revenue in
     * March 2026 was $312,000.50."), else the title and the table.
     */
    String sentence(SemanticQuery q, QueryResult r) {
        ResultColumns columns = columns(q, r);
        int share = q.asksShare() ? r.columns().indexOf(q.metrics().get(0) + "_share_pct") : -1;
        if (share >= 0 && r.rowCount() == 1 && q.groupBy().isEmpty() && q.grain() == null) {
            // "Shop revenue in 2025, where Region is Europe, was 41.20% of all shop revenue in 2025."
            String whole = explainer.metricLabel(q);
            return whole + explainer.period(q).map(p -> " " + p).orElse("") + ", " + String.join(", ", explainer.conditions(q)) + ", was "
                    + shown(columns, share, r.rows().get(0).get(share)) + " of all " + Character.toLowerCase(whole.charAt(0)) + whole.substring(1)
                    + explainer.period(q).map(p -> " " + p).orElse("") + ".";
        }
        if (r.rowCount() == 1 && q.groupBy().isEmpty() && q.grain() == null) {
            List<String> values = new ArrayList<>();
            for (String name : q.metrics()) {
                int col = r.columns().indexOf(name);
                if (col >= 0) values.add(shown(columns, col, r.rows().get(0).get(col)));
            }
            if (values.size() == q.metrics().size() && q.metrics().size() == 1) return oneValue(q, r, columns, values.get(0));
            if (q.metrics().isEmpty() && !q.countDistinct().isEmpty() && r.columns().size() == 1) { // "Distinct continents: 7."
                return explainer.title(q) + ": " + shown(columns, 0, r.rows().get(0).get(0)) + ".";
            }
            if (!q.metrics().isEmpty() && values.size() == q.metrics().size() && q.compareTo() == null) { // compared, several metrics read better as a table
                List<String> parts = new ArrayList<>();
                for (int i = 0; i < values.size(); i++) parts.add(columns.label(q.metrics().get(i)) + " " + values.get(i));
                return explainer.title(q) + ": " + String.join("; ", parts) + ".";
            }
        }
        return explainer.title(q) + ":\n" + table(r, columns);
    }

    /** "Shop revenue in March 2026, where Country is Germany, was $312,000.50", and against the comparison period when there is one. */
    private String oneValue(SemanticQuery q, QueryResult r, ResultColumns columns, String value) {
        SemanticQuery withoutComparison = q.withoutComparison();
        List<String> conditions = explainer.conditions(withoutComparison);
        String label = columns.label(q.metrics().get(0));
        StringBuilder s = new StringBuilder(explainer.subject(q)).append(explainer.period(q).map(p -> " " + p).orElse(""))
                .append(conditions.isEmpty() ? "" : ", " + String.join(", ", conditions) + ",").append(plural(label) ? " were " : " was ").append(value);
        String metric = q.metrics().get(0);
        int before = r.columns().indexOf(metric + "_comparison");
        int change = r.columns().indexOf(metric + "_change");
        int pct = r.columns().indexOf(metric + "_change_pct");
        if (q.compareTo() != null && before >= 0) {
            List<Object> row = r.rows().get(0);
            s.append(", against ").append(shown(columns, before, row.get(before))).append(" in ")
                    .append(QueryExplainer.periodName(q.compareTo().start(), q.compareTo().end()));
            List<String> changes = new ArrayList<>();
            if (change >= 0 && row.get(change) != null) changes.add(signed(columns, change, row.get(change)));
            if (pct >= 0 && row.get(pct) != null) changes.add(signed(columns, pct, row.get(pct)));
            if (!changes.isEmpty()) s.append(" (").append(String.join(", ", changes)).append(")");
        }
        return s.append('.').toString();
    }

    /** A small text table of at most 20 rows: labels as headers, values formatted. */
    static String table(QueryResult r, ResultColumns columns) {
        return TemplateFormatter.table(r, columns.labels(), (column, value) -> shown(columns, column, value));
    }

    private static String shown(ResultColumns columns, int column, Object value) {
        return value == null ? "no value" : columns.show(column, value);
    }

    private static String signed(ResultColumns columns, int column, Object value) {
        String shown = columns.show(column, value);
        return shown.startsWith("-") || value instanceof Number n && new java.math.BigDecimal(n.toString()).signum() == 0 ? shown : "+" + shown;
    }

    /**
     * Whether a metric's label names things counted ("New customers", "Orders"), so that it takes "were"; the head of
     * "Number of suppliers" is "Number", which takes "was".
     */
    static boolean plural(String label) {
        String last = label.replaceAll("\\s*\\(.*\\)\\s*$", "").strip();
        int of = last.toLowerCase(java.util.Locale.ROOT).indexOf(" of ");
        if (of > 0) last = last.substring(0, of);
        last = last.substring(last.lastIndexOf(' ') + 1).toLowerCase(java.util.Locale.ROOT);
        return last.length() > 3 && last.endsWith("s") && !last.endsWith("ss") && !last.endsWith("us") && !last.endsWith("is");
    }

    private static String period(LocalDate start, LocalDate end) {
        LocalDate last = end.minusDays(1);
        if (start.getDayOfMonth() == 1 && end.equals(start.plusMonths(1))) {
            return "in " + start.getMonth().getDisplayName(java.time.format.TextStyle.FULL, java.util.Locale.ENGLISH) + " " + start.getYear();
        }
        if (start.getDayOfYear() == 1 && end.equals(start.plusYears(1))) return "in " + start.getYear();
        return "from " + start + " to " + last;
    }

    // ------------------------------------------------------------------ helpers

    /** The semantic metrics of a query and their inputs' caveats, each once. */
    List<String> caveats(SemanticQuery q) {
        Set<String> out = new LinkedHashSet<>();
        for (String name : q.metrics()) {
            layer.model().metric(name).ifPresent(m -> {
                out.addAll(m.info().caveats());
                layer.model().simpleInputs(m).forEach(s -> out.addAll(s.info().caveats()));
            });
        }
        layer.coverageNote(q).ifPresent(n -> out.add("Coverage: " + n));
        return List.copyOf(out);
    }

    private static boolean matches(List<String> words, String text) {
        if (words.isEmpty()) return true;
        List<String> have = Tokens.of(text);
        return words.stream().anyMatch(have::contains);
    }

    private static String join(List<String> parts) {
        if (parts.size() <= 1) return String.join("", parts);
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String abbreviate(String s, int max) {
        return s.length() > max ? s.substring(0, max) + "..." : s;
    }
}
