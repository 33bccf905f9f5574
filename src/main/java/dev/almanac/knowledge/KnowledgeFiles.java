package dev.almanac.knowledge;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.almanac.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads and writes a knowledge folder: {@code tables/}, {@code metrics/}, {@code queries/},
 * {@code business/} (one item per file) and {@code golden/} (a list under {@code golden:} per file),
 * in YAML or JSON of the same shape. Reading checks the shape of every item and reports each
 * problem with its file and line; it never stops at the first.
 */
public final class KnowledgeFiles {
    static final ObjectMapper MAPPER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .configure(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, true)
            .configure(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN, true);
    /** A knowledge record as the JSON the store keeps (a stable text: for digests of what was loaded). */
    public static String json(Object record) {
        try {
            return MAPPER.writeValueAsString(record);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final ObjectMapper YAML_OUT = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
            .disable(YAMLGenerator.Feature.SPLIT_LINES))
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN, true);

    private static final Map<KnowledgeSet.Kind, Set<String>> REQUIRED = Map.of(
            KnowledgeSet.Kind.TABLE, Set.of("table", "description"),
            KnowledgeSet.Kind.METRIC, Set.of("name", "definition", "sql"),
            KnowledgeSet.Kind.QUERY, Set.of("name", "question", "sql", "verified_by", "verified_at"),
            KnowledgeSet.Kind.RULE, Set.of("title", "description"),
            KnowledgeSet.Kind.GOLDEN, Set.of("id", "question", "expected_sql", "expected_result", "comparison", "difficulty"),
            KnowledgeSet.Kind.SEMANTIC, Set.of());
    static final Set<String> COMPARISONS = Set.of("exact", "approximate", "row_count", "contains", "structure", "refused");
    /** Golden fields a question with comparison {@code refused} (the data cannot answer it) may leave out. */
    private static final Set<String> OPTIONAL_WHEN_REFUSED = Set.of("expected_sql", "expected_result");
    static final Set<String> DIFFICULTIES = Set.of("easy", "medium", "hard");

    private KnowledgeFiles() {}

    /** Where an item was read from: its file, parse tree and path inside it, for line numbers. */
    public record Origin(String file, LocatedTree tree, String path) {
        public int line(String field) {
            return tree.line(path + "/" + field);
        }
    }

    /** What reading a folder gave: the items that were well-formed, where each came from, and every problem. */
    public record Read(KnowledgeSet knowledge, Map<String, Origin> origins, List<Problem> problems) {}

    public static Read read(Path dir) {
        List<Problem> problems = new ArrayList<>();
        Map<String, Origin> origins = new LinkedHashMap<>();
        KnowledgeSet.Builder set = new KnowledgeSet.Builder();
        if (!Files.isDirectory(dir)) {
            problems.add(new Problem(dir.toString(), 1, 0, "knowledge folder not found"));
            return new Read(KnowledgeSet.EMPTY, origins, problems);
        }
        for (KnowledgeSet.Kind kind : KnowledgeSet.Kind.values()) {
            for (Path file : filesOf(dir.resolve(kind.folder))) {
                String rel = dir.relativize(file).toString().replace('\\', '/');
                LocatedTree tree;
                try {
                    tree = LocatedTree.parse(Files.readString(file, StandardCharsets.UTF_8), file.toString().endsWith(".json"));
                } catch (LocatedTree.SyntaxError e) {
                    problems.add(new Problem(rel, e.line, e.column, "invalid " + (rel.endsWith(".json") ? "JSON" : "YAML") + ": " + e.getMessage()));
                    continue;
                } catch (java.nio.file.NoSuchFileException gone) {
                    continue; // deleted by an edit while the folder was read
                } catch (IOException e) {
                    problems.add(new Problem(rel, 1, 0, "cannot read: " + e.getMessage()));
                    continue;
                }
                List<String> paths = new ArrayList<>();
                if (kind == KnowledgeSet.Kind.GOLDEN) {
                    JsonNode list = tree.root().isArray() ? tree.root() : tree.root().path("golden");
                    String base = tree.root().isArray() ? "" : "/golden";
                    if (!list.isArray()) {
                        problems.add(new Problem(rel, 1, 0, "expected a list of golden questions under 'golden:'"));
                        continue;
                    }
                    for (int i = 0; i < list.size(); i++) paths.add(base + "/" + i);
                } else {
                    paths.add("");
                }
                for (String path : paths) {
                    JsonNode node = path.isEmpty() ? tree.root() : tree.root().at(path);
                    Origin origin = new Origin(rel, tree, path);
                    if (!node.isObject()) {
                        problems.add(new Problem(rel, tree.line(path), 0, "expected a mapping of fields"));
                        continue;
                    }
                    if ((kind == KnowledgeSet.Kind.RULE || kind == KnowledgeSet.Kind.SEMANTIC) && !node.has("name")) {
                        ((ObjectNode) node).put("name", stem(file));
                    }
                    boolean refused = kind == KnowledgeSet.Kind.GOLDEN && "refused".equals(node.path("comparison").asText());
                    List<String> missing = REQUIRED.get(kind).stream().filter(f -> !(refused && OPTIONAL_WHEN_REFUSED.contains(f)))
                            .filter(f -> node.path(f).isMissingNode() || node.path(f).isNull()
                            || (node.path(f).isTextual() && node.path(f).asText().isBlank())).sorted().toList();
                    for (String f : missing) problems.add(new Problem(rel, tree.line(path), 0, "missing required field '" + f + "'"));
                    if (!missing.isEmpty()) continue;
                    Object item;
                    try {
                        item = MAPPER.treeToValue(node, recordOf(kind));
                    } catch (com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException e) {
                        problems.add(new Problem(rel, tree.line(path + "/" + e.getPropertyName()), 0, "unknown field '" + e.getPropertyName() + "'"));
                        continue;
                    } catch (com.fasterxml.jackson.databind.exc.MismatchedInputException e) {
                        String field = fieldPath(e);
                        problems.add(new Problem(rel, tree.line(field.isEmpty() ? path : path + "/" + field), 0,
                                (field.isEmpty() ? "the item" : "field '" + field.replace('/', '.') + "'") + " must be " + expected(e.getTargetType())));
                        continue;
                    } catch (IOException e) {
                        problems.add(new Problem(rel, tree.line(path), 0, "malformed item: " + String.valueOf(e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()).lines().findFirst().orElse("")));
                        continue;
                    }
                    String name = nameOf(item);
                    String key = KnowledgeSet.key(kind, name);
                    Origin first = origins.get(key);
                    if (first != null) {
                        problems.add(new Problem(rel, tree.line(path), 0, "duplicate " + kind.name().toLowerCase(Locale.ROOT) + " '" + name
                                + "' (first in " + first.file() + ":" + first.tree().line(first.path()) + ")"));
                        continue;
                    }
                    String shapeProblem = shapeProblem(item);
                    if (shapeProblem != null) {
                        problems.add(new Problem(rel, origin.line(shapeProblem.split(" ", 2)[0]), 0, shapeProblem));
                        continue;
                    }
                    origins.put(key, origin);
                    set.add(kind, name, item, rel);
                }
            }
        }
        problems.sort(null);
        return new Read(set.build(), origins, problems);
    }

    /** The path of the field a value of the wrong type was found at, as "tags" or "parameters/0/type". */
    private static String fieldPath(com.fasterxml.jackson.databind.exc.MismatchedInputException e) {
        return e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()))
                .collect(java.util.stream.Collectors.joining("/"));
    }

    /** What a field of this Java type takes, in a knowledge author's words. */
    private static String expected(Class<?> type) {
        if (type == null) return "of another type";
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) return "a list";
        if (java.util.Map.class.isAssignableFrom(type) || type.isRecord()) return "a mapping of fields";
        if (type == String.class) return "text";
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) return "a whole number";
        if (type == double.class || type == Double.class || java.math.BigDecimal.class == type) return "a number";
        if (type == boolean.class || type == Boolean.class) return "true or false";
        if (type == java.time.LocalDate.class) return "a date (YYYY-MM-DD)";
        if (type.isEnum()) return "one of " + java.util.Arrays.stream(type.getEnumConstants()).map(Object::toString)
                .collect(java.util.stream.Collectors.joining(", "));
        return "of another type";
    }

    /** Checks of one item's values that need no database; "field message" or null. */
    private static String shapeProblem(Object item) {
        if (item instanceof VerifiedQuery q && !q.verifiedAt().matches("\\d{4}-\\d{2}-\\d{2}")) {
            return "verified_at must be a date written YYYY-MM-DD";
        }
        if (item instanceof GoldenQuery g) {
            if (!COMPARISONS.contains(g.comparison())) return "comparison must be one of " + String.join(", ", new java.util.TreeSet<>(COMPARISONS));
            if (!DIFFICULTIES.contains(g.difficulty())) return "difficulty must be easy, medium or hard";
            if (g.expectedResult() != null && (g.expectedResult().columns() == null || g.expectedResult().rows() == null)) {
                return "expected_result needs columns and rows";
            }
        }
        return null;
    }

    static Class<?> recordOf(KnowledgeSet.Kind kind) {
        return switch (kind) {
            case TABLE -> TableNote.class;
            case METRIC -> Metric.class;
            case QUERY -> VerifiedQuery.class;
            case RULE -> BusinessRule.class;
            case GOLDEN -> GoldenQuery.class;
            case SEMANTIC -> SemanticFile.class;
        };
    }

    static String nameOf(Object item) {
        if (item instanceof TableNote t) return t.table();
        if (item instanceof Metric m) return m.name();
        if (item instanceof VerifiedQuery q) return q.name();
        if (item instanceof BusinessRule r) return r.name();
        if (item instanceof GoldenQuery g) return g.id();
        if (item instanceof SemanticFile f) return f.name();
        throw new IllegalArgumentException(String.valueOf(item));
    }

    private static List<Path> filesOf(Path folder) {
        if (!Files.isDirectory(folder)) return List.of();
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> {
                String n = p.getFileName().toString();
                return Files.isRegularFile(p) && (n.endsWith(".yml") || n.endsWith(".yaml") || n.endsWith(".json"));
            }).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String stem(Path file) {
        String n = file.getFileName().toString();
        return n.substring(0, n.lastIndexOf('.'));
    }

    // ------------------------------------------------------------------ writing

    /** Writes every item back to the file it came from (or a default one), golden questions grouped per file. */
    public static int write(KnowledgeSet set, Path dir) throws IOException {
        Map<String, List<Object>> byFile = new LinkedHashMap<>();
        Map<String, Boolean> goldenFiles = new HashMap<>();
        for (TableNote t : set.tables()) byFile.computeIfAbsent(fileFor(set, KnowledgeSet.Kind.TABLE, t.table()), f -> new ArrayList<>()).add(t);
        for (Metric m : set.metrics()) byFile.computeIfAbsent(fileFor(set, KnowledgeSet.Kind.METRIC, m.name()), f -> new ArrayList<>()).add(m);
        for (VerifiedQuery q : set.queries()) byFile.computeIfAbsent(fileFor(set, KnowledgeSet.Kind.QUERY, q.name()), f -> new ArrayList<>()).add(q);
        for (BusinessRule r : set.rules()) byFile.computeIfAbsent(fileFor(set, KnowledgeSet.Kind.RULE, r.name()), f -> new ArrayList<>()).add(r);
        for (SemanticFile s : set.semantic()) byFile.computeIfAbsent(fileFor(set, KnowledgeSet.Kind.SEMANTIC, s.name()), f -> new ArrayList<>()).add(s);
        for (GoldenQuery g : set.golden()) {
            String f = fileFor(set, KnowledgeSet.Kind.GOLDEN, g.id());
            goldenFiles.put(f, true);
            byFile.computeIfAbsent(f, x -> new ArrayList<>()).add(g);
        }
        requireOneItemPerFile(byFile, goldenFiles);
        for (Map.Entry<String, List<Object>> e : byFile.entrySet()) {
            Path file = dir.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Object content = goldenFiles.containsKey(e.getKey()) ? Map.of("golden", e.getValue()) : e.getValue().get(0);
            String text = e.getKey().endsWith(".json")
                    ? MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(content)
                    : YAML_OUT.writeValueAsString(content);
            Files.writeString(file, text, StandardCharsets.UTF_8);
        }
        return byFile.size();
    }

    /** The YAML text knowledge files are written in. */
    public static String yaml(Object content) throws IOException {
        return YAML_OUT.writeValueAsString(content);
    }

    /**
     * The file an item is written to: the one it came from, else the file of its name when
     * {@link KnowledgeName} allows the name, else a readable stem with a digest of the exact name,
     * so two different names never share a file.
     */
    private static String fileFor(KnowledgeSet set, KnowledgeSet.Kind kind, String name) {
        String f = set.files().get(KnowledgeSet.key(kind, name));
        if (f != null) return f;
        if (kind == KnowledgeSet.Kind.GOLDEN) return kind.folder + "/golden.yml";
        if (KnowledgeName.valid(kind, name)) return kind.folder + "/" + name + ".yml";
        String stem = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "_");
        stem = stem.substring(0, Math.min(stem.length(), KnowledgeName.MAX_LENGTH - 9));
        return kind.folder + "/" + stem + "-" + String.format("%08x", name.hashCode()) + ".yml";
    }

    /** Refuses to write two items of one-item-per-file kinds into one file (the second would replace the first). */
    private static void requireOneItemPerFile(Map<String, List<Object>> byFile, Map<String, Boolean> goldenFiles) {
        Map<String, String> seen = new HashMap<>();
        for (Map.Entry<String, List<Object>> e : byFile.entrySet()) {
            String lower = e.getKey().toLowerCase(Locale.ROOT);
            String other = seen.putIfAbsent(lower, e.getKey());
            boolean shared = !goldenFiles.containsKey(e.getKey()) && e.getValue().size() > 1;
            if (shared || other != null) {
                throw new UserError("two knowledge items would be written to " + e.getKey() + (shared
                        ? " ('" + nameOf(e.getValue().get(0)) + "' and '" + nameOf(e.getValue().get(1)) + "')" : " and " + other)
                        + "; rename one of them");
            }
        }
    }
}
