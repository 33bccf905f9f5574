package dev.almanac.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.sql.QueryResult;
import dev.almanac.testing.DemoWarehouse;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo's knowledge files against the demo warehouse: every table has a note, names in the files
 * exist, every metric and verified query passes the guard and runs, and every golden question's
 * gold SQL still produces its frozen expected result.
 */
class DemoKnowledgeTest {
    static final Path KNOWLEDGE = Path.of("knowledge");
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    static Source demo;
    static Guard guard;
    static QueryExecutor executor;
    static Catalog catalog;

    @BeforeAll
    static void open() {
        demo = Sources.openFile(DemoWarehouse.file());
        guard = new Guard();
        executor = new QueryExecutor(demo, guard, new QueryLimits(Duration.ofSeconds(60), 10_000));
        catalog = new CatalogIntrospector().introspect(demo);
    }

    @AfterAll
    static void close() {
        guard.close();
        demo.close();
    }

    static List<JsonNode> read(String kind) throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        try (Stream<Path> files = Files.list(KNOWLEDGE.resolve(kind))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yml")).sorted().toList()) docs.add(YAML.readTree(f.toFile()));
        }
        return docs;
    }

    @Test
    void every_table_has_a_note_whose_names_exist() throws IOException {
        List<JsonNode> notes = read("tables");
        Set<String> noted = new HashSet<>();
        SoftAssertions soft = new SoftAssertions();
        for (JsonNode note : notes) {
            String name = note.get("table").asText();
            noted.add(name);
            Catalog.Table table = catalog.table(name).orElse(null);
            soft.assertThat(table).as("table of note %s", name).isNotNull();
            if (table == null) continue;
            soft.assertThat(note.path("description").asText()).as("description of %s", name).isNotBlank();
            if (note.has("time_column")) {
                soft.assertThat(table.column(note.get("time_column").asText())).as("time_column of %s", name).isPresent();
            }
            note.path("column_notes").fieldNames().forEachRemaining(c ->
                    soft.assertThat(table.column(c)).as("column note %s.%s", name, c).isPresent());
            for (JsonNode rel : note.path("related_tables")) {
                soft.assertThat(catalog.table(rel.get("table").asText())).as("related table %s of %s", rel.get("table"), name).isPresent();
                soft.assertThat(rel.path("join").asText()).contains("=");
            }
        }
        soft.assertThat(noted).containsExactlyInAnyOrderElementsOf(catalog.tables().stream().map(Catalog.Table::name).toList());
        soft.assertAll();
    }

    @Test
    void metrics_and_verified_queries_pass_the_guard_and_run() throws IOException {
        List<JsonNode> metrics = read("metrics");
        List<JsonNode> queries = read("queries");
        assertThat(metrics).hasSizeGreaterThanOrEqualTo(8);
        assertThat(queries).hasSizeGreaterThanOrEqualTo(20);
        SoftAssertions soft = new SoftAssertions();
        for (JsonNode doc : concat(metrics, queries)) {
            String sql = withDefaults(doc);
            QueryResult result = executor.execute(sql);
            soft.assertThat(result.rowCount()).as("rows of %s", doc.get("name")).isPositive();
            soft.assertThat(result.rows().get(0).get(0)).as("first value of %s", doc.get("name")).isNotNull();
        }
        for (JsonNode q : queries) {
            soft.assertThat(q.path("verified_by").asText()).isNotBlank();
            soft.assertThat(q.path("verified_at").asText()).matches("\\d{4}-\\d{2}-\\d{2}");
        }
        for (JsonNode m : metrics) soft.assertThat(m.path("synonyms").size()).as("synonyms of %s", m.get("name")).isPositive();
        soft.assertAll();
    }

    @Test
    void business_rules_document_the_gotchas() throws IOException {
        List<JsonNode> rules = read("business");
        assertThat(rules).hasSizeGreaterThanOrEqualTo(10);
        for (JsonNode r : rules) {
            for (JsonNode t : r.path("applies_to_tables")) assertThat(catalog.table(t.asText())).as("table %s in rule %s", t, r.get("title")).isPresent();
        }
        String all = rules.toString().toLowerCase();
        assertThat(all).contains("cents", "is_deleted", "epoch", "running total", "order_number", "legacy_revenue", "null", "july 2024",
                "november 2023", "2026-03-31");
    }

    static List<JsonNode> golden() throws IOException {
        List<JsonNode> golden = new ArrayList<>();
        for (JsonNode file : read("golden")) file.get("golden").forEach(golden::add);
        return golden;
    }

    static boolean refused(JsonNode g) {
        return "refused".equals(g.path("comparison").asText());
    }

    @Test
    void golden_questions_still_give_their_frozen_results() throws IOException {
        List<JsonNode> golden = golden();
        assertThat(golden).hasSizeGreaterThanOrEqualTo(150);
        assertThat(golden.stream().map(g -> g.get("difficulty").asText()).distinct()).containsExactlyInAnyOrder("easy", "medium", "hard");
        assertThat(golden.stream().map(g -> g.get("id").asText()).distinct().count()).isEqualTo(golden.size());
        SoftAssertions soft = new SoftAssertions();
        for (JsonNode g : golden) {
            if (refused(g)) {
                // a question the data cannot answer: nothing to reproduce
                soft.assertThat(g.has("expected_result")).as("%s is refused and has no expected result", g.get("id")).isFalse();
                continue;
            }
            String sql = g.get("expected_sql").asText();
            QueryResult result = executor.execute(sql);
            JsonNode expected = g.get("expected_result");
            soft.assertThat(result.rowCount()).as("row count of %s", g.get("id")).isEqualTo(expected.get("rows").size());
            List<String> wantColumns = new java.util.ArrayList<>();
            expected.get("columns").forEach(c -> wantColumns.add(c.asText().toLowerCase(java.util.Locale.ROOT)));
            soft.assertThat(result.columns().stream().map(c -> c.toLowerCase(java.util.Locale.ROOT)).toList()).as("columns of %s", g.get("id"))
                    .containsExactlyElementsOf(wantColumns);
            for (JsonNode want : expected.get("rows")) {
                soft.assertThat(want.size()).as("%s: a frozen row has a value for each expected column", g.get("id")).isEqualTo(wantColumns.size());
            }
            if (dev.almanac.eval.ResultComparator.ordersResult(sql)) {
                // the gold orders its result: the rows must come in the frozen order
                for (int r = 0; r < Math.min(result.rowCount(), expected.get("rows").size()); r++) {
                    List<Object> row = result.rows().get(r);
                    JsonNode want = expected.get("rows").get(r);
                    for (int c = 0; c < row.size(); c++) {
                        soft.assertThat(same(row.get(c), want.get(c))).as("%s row %d column %d: %s vs %s", g.get("id"), r, c, row.get(c), want.get(c)).isTrue();
                    }
                }
            } else {
                // no top-level ORDER BY: the database may return the rows in any order, the eval compares them as a multiset
                boolean[] used = new boolean[result.rowCount()];
                for (JsonNode want : expected.get("rows")) {
                    int found = -1;
                    for (int r = 0; r < result.rowCount() && found < 0; r++) {
                        if (!used[r] && sameRow(result.rows().get(r), want)) found = r;
                    }
                    soft.assertThat(found).as("%s: expected row %s is not in the result %s", g.get("id"), want, result.rows()).isNotNegative();
                    if (found >= 0) used[found] = true;
                }
            }
        }
        soft.assertAll();
    }

    /** The kinds of question of issue 13 ("Measured"): each golden question has exactly one, as the tag kind:NAME. */
    static final List<String> KINDS = List.of("metric_period", "metric_by_dimension", "filtered", "top_n", "trend", "comparison", "out_of_scope");

    @Test
    void every_golden_question_has_one_kind_and_every_kind_has_enough_questions() throws IOException {
        List<JsonNode> golden = golden();
        java.util.Map<String, Integer> perKind = new java.util.TreeMap<>();
        SoftAssertions soft = new SoftAssertions();
        for (JsonNode g : golden) {
            List<String> kinds = new ArrayList<>();
            g.path("tags").forEach(t -> {
                if (t.asText().startsWith("kind:")) kinds.add(t.asText().substring(5));
            });
            soft.assertThat(kinds).as("kind tags of %s", g.get("id")).hasSize(1);
            if (kinds.size() != 1) continue;
            soft.assertThat(KINDS).as("kind of %s", g.get("id")).contains(kinds.get(0));
            perKind.merge(kinds.get(0), 1, Integer::sum);
            // questions the data cannot answer are scored as refusals, and only they
            soft.assertThat(refused(g)).as("%s of kind %s: comparison refused", g.get("id"), kinds.get(0)).isEqualTo(kinds.get(0).equals("out_of_scope"));
        }
        soft.assertAll();
        for (String k : KINDS) assertThat(perKind.getOrDefault(k, 0)).as("questions of kind %s", k).isGreaterThanOrEqualTo(k.equals("out_of_scope") ? 12 : 15);
    }

    static boolean sameRow(List<Object> row, JsonNode want) {
        if (row.size() != want.size()) return false;
        for (int c = 0; c < row.size(); c++) if (!same(row.get(c), want.get(c))) return false;
        return true;
    }

    static boolean same(Object actual, JsonNode expected) {
        if (actual == null) return expected.isNull();
        if (actual instanceof Number n && expected.isNumber()) {
            return new BigDecimal(n.toString()).compareTo(expected.decimalValue()) == 0;
        }
        return actual.toString().equals(expected.asText());
    }

    static String withDefaults(JsonNode doc) {
        String sql = doc.get("sql").asText();
        for (JsonNode p : doc.path("parameters")) sql = sql.replace("$" + p.get("name").asText(), "'" + p.get("default").asText() + "'");
        return sql;
    }

    static List<JsonNode> concat(List<JsonNode> a, List<JsonNode> b) {
        List<JsonNode> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
