package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.testing.DemoWarehouse;
import dev.almanac.testing.ScratchProject;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The semantic model out and in through the Open Semantic Interchange core format: the demo exported to OSI and imported
 * into a project whose semantic files were removed answers every golden question as the demo does; an OSI file another
 * tool wrote (core fields only) is read from its core fields.
 */
class OsiRoundTripTest {
    @TempDir
    Path home;

    @BeforeEach
    void home() {
        System.setProperty("almanac.home", home.toString());
    }

    @AfterEach
    void forget() {
        System.clearProperty("almanac.home");
    }

    /** Each golden question's verdict in a no-model eval of the project. */
    static Map<String, Boolean> golden(Path project) throws Exception {
        CliTest.Run eval = CliTest.run("eval", "--llm", "none", "--now", "2026-11-22", "--format", "json", "--project", project.toString());
        JsonNode json = Json.MAPPER.readTree(eval.out());
        Map<String, Boolean> verdicts = new LinkedHashMap<>();
        json.path("results").forEach(r -> verdicts.put(r.path("golden_id").asText(r.path("id").asText()), r.path("passed").asBoolean()));
        assertThat(verdicts).as(eval.err()).isNotEmpty();
        return verdicts;
    }

    @Test
    void the_demo_exported_and_imported_again_answers_the_golden_questions_alike() throws Exception {
        Path original = ScratchProject.create(home.resolve("original"), "OSI original");
        Path osi = home.resolve("demo.osi.yaml");
        CliTest.Run export = CliTest.run("knowledge", "export", "--format", "osi", "--out", osi.toString(), "--project", original.toString());
        assertThat(export.code()).as(export.err()).isZero();
        JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).readTree(osi.toFile());
        JsonNode model = doc.path("semantic_model").get(0);
        assertThat(model.path("datasets").size()).isGreaterThan(10);
        assertThat(model.at("/metrics/0/expression/dialects/0/dialect").asText()).isEqualTo("ANSI_SQL");
        assertThat(model.at("/datasets/0/fields/0/dimension").has("is_time")).isTrue();

        Path copy = ScratchProject.create(home.resolve("copy"), "OSI copy");
        try (Stream<Path> files = Files.list(copy.resolve("knowledge/semantic"))) {
            for (Path f : files.toList()) Files.delete(f);
        }
        CliTest.Run imported = CliTest.run("knowledge", "import", "--osi", osi.toString(), "--project", copy.toString());
        assertThat(imported.code()).as(imported.err() + imported.out()).isZero();
        assertThat(imported.out()).doesNotContain("not mapped");

        Map<String, Boolean> before = golden(original);
        Map<String, Boolean> after = golden(copy);
        assertThat(after).isEqualTo(before);
        assertThat(before.values().stream().filter(b -> b).count()).as("the golden questions mostly answer").isGreaterThan(100);
    }

    @Test
    void another_tools_osi_file_is_read_from_its_core_fields() throws Exception {
        Path project = ScratchProject.empty(home.resolve("osi-project"), "osi users");
        Path file = Path.of("src/test/resources/interchange/osi/billing.osi.yaml").toAbsolutePath();
        CliTest.Run r = CliTest.run("knowledge", "import", "--osi", file.toString(), "--project", project.toString());
        assertThat(r.code()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).as("a metric of two aggregates is a derived metric").doesNotContain("not mapped");
        String db = DemoWarehouse.file().toString();
        CliTest.Run billed = CliTest.run("query", "--metric", "billed_total", "--where", "account_size = 1000+", "--format", "csv", "--project", project.toString());
        assertThat(billed.code()).as(billed.err()).isZero();
        CliTest.Run hand = CliTest.run("sql", "SELECT sum(i.amount_due) FROM invoices i JOIN customers c USING (customer_id) WHERE c.size_band = '1000+'",
                "--db", db, "--format", "csv");
        assertThat(new BigDecimal(billed.out().lines().skip(1).findFirst().orElseThrow().split(",")[0]))
                .isEqualByComparingTo(new BigDecimal(hand.out().lines().skip(1).findFirst().orElseThrow()));

        CliTest.Run average = CliTest.run("query", "--metric", "average_bill", "--format", "csv", "--project", project.toString());
        assertThat(average.code()).as(average.err()).isZero();
        CliTest.Run byHand = CliTest.run("sql", "SELECT sum(amount_due) / count(invoice_id) FROM invoices", "--db", db, "--format", "csv");
        assertThat(new BigDecimal(average.out().lines().skip(1).findFirst().orElseThrow().split(",")[0]))
                .isEqualByComparingTo(new BigDecimal(byHand.out().lines().skip(1).findFirst().orElseThrow()));
    }

    /**
     * Apache Ossie's published JSON Schema of a release (../shared/interchange/ossie), read by the networknt validator that
     * the MCP SDK already brings (draft 2020-12).
     */
    static com.networknt.schema.Schema ossieSchema(String release) throws java.io.IOException {
        String schema = Files.readString(Path.of("..", "shared", "interchange", "ossie", release, "osi-schema.json"));
        return com.networknt.schema.SchemaRegistry.withDefaultDialect(com.networknt.schema.SpecificationVersion.DRAFT_2020_12)
                .getSchema(schema, com.networknt.schema.InputFormat.JSON);
    }

    @Test
    void the_export_validates_against_ossies_published_schema() throws Exception {
        Path project = ScratchProject.create(home.resolve("schema"), "Ossie schema");
        Path osi = home.resolve("demo.osi.yaml");
        CliTest.Run export = CliTest.run("knowledge", "export", "--format", "osi", "--out", osi.toString(), "--project", project.toString());
        assertThat(export.code()).as(export.err()).isZero();
        JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).readTree(osi.toFile());
        com.networknt.schema.Schema schema = ossieSchema("0.1.1");
        assertThat(schema.validate(doc)).as("the demo's export against Ossie 0.1.1").isEmpty();
        assertThat(export.out()).as("the round trip says what other tools lose").contains("cannot carry").contains("segments (named filters)")
                .contains("7 dimensions that label an entity");
        // the validator does reject what the schema forbids: an export as it was before (no version, Almanac's own vendor name)
        com.fasterxml.jackson.databind.node.ObjectNode old = doc.deepCopy();
        old.remove("version");
        ((com.fasterxml.jackson.databind.node.ObjectNode) old.at("/semantic_model/0/datasets/0/custom_extensions/0")).put("vendor_name", "ALMANAC");
        assertThat(schema.validate(old)).extracting(Object::toString).anyMatch(m -> m.contains("version")).anyMatch(m -> m.contains("vendor_name"));
        // and Ossie's own examples pass it, so it is the schema and not the validator that decides
        JsonNode example = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readTree(Path.of("..", "shared", "interchange", "ossie", "0.1.1", "tpcds_semantic_model.yaml").toFile());
        assertThat(schema.validate(example)).isEmpty();
    }

    @Test
    void a_cumulative_metric_goes_out_as_its_input_with_its_accumulation_said_and_comes_back_whole() throws Exception {
        Path original = ScratchProject.create(home.resolve("cumulative"), "Cumulative out");
        Files.writeString(original.resolve("knowledge/semantic/running.yml"), """
                description: Shop revenue accumulated.
                metrics:
                  - name: shop_revenue_7_days
                    type: cumulative
                    input: shop_revenue
                    window: 7 days
                    period_agg: last
                """);
        Path osi = home.resolve("cumulative.osi.yaml");
        CliTest.Run export = CliTest.run("knowledge", "export", "--format", "osi", "--out", osi.toString(), "--project", original.toString());
        assertThat(export.code()).as(export.err()).isZero();
        assertThat(export.out()).contains("1 cumulative metrics' accumulation (window, grain to date, period_agg");
        JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).readTree(osi.toFile());
        assertThat(ossieSchema("0.1.1").validate(doc)).as("the export with a cumulative metric against Ossie 0.1.1").isEmpty();
        JsonNode metric = null;
        for (JsonNode m : doc.at("/semantic_model/0/metrics")) if (m.path("name").asText().equals("shop_revenue_7_days")) metric = m;
        assertThat(metric).isNotNull();
        assertThat(metric.at("/expression/dialects/0/expression").asText()).as("the core carries the input's aggregate").isEqualTo("SUM(shop_sales.amount_usd)");
        assertThat(metric.path("description").asText()).endsWith("Cumulative: shop_revenue added up over the 7 days up to each day; a coarser period shows its last day's value.");

        Path copy = ScratchProject.create(home.resolve("cumulative-copy"), "Cumulative in");
        try (Stream<Path> files = Files.list(copy.resolve("knowledge/semantic"))) {
            for (Path f : files.toList()) Files.delete(f);
        }
        CliTest.Run imported = CliTest.run("knowledge", "import", "--osi", osi.toString(), "--project", copy.toString());
        assertThat(imported.code()).as(imported.err() + imported.out()).isZero();
        String[] query = {"query", "--metric", "shop_revenue_7_days", "--grain", "month", "--from", "2026-01-01", "--to", "2026-04-01", "--format", "csv"};
        CliTest.Run before = CliTest.run(Stream.concat(Stream.of(query), Stream.of("--project", original.toString())).toArray(String[]::new));
        CliTest.Run after = CliTest.run(Stream.concat(Stream.of(query), Stream.of("--project", copy.toString())).toArray(String[]::new));
        assertThat(before.code()).as(before.err()).isZero();
        assertThat(before.out().lines().count()).isEqualTo(4);
        assertThat(after.out()).as(after.err()).isEqualTo(before.out());
        // a running total of dollars is in dollars: what the cumulative metric does not say is its input's
        CliTest.Run shown = CliTest.run("metrics", "show", "shop_revenue_7_days", "--format", "json", "--project", copy.toString());
        assertThat(shown.code()).as(shown.err()).isZero();
        JsonNode metricShown = Json.MAPPER.readTree(shown.out());
        assertThat(metricShown.path("kind").asText()).isEqualTo("cumulative");
        assertThat(metricShown.path("unit").asText()).isEqualTo("USD");
        assertThat(metricShown.path("computed_as").asText()).isEqualTo("cumulative shop_revenue over a window of 7 days; a coarser period takes its last day");
    }
}
