package dev.almanac.agent;

/** The model's query_metrics parameter schema, for tests of other packages. */
public final class AgentToolsAccess {
    private AgentToolsAccess() {}

    public static String queryMetricsParameters() {
        return AgentTools.SEMANTIC.stream().filter(t -> t.name().equals(AgentTools.QUERY_METRICS)).findFirst().orElseThrow().parameters().toString();
    }
}
