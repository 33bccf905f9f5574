package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dbt's cumulative metrics in each form a manifest (or a project's YAML read into its shape) writes them: the window as
 * dbt-core 1.8+ writes it ({@code cumulative_type_params.window: {count, granularity}}), as a text ({@code 2 months}), the
 * older {@code type_params.grain_to_date}, the newer form over a metric, a measure named alone; and what is not mapped.
 */
class DbtCumulativeMetricTest {
    static final String MANIFEST = """
            {"semantic_models": [{"name": "orders", "node_relation": {"alias": "orders", "schema_name": "main"},
               "defaults": {"agg_time_dimension": "ordered_at"},
               "entities": [{"name": "order_id", "type": "primary"}],
               "dimensions": [{"name": "ordered_at", "type": "time", "type_params": {"time_granularity": "day"}}],
               "measures": [{"name": "order_total", "agg": "sum"}, {"name": "order_count", "agg": "count", "expr": "1"}]}],
             "metrics": [
               {"name": "order_total", "type": "simple", "type_params": {"measure": {"name": "order_total", "filter": null}}, "filter": null},
               {"name": "orders", "type": "simple", "type_params": {"measure": {"name": "order_count"}}},
               {"name": "weekly_total", "type": "cumulative", "type_params": {"measure": {"name": "order_total", "filter": null},
                  "cumulative_type_params": {"window": {"count": 7, "granularity": "DAY"}, "grain_to_date": null, "period_agg": "LAST"}}},
               {"name": "two_month_total", "type": "cumulative", "type_params": {"measure": "order_total", "window": "2 months"}},
               {"name": "orders_ytd", "type": "cumulative", "type_params": {"measure": {"name": "order_count"}, "grain_to_date": "YEAR"}},
               {"name": "orders_mtd", "type": "cumulative", "type_params": {"cumulative_type_params": {"grain_to_date": "month", "period_agg": "average",
                  "metric": {"name": "orders"}}}},
               {"name": "filtered", "type": "cumulative", "type_params": {"measure": {"name": "order_total",
                  "filter": {"where_filters": [{"where_sql_template": "{{ Dimension('order_id__ordered_at') }} > '2024-01-01'"}]}}}},
               {"name": "unknown_measure", "type": "cumulative", "type_params": {"measure": {"name": "refunds"}}}
             ]}
            """;

    @Test
    void each_form_of_a_cumulative_metric_maps_and_what_cannot_is_named(@TempDir Path dir) throws Exception {
        Path manifest = Files.writeString(dir.resolve("semantic_manifest.json"), MANIFEST);
        DbtSemanticImport.Imported imported = DbtSemanticImport.read(manifest, "dbt");
        var byName = new java.util.HashMap<String, SemanticFile.MetricSpec>();
        imported.file().metrics().forEach(m -> byName.put(m.name(), m));

        assertThat(byName.get("weekly_total")).extracting(SemanticFile.MetricSpec::type, SemanticFile.MetricSpec::input, SemanticFile.MetricSpec::window,
                SemanticFile.MetricSpec::grainToDate, SemanticFile.MetricSpec::periodAgg).containsExactly("cumulative", "order_total", "7 day", null, "last");
        assertThat(byName.get("two_month_total")).extracting(SemanticFile.MetricSpec::input, SemanticFile.MetricSpec::window)
                .containsExactly("order_total", "2 months");
        assertThat(byName.get("orders_ytd")).extracting(SemanticFile.MetricSpec::input, SemanticFile.MetricSpec::grainToDate).containsExactly("orders", "year");
        assertThat(byName.get("orders_mtd")).extracting(SemanticFile.MetricSpec::input, SemanticFile.MetricSpec::grainToDate, SemanticFile.MetricSpec::periodAgg)
                .containsExactly("orders", "month", "average");
        assertThat(imported.unmapped()).extracting(u -> u.path() + ": " + u.reason()).containsExactly(
                "metrics[filtered]: a cumulative metric whose measure has a filter of its own",
                "metrics[unknown_measure]: its measure refunds has no simple metric without a filter to accumulate");

        // and the model reads what was mapped: the windows are lengths, the grains grains
        var loaded = dev.almanac.semantic.SemanticModel.load(java.util.List.of(imported.file()), null);
        assertThat(loaded.issues()).isEmpty();
        assertThat(loaded.model().metric("weekly_total").orElseThrow().kind()).isEqualTo("cumulative");
    }
}
