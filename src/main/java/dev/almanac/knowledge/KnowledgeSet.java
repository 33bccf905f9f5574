package dev.almanac.knowledge;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A project's curated knowledge. {@code files} maps an item's key ({@link #key}) to the file it came
 * from, relative to the knowledge folder, so that an export writes it back where it was.
 */
public record KnowledgeSet(List<TableNote> tables, List<Metric> metrics, List<VerifiedQuery> queries,
                           List<BusinessRule> rules, List<GoldenQuery> golden, Map<String, String> files) {

    public static final KnowledgeSet EMPTY = new KnowledgeSet(List.of(), List.of(), List.of(), List.of(), List.of(), Map.of());

    public KnowledgeSet {
        tables = List.copyOf(tables);
        metrics = List.copyOf(metrics);
        queries = List.copyOf(queries);
        rules = List.copyOf(rules);
        golden = List.copyOf(golden);
        files = Map.copyOf(files);
    }

    /** The kinds of knowledge, with the folder their files live in. */
    public enum Kind {
        TABLE("tables"), METRIC("metrics"), QUERY("queries"), RULE("business"), GOLDEN("golden");

        public final String folder;

        Kind(String folder) {
            this.folder = folder;
        }
    }

    public static String key(Kind kind, String name) {
        return kind.name().toLowerCase(java.util.Locale.ROOT) + ":" + name;
    }

    public Optional<TableNote> note(String table) {
        return tables.stream().filter(t -> t.table().equalsIgnoreCase(table)).findFirst();
    }

    public int size() {
        return tables.size() + metrics.size() + queries.size() + rules.size() + golden.size();
    }
}
