package dev.almanac.agent;

import dev.almanac.llm.TokenUsage;
import java.util.List;

/**
 * One route of the answer flow: it answers the turn, or passes it on to the next route (as it came, or with what it
 * learned). {@link Agent} holds the routes in their order.
 */
interface Route {
    /** Whether this route answers the turn: its answer, or the turn for the next route. */
    Outcome take(Turn turn);

    /** What a route did with a turn. */
    sealed interface Outcome permits Answered, Next {}

    /** The turn is answered; {@code work} is what the answer cost (model calls, and the queries run on the way). */
    record Answered(Turn turn, Answer answer, Work work) implements Outcome {
        Answered(Turn turn, Answer answer) {
            this(turn, answer, Work.NONE);
        }
    }

    /** Not this route's: the next route gets the turn. */
    record Next(Turn turn) implements Outcome {}

    /** The model's calls and tokens, and the queries the model ran while exploring (their timeliness is checked too). */
    record Work(TokenUsage usage, List<String> sqlRun) {
        static final Work NONE = new Work(TokenUsage.ZERO, List.of());
    }
}
