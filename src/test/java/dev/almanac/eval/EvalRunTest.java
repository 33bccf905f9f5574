package dev.almanac.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.agent.Agent;
import dev.almanac.agent.AgentSettings;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.llm.ScriptedModel;
import dev.almanac.store.AppStore;
import dev.almanac.store.EvalStore;
import dev.almanac.store.LearningStore;
import dev.almanac.store.Project;
import dev.almanac.store.ThreadStore;
import dev.almanac.testing.DemoContext;
import dev.almanac.testing.DemoWarehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Eval runs over the demo's golden set with the scripted model, on a real SQLite store. */
class EvalRunTest {
    static DemoContext demo;
    static KnowledgeSet knowledge;

    @TempDir
    Path dir;

    @BeforeAll
    static void open() {
        demo = new DemoContext();
        knowledge = KnowledgeFiles.read(Path.of("knowledge")).knowledge();
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    @Test
    void a_run_over_the_golden_set_is_scored_persisted_and_compared_with_the_previous_one() throws Exception {
        Project project = new Project("Eval test", dir, "data/demo.duckdb", dir.resolve("knowledge"), false);
        AppStore app = AppStore.sqlite(dir.resolve("almanac.db"));
        EvalStore store = new EvalStore(app);
        // a model that always answers with the number of plans: right only where that is the expected result
        List<JsonNode> turns = new ArrayList<>();
        new ObjectMapper(new YAMLFactory()).readTree("""
                - tool_calls: [{name: submit_result, arguments: {queries: [{name: p, sql: "SELECT count(*) AS plans FROM plans"}], template: "{p.plans} plans"}}]
                - text: PASS
                - text: PASS
                """).forEach(turns::add);
        TableSelector selector = new TableSelector(demo.catalog, knowledge, demo.guard::tablesOf,
                MiniLmEmbedder.get(), TableSelector.Config.DEFAULT);
        Agent agent = new Agent(new Agent.Context(project, demo.catalog, knowledge, demo.executor, selector, MiniLmEmbedder.get(),
                new LearningStore(app), new ThreadStore(app), new ScriptedModel("always-plans", turns, 0, true), AgentSettings.DEFAULT,
                LocalDate.of(2026, 11, 22), null, null));
        List<int[]> progress = new ArrayList<>();
        List<GoldenQuery> golden = new ArrayList<>(knowledge.golden());
        golden.add(new GoldenQuery("broken", "A question whose gold no longer runs", "SELECT nope FROM plans",
                new GoldenQuery.ExpectedResult(List.of("x"), List.of(List.of(1))), "exact", null, "easy", List.of("broken")));
        String first = new EvalRunner(agent, store, project, demo.executor).run(golden, "script:always-plans", "", "{}", 1, (d, p) -> progress.add(new int[] {d, p}));

        EvalStore.RunRow run = store.run(project, first).orElseThrow();
        List<EvalStore.ResultRow> results = store.results(first);
        assertThat(run.status()).isEqualTo("complete");
        assertThat(run.total()).isEqualTo(golden.size());
        assertThat(results).hasSize(golden.size());
        assertThat(progress).hasSize(golden.size());
        assertThat(progress.get(progress.size() - 1)[1]).isEqualTo(run.passed());
        assertThat(results.stream().filter(EvalStore.ResultRow::passed).map(EvalStore.ResultRow::goldenId))
                .as("g001 (5 plans) and the questions answered by verified queries pass").contains("g001", "g023", "g036");
        assertThat(results.stream().filter(r -> r.goldenId().equals("g004")).findFirst().orElseThrow().reason()).isEqualTo("rows differ");

        EvalStore.ResultRow broken = results.stream().filter(r -> r.goldenId().equals("broken")).findFirst().orElseThrow();
        assertThat(broken.passed()).isFalse();
        assertThat(broken.error()).startsWith("expected SQL: query failed").contains("nope");

        String second = new EvalRunner(agent, store, project, demo.executor).run(golden.subList(0, 5), "script:always-plans", "", "{}", 1, null);
        EvalReport report = EvalReport.of(store.run(project, second).orElseThrow(), store.results(second), run, results);
        assertThat(report.newlyFailing()).isEmpty();
        assertThat(report.text()).contains("Accuracy:", "By difficulty:", "Newly failing: none");
        assertThat(report.html()).startsWith("<!doctype html>").doesNotContain("<script").contains(golden.get(0).id());
    }

    @Test
    void a_killed_run_keeps_its_results_and_is_marked_incomplete() throws Exception {
        Path project = dev.almanac.testing.ScratchProject.create(dir.resolve("killed-run"), "Killed run"); // its own store
        Path home = Files.createDirectories(dir.resolve("home"));
        Path script = Files.writeString(dir.resolve("slow.yml"), """
                delay_ms: 400
                loop: true
                turns:
                  - tool_calls: [{name: submit_result, arguments: {queries: [{name: p, sql: "SELECT count(*) AS plans FROM plans"}], template: "{p.plans} plans"}}]
                  - text: PASS
                """);
        AppStore app = AppStore.sqlite(project.resolve("data/almanac.db"));
        EvalStore store = new EvalStore(app);
        Project p = dev.almanac.store.ProjectFiles.read(project);
        int before = store.runs(p).size();
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1", "-Dalmanac.home=" + home,
                "-cp", System.getProperty("java.class.path"), "dev.almanac.cli.Main", "eval", "--project", project.toString(),
                "--llm", "script:" + script, "--format", "json").redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (System.nanoTime() < deadline) {
                List<EvalStore.RunRow> runs = store.runs(p);
                if (runs.size() > before && runs.get(0).total() >= 3) break;
                Thread.sleep(200);
            }
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        EvalStore.RunRow killed = store.runs(p).get(0);
        assertThat(killed.status()).isEqualTo("incomplete");
        assertThat(killed.total()).isBetween(3, killed.selected() - 1);
        assertThat(store.results(killed.id())).hasSize(killed.total());
    }
}
