package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
    /** The same project imported from its own YAML (models/*.yml) rather than from the manifest dbt compiled from it. */
    Path yamlProject;
    CliTest.Run importedYaml;

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
        Path yamlDb = home.resolve("jaffle-yaml.duckdb");
        Files.copy(db, yamlDb);
        imported = CliTest.run("knowledge", "import", "--dbt-semantic", JAFFLE.resolve("semantic_manifest.dbt-1.9.4.json").toAbsolutePath().toString(),
                "--project", project.toString());
        yamlProject = home.resolve("jaffle-yaml");
        Files.createDirectories(yamlProject.resolve("knowledge"));
        Files.writeString(yamlProject.resolve("almanac.yml"), "name: jaffle-yaml\nsource: " + yamlDb + "\nknowledge: knowledge\n");
        importedYaml = CliTest.run("knowledge", "import", "--dbt-semantic", JAFFLE.resolve("models").toAbsolutePath().toString(),
                "--project", yamlProject.toString());
    }

    @AfterAll
    void forget() {
        System.clearProperty("almanac.home");
    }

    /** A number from SQL written by hand, run as it is by `almanac sql` (the warehouse is open in this process already). */
    BigDecimal hand(String sql) {
        return new BigDecimal(CliTest.sqlRows(project, sql).get(0)).setScale(6, RoundingMode.HALF_UP);
    }

    List<String> query(String... args) {
        return query(project, args);
    }

    static List<String> query(Path project, String... args) {
        return CliTest.queryRows(project, args);
    }

    BigDecimal metric(String name) {
        return new BigDecimal(query("--metric", name).get(0)).setScale(6, RoundingMode.HALF_UP);
    }

    @Test
    void the_manifest_imports_and_names_what_it_could_not_map() {
        assertThat(imported.code()).as(imported.err() + imported.out()).isZero();
        assertThat(imported.out()).doesNotContain("cumulative_revenue").doesNotContain("not mapped");
        // the project's time spine table is said to be not needed, not dropped without a word
        assertThat(imported.out()).contains("notes (1):\n  project_configuration.time_spine_table_configurations[FY26_TASK_FORCE_ICHIKAWA.STREAMLIT_TEST.metricflow_time_spine]: "
                + "the project's time spine is not needed");
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

    /** A verified query's SQL as the import wrote it, run as it is, its rows as CSV lines without the header. */
    List<String> verified(Path project, String name) throws Exception {
        String sql = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readTree(project.resolve("knowledge/queries/" + name + ".yml").toFile()).path("sql").asText();
        return CliTest.sqlRows(project, sql);
    }

    @Test
    void a_saved_query_grouped_by_an_entity_groups_by_the_entitys_key() throws Exception {
        // customer_order_metrics: group_by Entity('customer'), the key customer_id of the customers model
        List<String> rows = verified(project, "dbt_customer_order_metrics");
        CliTest.Run hand = CliTest.run("sql", "SELECT customer_id, count_lifetime_orders, lifetime_spend_pretax, lifetime_spend_pretax / NULLIF(count_lifetime_orders, 0) "
                + "FROM customers", "--format", "csv", "--project", project.toString());
        java.util.Map<String, List<BigDecimal>> expected = new java.util.HashMap<>();
        hand.out().lines().skip(1).forEach(l -> expected.put(l.split(",")[0], numbers(l)));
        java.util.Map<String, List<BigDecimal>> actual = new java.util.HashMap<>();
        rows.forEach(l -> actual.put(l.split(",")[0], numbers(l)));
        assertThat(actual).hasSize(expected.size()).isEqualTo(expected);
    }

    /** The numbers of a CSV row after its first cell, to six decimals (an empty cell, no data, is null). */
    static List<BigDecimal> numbers(String row) {
        String[] cells = row.split(",", -1);
        List<BigDecimal> out = new ArrayList<>();
        for (int i = 1; i < cells.length; i++) out.add(cells[i].isBlank() || cells[i].equals("NaN") ? null : new BigDecimal(cells[i]).setScale(6, RoundingMode.HALF_UP));
        return out;
    }

    @Test
    void the_projects_yaml_imports_as_the_manifest_dbt_compiled_from_it() throws Exception {
        assertThat(importedYaml.code()).as(importedYaml.err() + importedYaml.out()).isZero();
        assertThat(importedYaml.out()).doesNotContain("not mapped").doesNotContain("cumulative_revenue");
        // the semantic model written from the YAML is the one written from dbt's own compilation of it, but for where it came from
        List<String> fromYaml = Files.readAllLines(yamlProject.resolve("knowledge/semantic/dbt.yml"));
        List<String> fromManifest = Files.readAllLines(project.resolve("knowledge/semantic/dbt.yml"));
        assertThat(fromYaml.get(1)).isEqualTo("description: Imported from the dbt project models.");
        assertThat(fromYaml.subList(2, fromYaml.size())).isEqualTo(fromManifest.subList(2, fromManifest.size()));
        assertThat(fromManifest).hasSizeGreaterThan(200);
        try (var files = Files.list(project.resolve("knowledge/queries"))) {
            for (Path q : files.toList()) {
                assertThat(yamlProject.resolve("knowledge/queries").resolve(q.getFileName())).as("saved query " + q.getFileName()).isRegularFile();
                String name = q.getFileName().toString().replace(".yml", "");
                assertThat(verified(yamlProject, name)).as(name).isEqualTo(verified(project, name));
            }
        }
    }

    @Test
    void the_projects_yaml_answers_every_metric_with_the_rows_of_the_manifest() throws Exception {
        List<String> names = new ArrayList<>();
        new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readTree(project.resolve("knowledge/semantic/dbt.yml").toFile()).path("metrics").forEach(m -> names.add(m.path("name").asText()));
        names.retainAll(List.of("revenue", "order_cost", "median_revenue", "food_revenue", "drink_revenue", "food_revenue_pct", "drink_revenue_pct",
                "revenue_growth_mom", "order_gross_profit", "order_total", "new_customer_orders", "large_orders", "orders", "food_orders", "drink_orders",
                "lifetime_spend_pretax", "count_lifetime_orders", "average_order_value"));
        assertThat(names).hasSize(18);
        for (String m : names) {
            assertThat(query(yamlProject, "--metric", m, "--grain", "month", "--from", "2024-09-01", "--to", "2024-11-01")).as(m)
                    .isEqualTo(query(project, "--metric", m, "--grain", "month", "--from", "2024-09-01", "--to", "2024-11-01"));
        }
        assertThat(query(yamlProject, "--metric", "revenue", "--by", "order_id__is_food_order")).isEqualTo(query("--metric", "revenue", "--by", "order_id__is_food_order"));
    }

    @Test
    void a_conversion_metric_in_the_projects_yaml_is_refused_with_the_reason(@TempDir Path dir) throws Exception {
        Path models = dir.resolve("models");
        Files.createDirectories(models.resolve("marts"));
        try (var files = Files.list(JAFFLE.resolve("models"))) {
            for (Path f : files.toList()) Files.copy(f, models.resolve("marts").resolve(f.getFileName()));
        }
        // MetricFlow's conversion metric, as dbt's documentation writes one
        Files.writeString(models.resolve("conversion.yml"), """
                metrics:
                  - name: repeat_order_rate
                    label: Repeat order rate
                    type: conversion
                    type_params:
                      conversion_type_params:
                        base_measure: order_count
                        conversion_measure: order_count
                        entity: customer
                        window: 30 days
                  - name: orders_every_day
                    type: simple
                    type_params:
                      measure:
                        name: order_count
                        fill_nulls_with: 0
                        join_to_timespine: true
                """);
        // the project's time spines, dbt 1.9's (a model with time_spine:) and the legacy metricflow_time_spine model
        Files.writeString(models.resolve("time_spine.yml"), """
                models:
                  - name: time_spine_daily
                    time_spine:
                      standard_granularity_column: date_day
                    columns:
                      - name: date_day
                        granularity: day
                """);
        Files.writeString(models.resolve("metricflow_time_spine.sql"), "select * from {{ ref('time_spine_daily') }}\n");
        Path other = dir.resolve("project");
        Files.createDirectories(other.resolve("knowledge"));
        Path otherDb = dir.resolve("jaffle.duckdb");
        Files.copy(home.resolve("jaffle-yaml.duckdb"), otherDb);
        Files.writeString(other.resolve("almanac.yml"), "name: conv\nsource: " + otherDb + "\nknowledge: knowledge\n");
        CliTest.Run r = CliTest.run("knowledge", "import", "--dbt-semantic", dir.toString(), "--project", other.toString());
        assertThat(r.code()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("  models/conversion.yml metrics[repeat_order_rate]: conversion metrics are not supported: ")
                .doesNotContain("cumulative_revenue")
                .contains("notes (2):")
                .contains("  models/time_spine.yml project_configuration.time_spines[time_spine_daily]: the project's time spine is not needed")
                .contains("  models/metricflow_time_spine.sql project_configuration.time_spine_table_configurations[metricflow_time_spine]: "
                        + "the project's time spine is not needed");
        assertThat(query(other, "--metric", "orders")).isEqualTo(query("--metric", "orders"));
        // a measure input written as an object keeps its fill and its time spine
        JsonNode every = null;
        for (JsonNode m : new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readTree(other.resolve("knowledge/semantic/dbt.yml").toFile()).path("metrics")) {
            if (m.path("name").asText().equals("orders_every_day")) every = m;
        }
        assertThat(every).isNotNull();
        assertThat(every.path("fill_nulls_with").asInt(-1)).isZero();
        assertThat(every.path("join_to_timespine").asBoolean(false)).isTrue();
        assertThat(query(other, "--metric", "orders_every_day")).isEqualTo(query("--metric", "orders"));
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

    /** A question asked with no model: the answer's rows as "label,number" with the number to 2 places; empty when not answered. */
    List<String> asked(String question) throws Exception {
        CliTest.Run r = CliTest.run("ask", question, "--llm", "none", "--format", "json", "--project", project.toString());
        JsonNode answer = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
        List<String> rows = new ArrayList<>();
        for (JsonNode row : answer.path("data").path("rows")) {
            List<String> cells = new ArrayList<>();
            row.forEach(c -> cells.add(c.isNumber() ? c.decimalValue().setScale(2, RoundingMode.HALF_UP).toPlainString() : c.asText()));
            rows.add(String.join(",", cells));
        }
        return rows;
    }

    /** SQL written by hand, its rows as {@link #asked} gives them. */
    List<String> handRows(String sql) {
        return CliTest.sqlRows(project, sql).stream().map(l -> {
            String[] cells = l.split(",");
            for (int i = 0; i < cells.length; i++) if (cells[i].matches("-?[0-9.]+")) cells[i] = new BigDecimal(cells[i]).setScale(2, RoundingMode.HALF_UP).toPlainString();
            return String.join(",", cells);
        }).toList();
    }

    @Test
    void questions_in_peoples_words_read_the_published_model() throws Exception {
        // dbt declares no label: location_name, named after the locations' primary entity, names a location (grouped by its key)
        assertThat(asked("revenue by location")).containsExactlyInAnyOrderElementsOf(handRows("SELECT l.location_name, sum(i.product_price) "
                + "FROM order_items i JOIN orders o USING (order_id) JOIN locations l USING (location_id) GROUP BY l.location_id, l.location_name"));
        // two products tie on 720: the order between them is either
        assertThat(asked("top 3 products by revenue")).containsExactlyInAnyOrderElementsOf(handRows("SELECT p.product_name, sum(i.product_price) "
                + "FROM order_items i JOIN products p USING (product_id) GROUP BY p.product_id, p.product_name ORDER BY 2 DESC LIMIT 3"));
        // a metric by its initials, and by its name without the records it is over (Order Gross Profit over orders)
        assertThat(asked("whats our aov")).containsExactlyElementsOf(handRows("SELECT sum(lifetime_spend_pretax) / sum(count_lifetime_orders) FROM customers"));
        assertThat(asked("gross profit in September 2024")).containsExactlyElementsOf(handRows("SELECT (SELECT sum(product_price) FROM order_items "
                + "WHERE ordered_at >= DATE '2024-09-01' AND ordered_at < DATE '2024-10-01') - (SELECT sum(order_cost) FROM orders "
                + "WHERE ordered_at >= DATE '2024-09-01' AND ordered_at < DATE '2024-10-01')"));
        // a label's "%" is the word percent: "Drink Revenue %" is not "Drink Revenue"
        assertThat(asked("drink revenue % in September 2024")).containsExactlyElementsOf(handRows("SELECT sum(CASE WHEN is_drink_item THEN product_price ELSE 0 END) "
                + "/ sum(product_price) FROM order_items WHERE ordered_at >= DATE '2024-09-01' AND ordered_at < DATE '2024-10-01'"));
        // "order" alone names no metric: the initials and short names never make a word that is one
        assertThat(asked("gross in September 2024")).isEmpty();
        // orders is a sum of 1 per order, a count: not the value asked for (it was answered with 300 orders); Order Total, said
        // the other way round, is ("Sum of total order amount")
        assertThat(asked("What is the total order value?")).containsExactlyElementsOf(handRows("SELECT sum(order_total) FROM orders"));
        assertThat(asked("how many orders")).containsExactlyElementsOf(handRows("SELECT count(*) FROM orders"));
    }

    @Test
    void records_kept_by_a_count_dbt_writes_as_a_sum_of_one_count_that_periods_orders() throws Exception {
        assertThat(asked("Which locations had more than 40 orders in September 2024?")).containsExactlyInAnyOrderElementsOf(handRows("SELECT l.location_name "
                + "FROM orders o JOIN locations l USING (location_id) WHERE o.ordered_at >= DATE '2024-09-01' AND o.ordered_at < DATE '2024-10-01' "
                + "GROUP BY l.location_id, l.location_name HAVING count(*) > 40")).isNotEmpty();
        // no location had an order in August: none is listed, though every one has more than 40 of all time
        assertThat(asked("Which locations had more than 40 orders in August 2024?")).isEmpty();
    }

    @Test
    void one_yaml_file_of_the_project_imports_on_its_own(@TempDir Path dir) throws Exception {
        Path other = dir.resolve("project");
        Files.createDirectories(other.resolve("knowledge"));
        Path otherDb = dir.resolve("jaffle.duckdb");
        Files.copy(home.resolve("jaffle-yaml.duckdb"), otherDb);
        Files.writeString(other.resolve("almanac.yml"), "name: one-file\nsource: " + otherDb + "\nknowledge: knowledge\n");
        CliTest.Run r = CliTest.run("knowledge", "import", "--dbt-semantic", JAFFLE.resolve("models/orders.yml").toString(), "--project", other.toString());
        assertThat(r.code()).as(r.err() + r.out()).isZero();
        // alone, the file's foreign entities refer to models of other files
        assertThat(r.out()).contains("not mapped (2):\n  orders.yml semantic_models[orders] entity location: a foreign entity no semantic model has")
                .contains("  orders.yml semantic_models[orders] entity customer: ");
        for (String m : List.of("orders", "new_customer_orders", "order_total")) assertThat(query(other, "--metric", m)).as(m).isEqualTo(query("--metric", m));
    }
}
