package dev.almanac.agent;

import dev.almanac.AlmanacConfig;
import java.time.Duration;

/**
 * Bounds of the agent: critique iterations, tool calls, wall time, fixes of a failing query, tables selected; and
 * whether a question is first read into a semantic query without the model ({@code semantic_parse}, on by default:
 * off sends every question that no verified query answers to the model's tool loop, as measured by the benchmarks).
 */
public record AgentSettings(int maxIterations, int maxToolCalls, Duration maxWall, int maxSqlRetries, int tables, boolean parseQuestions) {
    public static final AgentSettings DEFAULT = new AgentSettings(3, 16, Duration.ofSeconds(180), 3, 5, true);

    public AgentSettings(int maxIterations, int maxToolCalls, Duration maxWall, int maxSqlRetries, int tables) {
        this(maxIterations, maxToolCalls, maxWall, maxSqlRetries, tables, true);
    }

    public static AgentSettings from(AlmanacConfig config) {
        return new AgentSettings(config.getInt("agent_max_iterations", 3), config.getInt("agent_max_tool_calls", 16),
                Duration.ofSeconds(config.getInt("agent_max_seconds", 180)), 3, 5, config.getBoolean("semantic_parse", true));
    }

    /** These bounds, with or without reading questions into semantic queries first. */
    public AgentSettings withParseQuestions(boolean parse) {
        return new AgentSettings(maxIterations, maxToolCalls, maxWall, maxSqlRetries, tables, parse);
    }
}
