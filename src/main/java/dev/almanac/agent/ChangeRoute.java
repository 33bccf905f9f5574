package dev.almanac.agent;

import dev.almanac.UserError;
import dev.almanac.semantic.Change;
import dev.almanac.semantic.ChangeAnalysis;
import dev.almanac.semantic.ChangeQuestion;
import java.util.List;
import java.util.Optional;

/**
 * "Why did it change?": a question asking why a metric moved ("why did X drop in P", "what drove X in P", "what explains the
 * change in X between A and B") is answered by the change analysis of the semantic model, without a model, every number
 * from a query the answer lists. A change question whose metric or periods the reader cannot read goes to the model when
 * there is one (it has the explain_change tool), else it is asked back or refused naming what was not read. Any other
 * question passes on.
 */
final class ChangeRoute implements Route {
    private final Flow flow;
    private final Answers answers;

    ChangeRoute(Flow flow, Answers answers) {
        this.flow = flow;
        this.answers = answers;
    }

    @Override
    public Outcome take(Turn t) {
        if (!flow.reads()) return new Next(t);
        Optional<ChangeQuestion.Reading> reading = flow.ctx.semantic().withParser(flow.ctx.today(), parser -> ChangeQuestion.read(t.question(), parser,
                flow.ctx.today()));
        if (reading.isEmpty()) return new Next(t);
        if (reading.get() instanceof ChangeQuestion.Unsure u) {
            flow.event("semantic", "a change question, not read: " + u.reason());
            if (flow.ctx.model() != null) return new Next(t);
            if (!u.options().isEmpty()) {
                return new Answered(t, answers.of(t, "Which period's change should I explain?", Answer.Kind.clarification, null, u.options()));
            }
            return cannot(t, u.reason());
        }
        ChangeQuestion.Explain e = (ChangeQuestion.Explain) reading.get();
        flow.event("semantic", e.readAs());
        Change change;
        try {
            change = new ChangeAnalysis(flow.ctx.semantic(), flow.ctx.executor()).explain(e.request());
        } catch (UserError refused) {
            if (flow.ctx.model() != null) return new Next(t);
            return cannot(t, refused.getMessage());
        }
        change.queries().forEach(q -> flow.event("executed", q.sql()));
        return new Answered(t, ChangeAnswers.of(flow, t, change, e.readAs(), e.said()));
    }

    /** The refusal, naming why, when there is no model to pass the question to. */
    private Answered cannot(Turn t, String reason) {
        return new Answered(t, answers.of(t, "I can't explain that change yet: " + reason + ". Nothing was computed.", Answer.Kind.error, "low", List.of()));
    }
}
