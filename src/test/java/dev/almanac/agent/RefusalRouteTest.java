package dev.almanac.agent;

import static dev.almanac.agent.RouteFixture.answered;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RefusalRouteTest {
    @RegisterExtension
    static final RouteFixture world = RouteFixture.demo();

    Answer refusal(String question) {
        Flow flow = world.flow(null);
        return answered(new RefusalRoute(flow, new Answers(flow)).take(RouteFixture.retrieved(flow, question)));
    }

    @Test
    void a_question_of_filler_words_has_nothing_to_compute() {
        Answer a = refusal("Show me the numbers.");
        assertThat(a.kind()).isEqualTo(Answer.Kind.error);
        assertThat(a.answer()).startsWith(Agent.NOTHING_TO_COMPUTE + "the question names no metric").contains("Ask about: ");
    }

    @Test
    void a_question_in_the_knowledges_words_is_refused_naming_what_could_be_asked() {
        Answer a = refusal("Which warehouse ships fastest to Spain?");
        assertThat(a.kind()).isEqualTo(Answer.Kind.error);
        assertThat(a.answer()).startsWith("No answer: no language model is configured").contains("or ask about: ");
        assertThat(a.confidence()).isEqualTo("low");
    }
}
