package dev.almanac.bench;

import dev.almanac.cli.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * `almanac init --db` in process on the demo warehouse (without its knowledge), on each Spider dev database, and on a generated
 * SQLite source of 1,000 tables (8 columns and 200 rows each, each referring to the one before by a column no foreign key
 * declares): the time to read and draft (catalog, samples, key inference), the whole command (with the validation of the model
 * against the source and the writing of the files), and the rows read.
 */
public final class InitBench {
    record Result(String label, int tables, int datasets, int relationships, int inferred, int metrics, long rows, double draftSeconds, double totalSeconds) {}

    private static final Pattern SUMMARY = Pattern.compile("Drafted (\\d+) datasets .*\\((\\d+) tables and views.*?(\\d+) relationships \\((\\d+) declared, (\\d+) inferred\\), (\\d+) metrics; ([\\d,]+) rows read in ([\\d.]+) s");

    public static void main(String[] args) throws Exception {
        Path dir = Path.of("target", "bench-init").toAbsolutePath();
        delete(dir);
        Files.createDirectories(dir);
        System.setProperty("almanac.home", dir.resolve("home").toString());
        List<Result> results = new ArrayList<>();
        Path demo = dev.almanac.testing.DemoWarehouse.file();
        Path demoCopy = dir.resolve("demo.duckdb");
        Files.copy(demo, demoCopy);
        results.add(init("demo warehouse (DuckDB, scale 1)", demoCopy, dir.resolve("p-demo")));
        List<Result> spider = new ArrayList<>();
        try (Stream<Path> s = Files.list(dev.almanac.testing.SpiderDatabases.SPIDER.resolve("database"))) {
            for (Path d : s.sorted().toList()) {
                Path f = d.resolve(d.getFileName() + ".sqlite");
                if (Files.isRegularFile(f)) spider.add(init("spider " + d.getFileName(), f, dir.resolve("p-" + d.getFileName())));
            }
        }
        Path wide = generate(dir.resolve("thousand.sqlite"), 1000, 200);
        Result thousand = init("generated: 1,000 tables x 8 columns x 200 rows (SQLite)", wide, dir.resolve("p-thousand"));

        StringBuilder body = new StringBuilder("""
                `almanac init --db` in process (`bench/run InitBench`), default sample (1,000 rows a table) and budget (5 minutes):
                draft is reading the catalog and the samples and drafting the model (with key inference); total adds the validation of
                the whole model against the source (every expression, every metric compiled and run with LIMIT 0; past 300 datasets,
                as for the 1,000 tables, names, references and joins only, each computed expression having been run when drafted) and
                writing the files.
                The 1,000-table source is generated: each table refers to the one before by a column no foreign key declares, so every
                relationship there is inferred (name, type, and the sampled values found among the keys).

                | source | tables | datasets | relationships (inferred) | metrics | rows read | draft s | total s |
                |---|---:|---:|---:|---:|---:|---:|---:|
                """);
        for (Result r : results) row(body, r);
        Result sum = new Result("Spider dev, all " + spider.size() + " databases (sum)", spider.stream().mapToInt(Result::tables).sum(),
                spider.stream().mapToInt(Result::datasets).sum(), spider.stream().mapToInt(Result::relationships).sum(),
                spider.stream().mapToInt(Result::inferred).sum(), spider.stream().mapToInt(Result::metrics).sum(), spider.stream().mapToLong(Result::rows).sum(),
                spider.stream().mapToDouble(Result::draftSeconds).sum(), spider.stream().mapToDouble(Result::totalSeconds).sum());
        row(body, sum);
        row(body, thousand);
        body.append("\nPer Spider database:\n\n| database | tables | datasets | relationships (inferred) | metrics | rows read | draft s | total s |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Result r : spider) row(body, r);
        Report.write("init", "almanac init: drafting a project from a source (issue 30)", body.toString());
        System.out.println(body);
    }

    private static void row(StringBuilder b, Result r) {
        b.append(String.format("| %s | %d | %d | %d (%d) | %d | %,d | %.1f | %.1f |%n", r.label(), r.tables(), r.datasets(), r.relationships(), r.inferred(),
                r.metrics(), r.rows(), r.draftSeconds(), r.totalSeconds()));
    }

    private static Result init(String label, Path db, Path project) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stdout = System.out, stderr = System.err;
        long start = System.nanoTime();
        int code;
        try {
            System.setOut(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8));
            System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
            code = Main.run("init", project.toString(), "--db", db.toString(), "-q");
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        double total = (System.nanoTime() - start) / 1e9;
        if (code != 0) throw new IllegalStateException(label + ": exit " + code + ": " + err + out);
        Matcher m = SUMMARY.matcher(out.toString());
        if (!m.find()) throw new IllegalStateException(label + ": no summary in " + out);
        if (out.toString().contains("Left out")) throw new IllegalStateException(label + ": " + out);
        System.err.printf("%s: %.1f s%n", label, total);
        return new Result(label, Integer.parseInt(m.group(2)), Integer.parseInt(m.group(1)), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(5)),
                Integer.parseInt(m.group(6)), Long.parseLong(m.group(7).replace(",", "")), Double.parseDouble(m.group(8)), total);
    }

    /** A SQLite source of n tables, each with a key, a reference to the table before (undeclared), text, a category, an amount and a date. */
    static Path generate(Path file, int n, int rows) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            for (int t = 1; t <= n; t++) {
                String name = String.format("table_%04d", t);
                String ref = t == 1 ? "parent_code" : String.format("table_%04d_id", t - 1);
                s.execute("CREATE TABLE " + name + " (id INTEGER PRIMARY KEY, " + ref + " INTEGER, title TEXT, kind TEXT, amount REAL, quantity INTEGER, "
                        + "created_on TEXT, note TEXT)");
                try (PreparedStatement p = c.prepareStatement("INSERT INTO " + name + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                    for (int i = 1; i <= rows; i++) {
                        p.setInt(1, i);
                        p.setInt(2, 1 + (i * 7) % rows);
                        p.setString(3, name + " item " + i);
                        p.setString(4, "kind " + (i % 5));
                        p.setDouble(5, i * 1.5);
                        p.setInt(6, i % 17);
                        p.setString(7, String.format("2024-%02d-%02d", 1 + i % 12, 1 + i % 28));
                        p.setString(8, "a longer note about row " + i + " of " + name + " that nobody will break down by");
                        p.addBatch();
                    }
                    p.executeBatch();
                }
            }
            c.commit();
        }
        return file;
    }

    private static void delete(Path dir) throws Exception {
        if (!Files.exists(dir)) return;
        try (Stream<Path> w = Files.walk(dir)) {
            for (Path p : w.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
