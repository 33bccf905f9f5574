package dev.almanac.cli;

import dev.almanac.AlmanacException;
import dev.almanac.UserError;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.KnowledgeValidator;
import dev.almanac.knowledge.Problem;
import dev.almanac.knowledge.SemanticFile;
import dev.almanac.knowledge.TableNote;
import dev.almanac.semantic.ModelDrafter;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.SemanticValidator;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.JdbcSource;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.store.Project;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "init", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Draft a project for your own database: almanac.yml and a semantic model marked as drafted.",
        description = {"Reads the source's catalog and a bounded sample of each table (read-only), then writes DIR/almanac.yml and",
                "DIR/knowledge/ (semantic/*.yml: a dataset per table or view with its key, dimensions, relationships and metrics;",
                "tables/*.yml: table notes). Every drafted item says why in its drafted: note. A folder that already has knowledge",
                "is refused unless --merge, which adds what is new (tables without a dataset or note) and changes no file."})
final class InitCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", description = "The project folder to write (default: the current folder).")
    Path dir;

    @Option(names = "--db", paramLabel = "PATH|URL", description = "The source: a DuckDB or SQLite file, or a JDBC URL. Read only; never created.")
    String db;

    @Option(names = "--merge", description = "Add to the knowledge already in DIR what is new; nothing written by a person is changed.")
    boolean merge;

    @Option(names = "--sample", paramLabel = "ROWS", defaultValue = "1000", description = "Rows read from each table at most (default ${DEFAULT-VALUE}).")
    int sample;

    @Option(names = "--budget", paramLabel = "TIME", defaultValue = "5m",
            description = "Time for reading the source (90s, 5m; default ${DEFAULT-VALUE}). When it runs out, the tables left are drafted from the catalog alone.")
    String budget;

    @Option(names = "--name", paramLabel = "NAME", description = "The project's name (default: the database's).")
    String name;

    @Option(names = {"-q", "--quiet"}, description = "No progress on standard error.")
    boolean quiet;

    @Option(names = {"-v", "--verbose"}, description = "Show stack traces on errors.")
    boolean verbose;

    @Override
    public void run() {
        GlobalOptions outer = spec.parent() == null ? null : spec.parent().commandLine().getCommand() instanceof AlmanacCommand a ? a.global : null;
        String spec0 = db != null ? db : outer != null ? outer.db : null;
        if (spec0 == null || spec0.isBlank()) throw new UserError("almanac init needs --db PATH|URL: the database to draft a project for");
        Path folder = (dir != null ? dir : Path.of("")).toAbsolutePath().normalize();
        Path knowledge = folder.resolve("knowledge");
        int existingFiles = countYaml(knowledge);
        if (existingFiles > 0 && !merge) {
            throw new UserError(folder + " already has knowledge (" + existingFiles + " files in knowledge/); nothing written. Use --merge to add what is new.");
        }
        Duration time = parseBudget(budget);
        if (sample < 1 || sample > 1_000_000) throw new UserError("--sample must be from 1 to 1000000 rows, not " + sample);
        PrintStream err = System.err;
        PrintWriter out = spec.commandLine().getOut();
        try (Source source = open(spec0)) {
            Catalog catalog;
            try {
                catalog = new CatalogIntrospector().structure(source);
            } catch (AlmanacException e) {
                throw new UserError("cannot read " + source.id() + ": " + e.getMessage().replaceFirst("^database error on [^:]+: ", ""));
            }
            if (catalog.tables().isEmpty()) throw new UserError(source.id() + " has no tables or views to draft a project from");
            ModelDrafter.Existing existing = existing(knowledge);
            try (Guard guard = new Guard(source.dialect())) {
                QueryExecutor executor = new QueryExecutor(source, guard, new QueryLimits(Duration.ofSeconds(30), Math.max(sample, 1000)));
                long started = System.nanoTime();
                ModelDrafter.Outcome outcome = new ModelDrafter(executor, new ModelDrafter.Settings(sample, time), existing,
                        quiet ? null : progress(err, started)).draft(catalog);
                Written written = writeKnowledge(folder, knowledge, outcome, catalog, executor);
                if (!Files.isRegularFile(folder.resolve(Project.FILE))) {
                    try {
                        Files.writeString(folder.resolve(Project.FILE), projectYaml(folder, spec0, source), StandardCharsets.UTF_8);
                    } catch (IOException e) {
                        throw new UserError("cannot write to " + folder + ": " + e.getMessage());
                    }
                    written = new Written(written.files(), true, written.leftOut(), written.fullCheck());
                }
                report(out, source, outcome, written, time, folder);
            }
        }
        out.flush();
    }

    /** Opens the source; one that cannot be opened is the user's to fix: one line, exit 2. */
    private static Source open(String spec) {
        Source source = Sources.open(spec);
        try {
            source.withConnection(c -> null);
        } catch (AlmanacException e) {
            source.close();
            throw new UserError("cannot read " + source.id() + ": " + e.getMessage().replaceFirst("^database error on [^:]+: ", ""));
        }
        return source;
    }

    private static ModelDrafter.Progress progress(PrintStream err, long started) {
        int[] lastTenth = {-1};
        return (done, total, table) -> {
            int tenth = total == 0 ? 10 : (int) (10L * done / total);
            if (tenth == lastTenth[0]) return;
            lastTenth[0] = tenth;
            err.printf(Locale.ROOT, "almanac init: %d/%d tables read (%.1f s)%n", done, total, (System.nanoTime() - started) / 1e9);
            err.flush();
        };
    }

    static Duration parseBudget(String text) {
        Matcher m = Pattern.compile("(?i)\\s*(\\d{1,6})\\s*(ms|s|m|h)?\\s*").matcher(text == null ? "" : text);
        if (!m.matches()) throw new UserError("invalid --budget '" + text + "': a time such as 90s, 5m or 1h");
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
        Duration d = switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
        if (d.isZero()) throw new UserError("invalid --budget '" + text + "': it must be more than nothing");
        return d;
    }

    private static int countYaml(Path knowledge) {
        if (!Files.isDirectory(knowledge)) return 0;
        try (Stream<Path> files = Files.walk(knowledge)) {
            return (int) files.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(".yml") || f.toString().endsWith(".yaml")).count();
        } catch (IOException e) {
            throw new UserError("cannot read " + knowledge + ": " + e.getMessage());
        }
    }

    /** The model and table notes already in the folder (for --merge); a folder whose files do not read is the user's to fix first. */
    private static ModelDrafter.Existing existing(Path knowledge) {
        if (countYaml(knowledge) == 0) return ModelDrafter.Existing.NONE;
        KnowledgeFiles.Read read = KnowledgeFiles.read(knowledge);
        if (!read.problems().isEmpty()) {
            throw new UserError(read.problems().size() + " problem(s) in " + knowledge + " (first: " + read.problems().get(0) + "); fix them before --merge");
        }
        Set<String> noted = new HashSet<>();
        for (TableNote t : read.knowledge().tables()) noted.add(t.table().toLowerCase(Locale.ROOT));
        return new ModelDrafter.Existing(SemanticModel.of(read.knowledge().semantic()), noted);
    }

    record Written(int files, boolean projectFile, List<String> leftOut, boolean fullCheck) {}

    /**
     * Writes the draft: each file checked first in a staging folder together with what is already there (the whole model must
     * validate against the source); a drafted file that does not is left out and said, and the rest written. Existing files are
     * never written over.
     */
    /**
     * Up to this many datasets the draft is validated as `knowledge validate` does, every metric compiled and run (LIMIT 0);
     * past it (thousands of queries, each a connection on a file database) names, references and joins are checked without
     * the database, each computed expression having been run when it was drafted, and the command says so.
     */
    static final int FULL_CHECK_DATASETS = 300;

    /** The model's problems that need no database (names, references, types, cycles), each at its file. */
    private static List<Problem> modelIssues(KnowledgeFiles.Read read, Catalog catalog, QueryExecutor executor) {
        List<Problem> out = new ArrayList<>();
        for (SemanticModel.Issue issue : SemanticModel.load(read.knowledge().semantic(), executor.source().dialect()).issues()) {
            KnowledgeFiles.Origin o = read.origins().get(KnowledgeSet.key(KnowledgeSet.Kind.SEMANTIC, issue.place().file()));
            out.add(new Problem(o == null ? "semantic/" + issue.place().file() + ".yml" : o.file(), 1, 0, issue.message()));
        }
        return out;
    }

    static Written writeKnowledge(Path folder, Path knowledge, ModelDrafter.Outcome outcome, Catalog catalog, QueryExecutor executor) {
        boolean fullCheck = outcome.files().size() <= FULL_CHECK_DATASETS;
        List<SemanticFile> semantic = new ArrayList<>(outcome.files());
        List<TableNote> notes = new ArrayList<>(outcome.notes());
        List<String> leftOut = new ArrayList<>();
        Path staging;
        try {
            Files.createDirectories(folder);
            staging = Files.createTempDirectory(folder, ".almanac-init-");
        } catch (IOException e) {
            throw new UserError("cannot write to " + folder + ": " + e.getMessage());
        }
        try {
            Map<String, String> placed = new LinkedHashMap<>();
            for (int round = 0; round < 4; round++) {
                deleteTree(staging);
                Files.createDirectories(staging);
                if (Files.isDirectory(knowledge)) copyTree(knowledge, staging);
                placed.clear();
                placed.putAll(place(staging, knowledge, semantic, notes));
                KnowledgeFiles.Read read = KnowledgeFiles.read(staging);
                List<Problem> problems = new ArrayList<>(read.problems());
                if (problems.isEmpty()) {
                    KnowledgeValidator.Check check = fullCheck ? new SemanticValidator() : InitCommand::modelIssues;
                    problems.addAll(new KnowledgeValidator(catalog, executor, List.of(check)).validate(read));
                }
                if (problems.isEmpty()) break;
                Set<String> bad = new HashSet<>();
                for (Problem p : problems) bad.add(p.file());
                int before = semantic.size() + notes.size();
                semantic.removeIf(f -> {
                    boolean drop = bad.contains(placed0(placed, "semantic", f.name()));
                    if (drop) leftOut.add(f.name() + ": " + problems.stream().filter(p -> p.file().equals(placed0(placed, "semantic", f.name())))
                            .findFirst().map(Problem::message).orElse(""));
                    return drop;
                });
                notes.removeIf(t -> bad.contains(placed0(placed, "tables", t.table())));
                if (semantic.size() + notes.size() == before) {
                    throw new AlmanacException("the drafted model does not validate with the knowledge already there: " + problems.get(0));
                }
            }
            // move the new files into place: none existed (place() chose free names)
            int count = 0;
            for (String relative : placed.values()) {
                Path target = knowledge.resolve(relative);
                Files.createDirectories(target.getParent());
                Files.move(staging.resolve(relative), target);
                count++;
            }
            return new Written(count, false, leftOut, fullCheck);
        } catch (IOException e) {
            throw new UserError("cannot write to " + folder + ": " + e.getMessage());
        } finally {
            try {
                deleteTree(staging);
            } catch (IOException e) {
                // a leftover staging folder is harmless
            }
        }
    }

    private static String placed0(Map<String, String> placed, String kind, String name) {
        String f = placed.get(kind + ":" + name);
        return f == null ? "" : f;
    }

    /** Writes the drafted items into the staging folder under names no existing file has; returns "kind:name" -> relative file. */
    private static Map<String, String> place(Path staging, Path knowledge, List<SemanticFile> semantic, List<TableNote> notes) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        for (SemanticFile f : semantic) {
            String rel = free(knowledge, "semantic", f.name(), taken);
            Path file = staging.resolve(rel);
            Files.createDirectories(file.getParent());
            Files.writeString(file, KnowledgeFiles.yaml(f), StandardCharsets.UTF_8);
            out.put("semantic:" + f.name(), rel);
        }
        for (TableNote t : notes) {
            String rel = free(knowledge, "tables", t.table().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "_"), taken);
            Path file = staging.resolve(rel);
            Files.createDirectories(file.getParent());
            Files.writeString(file, KnowledgeFiles.yaml(t), StandardCharsets.UTF_8);
            out.put("tables:" + t.table(), rel);
        }
        return out;
    }

    private static String free(Path knowledge, String folder, String stem, Set<String> taken) {
        String base = stem.isEmpty() ? "item" : stem;
        String rel = folder + "/" + base + ".yml";
        for (int i = 2; Files.exists(knowledge.resolve(rel)) || !taken.add(rel.toLowerCase(Locale.ROOT)); i++) rel = folder + "/" + base + "_" + i + ".yml";
        return rel;
    }

    /** almanac.yml for the source: a file path relative to the project when it is inside it; a URL without its credentials. */
    private String projectYaml(Path folder, String dbSpec, Source source) {
        String src = dbSpec;
        boolean hadSecret = false;
        if (dbSpec.startsWith("jdbc:") && !dbSpec.startsWith("jdbc:duckdb:") && !dbSpec.startsWith("jdbc:sqlite:")) {
            String cleaned = dbSpec.replaceAll("(?i)((?:password|pwd)=)[^&;]*", "$1\\${ALMANAC_DB_PASSWORD}");
            hadSecret = !cleaned.equals(dbSpec) || dbSpec.matches("jdbc:[a-z]+://[^/@]+:[^/@]*@.*");
            src = cleaned.replaceAll("//([^/@:]+):[^/@]*@", "//$1:\\${ALMANAC_DB_PASSWORD}@");
        } else {
            Path file = Path.of(dbSpec.replaceFirst("^jdbc:(duckdb|sqlite):", "")).toAbsolutePath().normalize();
            src = file.startsWith(folder) ? folder.relativize(file).toString() : file.toString();
        }
        String projectName = name != null ? name : Path.of(source.id().replaceAll("[?;].*$", "")).getFileName() == null ? "project"
                : Path.of(source.id().replaceAll("[?;].*$", "")).getFileName().toString().replaceFirst("\\.[A-Za-z0-9]+$", "");
        StringBuilder y = new StringBuilder();
        y.append("# Almanac project drafted by `almanac init` from ").append(JdbcSource.withoutCredentials(source.id())).append(".\n");
        y.append("# knowledge/ holds a drafted semantic model and table notes: read them, fix what is wrong, remove the drafted: notes.\n");
        y.append("name: ").append(quoteYaml(projectName)).append('\n');
        y.append("source: ").append(quoteYaml(src)).append('\n');
        if (hadSecret) y.append("# the password is read from the environment variable ALMANAC_DB_PASSWORD\n");
        y.append("knowledge: knowledge\n");
        return y.toString();
    }

    private static String quoteYaml(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static void report(PrintWriter out, Source source, ModelDrafter.Outcome o, Written w, Duration budget, Path folder) {
        int datasets = o.files().size() - w.leftOut().size();
        out.printf(Locale.ROOT, "Drafted %d datasets from %s (%d tables and views: %d sampled, %d from the catalog only), %d relationships (%d declared, %d inferred), %d metrics; %,d rows read in %.1f s.%n",
                datasets, JdbcSource.withoutCredentials(source.id()), o.tables(), o.sampled(), o.fromCatalogOnly(), o.declaredRelationships() + o.inferredRelationships(),
                o.declaredRelationships(), o.inferredRelationships(), o.metrics(), o.rowsRead(), o.millis() / 1000.0);
        if (o.budgetRanOut()) {
            out.printf("The time budget (%s) ran out: %d tables were drafted from the catalog alone (their drafted: notes say so). What was drafted is kept; run again with a larger --budget in another folder to sample them.%n",
                    budget.toString().substring(2).toLowerCase(Locale.ROOT), o.fromCatalogOnly());
        }
        for (ModelDrafter.Skipped s : o.skipped()) out.println("Skipped " + s.table() + ": " + s.reason());
        if (!w.fullCheck()) {
            out.printf("Checked the model's names, references and joins, not each of its %d metrics against the source (over %d datasets): `almanac --project %s knowledge validate` does.%n",
                    o.metrics(), FULL_CHECK_DATASETS, folder);
        }
        for (String l : w.leftOut()) out.println("Left out " + l);
        out.printf("Wrote %d knowledge files to %s%s. Review the drafted: notes, then ask: almanac --project %s ask \"...\"%n", w.files(), folder.resolve("knowledge"),
                w.projectFile() ? " and " + Project.FILE : "", folder);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(target);
                else Files.copy(f, target);
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
        }
    }
}
