package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.SqlParameters;
import dev.almanac.knowledge.VerifiedQuery;
import dev.almanac.sql.Guard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Explanations of SQL for people who do not read SQL: readable over every demo query, and as written by hand for the verified ones. */
class PlainExplanationTest {
    /** The longest sentence allowed, in words. */
    static final int SENTENCE_WORDS = 45;
    static Guard guard;
    static KnowledgeSet knowledge;
    static PlainExplainer explainer;

    @BeforeAll
    static void open() {
        guard = new Guard();
        knowledge = KnowledgeFiles.read(Path.of("knowledge")).knowledge();
        explainer = new PlainExplainer(guard::parse, knowledge);
    }

    @AfterAll
    static void close() {
        guard.close();
    }

    static Map<String, String> demoQueries() {
        Map<String, String> sqls = new LinkedHashMap<>();
        for (Metric m : knowledge.metrics()) sqls.put("metric " + m.name(), SqlParameters.bind(m.sql(), SqlParameters.defaults(m.parameters())));
        for (VerifiedQuery q : knowledge.queries()) sqls.put("query " + q.name(), SqlParameters.bind(q.sql(), SqlParameters.defaults(q.parameters())));
        for (GoldenQuery g : knowledge.golden()) if (g.expectedSql() != null) sqls.put("golden " + g.question(), g.expectedSql());
        return sqls;
    }

    @Test
    void every_demo_query_reads_as_sentences_without_sql() throws Exception {
        SoftAssertions soft = new SoftAssertions();
        StringBuilder dump = new StringBuilder();
        Map<String, String> sqls = demoQueries();
        for (Map.Entry<String, String> e : sqls.entrySet()) {
            String text = explainer.explain(e.getValue());
            dump.append(e.getKey()).append('\n').append(text).append("\n\n");
            String unquoted = text.replaceAll("'[^']*'", "''");
            soft.assertThat(unquoted).as("%s: no function-call syntax%n%s", e.getKey(), text).doesNotContainPattern("[A-Za-z_]\\(");
            soft.assertThat(unquoted).as("%s: no identifiers%n%s", e.getKey(), text).doesNotContainPattern("[a-z]_[a-z]");
            soft.assertThat(depth(unquoted)).as("%s: no brackets inside brackets%n%s", e.getKey(), text).isLessThanOrEqualTo(1);
            soft.assertThat(unquoted).as("%s: no SQL words%n%s", e.getKey(), text).doesNotContainPattern("\\b(SELECT|FROM|WHERE|GROUP BY|JOIN|CASE WHEN|COUNT|SUM)\\b");
            for (String sentence : unquoted.split("(?<=[.!?])\\s+")) {
                soft.assertThat(sentence.split("\\s+").length).as("%s: a sentence of at most %d words: %s", e.getKey(), SENTENCE_WORDS, sentence)
                        .isLessThanOrEqualTo(SENTENCE_WORDS);
            }
            soft.assertThat(explainer.explain(e.getValue())).as("deterministic").isEqualTo(text);
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/plain-explanations.txt"), dump);
        soft.assertAll();
        assertThat(sqls).hasSizeGreaterThan(100);
    }

    /**
     * The demo's verified queries, each explained as a reader checked it against its SQL (name line, then the text):
     * a change to the wording shows here, to be read again.
     */
    @Test
    void the_verified_queries_read_as_checked_by_hand() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("src/test/resources/explanations/verified-queries.txt"));
        Map<String, String> expected = new LinkedHashMap<>();
        for (int i = 0; i + 1 < lines.size(); i += 2) expected.put(lines.get(i), lines.get(i + 1));
        assertThat(expected.keySet()).containsExactlyInAnyOrderElementsOf(knowledge.queries().stream().map(VerifiedQuery::name).toList());
        SoftAssertions soft = new SoftAssertions();
        for (VerifiedQuery q : knowledge.queries()) {
            String text = explainer.explain(SqlParameters.bind(q.sql(), SqlParameters.defaults(q.parameters())));
            soft.assertThat(text).as(q.name()).isEqualTo(expected.get(q.name()));
        }
        soft.assertAll();
    }

    @Test
    void arithmetic_and_periods_are_named() {
        assertThat(explainer.explain("SELECT round(100.0 * count(*) FILTER (WHERE status = 'lost') / count(*), 1) AS lost_pct FROM opportunities"))
                .contains("the share of opportunities whose", "in percent").doesNotContain("round", "1)");
        assertThat(explainer.explain("SELECT count(*) FROM support_tickets WHERE created_at >= DATE '2026-04-01' AND created_at < DATE '2026-07-01'"))
                .contains("in Q2 2026");
        assertThat(explainer.explain("SELECT sum(spend_usd) FROM marketing_spend WHERE spend_date >= DATE '2026-02-01' AND spend_date < DATE '2026-03-01'"))
                .contains("in February 2026");
        assertThat(explainer.explain("SELECT count(*) FROM customers WHERE signup_date >= DATE '2026-03-03' AND signup_date < DATE '2026-03-10'"))
                .contains("from 3 to 9 March 2026");
        assertThat(explainer.explain("SELECT count(*) FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM orders)"))
                .as("a subquery is a sentence of its own").contains("is not in list A", "List A: it takes orders.");
    }

    static int depth(String text) {
        int depth = 0;
        int most = 0;
        for (char c : text.toCharArray()) {
            if (c == '(') most = Math.max(most, ++depth);
            if (c == ')') depth--;
        }
        return most;
    }
}
