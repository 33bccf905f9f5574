package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * dbt-semantic-interfaces' own test projects (../shared/interchange/dbt/dbt-semantic-interfaces-fixtures), as YAML:
 * {@code simple_semantic_manifest} (measures in semantic models) and {@code measure_migrated_manifest} (the newer form where
 * simple metrics carry their aggregation). Each is imported into a project over a DuckDB warehouse of the tables its
 * semantic models read (src/test/resources/interchange/dsi/warehouse.sql, filled by the test), so the imported model is
 * validated against a real catalog; every metric maps or is named with its file and a reason; importing again writes the
 * same bytes; the metrics answer as SQL written here by hand.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DbtSemanticInterfacesImportTest {
    static final Path FIXTURES = Path.of("..", "shared", "interchange", "dbt", "dbt-semantic-interfaces-fixtures");
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    Path home;
    Path simple;
    Path migrated;
    CliTest.Run simpleImport;
    CliTest.Run migratedImport;

    @BeforeAll
    void importBoth(@TempDir Path dir) throws Exception {
        home = dir;
        System.setProperty("almanac.home", home.toString());
        simple = project("simple");
        migrated = project("migrated");
        simpleImport = CliTest.run("knowledge", "import", "--dbt-semantic", FIXTURES.resolve("simple_semantic_manifest").toAbsolutePath().toString(),
                "--project", simple.toString());
        migratedImport = CliTest.run("knowledge", "import", "--dbt-semantic", FIXTURES.resolve("measure_migrated_manifest").toAbsolutePath().toString(),
                "--project", migrated.toString());
    }

    /** A project over its own copy of the fixtures' warehouse. */
    Path project(String name) throws Exception {
        Path db = home.resolve(name + ".duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            String sql = Files.readString(Path.of("src/test/resources/interchange/dsi/warehouse.sql")).replaceAll("(?m)^--.*$", "");
            for (String statement : sql.split(";")) if (!statement.isBlank()) s.execute(statement);
        }
        Path project = home.resolve(name);
        Files.createDirectories(project.resolve("knowledge"));
        Files.writeString(project.resolve("almanac.yml"), "name: " + name + "\nsource: " + db + "\nknowledge: knowledge\n");
        return project;
    }

    @AfterAll
    void forget() {
        System.clearProperty("almanac.home");
    }

    /** The names of the metrics a fixture project defines, read from its YAML files here. */
    static List<String> metricNames(Path fixture) throws Exception {
        List<String> names = new ArrayList<>();
        try (var files = Files.walk(fixture)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(f.toFile())) {
                    while (docs.hasNextValue()) {
                        JsonNode doc = docs.nextValue();
                        if (doc != null && doc.has("metric")) names.add(doc.path("metric").path("name").asText());
                    }
                }
            }
        }
        return names;
    }

    static Map<Path, String> files(Path project) throws Exception {
        Map<Path, String> out = new TreeMap<>();
        try (var files = Files.walk(project.resolve("knowledge"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) out.put(project.relativize(f), Files.readString(f));
        }
        return out;
    }

    @Test
    void every_metric_maps_or_is_named_with_its_file_and_a_reason() throws Exception {
        for (var c : List.of(Map.entry(simpleImport, "simple_semantic_manifest"), Map.entry(migratedImport, "measure_migrated_manifest"))) {
            CliTest.Run r = c.getKey();
            assertThat(r.code()).as(r.err() + r.out()).isZero();
            JsonNode written = YAML.readTree((c.getValue().startsWith("simple") ? simple : migrated).resolve("knowledge/semantic/dbt.yml").toFile());
            List<String> mapped = new ArrayList<>();
            written.path("metrics").forEach(m -> mapped.add(m.path("name").asText()));
            List<String> names = metricNames(FIXTURES.resolve(c.getValue()));
            assertThat(names).hasSizeGreaterThan(50);
            assertThat(mapped).hasSizeGreaterThan(30);
            for (String name : names) {
                if (mapped.contains(name)) continue;
                assertThat(r.out()).as(c.getValue() + " " + name).containsPattern("(?m)^  \\S+\\.yaml metrics\\[" + name + "\\]( filter)?: \\S.+$");
            }
        }
        assertThat(simpleImport.out())
                .doesNotContain("metrics[trailing_2_months_revenue]").doesNotContain("metrics[trailing_2_months_revenue_sub_10]")
                .contains("  metrics.yaml metrics[ever_active_listings] filter: a Jinja expression other than Dimension(...) or Entity(...)")
                .contains("  metrics.yaml metrics[discrete_booking_value_p99]: a discrete percentile has no counterpart")
                .contains("  metrics.yaml metrics[lux_booking_fraction_of_max_value] filter: it filters on listing__is_lux_latest, which is not a dimension of the metric's own")
                .contains("  metrics.yaml metrics[bookings_growth_since_start_of_month]: a derived metric whose input is offset to the start of a grain")
                .contains("  saved_queries.yaml saved_queries[highly_active_listings]: its where filter {{ Metric('bookings'")
                .contains("  project_configuration.yaml project_configuration.time_spines[mf_time_spine] custom_granularities: custom granularities (martian_day)")
                // the project's time spines are said to be not needed
                .contains("  project_configuration.yaml project_configuration.time_spines[day_time_spine]: the project's time spine is not needed")
                .contains("  semantic_models/id_verifications.yaml semantic_models[id_verifications] dimension ds: its grain second is finer than Almanac's finest (day)");
        assertThat(migratedImport.out())
                .contains("  semantic_models/accounts_source.yaml metrics[current_account_balance_by_user]: a non-additive dimension with window_groupings");
    }

    @Test
    void importing_again_writes_the_same_bytes() throws Exception {
        for (var c : List.of(Map.entry(simple, "simple_semantic_manifest"), Map.entry(migrated, "measure_migrated_manifest"))) {
            Map<Path, String> first = files(c.getKey());
            assertThat(first).containsKey(Path.of("knowledge/semantic/dbt.yml"));
            CliTest.Run again = CliTest.run("knowledge", "import", "--dbt-semantic", FIXTURES.resolve(c.getValue()).toAbsolutePath().toString(),
                    "--project", c.getKey().toString());
            assertThat(again.code()).as(again.err()).isZero();
            assertThat(files(c.getKey())).isEqualTo(first);
        }
    }

    BigDecimal hand(Path project, String sql) {
        return new BigDecimal(CliTest.sqlRows(project, sql).get(0)).setScale(6, RoundingMode.HALF_UP);
    }

    BigDecimal metric(Path project, String name) {
        CliTest.Run r = CliTest.run("query", "--metric", name, "--format", "csv", "--project", project.toString());
        assertThat(r.code()).as(name + ": " + r.err()).isZero();
        return new BigDecimal(r.out().lines().skip(1).findFirst().orElseThrow().split(",")[0]).setScale(6, RoundingMode.HALF_UP);
    }

    @Test
    void metrics_answer_as_hand_written_sql_in_both_forms() {
        Map<String, String> expected = new HashMap<>();
        expected.put("bookings", "SELECT count(*) FROM fct_bookings");
        expected.put("instant_bookings", "SELECT count(*) FROM fct_bookings WHERE is_instant");
        expected.put("booking_value", "SELECT sum(booking_value) FROM fct_bookings");
        expected.put("max_booking_value", "SELECT max(booking_value) FROM fct_bookings");
        expected.put("average_booking_value", "SELECT avg(booking_value) FROM fct_bookings");
        expected.put("bookers", "SELECT count(DISTINCT guest_id) FROM fct_bookings");
        expected.put("instant_booking_value", "SELECT sum(booking_value) FROM fct_bookings WHERE is_instant");
        expected.put("booking_value_for_non_null_listing_id", "SELECT sum(booking_value) FROM fct_bookings WHERE listing_id IS NOT NULL");
        expected.put("median_booking_value", "SELECT quantile_cont(booking_value, 0.5) FROM fct_bookings");
        expected.put("booking_value_p99", "SELECT quantile_cont(booking_value, 0.99) FROM fct_bookings");
        expected.put("lux_listings", "SELECT count(*) FROM dim_listings_latest WHERE is_lux");
        expected.put("views", "SELECT count(*) FROM fct_views");
        expected.put("revenue", "SELECT sum(revenue) FROM fct_revenue");
        expected.put("identity_verifications", "SELECT count(*) FROM fct_id_verifications");
        // a snapshot: the balances of the first day, summed
        expected.put("total_account_balance_first_day", "SELECT sum(account_balance) FROM fct_accounts WHERE ds = (SELECT min(ds) FROM fct_accounts)");
        expected.put("bookings_per_booker", "SELECT count(*) * 1.0 / count(DISTINCT guest_id) FROM fct_bookings");
        expected.put("booking_fees", "SELECT sum(booking_value) * 0.05 FROM fct_bookings");
        expected.put("bookings_per_view", "SELECT (SELECT count(*) FROM fct_bookings) * 1.0 / (SELECT count(*) FROM fct_views)");
        expected.put("views_times_booking_value", "SELECT (SELECT sum(booking_value) FROM fct_bookings) * (SELECT count(*) FROM fct_views)");
        expected.put("non_referred_bookings_pct", "SELECT (count(*) - count(referrer_id)) * 1.0 / count(*) FROM fct_bookings");
        expected.put("booking_value_sub_instant_add_10", "SELECT sum(booking_value) - sum(CASE WHEN is_instant THEN booking_value ELSE 0 END) + 10 FROM fct_bookings");
        // inputs with filters of their own: each a simple metric with the filter added
        expected.put("instant_booking_value_ratio", "SELECT sum(booking_value) FILTER (WHERE is_instant) / sum(booking_value) FROM fct_bookings");
        expected.put("instant_booking_fraction_of_max_value", "SELECT avg(booking_value) FILTER (WHERE is_instant) / max(booking_value) FROM fct_bookings");
        expected.put("double_counted_delayed_bookings", "SELECT count(*) * 2 FROM fct_bookings WHERE NOT is_instant");
        expected.put("bookings_per_lux_listing_derived", "SELECT (SELECT count(*) FROM fct_bookings) * 1.0 / NULLIF((SELECT count(*) FROM dim_listings_latest WHERE is_lux), 0)");
        for (Path project : List.of(simple, migrated)) {
            for (var e : expected.entrySet()) {
                assertThat(metric(project, e.getKey())).as(project.getFileName() + " " + e.getKey()).isEqualTo(hand(project, e.getValue()));
            }
        }
    }

    @Test
    void a_metric_on_its_own_time_dimension_buckets_by_it() {
        // booking_payments aggregates by booking_paid_at, not the model's default ds
        for (Path project : List.of(simple, migrated)) {
            CliTest.Run r = CliTest.run("query", "--metric", "booking_payments", "--grain", "month", "--from", "2024-01-01", "--to", "2024-04-01",
                    "--format", "csv", "--project", project.toString());
            assertThat(r.code()).as(r.err()).isZero();
            List<String> rows = r.out().lines().skip(1).toList();
            assertThat(rows).hasSize(3);
            assertThat(new BigDecimal(rows.get(0).split(",")[1])).isEqualByComparingTo(hand(project,
                    "SELECT sum(booking_value) FROM fct_bookings WHERE booking_paid_at < DATE '2024-02-01'"));
            assertThat(new BigDecimal(rows.get(2).split(",")[1])).isEqualByComparingTo(hand(project,
                    "SELECT sum(booking_value) FROM fct_bookings WHERE booking_paid_at >= DATE '2024-03-01'"));
        }
    }

    @Test
    void a_saved_query_with_a_dimension_filter_is_a_verified_query() throws Exception {
        // p0_booking: bookings and instant bookings by day and the listing's capacity, where {{ Dimension('listing__capacity_latest') }} > 3
        Path file = simple.resolve("knowledge/queries/dbt_p0_booking.yml");
        assertThat(file).as(simpleImport.out()).isRegularFile();
        String sql = YAML.readTree(file.toFile()).path("sql").asText();
        CliTest.Run r = CliTest.run("sql", sql, "--format", "csv", "--project", simple.toString());
        assertThat(r.code()).as(sql + ": " + r.err()).isZero();
        CliTest.Run hand = CliTest.run("sql", "SELECT b.ds, l.capacity, count(*), count(*) FILTER (WHERE b.is_instant) FROM fct_bookings b "
                + "JOIN dim_listings_latest l ON l.listing_id = b.listing_id WHERE l.capacity > 3 GROUP BY 1, 2", "--format", "csv", "--project", simple.toString());
        assertThat(rows(r.out())).hasSize(3).isEqualTo(rows(hand.out()));
    }

    /** CSV rows without the header, each cell read as a number where it is one (so 3 and 3.0 are the same), sorted. */
    static List<List<String>> rows(String csv) {
        List<List<String>> out = new ArrayList<>();
        for (String line : csv.lines().skip(1).toList()) {
            List<String> cells = new ArrayList<>();
            for (String c : line.split(",", -1)) {
                try {
                    cells.add(new BigDecimal(c).stripTrailingZeros().toPlainString());
                } catch (NumberFormatException e) {
                    cells.add(c.length() > 10 && c.matches("\\d{4}-\\d\\d-\\d\\d.*") ? c.substring(0, 10) : c);
                }
            }
            out.add(cells);
        }
        out.sort(java.util.Comparator.comparing(Object::toString));
        return out;
    }

    @Test
    void a_project_folder_that_cannot_be_read_is_refused_in_one_line_and_nothing_is_written(@TempDir Path dir) throws Exception {
        Path broken = Files.createDirectories(dir.resolve("broken/models"));
        Files.writeString(broken.resolve("orders.yml"), "semantic_models:\n  - name: orders\n    model: ref('orders')\n   entities: [\n");
        Path empty = Files.createDirectories(dir.resolve("empty/models"));
        Files.writeString(empty.resolve("schema.yml"), "models:\n  - name: orders\n    description: no semantic model here\n");
        Path project = project("refused");
        for (Path source : List.of(broken.getParent(), empty.getParent())) {
            CliTest.Run r = CliTest.run("knowledge", "import", "--dbt-semantic", source.toString(), "--project", project.toString());
            assertThat(r.code()).as(r.out() + r.err()).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n").doesNotContain("Exception");
        }
        assertThat(files(project)).isEmpty();
    }
}
