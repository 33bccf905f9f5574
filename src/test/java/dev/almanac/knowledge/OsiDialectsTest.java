package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An expression's per-engine variants in an Ossie export (issue 28, item 6 with item 5): a variant for an engine Ossie 0.1.1
 * names (Snowflake, Databricks) is written as that dialect's expression and still validates against the published schema;
 * other engines' variants are listed as what the core cannot carry; another tool reading the core fields gets the variant back.
 */
class OsiDialectsTest {
    static final String MODEL = """
            name: events
            datasets:
              - name: events
                table: events
                primary_key: [event_id]
                dimensions:
                  - name: event_time
                    type: time
                    grain: day
                    expr: epoch_ms(event_ts)
                    dialects:
                      snowflake: "TO_TIMESTAMP_NTZ(event_ts, 3)"
                      postgresql: "to_timestamp(event_ts / 1000.0)"
                      sqlite: "datetime(event_ts / 1000, 'unixepoch')"
                  - name: kind
            metrics:
              - name: event_count
                dataset: events
                agg: count
            """;

    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void engine_variants_go_where_ossie_has_a_dialect_and_are_listed_where_it_has_none(@TempDir Path dir) throws Exception {
        Path k = dir.resolve("knowledge/semantic");
        Files.createDirectories(k);
        Files.writeString(k.resolve("events.yml"), MODEL);
        KnowledgeFiles.Read read = KnowledgeFiles.read(dir.resolve("knowledge"));
        assertThat(read.problems()).isEmpty();
        List<SemanticFile> files = read.knowledge().semantic();

        JsonNode doc = YAML.valueToTree(OsiFormat.export("events", null, files));
        String schema = Files.readString(Path.of("..", "shared", "interchange", "ossie", "0.1.1", "osi-schema.json"));
        var validator = com.networknt.schema.SchemaRegistry.withDefaultDialect(com.networknt.schema.SpecificationVersion.DRAFT_2020_12)
                .getSchema(schema, com.networknt.schema.InputFormat.JSON);
        assertThat(validator.validate(doc)).isEmpty();

        JsonNode time = doc.at("/semantic_model/0/datasets/0/fields/0/expression/dialects");
        List<String> written = new ArrayList<>();
        time.forEach(d -> written.add(d.path("dialect").asText() + ": " + d.path("expression").asText()));
        assertThat(written).containsExactly("ANSI_SQL: epoch_ms(event_ts)", "SNOWFLAKE: TO_TIMESTAMP_NTZ(event_ts, 3)");
        assertThat(OsiFormat.coreCannotCarry(files)).anySatisfy(line -> assertThat(line)
                .startsWith("1 expressions' variants").contains("postgresql, sqlite").doesNotContain("snowflake"));

        // another tool's file: the core fields only, no Almanac extension
        strip(doc);
        Path foreign = dir.resolve("foreign.osi.yaml");
        YAML.writeValue(foreign.toFile(), doc);
        SemanticFile back = OsiFormat.read(foreign, "foreign").file();
        SemanticFile.DimensionSpec eventTime = back.datasets().get(0).dimensions().stream().filter(d -> d.name().equals("event_time")).findFirst().orElseThrow();
        assertThat(eventTime.expr()).isEqualTo("epoch_ms(event_ts)");
        assertThat(eventTime.dialects()).isEqualTo(Map.of("snowflake", "TO_TIMESTAMP_NTZ(event_ts, 3)"));
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode o) o.remove("custom_extensions");
        node.forEach(OsiDialectsTest::strip);
    }
}
