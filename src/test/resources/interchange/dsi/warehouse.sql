-- The tables that dbt-semantic-interfaces' test projects (../shared/interchange/dbt/dbt-semantic-interfaces-fixtures:
-- simple_semantic_manifest and measure_migrated_manifest, which read the same tables) name in their node_relation, with
-- the columns their semantic models read, filled with a few rows written here (the projects ship no data).
CREATE TABLE dim_users (user_id VARCHAR, ds_source_date DATE, created_at DATE, ds_partitioned DATE, home_state VARCHAR);
INSERT INTO dim_users VALUES
  ('u1', DATE '2024-01-01', DATE '2023-12-01', DATE '2024-01-01', 'CA'),
  ('u2', DATE '2024-01-01', DATE '2023-12-15', DATE '2024-01-01', 'NY'),
  ('u3', DATE '2024-01-02', DATE '2024-01-02', DATE '2024-01-02', 'TX');
CREATE TABLE dim_users_latest (user_id VARCHAR, ds DATE, home_state_latest VARCHAR);
INSERT INTO dim_users_latest VALUES ('u1', DATE '2024-02-01', 'CA'), ('u2', DATE '2024-02-01', 'NY'), ('u3', DATE '2024-02-01', 'WA');
CREATE TABLE dim_companies (company_id VARCHAR, user_id VARCHAR, company_name VARCHAR);
INSERT INTO dim_companies VALUES ('c1', 'u1', 'Acme'), ('c2', 'u3', 'Globex');
CREATE TABLE dim_listings_latest (listing_id VARCHAR, user_id VARCHAR, created_at DATE, country VARCHAR, is_lux BOOLEAN, capacity INTEGER);
INSERT INTO dim_listings_latest VALUES
  ('l1', 'u1', DATE '2023-11-01', 'us', true, 4),
  ('l2', 'u1', DATE '2023-12-01', 'us', false, 2),
  ('l3', 'u2', DATE '2024-01-01', 'fr', false, 6);
CREATE TABLE dim_lux_listing_id_mapping (listing_id VARCHAR, lux_listing_id VARCHAR);
INSERT INTO dim_lux_listing_id_mapping VALUES ('l1', 'x1');
CREATE TABLE fct_bookings (listing_id VARCHAR, guest_id VARCHAR, host_id VARCHAR, referrer_id VARCHAR, is_instant BOOLEAN,
                           ds DATE, ds_partitioned DATE, booking_paid_at DATE, booking_value DECIMAL(10, 2));
INSERT INTO fct_bookings VALUES
  ('l1', 'u2', 'u1', NULL,  true,  DATE '2024-01-01', DATE '2024-01-01', DATE '2024-01-03', 120.00),
  ('l1', 'u3', 'u1', 'u2',  false, DATE '2024-01-01', DATE '2024-01-01', DATE '2024-02-01', 80.50),
  ('l2', 'u2', 'u1', NULL,  false, DATE '2024-01-02', DATE '2024-01-02', DATE '2024-01-02', 45.25),
  ('l3', 'u1', 'u2', 'u3',  true,  DATE '2024-01-03', DATE '2024-01-03', DATE '2024-01-04', 300.00),
  ('l3', 'u3', 'u2', NULL,  true,  DATE '2024-02-10', DATE '2024-02-10', DATE '2024-02-12', 210.75),
  (NULL, 'u1', NULL, NULL,  false, DATE '2024-02-11', DATE '2024-02-11', DATE '2024-03-01', 15.00);
CREATE TABLE fct_views (listing_id VARCHAR, user_id VARCHAR, ds DATE, ds_partitioned DATE);
INSERT INTO fct_views VALUES
  ('l1', 'u2', DATE '2024-01-01', DATE '2024-01-01'), ('l1', 'u3', DATE '2024-01-01', DATE '2024-01-01'),
  ('l2', 'u2', DATE '2024-01-02', DATE '2024-01-02'), ('l3', 'u1', DATE '2024-01-03', DATE '2024-01-03'),
  ('l3', 'u3', DATE '2024-02-10', DATE '2024-02-10'), ('l3', 'u3', DATE '2024-02-11', DATE '2024-02-11'),
  ('l1', 'u1', DATE '2024-02-11', DATE '2024-02-11');
CREATE TABLE fct_accounts (user_id VARCHAR, ds DATE, ds2 DATE, account_type VARCHAR, account_type2 VARCHAR, account_balance DECIMAL(12, 2));
INSERT INTO fct_accounts VALUES
  ('u1', DATE '2024-01-01', DATE '2024-01-01', 'checking', 'checking', 100.00),
  ('u2', DATE '2024-01-01', DATE '2024-01-01', 'savings', 'savings', 250.00),
  ('u1', DATE '2024-01-02', DATE '2024-01-02', 'checking', 'checking', 130.00),
  ('u2', DATE '2024-01-02', DATE '2024-01-02', 'savings', 'savings', 240.00),
  ('u3', DATE '2024-01-02', DATE '2024-01-02', 'checking', 'checking', 75.00);
CREATE TABLE fct_id_verifications (verification_id VARCHAR, user_id VARCHAR, ds TIMESTAMP, ds_partitioned DATE, verification_type VARCHAR);
INSERT INTO fct_id_verifications VALUES
  ('v1', 'u1', TIMESTAMP '2024-01-01 09:15:00', DATE '2024-01-01', 'passport'),
  ('v2', 'u2', TIMESTAMP '2024-01-01 17:40:00', DATE '2024-01-01', 'license'),
  ('v3', 'u3', TIMESTAMP '2024-01-03 08:00:00', DATE '2024-01-03', 'passport');
CREATE TABLE fct_revenue (user_id VARCHAR, created_at DATE, revenue DECIMAL(10, 2));
INSERT INTO fct_revenue VALUES ('u1', DATE '2024-01-01', 10.00), ('u2', DATE '2024-01-15', 20.00), ('u1', DATE '2024-02-03', 35.50);
