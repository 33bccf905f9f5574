package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.semantic.SemanticCompiler;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.semantic.ValueIndex;
import dev.almanac.source.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model's get_dimensions names each dimension so that what it copies into query_metrics compiles: a shared name qualified. */
class SemanticToolsScopedNamesTest {
    static final String MODEL = """
            name: shop
            datasets:
              - name: customers
                table: customers
                entities:
                  - {name: customer, type: primary, expr: customer_id}
                dimensions:
                  - name: status
                  - name: region
              - name: orders
                table: orders
                entities:
                  - {name: order, type: primary, expr: order_id}
                  - {name: customer, type: foreign, expr: customer_id}
                dimensions:
                  - name: status
                  - name: channel
            metrics:
              - name: revenue
                dataset: orders
                agg: sum
                expr: total
            """;

    @Test
    void a_name_two_reachable_dimensions_share_is_listed_qualified_and_the_listed_names_compile(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("semantic"));
        Files.writeString(dir.resolve("semantic/shop.yml"), MODEL);
        KnowledgeFiles.Read read = KnowledgeFiles.read(dir);
        assertThat(read.problems()).isEmpty();
        SemanticModel model = SemanticModel.of(read.knowledge().semantic());
        SemanticLayer layer = new SemanticLayer(model, KnowledgeSet.EMPTY, ValueIndex.EMPTY, null);
        String listed = new SemanticTools(layer).dimensions("revenue");
        assertThat(listed).contains("- orders.status", "- customers.status", "- channel", "- region").doesNotContain("- status");
        // every name listed is one the compiler takes as it is
        for (String line : listed.lines().filter(l -> l.startsWith("- ")).toList()) {
            String name = line.substring(2).split("[ :(]")[0];
            assertThat(new SemanticCompiler(model, ValueIndex.EMPTY).compile(SemanticQuery.of("revenue").by(name), Dialect.DUCKDB).sql()).as(name)
                    .isNotBlank();
        }
    }
}
