package dev.almanac.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.agent.Answer;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.store.EvalStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The comparison mode for questions the data cannot answer, and the report's table by kind of question. */
class RefusedComparisonTest {
    @TempDir
    Path dir;

    static Answer.Data rows(int n) {
        return new Answer.Data(List.of("x"), java.util.Collections.nCopies(n, List.<Object>of(1)), n, false);
    }

    @Test
    void a_refusal_or_a_question_back_without_data_passes_and_anything_with_data_fails() {
        assertThat(EvalRunner.refusal(Answer.Kind.clarification, null, List.of()).passed()).isTrue();
        assertThat(EvalRunner.refusal(Answer.Kind.error, null, List.of()).passed()).isTrue();
        assertThat(EvalRunner.refusal(Answer.Kind.error, rows(0), List.of()).passed()).isTrue();

        assertThat(EvalRunner.refusal(Answer.Kind.clarification, rows(2), List.of("SELECT 1")).passed()).isFalse();
        assertThat(EvalRunner.refusal(Answer.Kind.clarification, rows(2), List.of("SELECT 1")).reason()).contains("2 rows of data");
        assertThat(EvalRunner.refusal(Answer.Kind.result, rows(1), List.of("SELECT 1")).reason()).isEqualTo("expected a refusal or a question back, got a result with 1 rows of data");
        assertThat(EvalRunner.refusal(Answer.Kind.observation, null, List.of("SELECT count(*) FROM t")).passed())
                .as("an answer in words from queries is still an answer").isFalse();
        assertThat(EvalRunner.refusal(Answer.Kind.observation, null, List.of()).passed())
                .as("'there is no data for that period', with nothing computed, declines").isTrue();
        assertThat(EvalRunner.refusal(Answer.Kind.observation, rows(1), List.of()).passed()).isFalse();
        assertThat(EvalRunner.refusal(Answer.Kind.chart, rows(3), List.of("SELECT 1")).passed()).isFalse();

        Table any = new Table(List.of("x"), List.of(List.of(1)));
        assertThat(ResultComparator.compare(any, any, Comparison.REFUSED, 0, false).passed()).as("data never matches a refusal").isFalse();
        assertThat(Comparison.of("refused")).isEqualTo(Comparison.REFUSED);
    }

    @Test
    void a_refused_golden_question_needs_no_gold_sql_or_result_but_the_others_still_do() throws Exception {
        Files.createDirectories(dir.resolve("golden"));
        Files.writeString(dir.resolve("golden/g.yml"), """
                golden:
                - id: r1
                  question: What will MRR be next year?
                  comparison: refused
                  difficulty: easy
                  tags: [kind:out_of_scope]
                - id: r2
                  question: No gold SQL but not refused
                  comparison: exact
                  difficulty: easy
                """);
        KnowledgeFiles.Read read = KnowledgeFiles.read(dir);
        assertThat(read.knowledge().golden()).extracting(GoldenQuery::id).containsExactly("r1");
        GoldenQuery r1 = read.knowledge().golden().get(0);
        assertThat(r1.expectedSql()).isNull();
        assertThat(r1.expectedResult()).isNull();
        assertThat(read.problems()).extracting(Object::toString).containsExactlyInAnyOrder(
                "golden/g.yml:7: missing required field 'expected_result'", "golden/g.yml:7: missing required field 'expected_sql'");
    }

    static EvalStore.ResultRow result(String id, boolean passed, String... tags) {
        return new EvalStore.ResultRow("r", id, "q " + id, "easy", List.of(tags), passed, passed ? "" : "rows differ", "{}", null, null, null, 1, 0, 0, null);
    }

    @Test
    void the_report_has_a_table_by_kind_in_the_order_of_the_kinds() {
        List<EvalStore.ResultRow> results = List.of(
                result("a", true, "kind:trend", "sales"), result("b", false, "kind:trend"), result("c", true, "kind:out_of_scope"),
                result("d", true, "kind:metric_period"), result("e", false, "kind:something_new"), result("f", true, "sales"));
        EvalStore.RunRow run = new EvalStore.RunRow("r", "2026-11-23T00:00:00Z", null, "complete", "none", "", "{}", 6, 6, 4);
        EvalReport report = EvalReport.of(run, results, null, List.of());
        assertThat(report.byKind().keySet()).containsExactly("metric_period", "trend", "out_of_scope", "something_new", "(none)");
        assertThat(report.byKind().get("trend")).containsExactly(2, 1);
        assertThat(report.byTag()).containsKeys("kind:trend", "sales");
        String text = report.text();
        assertThat(text).contains("By kind:\n  metric_period        100.0% (1/1)\n  trend                50.0% (1/2)\n");
        assertThat(text.substring(text.indexOf("By tag:"))).contains("sales").doesNotContain("kind:");
        assertThat(report.html()).contains("<th>kind</th>", "<td>out_of_scope</td>").doesNotContain("<td>kind:trend</td>");

        EvalReport untagged = EvalReport.of(run, List.of(result("f", true, "sales")), null, List.of());
        assertThat(untagged.byKind()).as("no kind table when no question has a kind").isEmpty();
    }
}
