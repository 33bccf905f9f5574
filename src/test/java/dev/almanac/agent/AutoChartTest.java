package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.almanac.semantic.Grain;
import dev.almanac.semantic.ResultColumns;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticQuery;
import dev.almanac.sql.QueryResult;
import dev.almanac.testing.DemoContext;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The chart an answer from a semantic query gets without a model, by the shape of its real result on the demo warehouse. */
class AutoChartTest {
    static DemoContext demo;
    static SemanticLayer layer;

    @BeforeAll
    static void open() {
        demo = new DemoContext();
        layer = SmallSemanticModel.layer(SmallSemanticModel.knowledge(), demo.executor);
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    static Optional<ObjectNode> chart(SemanticQuery q) {
        QueryResult r = layer.run(q).result();
        return AutoChart.of(q, r, ResultColumns.of(layer.model(), q, r.columns()), "a title");
    }

    static final LocalDate JAN = LocalDate.of(2026, 1, 1);
    static final LocalDate OCT = LocalDate.of(2026, 10, 1);

    @Test
    void records_with_a_metric_are_bars_unless_two_share_a_label_which_a_table_shows_apart() {
        SemanticQuery countries = SemanticQuery.of("customer_count").records("countries").by("country").orderBy("-customer_count").limit(5);
        JsonNode spec = chart(countries).orElseThrow();
        assertThat(spec.at("/mark/type").asText()).isEqualTo("bar");
        assertThat(spec.at("/encoding/y/field").asText()).isEqualTo("country");
        assertThat(spec.at("/data/values")).hasSize(5);
        // companies by name: the demo has two customers called Blue Academy Co, and one bar would add them up
        SemanticQuery companies = SemanticQuery.of("customer_count").records("customers").by("company").orderBy("company").limit(5);
        assertThat(layer.run(companies).result().rows().stream().map(r -> r.get(0)).distinct().count()).isLessThan(5);
        assertThat(chart(companies)).isEmpty();
    }

    @Test
    void a_metric_per_month_is_a_line_over_time_with_labelled_money_axes() {
        SemanticQuery q = SemanticQuery.of("mrr").grain(Grain.MONTH).between(JAN, OCT);
        JsonNode spec = chart(q).orElseThrow();

        assertThat(spec.at("/mark/type").asText()).isEqualTo("line");
        assertThat(spec.at("/encoding/x/field").asText()).isEqualTo("month");
        assertThat(spec.at("/encoding/x/type").asText()).isEqualTo("temporal");
        assertThat(spec.at("/encoding/x/title").asText()).isEqualTo("Month");
        assertThat(spec.at("/encoding/y/field").asText()).isEqualTo("mrr");
        assertThat(spec.at("/encoding/y/title").asText()).isEqualTo("Monthly recurring revenue");
        assertThat(spec.at("/encoding/y/axis/format").asText()).startsWith("$");
        assertThat(spec.at("/encoding/color").isMissingNode()).isTrue();
        assertThat(spec.at("/data/values")).hasSize(9);
        assertThat(spec.at("/data/values/0/month").asText()).isEqualTo("2026-01-01");
        assertThat(spec.at("/$schema").asText()).contains("vega-lite/v5");
        assertThat(spec.at("/title").asText()).isEqualTo("a title");
    }

    @Test
    void a_metric_per_month_by_a_dimension_is_one_line_per_value() {
        SemanticQuery q = SemanticQuery.of("mrr").by("region").grain(Grain.QUARTER).between(JAN, OCT);
        JsonNode spec = chart(q).orElseThrow();

        assertThat(spec.at("/mark/type").asText()).isEqualTo("line");
        assertThat(spec.at("/encoding/x/timeUnit").asText()).isEqualTo("utcyearquarter");
        assertThat(spec.at("/encoding/color/field").asText()).isEqualTo("region");
        assertThat(spec.at("/encoding/color/title").asText()).isEqualTo("Region");
        assertThat(spec.at("/data/values")).hasSize(12); // 4 regions x 3 quarters
    }

    @Test
    void a_breakdown_is_bars_in_the_order_of_the_rows() {
        SemanticQuery q = SemanticQuery.of("mrr").by("region").between(LocalDate.of(2026, 9, 1), OCT).orderBy("-mrr");
        QueryResult r = layer.run(q).result();
        JsonNode spec = AutoChart.of(q, r, ResultColumns.of(layer.model(), q, r.columns()), "t").orElseThrow();

        assertThat(spec.at("/mark/type").asText()).isEqualTo("bar");
        assertThat(spec.at("/encoding/y/field").asText()).isEqualTo("region");
        assertThat(spec.at("/encoding/y/sort").isNull()).as("bars keep the query's order").isTrue();
        assertThat(spec.at("/encoding/x/field").asText()).isEqualTo("mrr");
        assertThat(spec.at("/encoding/x/title").asText()).isEqualTo("Monthly recurring revenue");
        List<String> charted = new ArrayList<>();
        spec.at("/data/values").forEach(v -> charted.add(v.get("region").asText()));
        assertThat(charted).isEqualTo(r.rows().stream().map(row -> String.valueOf(row.get(0))).toList());
        List<Double> values = new ArrayList<>();
        spec.at("/data/values").forEach(v -> values.add(v.get("mrr").asDouble()));
        assertThat(values).as("a ranking: highest first").isSortedAccordingTo(java.util.Comparator.reverseOrder());
    }

    @Test
    void a_ranking_with_a_limit_is_bars_too() {
        SemanticQuery q = SemanticQuery.of("mrr").by("plan").between(LocalDate.of(2026, 9, 1), OCT).orderBy("-mrr").limit(3);
        JsonNode spec = chart(q).orElseThrow();
        assertThat(spec.at("/mark/type").asText()).isEqualTo("bar");
        assertThat(spec.at("/data/values")).hasSize(3);
    }

    @Test
    void a_single_value_has_no_chart() {
        assertThat(chart(SemanticQuery.of("mrr").between(LocalDate.of(2026, 9, 1), OCT))).isEmpty();
    }

    @Test
    void shapes_a_chart_would_not_make_clearer_have_none() {
        QueryResult companies = layer.run(SemanticQuery.of("customer_count").by("company")).result();
        assertThat(companies.rowCount()).isGreaterThan(AutoChart.MAX_BARS);
        assertThat(chart(SemanticQuery.of("customer_count").by("company"))).as("more bars than can be read").isEmpty();
        assertThat(chart(SemanticQuery.of("mrr").by("region", "plan").grain(Grain.MONTH).between(JAN, OCT))).as("two dimensions over time").isEmpty();
        assertThat(chart(SemanticQuery.of("mrr").by("region", "plan").between(LocalDate.of(2026, 9, 1), OCT))).as("two dimensions").isEmpty();
        assertThat(chart(SemanticQuery.of("mrr", "customer_count").by("region"))).as("several metrics").isEmpty();
    }
}
