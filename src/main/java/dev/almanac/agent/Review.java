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
 * Critique and grading of a candidate answer: the deterministic checks (Critic, and SemanticCritic for a semantic
 * query), then the model's critique and its grade. The verdict is "PASS", or "FAIL: " and what was found.
 */
final class Review {
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
        List<String> issues = new ArrayList<>(critic.check(t.question(), new ArrayList<>(c.results().values()), t.metric(), t.timeframe(), c.query(), semanticCritic));
        String verdict = issues.isEmpty() ? modelCheck(s, "critique", criticPrompt(t, c.text(), c.results(), c.query())) : "FAIL: " + String.join("; ", issues);
        if (verdict.startsWith("PASS")) verdict = modelCheck(s, "grade", graderPrompt(t, c.results(), c.query()));
        return verdict;
    }

    private String modelCheck(LoopState s, String what, String prompt) {
        ModelReply reply = flow.ctx.model().chat(List.of(new ChatMessage.System("You review answers of a data assistant. Reply with PASS, or FAIL: and the reason, in one line."),
                new ChatMessage.User(prompt)), List.of(), s.deadline());
        s.usage = s.usage.plus(reply.usage());
        String v = reply.text() == null ? "" : reply.text().strip();
        String upper = v.toUpperCase(Locale.ROOT);
        if (upper.startsWith("PASS")) return "PASS";
        if (upper.startsWith("FAIL")) return "FAIL: " + what + ": " + v.substring(4).replaceFirst("^[:\\s-]+", "");
        return "PASS";
    }

    private String criticPrompt(Turn t, String text, Map<String, QueryResult> results, SemanticQuery query) {
        return "Question: " + t.question() + "\nAnswer: " + text + semanticLine(query) + "\nQueries and results:\n" + brief(results)
                + "\nIs the result plausible and complete for the question (right filters, units, time range, no double counting)?";
    }

    private String graderPrompt(Turn t, Map<String, QueryResult> results, SemanticQuery query) {
        StringBuilder s = new StringBuilder("Question: " + t.question() + semanticLine(query) + "\nSQL:\n");
        results.values().forEach(r -> s.append(r.sql()).append('\n'));
        return s + "Does this SQL answer the question exactly as asked?";
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
