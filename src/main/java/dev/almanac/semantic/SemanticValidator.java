package dev.almanac.semantic;

import dev.almanac.AlmanacException;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.KnowledgeValidator;
import dev.almanac.knowledge.Problem;
import dev.almanac.source.Catalog;
import dev.almanac.sql.QueryExecutor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the semantic model of a knowledge folder as a whole, each problem at its file and line:
 * first what needs no database ({@link SemanticModel#load}), then against the source: tables and
 * join columns exist, every expression, filter and dataset SELECT runs, and every metric compiles
 * into SQL that the guard allows and the engine accepts.
 */
public final class SemanticValidator implements KnowledgeValidator.Check {
    /** The period a metric that needs one is compiled for when checked: any will do, its query runs with LIMIT 0. */
    private static final java.time.LocalDate ANY_DAY = java.time.LocalDate.of(2000, 1, 1);

    @Override
    public List<Problem> check(KnowledgeFiles.Read read, Catalog catalog, QueryExecutor executor) {
        List<Problem> problems = new ArrayList<>();
        if (read.knowledge().semantic().isEmpty()) return problems;
        SemanticModel.Loaded loaded = SemanticModel.load(read.knowledge().semantic(), executor.source().dialect());
        for (SemanticModel.Issue issue : loaded.issues()) problems.add(problem(read, issue.place(), issue.message()));
        if (!problems.isEmpty()) return problems;
        variants(read, executor.source().dialect(), problems);
        if (!problems.isEmpty()) return problems;
        SemanticModel model = loaded.model();
        Checker c = new Checker(read, model, catalog, executor, problems);
        for (Dataset d : model.datasets()) c.dataset(d);
        if (!problems.isEmpty()) return problems;
        for (Relationship r : model.relationships()) c.relationship(r);
        if (!problems.isEmpty()) return problems;
        SemanticCompiler compiler = new SemanticCompiler(model, ValueIndex.EMPTY);
        for (SemanticMetric m : model.metrics()) {
            SemanticModel.Place place = model.place("metric", m.name()).orElseThrow();
            try {
                String sql;
                try {
                    sql = compiler.compile(SemanticQuery.of(m.name()), executor.source().dialect()).sql();
                } catch (NeedsPeriod e) { // a monthly metric, or a change against an earlier period: asked for one month
                    Grain grain = model.simpleInputs(m).stream().map(SemanticMetric.Simple::timeGrain).filter(java.util.Objects::nonNull).findFirst().orElse(Grain.MONTH);
                    java.time.LocalDate start = grain.start(ANY_DAY); // the query only has to compile and run
                    sql = compiler.compile(SemanticQuery.of(m.name()).between(start, grain.next(start)), executor.source().dialect()).sql();
                }
                executor.execute("SELECT * FROM (" + sql + ") AS q LIMIT 0");
            } catch (NotInDialect e) {
                continue; // a percentile on SQLite: refused when asked, with the reason; the rest of the model still holds
            } catch (AlmanacException e) {
                problems.add(problem(read, place, "metric " + m.name() + " does not compile to a query that runs: " + e.getMessage()));
            }
        }
        return problems;
    }

    /**
     * The variants written for other engines than the source's ({@code dialects:}), each parsed by the guard of its
     * dialect as the renderer would place it (the source's own variant runs against the source below, like every expression).
     */
    private static void variants(KnowledgeFiles.Read read, dev.almanac.source.Dialect source, List<Problem> problems) {
        Map<dev.almanac.source.Dialect, dev.almanac.sql.Guard> guards = new java.util.EnumMap<>(dev.almanac.source.Dialect.class);
        try {
            for (dev.almanac.knowledge.SemanticFile f : read.knowledge().semantic()) {
                for (int i = 0; i < f.datasets().size(); i++) {
                    var d = f.datasets().get(i);
                    SemanticModel.Place place = new SemanticModel.Place(f.name(), "/datasets/" + i);
                    variants(read, d.dialects(), place, source, guards, problems, e -> "SELECT * FROM (" + e.strip().replaceAll(";\\s*$", "") + ") AS t");
                    for (int j = 0; j < d.dimensions().size(); j++) {
                        variants(read, d.dimensions().get(j).dialects(), place.at("dimensions/" + j), source, guards, problems, e -> "SELECT (" + e + ") AS e FROM t");
                    }
                    for (int j = 0; j < d.segments().size(); j++) {
                        variants(read, d.segments().get(j).dialects(), place.at("segments/" + j), source, guards, problems,
                                e -> "SELECT CASE WHEN (" + e + ") THEN 1 ELSE 0 END AS e FROM t");
                    }
                }
                for (int i = 0; i < f.metrics().size(); i++) {
                    variants(read, f.metrics().get(i).dialects(), new SemanticModel.Place(f.name(), "/metrics/" + i), source, guards, problems,
                            e -> "SELECT (" + e + ") AS e FROM t");
                    variants(read, f.metrics().get(i).filterDialects(), new SemanticModel.Place(f.name(), "/metrics/" + i + "/filter"), source, guards, problems,
                            e -> "SELECT CASE WHEN (" + e + ") THEN 1 ELSE 0 END AS e FROM t");
                }
            }
        } finally {
            guards.values().forEach(dev.almanac.sql.Guard::close);
        }
    }

    private static void variants(KnowledgeFiles.Read read, Map<String, String> dialects, SemanticModel.Place place, dev.almanac.source.Dialect source,
                                 Map<dev.almanac.source.Dialect, dev.almanac.sql.Guard> guards, List<Problem> problems,
                                 java.util.function.UnaryOperator<String> query) {
        for (Map.Entry<String, String> e : dialects.entrySet()) {
            dev.almanac.source.Dialect d = SemanticModel.DIALECT_KEYS.get(e.getKey());
            if (d == null || d == source) continue;
            dev.almanac.sql.Guard guard = guards.computeIfAbsent(d, dev.almanac.sql.Guard::new);
            if (guard.check(query.apply(e.getValue())) instanceof dev.almanac.sql.Verdict.Rejected r) {
                problems.add(problem(read, place.at("dialects/" + e.getKey()), "the " + d.label() + " variant does not parse as " + d.label() + ": " + r.reason()));
            }
        }
    }

    private static Problem problem(KnowledgeFiles.Read read, SemanticModel.Place place, String message) {
        KnowledgeFiles.Origin origin = read.origins().get(KnowledgeSet.key(KnowledgeSet.Kind.SEMANTIC, place.file()));
        if (origin == null) return new Problem("semantic/" + place.file(), 1, 0, message);
        return new Problem(origin.file(), origin.tree().line(origin.path() + place.path()), 0, message);
    }

    private record Checker(KnowledgeFiles.Read read, SemanticModel model, Catalog catalog, QueryExecutor executor, List<Problem> problems) {

        void dataset(Dataset d) {
            SemanticModel.Place place = model.place("dataset", d.name()).orElseThrow();
            if (d.table() != null && catalog.table(d.table()).isEmpty()) {
                List<String> close = catalog.closeMatches(d.table());
                problems.add(problem(read, place.at("table"), "unknown table '" + d.table() + "'" + (close.isEmpty() ? "" : " (did you mean " + String.join(", ", close) + "?)")));
                return;
            }
            if (d.sql() != null && !runs("SELECT * FROM " + d.from("t") + " LIMIT 0", place.at("sql"), "the dataset's SQL")) return;
            for (int i = 0; i < d.primaryKey().size(); i++) column(d, d.primaryKey().get(i), place.at("primary_key/" + i), "primary key column");
            // every expression over the dataset, in one query; one by one only when that fails, to say which
            Map<String, SemanticModel.Place> exprs = new LinkedHashMap<>();
            boolean single = true;
            for (Dimension dim : model.dimensions()) {
                if (!dim.dataset().equals(d.name())) continue;
                SemanticModel.Place p = model.place("dimension", dim.qualifiedName()).orElseThrow().at("expr");
                single &= oneExpression("dimension " + dim.name(), "expr", dim.expr(), p);
                exprs.put(dim.expr(), p);
                if (dim.labelsEntity()) { // the key it groups by: an entity's expression
                    SemanticModel.Place k = model.place("dimension", dim.qualifiedName()).orElseThrow().at("label_of");
                    single &= oneExpression("dimension " + dim.name(), "label_of key", dim.keyExpr(), k);
                    exprs.putIfAbsent(dim.keyExpr(), k);
                }
            }
            for (Segment s : model.segments()) {
                if (!s.dataset().equals(d.name())) continue;
                SemanticModel.Place p = model.place("segment", s.name()).orElseThrow().at("expr");
                single &= oneExpression("segment " + s.name(), "expr", s.expr(), p);
                exprs.put("CASE WHEN (" + s.expr() + ") THEN 1 ELSE 0 END", p);
            }
            for (SemanticMetric m : model.metrics()) {
                if (m instanceof SemanticMetric.Simple s && s.dataset().equals(d.name())) {
                    SemanticModel.Place mp = model.place("metric", s.name()).orElseThrow();
                    if (s.expr() != null) {
                        single &= oneExpression("metric " + s.name(), "expr", s.expr(), mp.at("expr"));
                        exprs.put(s.expr(), mp.at("expr"));
                    }
                    if (s.filter() != null) {
                        single &= oneExpression("metric " + s.name(), "filter", s.filter(), mp.at("filter"));
                        exprs.put("CASE WHEN (" + s.filter() + ") THEN 1 ELSE 0 END", mp.at("filter"));
                    }
                }
            }
            if (exprs.isEmpty() || !single) return;
            List<String> cols = new ArrayList<>();
            int i = 0;
            for (String e : exprs.keySet()) cols.add("(" + e + ") AS e" + i++);
            if (quietlyRuns("SELECT " + String.join(", ", cols) + " FROM " + d.from("t") + " LIMIT 0")) return;
            exprs.forEach((e, p) -> runs("SELECT (" + e + ") AS e FROM " + d.from("t") + " LIMIT 0", p, "the expression '" + oneLine(e) + "'"));
        }

        void relationship(Relationship r) {
            SemanticModel.Place place = model.place("relationship", r.name()).orElseThrow();
            for (int i = 0; i < r.fromColumns().size(); i++) {
                column(model.dataset(r.from()).orElseThrow(), r.fromColumns().get(i), place.at("from_columns/" + i), "join column");
                column(model.dataset(r.to()).orElseThrow(), r.toColumns().get(i), place.at("to_columns/" + i), "join column");
            }
        }

        private void column(Dataset d, String column, SemanticModel.Place place, String what) {
            if (d.table() != null) {
                Catalog.Table table = catalog.table(d.table()).orElse(null);
                if (table != null && table.column(column).isEmpty()) {
                    problems.add(problem(read, place, "unknown " + what + " '" + column + "' in table " + d.table()
                            + Names.didYouMean(column, table.columns().stream().map(Catalog.Column::name).toList())));
                }
                return;
            }
            runs("SELECT " + column + " FROM " + d.from("t") + " LIMIT 0", place, what + " '" + column + "' of dataset " + d.name());
        }

        /**
         * Whether an expression of the model is exactly one SQL expression: the compiler wraps each in parentheses, so a
         * filter such as {@code status = 'completed') OR (1=1} would otherwise read as one and change the query around it.
         */
        private boolean oneExpression(String owner, String field, String expr, SemanticModel.Place place) {
            String why = executor.notOneExpression(expr);
            if (why == null) return true;
            problems.add(problem(read, place, owner + ": the " + field + " '" + oneLine(expr) + "' is not one SQL expression: " + why));
            return false;
        }

        private boolean runs(String sql, SemanticModel.Place place, String what) {
            try {
                executor.execute(sql);
                return true;
            } catch (AlmanacException e) {
                problems.add(problem(read, place, what + " fails: " + e.getMessage()));
                return false;
            }
        }

        private boolean quietlyRuns(String sql) {
            try {
                executor.execute(sql);
                return true;
            } catch (AlmanacException e) {
                return false;
            }
        }

        private static String oneLine(String s) {
            String t = s.replaceAll("\\s+", " ").strip();
            return t.length() > 80 ? t.substring(0, 77) + "..." : t;
        }
    }
}
