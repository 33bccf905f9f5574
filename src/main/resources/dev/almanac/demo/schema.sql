-- Brightline demo warehouse: a fictional SaaS (project-management software) + commerce (hardware and
-- merchandise shop) company. Tables are created in dependency order; comments follow each table.

-- ---------------------------------------------------------------- reference
CREATE TABLE regions (
  region_id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  code VARCHAR NOT NULL
);
COMMENT ON TABLE regions IS 'Sales regions the company reports by';

CREATE TABLE currencies (
  currency_code VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  symbol VARCHAR
);
COMMENT ON TABLE currencies IS 'ISO currencies used by customers and FX rates';

CREATE TABLE countries (
  country_code VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  region_id INTEGER NOT NULL REFERENCES regions(region_id),
  currency_code VARCHAR NOT NULL REFERENCES currencies(currency_code)
);
COMMENT ON TABLE countries IS 'Countries with their sales region and local currency';

CREATE TABLE fx_rates (
  rate_date DATE NOT NULL,
  currency_code VARCHAR NOT NULL REFERENCES currencies(currency_code),
  units_per_usd DECIMAL(14,6) NOT NULL,
  PRIMARY KEY (rate_date, currency_code)
);
COMMENT ON TABLE fx_rates IS 'Daily FX rates: units of the currency per 1 USD';
COMMENT ON COLUMN fx_rates.units_per_usd IS 'Local currency units for one US dollar; divide a local amount by it to get USD';

CREATE TABLE calendar_days (
  day DATE PRIMARY KEY,
  year INTEGER NOT NULL,
  quarter INTEGER NOT NULL,
  month INTEGER NOT NULL,
  iso_week INTEGER NOT NULL,
  day_of_week VARCHAR NOT NULL,
  is_weekend BOOLEAN NOT NULL
);
COMMENT ON TABLE calendar_days IS 'Date dimension, one row per day';

CREATE TABLE holidays (
  holiday_date DATE NOT NULL,
  country_code VARCHAR NOT NULL REFERENCES countries(country_code),
  name VARCHAR NOT NULL,
  PRIMARY KEY (holiday_date, country_code)
);
COMMENT ON TABLE holidays IS 'Public holidays per country';

CREATE TABLE tax_rates (
  country_code VARCHAR PRIMARY KEY REFERENCES countries(country_code),
  vat_rate_pct DECIMAL(5,2) NOT NULL,
  effective_from DATE NOT NULL
);
COMMENT ON TABLE tax_rates IS 'Sales tax / VAT rate applied to invoices per country';

-- ---------------------------------------------------------------- organisation
CREATE TABLE departments (
  department_id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  cost_center VARCHAR NOT NULL
);
COMMENT ON TABLE departments IS 'Company departments';

CREATE TABLE offices (
  office_id INTEGER PRIMARY KEY,
  city VARCHAR NOT NULL,
  country_code VARCHAR NOT NULL REFERENCES countries(country_code),
  opened_on DATE NOT NULL
);
COMMENT ON TABLE offices IS 'Company offices';

CREATE TABLE employees (
  employee_id INTEGER PRIMARY KEY,
  full_name VARCHAR NOT NULL,
  email VARCHAR NOT NULL,
  department_id INTEGER NOT NULL REFERENCES departments(department_id),
  office_id INTEGER NOT NULL REFERENCES offices(office_id),
  manager_id INTEGER,
  title VARCHAR NOT NULL,
  hire_date DATE NOT NULL,
  termination_date DATE
);
COMMENT ON TABLE employees IS 'Employees, current and former';
COMMENT ON COLUMN employees.manager_id IS 'employee_id of the manager (same table); NULL for department heads';
COMMENT ON COLUMN employees.termination_date IS 'NULL while employed';

CREATE TABLE employee_salaries (
  salary_id INTEGER PRIMARY KEY,
  employee_id INTEGER NOT NULL REFERENCES employees(employee_id),
  effective_date DATE NOT NULL,
  annual_salary_usd DECIMAL(12,2) NOT NULL
);
COMMENT ON TABLE employee_salaries IS 'Salary history; the row with the latest effective_date is current';

-- ---------------------------------------------------------------- plans and product
CREATE TABLE plans (
  plan_id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  tier INTEGER NOT NULL,
  seat_price_cents INTEGER NOT NULL,
  is_public BOOLEAN NOT NULL
);
COMMENT ON TABLE plans IS 'Subscription plans of the SaaS product, priced per seat per month';
COMMENT ON COLUMN plans.seat_price_cents IS 'Current list price per seat per month, in cents';

CREATE TABLE features (
  feature_id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  category VARCHAR NOT NULL
);
COMMENT ON TABLE features IS 'Product features, used by plan entitlements and usage events';

CREATE TABLE plan_features (
  plan_id INTEGER NOT NULL REFERENCES plans(plan_id),
  feature_id INTEGER NOT NULL REFERENCES features(feature_id),
  PRIMARY KEY (plan_id, feature_id)
);
COMMENT ON TABLE plan_features IS 'Which features each plan includes';

CREATE TABLE plan_price_history (
  plan_id INTEGER NOT NULL REFERENCES plans(plan_id),
  effective_from DATE NOT NULL,
  seat_price_cents INTEGER NOT NULL,
  PRIMARY KEY (plan_id, effective_from)
);
COMMENT ON TABLE plan_price_history IS 'List price per seat per month over time, in cents';

-- ---------------------------------------------------------------- customers
CREATE TABLE industries (
  industry_code VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL
);
COMMENT ON TABLE industries IS 'Industry classification of customers';

CREATE TABLE customers (
  customer_id INTEGER PRIMARY KEY,
  company_name VARCHAR NOT NULL,
  industry_code VARCHAR NOT NULL REFERENCES industries(industry_code),
  size_band VARCHAR NOT NULL,
  country_code VARCHAR NOT NULL REFERENCES countries(country_code),
  signup_date DATE NOT NULL,
  acquisition_channel VARCHAR NOT NULL,
  account_owner_id INTEGER REFERENCES employees(employee_id),
  is_deleted BOOLEAN NOT NULL,
  deleted_at TIMESTAMP
);
COMMENT ON TABLE customers IS 'Customer accounts (companies), SaaS and shop alike';
COMMENT ON COLUMN customers.is_deleted IS 'Soft delete: TRUE rows are test or GDPR-erased accounts and must be excluded';

CREATE TABLE customer_contacts (
  contact_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  full_name VARCHAR NOT NULL,
  email VARCHAR NOT NULL,
  role VARCHAR NOT NULL,
  is_primary BOOLEAN NOT NULL
);
COMMENT ON TABLE customer_contacts IS 'People at customer companies we correspond with';

CREATE TABLE app_users (
  user_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  email VARCHAR NOT NULL,
  role VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL
);
COMMENT ON TABLE app_users IS 'Users (seats) of the SaaS product, each belonging to a customer';

-- ---------------------------------------------------------------- subscriptions
CREATE TABLE subscriptions (
  subscription_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  plan_id INTEGER NOT NULL REFERENCES plans(plan_id),
  billing_period VARCHAR NOT NULL,
  seats INTEGER NOT NULL,
  mrr_cents BIGINT NOT NULL,
  started_at DATE NOT NULL,
  canceled_at DATE,
  status VARCHAR
);
COMMENT ON TABLE subscriptions IS 'SaaS subscriptions, one row per subscription with its current plan';
COMMENT ON COLUMN subscriptions.status IS 'active, past_due or canceled; NULL for records migrated from the legacy billing system';
COMMENT ON COLUMN subscriptions.mrr_cents IS 'Current monthly recurring revenue in cents (annual plans divided by 12)';

CREATE TABLE subscription_events (
  event_id INTEGER PRIMARY KEY,
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(subscription_id),
  event_type VARCHAR NOT NULL,
  event_date DATE NOT NULL,
  old_plan_id INTEGER REFERENCES plans(plan_id),
  new_plan_id INTEGER REFERENCES plans(plan_id),
  mrr_delta_cents BIGINT NOT NULL
);
COMMENT ON TABLE subscription_events IS 'Lifecycle events of subscriptions: created, upgraded, canceled';

CREATE TABLE trials (
  trial_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  plan_id INTEGER NOT NULL REFERENCES plans(plan_id),
  started_on DATE NOT NULL,
  ended_on DATE NOT NULL,
  converted BOOLEAN NOT NULL
);
COMMENT ON TABLE trials IS 'Free trials and whether they converted to a paid subscription';

CREATE TABLE mrr_snapshots (
  snapshot_month DATE NOT NULL,
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(subscription_id),
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  plan_id INTEGER NOT NULL REFERENCES plans(plan_id),
  mrr_cents BIGINT NOT NULL,
  PRIMARY KEY (snapshot_month, subscription_id)
);
COMMENT ON TABLE mrr_snapshots IS 'Month-end MRR per subscription active at the end of that month';
COMMENT ON COLUMN mrr_snapshots.snapshot_month IS 'First day of the month the snapshot describes (taken at month end)';

-- ---------------------------------------------------------------- billing
CREATE TABLE invoices (
  invoice_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(subscription_id),
  invoice_date DATE NOT NULL,
  due_date DATE NOT NULL,
  period_start DATE NOT NULL,
  period_end DATE NOT NULL,
  amount_due DECIMAL(12,2) NOT NULL,
  status VARCHAR NOT NULL
);
COMMENT ON TABLE invoices IS 'Subscription invoices from 2023-01-01 on (earlier revenue is in legacy_revenue); amounts in USD';
COMMENT ON COLUMN invoices.amount_due IS 'Invoice total in US dollars, before tax';

CREATE TABLE invoice_line_items (
  line_item_id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES invoices(invoice_id),
  description VARCHAR NOT NULL,
  plan_id INTEGER REFERENCES plans(plan_id),
  quantity INTEGER NOT NULL,
  amount DECIMAL(12,2) NOT NULL
);
COMMENT ON TABLE invoice_line_items IS 'Lines of an invoice; they add up to invoices.amount_due (USD)';

CREATE TABLE payment_methods (
  method_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  method_type VARCHAR NOT NULL,
  card_brand VARCHAR,
  created_on DATE NOT NULL
);
COMMENT ON TABLE payment_methods IS 'Payment methods on file per customer';

CREATE TABLE payments (
  payment_id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES invoices(invoice_id),
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  method_id INTEGER REFERENCES payment_methods(method_id),
  paid_at TIMESTAMP NOT NULL,
  amount BIGINT NOT NULL,
  status VARCHAR NOT NULL
);
COMMENT ON TABLE payments IS 'Payment attempts against invoices';
COMMENT ON COLUMN payments.amount IS 'Amount charged';

CREATE TABLE refunds (
  refund_id INTEGER PRIMARY KEY,
  payment_id INTEGER NOT NULL REFERENCES payments(payment_id),
  refunded_at TIMESTAMP NOT NULL,
  amount_usd DECIMAL(12,2) NOT NULL,
  reason VARCHAR NOT NULL
);
COMMENT ON TABLE refunds IS 'Refunds of subscription payments, in USD';

CREATE TABLE credit_notes (
  credit_note_id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES invoices(invoice_id),
  issued_on DATE NOT NULL,
  amount_usd DECIMAL(12,2) NOT NULL,
  reason VARCHAR NOT NULL
);
COMMENT ON TABLE credit_notes IS 'Credit notes issued against invoices, in USD';

CREATE TABLE coupons (
  coupon_id INTEGER PRIMARY KEY,
  code VARCHAR NOT NULL,
  percent_off INTEGER NOT NULL,
  valid_from DATE NOT NULL,
  valid_to DATE NOT NULL
);
COMMENT ON TABLE coupons IS 'Discount coupons';

CREATE TABLE coupon_redemptions (
  redemption_id INTEGER PRIMARY KEY,
  coupon_id INTEGER NOT NULL REFERENCES coupons(coupon_id),
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  redeemed_on DATE NOT NULL
);
COMMENT ON TABLE coupon_redemptions IS 'Coupons redeemed by customers';

CREATE TABLE legacy_revenue (
  legacy_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  revenue_month DATE NOT NULL,
  product_line VARCHAR NOT NULL,
  amount_usd DECIMAL(12,2) NOT NULL
);
COMMENT ON TABLE legacy_revenue IS 'Monthly revenue per customer from the legacy billing system, 2021-2022 only';

-- ---------------------------------------------------------------- commerce
CREATE TABLE product_categories (
  category_id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL
);
COMMENT ON TABLE product_categories IS 'Shop product categories';

CREATE TABLE suppliers (
  supplier_id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  country_code VARCHAR NOT NULL REFERENCES countries(country_code)
);
COMMENT ON TABLE suppliers IS 'Suppliers of shop products';

CREATE TABLE warehouses (
  warehouse_id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  country_code VARCHAR NOT NULL REFERENCES countries(country_code)
);
COMMENT ON TABLE warehouses IS 'Warehouses that ship shop orders';

CREATE TABLE products (
  product_id INTEGER PRIMARY KEY,
  sku VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  category_id INTEGER NOT NULL REFERENCES product_categories(category_id),
  supplier_id INTEGER NOT NULL REFERENCES suppliers(supplier_id),
  unit_price DECIMAL(10,2) NOT NULL,
  unit_cost DECIMAL(10,2) NOT NULL,
  launched_on DATE NOT NULL,
  is_active BOOLEAN NOT NULL
);
COMMENT ON TABLE products IS 'Products sold in the shop; prices in USD';

CREATE TABLE inventory_snapshots (
  snapshot_date DATE NOT NULL,
  warehouse_id INTEGER NOT NULL REFERENCES warehouses(warehouse_id),
  product_id INTEGER NOT NULL REFERENCES products(product_id),
  units_on_hand INTEGER NOT NULL,
  PRIMARY KEY (snapshot_date, warehouse_id, product_id)
);
COMMENT ON TABLE inventory_snapshots IS 'Units on hand per warehouse and product on the first day of each month';

CREATE TABLE orders (
  order_id INTEGER PRIMARY KEY,
  order_number VARCHAR NOT NULL,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  ordered_at TIMESTAMP NOT NULL,
  status VARCHAR NOT NULL,
  sales_channel VARCHAR NOT NULL,
  ship_country_code VARCHAR NOT NULL REFERENCES countries(country_code),
  total_amount DECIMAL(12,2) NOT NULL
);
COMMENT ON TABLE orders IS 'Shop orders from 2023-01-01 on (earlier shop revenue is in legacy_revenue); totals in USD';
COMMENT ON COLUMN orders.order_number IS 'Business key of the order, shown to customers';

CREATE TABLE order_items (
  order_item_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(order_id),
  product_id INTEGER NOT NULL REFERENCES products(product_id),
  quantity INTEGER NOT NULL,
  unit_price DECIMAL(10,2) NOT NULL,
  discount_pct INTEGER NOT NULL
);
COMMENT ON TABLE order_items IS 'Lines of shop orders; line revenue = quantity * unit_price * (1 - discount_pct / 100)';

CREATE TABLE shipments (
  shipment_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(order_id),
  warehouse_id INTEGER NOT NULL REFERENCES warehouses(warehouse_id),
  carrier VARCHAR NOT NULL,
  shipped_at TIMESTAMP NOT NULL,
  delivered_at TIMESTAMP
);
COMMENT ON TABLE shipments IS 'Shipments of completed shop orders';

CREATE TABLE returns (
  return_id INTEGER PRIMARY KEY,
  order_item_id INTEGER NOT NULL REFERENCES order_items(order_item_id),
  returned_on DATE NOT NULL,
  quantity INTEGER NOT NULL,
  reason VARCHAR NOT NULL
);
COMMENT ON TABLE returns IS 'Returned shop items';

-- ---------------------------------------------------------------- product usage
CREATE TABLE usage_events (
  event_id BIGINT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES app_users(user_id),
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  feature_id INTEGER NOT NULL REFERENCES features(feature_id),
  event_type VARCHAR NOT NULL,
  event_ts BIGINT NOT NULL
);
COMMENT ON TABLE usage_events IS 'Product usage events emitted by the SaaS app';
COMMENT ON COLUMN usage_events.event_ts IS 'When the event happened';

CREATE TABLE web_sessions (
  session_id BIGINT PRIMARY KEY,
  user_id INTEGER REFERENCES app_users(user_id),
  started_at TIMESTAMP NOT NULL,
  duration_seconds INTEGER NOT NULL,
  pages_viewed INTEGER NOT NULL,
  device VARCHAR NOT NULL,
  utm_source VARCHAR,
  country_code VARCHAR REFERENCES countries(country_code)
);
COMMENT ON TABLE web_sessions IS 'Website and web-app sessions; user_id is NULL for anonymous visitors';

CREATE TABLE signup_summary (
  stat_date DATE PRIMARY KEY,
  signups BIGINT NOT NULL
);
COMMENT ON TABLE signup_summary IS 'Daily signup statistics maintained by the growth team';

CREATE TABLE feature_usage_daily (
  usage_date DATE NOT NULL,
  feature_id INTEGER NOT NULL REFERENCES features(feature_id),
  events BIGINT NOT NULL,
  active_users BIGINT NOT NULL,
  PRIMARY KEY (usage_date, feature_id)
);
COMMENT ON TABLE feature_usage_daily IS 'Daily usage per feature, aggregated from usage_events';

-- ---------------------------------------------------------------- marketing
CREATE TABLE marketing_channels (
  channel_id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  channel_type VARCHAR NOT NULL
);
COMMENT ON TABLE marketing_channels IS 'Marketing channels';

CREATE TABLE campaigns (
  campaign_id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  channel_id INTEGER NOT NULL REFERENCES marketing_channels(channel_id),
  owner_id INTEGER REFERENCES employees(employee_id),
  started_on DATE NOT NULL,
  ended_on DATE NOT NULL,
  budget_usd DECIMAL(12,2) NOT NULL
);
COMMENT ON TABLE campaigns IS 'Marketing campaigns';

CREATE TABLE marketing_spend (
  spend_date DATE NOT NULL,
  campaign_id INTEGER NOT NULL REFERENCES campaigns(campaign_id),
  spend_usd DECIMAL(12,2) NOT NULL,
  impressions BIGINT NOT NULL,
  clicks BIGINT NOT NULL,
  PRIMARY KEY (spend_date, campaign_id)
);
COMMENT ON TABLE marketing_spend IS 'Daily spend, impressions and clicks per campaign';

CREATE TABLE email_sends (
  send_id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaigns(campaign_id),
  contact_id INTEGER NOT NULL REFERENCES customer_contacts(contact_id),
  sent_at TIMESTAMP NOT NULL,
  opened BOOLEAN NOT NULL,
  clicked BOOLEAN NOT NULL
);
COMMENT ON TABLE email_sends IS 'Marketing emails sent to customer contacts';

CREATE TABLE leads (
  lead_id INTEGER PRIMARY KEY,
  email VARCHAR NOT NULL,
  company_name VARCHAR NOT NULL,
  channel_id INTEGER NOT NULL REFERENCES marketing_channels(channel_id),
  campaign_id INTEGER REFERENCES campaigns(campaign_id),
  created_at TIMESTAMP NOT NULL,
  status VARCHAR NOT NULL,
  converted_customer_id INTEGER REFERENCES customers(customer_id)
);
COMMENT ON TABLE leads IS 'Marketing leads and whether they became customers';

-- ---------------------------------------------------------------- sales
CREATE TABLE opportunity_stages (
  stage_id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  sort_order INTEGER NOT NULL,
  win_probability_pct INTEGER NOT NULL
);
COMMENT ON TABLE opportunity_stages IS 'Sales pipeline stages';

CREATE TABLE opportunities (
  opportunity_id INTEGER PRIMARY KEY,
  lead_id INTEGER REFERENCES leads(lead_id),
  customer_id INTEGER REFERENCES customers(customer_id),
  owner_id INTEGER NOT NULL REFERENCES employees(employee_id),
  stage_id INTEGER NOT NULL REFERENCES opportunity_stages(stage_id),
  amount_usd DECIMAL(12,2) NOT NULL,
  created_on DATE NOT NULL,
  close_date DATE,
  is_closed BOOLEAN NOT NULL,
  is_won BOOLEAN NOT NULL
);
COMMENT ON TABLE opportunities IS 'Sales opportunities (annual contract value in USD)';

CREATE TABLE sales_quotas (
  employee_id INTEGER NOT NULL REFERENCES employees(employee_id),
  quarter_start DATE NOT NULL,
  quota_usd DECIMAL(12,2) NOT NULL,
  PRIMARY KEY (employee_id, quarter_start)
);
COMMENT ON TABLE sales_quotas IS 'Quarterly bookings quota per sales rep';

-- ---------------------------------------------------------------- support
CREATE TABLE sla_policies (
  priority VARCHAR PRIMARY KEY,
  first_response_hours INTEGER NOT NULL,
  resolution_hours INTEGER NOT NULL
);
COMMENT ON TABLE sla_policies IS 'Support SLA targets per ticket priority';

CREATE TABLE support_tickets (
  ticket_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  assignee_id INTEGER REFERENCES employees(employee_id),
  priority VARCHAR NOT NULL REFERENCES sla_policies(priority),
  category VARCHAR NOT NULL,
  channel VARCHAR NOT NULL,
  status VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  first_response_at TIMESTAMP,
  resolved_at TIMESTAMP
);
COMMENT ON TABLE support_tickets IS 'Customer support tickets';

CREATE TABLE ticket_comments (
  comment_id INTEGER PRIMARY KEY,
  ticket_id INTEGER NOT NULL REFERENCES support_tickets(ticket_id),
  author_type VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  body_chars INTEGER NOT NULL
);
COMMENT ON TABLE ticket_comments IS 'Comments on support tickets by customers and agents';

CREATE TABLE csat_surveys (
  survey_id INTEGER PRIMARY KEY,
  ticket_id INTEGER NOT NULL REFERENCES support_tickets(ticket_id),
  responded_on DATE NOT NULL,
  rating INTEGER NOT NULL
);
COMMENT ON TABLE csat_surveys IS 'Customer satisfaction survey answers after a resolved ticket (1-5)';

CREATE TABLE nps_responses (
  response_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  user_id INTEGER REFERENCES app_users(user_id),
  responded_on DATE NOT NULL,
  score INTEGER NOT NULL,
  topic VARCHAR
);
COMMENT ON TABLE nps_responses IS 'Net Promoter Score survey responses (0-10)';
