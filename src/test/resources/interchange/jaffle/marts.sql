-- The jaffle-shop marts that dbt-labs/jaffle-shop's semantic models read, built in DuckDB from the project's own seeds
-- (../shared/interchange/dbt/jaffle-shop/seeds, read by the test as raw_customers, raw_products, raw_stores, raw_supplies)
-- and from orders and items generated here (the published raw_orders.csv and raw_items.csv are too large to ship): the
-- columns follow the marts' YAML in models/*.yml; each computed column is written as the marts compute it.
CREATE TABLE raw_orders AS
WITH c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM raw_customers),
     s AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM raw_stores)
SELECT 'o' || lpad(CAST(i AS VARCHAR), 4, '0') AS id, c.id AS customer,
       TIMESTAMP '2024-09-01 08:00:00' + INTERVAL (i * 37) MINUTE + INTERVAL (i % 5) DAY AS ordered_at, s.id AS store_id
FROM range(1, 301) t(i) JOIN c ON c.k = i * 7 % 60 JOIN s ON s.k = i % s.n;
CREATE TABLE raw_items AS
WITH p AS (SELECT sku, row_number() OVER (ORDER BY sku) - 1 AS k, count(*) OVER () AS n FROM raw_products),
     o AS (SELECT id, CAST(substr(id, 2) AS INTEGER) AS n FROM raw_orders)
SELECT 'i' || lpad(CAST(o.n * 10 + r.k AS VARCHAR), 6, '0') AS id, o.id AS order_id, p.sku
FROM o JOIN range(0, 3) r(k) ON r.k < 1 + o.n % 3 JOIN p ON p.k = (o.n * 3 + r.k * 5) % p.n;
CREATE TABLE products AS
SELECT sku AS product_id, name AS product_name, type AS product_type, description AS product_description,
       price / 100.0 AS product_price, type = 'jaffle' AS is_food_item, type = 'beverage' AS is_drink_item
FROM raw_products;
CREATE TABLE supplies AS
SELECT md5(id || sku) AS supply_uuid, id AS supply_id, sku AS product_id, name AS supply_name, cost / 100.0 AS supply_cost,
       perishable AS is_perishable_supply
FROM raw_supplies;
CREATE TABLE locations AS
SELECT id AS location_id, name AS location_name, tax_rate, CAST(opened_at AS DATE) AS opened_date FROM raw_stores;
CREATE TABLE order_items AS
SELECT i.id AS order_item_id, i.order_id, i.sku AS product_id, o.ordered_at, p.product_price, p.is_food_item, p.is_drink_item,
       (SELECT sum(s.supply_cost) FROM supplies s WHERE s.product_id = i.sku) AS supply_cost
FROM raw_items i JOIN raw_orders o ON o.id = i.order_id JOIN products p ON p.product_id = i.sku;
CREATE TABLE orders AS
WITH o AS (
  SELECT r.id AS order_id, r.store_id AS location_id, r.customer AS customer_id, r.ordered_at,
         sum(oi.product_price) AS subtotal, round(sum(oi.product_price) * max(l.tax_rate), 2) AS tax_paid,
         sum(oi.supply_cost) AS order_cost, bool_or(oi.is_food_item) AS is_food_order, bool_or(oi.is_drink_item) AS is_drink_order,
         sum(CASE WHEN oi.is_food_item THEN 1 ELSE 0 END) AS count_food_items, sum(CASE WHEN oi.is_drink_item THEN 1 ELSE 0 END) AS count_drink_items
  FROM raw_orders r JOIN order_items oi ON oi.order_id = r.id JOIN locations l ON l.location_id = r.store_id
  GROUP BY 1, 2, 3, 4)
SELECT *, subtotal + tax_paid AS order_total, subtotal AS order_items_subtotal,
       row_number() OVER (PARTITION BY customer_id ORDER BY ordered_at, order_id) AS customer_order_number
FROM o;
CREATE TABLE customers AS
SELECT c.id AS customer_id, c.name AS customer_name, count(o.order_id) AS count_lifetime_orders,
       min(o.ordered_at) AS first_ordered_at, max(o.ordered_at) AS last_ordered_at,
       coalesce(sum(o.subtotal), 0) AS lifetime_spend_pretax, coalesce(sum(o.tax_paid), 0) AS lifetime_tax_paid,
       coalesce(sum(o.order_total), 0) AS lifetime_spend,
       CASE WHEN count(o.order_id) > 1 THEN 'returning' ELSE 'new' END AS customer_type
FROM raw_customers c LEFT JOIN orders o ON o.customer_id = c.id
GROUP BY 1, 2;
