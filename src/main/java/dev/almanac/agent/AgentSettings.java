package dev.almanac.agent;

import dev.almanac.AlmanacConfig;
import java.time.Duration;

/** Bounds of the agent: critique iterations, tool calls, wall time, fixes of a failing query, tables selected. */
public record AgentSettings(int maxIterations, int maxToolCalls, Duration maxWall, int maxSqlRetries, int tables) {
    public static final AgentSettings DEFAULT = new AgentSettings(3, 16, Duration.ofSeconds(180), 3, 5);

    public static AgentSettings from(AlmanacConfig config) {
        return new AgentSettings(config.getInt("agent_max_iterations", 3), config.getInt("agent_max_tool_calls", 16),
                Duration.ofSeconds(config.getInt("agent_max_seconds", 180)), 3, 5);
    }
}
