package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.testing.DemoContext;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The no-LLM path on the real demo: verified answers must equal the golden expected results. */
class VerifiedAnswererTest {
    static DemoContext demo;
    static KnowledgeSet knowledge;
    static VerifiedAnswerer answerer;

    @BeforeAll
    static void open() {
        demo = new DemoContext();
        knowledge = KnowledgeFiles.read(Path.of("knowledge")).knowledge();
        answerer = new VerifiedAnswerer(knowledge, MiniLmEmbedder.get(), demo.executor, demo.catalog, LocalDate.of(2026, 11, 22));
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    @Test
    void every_verified_answer_to_a_golden_question_matches_its_expected_result() {
        List<String> answered = new ArrayList<>();
        for (GoldenQuery g : knowledge.golden()) {
            Optional<Answer> a = answerer.answer(g.question());
            if (a.isEmpty()) continue;
            answered.add(g.id());
            assertThat(a.get().verified()).isTrue();
            assertThat(a.get().confidence()).isEqualTo("high");
            if (a.get().provenance().sql().size() > 1) {
                // a question naming several periods ("compare H1 2026 with H1 2025"): one row per period, the period first;
                // each period's value is one the golden result holds (the golden query may add the change between them)
                List<Object> golden = values(g.expectedResult().rows()).stream().flatMap(List::stream).toList();
                List<List<Object>> got = values(a.get().data().rows());
                assertThat(got).as("%s %s", g.id(), g.question()).hasSize(a.get().provenance().sql().size());
                got.forEach(row -> assertThat(golden).as("%s %s", g.id(), g.question()).containsAll(row.subList(1, row.size())));
                continue;
            }
            assertThat(values(a.get().data().rows())).as("%s %s", g.id(), g.question()).isEqualTo(values(g.expectedResult().rows()));
        }
        assertThat(answered).as("golden questions answered without a model").hasSizeGreaterThanOrEqualTo(12)
                .contains("g023", "g024", "g028", "g030", "g036");
    }

    @Test
    void fills_the_period_from_the_question_and_names_what_produced_the_answer() {
        Answer a = answerer.answer("What was ARR at the end of 2025?").orElseThrow();
        assertThat(a.provenance().metric()).isEqualTo("arr");
        assertThat(a.provenance().sql().get(0)).contains("'2025-12-01'");
        assertThat(a.provenance().filters()).containsExactly("period: 2025");
        assertThat(a.answer()).contains("for 2025", "canonical metric `arr`");
        assertThat(a.provenance().explanation()).as("written for a reader: business names, the period in words, no SQL")
                .contains("It reads MRR snapshots", "snapshot month is December 2025", "the total of MRR cents",
                        "This is the canonical metric Annual recurring revenue", "Business rules that apply: Paying customers have MRR above zero")
                .doesNotContain("sum(", "mrr_snapshots.", "'2025-12-01'");
        assertThat(a.provenance().freshness()).containsKey("mrr_snapshots");

        Answer q = answerer.answer("How many subscriptions are active right now?").orElseThrow();
        assertThat(q.answer()).contains("verified query `active_subscriptions_today`", "verified by Maya Chen");
        assertThat(q.provenance().knowledgeApplied()).first().isEqualTo("query:active_subscriptions_today");
    }

    @Test
    void a_question_that_denies_or_leaves_out_what_a_metric_computes_is_never_answered_by_it() {
        // each matched a canonical metric by its words and was answered with it, the denial dropped
        assertThat(answerer.answer("revenue excluding the shop last year")).isEmpty();
        assertThat(answerer.answer("total revenue not counting the shop in 2025")).isEmpty();
        assertThat(answerer.answer("customers without an active subscription")).isEmpty();
        assertThat(answerer.answer("What was shop revenue last year?")).as("a metric asked plainly").isPresent();
    }

    @Test
    void a_condition_on_how_many_each_has_is_never_answered_by_a_metric_that_counts_them_all() {
        // each was answered with every paying customer, the count condition dropped
        assertThat(answerer.answer("how many customers have more than one active subscription")).isEmpty();
        assertThat(answerer.answer("paying customers with 2 or more subscriptions at the end of september 2026")).isEmpty();
        assertThat(answerer.answer("customers with multiple paying subscriptions at the end of september 2026")).isEmpty();
        assertThat(answerer.answer("How many paying customers did we have at the end of September 2026?")).as("the metric asked plainly").isPresent();
    }

    @Test
    void relative_periods_resolve_against_today() {
        Answer a = answerer.answer("What was the refund rate last year?").orElseThrow();
        assertThat(a.provenance().sql().get(0)).contains("'2025-01-01'", "'2026-01-01'");
    }

    @Test
    void declines_what_no_trusted_query_covers_and_names_the_closest() {
        assertThat(answerer.answer("How many products are in the shop catalog?")).isEmpty();
        assertThat(answerer.answer("What was total revenue in 2022?")).as("no metric holds 2022 revenue").isEmpty();
        assertThat(answerer.answer("How many refunds were issued in 2025?")).as("a count is not a money metric").isEmpty();
        assertThat(answerer.rank("How many products are in the shop catalog?")).isNotEmpty();
        // a word that narrows what the asked question counts, which the verified question does not say
        assertThat(answerer.match("new mrr by plan in q3 2026")).as("new MRR is not MRR").isEmpty();
        assertThat(answerer.match("mrr by plan in q3 2026")).as("the verified query's own question, tersely").isPresent();
    }

    /** Rows with numbers as BigDecimal without trailing zeros and everything else as text. */
    static List<List<Object>> values(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> row : rows) {
            List<Object> r = new ArrayList<>();
            for (Object v : row) r.add(v == null ? null : v instanceof Number ? new BigDecimal(v.toString()).stripTrailingZeros() : v.toString());
            out.add(r);
        }
        return out;
    }

    @Test
    void a_question_naming_two_periods_is_answered_for_each() {
        Answer a = answerer.answer("What was shop revenue in 2024 and 2025?").orElseThrow();
        assertThat(a.verified()).isTrue();
        assertThat(a.provenance().readAs()).as("a verified query is run as written, not read from the question").isNull();
        assertThat(a.provenance().filters()).containsExactly("period: 2024", "period: 2025");
        assertThat(a.provenance().sql()).hasSize(2);
        assertThat(a.data().columns()).first().isEqualTo("period");
        // the shop revenue rule written out by hand: completed orders, each order number once, by year
        String sql = "SELECT year(ordered_at), round(sum(total_amount), 2) FROM (SELECT * FROM orders QUALIFY row_number() OVER "
                + "(PARTITION BY order_number ORDER BY order_id) = 1) WHERE status = 'completed' AND year(ordered_at) IN (2024, 2025) GROUP BY 1 ORDER BY 1";
        List<List<Object>> expected = dev.almanac.testing.Queries.rows(demo.source, sql);
        assertThat(a.data().rows()).hasSize(2);
        for (int i = 0; i < 2; i++) {
            assertThat(a.data().rows().get(i).get(0)).isEqualTo(String.valueOf(expected.get(i).get(0)));
            assertThat(new BigDecimal(a.data().rows().get(i).get(1).toString())).isEqualByComparingTo(new BigDecimal(expected.get(i).get(1).toString()));
        }
        assertThat(a.answer()).contains("for 2024 was $", "for 2025 it was $");
    }

    @Test
    void never_answers_for_only_some_of_the_periods_asked() {
        assertThat(answerer.match("What was shop revenue in Q1 and Q2 2025?")).as("'Q1' is no whole period").isEmpty();
        // the start of a period is a moment: MRR kept by month has no value of its own then (it was January's month-end MRR)
        assertThat(answerer.match("What was MRR at the start of 2026?")).isEmpty();
        assertThat(answerer.match("What was MRR in January 2026?")).isPresent();
        Optional<Answer> a = answerer.answer("What was shop revenue in 2024 and 2025?");
        assertThat(a).isPresent();
        assertThat(a.get().data().rows()).extracting(r -> r.get(0)).containsExactly("2024", "2025");
    }
}
