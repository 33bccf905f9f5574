package dev.almanac.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.almanac.AlmanacException;
import dev.almanac.UserError;
import dev.almanac.store.LearningRow;
import dev.almanac.store.Project;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Changes one knowledge item at a time, keeping the project's files the source of truth: the edit
 * is applied to a staged copy of the knowledge folder, the whole copy is validated (shape, tables,
 * columns, every query runs), and only then is the one changed file written into the project (by
 * an atomic move) and the folder imported. A rejected edit changes nothing and reports every
 * problem with its file and line. Edits are serialised: each validates against the previous one.
 */
public final class KnowledgeEditor {
    private static final String LOCK_FILE = "knowledge-edit.lock";
    private static final ConcurrentHashMap<Path, Object> MONITORS = new ConcurrentHashMap<>();

    private final Project project;
    private final KnowledgeBase base;
    private final Supplier<KnowledgeValidator> validator;

    public KnowledgeEditor(Project project, KnowledgeBase base, Supplier<KnowledgeValidator> validator) {
        this.project = project;
        this.base = base;
        this.validator = validator;
    }

    /** What an edit did: the problems that stopped it, or the file it wrote (relative to the knowledge folder). */
    public record Result(List<Problem> problems, String file) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    /** Thrown when the item to change does not exist. */
    public static final class NotFound extends UserError {
        public NotFound(String message) {
            super(message);
        }
    }

    /** The kind named as the API and CLI spell it: tables, metrics, queries, rules, golden (singular accepted). */
    public static KnowledgeSet.Kind kind(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "tables", "table" -> KnowledgeSet.Kind.TABLE;
            case "metrics", "metric" -> KnowledgeSet.Kind.METRIC;
            case "queries", "query" -> KnowledgeSet.Kind.QUERY;
            case "rules", "rule", "business" -> KnowledgeSet.Kind.RULE;
            case "golden" -> KnowledgeSet.Kind.GOLDEN;
            case "semantic" -> KnowledgeSet.Kind.SEMANTIC;
            default -> throw new NotFound("knowledge kinds: tables, metrics, queries, rules, golden, semantic");
        };
    }

    /**
     * Creates or replaces the item of the kind called {@code name}; the item's own name field must agree.
     * An item that exists keeps its file; a new one must have a name {@link KnowledgeName} allows, and
     * is written to the file of that name, which must not hold another item.
     */
    public synchronized Result put(KnowledgeSet.Kind kind, String name, JsonNode item) {
        if (item == null || !item.isObject()) throw new UserError("the item must be a JSON object of its fields");
        ObjectNode fields = item.deepCopy();
        dropNulls(fields);
        String field = nameField(kind);
        if (!fields.hasNonNull(field)) fields.put(field, name);
        if (!fields.path(field).asText().equals(name)) {
            throw new UserError("the item's " + field + " '" + fields.path(field).asText() + "' does not match '" + name + "' in the path");
        }
        // a broken file is fixed by writing its item whole again: its own problems do not stop this edit
        String own = kind == KnowledgeSet.Kind.GOLDEN ? null : kind.folder + "/" + name + ".yml";
        KnowledgeFiles.Read current = readCurrent(own);
        String existing = current.knowledge().files().get(KnowledgeSet.key(kind, name));
        String file = existing != null ? existing
                : own != null && current.problems().stream().anyMatch(p -> p.file().equals(own)) ? own : newFile(kind, name, current.knowledge());
        Object content;
        if (kind == KnowledgeSet.Kind.GOLDEN) {
            List<Object> list = new ArrayList<>();
            boolean replaced = false;
            for (GoldenQuery g : current.knowledge().golden()) {
                if (!file.equals(current.knowledge().files().get(KnowledgeSet.key(kind, g.id())))) continue;
                if (g.id().equals(name)) {
                    list.add(fields);
                    replaced = true;
                } else {
                    list.add(g);
                }
            }
            if (!replaced) list.add(fields);
            content = Map.of("golden", list);
        } else {
            content = fields;
        }
        return apply(file, render(file, content));
    }

    /** Removes the item: its file, or (for a golden question) its entry in the file's list. */
    public synchronized Result delete(KnowledgeSet.Kind kind, String name) {
        KnowledgeFiles.Read current = readCurrent(null);
        String file = current.knowledge().files().get(KnowledgeSet.key(kind, name));
        if (file == null) throw new NotFound("no " + kind.name().toLowerCase(Locale.ROOT) + " '" + name + "' in the knowledge files");
        if (kind != KnowledgeSet.Kind.GOLDEN) return apply(file, null);
        List<Object> rest = current.knowledge().golden().stream()
                .filter(g -> file.equals(current.knowledge().files().get(KnowledgeSet.key(kind, g.id()))) && !g.id().equals(name))
                .map(g -> (Object) g).toList();
        return apply(file, rest.isEmpty() ? null : render(file, Map.of("golden", rest)));
    }

    /** Imports the knowledge folder as it is on disk (after a pull, say): validated, all-or-nothing. */
    public synchronized Result reimport() {
        KnowledgeBase.ImportResult r = base.importFiles(project, project.knowledgeDir(), null, validator.get());
        return new Result(r.problems(), null);
    }

    /** The knowledge item a learning becomes: a business rule, or a verified query from its corrected SQL. */
    public record Promoted(KnowledgeSet.Kind kind, String name, ObjectNode item) {}

    public static Promoted promotion(LearningRow l, KnowledgeSet.Kind as, String verifiedBy, LocalDate today) {
        ObjectNode doc = KnowledgeFiles.MAPPER.createObjectNode();
        String slug = "learned_" + l.id().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        if (as == KnowledgeSet.Kind.RULE) {
            doc.put("name", slug);
            doc.put("title", l.description().length() > 80 ? l.description().substring(0, 80) : l.description());
            doc.put("description", l.description() + (l.correctedSql() == null ? "" : " Corrected SQL: " + l.correctedSql()));
            doc.putPOJO("applies_to_tables", l.tables());
            doc.putPOJO("tags", List.of("learned", l.category()));
        } else if (as == KnowledgeSet.Kind.QUERY) {
            if (l.correctedSql() == null || l.correctedSql().isBlank()) throw new UserError("learning " + l.id() + " has no corrected SQL to verify");
            doc.put("name", slug);
            doc.put("question", l.description());
            doc.put("sql", l.correctedSql());
            doc.putPOJO("tables", l.tables());
            doc.putPOJO("tags", List.of("learned", l.category()));
            doc.put("verified_by", verifiedBy);
            doc.put("verified_at", today.toString());
        } else {
            throw new UserError("a learning is promoted to a rule or a query");
        }
        return new Promoted(as, slug, doc);
    }

    /** The name an item is known by: a table note's table, a golden question's id, else its name. */
    public static String nameOf(Object item) {
        return KnowledgeFiles.nameOf(item);
    }

    /** An item as its file spells it (snake_case fields, no empty ones): what {@link #put} takes back. */
    public static JsonNode toJson(Object item) {
        ObjectNode node = KnowledgeFiles.MAPPER.valueToTree(item);
        dropNulls(node);
        return node;
    }

    private static void dropNulls(ObjectNode node) {
        List<String> empty = new ArrayList<>();
        node.fields().forEachRemaining(e -> {
            if (e.getValue().isNull()) empty.add(e.getKey());
        });
        node.remove(empty);
    }

    private static String nameField(KnowledgeSet.Kind kind) {
        return switch (kind) {
            case TABLE -> "table";
            case GOLDEN -> "id";
            default -> "name";
        };
    }

    /** The folder as it is; files that cannot be read stop an edit, except {@code fixable}, the file the edit replaces. */
    private KnowledgeFiles.Read readCurrent(String fixable) {
        Path dir = project.knowledgeDir();
        if (!Files.isDirectory(dir)) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new AlmanacException("cannot create " + dir + ": " + e.getMessage(), e);
            }
        }
        KnowledgeFiles.Read read = KnowledgeFiles.read(dir);
        if (read.problems().stream().anyMatch(p -> !p.file().equals(fixable))) {
            throw new UserError("the knowledge files have " + read.problems().size() + " problem(s) to fix first; first: " + read.problems().get(0));
        }
        return read;
    }

    /** The file a new item goes to: the first golden file for a golden question, else the file of its name, if free. */
    private String newFile(KnowledgeSet.Kind kind, String name, KnowledgeSet set) {
        KnowledgeName.require(kind, name);
        if (kind == KnowledgeSet.Kind.GOLDEN) {
            return set.golden().stream().map(g -> set.files().get(KnowledgeSet.key(kind, g.id()))).filter(f -> f != null).findFirst()
                    .orElse(kind.folder + "/golden.yml");
        }
        String file = kind.folder + "/" + name + ".yml";
        String holder = set.files().entrySet().stream().filter(e -> e.getValue().equalsIgnoreCase(file))
                .map(e -> e.getKey().substring(e.getKey().indexOf(':') + 1)).findFirst().orElse(null);
        if (holder != null || Files.exists(project.knowledgeDir().resolve(file))) {
            throw new KnowledgeName.Taken(file + " already holds " + (holder == null ? "another item" : "the " + KnowledgeName.noun(kind)
                    + " '" + holder + "'") + "; choose another name, or edit that item by its own name");
        }
        return file;
    }

    private static String render(String file, Object content) {
        try {
            return file.endsWith(".json") ? KnowledgeFiles.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(content)
                    : KnowledgeFiles.yaml(content);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Removes what interrupted edits (a killed process) left behind: staging folders
     * {@code data/knowledge-edit-*} and temporary files {@code .edit-*.tmp} in the knowledge folder.
     * Done when a project is opened and before each edit, under the edit lock, so that the staging
     * folder of an edit in progress in another process is never touched (then nothing is removed now).
     */
    public static void removeLeftovers(Project project) {
        Path data = project.dir().resolve("data");
        if (!Files.isDirectory(data)) return;
        synchronized (monitor(data)) {
            try (FileChannel channel = FileChannel.open(data.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock lock = channel.tryLock()) {
                if (lock != null) removeLeftoversLocked(project);
            } catch (java.nio.channels.OverlappingFileLockException e) {
                // an edit of this process holds the lock: it removes them itself
            } catch (IOException e) {
                // cannot lock (a read-only folder): nothing can be edited here either, and leftovers are harmless
            }
        }
    }

    private static void removeLeftoversLocked(Project project) throws IOException {
        try (Stream<Path> staged = Files.list(project.dir().resolve("data"))) {
            for (Path p : staged.filter(p -> p.getFileName().toString().startsWith("knowledge-edit-") && Files.isDirectory(p)).toList()) {
                deleteTree(p);
            }
        }
        if (!Files.isDirectory(project.knowledgeDir())) return;
        try (Stream<Path> walk = Files.walk(project.knowledgeDir())) {
            for (Path p : walk.filter(KnowledgeEditor::isTemporary).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** An edit's temporary file in the knowledge folder ({@code .edit-*.tmp}), written and then moved over the item's file. */
    static boolean isTemporary(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith(".edit-") && name.endsWith(".tmp");
    }

    /** This JVM's monitor for one project's data folder (a file lock is held per process, not per thread). */
    private static Object monitor(Path data) {
        return MONITORS.computeIfAbsent(data.toAbsolutePath().normalize(), k -> new Object());
    }

    /**
     * Applies one edit holding the project's edit lock ({@code data/knowledge-edit.lock}), so that edits
     * of one folder by several processes (two servers of one project) run one after the other.
     */
    private Result apply(String file, String text) {
        Path data = project.dir().resolve("data");
        try {
            Files.createDirectories(data);
        } catch (IOException e) {
            throw new AlmanacException("cannot create " + data + ": " + e.getMessage(), e);
        }
        synchronized (monitor(data)) {
            try (FileChannel channel = FileChannel.open(data.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock lock = channel.lock()) {
                removeLeftoversLocked(project);
                return applyLocked(file, text);
            } catch (IOException e) {
                throw new AlmanacException("cannot lock the knowledge files of " + project.dir() + " for editing: " + e.getMessage(), e);
            }
        }
    }

    /** Stages the folder with {@code file} replaced by {@code text} (deleted when null), validates it, then commits. */
    private Result applyLocked(String file, String text) {
        Path dir = project.knowledgeDir();
        Path staging = null;
        try {
            staging = Files.createTempDirectory(project.dir().resolve("data"), "knowledge-edit-");
            copyTree(dir, staging);
            Path staged = staging.resolve(file);
            if (text == null) {
                Files.deleteIfExists(staged);
            } else {
                Files.createDirectories(staged.getParent());
                Files.writeString(staged, text, StandardCharsets.UTF_8);
            }
            KnowledgeFiles.Read read = KnowledgeFiles.read(staging);
            List<Problem> problems = new ArrayList<>(read.problems());
            if (problems.isEmpty()) problems.addAll(validator.get().validate(read));
            if (!problems.isEmpty()) return new Result(problems, file);

            Path target = dir.resolve(file);
            byte[] before = Files.exists(target) ? Files.readAllBytes(target) : null;
            if (text == null) {
                Files.delete(target);
            } else {
                Files.createDirectories(target.getParent());
                Path tmp = Files.createTempFile(target.getParent(), ".edit-", ".tmp");
                Files.writeString(tmp, text, StandardCharsets.UTF_8);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            try {
                base.store(project, read.knowledge(), KnowledgeBase.fingerprint(dir));
            } catch (RuntimeException e) {
                if (before == null) Files.deleteIfExists(target);
                else Files.write(target, before);
                throw e;
            }
            return new Result(List.of(), file);
        } catch (IOException e) {
            throw new AlmanacException("cannot change the knowledge files in " + dir + ": " + e.getMessage(), e);
        } finally {
            if (staging != null) deleteTree(staging);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(dest);
                else Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a leftover staging folder under data/ is harmless
        }
    }
}
