package dev.almanac.semantic;

import java.util.List;

/**
 * Rows whose changes are worked out by hand, for {@link AbstractChangeAnalysisTest}, as portable SQL (loaded into DuckDB,
 * SQLite, PostgreSQL and Trino) and a model.
 *
 * <p>Traffic by channel and device, one day a month:
 * <pre>
 *              web visits/conversions   ads visits/conversions   conversion rate
 *   January    10 / 5  (50%)            10 / 1 (10%)             6/20  = 30%
 *   February   20 / 10 (50%)            10 / 1 (10%)             11/30 = 36.67%   a mix shift, rates unchanged
 *   March      20 / 14 (70%)            10 / 1 (10%)             15/30 = 50%      a rate change, mix unchanged
 * </pre>
 * Devices: January desktop and tablet, February desktop and phone (tablet vanished, phone new). Revenue: January 450.15
 * (desktop 350.10, tablet 100.05; web 400.15, ads 50.00), February 630.26 (desktop 470.19, phone 160.07; web 580.27, ads
 * 49.99).
 *
 * <p>Month-end MRR per subscription: January s1 basic 100, s2 pro 200, s3 basic 50 (350); February s1 basic 150
 * (expansion +50), s2 pro 120 (contraction -80), s3 gone (churn -50), s4 pro 300 (new +300), s5 free 0 (570, +220); March
 * s1 moves to pro. Tickets per month: a noisy 100 to 122 through 2025, 101 in January 2026, 104 in February (a change of 3,
 * well inside the noise), 250 in March.
 */
final class ChangeFixture {
    private ChangeFixture() {}

    static final List<String> SQL = SemanticFixture.statements("""
            CREATE TABLE traffic (visit_day DATE NOT NULL, channel VARCHAR(10) NOT NULL, device VARCHAR(10) NOT NULL, visits INTEGER NOT NULL,
              conversions INTEGER NOT NULL, revenue DECIMAL(10, 2) NOT NULL, PRIMARY KEY (visit_day, channel, device));
            INSERT INTO traffic VALUES
              ('2026-01-15', 'web', 'desktop', 6, 3, 300.10), ('2026-01-15', 'web', 'tablet', 4, 2, 100.05), ('2026-01-15', 'ads', 'desktop', 10, 1, 50.00),
              ('2026-02-15', 'web', 'desktop', 12, 6, 420.20), ('2026-02-15', 'web', 'phone', 8, 4, 160.07), ('2026-02-15', 'ads', 'desktop', 10, 1, 49.99),
              ('2026-03-15', 'web', 'desktop', 12, 9, 430.00), ('2026-03-15', 'web', 'phone', 8, 5, 170.00), ('2026-03-15', 'ads', 'desktop', 10, 1, 49.99);

            CREATE TABLE subscription_months (snapshot_month DATE NOT NULL, subscription_id INTEGER NOT NULL, plan VARCHAR(10) NOT NULL,
              mrr DECIMAL(10, 2) NOT NULL, PRIMARY KEY (snapshot_month, subscription_id));
            INSERT INTO subscription_months VALUES
              ('2026-01-01', 1, 'basic', 100.00), ('2026-01-01', 2, 'pro', 200.00), ('2026-01-01', 3, 'basic', 50.00),
              ('2026-02-01', 1, 'basic', 150.00), ('2026-02-01', 2, 'pro', 120.00), ('2026-02-01', 4, 'pro', 300.00), ('2026-02-01', 5, 'free', 0.00),
              ('2026-03-01', 1, 'pro', 150.00), ('2026-03-01', 2, 'pro', 120.00), ('2026-03-01', 4, 'pro', 300.00), ('2026-03-01', 5, 'free', 0.00);

            CREATE TABLE ticket_counts (ticket_month DATE NOT NULL, team VARCHAR(10) NOT NULL, tickets INTEGER NOT NULL, PRIMARY KEY (ticket_month, team));
            INSERT INTO ticket_counts VALUES
              ('2025-01-01', 'support', 100), ('2025-02-01', 'support', 120), ('2025-03-01', 'support', 95), ('2025-04-01', 'support', 118),
              ('2025-05-01', 'support', 102), ('2025-06-01', 'support', 121), ('2025-07-01', 'support', 97), ('2025-08-01', 'support', 119),
              ('2025-09-01', 'support', 100), ('2025-10-01', 'support', 122), ('2025-11-01', 'support', 96), ('2025-12-01', 'support', 120),
              ('2026-01-01', 'support', 101), ('2026-02-01', 'support', 104), ('2026-03-01', 'support', 250);
            """);

    static final String MODEL = """
            name: shop
            datasets:
              - name: traffic
                table: traffic
                primary_key: [visit_day, channel, device]
                default_time_dimension: visit_day
                dimensions:
                  - {name: visit_day, type: time, grain: day}
                  - {name: channel}
                  - {name: device}
              - name: subscription_months
                table: subscription_months
                primary_key: [snapshot_month, subscription_id]
                default_time_dimension: snapshot_month
                entities:
                  - {name: subscription, type: foreign, expr: subscription_id}
                dimensions:
                  - {name: snapshot_month, type: time, grain: month}
                  - {name: plan}
                  - {name: subscription_id, type: identifier}
              - name: ticket_counts
                table: ticket_counts
                primary_key: [ticket_month, team]
                default_time_dimension: ticket_month
                dimensions:
                  - {name: ticket_month, type: time, grain: month}
                  - {name: team}
            metrics:
              - {name: revenue, type: simple, dataset: traffic, agg: sum, expr: revenue, unit: USD, format: currency, decimals: 2}
              - {name: average_revenue, type: simple, dataset: traffic, agg: avg, expr: revenue, unit: USD, format: currency, decimals: 2}
              - {name: visit_count, type: simple, dataset: traffic, agg: sum, expr: visits, format: integer, decimals: 0}
              - {name: conversions, type: simple, dataset: traffic, agg: sum, expr: conversions, format: integer, decimals: 0}
              - {name: conversion_rate, type: ratio, numerator: conversions, denominator: visit_count, decimals: 4}
              - name: conversion_pct
                type: derived
                expr: 100.0 * conversions / NULLIF(visit_count, 0)
                metrics: [conversions, visit_count]
                unit: percent
                format: percent
                decimals: 2
              - name: mrr
                type: simple
                dataset: subscription_months
                agg: sum
                expr: mrr
                non_additive_dimension: {name: snapshot_month, window_choice: max}
                unit: USD
                format: currency
                decimals: 2
              - {name: subscriptions_seen, type: simple, dataset: subscription_months, agg: count_distinct, expr: subscription_id}
              - {name: tickets, type: simple, dataset: ticket_counts, agg: sum, expr: tickets, format: integer, decimals: 0}
            """;
}
