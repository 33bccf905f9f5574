package dev.almanac.semantic;

import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.testing.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small shop with the shapes of the demo, written once as portable SQL and loaded into a fresh
 * DuckDB file, SQLite file or PostgreSQL database: regions <- countries <- customers (soft-deleted
 * flag) <- month-end MRR snapshots -> plans, and orders <- order items -> products -> categories; customers -> their
 * account managers, two of whom share a name (Alex Kim, #1 and #3), and a status as orders have one (an ambiguous bare name);
 * audits a few times in 2021 and 2023, none in 2022 (an empty year inside the data).
 * The rows are few and chosen so that every expected number in the tests can be worked out by hand;
 * the tests' comments show the sums. Amounts carry cents (79.99, 40.05, 99.95 dollars; 100.01 and 299.99 dollars of MRR
 * in cents) so that an engine that loses cents or rounds a fraction (an average of 65.025) shows it.
 */
final class SemanticFixture {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    /** Portable DDL and rows: no casts, no engine functions; dates and timestamps as ISO text. */
    static final List<String> SQL = Arrays.stream("""
            CREATE TABLE regions (region_id INTEGER PRIMARY KEY, region_name VARCHAR(20) NOT NULL);
            INSERT INTO regions VALUES (1, 'EMEA'), (2, 'AMER'), (3, 'APAC');

            CREATE TABLE countries (country_code VARCHAR(2) PRIMARY KEY, country_name VARCHAR(40) NOT NULL, region_id INTEGER);
            INSERT INTO countries VALUES ('DE', 'Germany', 1), ('FR', 'France', 1), ('GB', 'United Kingdom', 1),
              ('US', 'United States', 2), ('CA', 'Canada', 2), ('JP', 'Japan', 3);

            CREATE TABLE managers (manager_id INTEGER PRIMARY KEY, full_name VARCHAR(40) NOT NULL, status VARCHAR(10) NOT NULL);
            INSERT INTO managers VALUES (1, 'Alex Kim', 'active'), (2, 'Sam Lee', 'active'), (3, 'Alex Kim', 'left');

            CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, country_code VARCHAR(2),
              signup_date DATE NOT NULL, is_deleted BOOLEAN NOT NULL, manager_id INTEGER);
            INSERT INTO customers VALUES
              (1, 'Acme', 'DE', '2023-11-20', FALSE, 1),
              (2, 'Bolt', 'FR', '2024-01-10', FALSE, 3),
              (3, 'Crane', 'GB', '2024-01-25', FALSE, 2),
              (4, 'Delta', 'US', '2024-02-05', FALSE, 1),
              (5, 'Echo', 'US', '2024-02-14', TRUE, 3),
              (6, 'Fjord', 'CA', '2024-03-03', FALSE, 1),
              (7, 'Gale', 'JP', '2024-04-15', FALSE, NULL),
              (8, 'Test account', 'DE', '2024-04-30', TRUE, 1),
              (9, 'Nomad', NULL, '2024-05-05', FALSE, 2);

            CREATE TABLE plans (plan_id INTEGER PRIMARY KEY, plan_name VARCHAR(20) NOT NULL, tier INTEGER NOT NULL);
            INSERT INTO plans VALUES (1, 'Basic', 1), (2, 'Pro', 2), (3, 'Enterprise', 3), (4, 'Free', 0);

            CREATE TABLE plan_prices (plan_id INTEGER NOT NULL, currency VARCHAR(3) NOT NULL);
            INSERT INTO plan_prices VALUES (1, 'USD'), (1, 'EUR'), (2, 'USD');

            CREATE TABLE mrr_snapshots (snapshot_month DATE NOT NULL, customer_id INTEGER NOT NULL, plan_id INTEGER NOT NULL,
              mrr_cents INTEGER NOT NULL, PRIMARY KEY (snapshot_month, customer_id));
            INSERT INTO mrr_snapshots VALUES
              ('2023-12-01', 1, 1, 10001),
              ('2024-01-01', 1, 1, 10000), ('2024-02-01', 1, 1, 10000), ('2024-03-01', 1, 1, 10000),
              ('2024-04-01', 1, 2, 30000), ('2024-05-01', 1, 2, 30000), ('2024-06-01', 1, 2, 30000),
              ('2024-01-01', 2, 2, 30000), ('2024-02-01', 2, 2, 30000), ('2024-03-01', 2, 2, 30000),
              ('2024-04-01', 2, 2, 30000), ('2024-05-01', 2, 2, 30000), ('2024-06-01', 2, 2, 30000),
              ('2024-02-01', 3, 1, 10000), ('2024-03-01', 3, 1, 10000), ('2024-04-01', 3, 1, 10000), ('2024-05-01', 3, 1, 10000),
              ('2024-03-01', 4, 3, 100000), ('2024-04-01', 4, 3, 100000), ('2024-05-01', 4, 3, 100000), ('2024-06-01', 4, 3, 100000),
              ('2024-01-01', 5, 1, 10000), ('2024-02-01', 5, 1, 10000),
              ('2024-01-01', 6, 4, 0), ('2024-02-01', 6, 4, 0), ('2024-03-01', 6, 4, 0),
              ('2024-04-01', 6, 4, 0), ('2024-05-01', 6, 4, 0), ('2024-06-01', 6, 4, 0),
              ('2024-05-01', 7, 2, 29999), ('2024-06-01', 7, 2, 29999);

            CREATE TABLE categories (category_id INTEGER PRIMARY KEY, category_name VARCHAR(20) NOT NULL);
            INSERT INTO categories VALUES (1, 'Hardware'), (2, 'Books'), (3, 'Services');

            CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name VARCHAR(40) NOT NULL, category_id INTEGER NOT NULL);
            INSERT INTO products VALUES (1, 'Widget', 1), (2, 'Gadget', 1), (3, 'Manual', 2), (4, 'Support plan', 3);

            CREATE TABLE orders (order_id INTEGER PRIMARY KEY, ordered_at TIMESTAMP NOT NULL, customer_id INTEGER NOT NULL,
              status VARCHAR(20) NOT NULL, total DECIMAL(10, 2) NOT NULL);
            INSERT INTO orders VALUES
              (1, '2024-01-03 09:15:00', 1, 'completed', 120.00),
              (2, '2024-01-07 23:30:00', 2, 'completed', 79.99),
              (3, '2024-01-08 00:10:00', 2, 'refunded', 50.00),
              (4, '2024-02-14 12:00:00', 3, 'completed', 200.00),
              (5, '2024-02-29 18:45:00', 4, 'completed', 40.05),
              (6, '2024-03-31 22:00:00', 5, 'completed', 60.00),
              (7, '2024-04-01 08:00:00', 6, 'canceled', 300.00),
              (8, '2024-05-15 10:00:00', 7, 'completed', 99.95),
              (9, '2024-12-31 16:00:00', 1, 'completed', 150.00),
              (10, '2025-01-01 10:00:00', 4, 'completed', 90.00),
              (11, '2024-05-20 12:00:00', 9, 'completed', 105.00);

            CREATE TABLE order_items (order_item_id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL, product_id INTEGER NOT NULL,
              quantity INTEGER NOT NULL);
            INSERT INTO order_items VALUES
              (1, 1, 1, 2), (2, 1, 3, 1), (3, 2, 2, 1), (4, 4, 1, 4), (5, 4, 4, 1), (6, 5, 3, 2),
              (7, 8, 2, 3), (8, 9, 4, 1), (9, 10, 1, 1), (10, 6, 2, 1), (11, 11, 3, 1);

            CREATE TABLE audits (audit_id INTEGER PRIMARY KEY, audited_on DATE NOT NULL, cost DECIMAL(10, 2) NOT NULL);
            INSERT INTO audits VALUES (1, '2021-03-10', 100.00), (2, '2021-09-01', 50.50), (3, '2023-06-30', 80.25);

            CREATE TABLE legacy_sales (sale_month DATE NOT NULL, amount DECIMAL(10, 2) NOT NULL);
            INSERT INTO legacy_sales VALUES ('2023-10-01', 300.00), ('2023-12-01', 500.00)
            """.split(";\\s*\\n")).map(String::strip).filter(s -> !s.isEmpty()).toList();

    /** The semantic model over the fixture, in portable SQL. */
    static final String MODEL = """
            name: shop
            description: The test shop.
            datasets:
              - name: regions
                table: regions
                primary_key: [region_id]
                dimensions:
                  - name: region
                    expr: region_name
                    synonyms: [sales region]
                    values:
                      EMEA: [europe, emea region]
                      AMER: [americas]
              - name: countries
                table: countries
                primary_key: [country_code]
                dimensions:
                  - name: country
                    expr: country_name
                    values:
                      United Kingdom: [UK, Britain]
              - name: managers
                table: managers
                entities:
                  - {name: manager, type: primary, expr: manager_id}
                dimensions:
                  - name: manager
                    expr: full_name
                    label_of: manager
                  - name: status
              - name: customers
                table: customers
                primary_key: [customer_id]
                entities:
                  - {name: manager, type: foreign, expr: manager_id}
                default_time_dimension: signup_date
                dimensions:
                  - name: signup_date
                    type: time
                    grain: day
                  - name: customer
                    expr: name
                segments:
                  - name: not_deleted
                    expr: NOT is_deleted
                    default: true
              - name: plans
                table: plans
                primary_key: [plan_id]
                dimensions:
                  - name: plan
                    expr: plan_name
                  - name: tier
              - name: plan_prices
                table: plan_prices
                dimensions:
                  - name: currency
              - name: mrr_snapshots
                table: mrr_snapshots
                primary_key: [snapshot_month, customer_id]
                default_time_dimension: snapshot_month
                dimensions:
                  - name: snapshot_month
                    type: time
                    grain: month
                segments:
                  - name: paying
                    expr: mrr_cents > 0
              - name: orders
                table: orders
                primary_key: [order_id]
                default_time_dimension: order_date
                dimensions:
                  - name: order_date
                    type: time
                    expr: ordered_at
                    grain: day
                  - name: order_status
                    expr: status
                  - name: status
                  - name: order_total
                    type: number
                    expr: total
              - name: order_items
                table: order_items
                primary_key: [order_item_id]
              - name: products
                table: products
                primary_key: [product_id]
                dimensions:
                  - name: product
                    expr: product_name
              - name: categories
                table: categories
                primary_key: [category_id]
                dimensions:
                  - name: category
                    expr: category_name
              - name: audits
                table: audits
                primary_key: [audit_id]
                default_time_dimension: audited_on
                dimensions:
                  - name: audited_on
                    type: time
                    grain: day
              - name: sales_history
                description: completed orders, and before them the monthly totals of the legacy system
                sql: |
                  SELECT ordered_at AS sold_at, total AS amount FROM orders WHERE status = 'completed'
                  UNION ALL
                  SELECT sale_month AS sold_at, amount FROM legacy_sales
                default_time_dimension: sold_at
                dimensions:
                  - name: sold_at
                    type: time
                    grain: day
            relationships:
              - {name: customer_country, from: customers, to: countries, from_columns: [country_code], to_columns: [country_code]}
              - {name: country_region, from: countries, to: regions, from_columns: [region_id], to_columns: [region_id]}
              - {name: snapshot_customer, from: mrr_snapshots, to: customers, from_columns: [customer_id], to_columns: [customer_id]}
              - {name: snapshot_plan, from: mrr_snapshots, to: plans, from_columns: [plan_id], to_columns: [plan_id]}
              # said to be many-to-one, but the table holds plan 1 twice (in two currencies)
              - {name: snapshot_price, from: mrr_snapshots, to: plan_prices, from_columns: [plan_id], to_columns: [plan_id]}
              - {name: order_customer, from: orders, to: customers, from_columns: [customer_id], to_columns: [customer_id]}
              - {name: item_order, from: order_items, to: orders, from_columns: [order_id], to_columns: [order_id]}
              - {name: item_product, from: order_items, to: products, from_columns: [product_id], to_columns: [product_id]}
              - {name: product_category, from: products, to: categories, from_columns: [category_id], to_columns: [category_id]}
            metrics:
              - name: mrr
                dataset: mrr_snapshots
                agg: sum
                expr: mrr_cents / 100.0
                non_additive_dimension: {name: snapshot_month, window_choice: max}
                decimals: 2
              - name: opening_mrr
                dataset: mrr_snapshots
                agg: sum
                expr: mrr_cents / 100.0
                non_additive_dimension: {name: snapshot_month, window_choice: min}
              - name: paying_customers
                dataset: mrr_snapshots
                agg: count_distinct
                expr: customer_id
                segments: [paying]
                non_additive_dimension: {name: snapshot_month}
              - name: mrr_change
                type: derived
                expr: mrr - mrr_last_month
                metrics:
                  - mrr
                  - {name: mrr, alias: mrr_last_month, offset_window: 1 month}
              - name: arr
                type: derived
                expr: mrr * 12
                metrics: [mrr]
              - name: revenue
                dataset: orders
                agg: sum
                expr: total
                filter: status = 'completed'
              - name: order_count
                dataset: orders
                agg: count
              - name: completed_orders
                dataset: orders
                agg: count
                filter: status = 'completed'
              - name: completion_rate
                type: ratio
                numerator: completed_orders
                denominator: order_count
              - name: buyers
                dataset: orders
                agg: count_distinct
                expr: customer_id
              - name: avg_order_value
                dataset: orders
                agg: avg
                expr: total
                filter: status = 'completed'
              - name: smallest_order
                dataset: orders
                agg: min
                expr: total
              - name: largest_order
                dataset: orders
                agg: max
                expr: total
              - name: median_order_value
                dataset: orders
                agg: median
                expr: total
              - name: p90_order_value
                dataset: orders
                agg: percentile
                percentile: 0.9
                expr: total
              - name: customer_count
                dataset: customers
                agg: count
              - name: units_sold
                dataset: order_items
                agg: sum
                expr: quantity
              - name: sales_all_time
                dataset: sales_history
                agg: sum
                expr: amount
              - name: audit_count
                dataset: audits
                agg: count
              - name: audit_cost
                dataset: audits
                agg: sum
                expr: cost
              - name: avg_audit_cost
                dataset: audits
                agg: avg
                expr: cost
              - name: orders_with_rows_only
                dataset: orders
                agg: count
                join_to_timespine: false
              - name: revenue_running_total
                type: cumulative
                input: revenue
              - name: revenue_running_total_last
                type: cumulative
                input: revenue
                period_agg: last
              - name: revenue_7_days
                type: cumulative
                input: revenue
                window: 7 days
              - name: revenue_month_to_date
                type: cumulative
                input: revenue
                grain_to_date: month
              - name: revenue_mtd_daily_average
                type: cumulative
                measure: revenue
                grain_to_date: month
                period_agg: average
              - name: buyers_7_days
                type: cumulative
                input: buyers
                window: 1 week
              - name: orders_running_total
                type: cumulative
                input: order_count
              - name: revenue_7_day_daily_average
                type: derived
                expr: revenue_7_days / 7.0
                metrics: [revenue_7_days]
              - name: order_count_via_dialects
                dataset: orders
                agg: sum
                expr: "0"
                dialects:
                  duckdb: "1"
                  postgresql: "1"
                  sqlite: "1"
                  trino: "1"
            """;

    private SemanticFixture() {}

    static void load(Connection c) throws SQLException {
        load(c, SQL);
    }

    static void load(Connection c, List<String> statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) s.execute(sql);
        }
    }

    static Path duckdb(Path dir) {
        return duckdb(dir, SQL);
    }

    static Path sqlite(Path dir) {
        return sqlite(dir, SQL);
    }

    /** A fresh DuckDB file in {@code dir} holding these portable statements' tables. */
    static Path duckdb(Path dir, List<String> statements) {
        return file(dir.resolve("shop.duckdb"), "jdbc:duckdb:", statements);
    }

    static Path sqlite(Path dir, List<String> statements) {
        return file(dir.resolve("shop.sqlite"), "jdbc:sqlite:", statements);
    }

    /** A fresh database on the embedded PostgreSQL with the fixture; returns its JDBC URL. */
    static String postgres() {
        return postgres(SQL);
    }

    static String postgres(List<String> statements) {
        EmbeddedPostgres pg = EmbeddedPostgres.shared();
        String name = "semantic_shop_" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
        String url = pg.createDatabase(name);
        pg.execute(name, statements.toArray(String[]::new));
        return url;
    }

    /** Portable statements, one per {@code ;} at a line's end, as the fixtures are written. */
    static List<String> statements(String text) {
        return Arrays.stream(text.split(";\\s*\\n")).map(String::strip).filter(x -> !x.isEmpty()).toList();
    }

    private static Path file(Path file, String prefix, List<String> statements) {
        try (Connection c = DriverManager.getConnection(prefix + file)) {
            load(c, statements);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot load the fixture into " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    /** A knowledge folder holding the model as {@code semantic/shop.yml} (and whatever else is given as path, content pairs). */
    static Path knowledge(Path dir, String... extraFiles) {
        return knowledgeOf(dir, MODEL, extraFiles);
    }

    /** A knowledge folder holding {@code model} as {@code semantic/shop.yml} (and the extra path, content pairs). */
    static Path knowledgeOf(Path dir, String model, String... extraFiles) {
        try {
            Path k = dir.resolve("knowledge");
            Files.createDirectories(k.resolve("semantic"));
            Files.writeString(k.resolve("semantic/shop.yml"), model);
            for (int i = 0; i + 1 < extraFiles.length; i += 2) {
                Path f = k.resolve(extraFiles[i]);
                Files.createDirectories(f.getParent());
                Files.writeString(f, extraFiles[i + 1]);
            }
            return k;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The model as the project reads it: through the knowledge files, checked clean. */
    static SemanticModel model(Path dir) {
        return model(dir, null);
    }

    /** The model as an engine of the dialect reads it (each expression's variant for the dialect). */
    static SemanticModel model(Path dir, dev.almanac.source.Dialect dialect) {
        return model(dir, dialect, MODEL);
    }

    /** {@code model} as an engine of the dialect reads it, through the knowledge files, checked clean. */
    static SemanticModel model(Path dir, dev.almanac.source.Dialect dialect, String model) {
        KnowledgeFiles.Read read = KnowledgeFiles.read(knowledgeOf(dir, model));
        if (!read.problems().isEmpty()) throw new IllegalStateException("fixture knowledge has problems: " + read.problems());
        SemanticModel.Loaded loaded = SemanticModel.load(read.knowledge().semantic(), dialect);
        if (!loaded.ok()) throw new IllegalStateException("fixture model has problems: " + loaded.issues());
        return loaded.model();
    }
}
