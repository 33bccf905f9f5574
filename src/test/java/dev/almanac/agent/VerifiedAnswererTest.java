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
}
