package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * dbt Labs' own jaffle-shop, as dbt-core 1.9.4 compiled its semantic manifest (../shared/interchange/dbt/jaffle-shop):
 * imported into a project over a DuckDB warehouse of the marts its semantic models read (built from the project's seeds
 * and generated orders, src/test/resources/interchange/jaffle/marts.sql), every metric Almanac maps answers what SQL
 * written by hand from the project's YAML gives, dimensions are reached through entities as dbt writes them, and what
 * cannot be mapped is named.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JaffleShopImportTest {
    static final Path JAFFLE = Path.of("..", "shared", "interchange", "dbt", "jaffle-shop");

    Path home;
    Path db;
    Path project;
    CliTest.Run imported;

    @BeforeAll
    void importManifest(@TempDir Path dir) throws Exception {
        home = dir;
        System.setProperty("almanac.home", home.toString());
        db = home.resolve("jaffle.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            for (String seed : List.of("customers", "products", "stores", "supplies")) {
                s.execute("CREATE TABLE raw_" + seed + " AS SELECT * FROM read_csv('" + JAFFLE.resolve("seeds/raw_" + seed + ".csv").toAbsolutePath()
                        + "', header = true)");
            }
            String marts = Files.readString(Path.of("src/test/resources/interchange/jaffle/marts.sql")).replaceAll("(?m)^--.*$", "");
            for (String sql : marts.split(";")) if (!sql.isBlank()) s.execute(sql);
        }
        project = home.resolve("jaffle");
        Files.createDirectories(project.resolve("knowledge"));
        Files.writeString(project.resolve("almanac.yml"), "name: jaffle\nsource: " + db + "\nknowledge: knowledge\n");
        imported = CliTest.run("knowledge", "import", "--dbt-semantic", JAFFLE.resolve("semantic_manifest.dbt-1.9.4.json").toAbsolutePath().toString(),
                "--project", project.toString());
    }

    @AfterAll
    void forget() {
        System.clearProperty("almanac.home");
    }

    /** A number from SQL written by hand, run as it is by `almanac sql` (the warehouse is open in this process already). */
    BigDecimal hand(String sql) {
        CliTest.Run r = CliTest.run("sql", sql, "--format", "csv", "--project", project.toString());
        assertThat(r.code()).as(sql + ": " + r.err()).isZero();
        return new BigDecimal(r.out().lines().skip(1).findFirst().orElseThrow()).setScale(6, RoundingMode.HALF_UP);
    }

    List<String> query(String... args) {
        List<String> all = new ArrayList<>(List.of("query"));
        all.addAll(List.of(args));
        all.addAll(List.of("--format", "csv", "--project", project.toString()));
        CliTest.Run r = CliTest.run(all.toArray(String[]::new));
        assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isZero();
        return r.out().lines().skip(1).toList();
    }

    BigDecimal metric(String name) {
        return new BigDecimal(query("--metric", name).get(0)).setScale(6, RoundingMode.HALF_UP);
    }

    @Test
    void the_manifest_imports_and_names_what_it_could_not_map() {
        assertThat(imported.code()).as(imported.err() + imported.out()).isZero();
        assertThat(imported.out()).doesNotContain("cumulative_revenue");
        assertThat(imported.out().lines().filter(l -> l.startsWith("  ")).count()).as(imported.out()).isEqualTo(1);
    }

    /** Each day's value by SQL written by hand: the revenue of every order item ordered on that day or before. */
    BigDecimal revenueUpTo(String day) {
        return hand("SELECT sum(product_price) FROM order_items WHERE CAST(ordered_at AS DATE) <= DATE '" + day + "'");
    }

    @Test
    void the_cumulative_metric_is_the_revenue_of_every_day_up_to_each_day() throws Exception {
        // cumulative_revenue: type cumulative over the measure revenue (sum of product_price), no window: a running total
        List<String> days = query("--metric", "cumulative_revenue", "--grain", "day", "--from", "2024-09-03", "--to", "2024-09-08");
        assertThat(days).hasSize(5);
        for (int i = 0; i < days.size(); i++) {
            String day = "2024-09-0" + (3 + i);
            String[] cells = days.get(i).split(",");
            assertThat(cells[0]).startsWith(day);
            assertThat(new BigDecimal(cells[1]).setScale(6, RoundingMode.HALF_UP)).as(day).isEqualTo(revenueUpTo(day));
        }
        assertThat(revenueUpTo("2024-09-03")).as("the orders before the period count").isGreaterThan(BigDecimal.ZERO);
        // by month, dbt's period_agg first: September shows 1 September's total; without a grain, the total at the period's end
        String[] september = query("--metric", "cumulative_revenue", "--grain", "month", "--from", "2024-09-01", "--to", "2024-10-01").get(0).split(",");
        assertThat(new BigDecimal(september[1]).setScale(6, RoundingMode.HALF_UP)).isEqualTo(revenueUpTo("2024-09-01"));
        assertThat(new BigDecimal(query("--metric", "cumulative_revenue", "--from", "2024-09-01", "--to", "2024-09-06").get(0)).setScale(6, RoundingMode.HALF_UP))
                .isEqualTo(revenueUpTo("2024-09-05"));
        assertThat(metric("cumulative_revenue")).isEqualTo(hand("SELECT sum(product_price) FROM order_items"));
    }

    @Test
    void its_simple_metrics_answer_as_hand_written_sql() throws Exception {
        // the measures of order_item, orders and customers as the YAML defines them
        assertThat(metric("revenue")).isEqualTo(hand("SELECT sum(product_price) FROM order_items"));
        assertThat(metric("food_revenue")).isEqualTo(hand("SELECT sum(CASE WHEN is_food_item THEN product_price ELSE 0 END) FROM order_items"));
        assertThat(metric("order_total")).isEqualTo(hand("SELECT sum(order_total) FROM orders"));
        assertThat(metric("orders")).isEqualTo(hand("SELECT count(*) FROM orders"));
        assertThat(metric("lifetime_spend_pretax")).isEqualTo(hand("SELECT sum(lifetime_spend_pretax) FROM customers"));
    }

    @Test
    void metric_filters_written_in_dbts_jinja_through_entities_apply() throws Exception {
        // {{ Dimension('order_id__customer_order_number') }} = 1, {{ Dimension('order_id__order_total_dim') }} >= 20
        assertThat(metric("new_customer_orders")).isEqualTo(hand("SELECT count(*) FROM orders WHERE customer_order_number = 1"));
        assertThat(metric("large_orders")).isEqualTo(hand("SELECT count(*) FROM orders WHERE order_total >= 20"));
        assertThat(metric("food_orders")).isEqualTo(hand("SELECT count(*) FROM orders WHERE is_food_order"));
        assertThat(metric("new_customer_orders")).isLessThan(metric("orders"));
    }

    @Test
    void ratio_and_derived_metrics_combine_their_inputs() throws Exception {
        assertThat(metric("food_revenue_pct")).isEqualTo(hand(
                "SELECT sum(CASE WHEN is_food_item THEN product_price ELSE 0 END) / sum(product_price) FROM order_items"));
        assertThat(metric("order_gross_profit")).isEqualTo(hand("SELECT (SELECT sum(product_price) FROM order_items) - (SELECT sum(order_cost) FROM orders)"));
        assertThat(metric("average_order_value")).isEqualTo(hand("SELECT sum(lifetime_spend_pretax) / sum(count_lifetime_orders) FROM customers"));
    }

    @Test
    void a_dimension_is_reached_through_an_entity_as_dbt_names_it() throws Exception {
        // order items by their order's is_food_order, through the foreign entity order_id
        List<String> rows = query("--metric", "revenue", "--by", "order_id__is_food_order");
        BigDecimal food = hand("SELECT sum(i.product_price) FROM order_items i JOIN orders o USING (order_id) WHERE o.is_food_order");
        BigDecimal other = hand("SELECT sum(i.product_price) FROM order_items i JOIN orders o USING (order_id) WHERE NOT o.is_food_order");
        assertThat(rows).hasSize(2);
        for (String row : rows) {
            String[] cells = row.split(",");
            BigDecimal value = new BigDecimal(cells[1]).setScale(6, RoundingMode.HALF_UP);
            assertThat(value).isEqualTo(cells[0].equals("true") ? food : other);
        }
        // is_food_item is a dimension of order items and of products: the bare name is ambiguous for revenue, and refused
        CliTest.Run ambiguous = CliTest.run("query", "--metric", "revenue", "--by", "is_food_item", "--project", project.toString());
        assertThat(ambiguous.code()).isEqualTo(2);
        assertThat(ambiguous.err()).contains("ambiguous").contains("order_item.is_food_item").contains("products.is_food_item");
        assertThat(query("--metric", "revenue", "--by", "order_item.is_food_item")).hasSize(2);
    }
}
