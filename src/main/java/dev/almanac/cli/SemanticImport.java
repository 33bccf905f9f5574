package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.knowledge.DbtProjectYaml;
import dev.almanac.knowledge.DbtSemanticImport;
import dev.almanac.knowledge.Interchange;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.Problem;
import dev.almanac.knowledge.SemanticFile;
import dev.almanac.knowledge.VerifiedQuery;
import dev.almanac.semantic.Grain;
import dev.almanac.semantic.SemanticCompiler;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueIndex;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A semantic model from another tool written as Almanac knowledge files: staged in a copy of the knowledge folder,
 * validated against the catalog with everything already there (the imported metrics must compile and run), and only then
 * written into the folder and imported, all-or-nothing. Importing the same file again writes the same files.
 */
final class SemanticImport {
    private SemanticImport() {}

    /** What an import wrote, what it could not map, and notes on what it mapped (or did not need). */
    record Outcome(List<String> written, List<Interchange.Unmapped> unmapped, List<Interchange.Unmapped> notes) {
        Outcome(List<String> written, List<Interchange.Unmapped> unmapped) {
            this(written, unmapped, List.of());
        }
    }

    /** dbt's compiled semantic manifest (JSON), or a dbt project's YAML: its folder or one of its files. */
    static Outcome dbt(Workspace ws, Path source, PrintWriter err) {
        if (!Files.exists(source)) throw new UserError("file not found: " + source);
        Path folder = ws.requireProject().knowledgeDir();
        DbtSemanticImport.Imported imported;
        java.nio.file.attribute.FileTime modified;
        try {
            if (DbtProjectYaml.isYaml(source)) {
                DbtProjectYaml.Project project = DbtProjectYaml.read(source);
                imported = DbtSemanticImport.read(project.manifest(), "dbt", "Imported from the dbt project " + source.toAbsolutePath().normalize().getFileName() + ".");
                modified = project.modified();
            } else {
                imported = DbtSemanticImport.read(source, "dbt");
                modified = Files.getLastModifiedTime(source);
            }
        } catch (IOException e) {
            throw new UserError("cannot read " + source + ": " + e.getMessage());
        }
        List<Interchange.Unmapped> unmapped = new ArrayList<>(imported.unmapped());
        Map<String, Object> files = new LinkedHashMap<>();
        files.put("semantic/" + imported.file().name() + ".yml", imported.file());

        List<SemanticFile> all = new ArrayList<>(ws.knowledge().semantic().stream().filter(f -> !f.name().equals(imported.file().name())).toList());
        all.add(imported.file());
        SemanticModel model;
        try {
            model = SemanticModel.of(all);
        } catch (RuntimeException e) {
            throw new UserError("the imported semantic model does not hold together with the project's: " + e.getMessage());
        }
        SemanticCompiler compiler = new SemanticCompiler(model, ValueIndex.EMPTY);
        // the day of the manifest (the newest file of the project): importing the same files again writes the same files
        String verifiedAt = modified.toInstant().atZone(java.time.ZoneOffset.UTC).toLocalDate().toString();
        for (DbtSemanticImport.SavedQuery saved : imported.savedQueries()) {
            String at = saved.at();
            try {
                SemanticQuery query = new SemanticQuery(saved.metrics(), saved.groupBy().stream().map(SemanticQuery.GroupBy::parse).toList(),
                        saved.grain() == null ? null : Grain.parse(saved.grain()), null, null, saved.where().stream().map(SemanticQuery.Filter::parse).toList(),
                        List.of(), null, null, List.of(), List.of());
                String sql = compiler.compile(query, ws.source().dialect()).sql();
                String name = "dbt_" + saved.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "_");
                String question = saved.description() != null ? saved.description() : saved.name().replace('_', ' ');
                files.put("queries/" + name + ".yml", new VerifiedQuery(name, question, sql, List.of(), List.of(), List.of("dbt"),
                        "dbt saved query " + saved.name(), verifiedAt));
            } catch (RuntimeException e) {
                unmapped.add(new Interchange.Unmapped(at, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("")));
            }
        }
        write(ws, folder, files, err);
        return new Outcome(List.copyOf(files.keySet()), unmapped, imported.notes());
    }

    /**
     * A Cortex Analyst model: read against the source (each expression and verified query must run there, else it is
     * reported, not written), then its semantic file, verified queries and custom instructions (business rules) written.
     */
    static Outcome cortex(Workspace ws, Path model, PrintWriter err) {
        if (!Files.isRegularFile(model)) throw new UserError("file not found: " + model);
        Path folder = ws.requireProject().knowledgeDir();
        dev.almanac.sql.QueryExecutor executor = ws.executor(ws.limits());
        dev.almanac.knowledge.CortexImport.Probe probe = new dev.almanac.knowledge.CortexImport.Probe(ws.catalog(), sql -> {
            try {
                executor.execute(sql);
                return null;
            } catch (dev.almanac.AlmanacException e) {
                return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            }
        });
        dev.almanac.knowledge.CortexImport.Imported imported = dev.almanac.knowledge.CortexImport.read(model, "cortex", probe);
        Map<String, Object> files = new LinkedHashMap<>();
        files.put("semantic/" + imported.file().name() + ".yml", imported.file());
        for (VerifiedQuery q : imported.queries()) files.put("queries/" + q.name() + ".yml", q);
        for (dev.almanac.knowledge.BusinessRule r : imported.rules()) files.put("business/" + r.name() + ".yml", r);
        write(ws, folder, files, err);
        return new Outcome(List.copyOf(files.keySet()), imported.unmapped());
    }

    static Outcome osi(Workspace ws, Path model, PrintWriter err) {
        if (!Files.isRegularFile(model)) throw new UserError("file not found: " + model);
        DbtSemanticImport.Imported imported = dev.almanac.knowledge.OsiFormat.read(model, "osi", ws.catalog());
        Map<String, Object> files = new LinkedHashMap<>();
        files.put("semantic/" + imported.file().name() + ".yml", imported.file());
        write(ws, ws.requireProject().knowledgeDir(), files, err);
        return new Outcome(List.copyOf(files.keySet()), imported.unmapped());
    }

    /** Writes the files into a staged copy of the folder, validates it, then into the folder itself and imports it. */
    private static void write(Workspace ws, Path folder, Map<String, Object> files, PrintWriter err) {
        Path stage = null;
        try {
            stage = Files.createTempDirectory("almanac-import");
            copy(folder, stage);
            for (Map.Entry<String, Object> f : files.entrySet()) {
                Path target = stage.resolve(f.getKey());
                Files.createDirectories(target.getParent());
                Files.writeString(target, KnowledgeFiles.yaml(f.getValue()));
            }
            KnowledgeFiles.Read read = KnowledgeFiles.read(stage);
            List<Problem> problems = new ArrayList<>(read.problems());
            if (problems.isEmpty()) problems.addAll(ws.validator().validate(read));
            if (!problems.isEmpty()) {
                problems.stream().limit(20).forEach(p -> err.println(p));
                err.flush();
                throw new UserError(problems.size() + " problem(s) in what the import would write (first: " + problems.get(0) + "); nothing was written");
            }
            for (String name : files.keySet()) {
                Path target = folder.resolve(name);
                Files.createDirectories(target.getParent());
                Files.copy(stage.resolve(name), target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UserError("cannot write the knowledge files: " + e.getMessage());
        } finally {
            if (stage != null) delete(stage);
        }
        var result = ws.knowledgeBase().importFiles(ws.requireProject(), folder, null, ws.validator());
        ws.reloadKnowledge();
        if (!result.ok()) throw new UserError(result.problems().size() + " problem(s) in " + folder + " after the import; first: " + result.problems().get(0));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
