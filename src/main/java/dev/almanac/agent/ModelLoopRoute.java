package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.llm.ChatMessage;
import dev.almanac.llm.LlmException;
import dev.almanac.llm.ModelReply;
import dev.almanac.llm.ToolCall;
import dev.almanac.llm.ToolSpec;
import dev.almanac.store.LearningRow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The model loop, with a model: a bounded tool loop in which the model explores with the internal tools and answers
 * through an output tool; each candidate answer is reviewed (critique and grading) and revised at most
 * {@code maxIterations} times. Accepted at the first attempt: high confidence; after revisions: medium; the best attempt
 * after the last: low. Without a model the turn goes on to the refusal.
 */
final class ModelLoopRoute implements Route {
    private final Flow flow;
    private final Answers answers;
    private final SystemPrompt prompt;
    private final InternalTools internal;
    private final OutputTools output;
    private final Review review;
    private final IterationLog log;
    private final List<ToolSpec> tools;
    /** The tools of the first call: all but those that need earlier work (save_learning after a fixed query, send_message mid-work). */
    private final List<ToolSpec> firstTools;

    ModelLoopRoute(Flow flow, Answers answers) {
        this.flow = flow;
        this.answers = answers;
        this.prompt = new SystemPrompt(flow);
        this.internal = new InternalTools(flow);
        this.output = new OutputTools(flow, answers);
        this.review = new Review(flow);
        this.log = new IterationLog(flow);
        this.tools = AgentTools.offered(flow.semantic != null, SqlDialectNotes.name(flow.dialect()));
        this.firstTools = AgentTools.firstStep(tools);
    }

    @Override
    public Outcome take(Turn t) {
        if (flow.ctx.model() == null) return new Next(t);
        LoopState s = new LoopState(t, flow.ctx.settings());
        Answer answer;
        try {
            s.messages.add(new ChatMessage.System(prompt.of(t)));
            s.messages.add(new ChatMessage.User(t.question()));
            answer = loop(s);
        } catch (LlmException e) {
            answer = giveUp(s, "The language model could not be reached: " + e.getMessage() + ". Nothing was answered; try again later.");
        }
        return new Answered(t, answer, s.work());
    }

    private Answer loop(LoopState s) {
        var settings = flow.ctx.settings();
        int nudges = 0;
        while (true) {
            if (s.outOfBudget()) {
                return s.best != null ? lowConfidence(s) : giveUp(s, "I stopped after " + s.toolCalls + " tool calls and " + s.turn.elapsedMs() / 1000
                        + " s without an answer I could check. The question may need data that is not in the warehouse, or a narrower wording.");
            }
            ModelReply reply = flow.ctx.model().chat(s.messages, s.messages.size() == 2 ? firstTools : tools, s.deadline());
            s.usage = s.usage.plus(reply.usage());
            s.messages.add(reply.asMessage());
            if (reply.toolCalls().isEmpty()) {
                if (nudges++ >= 1) {
                    return giveUp(s, "The model answered without using the answer tools, so its answer could not be checked against the data.");
                }
                s.messages.add(new ChatMessage.User("Answer only through " + (flow.semantic != null ? "query_metrics, " : "")
                        + "submit_result, submit_observation, render_chart or ask_user: the system runs the queries and fills in the numbers."));
                continue;
            }
            Answer done = null;
            for (ToolCall call : reply.toolCalls()) {
                // the limits hold inside one reply too: a call past the tool-call limit or the time budget is not run (it
                // still gets a result, as providers expect one per call)
                if (s.outOfBudget()) {
                    flow.event("tool", call.name() + " not run: limit reached");
                    s.messages.add(new ChatMessage.ToolResult(call.id(), call.name(), "Not run: the turn has reached its limit of "
                            + settings.maxToolCalls() + " tool calls or " + settings.maxWall().toSeconds() + " s."));
                    continue;
                }
                s.toolCalls++;
                Step step = handle(s, call);
                s.messages.add(new ChatMessage.ToolResult(call.id(), call.name(), step.toModel()));
                if (step.answer() != null && done == null) done = step.answer();
            }
            if (done != null) return done;
        }
    }

    /** What a tool call produced: text for the model, and an answer when the turn is over. */
    private record Step(String toModel, Answer answer) {}

    private Step handle(LoopState s, ToolCall call) {
        flow.event("tool", call.name());
        if (!AgentTools.names(tools).contains(call.name())) {
            return new Step("Unknown tool '" + call.name() + "'. The tools are: " + String.join(", ", AgentTools.names(tools)) + ".", null);
        }
        JsonNode args;
        try {
            args = Answers.JSON.readTree(call.arguments() == null || call.arguments().isBlank() ? "{}" : call.arguments());
            if (!args.isObject()) throw new IOException("expected a JSON object");
        } catch (IOException e) {
            return new Step("The arguments of " + call.name() + " are not a valid JSON object (" + e.getMessage().lines().findFirst().orElse("")
                    + "). Call it again with valid JSON.", null);
        }
        return switch (call.name()) {
            case AgentTools.INSPECT_SCHEMA -> new Step(internal.inspect(args), null);
            case AgentTools.RUN_SQL -> new Step(internal.runSql(s, args.path("sql").asText("")), null);
            case AgentTools.SEARCH_KNOWLEDGE -> new Step(internal.search(args.path("query").asText("")), null);
            case AgentTools.SAVE_LEARNING -> new Step(internal.saveLearning(s, args), null);
            case AgentTools.LIST_METRICS -> new Step(flow.semantic.listMetrics(args.path("search").asText("")), null);
            case AgentTools.GET_DIMENSIONS -> new Step(flow.semantic.dimensions(args.path("metric").asText("")), null);
            case AgentTools.EXPLAIN_CHANGE -> explainChange(s, args);
            case AgentTools.SEND_MESSAGE -> {
                flow.event("message", args.path("text").asText(""));
                yield new Step("Shown to the user.", null);
            }
            case AgentTools.ASK_USER -> {
                List<String> options = new ArrayList<>();
                args.path("options").forEach(o -> options.add(o.asText()));
                yield new Step("Asked.", answers.of(s.turn, s.iteration, args.path("question").asText("Could you say more about what you need?"),
                        Answer.Kind.clarification, null, null, null, options, List.of(), null));
            }
            default -> reviewed(s, call.name(), args);
        };
    }

    /**
     * The change analysis the model asked for, as the answer: computed by the system from the semantic model (nothing for a
     * reviewer to check that the analysis does not check itself), or the refusal back to the model to fix its arguments.
     */
    private Step explainChange(LoopState s, JsonNode args) {
        List<String> by = new ArrayList<>();
        args.path("by").forEach(x -> by.add(x.asText()));
        List<String> where = new ArrayList<>();
        args.path("where").forEach(x -> where.add(x.asText()));
        dev.almanac.semantic.Change change;
        dev.almanac.semantic.ChangeAnalysis.Request request;
        try {
            request = dev.almanac.semantic.ChangeAnalysis.Request.read(args.path("metric").asText(""), args.path("from").asText(null), args.path("to").asText(null),
                    by, where);
            change = new dev.almanac.semantic.ChangeAnalysis(flow.ctx.semantic(), s.executor(flow.ctx.executor())).explain(request);
        } catch (dev.almanac.UserError e) {
            flow.event("semantic", "refused: " + e.getMessage());
            return new Step("The change analysis was refused: " + e.getMessage() + ". Fix the arguments (list_metrics, get_dimensions) and call explain_change "
                    + "again.", null);
        }
        change.queries().forEach(q -> flow.event("executed", q.sql()));
        return new Step("Answered.", ChangeAnswers.of(flow, s.turn, change, dev.almanac.semantic.ChangeQuestion.readAs(change.label(), request), 0));
    }

    /** An output tool's candidate, reviewed: accepted, or sent back for revision, or the best attempt when out of revisions. */
    private Step reviewed(LoopState s, String tool, JsonNode args) {
        String submission = tool + " " + args;
        if (submission.equals(s.bestSubmission)) {
            // the answer that failed review, sent again unchanged: the checks would find the same in the same results
            // and the reviewer has failed it once, so it is the best attempt as it stands, with no new check or call
            flow.event("critique", "iteration " + s.iteration + ": the same answer again; the last review stands");
            return new Step("The same answer again: the last review stands.", lowConfidence(s));
        }
        OutputTools.Built built = output.build(s, tool, args);
        if (built instanceof OutputTools.Refused r) return new Step(r.toModel(), null);
        OutputTools.Candidate c = (OutputTools.Candidate) built;
        String verdict = review.verdict(s, c);
        boolean pass = verdict.startsWith("PASS");
        log.write(s, c.results(), verdict);
        flow.event("critique", "iteration " + s.iteration + ": " + verdict);

        List<String> flagged = c.flagged();
        Answer candidate = answers.of(s.turn, s.iteration, c.text() + (flagged.isEmpty() ? "" : "\n\nNot found in the data: " + String.join(", ", flagged)),
                c.kind(), null, c.results(), c.chart(), List.of(), flagged, c.query());
        if (pass) {
            String confidence = s.iteration == 1 ? "high" : "medium";
            if (!flagged.isEmpty()) confidence = "low";
            adjustLearnings(s, candidate, +0.1);
            return new Step("Accepted.", Answers.withConfidence(candidate, confidence));
        }
        adjustLearnings(s, candidate, -0.15);
        s.best = candidate;
        s.bestVerdict = verdict.replaceFirst("^FAIL:?\\s*", "");
        s.bestSubmission = submission;
        if (s.iteration >= flow.ctx.settings().maxIterations()) return new Step("Out of revisions.", lowConfidence(s));
        s.iteration++;
        return new Step("The answer did not pass review: " + verdict.replaceFirst("^FAIL:?\\s*", "")
                + "\nRevise: keep what was right in the previous plan, fix this, and submit again. Previous result: " + Review.brief(c.results()), null);
    }

    /** Moves the confidence of the learnings an answer applied (not of all that were in the prompt). */
    private void adjustLearnings(LoopState s, Answer candidate, double delta) {
        if (flow.ctx.learnings() == null || s.turn.block() == null || candidate.provenance() == null) return;
        List<String> applied = candidate.provenance().learningsApplied();
        for (LearningRow l : s.turn.block().learnings()) {
            if (applied.contains(l.id() + ": " + l.description())) flow.ctx.learnings().adjust(l.id(), delta, delta > 0);
        }
    }

    private Answer lowConfidence(LoopState s) {
        Answer b = s.best;
        Answer.Provenance p = b.provenance();
        if (p != null && s.bestVerdict != null) { // the reader sees why it is only a best attempt
            List<String> caveats = new ArrayList<>(p.caveats());
            caveats.add(0, "The last review of this answer found: " + s.bestVerdict + ".");
            p = new Answer.Provenance(p.tables(), p.sql(), p.filters(), p.metric(), p.semanticQuery(), p.knowledgeApplied(), p.learningsApplied(),
                    p.freshness(), caveats, p.explanation(), p.readAs());
        }
        return Answers.withConfidence(new Answer("Best attempt — results may be incomplete. " + b.answer(), b.kind(), "low", s.iteration, false, b.data(),
                b.chart(), p, b.dq(), b.suggestions(), b.threadId(), b.turnId(), b.usage(), b.latencyMs(), b.change()), "low");
    }

    private Answer giveUp(LoopState s, String why) {
        return answers.of(s.turn, s.iteration, why, Answer.Kind.error, "low", null, null, List.of(), List.of(), null);
    }
}
