package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.sql.QueryResult;
import dev.almanac.testing.DemoContext;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Semantic queries in words for people, on the demo's model and warehouse: the explanation names the metric's definition, the
 * segments, the filters, the grain and the period in words; the columns of real results get labels and formats.
 */
class QueryExplainerTest {
    static DemoContext demo;
    static SemanticLayer layer;
    static QueryExplainer explainer;

    @BeforeAll
    static void open() {
        demo = new DemoContext();
        KnowledgeFiles.Read read = KnowledgeFiles.read(Path.of("knowledge"));
        SemanticModel model = SemanticModel.of(read.knowledge().semantic());
        layer = new SemanticLayer(model, read.knowledge(), ValueIndex.build(model, demo.executor, ValueIndex.DEFAULT_LIMIT), demo.executor);
        explainer = new QueryExplainer(layer);
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    static LocalDate d(String iso) {
        return LocalDate.parse(iso);
    }

    static final SemanticQuery GERMANY_MONTHLY = SemanticQuery.of("shop_revenue").grain(Grain.MONTH).between(d("2026-01-01"), d("2026-07-01"))
            .where("country = Germany");

    @Test
    void a_list_of_records_with_related_rows_a_range_text_and_ties_is_said_in_words() {
        SemanticQuery q = SemanticQuery.of().records("products").by("product", "product_category").where("product contains desk")
                .exists("not order_items where sales_channel = web").orderBy("product").limit(1).withTies();
        String e = explainer.explain(q);
        assertThat(e).startsWith("Each record of products is one row (two with the same values stay two), showing product and product category")
                .contains("where Product contains \"desk\"", "with no order items where Sales channel is web", "(ties kept)")
                .doesNotContain("SELECT", "EXISTS", "__record", "b0");
        assertThat(explainer.title(q)).startsWith("Products with product and product category");
        assertThat(layer.run(q).result().columns()).as("the query explained is one that runs").containsExactly("product", "product_category");
        // a range, a distinct count and a metric filter not shown
        SemanticQuery counts = SemanticQuery.of().countDistinct("product").by("product_category").where("product_distinct_count between 1 and 1000");
        assertThat(explainer.explain(counts)).contains("Distinct product: the number of different values of product")
                .contains("by product category", "is between 1 and 1000");
        assertThat(layer.run(counts).result().columns()).containsExactly("product_category", "product_distinct_count");
    }

    @Test
    void the_explanation_names_the_definition_filter_grain_and_period_in_words() {
        String e = explainer.explain(GERMANY_MONTHLY);
        String description = layer.model().metric("shop_revenue").orElseThrow().info().description().strip().replaceAll("\\s+", " ");

        assertThat(e).startsWith("Shop revenue: ").contains(description)
                .contains("where Country is Germany", "per month", "from January to June 2026")
                .doesNotContain("SELECT", "2026-01-01", "2026-07-01", "country =", "b0");
        assertThat(layer.run(GERMANY_MONTHLY).result().rowCount()).as("the query explained is one that runs").isEqualTo(6);
    }

    @Test
    void the_title_reads_as_the_question_answered() {
        assertThat(explainer.title(GERMANY_MONTHLY)).isEqualTo("Shop revenue per month from January to June 2026, where Country is Germany");
        SemanticQuery ranking = SemanticQuery.of("shop_revenue").by("sales_channel").between(d("2025-01-01"), d("2026-01-01")).orderBy("-shop_revenue").limit(2);
        assertThat(explainer.title(ranking)).isEqualTo("Shop revenue by sales channel in 2025, top 2");
        SemanticQuery compared = SemanticQuery.of("shop_revenue").between(d("2026-09-01"), d("2026-10-01")).comparedTo(d("2025-09-01"), d("2025-10-01"));
        assertThat(explainer.title(compared)).isEqualTo("Shop revenue in September 2026, compared with September 2025");
    }

    @Test
    void default_segments_are_named_and_one_turned_off_is_said_to_be() {
        SemanticQuery q = SemanticQuery.of("new_customers").by("region").between(d("2026-01-01"), d("2026-04-01"));
        Segment notDeleted = layer.segmentsOf(layer.metric("new_customers")).stream().filter(Segment::isDefault).findFirst().orElseThrow();
        String label = notDeleted.label() != null ? notDeleted.label() : notDeleted.name();

        assertThat(explainer.explain(q)).contains("Applied by default: " + label, "by region", "in Q1 2026");
        String off = explainer.explain(q.withSegments(List.of(), List.of(notDeleted.name())));
        assertThat(off).contains("Turned off: " + label).doesNotContain("Applied by default");
    }

    @Test
    void filters_read_as_words() {
        assertThat(explainer.filter(SemanticQuery.Filter.parse("plan in (Pro, Business)"))).isEqualTo("Plan is Pro or Business");
        assertThat(explainer.filter(SemanticQuery.Filter.parse("country != Germany"))).isEqualTo("Country is not Germany");
        assertThat(explainer.filter(SemanticQuery.Filter.parse("plan not in (Free, Pro)"))).isEqualTo("Plan is neither Free nor Pro");
        assertThat(explainer.filter(SemanticQuery.Filter.parse("shop_revenue > 1000"))).isEqualTo("Shop revenue is above $1,000.00");
    }

    @Test
    void periods_read_as_words() {
        assertThat(QueryExplainer.period(d("2026-09-01"), d("2026-10-01"))).isEqualTo("in September 2026");
        assertThat(QueryExplainer.period(d("2026-01-01"), d("2026-04-01"))).isEqualTo("in Q1 2026");
        assertThat(QueryExplainer.period(d("2025-01-01"), d("2026-01-01"))).isEqualTo("in 2025");
        assertThat(QueryExplainer.period(d("2024-01-01"), d("2026-01-01"))).isEqualTo("from 2024 to 2025");
        assertThat(QueryExplainer.period(d("2026-01-01"), d("2026-07-01"))).isEqualTo("from January to June 2026");
        assertThat(QueryExplainer.period(d("2025-11-01"), d("2026-03-01"))).isEqualTo("from November 2025 to February 2026");
        assertThat(QueryExplainer.period(d("2026-03-03"), d("2026-03-04"))).isEqualTo("on 3 March 2026");
        assertThat(QueryExplainer.period(d("2026-03-03"), d("2026-04-11"))).isEqualTo("from 3 March to 10 April 2026");
        assertThat(QueryExplainer.period(d("2026-03-01"), d("2026-03-15"))).isEqualTo("from 1 to 14 March 2026");
        assertThat(QueryExplainer.period(d("2025-12-29"), d("2026-01-05"))).isEqualTo("from 29 December 2025 to 4 January 2026");
    }

    @Test
    void the_columns_of_real_results_get_labels_and_formats() {
        QueryResult monthly = layer.run(GERMANY_MONTHLY).result();
        ResultColumns columns = ResultColumns.of(layer.model(), GERMANY_MONTHLY, monthly.columns());
        assertThat(columns.labels()).containsExactly("Month", "Shop revenue");
        assertThat(columns.formats()).extracting(ValueFormat::kind).containsExactly(ValueFormat.Kind.month, ValueFormat.Kind.currency);
        assertThat(columns.show(0, monthly.rows().get(0).get(0))).isEqualTo("January 2026");
        Object first = monthly.rows().get(0).get(1);
        String money = new java.text.DecimalFormat("#,##0.00", java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ENGLISH))
                .format(new java.math.BigDecimal(first.toString()));
        assertThat(columns.show(1, first)).isEqualTo("$" + money);

        SemanticQuery rate = SemanticQuery.of("refund_rate").grain(Grain.QUARTER).between(d("2025-01-01"), d("2026-01-01"));
        QueryResult quarterly = layer.run(rate).result();
        ResultColumns rc = ResultColumns.of(layer.model(), rate, quarterly.columns());
        assertThat(quarterly.rows()).extracting(r -> rc.show(0, r.get(0))).containsExactly("Q1 2025", "Q2 2025", "Q3 2025", "Q4 2025");
        assertThat(quarterly.rows()).allSatisfy(r -> assertThat(rc.show(1, r.get(1))).matches("\\d+(\\.\\d+)?%"));

        SemanticQuery compared = SemanticQuery.of("shop_revenue").between(d("2026-09-01"), d("2026-10-01")).comparedTo(d("2025-09-01"), d("2025-10-01"));
        QueryResult both = layer.run(compared).result();
        ResultColumns cc = ResultColumns.of(layer.model(), compared, both.columns());
        assertThat(cc.labels()).containsExactly("Shop revenue", "Shop revenue (September 2025)", "Change in shop revenue", "Change in shop revenue (%)");
        assertThat(cc.formats()).extracting(ValueFormat::kind).containsExactly(ValueFormat.Kind.currency, ValueFormat.Kind.currency,
                ValueFormat.Kind.currency, ValueFormat.Kind.percent);
    }

    /** The explainer over the test shop's model ({@link SemanticFixture}) on a fresh DuckDB file, for the work given. */
    static void onTheFixture(Path dir, java.util.function.BiConsumer<SemanticModel, QueryExplainer> work) {
        try (Source source = Sources.openFile(SemanticFixture.duckdb(dir)); Guard guard = new Guard()) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            SemanticModel model = SemanticFixture.model(dir);
            work.accept(model, new QueryExplainer(new SemanticLayer(model, KnowledgeSet.EMPTY, ValueIndex.build(model, executor, 50), executor)));
        }
    }

    @Test
    void a_metric_without_a_description_is_defined_from_its_computation(@TempDir Path dir) {
        onTheFixture(dir, (model, words) -> {
            assertThat(words.definition(model.metric("revenue").orElseThrow())).isEqualTo("Sum of total over orders, only where status = 'completed'");
            assertThat(words.definition(model.metric("order_count").orElseThrow())).isEqualTo("Number of orders");
            assertThat(words.definition(model.metric("buyers").orElseThrow())).isEqualTo("Number of distinct customer id over orders");
            assertThat(words.definition(model.metric("completion_rate").orElseThrow())).isEqualTo("Completed orders divided by order count");
            assertThat(words.definition(model.metric("mrr").orElseThrow())).contains("last snapshot in each period");
            assertThat(words.definition(model.metric("paying_customers").orElseThrow())).contains("only paying");
            assertThat(words.definition(model.metric("mrr_change").orElseThrow())).contains("mrr 1 month earlier");
            assertThat(words.explain(SemanticQuery.of("revenue"))).endsWith("Computed over all the data.");
        });
    }

    @Test
    void a_cumulative_metric_says_how_it_adds_up_and_which_day_a_coarser_period_shows(@TempDir Path dir) {
        onTheFixture(dir, (model, words) -> {
            assertThat(words.definition(model.metric("revenue_running_total").orElseThrow()))
                    .isEqualTo("A running total of revenue from the start of the data up to each day");
            assertThat(words.definition(model.metric("revenue_7_days").orElseThrow())).isEqualTo("Revenue over the 7 days up to each day");
            assertThat(words.definition(model.metric("revenue_month_to_date").orElseThrow()))
                    .isEqualTo("Revenue month to date (from the start of each month up to each day)");

            assertThat(words.explain(SemanticQuery.of("revenue_running_total").grain(Grain.MONTH).between(d("2024-01-01"), d("2024-07-01"))))
                    .isEqualTo("revenue running total: A running total of revenue from the start of the data up to each day. Each month shows the"
                            + " value on its first day; rows before the period count. Computed per month from January to June 2024.");
            assertThat(words.explain(SemanticQuery.of("revenue_mtd_daily_average").grain(Grain.MONTH).between(d("2024-01-01"), d("2024-07-01"))))
                    .contains("Each month shows the average of its days' values. Computed");
            // a derived metric over a cumulative one says it too; without a grain, the value at the end of the period
            assertThat(words.explain(SemanticQuery.of("revenue_7_day_daily_average").between(d("2024-03-01"), d("2024-04-01"))))
                    .contains("Revenue 7 days is revenue over the 7 days up to each day; shown as it stands at the end of the period (31 March 2024);"
                            + " rows before the period count.");
        });
    }
}
