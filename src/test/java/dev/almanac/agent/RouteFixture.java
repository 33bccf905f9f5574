package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.llm.LanguageModel;
import dev.almanac.llm.ScriptedModel;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.store.TurnRow;
import dev.almanac.testing.DemoContext;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The routes' tests' world: the real demo warehouse and its knowledge (or the small semantic model), the real table
 * selector and embedder, the scripted model; no stores. A turn is made as the agent makes it. A test class holds one as
 * {@code @RegisterExtension static final RouteFixture world = RouteFixture.demo();}, closed after its tests.
 */
final class RouteFixture implements AutoCloseable, AfterAllCallback {
    static final LocalDate TODAY = LocalDate.of(2026, 11, 22);
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    final DemoContext demo = new DemoContext();
    final KnowledgeSet knowledge;
    final SemanticLayer layer;
    final TableSelector selector;
    final List<AgentEvent> events = new ArrayList<>();

    /** The demo's knowledge, without a semantic layer. */
    static RouteFixture demo() {
        return new RouteFixture(false);
    }

    /** The small semantic model (MRR by plan, region, customer) and its knowledge. */
    static RouteFixture semantic() {
        return new RouteFixture(true);
    }

    /** The small semantic model with more metrics (as {@link SmallSemanticModel#ARR}). */
    static RouteFixture semantic(String moreMetrics) {
        return new RouteFixture(SmallSemanticModel.knowledge(moreMetrics), true);
    }

    private RouteFixture(boolean semantic) {
        this(semantic ? SmallSemanticModel.knowledge() : KnowledgeFiles.read(Path.of("knowledge")).knowledge(), semantic);
    }

    private RouteFixture(KnowledgeSet knowledge, boolean semantic) {
        this.knowledge = knowledge;
        this.layer = semantic ? SmallSemanticModel.layer(knowledge, demo.executor) : null;
        this.selector = new TableSelector(demo.catalog, knowledge, demo.guard::tablesOf, MiniLmEmbedder.get(), TableSelector.Config.DEFAULT);
    }

    Flow flow(LanguageModel model) {
        return flow(model, AgentSettings.DEFAULT);
    }

    Flow flow(LanguageModel model, AgentSettings settings) {
        return new Flow(new Agent.Context(null, demo.catalog, knowledge, demo.executor, selector, MiniLmEmbedder.get(), null, null, model, settings,
                TODAY, events::add, null, null, layer));
    }

    /** A question asked at the start of a thread. */
    static Turn turn(Flow flow, String question) {
        return turn(flow, question, List.of());
    }

    static Turn turn(Flow flow, String question, List<TurnRow> history) {
        return Turn.of(question, question, "thread-1", history, flow, System.nanoTime());
    }

    /** A turn with its tables and knowledge, as the routes after retrieval get it. */
    static Turn retrieved(Flow flow, String question) {
        return new Retrieval(flow).retrieved(turn(flow, question));
    }

    static ScriptedModel script(String yaml) throws Exception {
        List<JsonNode> turns = new ArrayList<>();
        YAML.readTree(yaml).forEach(turns::add);
        return new ScriptedModel("test", turns, 0, false);
    }

    static Answer answered(Route.Outcome outcome) {
        org.assertj.core.api.Assertions.assertThat(outcome).isInstanceOf(Route.Answered.class);
        return ((Route.Answered) outcome).answer();
    }

    static Turn passedOn(Route.Outcome outcome) {
        org.assertj.core.api.Assertions.assertThat(outcome).isInstanceOf(Route.Next.class);
        return ((Route.Next) outcome).turn();
    }

    @Override
    public void close() {
        demo.close();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }
}
