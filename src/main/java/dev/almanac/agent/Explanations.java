package dev.almanac.agent;

import dev.almanac.agent.explain.PlainExplainer;
import dev.almanac.knowledge.BusinessRule;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Metric;
import dev.almanac.sql.QueryExecutor;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The explanation kept with an answer: the deterministic description of each query (sql.Explainer),
 * the canonical metric used, and the business rules that apply to the tables read.
 */
final class Explanations {
    private Explanations() {}

    /** Per table read, the latest value of its time column (the knowledge's time_column, else the first date column) and its refresh frequency. */
    static java.util.Map<String, String> freshness(java.util.Collection<String> tables, dev.almanac.source.Catalog catalog, KnowledgeSet knowledge) {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String t : tables) {
            Optional<dev.almanac.knowledge.TableNote> note = knowledge.note(t);
            String column = note.map(dev.almanac.knowledge.TableNote::timeColumn).orElse(null);
            catalog.table(t).ifPresent(table -> table.columns().stream()
                    .filter(c -> c.max() != null && (column == null || c.name().equalsIgnoreCase(column)))
                    .findFirst().ifPresent(c -> out.put(t, "data to " + c.max() + " (" + c.name() + ")"
                            + note.map(n -> n.refreshFrequency() == null ? "" : ", refreshed " + n.refreshFrequency()).orElse(""))));
        }
        return out;
    }

    /**
     * What the queries compute, for a person (PlainExplainer: business names, no SQL), then the canonical metric they
     * compute in its own words, then the business rules about what they read.
     */
    static String of(List<String> sqls, Optional<Metric> metric, KnowledgeSet knowledge, QueryExecutor executor) {
        return of(sqls, metric, knowledge, executor, sqls.isEmpty() ? null : new PlainExplainer(executor::parseTree, knowledge));
    }

    /** As above, with an explainer made once for the knowledge (making one reads the knowledge's semantic model). */
    static String of(List<String> sqls, Optional<Metric> metric, KnowledgeSet knowledge, QueryExecutor executor, PlainExplainer plain) {
        if (sqls.isEmpty()) return null;
        List<String> parts = new ArrayList<>();
        Set<String> tables = new LinkedHashSet<>();
        for (int i = 0; i < sqls.size(); i++) {
            String text;
            try {
                text = plain.explain(sqls.get(i));
            } catch (RuntimeException e) {
                text = "This query could not be described in words; its SQL is shown with the answer.";
            }
            parts.add(sqls.size() == 1 ? text : "Query " + (i + 1) + ": " + text);
            tables.addAll(executor.tablesOf(sqls.get(i)));
        }
        metric.ifPresent(m -> parts.add("This is the canonical metric " + (m.label() == null ? PlainExplainer.words(m.name()) : m.label()) + ": "
                + m.definition().strip() + (m.definition().strip().endsWith(".") ? "" : ".")));
        Set<String> lower = new LinkedHashSet<>();
        tables.forEach(t -> lower.add(t.toLowerCase(Locale.ROOT)));
        List<String> rules = new ArrayList<>();
        for (BusinessRule r : knowledge.rules()) {
            if (r.appliesToTables().stream().anyMatch(t -> lower.contains(t.toLowerCase(Locale.ROOT)))) rules.add(r.title());
        }
        if (!rules.isEmpty()) parts.add("Business rules that apply: " + String.join("; ", rules) + ".");
        return String.join(" ", parts);
    }
}
