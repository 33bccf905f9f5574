package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.AlmanacException;
import dev.almanac.knowledge.BusinessRule;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogRenderer;
import dev.almanac.sql.QueryResult;
import dev.almanac.store.LearningRow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The tools whose results go to the model only: inspect_schema, run_sql (with the engine's error and the relevant
 * learnings and rules when a query fails, and a request to save a learning when a query works after an error),
 * search_knowledge and save_learning. Each returns text for the model.
 */
final class InternalTools {
    private final Flow flow;

    InternalTools(Flow flow) {
        this.flow = flow;
    }

    String inspect(JsonNode args) {
        Catalog catalog = flow.ctx.catalog();
        StringBuilder out = new StringBuilder();
        List<String> names = new ArrayList<>();
        args.path("tables").forEach(n -> names.add(n.asText()));
        if (names.isEmpty() && args.has("table")) names.add(args.path("table").asText());
        for (String name : names.stream().limit(8).toList()) {
            Optional<Catalog.Table> table = catalog.table(name);
            if (table.isPresent()) out.append(CatalogRenderer.render(table.get()));
            else out.append("Table '").append(name).append("' not found").append(catalog.closeMatches(name).isEmpty() ? ""
                    : "; close: " + String.join(", ", catalog.closeMatches(name))).append(". Tables: ")
                    .append(String.join(", ", catalog.tables().stream().map(Catalog.Table::name).limit(80).toList())).append('\n');
        }
        return out.length() == 0 ? "Name the tables to inspect." : out.toString();
    }

    String runSql(LoopState s, String sql) {
        try {
            flow.event("executed", sql);
            // a query gets at most what is left of the turn's time budget
            QueryResult r = s.executor(flow.ctx.executor()).execute(sql);
            s.sqlRun.add(sql);
            flow.event("sql", "ok, " + r.rowCount() + " rows" + (r.truncated() ? " (truncated)" : ""));
            String text = summary(r);
            if (s.lastError != null) {
                text += "\nThis worked after an error (" + s.lastError + "). Call save_learning with what to do differently next time, "
                        + "the tables, the failed SQL and this SQL.";
                s.failedSql.add(sql);
                s.lastError = null;
                s.sqlFailures = 0;
            }
            return text;
        } catch (AlmanacException e) {
            s.sqlFailures++;
            s.lastError = e.getMessage();
            s.failedSql.clear();
            s.failedSql.add(sql);
            flow.event("sql", "failed: " + e.getMessage());
            if (s.sqlFailures > flow.ctx.settings().maxSqlRetries()) {
                return "Error: " + e.getMessage() + "\nThis query has failed " + s.sqlFailures + " times. Stop trying variations: submit what you can support, or ask_user.";
            }
            return "Error: " + e.getMessage() + "\n" + relevantGuidance(s.turn);
        }
    }

    /** The learnings and business rules of the selected tables, sent back with a failed query. */
    private static String relevantGuidance(Turn t) {
        StringBuilder s = new StringBuilder();
        for (LearningRow l : t.block().learnings()) s.append("Learned: ").append(l.description()).append('\n');
        Set<String> tables = new LinkedHashSet<>(t.tables());
        for (BusinessRule r : t.block().rules()) {
            if (r.appliesToTables().stream().anyMatch(tables::contains)) s.append("Rule: ").append(r.title()).append(": ").append(r.description()).append('\n');
        }
        return s.length() == 0 ? "Fix the query and try again." : s + "Fix the query and try again.";
    }

    String search(String query) {
        return DataTools.search(flow.ctx.knowledge(), query).text();
    }

    String saveLearning(LoopState s, JsonNode args) {
        var ctx = flow.ctx;
        if (ctx.learnings() == null || ctx.project() == null) return "Learnings are not stored for a database without a project.";
        List<String> tables = new ArrayList<>();
        args.path("tables").forEach(n -> tables.add(n.asText()));
        if (tables.isEmpty()) tables.addAll(s.turn.tables());
        String id = "L-" + UUID.randomUUID().toString().substring(0, 8);
        String original = args.path("original_sql").asText(s.failedSql.isEmpty() ? null : s.failedSql.get(0));
        LearningRow row = new LearningRow(id, args.path("description").asText("(no description)"), args.path("category").asText("general"), tables,
                original, args.path("corrected_sql").asText(null), 0.5, 0, true);
        ctx.learnings().save(ctx.project(), row);
        flow.event("learning", id + ": " + row.description());
        return "Saved learning " + id + ".";
    }

    /** A result as the model sees it: columns, row count, the first 20 rows. */
    static String summary(QueryResult r) {
        StringBuilder s = new StringBuilder("columns: ").append(String.join(", ", r.columns())).append("\nrows: ").append(r.rowCount())
                .append(r.rowsLeftOut() ? " (truncated: the query returns more)" : "").append('\n');
        for (int i = 0; i < Math.min(20, r.rowCount()); i++) s.append(r.rows().get(i)).append('\n');
        if (r.rowCount() > 20) s.append("... ").append(r.rowCount() - 20).append(" more rows\n");
        return s.toString();
    }
}
