package dev.almanac.agent;

import dev.almanac.llm.ChatMessage;
import dev.almanac.llm.TokenUsage;
import dev.almanac.sql.QueryExecutor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The model's tool loop for one turn while it runs: the conversation, the calls and tokens spent, the current iteration,
 * the failed and working queries, and the best attempt so far. Owned by {@link ModelLoopRoute} for one turn; the tools
 * it calls record what they did here.
 */
final class LoopState {
    final Turn turn;
    final List<ChatMessage> messages = new ArrayList<>();
    final List<String> failedSql = new ArrayList<>();
    final List<String> sqlRun = new ArrayList<>();
    TokenUsage usage = TokenUsage.ZERO;
    int toolCalls;
    int iteration = 1;
    int sqlFailures;
    String lastError;
    Answer best;
    /** What the last review found wrong with the best attempt. */
    String bestVerdict;
    /** The output tool and arguments of the best attempt, to know the same answer when it comes again. */
    String bestSubmission;

    private final AgentSettings settings;

    LoopState(Turn turn, AgentSettings settings) {
        this.turn = turn;
        this.settings = settings;
    }

    /** When the turn's time budget runs out. */
    Instant deadline() {
        return Instant.now().plusMillis(settings.maxWall().toMillis() - turn.elapsedMs());
    }

    /** The executor for a query of the tool loop: its timeout cut to what is left of the turn's time budget. */
    QueryExecutor executor(QueryExecutor executor) {
        return executor.within(settings.maxWall().minusMillis(turn.elapsedMs()));
    }

    /** Whether the turn has used its tool calls or its time. */
    boolean outOfBudget() {
        return toolCalls >= settings.maxToolCalls() || turn.elapsedMs() > settings.maxWall().toMillis();
    }

    Route.Work work() {
        return new Route.Work(usage, List.copyOf(sqlRun));
    }
}
