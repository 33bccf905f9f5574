package dev.almanac.agent.explain;

import static dev.almanac.agent.explain.Phrases.and;
import static dev.almanac.agent.explain.Phrases.present;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.knowledge.KnowledgeSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What a query computes, written for someone who does not read SQL (the answer's explanation): tables and columns by
 * their business names (a semantic dimension's label, else the name in words: "support_tickets" is "support tickets"),
 * measures named ("the number of orders", "the total of total amount", "the share of leads whose status is 'converted',
 * in percent"), rounding, casts and defaults left out, periods as periods ("in 2025"), and every subquery a sentence of
 * its own ("List A: ..."). No function-call syntax and no nested brackets; one short sentence per step. Deterministic:
 * the same SQL and knowledge give the same text. The exact reading for analysts is {@link dev.almanac.sql.Explainer}.
 *
 * <p>This class puts the sentences of a query in their order; each kind of clause has its describer: {@link
 * CteDescriber} (WITH), {@link SetOperationDescriber} (UNION, EXCEPT, INTERSECT), {@link FromDescriber} (tables and
 * joins), {@link ConditionDescriber} (WHERE, QUALIFY, HAVING and every other condition), {@link SelectionDescriber}
 * (the columns shown and GROUP BY), {@link OrderDescriber} (ORDER BY, LIMIT); inside them, expressions go to {@link
 * ValueDescriber}, {@link FunctionDescriber} (aggregates and functions), {@link ArithmeticDescriber}, {@link
 * WindowDescriber} and {@link Dates}, and columns are named by {@link ColumnNames}.
 */
public final class PlainExplainer {
    private final Function<String, JsonNode> parser;
    final ColumnNames names;
    final ValueDescriber values = new ValueDescriber(this);
    final ConditionDescriber conditions = new ConditionDescriber(this);
    final FunctionDescriber functions = new FunctionDescriber(this);
    final ArithmeticDescriber arithmetic = new ArithmeticDescriber(this);
    final WindowDescriber windows = new WindowDescriber(this);
    private final CteDescriber ctes = new CteDescriber(this);
    private final SetOperationDescriber setOperations = new SetOperationDescriber();
    private final FromDescriber sources = new FromDescriber(this);
    private final SelectionDescriber selection = new SelectionDescriber(this);
    private final OrderDescriber order = new OrderDescriber(this);

    /** @param parser the statement's parse tree in DuckDB's form (the guard's {@code parse}) */
    public PlainExplainer(Function<String, JsonNode> parser, KnowledgeSet knowledge) {
        this.parser = parser;
        this.names = new ColumnNames(knowledge);
    }

    /** Reads the columns' business names of the knowledge's semantic files now (they are kept for the next explainer of the same files). */
    public static void prepare(KnowledgeSet knowledge) {
        new ColumnNames(knowledge);
    }

    public String explain(String sql) {
        Scope scope = new Scope(this);
        List<String> out = new ArrayList<>();
        query(parser.apply(sql), scope, out, true);
        out.addAll(scope.lists.values());
        return String.join(" ", out);
    }

    /** A name in words: "support_tickets" is "support tickets". */
    public static String words(String identifier) {
        return Phrases.words(identifier);
    }

    /** The sentences of one query (the main one, a WITH step or a list), with its own aliases. */
    void query(JsonNode node, Scope scope, List<String> out, boolean main) {
        Map<String, String> outer = scope.aliases;
        Set<String> outerRepeated = scope.repeated;
        scope.aliases = new HashMap<>();
        Map<String, Integer> count = new HashMap<>();
        FromDescriber.countTables(node.path("from_table"), count);
        scope.repeated = new HashSet<>();
        count.forEach((t, n) -> { if (n > 1) scope.repeated.add(t); });
        try {
            select(node, scope, out, main);
        } finally {
            scope.aliases = outer;
            scope.repeated = outerRepeated;
        }
    }

    private void select(JsonNode node, Scope scope, List<String> out, boolean main) {
        ctes.describe(node, scope, out);
        if (node.path("type").asText().equals("SET_OPERATION_NODE")) {
            out.add(setOperations.describe(node, scope));
            order.describe(node, scope, out);
            return;
        }
        int mark = scope.matches.size();
        FromDescriber.Source from = sources.source(node.path("from_table"), scope);
        List<String> matched = new ArrayList<>(scope.matches.subList(mark, scope.matches.size()));
        scope.matches.subList(mark, scope.matches.size()).clear();
        String rows = from.rows();
        List<String> where = new ArrayList<>();
        if (present(node.path("where_clause"))) where.addAll(conditions.conditions(node.path("where_clause"), scope));
        if (!from.text().isEmpty()) {
            out.add((main ? "It reads " : "It takes ") + from.text() + (where.isEmpty() ? "" : ", keeping only " + rows + " where " + and(where)) + ".");
        }
        out.addAll(matched);
        JsonNode qualify = node.path("qualify");
        if (present(qualify)) out.add(windows.firstPer(qualify, scope).orElse("It then keeps only the rows where " + and(conditions.conditions(qualify, scope))) + ".");
        selection.describe(node, scope, rows, out);
        JsonNode having = node.path("having");
        if (present(having)) out.add("It keeps only the groups where " + and(conditions.conditions(having, scope)) + ".");
        order.describe(node, scope, out);
    }
}
