package dev.almanac.agent;

import dev.almanac.knowledge.BusinessRule;
import dev.almanac.knowledge.KnowledgeBlock;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.VerifiedQuery;
import dev.almanac.source.Catalog;
import dev.almanac.store.LearningRow;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an answer relied on, told apart from what was merely in the prompt (provenance's {@code knowledge_applied} and
 * {@code learnings_applied}): the canonical metric it computes (the question names it, or its SQL has the metric's
 * aggregate, over the metric's tables), the verified query it adapts (the same tables and mostly the same SQL), the
 * business rules and learnings about the tables its SQL reads (and, when a rule or learning names columns of those
 * tables, about a column the SQL touches), and the rules of the metric it computes. Deterministic: read from the SQL
 * text and the knowledge, not from the model.
 */
final class KnowledgeApplied {
    /** How much of its SQL's words a verified query shares with the answer's SQL to count as adapted. */
    static final double ADAPTED = 0.6;
    private static final Pattern AGGREGATE = Pattern.compile("(?i)\\b(?:sum|count|avg|min|max|median)\\s*\\(\\s*(?:distinct\\s+)?[^()]*\\)");
    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final Catalog catalog;
    private final Set<String> read = new LinkedHashSet<>();
    private final String sql;
    private final Set<String> sqlWords;

    /**
     * @param sqls the SQL the answer's results come from
     * @param tables the tables that SQL reads
     */
    KnowledgeApplied(Catalog catalog, Collection<String> sqls, Collection<String> tables) {
        this.catalog = catalog;
        tables.forEach(t -> read.add(bare(t)));
        this.sql = String.join("\n", sqls);
        this.sqlWords = words(sql);
    }

    /** The ids of what was applied, "metric:", "query:", "rule:" in that order, from what was offered. */
    List<String> of(Collection<Metric> metrics, Optional<Metric> named, Collection<VerifiedQuery> queries, Collection<BusinessRule> rules) {
        List<String> out = new ArrayList<>();
        Set<String> computed = new LinkedHashSet<>();
        for (Metric m : metrics) {
            if (computes(m, named.filter(n -> n.name().equals(m.name())).isPresent())) computed.add(m.name());
        }
        computed.forEach(m -> out.add("metric:" + m));
        for (VerifiedQuery q : queries) if (adapts(q.sql())) out.add("query:" + q.name());
        out.addAll(rules(rules, computed));
        return out;
    }

    /** The rules that hold for this SQL: those of a metric it computes, and those about what it reads. */
    List<String> rules(Collection<BusinessRule> rules, Collection<String> metrics) {
        List<String> out = new ArrayList<>();
        for (BusinessRule r : rules) {
            boolean ofMetric = r.appliesToMetrics().stream().anyMatch(metrics::contains);
            if (ofMetric || about(r.appliesToTables(), r.title() + " " + r.description())) out.add("rule:" + r.name());
        }
        return out;
    }

    /** The learnings about what the SQL reads. */
    List<LearningRow> learnings(Collection<LearningRow> offered) {
        return offered.stream().filter(l -> about(l.tables(), l.description())).toList();
    }

    /** Whether a rule or learning about these tables concerns this SQL: it reads one of them, and touches a column the text names, if it names any. */
    boolean about(Collection<String> tables, String text) {
        List<String> touched = tables.stream().map(KnowledgeApplied::bare).filter(read::contains).toList();
        if (touched.isEmpty()) return false;
        Set<String> named = new HashSet<>();
        Set<String> textWords = words(text);
        for (String t : touched) {
            catalog.table(t).ifPresent(table -> table.columns().forEach(c -> {
                String column = c.name().toLowerCase(Locale.ROOT);
                if (textWords.contains(column) && !column.equals(t)) named.add(column);
            }));
        }
        return named.isEmpty() || named.stream().anyMatch(sqlWords::contains);
    }

    /** Whether the SQL computes a canonical metric: it reads the metric's tables, and has its aggregate or is asked for it by name. */
    private boolean computes(Metric m, boolean namedInQuestion) {
        if (m.sql() == null || m.sql().isBlank()) return false;
        Set<String> own = tablesIn(m.sql());
        if (own.isEmpty() || !read.containsAll(own)) return false;
        if (namedInQuestion) return true;
        String mine = squeeze(sql);
        Matcher a = AGGREGATE.matcher(m.sql());
        while (a.find()) {
            String aggregate = squeeze(a.group());
            if (!aggregate.startsWith("count(*)") && mine.contains(aggregate)) return true; // count(*) is anyone's
        }
        return false;
    }

    /** Whether the SQL adapts a verified query's: it reads the same tables, and shares most of its words. */
    private boolean adapts(String verifiedSql) {
        if (!tablesIn(verifiedSql).equals(read)) return false;
        Set<String> theirs = words(verifiedSql);
        Set<String> common = new HashSet<>(theirs);
        common.retainAll(sqlWords);
        Set<String> all = new HashSet<>(theirs);
        all.addAll(sqlWords);
        return !all.isEmpty() && (double) common.size() / all.size() >= ADAPTED;
    }

    /** The catalog's tables a SQL text names. */
    private Set<String> tablesIn(String text) {
        Set<String> w = words(text);
        Set<String> out = new LinkedHashSet<>();
        for (Catalog.Table t : catalog.tables()) if (w.contains(t.name().toLowerCase(Locale.ROOT))) out.add(t.name().toLowerCase(Locale.ROOT));
        return out;
    }

    private static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        if (text == null) return out;
        Matcher m = WORD.matcher(text);
        while (m.find()) out.add(m.group().toLowerCase(Locale.ROOT));
        return out;
    }

    private static String squeeze(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("\\s+", "").replace("\"", "");
    }

    /** A table's name without schema, quotes or case: "MAIN"."Orders" is orders. */
    static String bare(String table) {
        String t = table.toLowerCase(Locale.ROOT).replace("\"", "");
        return t.substring(t.lastIndexOf('.') + 1);
    }
}
