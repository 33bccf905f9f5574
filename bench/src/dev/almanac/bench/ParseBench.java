package dev.almanac.bench;

import dev.almanac.demo.DemoProject;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.semantic.ModelDrafter;
import dev.almanac.semantic.QuestionParser;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.ValueIndex;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.store.Project;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How long the question reader takes to read a question it has not read before, without a model (issue 31's goal: p50
 * under 5 ms on the demo, under 20 ms on a model of 1,000 tables). Each reading is made anew
 * ({@link QuestionParser#readAnew}): the readings a layer keeps would otherwise answer the second round from memory.
 * The demo: its golden questions on its own model. The 1,000 tables: a generated SQLite source whose tables are named
 * after WordNet's 1,000 most used single-word nouns (each with a name, a category, an amount, a quantity, a date and an
 * undeclared reference to a table made before it, at random), drafted as `almanac init` drafts, asked five questions about each of 63 tables.
 */
public final class ParseBench {
    private ParseBench() {}

    public static void main(String[] args) throws Exception {
        int rounds = 10;
        // the demo, scale 1
        Path dir = Path.of("target", "bench-demo-1").toAbsolutePath();
        DemoProject.init(dir, 1.0, false, System.err);
        var read = KnowledgeFiles.read(Path.of("knowledge"));
        SemanticModel demoModel = SemanticModel.of(read.knowledge().semantic());
        String demo;
        try (Source source = Sources.openFile(dir.resolve(Project.DEMO_SOURCE)); Guard guard = new Guard()) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            SemanticLayer layer = new SemanticLayer(demoModel, read.knowledge(), ValueIndex.build(demoModel, executor, ValueIndex.DEFAULT_LIMIT), executor);
            List<String> questions = read.knowledge().golden().stream().map(g -> g.question()).toList();
            demo = times("the demo (" + demoModel.datasets().size() + " datasets, " + demoModel.dimensions().size() + " dimensions), its "
                    + questions.size() + " golden questions", layer, questions, rounds);
        }
        // 1,000 tables named after nouns
        Path db = Path.of("target", "bench-parse-1000.sqlite").toAbsolutePath();
        Files.deleteIfExists(db);
        List<String> nouns = nouns(1000);
        generate(db, nouns);
        String thousand;
        try (Source source = Sources.openFile(db)) {
            Guard guard = new Guard(source.dialect());
            QueryExecutor executor = new QueryExecutor(source, guard, new QueryLimits(Duration.ofSeconds(30), 1000));
            long t0 = System.nanoTime();
            Catalog catalog = new CatalogIntrospector().structure(source);
            ModelDrafter.Outcome o = new ModelDrafter(executor, ModelDrafter.Settings.DEFAULT, ModelDrafter.Existing.NONE, null).draft(catalog);
            SemanticModel model = SemanticModel.of(o.files(), source.dialect());
            KnowledgeSet knowledge = new KnowledgeSet(o.notes(), List.of(), List.of(), List.of(), List.of(), o.files(), Map.of());
            SemanticLayer layer = new SemanticLayer(model, knowledge, ValueIndex.build(model, executor, ValueIndex.DEFAULT_LIMIT), executor);
            System.err.printf("1,000 tables drafted and indexed in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            List<String> questions = new ArrayList<>();
            for (int i = 0; i < nouns.size(); i += nouns.size() / 60) {
                String n = nouns.get(i);
                questions.add("How many " + n + " rows are there?");
                questions.add("What is the total amount of " + n + "?");
                questions.add("List the names of " + n + " rows with a quantity above 10.");
                questions.add("What is the average quantity of " + n + " by kind?");
                questions.add("Which " + n + " has the largest amount?");
            }
            thousand = times("1,000 generated tables (" + model.datasets().size() + " datasets, " + model.dimensions().size() + " dimensions, "
                    + model.metrics().size() + " metrics), " + questions.size() + " questions about " + questions.size() / 5 + " of them", layer, questions, rounds);
        }
        String body = """
                `bench/run ParseBench`: the question reader without a model, each question read anew (`QuestionParser.readAnew`: not
                the reading a layer keeps of a question it has read, which a second round would otherwise measure), after one round
                that builds the reader's phrase tables; %d rounds; parse only (the compile is SemanticBench's). Goal (issue 31): p50
                under 5 ms on the demo, under 20 ms on a model of 1,000 tables. Machine: %d cores.

                | model and questions | readings | p50 ms | p90 ms | p99 ms | answered |
                |---|---:|---:|---:|---:|---:|
                %s
                %s

                The 1,000 tables are named after WordNet's 1,000 most used single-word nouns, each with a name, a category, an
                amount, a quantity, a date and an undeclared reference to a table made before it, at random (a forest about seven
                references deep, as schemas are), drafted as `almanac init` drafts them;
                the questions are five shapes (a count, a total, a list with a condition, an average by a category, a superlative)
                about every 16th table (63 tables).
                """.formatted(rounds, Runtime.getRuntime().availableProcessors(), demo, thousand);
        Report.write("parse", "Question reading time without a model (issue 31)", body);
        System.out.println(body);
    }

    private static String times(String label, SemanticLayer layer, List<String> questions, int rounds) {
        QuestionParser parser = new QuestionParser(layer, LocalDate.parse("2026-11-22"));
        int answered = 0;
        for (String q : questions) if (parser.readAnew(q) instanceof QuestionParser.Parsed) answered++; // builds the phrase tables
        long[] t = new long[rounds * questions.size()];
        int k = 0;
        for (int r = 0; r < rounds; r++) {
            for (String q : questions) {
                long t0 = System.nanoTime();
                parser.readAnew(q);
                t[k++] = System.nanoTime() - t0;
            }
        }
        return String.format("| %s | %d | %.2f | %.2f | %.2f | %d of %d |", label, t.length, Report.quantileMicros(t, 0.5) / 1000,
                Report.quantileMicros(t, 0.9) / 1000, Report.quantileMicros(t, 0.99) / 1000, answered, questions.size());
    }

    /** WordNet's most used single-word nouns, most used first, from the digest the application reads. */
    static List<String> nouns(int n) throws Exception {
        Map<String, Integer> uses = new LinkedHashMap<>();
        // the digest WordNetDigest writes: a header of 2,049 big-endian offsets after it (each bucket's start, then the end), then the buckets' lines
        byte[] digest;
        try (var in = ParseBench.class.getClassLoader().getResourceAsStream("dev/almanac/reading/wordnet/digest.bin")) {
            if (in == null) throw new IllegalStateException("WordNet digest missing from the class path: build with Maven");
            digest = in.readAllBytes();
        }
        java.nio.ByteBuffer header = java.nio.ByteBuffer.wrap(digest);
        int buckets = 2048;
        for (int b = 0; b < buckets; b++) {
            int from = header.getInt(4 * b), to = header.getInt(4 * (b + 1));
            var in = new java.io.ByteArrayInputStream(digest, 4 * (buckets + 1) + from, to - from); // offsets count from the header's end
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    String[] f = line.split("\t", 3);
                    if (f.length < 3 || !f[1].equals("n") || !f[0].matches("[a-z]{4,12}")) continue;
                    int total = 0;
                    for (String sense : f[2].split("\\|")) total += Integer.parseInt(sense.substring(0, sense.indexOf(';')));
                    uses.put(f[0], total);
                }
            }
        }
        return uses.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(n).map(Map.Entry::getKey).sorted(Comparator.naturalOrder()).toList();
    }

    private static void generate(Path file, List<String> names) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            java.util.Random random = new java.util.Random(31);
            List<String> made = new ArrayList<>();
            for (String name : names) {
                // each table refers to one made before it, at random: a forest about ln(1,000) = 7 references deep, as schemas are
                String ref = made.isEmpty() ? "parent_code" : made.get(random.nextInt(made.size())) + "_id";
                s.execute("CREATE TABLE \"" + name + "\" (id INTEGER PRIMARY KEY, " + ref + " INTEGER, name TEXT, kind TEXT, amount REAL, quantity INTEGER, "
                        + "created_on TEXT)");
                try (PreparedStatement p = c.prepareStatement("INSERT INTO \"" + name + "\" VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                    for (int i = 1; i <= 50; i++) {
                        p.setInt(1, i);
                        p.setInt(2, 1 + (i * 7) % 50);
                        p.setString(3, name + " " + i);
                        p.setString(4, "kind " + (i % 5));
                        p.setDouble(5, i * 1.5);
                        p.setInt(6, i % 17);
                        p.setString(7, String.format("2024-%02d-%02d", 1 + i % 12, 1 + i % 28));
                        p.addBatch();
                    }
                    p.executeBatch();
                }
                made.add(name);
            }
            c.commit();
        }
    }
}
