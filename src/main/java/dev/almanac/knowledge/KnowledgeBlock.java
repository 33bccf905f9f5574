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
                             List<LearningRow> learnings, List<String> used) {

    /** The block as prompt text. */
    public String render() {
        StringBuilder s = new StringBuilder();
        if (!metrics.isEmpty()) {
            s.append("## Canonical metrics (use their SQL when the question names them)\n");
            for (Metric m : metrics) {
                s.append("- ").append(m.name()).append(m.label() == null ? "" : " (" + m.label() + ")").append(": ").append(m.definition());
                if (!m.synonyms().isEmpty()) s.append(" Also called: ").append(String.join(", ", m.synonyms())).append('.');
                s.append("\n  SQL: ").append(m.sql().strip().replace("\n", "\n       ")).append('\n');
            }
        }
        if (!rules.isEmpty()) {
            s.append("## Business rules\n");
            for (BusinessRule r : rules) s.append("- ").append(r.title()).append(": ").append(r.description()).append('\n');
        }
        if (!notes.isEmpty()) {
            s.append("## Table notes\n");
            for (TableNote n : notes) {
                s.append("- ").append(n.table()).append(": ").append(n.description()).append('\n');
                n.dataQualityNotes().forEach(d -> s.append("  ! ").append(d).append('\n'));
                n.columnNotes().forEach((c, d) -> s.append("  ").append(c).append(": ").append(d).append('\n'));
                n.relatedTables().forEach(r -> s.append("  join ").append(r.table()).append(" ON ").append(r.join()).append('\n'));
            }
        }
        if (!verified.isEmpty()) {
            s.append("## Verified queries\n");
            for (VerifiedQuery q : verified) s.append("- Q: ").append(q.question()).append("\n  SQL: ").append(q.sql().strip().replace("\n", "\n       ")).append('\n');
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
