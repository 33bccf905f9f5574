package dev.almanac.knowledge;

import dev.almanac.AlmanacException;
import dev.almanac.source.Catalog;
import dev.almanac.sql.QueryExecutor;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks knowledge against a data source: every table and column named exists in the catalog, and
 * the SQL of every metric, verified query and golden question passes the guard and runs (with its
 * parameters' defaults). Each problem carries the file and line of the field at fault.
 */
public final class KnowledgeValidator {
    private final Catalog catalog;
    private final QueryExecutor executor;
    private final List<Check> checks;
    private final Scope ranClean;

    /**
     * The SQL texts that ran clean against a data source as it was (its file's fingerprint), kept for the life of the
     * process so that a save, which validates the whole folder again, runs only the SQL that changed, not every golden
     * question's. A text that failed is run again each time; a changed database file changes the fingerprint,
     * and with it every key; a source without a fingerprint (a server) keeps nothing, its schema may change unseen.
     */
    public static final class RanClean {
        private static final int MAX = 20_000;
        private final Set<String> keys = ConcurrentHashMap.newKeySet();

        /** What ran clean on the source of this id as it is now. */
        public Scope of(String sourceId, java.util.Optional<String> fingerprint) {
            return new Scope(this, fingerprint.filter(f -> !f.isEmpty()).map(f -> sourceId + "\u0000" + f + "\u0000").orElse(null));
        }
    }

    /** {@link RanClean} for one source as it is now; remembers nothing when the source has no fingerprint. */
    public record Scope(RanClean memo, String prefix) {
        static final Scope NONE = new Scope(null, null);

        boolean contains(String sql) {
            return prefix != null && memo.keys.contains(prefix + sql);
        }

        void add(String sql) {
            if (prefix == null) return;
            if (memo.keys.size() >= RanClean.MAX) memo.keys.clear();
            memo.keys.add(prefix + sql);
        }
    }

    /** A further check of a whole knowledge folder (the semantic model's, say), run after the per-item ones. */
    public interface Check {
        List<Problem> check(KnowledgeFiles.Read read, Catalog catalog, QueryExecutor executor);
    }

    public KnowledgeValidator(Catalog catalog, QueryExecutor executor) {
        this(catalog, executor, List.of());
    }

    public KnowledgeValidator(Catalog catalog, QueryExecutor executor, List<Check> checks) {
        this(catalog, executor, checks, Scope.NONE);
    }

    public KnowledgeValidator(Catalog catalog, QueryExecutor executor, List<Check> checks, Scope ranClean) {
        this.catalog = catalog;
        this.executor = executor;
        this.checks = List.copyOf(checks);
        this.ranClean = ranClean;
    }

    public List<Problem> validate(KnowledgeFiles.Read read) {
        List<Problem> problems = new ArrayList<>(read.problems());
        KnowledgeSet k = read.knowledge();
        Map<String, KnowledgeFiles.Origin> origins = read.origins();
        for (TableNote note : k.tables()) {
            KnowledgeFiles.Origin o = origins.get(KnowledgeSet.key(KnowledgeSet.Kind.TABLE, note.table()));
            Catalog.Table table = catalog.table(note.table()).orElse(null);
            if (table == null) {
                problems.add(at(o, "table", "unknown table '" + note.table() + "'" + suggestion(note.table())));
                continue;
            }
            if (note.timeColumn() != null && table.column(note.timeColumn()).isEmpty()) {
                problems.add(at(o, "time_column", "unknown column '" + note.timeColumn() + "' in table " + note.table()));
            }
            for (String column : note.columnNotes().keySet()) {
                if (table.column(column).isEmpty()) problems.add(at(o, "column_notes/" + column, "unknown column '" + column + "' in table " + note.table()));
            }
            for (int i = 0; i < note.relatedTables().size(); i++) {
                String other = note.relatedTables().get(i).table();
                if (other == null || catalog.table(other).isEmpty()) problems.add(at(o, "related_tables/" + i, "unknown related table '" + other + "'" + (other == null ? "" : suggestion(other))));
            }
        }
        Set<String> metricNames = new HashSet<>();
        for (Metric m : k.metrics()) {
            metricNames.add(m.name());
            checkSql(origins.get(KnowledgeSet.key(KnowledgeSet.Kind.METRIC, m.name())), "sql", m.sql(), m.parameters(), problems);
        }
        for (VerifiedQuery q : k.queries()) {
            KnowledgeFiles.Origin o = origins.get(KnowledgeSet.key(KnowledgeSet.Kind.QUERY, q.name()));
            checkSql(o, "sql", q.sql(), q.parameters(), problems);
            for (int i = 0; i < q.tables().size(); i++) {
                if (catalog.table(q.tables().get(i)).isEmpty()) problems.add(at(o, "tables/" + i, "unknown table '" + q.tables().get(i) + "'" + suggestion(q.tables().get(i))));
            }
        }
        for (BusinessRule r : k.rules()) {
            KnowledgeFiles.Origin o = origins.get(KnowledgeSet.key(KnowledgeSet.Kind.RULE, r.name()));
            for (int i = 0; i < r.appliesToTables().size(); i++) {
                if (catalog.table(r.appliesToTables().get(i)).isEmpty()) problems.add(at(o, "applies_to_tables/" + i, "unknown table '" + r.appliesToTables().get(i) + "'" + suggestion(r.appliesToTables().get(i))));
            }
            for (int i = 0; i < r.appliesToMetrics().size(); i++) {
                if (!metricNames.contains(r.appliesToMetrics().get(i))) problems.add(at(o, "applies_to_metrics/" + i, "unknown metric '" + r.appliesToMetrics().get(i) + "'"));
            }
        }
        for (GoldenQuery g : k.golden()) {
            if (g.expectedSql() == null) continue; // a question the data cannot answer (comparison refused) needs no gold SQL
            checkSql(origins.get(KnowledgeSet.key(KnowledgeSet.Kind.GOLDEN, g.id())), "expected_sql", g.expectedSql(), List.of(), problems);
        }
        for (Check check : checks) problems.addAll(check.check(read, catalog, executor));
        problems.sort(null);
        return problems;
    }

    private void checkSql(KnowledgeFiles.Origin o, String field, String sql, List<Parameter> parameters, List<Problem> problems) {
        Set<String> declared = new HashSet<>();
        for (Parameter p : parameters) declared.add(p.name());
        for (String used : SqlParameters.used(sql)) {
            if (!declared.contains(used)) {
                problems.add(at(o, field, "parameter $" + used + " is used but not declared under parameters"));
                return;
            }
        }
        for (Parameter p : parameters) {
            if (p.defaultValue() == null) {
                problems.add(at(o, field, "parameter " + p.name() + " needs a default value"));
                return;
            }
        }
        String bound = SqlParameters.bind(sql, SqlParameters.defaults(parameters));
        if (ranClean.contains(bound)) return;
        try {
            executor.execute(bound);
            ranClean.add(bound);
        } catch (AlmanacException e) {
            problems.add(at(o, field, e.getMessage()));
        }
    }

    boolean hasTable(String name) {
        return catalog.table(name).isPresent();
    }

    /** The entries whose column exists in the table, keyed by the catalog's spelling. */
    Map<String, String> existingColumns(String table, Map<String, String> notes) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        Catalog.Table t = catalog.table(table).orElseThrow();
        notes.forEach((column, note) -> t.column(column).ifPresent(c -> out.put(c.name(), note)));
        return out;
    }

    private String suggestion(String name) {
        List<String> close = catalog.closeMatches(name);
        return close.isEmpty() ? "" : " (did you mean " + String.join(", ", close) + "?)";
    }

    private static Problem at(KnowledgeFiles.Origin o, String field, String message) {
        return new Problem(o.file(), o.line(field), 0, message);
    }
}
