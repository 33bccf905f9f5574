package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.Embedder;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.knowledge.VerifiedQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RetrievalTest {
    @RegisterExtension
    static final RouteFixture world = RouteFixture.demo();

    @Test
    void a_question_with_a_period_is_embedded_once_for_verified_matching_table_selection_and_knowledge() {
        List<String> embedded = java.util.Collections.synchronizedList(new ArrayList<>());
        Embedder counting = text -> {
            embedded.add(text);
            return MiniLmEmbedder.get().embed(text);
        };
        TableSelector selector = new TableSelector(world.demo.catalog, world.knowledge, world.demo.guard::tablesOf, counting, TableSelector.Config.DEFAULT);
        Flow flow = new Flow(new Agent.Context(null, world.demo.catalog, world.knowledge, world.demo.executor, selector, counting, null, null, null,
                AgentSettings.DEFAULT, RouteFixture.TODAY, e -> {}, null, null, null));
        flow.verified(); // made once per agent: it embeds the knowledge's phrasings
        Set<String> knowledgeQuestions = world.knowledge.queries().stream().map(VerifiedQuery::question).collect(Collectors.toSet());
        String question = "How many orders were shipped per carrier in Q3 2026?";
        embedded.clear();

        flow.verified().match(question);
        Turn turn = new Retrieval(flow).retrieved(RouteFixture.turn(flow, question));

        assertThat(turn.tables()).contains("shipments");
        assertThat(embedded.stream().filter(t -> !knowledgeQuestions.contains(t)).distinct().toList())
                .as("the question without its period, the one text embedded for it")
                .containsExactly(flow.timeframes.withoutPeriods(question));
    }

    @Test
    void the_tables_a_canonical_metric_the_question_names_reads_come_first() {
        Flow flow = world.flow(null);
        String question = "What was the refund rate in 2025?";
        Turn turn = new Retrieval(flow).retrieved(RouteFixture.turn(flow, question));
        dev.almanac.knowledge.Metric metric = turn.metric().orElseThrow();
        List<String> read = flow.verified().tablesOf(dev.almanac.knowledge.SqlParameters.bind(metric.sql(),
                dev.almanac.knowledge.SqlParameters.defaults(metric.parameters()))).stream().toList();
        assertThat(read).isNotEmpty();
        assertThat(turn.tables().subList(0, read.size())).containsExactlyInAnyOrderElementsOf(read);
        assertThat(turn.tables()).hasSize(AgentSettings.DEFAULT.tables()).doesNotHaveDuplicates();
    }
}
