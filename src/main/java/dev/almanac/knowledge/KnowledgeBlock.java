package dev.almanac.knowledge;

import dev.almanac.store.LearningRow;
import java.util.ArrayList;
import java.util.List;

/**
 * The knowledge assembled for one question: metrics and business rules, notes of the selected
 * tables, the closest verified queries, and learnings for those tables. {@code used} lists the ids
 * of every item included ("metric:mrr", "rule:...", "table:...", "query:...", "learning:..."), for
 * provenance.
 */
public record KnowledgeBlock(List<Metric> metrics, List<BusinessRule> rules, List<TableNote> notes, List<VerifiedQuery> verified,
                             List<LearningRow> learnings, List<String> used, java.util.Set<String> metricsWithSql,
                             java.util.Set<String> rulesInFull) {

    /** The block as prompt text. */
    public String render() {
        StringBuilder s = new StringBuilder();
        if (!metrics.isEmpty()) {
            s.append("## Canonical metrics (search_knowledge finds others)\n");
            for (Metric m : metrics) {
                s.append("- ").append(m.name()).append(m.label() == null ? "" : " (" + m.label() + ")");
                if (metricsWithSql.contains(m.name())) {
                    s.append(": ").append(m.definition());
                    if (!m.synonyms().isEmpty()) s.append(" Also called: ").append(String.join(", ", m.synonyms())).append('.');
                    s.append("\n  SQL: ").append(m.sql().strip().replace("\n", "\n       "));
                }
                s.append('\n');
            }
        }
        if (!rules.isEmpty()) {
            s.append("## Business rules (search_knowledge has the text of those given by title)\n");
            for (BusinessRule r : rules) {
                s.append("- ").append(r.title());
                if (rulesInFull.contains(r.name())) s.append(": ").append(r.description());
                s.append('\n');
            }
        }
        if (!notes.isEmpty()) {
            s.append("## Table notes\n");
            for (TableNote n : notes) {
                s.append("- ").append(n.table()).append(": ").append(n.description()).append('\n');
                n.dataQualityNotes().forEach(d -> s.append("  ! ").append(d).append('\n'));
                n.columnNotes().forEach((c, d) -> s.append("  ").append(c).append(": ").append(d).append('\n'));
            }
        }
        if (!verified.isEmpty()) {
            s.append("## Verified queries\n");
            for (int i = 0; i < verified.size(); i++) {
                VerifiedQuery q = verified.get(i);
                s.append("- Q: ").append(q.question()).append('\n');
                if (i < 1) s.append("  SQL: ").append(q.sql().strip().replace("\n", "\n       ")).append('\n');
            }
        }
        if (!learnings.isEmpty()) {
            s.append("## Learned corrections\n");
            for (LearningRow l : learnings) s.append("- ").append(l.description()).append(" (confidence ").append(l.confidence()).append(")\n");
        }
        return s.toString();
    }

    static List<String> ids(String kind, List<String> names) {
        List<String> out = new ArrayList<>();
        for (String n : names) out.add(kind + ":" + n);
        return out;
    }
}
