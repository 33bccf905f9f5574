package dev.almanac.agent;

import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.SqlParameters;
import dev.almanac.quality.Timeframe;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.source.Catalog;
import dev.almanac.source.Dialect;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The deterministic checks of an answer's results, run before any model critique: an empty result,
 * a capped result with no aggregation, NULLs in key columns, a time grain other than the one asked
 * for, values ten times outside what the source column holds, and a value that contradicts the
 * canonical metric named in the question for the same period. An answer compiled from a semantic
 * query has its grain, breakdown and period checked against the question by {@link SemanticCritic}
 * instead of by its result's columns.
 */
final class Critic {
    static final Map<String, Pattern> GRAINS = Map.of(
            "month", Pattern.compile("(?i)\\b(monthly|per month|each month|by month|month by month|every month)\\b"),
            "day", Pattern.compile("(?i)\\b(daily|per day|each day|by day|day by day)\\b"),
            "week", Pattern.compile("(?i)\\b(weekly|per week|each week|by week)\\b"),
            "quarter", Pattern.compile("(?i)\\b(quarterly|per quarter|each quarter|by quarter)\\b"),
            "year", Pattern.compile("(?i)\\b(yearly|annually|per year|each year|by year|year by year)\\b"));

    /** A text filter in a query: a column compared with a string literal ({@code =}, {@code LIKE}, {@code ILIKE}). */
    private static final Pattern TEXT_FILTER = Pattern.compile(
            "(?i)((?:[A-Za-z_][A-Za-z0-9_]*|\"[^\"]+\"|`[^`]+`)(?:\\.(?:[A-Za-z_][A-Za-z0-9_]*|\"[^\"]+\"|`[^`]+`))?)\\s*(==|=|\\bNOT\\s+LIKE\\b|\\bLIKE\\b|\\bILIKE\\b)\\s*('(?:[^']|'')*')");
    private static final Pattern DATE_LITERAL = Pattern.compile("'(\\d{4}-\\d{2}-\\d{2})[^']*'");

    private final QueryExecutor executor;
    private final Catalog catalog;

    Critic(QueryExecutor executor) {
        this(executor, null);
    }

    /** With the catalog, an empty result is checked against the data: filter values that occur, dates inside the data. */
    Critic(QueryExecutor executor, Catalog catalog) {
        this.executor = executor;
        this.catalog = catalog;
    }

    List<String> check(String question, List<QueryResult> results, Optional<Metric> namedMetric, Optional<Timeframe> timeframe) {
        return check(question, results, namedMetric, timeframe, null, null);
    }

    /** The checks of an answer; with a semantic query (and its critic), grain, breakdown and period are checked on the query. */
    List<String> check(String question, List<QueryResult> results, Optional<Metric> namedMetric, Optional<Timeframe> timeframe,
                       SemanticQuery semantic, SemanticCritic semanticCritic) {
        return findings(question, results, namedMetric, timeframe, semantic, semanticCritic).issues();
    }

    /**
     * What the checks found: the issues (each a reason to revise), and, when there are none, what leaves no doubt that the
     * answer is the question's, if anything does: the canonical metric the question names gives the same value for the
     * period, or the semantic query is the one the question names (see {@link SemanticCritic#confirms}).
     */
    record Findings(List<String> issues, Optional<String> confirmed) {}

    Findings findings(String question, List<QueryResult> results, Optional<Metric> namedMetric, Optional<Timeframe> timeframe,
                      SemanticQuery semantic, SemanticCritic semanticCritic) {
        List<String> issues = new ArrayList<>();
        for (QueryResult r : results) {
            if (r.rowCount() == 0 || r.rows().stream().allMatch(row -> row.stream().allMatch(v -> v == null))) {
                // no rows is a finding to check, not a failure: a filter value the data does not have, or a period outside it,
                // is a mistake; otherwise "none" is the answer
                whyEmpty(r).ifPresent(issues::add);
                continue;
            }
            for (int c = 0; c < r.columns().size(); c++) {
                String name = r.columns().get(c).toLowerCase(Locale.ROOT);
                boolean key = name.endsWith("_id") || name.equals("id") || (c == 0 && r.rowCount() > 1 && r.columns().size() > 1);
                final int col = c;
                if (key && r.rows().stream().anyMatch(row -> row.get(col) == null)) {
                    issues.add("NULL values in the key column " + r.columns().get(c) + ": a join or filter may be dropping or mixing rows");
                }
            }
            if (semantic == null) grain(question, r).ifPresent(issues::add);
            outliers(r).ifPresent(issues::add);
        }
        if (semantic != null && semanticCritic != null) issues.addAll(semanticCritic.check(question, semantic, timeframe));
        Optional<Canonical> canonical = semantic == null || sameAsCanonical(semantic, namedMetric) ? canonical(results, namedMetric, timeframe) : Optional.empty();
        canonical.filter(c -> !c.agrees()).ifPresent(c -> issues.add(c.finding()));
        if (!issues.isEmpty()) return new Findings(issues, Optional.empty());
        if (canonical.isPresent()) return new Findings(issues, Optional.of(canonical.get().finding()));
        if (semantic != null && semanticCritic != null) return new Findings(issues, semanticCritic.confirms(question, semantic, timeframe));
        return new Findings(issues, Optional.empty());
    }

    /** The answer's single value against the named canonical metric's for the period: whether they agree, in words. */
    private record Canonical(boolean agrees, String finding) {}

    /** Whether a semantic query computes exactly the named canonical metric (its sliceable form, unfiltered), so the two must agree. */
    private static boolean sameAsCanonical(SemanticQuery q, Optional<Metric> metric) {
        return metric.isPresent() && q.metrics().equals(List.of(metric.get().name())) && q.filters().isEmpty() && q.segments().isEmpty()
                && q.withoutSegments().isEmpty();
    }

    /**
     * Why a query found no rows, when the data says it should have: a text value it filters on that does not occur in
     * that column of any table it reads, or dates that all lie after (or before) every date of those tables.
     */
    private Optional<String> whyEmpty(QueryResult r) {
        if (catalog == null) return Optional.of("the query returned no data (" + r.rowCount() + " rows): check filters, joins and the time range");
        List<Catalog.Table> tables = r.tables().stream().map(t -> catalog.table(t)).flatMap(Optional::stream).toList();
        java.util.regex.Matcher m = TEXT_FILTER.matcher(r.sql());
        while (m.find()) {
            String column = unquote(m.group(1).substring(m.group(1).lastIndexOf('.') + 1));
            String op = m.group(2).equals("==") ? "=" : m.group(2).toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
            String literal = m.group(3);
            if (op.startsWith("NOT") || DATE_LITERAL.matcher(literal).matches()) continue;
            List<Catalog.Table> having = tables.stream().filter(t -> t.column(column).isPresent()).toList();
            if (having.isEmpty()) continue;
            boolean occurs = false;
            for (Catalog.Table t : having) {
                try {
                    String name = t.column(column).get().name();
                    Dialect dialect = executor.source().dialect();
                    QueryResult found = executor.execute("SELECT 1 AS found FROM " + dialect.quoteQualified(t.qualifiedName()) + " WHERE "
                            + dialect.quote(name) + " " + op + " " + literal + " LIMIT 1");
                    if (found.rowCount() > 0) occurs = true;
                } catch (RuntimeException e) {
                    occurs = true; // cannot check here: do not blame the value
                }
            }
            if (!occurs) {
                Catalog.Table t = having.get(0);
                List<String> near = op.equals("=") ? nearValues(t, t.column(column).get().name(), literal) : List.of();
                if (!near.isEmpty()) {
                    return Optional.of("the query returned no data because the value " + literal + " does not occur in " + t.name() + "." + column
                            + " as written, but " + String.join(", ", near) + " does (other spaces or case): compare with trim() or lower()");
                }
                List<String> samples = t.column(column).get().sampleValues();
                return Optional.of("the query returned no data because the value " + literal + " does not occur in " + t.name() + "." + column
                        + (samples == null || samples.isEmpty() ? "" : " (its values include: " + String.join(", ", samples.subList(0, Math.min(8, samples.size()))) + ")")
                        + ": check the value's spelling and case");
            }
        }
        List<java.time.LocalDate> dates = new ArrayList<>();
        java.util.regex.Matcher d = DATE_LITERAL.matcher(r.sql());
        while (d.find()) {
            try {
                dates.add(java.time.LocalDate.parse(d.group(1)));
            } catch (java.time.format.DateTimeParseException ignored) {
                // not a date after all
            }
        }
        String first = null;
        String last = null;
        for (Catalog.Table t : tables) {
            for (Catalog.Column c : t.columns()) {
                if (!c.isTemporal() || c.min() == null || c.max() == null) continue;
                String min = c.min().substring(0, Math.min(10, c.min().length()));
                String max = c.max().substring(0, Math.min(10, c.max().length()));
                if (first == null || min.compareTo(first) < 0) first = min;
                if (last == null || max.compareTo(last) > 0) last = max;
            }
        }
        if (!dates.isEmpty() && first != null) {
            String from = first;
            String to = last;
            if (dates.stream().allMatch(x -> x.toString().compareTo(to) > 0) || dates.stream().allMatch(x -> x.toString().compareTo(from) < 0)) {
                return Optional.of("the query returned no data because its dates (" + dates.stream().distinct().map(Object::toString).collect(java.util.stream.Collectors.joining(", "))
                        + ") lie outside the data of " + String.join(", ", tables.stream().map(Catalog.Table::name).toList()) + ", which runs from " + from + " to " + to);
            }
        }
        return Optional.empty();
    }

    /** Values of a column that equal a literal once spaces around them and case are set aside, quoted as SQL text. */
    private List<String> nearValues(Catalog.Table t, String column, String literal) {
        Dialect dialect = executor.source().dialect();
        String c = dialect.quote(column);
        try {
            QueryResult r = executor.execute("SELECT DISTINCT " + c + " AS value FROM " + dialect.quoteQualified(t.qualifiedName())
                    + " WHERE lower(trim(" + c + ")) = lower(trim(" + literal + ")) LIMIT 3");
            return r.rows().stream().map(row -> dialect.stringLiteral(String.valueOf(row.get(0)))).toList();
        } catch (RuntimeException e) {
            return List.of(); // no such comparison on this engine: the plain finding stands
        }
    }

    private static String unquote(String identifier) {
        return identifier.length() > 1 && (identifier.startsWith("\"") || identifier.startsWith("`")) ? identifier.substring(1, identifier.length() - 1) : identifier;
    }

    private Optional<String> grain(String question, QueryResult r) {
        for (Map.Entry<String, Pattern> g : GRAINS.entrySet()) {
            java.util.regex.Matcher asked = g.getValue().matcher(question);
            if (!asked.find()) continue;
            // "the weekly rank" names a column (Weekly_Rank), not a breakdown by week
            String word = asked.group(1).toLowerCase(Locale.ROOT).split("\\s+")[0];
            if (columnWords(r).contains(word)) continue;
            boolean timeColumn = false;
            for (int c = 0; c < r.columns().size(); c++) {
                String type = r.columnTypes().get(c).toUpperCase(Locale.ROOT);
                String name = r.columns().get(c).toLowerCase(Locale.ROOT);
                if (type.startsWith("DATE") || type.startsWith("TIMESTAMP") || name.contains(g.getKey()) || name.contains("date") || name.contains("period")) timeColumn = true;
            }
            if (!timeColumn || r.rowCount() < 2) {
                return Optional.of("the question asks for a " + g.getKey() + "ly breakdown but the result has no " + g.getKey() + " column with several rows");
            }
        }
        return Optional.empty();
    }

    /** The words of the column names of the result and of the tables it reads ("weekly", "rank" for Weekly_Rank). */
    private java.util.Set<String> columnWords(QueryResult r) {
        List<String> names = new ArrayList<>(r.columns());
        if (catalog != null) {
            for (String t : r.tables()) catalog.table(t).ifPresent(table -> table.columns().forEach(c -> names.add(c.name())));
        }
        java.util.Set<String> words = new java.util.HashSet<>();
        for (String n : names) words.addAll(List.of(n.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")));
        return words;
    }

    /** A value of a column named like a source column that lies 10x outside that column's range. */
    private Optional<String> outliers(QueryResult r) {
        for (String table : r.tables()) {
            for (int c = 0; c < Math.min(3, r.columns().size()); c++) {
                String column = r.columns().get(c);
                if (!column.matches("[A-Za-z_][A-Za-z0-9_]*")) continue;
                final int col = c;
                List<BigDecimal> values = r.rows().stream().map(row -> row.get(col)).filter(v -> v instanceof Number)
                        .map(v -> new BigDecimal(v.toString())).toList();
                if (values.isEmpty()) continue;
                // a result column the table does not have (a count, an alias) has nothing to compare with: no query for it
                Optional<Catalog.Table> known = catalog == null ? Optional.empty() : catalog.table(table);
                if (known.isPresent() && known.get().column(column).isEmpty()) continue;
                try {
                    QueryResult range = executor.execute("SELECT min(\"" + column + "\"), max(\"" + column + "\") FROM " + table);
                    Object min = range.rows().get(0).get(0);
                    Object max = range.rows().get(0).get(1);
                    if (!(min instanceof Number) || !(max instanceof Number)) continue;
                    BigDecimal hi = new BigDecimal(max.toString());
                    BigDecimal lo = new BigDecimal(min.toString());
                    for (BigDecimal v : values) {
                        if (hi.signum() > 0 && v.compareTo(hi.multiply(BigDecimal.TEN)) > 0) {
                            return Optional.of(column + " = " + v.toPlainString() + " is more than 10x the largest value in " + table + "." + column + " (" + hi.toPlainString() + "): units or a join fan-out?");
                        }
                        if (lo.signum() < 0 && v.compareTo(lo.multiply(BigDecimal.TEN)) < 0) {
                            return Optional.of(column + " = " + v.toPlainString() + " is more than 10x below the smallest value in " + table + "." + column);
                        }
                    }
                } catch (RuntimeException e) {
                    // not a column of that table: nothing to compare with
                }
            }
        }
        return Optional.empty();
    }

    /** A single number compared with what the named canonical metric gives for the period: more than 1% off contradicts it. */
    private Optional<Canonical> canonical(List<QueryResult> results, Optional<Metric> metric, Optional<Timeframe> timeframe) {
        if (metric.isEmpty() || results.size() != 1) return Optional.empty();
        QueryResult r = results.get(0);
        if (r.rowCount() != 1 || r.columns().size() != 1 || !(r.rows().get(0).get(0) instanceof Number n)) return Optional.empty();
        Metric m = metric.get();
        Map<String, String> values = new java.util.LinkedHashMap<>(SqlParameters.defaults(m.parameters()));
        timeframe.ifPresent(tf -> m.parameters().stream().filter(p -> p.type() != null && p.type().startsWith("date"))
                .forEach(p -> values.put(p.name(), VerifiedAnswerer.valueFor(p, tf))));
        if (timeframe.isEmpty() && !m.parameters().isEmpty()) return Optional.empty();
        try {
            QueryResult canonical = executor.execute(SqlParameters.bind(m.sql(), values, executor.source().dialect()));
            Object expected = canonical.rows().isEmpty() ? null : canonical.rows().get(0).get(0);
            if (!(expected instanceof Number e)) return Optional.empty();
            BigDecimal want = new BigDecimal(e.toString());
            BigDecimal got = new BigDecimal(n.toString());
            BigDecimal tolerance = want.abs().multiply(new BigDecimal("0.01")).max(new BigDecimal("0.01"));
            if (got.subtract(want).abs().compareTo(tolerance) > 0) {
                return Optional.of(new Canonical(false, "the result " + got.toPlainString() + " contradicts the canonical metric " + m.name() + ", which gives "
                        + want.toPlainString() + " for the same period: use the metric's definition"));
            }
            return Optional.of(new Canonical(true, "the canonical metric " + m.name() + " gives the same value for the period"));
        } catch (RuntimeException ignored) {
            // a metric that cannot run here does not veto the answer
        }
        return Optional.empty();
    }
}
