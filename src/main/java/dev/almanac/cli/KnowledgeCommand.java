package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.knowledge.KnowledgeBase;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Problem;
import dev.almanac.store.Project;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "knowledge", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Validate, import, export and list knowledge files.",
        description = "Knowledge files: table notes, metrics, verified queries, business rules, golden queries, semantic model.",
        subcommands = {KnowledgeCommand.Validate.class, KnowledgeCommand.Import.class, KnowledgeCommand.Export.class, KnowledgeCommand.ListItems.class})
final class KnowledgeCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @ParentCommand
    AlmanacCommand parent;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required: validate, import, export or list");
    }

    /** Shared by the subcommands: global options and the knowledge folder. */
    abstract static class Base implements Runnable {
        @Spec
        CommandSpec spec;

        @ParentCommand
        KnowledgeCommand parent;

        @Mixin
        GlobalOptions global;

        Workspace open() {
            return Workspace.open(global.orElse(parent.parent.global), System.err);
        }

        PrintWriter out() {
            return spec.commandLine().getOut();
        }

        static Path folder(Path given, Workspace ws) {
            return given != null ? given : ws.requireProject().knowledgeDir();
        }

        static void report(List<Problem> problems, PrintWriter err) {
            for (Problem p : problems) err.println(p);
            err.flush();
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Check knowledge files against the data source: shape, names of tables and columns, and",
                    "that every SQL passes the guard and runs. Each problem is printed as file:line: reason (exit code 2)."})
    static final class Validate extends Base {
        @Option(names = "--dir", paramLabel = "DIR", description = "Knowledge folder (default: the project's).")
        Path dir;

        @Override
        public void run() {
            try (Workspace ws = open()) {
                Path folder = folder(dir, ws);
                KnowledgeFiles.Read read = KnowledgeFiles.read(folder);
                List<Problem> problems = ws.validator().validate(read);
                if (!problems.isEmpty()) {
                    report(problems, spec.commandLine().getErr());
                    throw new UserError(problems.size() + " problem(s) in " + folder);
                }
                out().println("valid: " + summary(read.knowledge()));
                out().flush();
            }
        }
    }

    @Command(name = "import", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Validate the knowledge files, then replace the project's stored knowledge with them (all-or-nothing).",
                    "With --dbt, table and column descriptions from a dbt manifest.json or schema.yml fill in what the files leave empty."})
    static final class Import extends Base {
        @Option(names = "--dir", paramLabel = "DIR", description = "Knowledge folder (default: the project's).")
        Path dir;

        @Option(names = "--dbt", paramLabel = "FILE", description = "A dbt manifest.json or schema.yml.")
        Path dbt;

        @Option(names = "--dbt-semantic", paramLabel = "FILE|DIR", description = {"dbt's compiled semantic manifest (target/semantic_manifest.json),",
                "or a dbt project's YAML (its folder: every *.yml/*.yaml with semantic_models:, metrics:, saved_queries:; or one file):",
                "its semantic models, metrics and saved queries written as knowledge files (semantic/dbt.yml, queries/dbt_*.yml), then imported;",
                "what has no counterpart is listed with its place (file, metrics[name]), notes say what was mapped with a difference."})
        Path dbtSemantic;

        @Option(names = "--osi", paramLabel = "FILE", description = "An Apache Ossie (formerly Open Semantic Interchange, OSI) core semantic model, 0.1.1 or the 0.2 draft, such as `knowledge export --format osi` writes.")
        Path osi;

        @Option(names = "--cortex", paramLabel = "FILE", description = {"A Snowflake Cortex Analyst semantic model (YAML): its tables, dimensions, facts,",
                "filters, metrics and relationships, its verified queries translated to the base tables (those that run) and its custom instructions",
                "written as knowledge files (semantic/cortex.yml, queries/cortex_*.yml, business/cortex_*.yml), then imported."})
        Path cortex;

        @Override
        public void run() {
            try (Workspace ws = open()) {
                if ((dbtSemantic != null ? 1 : 0) + (cortex != null ? 1 : 0) + (osi != null ? 1 : 0) > 1) {
                    throw new UserError("give one of --dbt-semantic, --cortex and --osi");
                }
                if (dbtSemantic != null || cortex != null || osi != null) {
                    SemanticImport.Outcome outcome = dbtSemantic != null ? SemanticImport.dbt(ws, dbtSemantic, spec.commandLine().getErr())
                            : cortex != null ? SemanticImport.cortex(ws, cortex, spec.commandLine().getErr()) : SemanticImport.osi(ws, osi, spec.commandLine().getErr());
                    out().println("wrote " + String.join(", ", outcome.written()) + " and imported " + summary(ws.knowledge()));
                    if (!outcome.unmapped().isEmpty()) {
                        out().println("not mapped (" + outcome.unmapped().size() + "):");
                        outcome.unmapped().forEach(u -> out().println("  " + u));
                    }
                    if (!outcome.notes().isEmpty()) {
                        out().println("notes (" + outcome.notes().size() + "):");
                        outcome.notes().forEach(n -> out().println("  " + n));
                    }
                    out().flush();
                    return;
                }
                Project project = ws.requireProject();
                Path folder = folder(dir, ws);
                KnowledgeBase.ImportResult result = ws.knowledgeBase().importFiles(project, folder, dbt, ws.validator());
                ws.reloadKnowledge();
                if (!result.ok()) {
                    report(result.problems(), spec.commandLine().getErr());
                    throw new UserError(result.problems().size() + " problem(s) in " + folder + "; nothing was imported");
                }
                out().println("imported " + summary(result.imported()));
                out().flush();
            }
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Write the project's stored knowledge as files (they import back to the same state).",
                    "With --format osi, the semantic model as one Apache Ossie 0.1.1 (OSI core) YAML file instead."})
    static final class Export extends Base {
        enum Format { files, osi }

        @Option(names = "--out", paramLabel = "DIR|FILE", required = true, description = "Folder to write into (a file with --format osi).")
        Path outDir;

        @Option(names = "--format", defaultValue = "files", description = "files or osi (default ${DEFAULT-VALUE}).")
        Format format;

        @Override
        public void run() {
            try (Workspace ws = open()) {
                KnowledgeSet set = ws.knowledge();
                if (format == Format.osi) {
                    if (set.semantic().isEmpty()) throw new UserError("the project has no semantic model to export (knowledge/semantic/*.yml)");
                    var project = ws.requireProject();
                    String text = dev.almanac.knowledge.KnowledgeFiles.yaml(dev.almanac.knowledge.OsiFormat.export(project.name(),
                            "Exported by Almanac from the project " + project.name() + ".", set.semantic()));
                    if (outDir.getParent() != null) java.nio.file.Files.createDirectories(outDir.getParent());
                    java.nio.file.Files.writeString(outDir, text);
                    out().println("exported the semantic model (" + set.semantic().size() + " files) as Apache Ossie " + dev.almanac.knowledge.OsiFormat.VERSION
                            + " to " + outDir);
                    List<String> lost = dev.almanac.knowledge.OsiFormat.coreCannotCarry(set.semantic());
                    if (!lost.isEmpty()) {
                        out().println("Ossie's core fields cannot carry (kept in COMMON extensions, which Almanac reads back and other tools may not):");
                        lost.forEach(l -> out().println("  " + l));
                    }
                    out().flush();
                    return;
                }
                int files = KnowledgeFiles.write(set, outDir);
                out().println("exported " + summary(set) + " to " + files + " files in " + outDir);
                out().flush();
            } catch (IOException e) {
                throw new UserError("cannot write to " + outDir + ": " + e.getMessage());
            }
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "List the project's knowledge items.")
    static final class ListItems extends Base {
        enum Kind { tables, metrics, queries, rules, golden }

        @Option(names = "--kind", description = "Only this kind: tables, metrics, queries, rules or golden.")
        Kind kind;

        @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
        SchemaCommand.Format format;

        @Override
        public void run() {
            try (Workspace ws = open()) {
                KnowledgeSet set = ws.knowledge();
                Map<String, List<Map<String, String>>> items = new LinkedHashMap<>();
                if (kind == null || kind == Kind.tables) items.put("tables", rows(set.tables(), t -> t.table(), t -> t.description()));
                if (kind == null || kind == Kind.metrics) items.put("metrics", rows(set.metrics(), m -> m.name(), m -> m.label() == null ? m.definition() : m.label()));
                if (kind == null || kind == Kind.queries) items.put("queries", rows(set.queries(), q -> q.name(), q -> q.question() + " (verified by " + q.verifiedBy() + ", " + q.verifiedAt() + ")"));
                if (kind == null || kind == Kind.rules) items.put("rules", rows(set.rules(), r -> r.name(), r -> r.title()));
                if (kind == null || kind == Kind.golden) items.put("golden", rows(set.golden(), g -> g.id(), g -> "[" + g.difficulty() + "] " + g.question()));
                PrintWriter out = out();
                if (format == SchemaCommand.Format.json) {
                    out.println(Json.write(items));
                } else {
                    items.forEach((k, list) -> {
                        out.println(k + " (" + list.size() + ")");
                        for (Map<String, String> row : list) out.println("  " + row.get("name") + " — " + row.get("summary"));
                    });
                }
                out.flush();
            }
        }

        private static <T> List<Map<String, String>> rows(List<T> values, java.util.function.Function<T, String> name, java.util.function.Function<T, String> summary) {
            List<Map<String, String>> rows = new ArrayList<>();
            for (T v : values) {
                Map<String, String> row = new LinkedHashMap<>();
                row.put("name", name.apply(v));
                row.put("summary", summary.apply(v));
                rows.add(row);
            }
            return rows;
        }
    }

    static String summary(KnowledgeSet k) {
        return k.tables().size() + " table notes, " + k.metrics().size() + " metrics, " + k.queries().size() + " verified queries, "
                + k.rules().size() + " business rules, " + k.golden().size() + " golden queries"
                + (k.semantic().isEmpty() ? "" : ", " + k.semantic().size() + " semantic model files");
    }
}
