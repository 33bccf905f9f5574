package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.store.AppStore;
import dev.almanac.store.KnowledgeStore;
import dev.almanac.store.Project;
import dev.almanac.store.StoredItem;
import dev.almanac.testing.DemoContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Knowledge files against the real demo warehouse and a real SQLite app store. */
class KnowledgeFilesTest {
    static final Path DEMO_KNOWLEDGE = Path.of("knowledge");
    static DemoContext demo;
    static KnowledgeValidator validator;

    @TempDir
    Path dir;

    @BeforeAll
    static void open() {
        demo = new DemoContext();
        validator = new KnowledgeValidator(demo.catalog, demo.executor);
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    Project project(String name) {
        return new Project(name, dir, "data/demo.duckdb", dir.resolve("knowledge"), false);
    }

    Path write(String relative, String content) throws IOException {
        Path file = dir.resolve("kn").resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    List<Problem> problemsOf(Path knowledgeDir) {
        return validator.validate(KnowledgeFiles.read(knowledgeDir));
    }

    @Test
    void the_demo_knowledge_validates_clean() {
        KnowledgeFiles.Read read = KnowledgeFiles.read(DEMO_KNOWLEDGE);
        assertThat(validator.validate(read)).isEmpty();
        assertThat(read.knowledge().tables()).hasSize(demo.catalog.tables().size());
    }

    @Test
    void import_export_import_is_identical() throws IOException {
        KnowledgeBase base = new KnowledgeBase(new KnowledgeStore(AppStore.sqlite(dir.resolve("a.db"))));
        Project p = project("Round trip");
        assertThat(base.importFiles(p, DEMO_KNOWLEDGE, null, validator).ok()).isTrue();
        KnowledgeSet first = base.load(p);
        Path exported = dir.resolve("exported");
        KnowledgeFiles.write(first, exported);

        KnowledgeBase other = new KnowledgeBase(new KnowledgeStore(AppStore.sqlite(dir.resolve("b.db"))));
        assertThat(other.importFiles(p, exported, null, validator).problems()).isEmpty();
        KnowledgeSet second = other.load(p);
        assertThat(second.tables()).isEqualTo(first.tables());
        assertThat(second.metrics()).isEqualTo(first.metrics());
        assertThat(second.queries()).isEqualTo(first.queries());
        assertThat(second.rules()).isEqualTo(first.rules());
        for (int i = 0; i < first.golden().size(); i++) assertThat(second.golden().get(i)).isEqualTo(first.golden().get(i));
        assertThat(second.files()).isEqualTo(first.files());
        assertThat(first.size()).isEqualTo(KnowledgeFiles.read(DEMO_KNOWLEDGE).knowledge().size());

        // importing the same files again changes nothing
        assertThat(base.importFiles(p, DEMO_KNOWLEDGE, null, validator).ok()).isTrue();
        assertThat(base.load(p)).isEqualTo(first);
    }

    @Test
    void yaml_syntax_error_is_reported_with_line_and_column() throws IOException {
        write("metrics/broken.yml", "name: broken\ndefinition: x\nsql: [SELECT 1\n  unclosed: :\n");
        List<Problem> problems = problemsOf(dir.resolve("kn"));
        assertThat(problems).hasSize(1);
        assertThat(problems.get(0).file()).isEqualTo("metrics/broken.yml");
        assertThat(problems.get(0).line()).isBetween(3, 5);
        assertThat(problems.get(0).column()).isPositive();
        assertThat(problems.get(0).toString()).matches("metrics/broken\\.yml:\\d+:\\d+: invalid YAML: .*");
    }

    @Test
    void a_broken_file_of_each_kind_fails_at_the_right_line() throws IOException {
        write("tables/payments.yml", """
                table: payments
                description: Payments.
                column_notes:
                  amount: In cents.
                  amount_eur: Does not exist.
                """);
        write("metrics/bad_metric.yml", """
                name: bad_metric
                definition: References a missing column.
                sql: |
                  SELECT sum(amount_usd) FROM payments
                """);
        write("queries/unverified.yml", """
                name: unverified
                question: Who checked this?
                sql: SELECT 1
                """);
        write("business/rule.yml", """
                title: A rule
                description: On a table that does not exist.
                applies_to_tables:
                - payments
                - paymentz
                """);
        write("golden/g.yml", """
                golden:
                - id: ok1
                  question: How many plans?
                  expected_sql: SELECT count(*) FROM plans
                  expected_result: {columns: [n], rows: [[5]]}
                  comparison: exact
                  difficulty: easy
                - id: bad1
                  question: Wrong comparison
                  expected_sql: SELECT 1
                  expected_result: {columns: [x], rows: [[1]]}
                  comparison: fuzzy
                  difficulty: easy
                """);
        List<Problem> problems = problemsOf(dir.resolve("kn"));
        // DuckDB lists candidate columns in no fixed order: keep the message up to them
        assertThat(problems).extracting(p -> p.toString().replaceAll(" Candidate bindings:.*", "")).containsExactlyInAnyOrder(
                "business/rule.yml:5: unknown table 'paymentz' (did you mean payments?)",
                "golden/g.yml:12: comparison must be one of approximate, contains, exact, refused, row_count, structure",
                "metrics/bad_metric.yml:3: query failed: Binder Error: Referenced column \"amount_usd\" not found in FROM clause!",
                "queries/unverified.yml:1: missing required field 'verified_at'",
                "queries/unverified.yml:1: missing required field 'verified_by'",
                "tables/payments.yml:5: unknown column 'amount_eur' in table payments");
    }

    @Test
    void a_field_of_the_wrong_type_is_named_with_its_line_and_what_it_takes() throws IOException {
        write("metrics/tagged.yml", "name: tagged\ndefinition: T\nsql: SELECT 1 AS n\ntags:\n  finance: yes\n");
        write("queries/dated.yml", "name: dated\nquestion: Q?\nsql: SELECT 1 AS n\nverified_by: me\nverified_at: [2026]\n");
        assertThat(problemsOf(dir.resolve("kn"))).extracting(Problem::toString).containsExactlyInAnyOrder(
                "metrics/tagged.yml:5: field 'tags' must be a list",
                "queries/dated.yml:5: field 'verified_at' must be text");
    }

    @Test
    void duplicates_unknown_fields_and_undeclared_parameters_are_reported() throws IOException {
        write("metrics/a.yml", "name: same\ndefinition: A\nsql: SELECT 1\n");
        write("metrics/b.yml", "name: same\ndefinition: B\nsql: SELECT 2\n");
        write("metrics/c.yml", "name: c\ndefinition: C\nsql: SELECT count(*) FROM orders WHERE ordered_at >= $start\n");
        write("tables/plans.yml", "table: plans\ndescription: Plans.\ndescriptoin: typo\n");
        assertThat(problemsOf(dir.resolve("kn"))).extracting(Problem::toString).containsExactlyInAnyOrder(
                "metrics/b.yml:1: duplicate metric 'same' (first in metrics/a.yml:1)",
                "metrics/c.yml:3: parameter $start is used but not declared under parameters",
                "tables/plans.yml:3: unknown field 'descriptoin'");
    }

    @Test
    void json_files_of_the_same_shape_and_unicode_work() throws IOException {
        write("metrics/umsatz.json", """
                {"name": "umsatz_€", "label": "Umsatz (Shop) — größte Kennzahl ✓", "definition": "Shop-Umsatz in USD",
                 "sql": "SELECT round(sum(total_amount), 2) AS umsatz FROM orders WHERE status = 'completed'",
                 "synonyms": ["Umsatz", "収益"]}
                """);
        List<Problem> problems = problemsOf(dir.resolve("kn"));
        assertThat(problems).isEmpty();
        KnowledgeBase base = new KnowledgeBase(new KnowledgeStore(AppStore.sqlite(dir.resolve("u.db"))));
        Project p = project("Unicode ✓");
        assertThat(base.importFiles(p, dir.resolve("kn"), null, validator).ok()).isTrue();
        Metric m = base.load(p).metrics().get(0);
        assertThat(m.label()).isEqualTo("Umsatz (Shop) — größte Kennzahl ✓");
        assertThat(m.synonyms()).containsExactly("Umsatz", "収益");
    }

    @Test
    void a_failed_import_leaves_the_store_unchanged() throws IOException {
        KnowledgeStore store = new KnowledgeStore(AppStore.sqlite(dir.resolve("s.db")));
        KnowledgeBase base = new KnowledgeBase(store);
        Project p = project("Atomic");
        write("metrics/one.yml", "name: one\ndefinition: One\nsql: SELECT 1 AS one\n");
        assertThat(base.importFiles(p, dir.resolve("kn"), null, validator).ok()).isTrue();
        List<StoredItem> before = store.items(p);

        write("metrics/two.yml", "name: two\ndefinition: Two\nsql: SELECT nope FROM plans\n");
        KnowledgeBase.ImportResult failed = base.importFiles(p, dir.resolve("kn"), null, validator);
        assertThat(failed.ok()).isFalse();
        assertThat(store.items(p)).isEqualTo(before);
    }

    @Test
    void a_crash_in_the_middle_of_writing_rolls_back() throws IOException {
        KnowledgeStore store = new KnowledgeStore(AppStore.sqlite(dir.resolve("c.db")));
        Project p = project("Crash");
        store.replace(p, List.of(new StoredItem("metric", "kept", "{\"name\":\"kept\"}", "metrics/kept.yml")), "f1");
        List<StoredItem> before = store.items(p);
        // the second item violates NOT NULL: the insert fails after the delete ran, inside the transaction
        List<StoredItem> bad = List.of(new StoredItem("metric", "new", "{}", null), new StoredItem("metric", "broken", null, null));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> store.replace(p, bad, "f2")).isInstanceOf(dev.almanac.AlmanacException.class);
        assertThat(store.items(p)).isEqualTo(before);
        assertThat(store.lastFingerprint(p)).contains("f1");
    }

    @Test
    void dbt_manifest_and_schema_yml_fill_in_descriptions() throws IOException {
        write("tables/plans.yml", "table: plans\ndescription: Our plans.\ncolumn_notes:\n  tier: From the files.\n");
        Path manifest = write("../manifest.json", """
                {"nodes": {
                   "model.x.plans": {"resource_type": "model", "name": "plans", "description": "dbt says plans",
                      "columns": {"tier": {"name": "tier", "description": "dbt tier"}, "name": {"name": "name", "description": "Plan name from dbt"}}},
                   "model.x.regions": {"resource_type": "model", "name": "regions", "description": "Regions from dbt",
                      "columns": {"code": {"name": "code", "description": "Short code"}, "ghost": {"name": "ghost", "description": "not a column"}}},
                   "model.x.nowhere": {"resource_type": "model", "name": "nowhere", "description": "not in the warehouse", "columns": {}},
                   "test.x.t": {"resource_type": "test", "name": "t"}},
                 "sources": {}}
                """);
        KnowledgeBase base = new KnowledgeBase(new KnowledgeStore(AppStore.sqlite(dir.resolve("d.db"))));
        Project p = project("dbt");
        assertThat(base.importFiles(p, dir.resolve("kn"), manifest, validator).ok()).isTrue();
        KnowledgeSet k = base.load(p);
        TableNote plans = k.note("plans").orElseThrow();
        assertThat(plans.description()).isEqualTo("Our plans.");
        assertThat(plans.columnNotes()).containsEntry("tier", "From the files.").containsEntry("name", "Plan name from dbt");
        TableNote regions = k.note("regions").orElseThrow();
        assertThat(regions.description()).isEqualTo("Regions from dbt");
        assertThat(regions.columnNotes()).containsOnlyKeys("code");
        assertThat(k.note("nowhere")).isEmpty();

        Path schema = write("../schema.yml", """
                version: 2
                models:
                  - name: currencies
                    description: Currencies, from schema.yml
                    columns:
                      - name: symbol
                        description: The sign
                """);
        assertThat(base.importFiles(p, dir.resolve("kn"), schema, validator).ok()).isTrue();
        assertThat(base.load(p).note("currencies").orElseThrow().columnNotes()).containsEntry("symbol", "The sign");
    }

    @Test
    void every_demo_file_is_utf8_yaml() throws IOException {
        try (Stream<Path> files = Files.walk(DEMO_KNOWLEDGE)) {
            assertThat(files.filter(Files::isRegularFile)).allMatch(f -> f.toString().endsWith(".yml"));
        }
    }
}
