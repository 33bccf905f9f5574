package dev.almanac.agent;

import java.util.List;
import java.util.Optional;

/**
 * Refusal, the last route: what no route before it answered, without a model, is refused in one line that names what
 * could be asked instead ("Nothing to compute: ..." when no word of the question is one the knowledge knows).
 */
final class RefusalRoute implements Route {
    private final Flow flow;
    private final Answers answers;

    RefusalRoute(Flow flow, Answers answers) {
        this.flow = flow;
        this.answers = answers;
    }

    @Override
    public Outcome take(Turn t) {
        VerifiedAnswerer verified = flow.verified();
        List<VerifiedAnswerer.Match> closest = verified.rank(t.question()).stream().limit(3).toList();
        String askAbout = String.join("; ", closest.stream().map(VerifiedAnswerer.Match::label).toList());
        Optional<String> nothing = namesNothing(t, verified);
        if (nothing.isPresent()) {
            return new Answered(t, answers.of(t, Agent.NOTHING_TO_COMPUTE + nothing.get() + ". Ask about: " + askAbout, Answer.Kind.error, "low", List.of()));
        }
        return new Answered(t, answers.of(t, "No answer: no language model is configured, and no verified query or canonical metric matches this question "
                + "closely enough. Configure a model (`almanac config set openai_api_key ...`, or --llm) or ask about: " + askAbout,
                Answer.Kind.error, "low", List.of()));
    }

    /**
     * What the question lacks when no word of it is one the knowledge knows (only filler words such as "show me the
     * numbers", only a period, or words of nothing in the project); the knowledge's words are those of its metrics,
     * verified queries, tables and columns, and of the semantic model's metrics, dimensions and values.
     */
    private Optional<String> namesNothing(Turn t, VerifiedAnswerer verified) {
        List<String> words = verified.contentWords(t.question());
        if (words.stream().anyMatch(verified::knows)) return Optional.empty();
        if (flow.semantic != null && words.stream().anyMatch(flow.semantic.vocabulary()::contains)) return Optional.empty();
        flow.event("vocabulary", words.isEmpty() ? "only filler words" : "no word known to the knowledge: " + String.join(", ", words));
        if (!words.isEmpty()) return Optional.of("no word of the question (" + String.join(", ", words) + ") names a metric, measure or subject that the knowledge knows");
        return Optional.of(t.timeframe().map(tf -> "the question names a period (" + tf.label() + ") but no metric to compute for it")
                .orElse("the question names no metric, measure or subject, only filler words"));
    }
}
