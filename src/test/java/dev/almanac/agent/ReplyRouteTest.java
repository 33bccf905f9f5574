package dev.almanac.agent;

import static dev.almanac.agent.RouteFixture.passedOn;
import static dev.almanac.agent.RouteFixture.turn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.store.TurnRow;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ReplyRouteTest {
    @RegisterExtension
    static final RouteFixture world = RouteFixture.demo();

    static TurnRow askedBack(String question, String... options) {
        String json = "{\"kind\":\"clarification\",\"suggestions\":[" + String.join(",", List.of(options).stream().map(o -> "\"" + o + "\"").toList()) + "]}";
        return new TurnRow("t1", "thread-1", 0, question, "clarification", "For which period?", json, null, null, 1, 0, 0, 0, 0);
    }

    @Test
    void a_question_that_is_no_reply_goes_on_as_asked() {
        Flow flow = world.flow(null);
        Turn turn = turn(flow, "How many suppliers do we work with?");
        assertThat(passedOn(new ReplyRoute(flow).take(turn))).isSameAs(turn);
    }

    @Test
    void a_reply_that_is_a_part_completes_the_pending_question() {
        Flow flow = world.flow(null);
        Turn reply = turn(flow, "September 2026", List.of(askedBack("What is our MRR?", "September 2026", "last quarter", "last year")));
        Turn next = passedOn(new ReplyRoute(flow).take(reply));
        assertThat(next.question()).isEqualTo("What is our MRR? (September 2026)");
        assertThat(next.asked()).as("what was typed is kept").isEqualTo("September 2026");
        assertThat(next.timeframe()).as("read from the completed question").isPresent();
        assertThat(next.namedMetric()).map(m -> m.name()).contains("mrr");
        assertThat(reply.question()).as("the turn it got is unchanged").isEqualTo("September 2026");
    }

    @Test
    void an_option_picked_by_its_number_that_is_a_whole_question_stands_for_itself() {
        Flow flow = world.flow(null);
        Turn reply = turn(flow, "2", List.of(askedBack("How is revenue doing?", "Net subscription revenue (cash)", "Shop revenue")));
        assertThat(passedOn(new ReplyRoute(flow).take(reply)).question()).isEqualTo("Shop revenue");
    }

    @Test
    void an_option_is_picked_by_words_only_it_has() {
        assertThat(ReplyRoute.option(List.of("Shop revenue for 2025", "Net subscription revenue for 2025"), "shop revenue")).contains("Shop revenue for 2025");
        assertThat(ReplyRoute.option(List.of("Shop revenue for 2025", "Net subscription revenue for 2025"), "revenue")).isEmpty();
        assertThat(ReplyRoute.option(List.of("a", "b"), "option 3")).isEmpty();
    }
}
