-- A few hand-written rows in the TPC-DS tables that the Apache Ossie TPC-DS example model (../shared/interchange/ossie) reads.
CREATE TABLE date_dim (d_date_sk INTEGER PRIMARY KEY, d_date DATE, d_year INTEGER, d_quarter_name VARCHAR, d_month_name VARCHAR);
INSERT INTO date_dim VALUES (1, DATE '2024-01-15', 2024, '2024Q1', 'January'), (2, DATE '2024-04-20', 2024, '2024Q2', 'April'), (3, DATE '2025-02-03', 2025, '2025Q1', 'February');
CREATE TABLE customer (c_customer_sk INTEGER PRIMARY KEY, c_customer_id VARCHAR, c_first_name VARCHAR, c_last_name VARCHAR, c_email_address VARCHAR);
INSERT INTO customer VALUES (10, 'C10', 'Ada', 'Lovelace', 'ada@example.com'), (11, 'C11', 'Alan', 'Turing', 'alan@example.com'), (12, 'C12', 'Grace', 'Hopper', NULL);
CREATE TABLE item (i_item_sk INTEGER PRIMARY KEY, i_item_id VARCHAR, i_item_desc VARCHAR, i_brand VARCHAR, i_category VARCHAR, i_current_price DECIMAL(7,2));
INSERT INTO item VALUES (100, 'I100', 'Kettle', 'Acme', 'Home', 19.99), (101, 'I101', 'Lamp', 'Acme', 'Home', 35.50), (102, 'I102', 'Novel', 'Paper Co', 'Books', 12.25);
CREATE TABLE store (s_store_sk INTEGER PRIMARY KEY, s_store_id VARCHAR, s_store_name VARCHAR, s_city VARCHAR, s_state VARCHAR, s_number_employees INTEGER);
INSERT INTO store VALUES (1000, 'S1', 'North', 'Fairview', 'TN', 40), (1001, 'S2', 'South', 'Midway', 'GA', 25);
CREATE TABLE store_sales (ss_sold_date_sk INTEGER, ss_item_sk INTEGER, ss_customer_sk INTEGER, ss_store_sk INTEGER, ss_ticket_number INTEGER, ss_quantity INTEGER, ss_sales_price DECIMAL(7,2), ss_ext_sales_price DECIMAL(7,2), ss_net_profit DECIMAL(7,2), PRIMARY KEY (ss_item_sk, ss_ticket_number));
INSERT INTO store_sales VALUES (1, 100, 10, 1000, 1, 2, 19.99, 39.98, 10.05), (1, 102, 10, 1000, 1, 1, 12.25, 12.25, 2.10), (2, 101, 11, 1001, 2, 1, 35.50, 35.50, 8.75), (3, 100, 11, 1000, 3, 3, 18.00, 54.00, -1.20), (3, 102, NULL, 1001, 4, 1, 12.25, 12.25, 3.00);
