package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Questions that ask why a metric changed, read over {@link ChangeFixture}'s model (traffic, subscriptions, tickets): the
 * frame in everyday words, the metric, filters and breakdown read as any question's, the two periods from one ("in P": P
 * against the period before) or two ("between A and B", "than in B"), and anything else left to the other readers.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChangeQuestionTest {
    static final LocalDate TODAY = LocalDate.of(2026, 4, 20);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "shop", String.join(";\n", ChangeFixture.SQL), ChangeFixture.MODEL, "the change fixture's model");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    Optional<ChangeQuestion.Reading> read(String question) {
        return db.layer.withParser(TODAY, parser -> ChangeQuestion.read(question, parser, TODAY));
    }

    ChangeQuestion.Explain explain(String question) {
        Optional<ChangeQuestion.Reading> r = read(question);
        assertThat(r).as(question).isPresent();
        assertThat(r.get()).as(question).isInstanceOf(ChangeQuestion.Explain.class);
        return (ChangeQuestion.Explain) r.get();
    }

    static String periods(ChangeQuestion.Explain e) {
        return e.request().before().start() + ".." + e.request().before().end() + " -> " + e.request().after().start() + ".." + e.request().after().end();
    }

    @Test
    void why_did_it_move_in_a_period_is_that_period_against_the_one_before() {
        ChangeQuestion.Explain e = explain("Why did revenue drop in February 2026?");
        assertThat(e.request().metric()).isEqualTo("revenue");
        assertThat(periods(e)).isEqualTo("2026-01-01..2026-02-01 -> 2026-02-01..2026-03-01");
        assertThat(e.said()).isEqualTo(-1);
        assertThat(explain("why have conversions gone up in March 2026").said()).isEqualTo(1);
        // movement words from WordNet, not from a list: verbs of change in amount, their antonyms, comparatives
        assertThat(explain("why did revenue soar so much in February 2026").said()).isEqualTo(1);
        assertThat(explain("Why did the conversion rate dip in March 2026?").said()).isEqualTo(-1);
        assertThat(explain("Why did visit count fall in March 2026?").said()).isEqualTo(-1);
        assertThat(explain("why is revenue smaller in January 2026 than in February 2026").said()).isEqualTo(-1);
        assertThat(explain("Why did tickets vary in March 2026?").said()).isZero();
        assertThat(periods(explain("Why did the conversion rate change in Q1 2026?"))).isEqualTo("2025-10-01..2026-01-01 -> 2026-01-01..2026-04-01");
        assertThat(explain("what drove tickets last month").request().after().start()).isEqualTo(LocalDate.of(2026, 3, 1));
        assertThat(explain("What's behind the jump in revenue in February 2026?").request().metric()).isEqualTo("revenue");
        assertThat(explain("Where did the growth in mrr come from in February 2026?").request().metric()).isEqualTo("mrr");
        assertThat(explain("explain the decline in visit count in march 2026").request().metric()).isEqualTo("visit_count");
    }

    @Test
    void two_periods_are_from_the_earlier_to_the_later_whatever_their_order() {
        assertThat(periods(explain("What explains the change in revenue between January and February 2026?")))
                .isEqualTo("2026-01-01..2026-02-01 -> 2026-02-01..2026-03-01");
        assertThat(periods(explain("why did tickets go up from February 2026 to March 2026")))
                .isEqualTo("2026-02-01..2026-03-01 -> 2026-03-01..2026-04-01");
        assertThat(periods(explain("Why was revenue lower in January 2026 than in February 2026?")))
                .isEqualTo("2026-01-01..2026-02-01 -> 2026-02-01..2026-03-01");
    }

    @Test
    void a_breakdown_and_a_filter_in_the_question_are_kept() {
        ChangeQuestion.Explain byChannel = explain("Why did revenue by channel rise in February 2026?");
        assertThat(byChannel.request().by()).containsExactly("channel");
        ChangeQuestion.Explain desktop = explain("why did revenue on desktop rise in February 2026");
        assertThat(desktop.request().filters()).extracting(SemanticQuery.Filter::values).containsExactly(java.util.List.of("desktop"));
        assertThat(desktop.readAs()).contains("from January 2026 to February 2026", "desktop");
    }

    @Test
    void a_change_question_not_read_whole_says_why_and_offers_periods_when_only_the_period_is_missing() {
        ChangeQuestion.Reading noPeriod = read("Why did revenue change?").orElseThrow();
        assertThat(noPeriod).isInstanceOf(ChangeQuestion.Unsure.class);
        assertThat(((ChangeQuestion.Unsure) noPeriod).options()).containsExactly("Why did revenue change in March 2026?", "Why did revenue change in Q1 2026?");
        ChangeQuestion.Reading unknown = read("why did the frobnication index drop in February 2026").orElseThrow();
        assertThat(unknown).isInstanceOf(ChangeQuestion.Unsure.class);
        assertThat(((ChangeQuestion.Unsure) unknown).options()).isEmpty();
    }

    @Test
    void other_questions_are_not_change_questions() {
        assertThat(read("revenue in February 2026")).isEmpty();
        assertThat(read("Why is the February data missing?")).isEmpty();
        assertThat(read("what was the revenue by channel in February 2026")).isEmpty();
        assertThat(read("Which channel had the highest revenue in February 2026?")).isEmpty();
        // a verb that is no movement of an amount (WordNet says which are) is not read as one
        assertThat(read("Why did subscriptions churn in February 2026?")).isEmpty();
        assertThat(read("Why did revenue happen in February 2026?")).isEmpty();
    }
}
