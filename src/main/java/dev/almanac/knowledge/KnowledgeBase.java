package dev.almanac.knowledge;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.almanac.AlmanacException;
import dev.almanac.UserError;
import dev.almanac.store.KnowledgeStore;
import dev.almanac.store.Project;
import dev.almanac.store.StoredItem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A project's knowledge as the app store holds it, and the import of knowledge files into it:
 * validated first, then written all-or-nothing. Importing the same files again changes nothing.
 */
public final class KnowledgeBase {
    private final KnowledgeStore store;

    public KnowledgeBase(KnowledgeStore store) {
        this.store = store;
    }

    /** What an import did: the problems that stopped it, or the items it stored. */
    public record ImportResult(List<Problem> problems, KnowledgeSet imported) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    public ImportResult importFiles(Project project, Path dir, Path dbtFile, KnowledgeValidator validator) {
        KnowledgeFiles.Read read = KnowledgeFiles.read(dir);
        List<Problem> problems = validator.validate(read);
        if (!problems.isEmpty()) return new ImportResult(problems, KnowledgeSet.EMPTY);
        KnowledgeSet set = read.knowledge();
        if (dbtFile != null) set = DbtImport.merge(set, dbtFile, validator);
        store(project, set, fingerprint(dir) + (dbtFile == null ? "" : "+dbt:" + fingerprintFile(dbtFile)));
        return new ImportResult(List.of(), set);
    }

    /** Replaces the project's stored knowledge with an already validated set (all-or-nothing). */
    public void store(Project project, KnowledgeSet set, String fingerprint) {
        store.replace(project, toItems(set), fingerprint);
    }

    /** The stored knowledge; the project's files are imported first when they changed since the last import. */
    public KnowledgeSet current(Project project, Supplier<KnowledgeValidator> validator) {
        List<Problem> problems = importIfChanged(project, validator);
        if (!problems.isEmpty()) {
            throw new UserError("the knowledge files in " + project.knowledgeDir() + " have " + problems.size() + " problem(s); first: "
                    + problems.get(0) + " (run `almanac knowledge validate`)");
        }
        return load(project);
    }

    /** The knowledge a long-running server serves, and the problems of the project's files when they could not be imported. */
    public record Served(KnowledgeSet knowledge, List<Problem> problems) {
        public boolean degraded() {
            return !problems.isEmpty();
        }
    }

    /**
     * Like {@link #current}, but a folder whose files are broken (a hand edit with a mistake) does not stop
     * the service: the last good knowledge the store holds is served, with the problems to report
     * (file:line), until the files are fixed and imported.
     */
    public Served currentOrLastGood(Project project, Supplier<KnowledgeValidator> validator) {
        List<Problem> problems = importIfChanged(project, validator);
        return new Served(load(project), problems);
    }

    /** The problems of the project's files as they are now, found without importing them. */
    public List<Problem> problemsOf(Project project, Supplier<KnowledgeValidator> validator) {
        Path dir = project.knowledgeDir();
        if (!Files.isDirectory(dir)) return List.of(new Problem(dir.getFileName().toString(), 0, 0, "the knowledge folder does not exist"));
        return validator.get().validate(KnowledgeFiles.read(dir));
    }

    /** Whether the store holds the project's files as they are now (their last import is of these very files). */
    public boolean importedAsIs(Project project) {
        Path dir = project.knowledgeDir();
        if (!Files.isDirectory(dir)) return false;
        String fp = fingerprint(project, dir);
        return store.lastFingerprint(project).map(last -> last.startsWith(fp)).orElse(false);
    }

    /** Imports the project's files when they changed since the last import; the problems that stopped it, if any. */
    private List<Problem> importIfChanged(Project project, Supplier<KnowledgeValidator> validator) {
        Path dir = project.knowledgeDir();
        // a knowledge folder that is not there is a mistake to report, never a reason to answer from what the store last held
        if (!Files.isDirectory(dir)) {
            throw new UserError("the knowledge folder " + dir + " does not exist: create it, or fix 'knowledge:' in " + Project.FILE);
        }
        String fp = fingerprint(project, dir);
        boolean changed = store.lastFingerprint(project).map(last -> !last.startsWith(fp)).orElse(true);
        return changed ? importFiles(project, dir, null, validator.get()).problems() : List.of();
    }

    /**
     * The project's knowledge as the store holds it, each kind read when first looked into, not here: a question asked
     * never needs the golden questions (most of the items, read by an eval run or the knowledge API), and a command that
     * prepares the semantic layer on another thread has that thread read the model's files while this one reads the
     * verified queries.
     */
    public KnowledgeSet load(Project project) {
        KnowledgeSet.Builder set = new KnowledgeSet.Builder();
        Map<KnowledgeSet.Kind, List<StoredItem>> byKind = new java.util.EnumMap<>(KnowledgeSet.Kind.class);
        for (StoredItem item : store.items(project)) {
            KnowledgeSet.Kind kind = KnowledgeSet.Kind.valueOf(item.kind().toUpperCase(Locale.ROOT));
            byKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(item);
            set.file(kind, item.name(), item.sourceFile());
        }
        byKind.forEach((kind, items) -> set.defer(kind, items, i -> read(kind, i.name(), i.body()), StoredItem::body));
        return set.build();
    }

    private static Object read(KnowledgeSet.Kind kind, String name, String body) {
        try {
            return KnowledgeFiles.MAPPER.readValue(body, KnowledgeFiles.recordOf(kind));
        } catch (JsonProcessingException e) {
            throw new AlmanacException("stored " + kind.name().toLowerCase(Locale.ROOT) + " '" + name + "' cannot be read: " + e.getOriginalMessage(), e);
        }
    }

    static List<StoredItem> toItems(KnowledgeSet set) {
        List<StoredItem> items = new ArrayList<>();
        add(items, set, KnowledgeSet.Kind.TABLE, set.tables());
        add(items, set, KnowledgeSet.Kind.METRIC, set.metrics());
        add(items, set, KnowledgeSet.Kind.QUERY, set.queries());
        add(items, set, KnowledgeSet.Kind.RULE, set.rules());
        add(items, set, KnowledgeSet.Kind.GOLDEN, set.golden());
        add(items, set, KnowledgeSet.Kind.SEMANTIC, set.semantic());
        return items;
    }

    private static void add(List<StoredItem> items, KnowledgeSet set, KnowledgeSet.Kind kind, List<?> values) {
        for (Object v : values) {
            String name = KnowledgeFiles.nameOf(v);
            try {
                items.add(new StoredItem(kind.name().toLowerCase(Locale.ROOT), name, KnowledgeFiles.MAPPER.writeValueAsString(v),
                        set.files().get(KnowledgeSet.key(kind, name))));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * A digest of every knowledge file's path and content: it changes exactly when the files do. An edit's
     * temporary file (moved into place a moment later) is not part of the folder, and a file removed while
     * the folder is read is left out (an edit in another thread or process).
     */
    public static String fingerprint(Path dir) {
        return fingerprint(dir, null);
    }

    /** The same digest, the contents of files unchanged since an earlier run taken from the project's cache folder. */
    private static String fingerprint(Project project, Path dir) {
        String key = Integer.toHexString(dir.toAbsolutePath().normalize().toString().hashCode());
        return fingerprint(dir, project.cacheDir().resolve("knowledge-files-" + key + ".tsv"));
    }

    private static String fingerprint(Path dir, Path cacheFile) {
        try {
            return FolderFingerprint.of(dir, cacheFile);
        } catch (java.io.UncheckedIOException e) {
            // a folder removed while it was walked: read it again, as it is now
            if (e.getCause() instanceof java.nio.file.NoSuchFileException) return fingerprint(dir, cacheFile);
            throw new AlmanacException("cannot read the knowledge folder " + dir + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new AlmanacException("cannot read the knowledge folder " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String fingerprintFile(Path file) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)), 0, 8);
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new UserError("cannot read " + file + ": " + e.getMessage());
        }
    }
}
