package dev.almanac.server;

import dev.almanac.UserError;
import java.time.Duration;

/**
 * What one user may hold open on {@code /mcp}: a session ends after {@code sessionIdle} without a request, a user holds at
 * most {@code sessionsPerUser} sessions (opening one more closes the user's least recently used), and an event stream
 * ({@code GET /mcp}) is closed after {@code streamLifetime} (the client opens another when it wants one).
 */
public record McpLimits(Duration sessionIdle, int sessionsPerUser, Duration streamLifetime) {
    public static final McpLimits DEFAULT = new McpLimits(Duration.ofMinutes(30), 10, Duration.ofMinutes(10));

    public McpLimits {
        if (sessionIdle == null || sessionIdle.isNegative() || sessionIdle.isZero()) throw new UserError("the MCP session idle time must be positive");
        if (sessionsPerUser < 1) throw new UserError("MCP sessions per user must be at least 1, not " + sessionsPerUser);
        if (streamLifetime == null || streamLifetime.isNegative() || streamLifetime.isZero()) throw new UserError("the MCP stream lifetime must be positive");
    }
}
