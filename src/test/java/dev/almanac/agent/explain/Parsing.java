package dev.almanac.agent.explain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.sql.Guard;

/** The describers' tests: DuckDB's parse tree of a statement (the guard's own parser) and an explainer that wires the describers. */
final class Parsing implements AutoCloseable {
    final Guard guard = new Guard();
    final PlainExplainer explainer;

    Parsing() {
        this(KnowledgeSet.EMPTY);
    }

    Parsing(KnowledgeSet knowledge) {
        explainer = new PlainExplainer(guard::parse, knowledge);
    }

    JsonNode tree(String sql) {
        return guard.parse(sql);
    }

    /** The first item of a query's select list. */
    JsonNode firstItem(String sql) {
        return tree(sql).path("select_list").get(0);
    }

    Scope scope() {
        return new Scope(explainer);
    }

    @Override
    public void close() {
        guard.close();
    }
}
