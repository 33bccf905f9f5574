package dev.almanac.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.knowledge.Embedder;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableChoice;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.source.Catalog;
import dev.almanac.sql.Guard;
import dev.almanac.sql.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recall of the gold tables (the tables each gold SQL reads) on the Spider dev set, for lexical-only,
 * embedding-only and combined scoring, with and without join expansion, at K = 3, 5, 8: per database,
 * and with all dev databases merged into one catalog.
 */
public final class TableSelectionBench {
    static final Path SPIDER = Path.of("..", "shared", "bench", "spider-dev");

    record Question(String db, String text, Set<String> gold) {}

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Map<String, Catalog> perDb = new LinkedHashMap<>();
        List<Catalog.Table> merged = new ArrayList<>();
        for (JsonNode db : json.readTree(SPIDER.resolve("tables.json").toFile())) {
            String id = db.get("db_id").asText();
            perDb.put(id, catalogOf(db, null));
            merged.addAll(catalogOf(db, id).tables());
        }
        Catalog mergedCatalog = new Catalog("spider-dev-merged", "", merged);
        List<Question> questions = new ArrayList<>();
        int unparsed = 0;
        try (Guard guard = new Guard(dev.almanac.source.Dialect.SQLITE)) {
            for (JsonNode q : json.readTree(SPIDER.resolve("dev.json").toFile())) {
                String db = q.get("db_id").asText();
                Set<String> gold = goldTables(guard, q.get("query").asText(), perDb.get(db));
                if (gold.isEmpty()) {
                    unparsed++;
                    continue;
                }
                questions.add(new Question(db, q.get("question").asText(), gold));
            }
        }
        Embedder embedder = MiniLmEmbedder.get();
        Function<String, Set<String>> noSql = sql -> Set.of();
        Map<String, TableSelector.Config> modes = new LinkedHashMap<>();
        modes.put("lexical only", new TableSelector.Config(1.0, false));
        modes.put("embedding only", new TableSelector.Config(0.0, false));
        modes.put("combined 0.3", new TableSelector.Config(0.3, false));
        modes.put("combined 0.5", new TableSelector.Config(0.5, false));
        modes.put("combined 0.7", new TableSelector.Config(0.7, false));
        modes.put("lexical only + joins", new TableSelector.Config(1.0, true));
        modes.put("embedding only + joins", new TableSelector.Config(0.0, true));
        modes.put("combined 0.3 + joins", new TableSelector.Config(0.3, true));
        modes.put("combined 0.5 + joins", new TableSelector.Config(0.5, true));
        modes.put("combined 0.7 + joins", new TableSelector.Config(0.7, true));
        int[] ks = {3, 5, 8};
        StringBuilder table = new StringBuilder("| scoring | catalog | recall@3 | recall@5 | recall@8 | all gold tables in top 5 |\n|---|---|---:|---:|---:|---:|\n");
        long start = System.nanoTime();
        for (Map.Entry<String, TableSelector.Config> mode : modes.entrySet()) {
            Map<String, TableSelector> selectors = new HashMap<>();
            for (Map.Entry<String, Catalog> e : perDb.entrySet()) {
                selectors.put(e.getKey(), new TableSelector(e.getValue(), KnowledgeSet.EMPTY, noSql, embedder, mode.getValue()));
            }
            TableSelector mergedSelector = new TableSelector(mergedCatalog, KnowledgeSet.EMPTY, noSql, embedder, mode.getValue());
            for (boolean isMerged : new boolean[] {false, true}) {
                double[] recall = new double[ks.length];
                int complete5 = 0;
                for (Question q : questions) {
                    TableSelector s = isMerged ? mergedSelector : selectors.get(q.db());
                    List<TableChoice> top = s.select(q.text(), 8);
                    for (int i = 0; i < ks.length; i++) {
                        List<TableChoice> atK = isMerged || ks[i] < 8 ? s.select(q.text(), ks[i]) : top;
                        Set<String> chosen = new java.util.HashSet<>();
                        for (TableChoice c : atK) chosen.add(c.table().toLowerCase(Locale.ROOT));
                        int hit = 0;
                        for (String g : q.gold()) if (chosen.contains(isMerged ? q.db().toLowerCase(Locale.ROOT) + "." + g : g)) hit++;
                        recall[i] += (double) hit / q.gold().size();
                        if (ks[i] == 5 && hit == q.gold().size()) complete5++;
                    }
                }
                table.append(String.format("| %s | %s | %.3f | %.3f | %.3f | %.3f |%n", mode.getKey(), isMerged ? "merged (" + merged.size() + " tables)" : "per database",
                        recall[0] / questions.size(), recall[1] / questions.size(), recall[2] / questions.size(), (double) complete5 / questions.size()));
            }
        }
        String body = """
                `bench/run TableSelectionBench`: %d Spider dev questions over %d databases (`../shared/bench/spider-dev/tables.json`;
                %d questions whose gold SQL the guard (SQLite dialect) could not read are left out). Gold tables = the tables the gold SQL
                reads (the guard's extraction). Recall@K = mean share of a question's gold tables among the K chosen; the last
                column is the share of questions with every gold table in the top 5. No knowledge files: names, columns and keys only.
                "+ joins" adds a bridge table that joins two of the three best tables (inside the K). Wall time %.0f s.

                %s""".formatted(questions.size(), perDb.size(), unparsed, (System.nanoTime() - start) / 1e9, table);
        Report.write("tables-spider", "Table selection recall on Spider dev (issue 3)", body
                + "\nChosen default: combined, lexical weight 0.3, with join expansion (`TableSelector.Config.DEFAULT`).\n"
                + demoRecall(embedder));
    }

    /** Recall@5 of the default selector on the demo's golden questions, with the demo's knowledge. */
    static String demoRecall(Embedder embedder) throws Exception {
        Path dir = Path.of("target", "bench-demo").toAbsolutePath();
        dev.almanac.demo.DemoProject.init(dir, 1, false, System.err);
        dev.almanac.knowledge.KnowledgeFiles.Read read = dev.almanac.knowledge.KnowledgeFiles.read(Path.of("knowledge"));
        try (dev.almanac.source.Source source = dev.almanac.source.Sources.openFile(dir.resolve("data/demo.duckdb")); Guard guard = new Guard()) {
            Catalog catalog = new dev.almanac.source.CatalogIntrospector().introspect(source);
            Function<String, Set<String>> tablesOf = guard::tablesOf;
            StringBuilder out = new StringBuilder("\nOn the demo (58 tables, with its knowledge files; the golden questions that have SQL), default selector:\n\n| K | recall | all gold tables chosen |\n|---:|---:|---:|\n");
            for (int k : new int[] {3, 5, 8}) {
                TableSelector selector = new TableSelector(catalog, read.knowledge(), tablesOf, embedder, TableSelector.Config.DEFAULT);
                double recall = 0;
                int complete = 0;
                int n = 0;
                for (dev.almanac.knowledge.GoldenQuery g : read.knowledge().golden()) {
                    Set<String> gold = g.expectedSql() == null ? Set.of() : tablesOf.apply(g.expectedSql());
                    if (gold.isEmpty()) continue; // a question the data cannot answer has no SQL, so no gold tables
                    n++;
                    Set<String> chosen = new java.util.HashSet<>();
                    for (TableChoice c : selector.select(g.question(), k)) chosen.add(c.table());
                    long hit = gold.stream().filter(chosen::contains).count();
                    recall += (double) hit / gold.size();
                    if (hit == gold.size()) complete++;
                }
                out.append(String.format("| %d | %.3f | %.3f |%n", k, recall / n, (double) complete / n));
            }
            return out.toString();
        }
    }

    static Catalog catalogOf(JsonNode db, String prefix) {
        List<String> tableNames = new ArrayList<>();
        db.get("table_names_original").forEach(t -> tableNames.add(t.asText()));
        Map<Integer, List<Catalog.Column>> columns = new HashMap<>();
        List<String[]> columnOwner = new ArrayList<>();
        JsonNode cols = db.get("column_names_original");
        for (int i = 0; i < cols.size(); i++) {
            int t = cols.get(i).get(0).asInt();
            String name = cols.get(i).get(1).asText();
            columnOwner.add(new String[] {t < 0 ? "" : tableNames.get(t), name});
            if (t < 0) continue;
            columns.computeIfAbsent(t, k -> new ArrayList<>()).add(new Catalog.Column(name, db.get("column_types").get(i).asText(), true, null, null, null, List.of()));
        }
        Map<Integer, List<Catalog.ForeignKey>> fks = new HashMap<>();
        for (JsonNode fk : db.get("foreign_keys")) {
            String[] from = columnOwner.get(fk.get(0).asInt());
            String[] to = columnOwner.get(fk.get(1).asInt());
            int t = tableNames.indexOf(from[0]);
            String ref = prefix == null ? to[0] : prefix + "." + to[0];
            fks.computeIfAbsent(t, k -> new ArrayList<>()).add(new Catalog.ForeignKey(List.of(from[1]), ref, List.of(to[1])));
        }
        List<Catalog.Table> tables = new ArrayList<>();
        for (int t = 0; t < tableNames.size(); t++) {
            tables.add(new Catalog.Table(prefix, tableNames.get(t), null, 0, columns.getOrDefault(t, List.of()), List.of(), fks.getOrDefault(t, List.of())));
        }
        return new Catalog(db.get("db_id").asText(), "", tables);
    }

    private static final Pattern FROM_JOIN = Pattern.compile("(?i)\\b(?:from|join)\\s+([A-Za-z_][A-Za-z0-9_]*)");

    static Set<String> goldTables(Guard guard, String sql, Catalog catalog) {
        Set<String> known = new java.util.HashSet<>();
        for (Catalog.Table t : catalog.tables()) known.add(t.name().toLowerCase(Locale.ROOT));
        Set<String> out = new LinkedHashSet<>();
        Verdict v = guard.check(sql.replace("\"", "'"));
        if (v instanceof Verdict.Allowed a) {
            for (String t : a.tables()) if (known.contains(t.toLowerCase(Locale.ROOT))) out.add(t.toLowerCase(Locale.ROOT));
        }
        if (out.isEmpty()) {
            Matcher m = FROM_JOIN.matcher(sql);
            while (m.find()) if (known.contains(m.group(1).toLowerCase(Locale.ROOT))) out.add(m.group(1).toLowerCase(Locale.ROOT));
        }
        return out;
    }
}
