package dev.almanac.agent;

import dev.almanac.llm.ChatMessage;
import dev.almanac.llm.ModelReply;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.sql.QueryResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Critique and grading of a candidate answer. The deterministic checks decide when they can: a finding (Critic, and
 * SemanticCritic for a semantic query) fails the answer; an independent computation that agrees with it (the canonical
 * metric the question names) or a semantic query that is the one the question names passes it. Only an answer they leave
 * in doubt costs a model call: one review that critiques the result and grades the SQL together. The verdict is "PASS"
 * (with what confirmed it, when the checks did), or "FAIL: " and what was found.
 */
final class Review {
    /** What the model is asked: plausible and complete, and the SQL answering the question as asked, in one reply. */
    static final String REVIEWER = "You review answers of a data assistant: whether the result is plausible and complete for the question (right "
            + "filters, units, time range, no double counting) and whether its SQL answers the question exactly as asked. Reply with PASS, "
            + "or FAIL: and the reason, in one line.";

    private final Flow flow;
    private final Critic critic;
    /** The semantic critic, made when a model's answer is first checked (the answers without a model need none). */
    private SemanticCritic semanticCritic;

    Review(Flow flow) {
        this.flow = flow;
        this.critic = new Critic(flow.ctx.executor(), flow.ctx.catalog());
    }

    String verdict(LoopState s, OutputTools.Candidate c) {
        Turn t = s.turn;
        if (flow.semantic != null && semanticCritic == null) semanticCritic = new SemanticCritic(flow.ctx.semantic(), flow.ctx.knowledge().metrics());
        Critic.Findings found = critic.findings(t.question(), new ArrayList<>(c.results().values()), t.metric(), t.timeframe(), c.query(), semanticCritic);
        if (!found.issues().isEmpty()) return "FAIL: " + String.join("; ", found.issues());
        if (found.confirmed().isPresent()) return "PASS (checked: " + found.confirmed().get() + ")";
        return modelReview(s, prompt(t, c));
    }

    private String modelReview(LoopState s, String prompt) {
        ModelReply reply = flow.ctx.model().chat(List.of(new ChatMessage.System(REVIEWER), new ChatMessage.User(prompt)), List.of(), s.deadline());
        s.usage = s.usage.plus(reply.usage());
        String v = reply.text() == null ? "" : reply.text().strip();
        String upper = v.toUpperCase(Locale.ROOT);
        if (upper.startsWith("PASS")) return "PASS";
        if (upper.startsWith("FAIL")) return "FAIL: review: " + v.substring(4).replaceFirst("^[:\\s-]+", "");
        return "PASS";
    }

    /** The question, the answer, the semantic query if any, and each query's SQL with its result. */
    private String prompt(Turn t, OutputTools.Candidate c) {
        return "Question: " + t.question() + "\nAnswer: " + c.text() + semanticLine(c.query()) + "\nQueries and results:\n" + brief(c.results())
                + "\nIs the result plausible and complete for the question, and does the SQL answer it exactly as asked?";
    }

    private String semanticLine(SemanticQuery query) {
        return query == null ? "" : "\nSemantic query: " + flow.semantic.describe(query) + " (compiled by the system from the semantic model)";
    }

    /** The queries and their results, for a review or a revision request. */
    static String brief(Map<String, QueryResult> results) {
        StringBuilder s = new StringBuilder();
        results.forEach((name, r) -> s.append(name).append(": ").append(r.sql().strip()).append("\n").append(InternalTools.summary(r)));
        return SystemPrompt.abbreviate(s.toString(), 4000);
    }
}
