package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.UserError;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.source.Source;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.sql.QueryResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The semantic layer's contract, held against every engine: the fixture ({@link SemanticFixture}) is
 * loaded into a fresh database of the engine, each semantic query is compiled for its dialect and run
 * through the guard and the executor, and the answer must be the number worked out by hand from the
 * fixture's rows (shown in the comments). Rows are compared as text: keys, then values, rounded to
 * six decimals, joined by " | ".
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractSemanticEngineTest {
    Source source;
    Guard guard;
    SemanticLayer layer;

    /** A fresh database of the engine with the fixture loaded, opened as a source. */
    abstract Source open(Path dir);

    /** Whether the engine has a percentile function (median and percentile metrics). */
    boolean computesPercentiles() {
        return true;
    }

    /** Why an engine without an exact percentile refuses one (in the refusal's message). */
    String percentileRefusal() {
        return "SQLite cannot compute";
    }

    @BeforeAll
    void setUp(@TempDir Path dir) {
        source = open(dir);
        guard = new Guard(source.dialect());
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        SemanticModel model = SemanticFixture.model(dir, source.dialect());
        layer = new SemanticLayer(model, KnowledgeSet.EMPTY, ValueIndex.build(model, executor, ValueIndex.DEFAULT_LIMIT), executor);
    }

    @AfterAll
    void tearDown() {
        if (guard != null) guard.close();
        if (source != null) source.close();
    }

    static LocalDate d(String iso) {
        return LocalDate.parse(iso);
    }

    QueryResult run(SemanticQuery q) {
        return layer.run(q).result();
    }

    List<String> rows(SemanticQuery q) {
        return rows(run(q));
    }

    static List<String> rows(QueryResult result) {
        return result.rows().stream().map(r -> r.stream().map(AbstractSemanticEngineTest::text).collect(Collectors.joining(" | "))).toList();
    }

    static String text(Object v) {
        if (v == null) return "null";
        if (v instanceof Number n) return new BigDecimal(n.toString()).setScale(6, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        return v.toString();
    }

    // ------------------------------------------------------------------ metric kinds

    @Test
    void a_join_to_a_key_the_data_repeats_is_refused_not_counted_twice() {
        // snapshot_price says each snapshot has one plan price; plan_prices holds plan 1 twice: MRR by currency would count it twice
        assertThatThrownBy(() -> rows(SemanticQuery.of("mrr").by("currency"))).isInstanceOf(dev.almanac.UserError.class)
                .hasMessageContaining("plan_prices").hasMessageContaining("plan_id").hasMessageContaining("more than once");
        // the same metric through a key that is unique still answers
        assertThat(rows(SemanticQuery.of("mrr").by("plan"))).isNotEmpty();
    }

    @Test
    void sum_adds_the_filtered_rows_of_the_period() {
        // completed orders of 2024: 120 + 79.99 + 200 + 40.05 + 60 + 99.95 + 105 + 150 = 854.99 (order 10 is 2025, 3 refunded, 7 canceled)
        assertThat(rows(SemanticQuery.of("revenue").between(d("2024-01-01"), d("2025-01-01")))).containsExactly("854.99");
        // all time adds order 10 (90)
        assertThat(rows(SemanticQuery.of("revenue"))).containsExactly("944.99");
    }

    @Test
    void count_counts_every_row_and_count_distinct_counts_customers_once() {
        // 11 orders; buyers: customers 1, 2, 3, 4, 5, 6, 7, 9 (1, 2 and 4 ordered twice)
        assertThat(rows(SemanticQuery.of("order_count", "completed_orders", "buyers"))).containsExactly("11 | 9 | 8");
    }

    @Test
    void avg_min_and_max_aggregate_the_order_totals() {
        // completed totals 120, 79.99, 200, 40.05, 60, 99.95, 150, 90, 105 = 944.99 / 9 = 104.99888...; all totals range 40.05 .. 300
        // (canceled order 7)
        assertThat(rows(SemanticQuery.of("avg_order_value", "smallest_order", "largest_order"))).containsExactly("104.998889 | 40.05 | 300");
        // by region (through customers, deleted Echo's order 6 left out): AMER Delta's 40.05 and 90 -> 65.025, a half cent an engine
        // must not round away; APAC 99.95; EMEA 120 + 79.99 + 200 + 150 = 549.99 / 4 = 137.4975; no country: 105
        assertThat(rows(SemanticQuery.of("avg_order_value").by("region")))
                .containsExactly("AMER | 65.025", "APAC | 99.95", "EMEA | 137.4975", "null | 105");
    }

    @Test
    void median_and_percentile_interpolate_or_are_refused_where_the_engine_cannot() {
        // sorted totals 40.05 50 60 79.99 90 99.95 105 120 150 200 300: the median is the 6th (99.95); p90 sits at 0.9 * 10 = index 9 (200)
        if (computesPercentiles()) {
            assertThat(rows(SemanticQuery.of("median_order_value", "p90_order_value"))).containsExactly("99.95 | 200");
            // by status: completed 40.05 60 79.99 90 99.95 105 120 150 200 -> median 99.95; canceled 300; refunded 50
            assertThat(rows(SemanticQuery.of("median_order_value").by("order_status")))
                    .containsExactly("canceled | 300", "completed | 99.95", "refunded | 50");
        } else {
            for (String metric : List.of("median_order_value", "p90_order_value")) {
                assertThatThrownBy(() -> layer.compile(SemanticQuery.of(metric))).isInstanceOf(UserError.class)
                        .hasMessageContaining(metric).hasMessageContaining(percentileRefusal());
            }
        }
    }

    @Test
    void ratio_divides_the_aggregates_per_dimension_value() {
        // completed / all orders: EMEA 4/5 (order 3 refunded), AMER 2/3 (order 7 canceled; Echo's order 6 left out with Echo,
        // a deleted customer: slicing by region goes through customers and applies their default segment), APAC 1/1, no country 1/1
        assertThat(rows(SemanticQuery.of("completion_rate").by("region")))
                .containsExactly("AMER | 0.666667", "APAC | 1", "EMEA | 0.8", "null | 1");
        assertThat(rows(SemanticQuery.of("completion_rate"))).hasSize(1).first().asString().startsWith("0.81818");
    }

    @Test
    void derived_metric_with_an_offset_is_the_month_over_month_change() {
        // MRR by month: Jan 500, Feb 600, Mar 1500, Apr 1700, May 1999.99, Jun 1899.99 (Gale's 299.99 from May)
        assertThat(rows(SemanticQuery.of("mrr_change").grain(Grain.MONTH).between(d("2024-02-01"), d("2024-07-01")))).containsExactly(
                "2024-02-01 | 100", "2024-03-01 | 900", "2024-04-01 | 200", "2024-05-01 | 299.99", "2024-06-01 | -100");
    }

    @Test
    void derived_metric_computes_over_its_inputs() {
        // June MRR 1899.99 * 12 = 22799.88
        assertThat(rows(SemanticQuery.of("mrr", "arr").between(d("2024-06-01"), d("2024-07-01")))).containsExactly("1899.99 | 22799.88");
    }

    // ------------------------------------------------------------------ joins

    @Test
    void snapshot_metric_by_region_joins_through_customers_and_countries() {
        // June: EMEA Acme 300 + Bolt 300 (Crane left in May); AMER Delta 1000 + Fjord 0 (free); APAC Gale 299.99
        assertThat(rows(SemanticQuery.of("mrr").by("region").between(d("2024-06-01"), d("2024-07-01"))))
                .containsExactly("AMER | 1000", "APAC | 299.99", "EMEA | 600");
        // March (end of Q1): EMEA 100 + 300 + 100, AMER 1000 + 0, APAC none yet
        assertThat(rows(SemanticQuery.of("mrr").by("region").grain(Grain.QUARTER).between(d("2024-01-01"), d("2024-07-01")))).containsExactly(
                "2024-01-01 | AMER | 1000", "2024-01-01 | EMEA | 500",
                "2024-04-01 | AMER | 1000", "2024-04-01 | APAC | 299.99", "2024-04-01 | EMEA | 600");
    }

    @Test
    void metrics_of_different_facts_are_joined_on_their_keys_including_a_missing_region() {
        // revenue: EMEA 120 + 79.99 + 200 + 150, AMER 40.05 + 90 (Echo's order 6, 60, is a deleted customer's), APAC 99.95, Nomad (no country) 105
        // orders: EMEA 1 2 3 4 9, AMER 5 7 10, APAC 8, none 11; units: EMEA 2+1+1+4+1+1, AMER 2+1, APAC 3, none 1
        QueryResult r = run(SemanticQuery.of("revenue", "order_count", "units_sold").by("region"));
        assertThat(r.columns()).containsExactly("region", "revenue", "order_count", "units_sold");
        assertThat(rows(SemanticQuery.of("revenue", "order_count", "units_sold").by("region"))).containsExactly(
                "AMER | 130.05 | 3 | 3", "APAC | 99.95 | 1 | 3", "EMEA | 549.99 | 5 | 10", "null | 105 | 1 | 1");
    }

    @Test
    void a_dimension_reached_many_to_one_is_allowed_from_the_line_items() {
        // Hardware: items 2 + 1 + 4 + 3 + 1 + 1; Books 1 + 2 + 1; Services 1 + 1
        assertThat(rows(SemanticQuery.of("units_sold").by("category"))).containsExactly("Books | 4", "Hardware | 12", "Services | 2");
    }

    @Test
    void fan_out_is_refused_naming_both_tables_never_a_doubled_sum() {
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("revenue").by("category"))).isInstanceOf(UserError.class)
                .hasMessageContaining("refused").hasMessageContaining("orders").hasMessageContaining("categories");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("revenue").where("product = Widget"))).isInstanceOf(UserError.class)
                .hasMessageContaining("orders").hasMessageContaining("products");
    }

    // ------------------------------------------------------------------ snapshots

    @Test
    void snapshot_metric_takes_last_month_at_quarter_grain() {
        // Q4 2023: December 100.01; Q1 2024: March 1500 (not 500 + 600 + 1500); Q2: June 1899.99
        assertThat(rows(SemanticQuery.of("mrr").grain(Grain.QUARTER)))
                .containsExactly("2023-10-01 | 100.01", "2024-01-01 | 1500", "2024-04-01 | 1899.99");
    }

    @Test
    void snapshot_metric_takes_last_month_at_year_grain() {
        assertThat(rows(SemanticQuery.of("mrr").grain(Grain.YEAR))).containsExactly("2023-01-01 | 100.01", "2024-01-01 | 1899.99");
    }

    @Test
    void snapshot_metric_over_a_period_without_grain_is_its_last_month() {
        assertThat(rows(SemanticQuery.of("mrr").between(d("2024-01-01"), d("2024-04-01")))).containsExactly("1500");
        assertThat(rows(SemanticQuery.of("mrr").between(d("2024-04-01"), d("2024-06-01")))).containsExactly("1999.99");
        assertThat(rows(SemanticQuery.of("mrr"))).as("no period: the latest snapshot").containsExactly("1899.99");
    }

    @Test
    void first_snapshot_window_takes_the_first_month_of_each_bucket() {
        // Q4 2023: December 100.01; Q1: January 100 + 300 + 100 + 0; Q2: April 300 + 300 + 100 + 1000 + 0
        assertThat(rows(SemanticQuery.of("opening_mrr").grain(Grain.QUARTER)))
                .containsExactly("2023-10-01 | 100.01", "2024-01-01 | 500", "2024-04-01 | 1700");
    }

    @Test
    void snapshot_count_distinct_with_a_defining_segment() {
        // paying (MRR above 0, so not Fjord on Free): May Acme, Bolt, Crane, Delta, Gale; June without Crane
        assertThat(rows(SemanticQuery.of("paying_customers").grain(Grain.MONTH).between(d("2024-05-01"), d("2024-07-01"))))
                .containsExactly("2024-05-01 | 5", "2024-06-01 | 4");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("paying_customers").withSegments(List.of(), List.of("paying"))))
                .isInstanceOf(UserError.class).hasMessageContaining("cannot be turned off");
    }

    // ------------------------------------------------------------------ segments and filters

    @Test
    void default_segment_leaves_out_soft_deleted_customers_unless_turned_off() {
        // 9 customers, Echo (US) and Test account (DE) deleted
        assertThat(rows(SemanticQuery.of("customer_count"))).containsExactly("7");
        assertThat(rows(SemanticQuery.of("customer_count").by("region"))).containsExactly("AMER | 2", "APAC | 1", "EMEA | 3", "null | 1");
        SemanticQuery all = SemanticQuery.of("customer_count").withSegments(List.of(), List.of("not_deleted"));
        assertThat(rows(all)).containsExactly("9");
        assertThat(rows(all.by("region"))).containsExactly("AMER | 3", "APAC | 1", "EMEA | 4", "null | 1");
    }

    @Test
    void a_segment_of_a_joined_dataset_applies_when_asked_for() {
        // revenue by default counts Echo's order 6 (60): the customers' default segment is not the orders'
        assertThat(rows(SemanticQuery.of("revenue"))).containsExactly("944.99");
        assertThat(rows(SemanticQuery.of("revenue").withSegments(List.of("not_deleted"), List.of()))).containsExactly("884.99");
    }

    @Test
    void filter_on_a_dimension_value_its_synonym_or_another_case() {
        assertThat(rows(SemanticQuery.of("revenue").where("region = EMEA"))).containsExactly("549.99");
        assertThat(rows(SemanticQuery.of("revenue").where("region = europe"))).as("a value synonym").containsExactly("549.99");
        assertThat(rows(SemanticQuery.of("revenue").where("region = emea"))).containsExactly("549.99");
        assertThat(rows(SemanticQuery.of("revenue").where("country = UK"))).as("UK is United Kingdom").containsExactly("200");
        assertThat(rows(SemanticQuery.of("revenue").where("region in (EMEA, APAC)"))).containsExactly("649.94");
        assertThat(rows(SemanticQuery.of("revenue").by("region").where("region = americas"))).containsExactly("AMER | 130.05");
    }

    @Test
    void slicing_through_a_dataset_applies_its_default_segments_unless_turned_off() {
        // the customers' default segment (not deleted) is not the orders': unsliced revenue counts Echo's order 6 (60);
        // a customer-level slice (by region, through customers) leaves the deleted customer out, as the business rule says
        assertThat(rows(SemanticQuery.of("revenue"))).containsExactly("944.99");
        assertThat(rows(SemanticQuery.of("revenue").where("region = AMER"))).containsExactly("130.05");
        assertThat(rows(SemanticQuery.of("revenue").where("region = AMER").withSegments(List.of(), List.of("not_deleted")))).containsExactly("190.05");
    }

    @Test
    void an_unknown_value_is_refused_with_the_close_ones() {
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("revenue").where("region = EMAE"))).isInstanceOf(UserError.class)
                .hasMessageContaining("unknown value 'EMAE' for region").hasMessageContaining("EMEA");
    }

    @Test
    void metric_filter_keeps_the_rows_above_the_value() {
        // June MRR by region: AMER 1000, APAC 300, EMEA 600
        assertThat(rows(SemanticQuery.of("mrr").by("region").between(d("2024-06-01"), d("2024-07-01")).where("mrr > 500")))
                .containsExactly("AMER | 1000", "EMEA | 600");
        assertThat(rows(SemanticQuery.of("revenue").by("region").where("revenue <= 105"))).containsExactly("APAC | 99.95", "null | 105");
    }

    @Test
    void order_and_limit_give_the_top_rows() {
        // revenue by country: Germany 120 + 150, United Kingdom 200, United States 40.05 + 90 (Echo deleted), (none) 105, Japan 99.95,
        // France 79.99
        assertThat(rows(SemanticQuery.of("revenue").by("country").orderBy("-revenue").limit(2)))
                .containsExactly("Germany | 270", "United Kingdom | 200");
        // June MRR by plan: Basic none, Pro 300 + 300 + 299.99, Enterprise 1000, Free 0
        assertThat(rows(SemanticQuery.of("mrr").by("plan").between(d("2024-06-01"), d("2024-07-01")).orderBy("mrr")))
                .containsExactly("Free | 0", "Pro | 899.99", "Enterprise | 1000");
    }

    // ------------------------------------------------------------------ time

    @Test
    void comparison_period_gives_value_comparison_and_change() {
        // revenue February 200 + 40.05 = 240.05 against January 120 + 79.99 = 199.99: +40.06, 20.03 % shown to one decimal
        QueryResult r = run(SemanticQuery.of("revenue").between(d("2024-02-01"), d("2024-03-01")).comparedTo(d("2024-01-01"), d("2024-02-01")));
        assertThat(r.columns()).containsExactly("revenue", "revenue_comparison", "revenue_change", "revenue_change_pct");
        assertThat(rows(SemanticQuery.of("revenue").between(d("2024-02-01"), d("2024-03-01")).comparedTo(d("2024-01-01"), d("2024-02-01"))))
                .containsExactly("240.05 | 199.99 | 40.06 | 20");
        // MRR June 1899.99 against March 1500: +399.99, 26.666 % shown as 26.7
        assertThat(rows(SemanticQuery.of("mrr").between(d("2024-06-01"), d("2024-07-01")).comparedTo(d("2024-03-01"), d("2024-04-01"))))
                .containsExactly("1899.99 | 1500 | 399.99 | 26.7");
    }

    @Test
    void comparison_by_month_lands_the_earlier_month_on_the_later_bucket() {
        // revenue by month: January 199.99, February 240.05, March 60 (-180.05, -75.005 % shown as -75)
        assertThat(rows(SemanticQuery.of("revenue").grain(Grain.MONTH).between(d("2024-02-01"), d("2024-04-01"))
                .comparedTo(d("2024-01-01"), d("2024-03-01"))))
                .containsExactly("2024-02-01 | 240.05 | 199.99 | 40.06 | 20", "2024-03-01 | 60 | 240.05 | -180.05 | -75");
        // a week against the week before (a shift of 7 days): week of Jan 8 has order 3, week of Jan 1 orders 1 and 2
        assertThat(rows(SemanticQuery.of("order_count").grain(Grain.WEEK).between(d("2024-01-08"), d("2024-01-15"))
                .comparedTo(d("2024-01-01"), d("2024-01-08"))))
                .containsExactly("2024-01-08 | 1 | 2 | -1 | -50");
    }

    @Test
    void time_grains_bucket_timestamps_alike_and_weeks_start_on_monday() {
        // orders: Jan 3 (Wed), Jan 7 23:30 (Sun), Jan 8 00:10 (Mon), Feb 14, Feb 29, Mar 31 (Sun), Apr 1 (Mon), May 15, May 20 (Mon),
        // Dec 31 2024 (Tue), Jan 1 2025 (Wed)
        assertThat(rows(SemanticQuery.of("order_count").grain(Grain.DAY).between(d("2024-01-03"), d("2024-01-09")))).containsExactly(
                "2024-01-03 | 1", "2024-01-04 | 0", "2024-01-05 | 0", "2024-01-06 | 0", "2024-01-07 | 1", "2024-01-08 | 1");
        assertThat(rows(SemanticQuery.of("order_count").grain(Grain.WEEK))).containsExactly(
                "2024-01-01 | 2", "2024-01-08 | 1", "2024-02-12 | 1", "2024-02-26 | 1", "2024-03-25 | 1", "2024-04-01 | 1",
                "2024-05-13 | 1", "2024-05-20 | 1", "2024-12-30 | 2");
        assertThat(rows(SemanticQuery.of("order_count").grain(Grain.MONTH))).containsExactly(
                "2024-01-01 | 3", "2024-02-01 | 2", "2024-03-01 | 1", "2024-04-01 | 1", "2024-05-01 | 2", "2024-12-01 | 1", "2025-01-01 | 1");
        assertThat(rows(SemanticQuery.of("order_count").grain(Grain.QUARTER))).containsExactly(
                "2024-01-01 | 6", "2024-04-01 | 3", "2024-10-01 | 1", "2025-01-01 | 1");
        assertThat(rows(SemanticQuery.of("order_count").grain(Grain.YEAR))).containsExactly("2024-01-01 | 10", "2025-01-01 | 1");
    }

    @Test
    void counts_and_sums_show_every_period_of_the_range_with_zero_where_no_row_is_at_every_grain() {
        // days of the first week of January: orders on the 3rd, the 7th (23:30) and the 8th (00:10); the data starts on the 3rd,
        // so the 1st and 2nd are not covered (no data), the 4th to the 6th are covered days without orders (0)
        assertThat(rows(SemanticQuery.of("order_count").grain(Grain.DAY).between(d("2024-01-01"), d("2024-01-08")))).containsExactly(
                "2024-01-01 | null", "2024-01-02 | null", "2024-01-03 | 1", "2024-01-04 | 0", "2024-01-05 | 0", "2024-01-06 | 0", "2024-01-07 | 1");
        // weeks from Monday 1 January: orders 1 and 2, then 3 (Monday the 8th), then none until 14 February
        assertThat(rows(SemanticQuery.of("order_count").grain(Grain.WEEK).between(d("2024-01-01"), d("2024-02-05")))).containsExactly(
                "2024-01-01 | 2", "2024-01-08 | 1", "2024-01-15 | 0", "2024-01-22 | 0", "2024-01-29 | 0");
        // completed revenue by month: Jan 120 + 79.99, Feb 200 + 40.05, Mar 60, Apr none (order 7 canceled), May 99.95 + 105, Jun none
        assertThat(rows(SemanticQuery.of("revenue").grain(Grain.MONTH).between(d("2024-01-01"), d("2024-07-01")))).containsExactly(
                "2024-01-01 | 199.99", "2024-02-01 | 240.05", "2024-03-01 | 60", "2024-04-01 | 0", "2024-05-01 | 204.95", "2024-06-01 | 0");
        // orders by quarter of 2024: Q1 orders 1-6, Q2 7, 8, 11, Q3 none, Q4 order 9
        assertThat(rows(SemanticQuery.of("order_count").grain(Grain.QUARTER).between(d("2024-01-01"), d("2025-01-01")))).containsExactly(
                "2024-01-01 | 6", "2024-04-01 | 3", "2024-07-01 | 0", "2024-10-01 | 1");
        // customers by year: the signups run from 20 November 2023 to 5 May 2024 (deleted customers included), so 2022 is
        // before the data (no data, not 0) and 2025 after it (not shown: the data has not reached it);
        // 2023: Acme; 2024: Bolt, Crane, Delta, Fjord, Gale, Nomad (Echo and the test account are deleted)
        assertThat(rows(SemanticQuery.of("customer_count").grain(Grain.YEAR).between(d("2022-01-01"), d("2026-01-01")))).containsExactly(
                "2022-01-01 | null", "2023-01-01 | 1", "2024-01-01 | 6");
    }

    @Test
    void averages_ratios_extremes_and_snapshots_show_no_data_never_zero_for_a_period_without_rows() {
        // March: order 6 (60, completed); April: order 7 canceled (no completed order); May: 99.95 and 105 (102.475); June: no order at all
        assertThat(rows(SemanticQuery.of("avg_order_value", "completion_rate", "largest_order", "order_count").grain(Grain.MONTH)
                .between(d("2024-03-01"), d("2024-07-01")))).containsExactly(
                "2024-03-01 | 60 | 1 | 60 | 1", "2024-04-01 | null | 0 | 300 | 1", "2024-05-01 | 102.475 | 1 | 105 | 2", "2024-06-01 | null | null | null | 0");
        // MRR is a snapshot: a month without a snapshot shows no data, not 0 (November 2023: Acme's first snapshot is December;
        // the months after June, the last one, are after the data and not shown)
        assertThat(rows(SemanticQuery.of("mrr").grain(Grain.MONTH).between(d("2023-11-01"), d("2024-02-01")))).containsExactly(
                "2023-11-01 | null", "2023-12-01 | 100.01", "2024-01-01 | 500");
        assertThat(rows(SemanticQuery.of("mrr").grain(Grain.MONTH).between(d("2024-05-01"), d("2024-09-01")))).containsExactly(
                "2024-05-01 | 1999.99", "2024-06-01 | 1899.99");
    }

    @Test
    void with_a_breakdown_a_period_where_no_group_has_a_row_is_one_row_with_an_empty_breakdown() {
        // May: orders 8 and 11, both completed; June and July: no order (MetricFlow joins the spine on time alone)
        assertThat(rows(SemanticQuery.of("order_count").by("order_status").grain(Grain.MONTH).between(d("2024-05-01"), d("2024-08-01"))))
                .containsExactly("2024-05-01 | completed | 2", "2024-06-01 | null | 0", "2024-07-01 | null | 0");
    }

    // ------------------------------------------------------------------ the shape of the compiled SQL (issue 28: as fast as hand-written)

    @Test
    void one_metric_with_a_breakdown_over_the_spine_reads_its_aggregate_once() {
        // joined to the spine on time: no union of its rows with the periods it has none in (which read the aggregate twice)
        SemanticQuery q = SemanticQuery.of("order_count").by("order_status").grain(Grain.MONTH).between(d("2024-04-01"), d("2024-08-01"));
        assertThat(layer.compile(q).sql()).doesNotContain("UNION").containsOnlyOnce("JOIN b0 ");
        // April: order 7 canceled; May: orders 8 and 11 completed; June and July: no order
        assertThat(rows(q)).containsExactly("2024-04-01 | canceled | 1", "2024-05-01 | completed | 2", "2024-06-01 | null | 0", "2024-07-01 | null | 0");
    }

    @Test
    void a_ratio_of_two_counts_of_one_dataset_reads_the_dataset_once() {
        SemanticQuery q = SemanticQuery.of("completion_rate").grain(Grain.MONTH).between(d("2024-03-01"), d("2024-07-01"));
        assertThat(layer.compile(q).sql()).containsOnlyOnce("FROM orders");
        // March 1 of 1 completed, April 0 of 1 (order 7 canceled), May 2 of 2, June no order (0 of 0: no data)
        assertThat(rows(q)).containsExactly("2024-03-01 | 1", "2024-04-01 | 0", "2024-05-01 | 1", "2024-06-01 | null");
    }

    @Test
    void metrics_of_one_dataset_read_together_keep_each_its_own_rows() {
        // by status: completed orders 1, 2, 4, 5, 6, 8, 9, 10, 11 (944.99, customers 1, 2, 3, 4, 5, 7, 9); refunded order 3
        // (customer 2); canceled order 7 (customer 6). A group none of a metric's rows is in is no data for it, not 0, as when
        // each metric is read alone
        SemanticQuery byStatus = SemanticQuery.of("completed_orders", "order_count", "revenue", "buyers", "largest_order").by("order_status");
        assertThat(layer.compile(byStatus).sql()).containsOnlyOnce("FROM orders");
        assertThat(rows(byStatus)).containsExactly(
                "canceled | null | 1 | null | 1 | 300", "completed | 9 | 9 | 944.99 | 7 | 200", "refunded | null | 1 | null | 1 | 50");
        // April 2024 (only order 7, canceled): without a breakdown a count over no rows is 0, a sum over no rows no data
        assertThat(rows(SemanticQuery.of("completed_orders", "order_count", "revenue").between(d("2024-04-01"), d("2024-05-01"))))
                .containsExactly("0 | 1 | null");
    }

    @Test
    void a_metric_and_its_earlier_month_are_read_once_and_shifted_by_bucket_not_by_row() {
        SemanticQuery q = SemanticQuery.of("mrr_change").grain(Grain.MONTH).between(d("2024-02-01"), d("2024-07-01"));
        assertThat(layer.compile(q).sql()).containsOnlyOnce("FROM mrr_snapshots").doesNotContain("__t + INTERVAL").doesNotContain("date_add('month', 1, f.__t)");
        // MRR by month: Jan 500, Feb 600, Mar 1500, Apr 1700, May 1999.99, Jun 1899.99
        assertThat(rows(q)).containsExactly("2024-02-01 | 100", "2024-03-01 | 900", "2024-04-01 | 200", "2024-05-01 | 299.99", "2024-06-01 | -100");
        // a week against the week before, by week: each week's orders once, the earlier week's landing on the later one
        SemanticQuery weeks = SemanticQuery.of("order_count").grain(Grain.WEEK).between(d("2024-01-08"), d("2024-01-22"))
                .comparedTo(d("2024-01-01"), d("2024-01-15"));
        assertThat(layer.compile(weeks).sql()).containsOnlyOnce("FROM orders");
        assertThat(rows(weeks)).containsExactly("2024-01-08 | 1 | 2 | -1 | -50", "2024-01-15 | 0 | 1 | -1 | -100");
    }

    @Test
    void a_time_recorded_by_month_is_bucketed_once_per_month_and_a_constant_divisor_once_per_group() {
        SemanticQuery q = SemanticQuery.of("mrr").by("plan").grain(Grain.MONTH).between(d("2024-03-01"), d("2024-06-01"));
        // aggregated by the snapshot month as recorded, then by its bucket; mrr_cents summed, then divided by 100.0
        assertThat(layer.compile(q).sql()).contains("GROUP BY f.__t").doesNotContain("mrr_cents / 100.0");
        // March: Acme and Crane Basic 100 + 100, Bolt Pro 300, Delta Enterprise 1000, Fjord Free 0; April: Acme moves to Pro;
        // May: Gale joins Pro with 299.99
        assertThat(rows(q)).containsExactly(
                "2024-03-01 | Basic | 200", "2024-03-01 | Enterprise | 1000", "2024-03-01 | Free | 0", "2024-03-01 | Pro | 300",
                "2024-04-01 | Basic | 100", "2024-04-01 | Enterprise | 1000", "2024-04-01 | Free | 0", "2024-04-01 | Pro | 600",
                "2024-05-01 | Basic | 100", "2024-05-01 | Enterprise | 1000", "2024-05-01 | Free | 0", "2024-05-01 | Pro | 899.99");
    }

    @Test
    void a_series_whose_every_period_holds_rows_is_read_without_the_spine_and_gives_the_same_rows() {
        // a compiler without the census of the data's days joins the spine always
        SemanticCompiler overTheSpine = new SemanticCompiler(layer.model(), layer.values());
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        // MRR has a snapshot every month from December 2023 to June 2024; orders fall in both quarters of the first half of 2024
        for (SemanticQuery q : List.of(SemanticQuery.of("mrr").by("plan").grain(Grain.MONTH).between(d("2024-01-01"), d("2024-07-01")),
                SemanticQuery.of("mrr_change").grain(Grain.MONTH).between(d("2024-02-01"), d("2024-07-01")),
                SemanticQuery.of("order_count", "avg_order_value").grain(Grain.QUARTER).between(d("2024-01-01"), d("2024-07-01")),
                SemanticQuery.of("completed_orders").grain(Grain.QUARTER).between(d("2024-01-01"), d("2024-07-01")))) {
            String spine = overTheSpine.compile(q, source.dialect()).sql();
            assertThat(spine).as(q.toString()).contains("answer_spine");
            assertThat(layer.compile(q).sql()).as(q.toString()).doesNotContain("answer_spine");
            assertThat(rows(q)).as(q.toString()).isNotEmpty().isEqualTo(rows(executor.execute(spine)));
        }
        // June 2024 has no order, April no completed one (the census reads the metric's own filter); a filter the query adds
        // may leave a period without rows where the read has some: over the spine
        assertThat(layer.compile(SemanticQuery.of("order_count").grain(Grain.MONTH).between(d("2024-04-01"), d("2024-08-01"))).sql()).contains("answer_spine");
        SemanticQuery completed = SemanticQuery.of("completed_orders").grain(Grain.MONTH).between(d("2024-03-01"), d("2024-06-01"));
        assertThat(layer.compile(completed).sql()).contains("answer_spine");
        assertThat(rows(completed)).containsExactly("2024-03-01 | 1", "2024-04-01 | 0", "2024-05-01 | 2");
        assertThat(layer.compile(SemanticQuery.of("order_count").grain(Grain.QUARTER).between(d("2024-01-01"), d("2024-07-01")).where("order_status = completed")).sql())
                .contains("answer_spine");
    }

    @Test
    void at_every_grain_an_empty_period_is_zero_for_a_count_and_a_sum_and_no_data_for_an_average() {
        // columns: order_count, revenue (completed orders), avg_order_value (completed orders)
        // days 6 to 9 January: order 2 (79.99, the 7th at 23:30), order 3 refunded (the 8th at 00:10: a row of the count, none of
        // the revenue, so revenue 0 and no average)
        assertThat(rows(SemanticQuery.of("order_count", "revenue", "avg_order_value").grain(Grain.DAY).between(d("2024-01-06"), d("2024-01-10"))))
                .containsExactly("2024-01-06 | 0 | 0 | null", "2024-01-07 | 1 | 79.99 | 79.99", "2024-01-08 | 1 | 0 | null", "2024-01-09 | 0 | 0 | null");
        // weeks from Monday 5 February: order 4 (200) on the 14th, order 5 (40.05) on Thursday 29 February
        assertThat(rows(SemanticQuery.of("order_count", "revenue", "avg_order_value").grain(Grain.WEEK).between(d("2024-02-05"), d("2024-03-04"))))
                .containsExactly("2024-02-05 | 0 | 0 | null", "2024-02-12 | 1 | 200 | 200", "2024-02-19 | 0 | 0 | null", "2024-02-26 | 1 | 40.05 | 40.05");
        // April: order 7 canceled; May: 99.95 and 105 (avg 102.475); June: nothing
        assertThat(rows(SemanticQuery.of("order_count", "revenue", "avg_order_value").grain(Grain.MONTH).between(d("2024-04-01"), d("2024-07-01"))))
                .containsExactly("2024-04-01 | 1 | 0 | null", "2024-05-01 | 2 | 204.95 | 102.475", "2024-06-01 | 0 | 0 | null");
        // Q3 2024: nothing; Q4: order 9 (150) on 31 December
        assertThat(rows(SemanticQuery.of("order_count", "revenue", "avg_order_value").grain(Grain.QUARTER).between(d("2024-07-01"), d("2025-01-01"))))
                .containsExactly("2024-07-01 | 0 | 0 | null", "2024-10-01 | 1 | 150 | 150");
        // audits: 2021 100.00 and 50.50 (avg 75.25), none in 2022, 2023 80.25
        assertThat(rows(SemanticQuery.of("audit_count", "audit_cost", "avg_audit_cost").grain(Grain.YEAR).between(d("2021-01-01"), d("2024-01-01"))))
                .containsExactly("2021-01-01 | 2 | 150.5 | 75.25", "2022-01-01 | 0 | 0 | null", "2023-01-01 | 1 | 80.25 | 80.25");
    }

    @Test
    void a_metric_that_opts_out_of_the_time_spine_shows_only_the_periods_with_rows() {
        assertThat(rows(SemanticQuery.of("orders_with_rows_only").grain(Grain.QUARTER).between(d("2024-01-01"), d("2025-01-01"))))
                .containsExactly("2024-01-01 | 6", "2024-04-01 | 3", "2024-10-01 | 1");
    }

    @Test
    void a_period_partly_outside_the_data_is_said_and_shown_as_no_data() {
        // orders run from 3 January 2024 to 1 January 2025
        SemanticQuery byMonth = SemanticQuery.of("order_count").grain(Grain.MONTH).between(d("2023-11-01"), d("2024-03-01"));
        assertThat(rows(byMonth)).containsExactly("2023-11-01 | null", "2023-12-01 | null", "2024-01-01 | 3", "2024-02-01 | 2");
        assertThat(layer.coverageNote(byMonth)).hasValue(
                "order count: the data starts on 3 January 2024, so November 2023 to December 2023 are not covered (shown as no data, not 0)"
                        + " and January 2024 only in part.");
        assertThat(layer.coverageNote(SemanticQuery.of("customer_count").grain(Grain.YEAR).between(d("2023-01-01"), d("2026-01-01")))).hasValue(
                "customer count: the data starts on 20 November 2023, so 2023 is covered only in part; the data ends on 5 May 2024, so 2024 only in part"
                        + " and 2025 is not covered (not shown).");
        // without a grain: the one value is what the data holds, and the note says of which days
        assertThat(layer.coverageNote(SemanticQuery.of("order_count").between(d("2023-12-01"), d("2024-02-01")))).hasValue(
                "order count: the data starts on 3 January 2024, so 1 December 2023 to 2 January 2024 are not covered.");
        assertThat(layer.coverageNote(SemanticQuery.of("order_count").between(d("2024-02-01"), d("2024-03-01")))).isEmpty();
    }

    @Test
    void a_metric_over_a_union_dataset_reads_both_sources_and_covers_their_whole_history() {
        // legacy totals: October 2023 300, December 2023 500; then completed orders: January 120 + 79.99, February 200 + 40.05
        assertThat(rows(SemanticQuery.of("sales_all_time").grain(Grain.MONTH).between(d("2023-09-01"), d("2024-03-01")))).containsExactly(
                "2023-09-01 | null", "2023-10-01 | 300", "2023-11-01 | 0", "2023-12-01 | 500", "2024-01-01 | 199.99", "2024-02-01 | 240.05");
        // by year: 2023 the legacy 800; 2024 the completed orders 120 + 79.99 + 200 + 40.05 + 60 + 99.95 + 150 + 105 = 854.99; 2025 order 10 (90)
        assertThat(rows(SemanticQuery.of("sales_all_time").grain(Grain.YEAR).between(d("2023-01-01"), d("2026-01-01")))).containsExactly(
                "2023-01-01 | 800", "2024-01-01 | 854.99", "2025-01-01 | 90");
        // covered whole; the first year's row holds the part of it the period asked, its last quarter, and says so
        assertThat(layer.coverageNote(SemanticQuery.of("sales_all_time").grain(Grain.YEAR).between(d("2023-10-01"), d("2025-01-01"))))
                .hasValue("2023 holds Q4 2023 only, the part of it in the period asked.");
    }

    @Test
    void an_expression_takes_the_variant_written_for_the_engine() {
        // the plain expression is 0; each engine's variant is 1, so the sum counts the 11 orders
        assertThat(rows(SemanticQuery.of("order_count_via_dialects"))).containsExactly("11");
    }

    @Test
    void time_grains_bucket_dates_alike() {
        // signups of customers not deleted: 2023-11-20 (Mon), 2024-01-10 (Wed), 01-25 (Thu), 02-05 (Mon), 03-03 (Sun), 04-15 (Mon), 05-05 (Sun)
        assertThat(rows(SemanticQuery.of("customer_count").grain(Grain.WEEK))).containsExactly(
                "2023-11-20 | 1", "2024-01-08 | 1", "2024-01-22 | 1", "2024-02-05 | 1", "2024-02-26 | 1", "2024-04-15 | 1", "2024-04-29 | 1");
        assertThat(rows(SemanticQuery.of("customer_count").grain(Grain.QUARTER))).containsExactly(
                "2023-10-01 | 1", "2024-01-01 | 4", "2024-04-01 | 2");
        assertThat(rows(SemanticQuery.of("customer_count").grain(Grain.MONTH).between(d("2024-01-01"), d("2024-03-01"))))
                .containsExactly("2024-01-01 | 2", "2024-02-01 | 1");
    }

    @Test
    void the_periods_with_no_rows_are_the_gaps_of_the_metric() {
        // completed orders of 2024 fall in January, February, March, May and December; order 7 (April) was canceled
        SemanticQuery completed = SemanticQuery.of("completed_orders").grain(Grain.MONTH).between(d("2024-01-01"), d("2025-01-01")).onlyGaps();
        assertThat(rows(completed)).containsExactly("2024-04-01", "2024-06-01", "2024-07-01", "2024-08-01", "2024-09-01", "2024-10-01", "2024-11-01");
        SemanticQuery any = SemanticQuery.of("order_count").grain(Grain.MONTH).between(d("2024-01-01"), d("2025-01-01")).onlyGaps();
        assertThat(rows(any)).as("the canceled April order is a row of order_count").containsExactly("2024-06-01", "2024-07-01", "2024-08-01", "2024-09-01",
                "2024-10-01", "2024-11-01");
        // weeks of January 2024 (from Monday 1 January): orders on the 3rd, 7th (Sunday) and 8th
        assertThat(rows(SemanticQuery.of("order_count").grain(Grain.WEEK).between(d("2024-01-01"), d("2024-02-01")).onlyGaps()))
                .containsExactly("2024-01-15", "2024-01-22", "2024-01-29");
        // a filter narrows the rows: German customers ordered only in January and December
        assertThat(rows(completed.where("country = Germany"))).containsExactly("2024-02-01", "2024-03-01", "2024-04-01", "2024-05-01", "2024-06-01",
                "2024-07-01", "2024-08-01", "2024-09-01", "2024-10-01", "2024-11-01");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("completed_orders").between(d("2024-01-01"), d("2025-01-01")).onlyGaps()))
                .isInstanceOf(UserError.class).hasMessageContaining("grain");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("completed_orders").by("region").grain(Grain.MONTH).between(d("2024-01-01"), d("2025-01-01"))
                .onlyGaps())).isInstanceOf(UserError.class).hasMessageContaining("breakdown");
    }

    @Test
    void a_share_is_the_filtered_part_in_percent_of_the_whole_of_the_period() {
        // 2024 revenue 854.99; of it EMEA customers' orders 1, 2, 4 and 9: 120 + 79.99 + 200 + 150 = 549.99, so 64.327 %, shown as 64.33
        SemanticQuery emea = SemanticQuery.of("revenue").between(d("2024-01-01"), d("2025-01-01")).where("region = EMEA").asShare();
        assertThat(run(emea).columns()).containsExactly("revenue_share_pct");
        assertThat(rows(emea)).containsExactly("64.33");
        // per month: January 2024 is orders 1 and 2 (199.99), both EMEA; February is 200 (EMEA) of 240.05: 83.316 %
        assertThat(rows(SemanticQuery.of("revenue").grain(Grain.MONTH).between(d("2024-01-01"), d("2024-03-01")).where("region = EMEA").asShare()))
                .containsExactly("2024-01-01 | 100", "2024-02-01 | 83.32");
        // a part with no rows is none of the whole: APAC bought nothing in February
        assertThat(rows(SemanticQuery.of("revenue").between(d("2024-02-01"), d("2024-03-01")).where("region = APAC").asShare())).containsExactly("0");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("avg_order_value").where("region = EMEA").asShare())).isInstanceOf(UserError.class)
                .hasMessageContaining("adds up");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("revenue").asShare())).isInstanceOf(UserError.class).hasMessageContaining("share of what");
    }

    @Test
    void a_list_of_values_is_each_value_once_through_joins_and_default_segments() {
        // products of the Hardware category: Widget and Gadget
        assertThat(rows(new SemanticQuery(List.of(), List.of(new SemanticQuery.GroupBy("product", List.of())), null, null, null, List.of(), null, null, null,
                null, null).where("category = Hardware"))).containsExactly("Gadget", "Widget");
        // customers in EMEA not deleted: Acme (DE), Bolt (FR), Crane (GB); Test account (DE) is deleted
        SemanticQuery emea = new SemanticQuery(List.of(), List.of(new SemanticQuery.GroupBy("customer", List.of())), null, null, null, List.of(), null, null,
                null, null, null).where("region = EMEA");
        assertThat(rows(emea)).containsExactly("Acme", "Bolt", "Crane");
        assertThat(rows(emea.withSegments(List.of(), List.of("not_deleted")))).containsExactly("Acme", "Bolt", "Crane", "Test account");
        assertThatThrownBy(() -> layer.compile(emea.grain(Grain.MONTH))).isInstanceOf(UserError.class).hasMessageContaining("list of values");
    }

    // ------------------------------------------------------------------ record-level questions

    @Test
    void attribute_filters_compare_numbers_ranges_dates_and_lists() {
        // order totals 120, 79.99, 50, 200, 40.05, 60, 300, 99.95, 150, 90, 105: between 50 and 100, both included: 79.99, 50, 60, 99.95, 90
        assertThat(rows(SemanticQuery.of("order_count").where("order_total between 50 and 100"))).containsExactly("5");
        assertThat(rows(SemanticQuery.of("order_count").where("order_total > 100"))).containsExactly("5");
        // signed up before 2024: Acme (2023-11-20); from 10 January to 14 February 2024, both days included: Bolt, Crane, Delta (Echo,
        // on the 14th, is deleted)
        assertThat(rows(SemanticQuery.of("customer_count").where("signup_date < 2024-01-01"))).containsExactly("1");
        assertThat(rows(SemanticQuery.of("customer_count").where("signup_date between 2024-01-10 and 2024-02-14"))).containsExactly("3");
        assertThat(rows(SemanticQuery.of("customer_count").where("signup_date between 2024-01-10 and 2024-02-14").withSegments(List.of(), List.of("not_deleted"))))
                .containsExactly("4");
        // a date against a time of day means the whole day: orders 4 (14 Feb 12:00) and 5 (29 Feb 18:45); order 2 on 7 January at 23:30;
        // up to 8 January: orders 1, 2 and 3 (00:10); after 31 December 2024: order 10
        assertThat(rows(SemanticQuery.of("order_count").where("order_date between 2024-02-14 and 2024-02-29"))).containsExactly("2");
        assertThat(rows(SemanticQuery.of("order_count").where("order_date = 2024-01-07"))).containsExactly("1");
        assertThat(rows(SemanticQuery.of("order_count").where("order_date <= 2024-01-08"))).containsExactly("3");
        assertThat(rows(SemanticQuery.of("order_count").where("order_date > 2024-12-31"))).containsExactly("1");
        // plans by tier (Free 0, Basic 1, Pro 2, Enterprise 3): numbers compared as numbers
        assertThat(rows(SemanticQuery.of().by("plan").where("tier != 0"))).containsExactly("Basic", "Enterprise", "Pro");
        assertThat(rows(SemanticQuery.of().by("plan").where("tier not in (0, 1)"))).containsExactly("Enterprise", "Pro");
        assertThat(rows(SemanticQuery.of().by("plan").where("tier in (1, 2)"))).containsExactly("Basic", "Pro");
        assertThat(rows(SemanticQuery.of().by("plan").where("tier >= 2"))).containsExactly("Enterprise", "Pro");
    }

    @Test
    void text_contains_ignores_case_and_reads_percent_and_underscore_as_themselves() {
        // customers not deleted whose name holds an a, whatever its case: Acme, Crane, Delta, Gale, Nomad (Test account is deleted)
        assertThat(rows(SemanticQuery.of().by("customer").where("customer contains a"))).containsExactly("Acme", "Crane", "Delta", "Gale", "Nomad");
        assertThat(rows(SemanticQuery.of().by("customer").where("customer not contains A"))).containsExactly("Bolt", "Fjord");
        // as LIKE wildcards, c%e would match Acme and Crane, and a_e Crane: as text, nothing holds them
        assertThat(rows(SemanticQuery.of().by("customer").where("customer contains 'c%e'"))).isEmpty();
        assertThat(rows(SemanticQuery.of().by("customer").where("customer contains a_e"))).isEmpty();
        assertThat(rows(SemanticQuery.of().by("customer").where("customer contains !"))).isEmpty();
        assertThat(rows(SemanticQuery.of("customer_count").where("customer contains 'ol'"))).containsExactly("1"); // Bolt
    }

    @Test
    void a_condition_on_a_count_keeps_the_groups_over_it_with_or_without_showing_it() {
        // customers not deleted by region: EMEA 3 (Acme, Bolt, Crane), AMER 2 (Delta, Fjord), APAC 1 (Gale), none 1 (Nomad)
        assertThat(rows(SemanticQuery.of("customer_count").by("region").where("customer_count > 2"))).containsExactly("EMEA | 3");
        assertThat(rows(SemanticQuery.of("customer_count").by("region").where("customer_count between 1 and 2")))
                .containsExactly("AMER | 2", "APAC | 1", "null | 1");
        // "regions with more than 2 customers": the regions only
        SemanticQuery regions = SemanticQuery.of().by("region").where("customer_count > 2");
        assertThat(run(regions).columns()).containsExactly("region");
        assertThat(rows(regions)).containsExactly("EMEA");
        assertThat(rows(SemanticQuery.of().by("region").where("customer_count >= 2"))).containsExactly("AMER", "EMEA");
    }

    @Test
    void a_number_is_compared_with_its_own_average_over_every_row() {
        // the 11 orders' totals add up to 1,294.99: an average of 117.7263...; above it: orders 1 (120), 4 (200), 7 (300), 9 (150)
        assertThat(rows(SemanticQuery.of("order_count").where("order_total > average"))).containsExactly("4");
        // the average is of every order, whatever the query keeps: completed orders above it are 1, 4 and 9
        assertThat(rows(SemanticQuery.of("order_count").where("order_total > average", "order_status = completed"))).containsExactly("3");
        assertThat(rows(SemanticQuery.of("order_count").where("order_total <= average"))).containsExactly("7");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("order_count").where("order_status = average")))
                .as("a value named average, not the average of a category").isInstanceOf(UserError.class);
    }

    @Test
    void records_are_one_row_each_even_when_their_attributes_are_the_same() {
        // managers 1 and 3 are both Alex Kim: two records, shown as they are
        SemanticQuery managers = SemanticQuery.of().records("managers").by("manager");
        assertThat(run(managers).columns()).containsExactly("manager");
        assertThat(rows(managers)).containsExactly("Alex Kim", "Alex Kim", "Sam Lee");
        assertThat(rows(SemanticQuery.of().records("managers").by("manager", "status"))).containsExactly("Alex Kim | active", "Alex Kim | left", "Sam Lee | active");
        // the distinct values of the same dimension are two people told apart, as before
        assertThat(rows(SemanticQuery.of().by("manager"))).containsExactly("Alex Kim (#1)", "Alex Kim (#3)", "Sam Lee");
        // an entity's name reaches its records too
        assertThat(rows(SemanticQuery.of().records("manager").by("manager").where("status = active"))).containsExactly("Alex Kim", "Sam Lee");
    }

    @Test
    void records_of_a_dataset_without_a_key_are_its_rows() {
        // sales_history has no key: its 9 completed orders and 2 legacy months are 11 rows, the first two the legacy months
        assertThat(run(SemanticQuery.of().records("sales_history").by("sold_at")).rowCount()).isEqualTo(11);
        assertThat(run(SemanticQuery.of().records("sales_history").by("sold_at").where("sold_at < 2024-01-01")).rowCount()).isEqualTo(2);
    }

    @Test
    void records_are_ordered_by_an_attribute_shown_or_not_and_limited() {
        // customers not deleted, latest signup first: Nomad 2024-05-05, Gale 2024-04-15, Fjord 2024-03-03
        SemanticQuery latest = SemanticQuery.of().records("customers").by("customer", "signup_date").orderBy("-signup_date").limit(3);
        assertThat(run(latest).columns()).containsExactly("customer", "signup_date");
        assertThat(rows(latest)).containsExactly("Nomad | 2024-05-05", "Gale | 2024-04-15", "Fjord | 2024-03-03");
        // ordered by the signup date without showing it
        SemanticQuery hidden = SemanticQuery.of().records("customers").by("customer").orderBy("-signup_date").limit(2);
        assertThat(run(hidden).columns()).containsExactly("customer");
        assertThat(rows(hidden)).containsExactly("Nomad", "Gale");
        // with an attribute of a related dataset: customers in EMEA with their country, by name
        assertThat(rows(SemanticQuery.of().records("customers").by("customer", "country").where("region = EMEA")))
                .containsExactly("Acme | Germany", "Bolt | France", "Crane | United Kingdom");
        // an aggregate is ordered by what it shows
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("customer_count").by("region").orderBy("signup_date"))).isInstanceOf(UserError.class)
                .hasMessageContaining("cannot order by");
    }

    @Test
    void records_carry_metrics_of_their_related_rows_and_are_ordered_by_a_metric_not_shown() {
        // completed revenue per customer (Echo deleted): Acme 120 + 150, Bolt 79.99, Crane 200, Delta 40.05 + 90, Fjord none (order 7
        // canceled), Gale 99.95, Nomad 105
        SemanticQuery revenue = SemanticQuery.of("revenue").records("customers").by("customer");
        assertThat(rows(revenue)).containsExactly("Acme | 270", "Bolt | 79.99", "Crane | 200", "Delta | 130.05", "Fjord | null", "Gale | 99.95",
                "Nomad | 105");
        assertThat(rows(revenue.orderBy("-revenue").limit(2))).containsExactly("Acme | 270", "Crane | 200");
        // "the customer with the most orders": Acme, Bolt and Delta have two each; the cut keeps the first by key, the ties keep all three
        SemanticQuery most = SemanticQuery.of().records("customers").by("customer").orderBy("-order_count").limit(1);
        assertThat(run(most).columns()).containsExactly("customer");
        assertThat(rows(most)).containsExactly("Acme");
        assertThat(rows(most.withTies())).containsExactly("Acme", "Bolt", "Delta");
        // "customers with more than one order", the count not shown: Acme, Bolt and Delta
        SemanticQuery repeat = SemanticQuery.of().records("customers").by("customer").where("order_count > 1");
        assertThat(run(repeat).columns()).containsExactly("customer");
        assertThat(rows(repeat)).containsExactly("Acme", "Bolt", "Delta");
        // a condition on what the records do not reach scopes the metrics per record: completed orders per customer (Fjord's one is
        // canceled: a count of none is 0, where a sum of none is no value), "the customer with the most refunded orders" (Bolt's order 3)
        assertThat(rows(SemanticQuery.of("order_count").records("customers").by("customer").where("order_status = completed")))
                .containsExactly("Acme | 2", "Bolt | 1", "Crane | 1", "Delta | 2", "Fjord | 0", "Gale | 1", "Nomad | 1");
        assertThat(rows(SemanticQuery.of().records("customers").by("customer").where("order_status = refunded").orderBy("-order_count").limit(1)))
                .containsExactly("Bolt");
        // with no metric to scope, it would be dropped: refused, naming the related rows instead
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of().records("customers").by("customer").where("order_status = refunded")))
                .isInstanceOf(UserError.class).hasMessageContaining("--exists");
        // "the region with the most customers": a list of values ordered by a count it does not show
        assertThat(rows(SemanticQuery.of().by("region").orderBy("-customer_count").limit(1))).containsExactly("EMEA");
    }

    @Test
    void a_superlative_keeps_every_row_tied_with_the_last_one() {
        // the first manager by name: both Alex Kims
        assertThat(rows(SemanticQuery.of().records("managers").by("manager").orderBy("manager").limit(1).withTies())).containsExactly("Alex Kim", "Alex Kim");
        // customer counts by manager: Alex Kim #1 3, Sam Lee 2, Alex Kim #3 1, no manager 1: the fewest is Alex Kim #3 alone, a
        // ranking names managers and the customers with none are not one
        assertThat(rows(SemanticQuery.of("customer_count").by("manager").orderBy("customer_count").limit(1).withTies()))
                .containsExactly("Alex Kim | 1");
        assertThat(rows(SemanticQuery.of("customer_count").by("manager").orderBy("customer_count"))).as("all of them, in order: no manager too")
                .contains("null | 1");
        // the most: one row, no tie
        assertThat(rows(SemanticQuery.of("customer_count").by("manager").orderBy("-customer_count").limit(1).withTies())).containsExactly("Alex Kim | 3");
        // a tie at the cut of a longer list: the second and third statuses have one order each
        assertThat(rows(SemanticQuery.of("order_count").by("order_status").orderBy("-order_count").limit(2).withTies()))
                .containsExactly("completed | 9", "canceled | 1", "refunded | 1");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("order_count").by("order_status").limit(1).withTies())).isInstanceOf(UserError.class)
                .hasMessageContaining("order");
    }

    @Test
    void distinct_counts_of_a_dimension_by_a_breakdown() {
        // order statuses: completed, refunded, canceled
        assertThat(rows(SemanticQuery.of("order_count").countDistinct("order_status"))).containsExactly("11 | 3");
        SemanticQuery byRegion = SemanticQuery.of().countDistinct("order_status").by("region");
        assertThat(run(byRegion).columns()).containsExactly("region", "order_status_distinct_count");
        // EMEA: completed (Acme, Bolt, Crane) and refunded (Bolt); AMER: completed (Delta), canceled (Fjord), Echo deleted; APAC and none: completed
        assertThat(rows(byRegion)).containsExactly("AMER | 2", "APAC | 1", "EMEA | 2", "null | 1");
        assertThat(rows(SemanticQuery.of().countDistinct("country"))).containsExactly("6");
        assertThat(rows(byRegion.where("order_status_distinct_count > 1"))).containsExactly("AMER | 2", "EMEA | 2");
    }

    @Test
    void related_rows_exist_or_not_across_relationships_with_conditions_on_them() {
        // customers with no completed order: Fjord (its one order is canceled)
        assertThat(rows(SemanticQuery.of().records("customers").by("customer").exists("not orders where order_status = completed"))).containsExactly("Fjord");
        // with no order at all: none counts, unless deleted customers do: Test account
        SemanticQuery noOrder = SemanticQuery.of().records("customers").by("customer").exists("not orders");
        assertThat(rows(noOrder)).isEmpty();
        assertThat(rows(noOrder.withSegments(List.of(), List.of("not_deleted")))).containsExactly("Test account");
        // who bought a Widget: order items of product 1 are in orders 1 and 9 (Acme), 4 (Crane), 10 (Delta)
        assertThat(rows(SemanticQuery.of().records("customers").by("customer").exists("order_items where product = Widget")))
                .containsExactly("Acme", "Crane", "Delta");
        // through a bridge: products bought by customers in AMER: Delta's Manual (order 5) and Widget (order 10); Echo's Gadget does not
        // count, Echo being deleted
        assertThat(rows(SemanticQuery.of().records("products").by("product").exists("customers where region = AMER"))).containsExactly("Manual", "Widget");
        assertThat(rows(SemanticQuery.of().by("product").exists("customers where region = APAC"))).containsExactly("Gadget");
        // a count of the rows with related rows: customers with a completed order above 100 (orders 1 and 9 Acme, 4 Crane, 11 Nomad)
        assertThat(rows(SemanticQuery.of("customer_count").exists("orders where order_total > 100 and order_status = completed"))).containsExactly("3");
        // by a breakdown, and the rows of a joined dataset named: revenue of customers who bought a Support plan (Acme 270, Crane 200) by region
        assertThat(rows(SemanticQuery.of("revenue").by("region").exists("order_items of customers where product = 'Support plan'"))).containsExactly("EMEA | 470");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of().records("customers").by("customer").exists("audits"))).isInstanceOf(UserError.class)
                .hasMessageContaining("audits").hasMessageContaining("customers");
    }

    @Test
    void rows_with_a_related_row_they_reach_themselves_are_those_whose_join_resolves_never_through_another_dataset() {
        // orders reach their customer many-to-one; order items reach both, but an order's customer is not found through its items
        // (orders 3 and 7 have none): every order of a customer that counts (not deleted: Echo's order 8 does not)
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        String byHand = "SELECT count(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE NOT c.is_deleted";
        assertThat(rows(SemanticQuery.of("order_count").exists("customers"))).isEqualTo(rows(executor.execute(byHand))).containsExactly("10");
        assertThat(rows(SemanticQuery.of("order_count").exists("not customers"))).containsExactly("1");
    }

    @Test
    void a_grain_finer_than_the_time_dimension_is_refused() {
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("mrr").grain(Grain.WEEK))).isInstanceOf(UserError.class)
                .hasMessageContaining("month").hasMessageContaining("week");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("units_sold").grain(Grain.MONTH))).isInstanceOf(UserError.class)
                .hasMessageContaining("no time dimension");
    }

    // ------------------------------------------------------------------ scoped names

    @Test
    void a_dimension_is_named_qualified_through_an_entity_or_bare_when_the_metrics_reach_one() {
        // orders by their own status: order 7 canceled, order 3 refunded, the other 9 completed
        assertThat(rows(SemanticQuery.of("order_count").by("orders.status"))).containsExactly("canceled | 1", "completed | 9", "refunded | 1");
        assertThat(rows(SemanticQuery.of("order_count").by("order__status"))).containsExactly("canceled | 1", "completed | 9", "refunded | 1");
        // orders by their customer's manager's status (Echo's order 6 left out with Echo, deleted): manager 1 (active) orders 1, 5, 7, 9,
        // 10; manager 2 (active) 4, 11; manager 3 (left) 2, 3; Gale has no manager: order 8
        assertThat(rows(SemanticQuery.of("order_count").by("managers.status"))).containsExactly("active | 7", "left | 2", "null | 1");
        assertThat(rows(SemanticQuery.of("order_count").by("manager__status"))).containsExactly("active | 7", "left | 2", "null | 1");
        // both statuses: the second column is named through its dataset
        SemanticQuery both = SemanticQuery.of("order_count").by("orders.status", "manager__status");
        assertThat(run(both).columns()).containsExactly("status", "managers__status", "order_count");
        assertThat(rows(both)).containsExactly("canceled | active | 1", "completed | active | 6", "completed | left | 1", "completed | null | 1",
                "refunded | left | 1");
        // bare: customers reach their manager, not orders, so "status" is the manager's: Acme, Delta, Fjord (1) and Crane, Nomad (2)
        // are active, Bolt's manager (3) left (Echo, also 3's, is deleted), Gale has none
        assertThat(rows(SemanticQuery.of("customer_count").by("status"))).containsExactly("active | 5", "left | 1", "null | 1");
        assertThat(rows(SemanticQuery.of("customer_count").where("status = left"))).containsExactly("1");
        // a filter through an entity path: completed orders of active managers' customers (orders 1, 4, 5, 9, 10, 11)
        assertThat(rows(SemanticQuery.of("order_count").where("manager__status = active", "orders.status = completed"))).containsExactly("6");
    }

    @Test
    void an_ambiguous_bare_dimension_is_refused_with_its_candidates() {
        // orders reach their own status and, through customers, their manager's
        for (SemanticQuery q : List.of(SemanticQuery.of("order_count").by("status"), SemanticQuery.of("order_count").where("status = completed"))) {
            assertThatThrownBy(() -> layer.compile(q)).isInstanceOfSatisfying(AmbiguousDimension.class,
                    e -> assertThat(e.candidates()).containsExactlyInAnyOrder("orders.status", "managers.status"))
                    .hasMessageContaining("orders.status").hasMessageContaining("managers.status");
        }
    }

    // ------------------------------------------------------------------ identity

    @Test
    void two_entities_sharing_a_label_stay_two_rows_told_apart_by_their_key() {
        // customers not deleted by manager: Alex Kim #1 Acme, Delta, Fjord; Alex Kim #3 Bolt (Echo is deleted); Sam Lee #2 Crane, Nomad;
        // Gale has none. One "Alex Kim | 4" would add two people's customers.
        SemanticQuery byManager = SemanticQuery.of("customer_count").by("manager");
        assertThat(run(byManager).columns()).containsExactly("manager", "customer_count");
        assertThat(rows(byManager)).containsExactly("Alex Kim (#1) | 3", "Alex Kim (#3) | 1", "Sam Lee | 2", "null | 1");
        // two facts: completed revenue of their customers' orders (Echo's order 6 left out): #1 120 + 40.05 + 150 + 90 (order 7
        // canceled); #3 79.99 (order 3 refunded); #2 200 + 105; no manager: Gale's 99.95
        assertThat(rows(SemanticQuery.of("revenue", "customer_count").by("manager"))).containsExactly(
                "Alex Kim (#1) | 400.05 | 3", "Alex Kim (#3) | 79.99 | 1", "Sam Lee | 305 | 2", "null | 99.95 | 1");
        // names are told apart among the rows shown: a ranking cut by its limit shows the one Alex Kim it keeps as it is (the
        // other is in the data, not in the answer); a cut that keeps both tells them apart
        assertThat(rows(SemanticQuery.of("revenue").by("manager").orderBy("-revenue").limit(2))).containsExactly("Alex Kim | 400.05", "Sam Lee | 305");
        assertThat(rows(SemanticQuery.of("customer_count").by("manager").orderBy("-customer_count").limit(3)))
                .containsExactly("Alex Kim (#1) | 3", "Sam Lee | 2", "Alex Kim (#3) | 1");
        // a filter on the label keeps everyone of that name
        assertThat(rows(byManager.where("manager = Alex Kim"))).containsExactly("Alex Kim (#1) | 3", "Alex Kim (#3) | 1");
        // a label as the answer shows it names that one entity, by its key
        assertThat(rows(SemanticQuery.of("customer_count").where("manager = Alex Kim (#1)"))).containsExactly("3");
        assertThat(rows(SemanticQuery.of("revenue").by("manager").where("manager = Alex Kim (#3)"))).containsExactly("Alex Kim | 79.99");
        // a label no other row of the answer shares is shown as it is: March 2024's one signup is Fjord's (#1)
        assertThat(rows(byManager.between(d("2024-03-01"), d("2024-04-01")))).containsExactly("Alex Kim | 1");
    }

    @Test
    void a_shared_label_stays_two_rows_in_a_series_and_a_list() {
        // signups by year: 2023 Acme (#1); 2024 Delta, Fjord (#1), Bolt (#3), Crane, Nomad (#2), Gale (none)
        assertThat(rows(SemanticQuery.of("customer_count").by("manager").grain(Grain.YEAR).between(d("2023-01-01"), d("2025-01-01")))).containsExactly(
                "2023-01-01 | Alex Kim (#1) | 1", "2024-01-01 | Alex Kim (#1) | 2", "2024-01-01 | Alex Kim (#3) | 1", "2024-01-01 | Sam Lee | 2",
                "2024-01-01 | null | 1");
        SemanticQuery managers = new SemanticQuery(List.of(), List.of(new SemanticQuery.GroupBy("manager", List.of())), null, null, null, List.of(), null,
                null, null, null, null);
        assertThat(rows(managers)).containsExactly("Alex Kim (#1)", "Alex Kim (#3)", "Sam Lee");
        assertThat(layer.values().of("manager").values()).containsExactly("Alex Kim", "Sam Lee");
    }

    @Test
    void the_value_index_reads_each_dimension_from_the_engine() {
        assertThat(layer.values().of("region").values()).containsExactly("AMER", "APAC", "EMEA");
        assertThat(layer.values().of("region").match("Europe")).isEqualTo("EMEA");
        assertThat(layer.values().of("plan").values()).containsExactly("Basic", "Enterprise", "Free", "Pro");
    }

    // ------------------------------------------------------------------ cumulative metrics

    // completed revenue by day (the fixture's orders): 3 Jan 120, 7 Jan 79.99 (order 3 on the 8th is refunded), 14 Feb 200,
    // 29 Feb 40.05, 31 Mar 60 (order 7 on 1 Apr is canceled), 15 May 99.95, 20 May 105, 31 Dec 150, 1 Jan 2025 90

    @Test
    void a_running_total_counts_the_rows_before_the_period_and_carries_over_days_without_rows() {
        // 6 Jan: order 1 (3 Jan, before the period) 120; 7 Jan: + 79.99; 8 to 10 Jan: no completed order, the total stays
        assertThat(rows(SemanticQuery.of("revenue_running_total").grain(Grain.DAY).between(d("2024-01-06"), d("2024-01-11")))).containsExactly(
                "2024-01-06 | 120", "2024-01-07 | 199.99", "2024-01-08 | 199.99", "2024-01-09 | 199.99", "2024-01-10 | 199.99");
        // without a grain: the total at the end of the period (29 Feb): 120 + 79.99 + 200 + 40.05; without a period: every row
        assertThat(rows(SemanticQuery.of("revenue_running_total").between(d("2024-01-01"), d("2024-03-01")))).containsExactly("440.04");
        assertThat(rows(SemanticQuery.of("revenue_running_total"))).containsExactly("944.99");
        // by year without a period: the years with rows, on 1 January (nothing before 2024; 2025 adds order 10 of 1 January)
        // or on 31 December (last: 854.99 by the end of 2024)
        assertThat(rows(SemanticQuery.of("revenue_running_total").grain(Grain.YEAR))).containsExactly("2024-01-01 | 0", "2025-01-01 | 944.99");
        assertThat(rows(SemanticQuery.of("revenue_running_total_last").grain(Grain.YEAR))).containsExactly("2024-01-01 | 854.99", "2025-01-01 | 944.99");
    }

    @Test
    void a_seven_day_window_reaches_back_across_the_month_boundary_before_the_period() {
        // 5 Mar: 28 Feb to 5 Mar holds 29 Feb's 40.05; 6 Mar: 29 Feb to 6 Mar, still; 7 Mar: 1 to 7 Mar, none (0: the data covers it)
        assertThat(rows(SemanticQuery.of("revenue_7_days").grain(Grain.DAY).between(d("2024-03-05"), d("2024-03-08")))).containsExactly(
                "2024-03-05 | 40.05", "2024-03-06 | 40.05", "2024-03-07 | 0");
        // 8 Jan: 2 to 8 Jan, 120 + 79.99; 9 Jan: 3 to 9 Jan, the same (3 Jan at 09:15 is in); 10 Jan: 4 to 10 Jan, 79.99
        assertThat(rows(SemanticQuery.of("revenue_7_days").grain(Grain.DAY).between(d("2024-01-08"), d("2024-01-11")))).containsExactly(
                "2024-01-08 | 199.99", "2024-01-09 | 199.99", "2024-01-10 | 79.99");
    }

    @Test
    void a_distinct_count_over_a_window_counts_each_customer_once() {
        // buyers of every order (any status): 8 Jan: orders 1 (Acme), 2 and 3 (Bolt twice) -> 2; 9 Jan the same; 10 Jan: Bolt -> 1
        assertThat(rows(SemanticQuery.of("buyers_7_days").grain(Grain.DAY).between(d("2024-01-08"), d("2024-01-11")))).containsExactly(
                "2024-01-08 | 2", "2024-01-09 | 2", "2024-01-10 | 1");
    }

    @Test
    void month_to_date_starts_again_on_the_first_of_each_month() {
        // 28 Feb: 14 Feb's 200; 29 Feb: + 40.05; 1 Mar: a new month with no order yet (0); 2 Mar: still 0
        assertThat(rows(SemanticQuery.of("revenue_month_to_date").grain(Grain.DAY).between(d("2024-02-28"), d("2024-03-03")))).containsExactly(
                "2024-02-28 | 200", "2024-02-29 | 240.05", "2024-03-01 | 0", "2024-03-02 | 0");
    }

    @Test
    void a_cumulative_metric_of_a_daily_measure_at_month_grain_takes_the_first_or_last_day_or_the_average() {
        // period_agg first (the default): the total on the 1st of each month: 1 Jan none yet (0), 1 Feb 199.99, 1 Mar + 240.05,
        // 1 Apr + 60, 1 May unchanged
        assertThat(rows(SemanticQuery.of("revenue_running_total").grain(Grain.MONTH).between(d("2024-01-01"), d("2024-06-01")))).containsExactly(
                "2024-01-01 | 0", "2024-02-01 | 199.99", "2024-03-01 | 440.04", "2024-04-01 | 500.04", "2024-05-01 | 500.04");
        // period_agg last: on the last day of each month (31 Mar 22:00's 60 in March; May adds 99.95 + 105)
        assertThat(rows(SemanticQuery.of("revenue_running_total_last").grain(Grain.MONTH).between(d("2024-01-01"), d("2024-06-01")))).containsExactly(
                "2024-01-01 | 199.99", "2024-02-01 | 440.04", "2024-03-01 | 500.04", "2024-04-01 | 500.04", "2024-05-01 | 704.99");
        // period_agg average of month to date over January's 31 days: 1-2 Jan 0, 3-6 Jan 120, 7-31 Jan 199.99
        // = (4 * 120 + 25 * 199.99) / 31 = 5479.75 / 31 = 176.766129...
        assertThat(rows(SemanticQuery.of("revenue_mtd_daily_average").grain(Grain.MONTH).between(d("2024-01-01"), d("2024-02-01"))))
                .containsExactly("2024-01-01 | 176.766129");
    }

    @Test
    void a_running_total_by_a_dimension_keeps_each_group_and_one_row_for_a_period_without_any() {
        // orders of every status on the 1st of each month: 1 Jan none (one row, no breakdown, 0); 1 Feb: completed 1 and 2,
        // refunded 3; 1 Mar: + completed 4 and 5
        assertThat(rows(SemanticQuery.of("orders_running_total").by("order_status").grain(Grain.MONTH).between(d("2024-01-01"), d("2024-04-01"))))
                .containsExactly("2024-01-01 | null | 0", "2024-02-01 | completed | 2", "2024-02-01 | refunded | 1", "2024-03-01 | completed | 4",
                        "2024-03-01 | refunded | 1");
    }

    @Test
    void a_derived_metric_computes_over_a_cumulative_one() {
        // the 7-day revenue of 8 to 10 Jan (199.99, 199.99, 79.99) divided by 7: 28.57, 28.57, 11.427142857...
        assertThat(rows(SemanticQuery.of("revenue_7_day_daily_average", "revenue").grain(Grain.DAY).between(d("2024-01-08"), d("2024-01-11"))))
                .containsExactly("2024-01-08 | 28.57 | 0", "2024-01-09 | 28.57 | 0", "2024-01-10 | 11.427143 | 0");
    }

    @Test
    void which_periods_hold_no_data_is_not_asked_of_a_cumulative_metric() {
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("revenue_7_days").grain(Grain.DAY).between(d("2024-01-01"), d("2024-02-01")).onlyGaps()))
                .isInstanceOf(UserError.class).hasMessageContaining("accumulates revenue");
        assertThatThrownBy(() -> layer.compile(SemanticQuery.of("revenue_7_days").grain(Grain.DAY))).isInstanceOf(NeedsPeriod.class)
                .hasMessageContaining("over the 7 days up to each day");
    }
}
