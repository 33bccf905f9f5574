package dev.almanac.bench;

import dev.almanac.cli.Main;
import dev.almanac.knowledge.DbtSemanticImport;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The dbt semantic import on the published projects in ../shared/interchange/dbt: reading a project (jaffle-shop's
 * compiled manifest and its own YAML folder, dbt-semantic-interfaces' simple test project, the largest) into a semantic
 * file, and the whole `almanac knowledge import --dbt-semantic` in process (read, stage, validate against the warehouse's
 * catalog, compile the saved queries into verified queries, write, store), importing the same project again each time.
 */
public final class DbtImportBench {
    record Case(String label, Path source, String warehouse) {}

    static final Path DBT = Path.of("..", "shared", "interchange", "dbt").toAbsolutePath().normalize();
    static final int READS = 50;
    static final int IMPORTS = 10;

    public static void main(String[] args) throws Exception {
        Path dir = Path.of("target", "bench-dbt-import").toAbsolutePath();
        delete(dir);
        Files.createDirectories(dir);
        System.setProperty("almanac.home", dir.resolve("home").toString());
        Path jaffle = jaffle(dir.resolve("jaffle.duckdb"));
        Path dsi = sql(dir.resolve("dsi.duckdb"), Files.readString(Path.of("src/test/resources/interchange/dsi/warehouse.sql")));
        List<Case> cases = List.of(
                new Case("jaffle-shop, semantic_manifest.json (dbt-core 1.9.4)", DBT.resolve("jaffle-shop/semantic_manifest.dbt-1.9.4.json"), "jaffle"),
                new Case("jaffle-shop, models/*.yml", DBT.resolve("jaffle-shop/models"), "jaffle"),
                new Case("dbt-semantic-interfaces simple_semantic_manifest (YAML)", DBT.resolve("dbt-semantic-interfaces-fixtures/simple_semantic_manifest"), "dsi"),
                new Case("dbt-semantic-interfaces measure_migrated_manifest (YAML)", DBT.resolve("dbt-semantic-interfaces-fixtures/measure_migrated_manifest"), "dsi"));
        StringBuilder body = new StringBuilder("""
                Reading a project into a semantic file (`DbtSemanticImport.read`, %d runs after 10 to warm up), and the whole
                `knowledge import --dbt-semantic` in process (read, stage, validate against the warehouse's catalog, compile the saved
                queries, write the files, store them; %d runs importing the same project again, after one first import), over DuckDB
                warehouses of the tables each project reads (`bench/run DbtImportBench`). The first import of the first project also
                loads the command line's classes and DuckDB into the process. "not mapped" counts every place reported (metrics,
                entities, saved queries, custom granularities); "metrics mapped" counts the metrics written, with the simple metrics made
                for ratio and derived inputs that have filters of their own.

                | project | datasets | metrics mapped | not mapped | read p50 ms | read p90 ms | first import ms | import p50 ms | import p90 ms |
                |---|---:|---:|---:|---:|---:|---:|---:|---:|
                """.formatted(READS, IMPORTS));
        PrintStream out = System.out;
        for (Case c : cases) {
            DbtSemanticImport.Imported imported = null;
            for (int i = 0; i < 10; i++) imported = DbtSemanticImport.read(c.source(), "dbt");
            long[] reads = new long[READS];
            for (int i = 0; i < READS; i++) {
                long t = System.nanoTime();
                DbtSemanticImport.read(c.source(), "dbt");
                reads[i] = System.nanoTime() - t;
            }
            Path project = dir.resolve("p-" + Math.abs(c.label().hashCode()));
            Files.createDirectories(project.resolve("knowledge"));
            Files.writeString(project.resolve("almanac.yml"), "name: bench\nsource: " + (c.warehouse().equals("jaffle") ? jaffle : dsi) + "\nknowledge: knowledge\n");
            long[] imports = new long[IMPORTS];
            long first = 0;
            System.setOut(new PrintStream(OutputStream.nullOutputStream()));
            try {
                for (int i = 0; i <= IMPORTS; i++) {
                    long t = System.nanoTime();
                    int code = Main.run("knowledge", "import", "--dbt-semantic", c.source().toString(), "--project", project.toString());
                    long elapsed = System.nanoTime() - t;
                    if (code != 0) throw new IllegalStateException(c.label() + ": import exited " + code);
                    if (i == 0) first = elapsed;
                    else imports[i - 1] = elapsed;
                }
            } finally {
                System.setOut(out);
            }
            body.append("| ").append(c.label()).append(" | ").append(imported.file().datasets().size()).append(" | ").append(imported.file().metrics().size())
                    .append(" | ").append(imported.unmapped().size())
                    .append(String.format(" | %.1f | %.1f | %.0f | %.0f | %.0f |%n", Report.quantileMicros(reads, 0.5) / 1000, Report.quantileMicros(reads, 0.9) / 1000,
                            first / 1e6, Report.quantileMicros(imports, 0.5) / 1000, Report.quantileMicros(imports, 0.9) / 1000));
        }
        Report.write("dbt-import", "dbt semantic import time (issue 28)", body.toString());
    }

    /** jaffle-shop's marts, built from its seeds as JaffleShopImportTest builds them. */
    static Path jaffle(Path db) throws Exception {
        StringBuilder sql = new StringBuilder();
        for (String seed : List.of("customers", "products", "stores", "supplies")) {
            sql.append("CREATE TABLE raw_").append(seed).append(" AS SELECT * FROM read_csv('")
                    .append(DBT.resolve("jaffle-shop/seeds/raw_" + seed + ".csv")).append("', header = true);\n");
        }
        sql.append(Files.readString(Path.of("src/test/resources/interchange/jaffle/marts.sql")));
        return sql(db, sql.toString());
    }

    static Path sql(Path db, String script) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            for (String statement : script.replaceAll("(?m)^--.*$", "").split(";")) if (!statement.isBlank()) s.execute(statement);
        }
        return db;
    }

    static void delete(Path dir) throws Exception {
        if (!Files.exists(dir)) return;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
