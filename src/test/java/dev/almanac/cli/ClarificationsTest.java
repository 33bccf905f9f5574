package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A question back leads somewhere: every option it offers, answered by its number or by its words, gets an answer
 * (or a further question back that is not the same one), over the demo without a model.
 */
class ClarificationsTest {
    @TempDir
    static Path home;
    static String project;

    @BeforeAll
    static void setUp() {
        System.setProperty("almanac.home", home.toString());
        project = dev.almanac.testing.ScratchProject.create(home.resolve("clarify"), "Clarify").toString();
    }

    @AfterAll
    static void tearDown() {
        System.clearProperty("almanac.home");
    }

    static JsonNode ask(String question, String thread) throws Exception {
        List<String> args = new ArrayList<>(List.of("ask", question, "--llm", "none", "--format", "json", "--project", project));
        if (thread != null) args.addAll(List.of("--thread", thread));
        CliTest.Run r = CliTest.run(args.toArray(String[]::new));
        return Json.MAPPER.readTree(r.out());
    }

    /**
     * Vague questions of each kind: a metric without its period, words that fit two metrics, a word that is a grain and a
     * value, records named where the metric of that name counts some of them (completed orders, or all orders placed).
     */
    static final List<String> VAGUE = List.of("Tell me about order size in 2026", "What was annual recurring revenue?", "yearly MRR in 2026",
            "How was customer churn?", "How many orders did we get in 2025?");

    @Test
    void every_option_offered_gets_an_answer_by_its_number_and_by_its_words() throws Exception {
        int clarifications = 0;
        for (String vague : VAGUE) {
            JsonNode back = ask(vague, null);
            if (!back.get("kind").asText().equals("clarification")) continue;
            clarifications++;
            List<String> options = new ArrayList<>();
            back.get("suggestions").forEach(o -> options.add(o.asText()));
            assertThat(options).as(vague).hasSizeGreaterThanOrEqualTo(2);
            for (int i = 0; i < options.size(); i++) {
                for (String reply : List.of(String.valueOf(i + 1), options.get(i))) {
                    JsonNode a = ask(reply, ask(vague, null).get("thread_id").asText());
                    assertThat(a.get("kind").asText()).as(vague + " -> " + reply + ": " + a.get("answer").asText()).isIn("result", "chart", "observation");
                    assertThat(a.get("answer").asText()).as("not the same question again").doesNotContain(back.get("answer").asText());
                    assertThat(a.at("/data/rows")).as(vague + " -> " + reply).isNotEmpty();
                }
            }
        }
        assertThat(clarifications).as("the vague questions are asked back").isGreaterThanOrEqualTo(3);
    }

    @Test
    void the_option_picked_replaces_the_vague_words_instead_of_being_added_to_them() throws Exception {
        JsonNode back = ask("Tell me about order size in 2026", null);
        assertThat(back.get("kind").asText()).isEqualTo("clarification");
        String thread = back.get("thread_id").asText();
        JsonNode a = ask("shop revenue", thread); // words that only one option has
        assertThat(a.get("kind").asText()).as(a.get("answer").asText()).isEqualTo("result");
        assertThat(a.at("/provenance/metric").asText()).isEqualTo("shop_revenue");
        long cents = NoModelSemanticAnswersTest.count("WITH o AS (SELECT *, row_number() OVER (PARTITION BY order_number ORDER BY order_id) AS n FROM orders)"
                + " SELECT round(sum(total_amount) * 100) FROM o WHERE n = 1 AND status = 'completed'"
                + " AND ordered_at >= TIMESTAMP '2026-01-01' AND ordered_at < TIMESTAMP '2027-01-01'");
        assertThat(a.at("/data/rows/0/0").decimalValue().movePointRight(2).longValue()).isEqualTo(cents);
    }

    @Test
    void a_reply_that_fits_no_single_option_completes_the_question_instead() throws Exception {
        JsonNode back = ask("What was annual recurring revenue?", null);
        assertThat(back.get("kind").asText()).isEqualTo("clarification");
        JsonNode a = ask("in June 2026", back.get("thread_id").asText()); // not an option: a period of the reader's own
        assertThat(a.get("kind").asText()).as(a.get("answer").asText()).isEqualTo("result");
        assertThat(a.at("/provenance/filters").toString()).contains("June 2026");
        JsonNode none = ask("7", ask("What was annual recurring revenue?", null).get("thread_id").asText()); // no 7th option
        assertThat(none.get("kind").asText()).isNotEqualTo("result");
    }

    @Test
    void options_for_a_period_hold_data() throws Exception {
        JsonNode back = ask("What was annual recurring revenue?", null);
        assertThat(back.get("kind").asText()).isEqualTo("clarification");
        assertThat(back.get("suggestions")).as("periods are offered").isNotEmpty();
        for (JsonNode o : back.get("suggestions")) {
            assertThat(o.asText()).as("no period after the data ends (30 September 2026) is offered").isNotIn("last month", "this month");
            JsonNode a = ask(o.asText(), ask("What was annual recurring revenue?", null).get("thread_id").asText());
            assertThat(a.get("kind").asText()).as(o.asText() + ": " + a.get("answer").asText()).isEqualTo("result");
            assertThat(a.at("/data/rows")).as(o.asText()).isNotEmpty();
            assertThat(a.at("/data/rows/0").get(a.at("/data/rows/0").size() - 1).isNumber()).as(o.asText() + " holds a number: " + a.at("/data/rows")).isTrue();
            assertThat(a.at("/data/rows/0").get(a.at("/data/rows/0").size() - 1).doubleValue()).as(o.asText()).isPositive();
        }
    }
}
