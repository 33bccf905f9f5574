package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.knowledge.KnowledgeEditor;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.store.LearningRow;
import dev.almanac.store.LearningStore;
import dev.almanac.store.Project;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "learnings", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Review what the agent learned from its mistakes.",
        description = "Corrections the agent learned from its own mistakes: list, deactivate, or promote to a business rule or verified query.",
        subcommands = {LearningsCommand.ListLearnings.class, LearningsCommand.Deactivate.class, LearningsCommand.Promote.class})
final class LearningsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @ParentCommand
    AlmanacCommand parent;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required: list, deactivate or promote");
    }

    abstract static class Base implements Runnable {
        @Spec
        CommandSpec spec;

        @ParentCommand
        LearningsCommand parent;

        @Mixin
        GlobalOptions global;

        Workspace open() {
            return Workspace.open(global.orElse(parent.parent.global), System.err);
        }

        static LearningRow find(LearningStore store, Project project, String id) {
            return store.all(project).stream().filter(l -> l.id().equals(id)).findFirst()
                    .orElseThrow(() -> new UserError("no learning with id " + id + " (see `almanac learnings list`)"));
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = "List learnings, most trusted first.")
    static final class ListLearnings extends Base {
        @Option(names = "--all", description = "Include deactivated learnings.")
        boolean all;

        @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
        SchemaCommand.Format format;

        @Override
        public void run() {
            try (Workspace ws = open()) {
                LearningStore store = new LearningStore(ws.appStore());
                List<LearningRow> rows = all ? store.all(ws.requireProject()) : store.active(ws.requireProject());
                PrintWriter out = spec.commandLine().getOut();
                if (format == SchemaCommand.Format.json) {
                    out.println(Json.write(rows));
                } else if (rows.isEmpty()) {
                    out.println("No learnings yet.");
                } else {
                    for (LearningRow l : rows) {
                        out.printf("%s  %.2f  used %d×  [%s] %s  (tables: %s)%s%n", l.id(), l.confidence(), l.timesApplied(), l.category(), l.description(),
                                String.join(", ", l.tables()), l.active() ? "" : "  (inactive)");
                    }
                }
                out.flush();
            }
        }
    }

    @Command(name = "deactivate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = "Stop using a learning.")
    static final class Deactivate extends Base {
        @Parameters(paramLabel = "ID")
        String id;

        @Override
        public void run() {
            try (Workspace ws = open()) {
                new LearningStore(ws.appStore()).setActive(id, false);
                spec.commandLine().getOut().println("deactivated " + id);
                spec.commandLine().getOut().flush();
            }
        }
    }

    @Command(name = "promote", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Turn a learning into curated knowledge: a business rule, or (with --as query and a corrected SQL) a verified query.",
                    "The file is written into the project's knowledge folder and imported; the learning is deactivated."})
    static final class Promote extends Base {
        enum As { rule, query }

        @Parameters(paramLabel = "ID")
        String id;

        @Option(names = "--as", defaultValue = "rule", description = "rule or query (default ${DEFAULT-VALUE}).")
        As as;

        @Option(names = "--by", defaultValue = "almanac learnings promote", description = "Who verified it (for a verified query).")
        String by;

        @Override
        public void run() {
            try (Workspace ws = open()) {
                Project project = ws.requireProject();
                LearningStore store = new LearningStore(ws.appStore());
                LearningRow l = find(store, project, id);
                KnowledgeEditor.Promoted p = KnowledgeEditor.promotion(l, as == As.rule ? KnowledgeSet.Kind.RULE : KnowledgeSet.Kind.QUERY, by, ws.today());
                Path file = Promotion.write(ws, p.kind(), p.name(), p.item(), spec.commandLine().getErr());
                store.setActive(id, false);
                spec.commandLine().getOut().println("promoted " + id + " to " + project.dir().relativize(file) + " and deactivated the learning");
                spec.commandLine().getOut().flush();
            }
        }
    }
}
