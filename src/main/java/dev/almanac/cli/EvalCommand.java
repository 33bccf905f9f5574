package dev.almanac.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.almanac.UserError;
import dev.almanac.agent.Agent;
import dev.almanac.eval.EvalReport;
import dev.almanac.eval.EvalRunner;
import dev.almanac.eval.GoldenFilter;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.store.EvalStore;
import dev.almanac.store.Project;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "eval", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Run the golden questions and report the accuracy.",
        description = {"Ask the agent every selected golden question, compare with the expected results, and keep the run.",
                "Reports accuracy overall, per difficulty, per kind of question (tags kind:...) and per tag, and what changed since the previous run.",
                "Exit code 1 when any question failed."},
        subcommands = {EvalPredictionsCommand.class, EvalCommand.Promote.class})
final class EvalCommand extends WorkspaceCommand {
    enum Format { text, json, html }

    @Option(names = "--tag", paramLabel = "T", description = "Only golden questions with this tag.")
    String tag;

    @Option(names = "--difficulty", paramLabel = "D", description = "Only easy, medium or hard questions.")
    String difficulty;

    @Option(names = "--llm", paramLabel = "SPEC", description = "The model to evaluate (openai:..., anthropic:..., ollama:..., script:FILE, none).")
    String llm;

    @Option(names = "--parallel", defaultValue = "1", paramLabel = "N", description = "Questions asked at once (default ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = "--format", defaultValue = "text", description = "text, json or html (html writes one self-contained file).")
    Format format;

    @Override
    public void run() {
        if (parallel < 1 || parallel > 32) throw new UserError("--parallel must be between 1 and 32");
        GoldenFilter filter = new GoldenFilter(tag, difficulty);
        try (Workspace ws = openWorkspace()) {
            Project project = ws.requireProject();
            KnowledgeSet knowledge = ws.knowledge();
            List<GoldenQuery> selected = filter.select(knowledge.golden());
            Agent agent = ws.agent(llm, ws.today(), null, false);
            String model = Workspace.modelName(llm);
            EvalStore store = new EvalStore(ws.appStore());
            List<EvalStore.RunRow> before = store.runs(project);
            Progress bar = new Progress(selected.size(), format != Format.json);
            String id = new EvalRunner(agent, store, project, ws.executor(dev.almanac.sql.QueryLimits.DEFAULT)).run(selected, model, filter.label(), EvalRunner.snapshot(project, knowledge), parallel, bar::update);
            bar.finish();
            EvalStore.RunRow run = store.run(project, id).orElseThrow();
            EvalStore.RunRow previous = before.stream().filter(r -> r.status().equals("complete") && r.filters().equals(run.filters())).findFirst().orElse(null);
            EvalReport report = EvalReport.of(run, store.results(id), previous, previous == null ? List.of() : store.results(previous.id()));
            PrintWriter out = out();
            switch (format) {
                case json -> out.println(Json.write(Map.of("run", run, "by_difficulty", report.byDifficulty(), "by_kind", report.byKind(), "by_tag", report.byTag(),
                        "newly_failing", report.newlyFailing(), "newly_passing", report.newlyPassing(), "results", report.results())));
                case html -> {
                    Path file = project.dir().resolve("data").resolve("evals").resolve("eval-" + id + ".html");
                    try {
                        Files.createDirectories(file.getParent());
                        Files.writeString(file, report.html());
                    } catch (IOException e) {
                        throw new UserError("cannot write " + file + ": " + e.getMessage());
                    }
                    out.println(report.text());
                    out.println("Report: " + file);
                }
                default -> out.print(report.text());
            }
            out.flush();
            if (run.passed() < run.selected()) {
                throw new dev.almanac.AlmanacException((run.selected() - run.passed()) + " of " + run.selected() + " golden questions did not pass (see above)");
            }
        }
    }

    @Command(name = "promote", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Turn a golden question (typically one that failed in the report) into curated knowledge:",
                    "a verified query from its gold SQL (default), or a business rule that shows how to compute it."})
    static final class Promote implements Runnable {
        enum As { query, rule }

        @Spec
        CommandSpec spec;

        @ParentCommand
        EvalCommand parent;

        @Mixin
        GlobalOptions global;

        @Parameters(paramLabel = "ID", description = "The golden question's id, e.g. g034.")
        String id;

        @Option(names = "--as", defaultValue = "query", description = "query or rule (default ${DEFAULT-VALUE}).")
        As as;

        @Option(names = "--by", defaultValue = "golden set (almanac eval promote)", description = "Who verified it.")
        String by;

        @Override
        public void run() {
            try (Workspace ws = Workspace.open(global.orElse(parent.global.orElse(parent.parent.global)), System.err)) {
                GoldenQuery g = ws.knowledge().golden().stream().filter(x -> x.id().equals(id)).findFirst()
                        .orElseThrow(() -> new UserError("no golden question " + id + " (see `almanac knowledge list --kind golden`)"));
                if (g.expectedSql() == null) {
                    throw new UserError(id + " is a question the data cannot answer (comparison " + g.comparison() + "): it has no gold SQL to promote");
                }
                ObjectNode doc = Promotion.JSON.createObjectNode();
                String name = "golden_" + g.id();
                Path file;
                if (as == As.query) {
                    doc.put("name", name);
                    doc.put("question", g.question());
                    doc.put("sql", g.expectedSql());
                    doc.putPOJO("tags", g.tags());
                    doc.put("verified_by", by);
                    doc.put("verified_at", ws.today().toString());
                    file = Promotion.write(ws, dev.almanac.knowledge.KnowledgeSet.Kind.QUERY, name, doc, spec.commandLine().getErr());
                } else {
                    doc.put("name", name);
                    doc.put("title", "How to answer: " + g.question());
                    doc.put("description", "For questions like \"" + g.question() + "\", compute it as: " + g.expectedSql().strip());
                    doc.putPOJO("applies_to_tables", ws.tablesOf(g.expectedSql()).stream().sorted().toList());
                    doc.putPOJO("tags", g.tags());
                    file = Promotion.write(ws, dev.almanac.knowledge.KnowledgeSet.Kind.RULE, name, doc, spec.commandLine().getErr());
                }
                spec.commandLine().getOut().println("promoted " + id + " to " + ws.requireProject().dir().relativize(file));
                spec.commandLine().getOut().flush();
            }
        }
    }
}
