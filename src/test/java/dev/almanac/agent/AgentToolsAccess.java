package dev.almanac.agent;

/** The model's query_metrics parameter schema, for tests of other packages. */
public final class AgentToolsAccess {
    private AgentToolsAccess() {}

    /** The arguments of the model's query_metrics (or of MCP's, as the server hands them on) read into a semantic query. */
    public static dev.almanac.semantic.SemanticQuery readArguments(com.fasterxml.jackson.databind.JsonNode args) {
        return SemanticArguments.read(args);
    }

    public static String queryMetricsParameters() {
        return AgentTools.SEMANTIC.stream().filter(t -> t.name().equals(AgentTools.QUERY_METRICS)).findFirst().orElseThrow().parameters().toString();
    }
}
