package dev.almanac.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.SemanticFile;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.ValueIndex;
import dev.almanac.sql.QueryExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * A small semantic model of its own over the demo warehouse (MRR snapshots, plans, customers,
 * countries, regions), so that the agent's semantic tests do not depend on the demo's model files,
 * and a knowledge set with one canonical metric that has SQL only.
 */
final class SmallSemanticModel {
    static final String YAML = """
            name: agent_test
            datasets:
              - name: snapshots
                table: mrr_snapshots
                primary_key: [snapshot_month, subscription_id]
                default_time_dimension: snapshot_month
                dimensions:
                  - name: snapshot_month
                    type: time
                    grain: month
                    label: Snapshot month
                segments:
                  - name: paying
                    expr: mrr_cents > 0
                    label: Paying
              - name: plans
                table: plans
                primary_key: [plan_id]
                dimensions:
                  - name: plan
                    expr: name
                    label: Plan
                    synonyms: [pricing plan]
                  - name: plan_tier
                    expr: tier
                    label: Plan tier
              - name: customers
                table: customers
                primary_key: [customer_id]
                default_time_dimension: signup_date
                dimensions:
                  - name: signup_date
                    type: time
                    expr: signup_date
                    grain: day
                  - name: size_band
                    label: Company size
                    synonyms: [company size]
                  - name: company
                    expr: company_name
                    label: Company
                    synonyms: [customer, account]
                segments:
                  - name: live_customers
                    expr: NOT is_deleted
                    default: true
              - name: countries
                table: countries
                primary_key: [country_code]
                dimensions:
                  - name: country
                    expr: name
                    label: Country
              - name: regions
                table: regions
                primary_key: [region_id]
                dimensions:
                  - name: region
                    expr: name
                    label: Region
                    synonyms: [sales region, geo]
                    values:
                      Europe: [EMEA, europe region]
            relationships:
              - {from: snapshots, to: plans, from_columns: [plan_id], to_columns: [plan_id]}
              - {from: snapshots, to: customers, from_columns: [customer_id], to_columns: [customer_id]}
              - {from: customers, to: countries, from_columns: [country_code], to_columns: [country_code]}
              - {from: countries, to: regions, from_columns: [region_id], to_columns: [region_id]}
            metrics:
              - name: mrr
                label: Monthly recurring revenue
                description: Sum of month-end MRR, in US dollars.
                dataset: snapshots
                agg: sum
                expr: mrr_cents / 100.0
                non_additive_dimension: {name: snapshot_month, window_choice: max}
                unit: USD
                format: currency
                decimals: 2
                caveats: [Month-end figure.]
                synonyms: [recurring revenue]
              - name: customer_count
                label: Customers
                description: Customer accounts that are not deleted.
                dataset: customers
                agg: count
                format: integer
            """;

    /**
     * A second metric that "recurring revenue" names as well as {@code mrr}, appended to the model's metrics by {@link
     * #knowledge(String)}: the question reader asks which one is meant.
     */
    static final String ARR = """
              - name: arr
                label: Annual recurring revenue
                description: Twelve times month-end MRR, in US dollars.
                dataset: snapshots
                agg: sum
                expr: mrr_cents * 12 / 100.0
                non_additive_dimension: {name: snapshot_month, window_choice: max}
                format: currency
                synonyms: [recurring revenue]
            """;

    /** A canonical metric with SQL only: listed as not sliceable. */
    static final Metric OPEN_TICKETS = new Metric("open_tickets", "Open support tickets", "Support tickets not yet resolved.",
            "SELECT count(*) AS open_tickets FROM support_tickets WHERE resolved_at IS NULL", List.of(), "tickets", null, List.of(), List.of(), List.of());

    private SmallSemanticModel() {}

    static SemanticFile file() {
        return file("");
    }

    /** The model with more metrics after its own (YAML list items, indented as {@link #ARR}). */
    static SemanticFile file(String moreMetrics) {
        try {
            return new ObjectMapper(new YAMLFactory()).setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).readValue(YAML + moreMetrics, SemanticFile.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static KnowledgeSet knowledge() {
        return knowledge("");
    }

    static KnowledgeSet knowledge(String moreMetrics) {
        return new KnowledgeSet(List.of(), List.of(OPEN_TICKETS), List.of(), List.of(), List.of(), List.of(file(moreMetrics)), Map.of());
    }

    static SemanticLayer layer(KnowledgeSet knowledge, QueryExecutor executor) {
        SemanticModel.Loaded loaded = SemanticModel.load(knowledge.semantic());
        assertThat(loaded.issues()).as("the test's semantic model is valid").isEmpty();
        return new SemanticLayer(loaded.model(), knowledge, ValueIndex.build(loaded.model(), executor, ValueIndex.DEFAULT_LIMIT), executor);
    }
}
