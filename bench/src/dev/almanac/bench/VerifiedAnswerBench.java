package dev.almanac.bench;

import dev.almanac.agent.Answer;
import dev.almanac.agent.VerifiedAnswerer;
import dev.almanac.demo.DemoProject;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How well the no-LLM verified path answers the demo's golden questions, per match-score threshold:
 * a question counts as answered correctly when the verified answer's rows equal the golden expected
 * rows (values in order, column names ignored). Used to choose VerifiedAnswerer.THRESHOLD.
 */
public final class VerifiedAnswerBench {
    record Outcome(String id, String question, String match, double score, boolean correct) {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of("target", "bench-demo").toAbsolutePath();
        DemoProject.init(dir, 1, false, System.err);
        KnowledgeSet knowledge = KnowledgeFiles.read(Path.of("knowledge")).knowledge();
        List<Outcome> outcomes = new ArrayList<>();
        try (Source source = Sources.openFile(dir.resolve("data/demo.duckdb")); Guard guard = new Guard()) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            VerifiedAnswerer answerer = new VerifiedAnswerer(knowledge, MiniLmEmbedder.get(), executor,
                    new CatalogIntrospector().introspect(source), LocalDate.of(2026, 11, 22));
            for (GoldenQuery g : knowledge.golden()) {
                var best = answerer.rank(g.question()).get(0);
                Optional<Answer> a = answerer.answer(g.question(), 0);
                boolean correct = a.isPresent() && same(a.get().data().rows(), g.expectedResult().rows());
                outcomes.add(new Outcome(g.id(), g.question(), best.kind() + " " + best.name(), best.score(), correct));
            }
        }
        outcomes.sort((x, y) -> Double.compare(y.score(), x.score()));
        StringBuilder rows = new StringBuilder("| threshold | answered | correct | wrong | precision |\n|---:|---:|---:|---:|---:|\n");
        for (double t : new double[] {0.60, 0.65, 0.70, 0.75, 0.78, 0.80, 0.82, 0.85, 0.90}) {
            long answered = outcomes.stream().filter(o -> o.score() >= t).count();
            long correct = outcomes.stream().filter(o -> o.score() >= t && o.correct()).count();
            rows.append(String.format("| %.2f | %d | %d | %d | %.2f |%n", t, answered, correct, answered - correct, answered == 0 ? 1.0 : (double) correct / answered));
        }
        StringBuilder detail = new StringBuilder("| golden | score | best match | correct |\n|---|---:|---|---|\n");
        for (Outcome o : outcomes) {
            if (o.score() < 0.6) continue;
            detail.append(String.format("| %s %s | %.3f | %s | %s |%n", o.id(), o.question(), o.score(), o.match(), o.correct() ? "yes" : "no"));
        }
        String body = """
                `bench/run VerifiedAnswerBench`: the %d golden questions of the demo answered through the no-LLM verified path
                (best verified query or metric, period from the question), at each match-score threshold. Correct = the rows equal
                the golden expected rows. The threshold in use is %.2f (`VerifiedAnswerer.THRESHOLD`): the lowest with no wrong answer.

                %s
                Questions scoring 0.60 or more, best first:

                %s""".formatted(outcomes.size(), VerifiedAnswerer.THRESHOLD, rows, detail);
        Report.write("verified", "Verified answers without a language model (issue 3)", body);
    }

    static boolean same(List<List<Object>> actual, List<List<Object>> expected) {
        if (actual.size() != expected.size()) return false;
        for (int r = 0; r < actual.size(); r++) {
            if (actual.get(r).size() != expected.get(r).size()) return false;
            for (int c = 0; c < actual.get(r).size(); c++) {
                Object a = actual.get(r).get(c);
                Object e = expected.get(r).get(c);
                if (a == null || e == null) {
                    if (a != e) return false;
                } else if (a instanceof Number && e instanceof Number) {
                    if (new BigDecimal(a.toString()).compareTo(new BigDecimal(e.toString())) != 0) return false;
                } else if (!a.toString().equals(e.toString())) return false;
            }
        }
        return true;
    }
}
