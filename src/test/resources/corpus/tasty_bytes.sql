CREATE TABLE customer_loyalty_metrics_v (customer_id BIGINT, first_name VARCHAR, last_name VARCHAR, city VARCHAR, country VARCHAR,
    e_mail VARCHAR, phone_number VARCHAR, visited_location_ids_array DOUBLE[], total_sales DECIMAL(38,4));
INSERT INTO customer_loyalty_metrics_v VALUES
    (110913, 'Thaddeus', 'Baker', 'Cairo', 'Egypt', 'thaddeus.baker@example.com', '131-847-6052', [6673, 6716], 1745.7500),
    (130576, 'Deshawn', 'Allison', 'Cairo', 'Egypt', 'deshawn.allison@example.com', '642-785-8671', [6847], 2809.5000),
    (90298, 'Madelynn', 'Farmer', 'Mumbai', 'India', 'madelynn.farmer@example.com', '606-217-4474', [5254, 15319], 3302.0000),
    (90301, 'Anna', 'Sanchez', 'Mumbai', 'India', 'anna.sanchez@example.com', '555-010-0001', [5254], 120.2500),
    (90302, 'Grace', 'Kline', 'Delhi', 'India', 'grace.kline@example.com', '555-010-0002', [], 980.0000),
    (200001, 'Dahlia', 'Buchanan', 'Boston', 'United States', 'dahlia.buchanan@example.com', '555-010-0003', [9930], 15.5000),
    (200002, 'Ravi', 'Menon', 'Boston', 'United States', 'ravi.menon@example.com', '555-010-0004', NULL, NULL);
