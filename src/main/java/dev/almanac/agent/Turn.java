package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.knowledge.KnowledgeBlock;
import dev.almanac.knowledge.KnowledgeRetriever;
import dev.almanac.knowledge.Metric;
import dev.almanac.quality.Timeframe;
import dev.almanac.semantic.QuestionParser;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.store.TurnRow;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One question while the routes work on it: what was typed and the question it asks (the pending question completed by a
 * reply), the thread and its turns, the period and canonical metric named, and what is read from the question once and
 * kept (the verified match, the semantic reading). A route never changes a turn: one that learns something for the routes
 * after it (the question a reply asks, the tables and knowledge retrieved, the readings the question reader was unsure
 * of) passes on a new turn.
 *
 * @param namedMetric the canonical metric whose words the question has; {@link #metric()} is the one it asks for
 * @param retrieved the tables selected and their knowledge; null until retrieved
 * @param candidates what the question reader found when it did not read the question whole, for the model; NONE until
 *                   the semantic reading passes the turn on to the model
 * @param start when the turn began ({@link System#nanoTime()})
 */
record Turn(String asked, String question, String threadId, List<TurnRow> history, Optional<Timeframe> timeframe, Optional<Metric> namedMetric,
            Once<Optional<VerifiedAnswerer.Match>> match, Once<QuestionParser.Result> reading, Retrieved retrieved, CandidateReadings candidates, long start) {

    /** The tables selected for the question and their knowledge (rules, learnings, the closest verified queries). */
    record Retrieved(List<String> tables, KnowledgeBlock block) {}

    /** A value worked out when first asked for, then kept: what a route reads of the question costs nothing to the routes that never ask. */
    static final class Once<T> {
        private Supplier<T> make;
        private T value;

        Once(Supplier<T> make) {
            this.make = make;
        }

        T get() {
            if (make != null) {
                value = make.get();
                make = null;
            }
            return value;
        }
    }

    private static final ObjectMapper JSON = Answers.JSON;

    /** A turn for the question as asked, in its thread. */
    static Turn of(String asked, String question, String threadId, List<TurnRow> history, Flow flow, long start) {
        Optional<Timeframe> timeframe = flow.timeframes.parse(question);
        Optional<Metric> metric = flow.ctx.knowledge().metrics().stream().filter(m -> KnowledgeRetriever.named(question, m)).findFirst();
        // in a thread, a question without its own period is a follow-up, not one for a verified query or canonical metric
        Once<Optional<VerifiedAnswerer.Match>> match = new Once<>(() -> history.isEmpty() || timeframe.isPresent()
                ? flow.verified().match(question) : Optional.empty());
        Once<QuestionParser.Result> reading = new Once<>(() -> flow.reads() ? read(flow, question, history) : new QuestionParser.NoMetric());
        return new Turn(asked, question, threadId, history, timeframe, metric, match, reading, null, CandidateReadings.NONE, start);
    }

    /** The same turn asking another question (a reply completes the question it was asked back). */
    Turn asking(String other, Flow flow) {
        return of(asked, other, threadId, history, flow, start);
    }

    /** The same turn with its tables and knowledge. */
    Turn with(Retrieved knowledge) {
        return new Turn(asked, question, threadId, history, timeframe, namedMetric, match, reading, knowledge, candidates, start);
    }

    /** The same turn with the readings the question reader was unsure of. */
    Turn with(CandidateReadings unsure) {
        return new Turn(asked, question, threadId, history, timeframe, namedMetric, match, reading, retrieved, unsure, start);
    }

    /** The question read into a semantic query, as a follow-up of the thread's last semantic query when there is one; NoMetric without a semantic model or with parsing off. */
    QuestionParser.Result read() {
        return reading.get();
    }

    /**
     * The canonical metric the question asks for: the one whose words it has, unless the question is read whole as another
     * metric (its words matched by chance: "sales" in "headcount of Engineering and Sales").
     */
    Optional<Metric> metric() {
        if (namedMetric.isPresent() && read() instanceof QuestionParser.Parsed p && !p.query().metrics().contains(namedMetric.get().name())) {
            return Optional.empty();
        }
        return namedMetric;
    }

    KnowledgeBlock block() {
        return retrieved == null ? null : retrieved.block();
    }

    List<String> tables() {
        return retrieved == null ? List.of() : retrieved.tables();
    }

    long elapsedMs() {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static QuestionParser.Result read(Flow flow, String question, List<TurnRow> history) {
        return flow.ctx.semantic().withParser(flow.ctx.today(), parser -> {
            SemanticQuery previous = previousSemanticQuery(history, parser);
            return previous == null ? parser.parse(question) : parser.followUp(question, previous);
        });
    }

    /** The semantic query of the thread's last answer, if it had one: what a follow-up ("and in 2024?") changes. */
    private static SemanticQuery previousSemanticQuery(List<TurnRow> history, QuestionParser parser) {
        if (history == null) return null;
        for (int i = history.size() - 1; i >= 0; i--) {
            TurnRow turn = history.get(i);
            if (turn.kind().equals("clarification")) continue;
            if (turn.answerJson() == null) return null;
            try {
                JsonNode q = JSON.readTree(turn.answerJson()).path("provenance").path("semantic_query");
                if (q.isObject()) return JSON.treeToValue(q, SemanticQuery.class);
                // a verified answer: its question, read as a semantic query, is what the follow-up changes
                return parser.parse(turn.question()) instanceof QuestionParser.Parsed p ? p.query() : null;
            } catch (java.io.IOException | RuntimeException e) {
                return null;
            }
        }
        return null;
    }
}
