package dev.almanac.agent;

import dev.almanac.knowledge.Embedder;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.llm.LanguageModel;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.source.Catalog;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.store.LearningStore;
import dev.almanac.store.Project;
import dev.almanac.store.ThreadStore;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.function.Consumer;

/**
 * Answers a question (docs/AGENT.md, the flow of ARCHITECTURE.md): the routes below, in their order, each answering the
 * turn or passing it on; the first answer gets its suggestions and is persisted with its DQ verdict, usage and latency.
 * <ol>
 * <li>{@link ReplyRoute}: a reply to a question back is read as the question it completes (it never answers).</li>
 * <li>{@link VerifiedRoute#ownQuestion}: a verified query's own question (or one that differs only in words that do not
 *     change the query) is answered by that query, before any question back, whatever the semantic reading could do.
 *     In a thread, only a question with its own period is one for a verified query or canonical metric (else it is a
 *     follow-up).</li>
 * <li>{@link ClarificationRoute}: a question back (a period for a canonical metric; which of several metrics) unless
 *     the semantic reading reads the question whole; a canonical metric still asks for its period.</li>
 * <li>{@link Retrieval}: table selection and knowledge retrieval (never answers).</li>
 * <li>{@link VerifiedRoute#canonicalMetric}: a canonical metric the question names closely, at its own grain.</li>
 * <li>{@link SemanticRoute}: the question read whole into a semantic query; without a model, also a question back
 *     with the candidate readings, or a refusal naming the words; with a model, those go on to the model loop in the
 *     turn ({@link CandidateReadings}).</li>
 * <li>{@link ModelLoopRoute}: with a model, its bounded tool loop with review and revision.</li>
 * <li>{@link RefusalRoute}: without a model, a refusal that says what could be asked (always answers).</li>
 * </ol>
 */
public final class Agent {
    /**
     * How the answer to a question that names nothing the knowledge knows begins (no metric, measure or
     * subject): the question is refused as input (exit code 2 in the CLI), unlike a question understood
     * but not answered.
     */
    public static final String NOTHING_TO_COMPUTE = "Nothing to compute: ";

    /**
     * What the agent works with; the model, stores, log file and semantic layer may be absent (without a semantic
     * layer, or with an empty model, the semantic tools are not offered).
     */
    public record Context(Project project, Catalog catalog, KnowledgeSet knowledge, QueryExecutor executor, TableSelector selector,
                          Embedder embedder, LearningStore learnings, ThreadStore threads, LanguageModel model, AgentSettings settings,
                          LocalDate today, Consumer<AgentEvent> events, Path logFile, VerifiedAnswerer verified, SemanticLayer semantic) {
        /** Without a semantic layer. */
        public Context(Project project, Catalog catalog, KnowledgeSet knowledge, QueryExecutor executor, TableSelector selector,
                       Embedder embedder, LearningStore learnings, ThreadStore threads, LanguageModel model, AgentSettings settings,
                       LocalDate today, Consumer<AgentEvent> events, Path logFile, VerifiedAnswerer verified) {
            this(project, catalog, knowledge, executor, selector, embedder, learnings, threads, model, settings, today, events, logFile, verified, null);
        }

        /** Without a prepared verified answerer (one is built for each question) and without a semantic layer. */
        public Context(Project project, Catalog catalog, KnowledgeSet knowledge, QueryExecutor executor, TableSelector selector,
                       Embedder embedder, LearningStore learnings, ThreadStore threads, LanguageModel model, AgentSettings settings,
                       LocalDate today, Consumer<AgentEvent> events, Path logFile) {
            this(project, catalog, knowledge, executor, selector, embedder, learnings, threads, model, settings, today, events, logFile, null, null);
        }
    }

    private final Flow flow;
    private final List<Route> routes;
    private final FollowUps followUps;
    private final TurnRecorder recorder;

    public Agent(Context ctx) {
        this.flow = new Flow(ctx);
        Answers answers = new Answers(flow);
        Retrieval retrieval = new Retrieval(flow);
        this.routes = List.of(
                new ReplyRoute(flow),
                VerifiedRoute.ownQuestion(flow, retrieval),
                new ChangeRoute(flow, answers),
                new ClarificationRoute(flow, answers),
                retrieval,
                VerifiedRoute.canonicalMetric(flow, retrieval),
                new SemanticRoute(flow, answers),
                new ModelLoopRoute(flow, answers),
                new RefusalRoute(flow, answers));
        this.followUps = new FollowUps(flow);
        this.recorder = new TurnRecorder(flow);
    }

    /**
     * Makes ready, once per process, what writing an answer down needs the first time: the JSON writer's serializers of an
     * answer and its timeliness (built by reflection) and the business names of the knowledge's columns (the semantic
     * files read into a model) that explanations use. A command that answers one question calls it on a thread that is
     * otherwise idle while the answer is worked out, so that the answer and storing the turn do not pay for it.
     */
    public static void prepareAnswerWriting(KnowledgeSet knowledge) {
        Answers.JSON.canSerialize(Answer.class);
        Answers.JSON.canSerialize(dev.almanac.quality.Timeliness.class);
        dev.almanac.agent.explain.PlainExplainer.prepare(knowledge);
    }

    public Answer ask(String typed, String threadId) {
        String asked = QuestionText.check(typed); // before anything is created for it
        TurnRecorder.Opened thread = recorder.open(asked, threadId);
        Turn turn = Turn.of(asked, asked, thread.id(), thread.history(), flow, System.nanoTime());
        for (Route route : routes) {
            Route.Outcome outcome = route.take(turn);
            if (outcome instanceof Route.Answered a) return recorder.record(a.turn(), followUps.added(a.turn(), a.answer()), a.work());
            turn = ((Route.Next) outcome).turn();
        }
        throw new IllegalStateException("the refusal answers every turn");
    }
}
