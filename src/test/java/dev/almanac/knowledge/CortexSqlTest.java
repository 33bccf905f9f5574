package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cortex's Snowflake SQL written portably and over the base tables, each translation checked against the text it must give. */
class CortexSqlTest {
    /** ORDERS over sales.order_facts: STATUS_LABEL is an expression, ORDER_ID and AMOUNT plain columns. */
    static final CortexSql.Scope ORDERS = new CortexSql.Scope("ORDERS", "orders", "sales.order_facts", Map.of("order_id", "order_id", "status", "status",
            "amount_cents", "amount_cents", "customer_id", "customer_id"),
            k -> Map.of("status_label", "UPPER(status)", "order_id", "order_id", "amount", "amount_cents / 100", "customer_id", "customer_id").get(k),
            Map.of("revenue", "revenue"));
    static final CortexSql.Scope CUSTOMERS = new CortexSql.Scope("CUSTOMERS", "customers", "crm.accounts", Map.of("id", "id", "region_code", "region_code"),
            k -> Map.of("region", "region_code", "customer_id", "id").get(k), Map.of("customer_count", "customer_count"));
    static final Map<String, CortexSql.Scope> SCOPES = Map.of("orders", ORDERS, "customers", CUSTOMERS);

    static String ok(CortexSql.Result r) {
        assertThat(r).isInstanceOf(CortexSql.Result.Ok.class);
        return ((CortexSql.Result.Ok) r).sql();
    }

    static String refused(CortexSql.Result r) {
        assertThat(r).isInstanceOf(CortexSql.Result.Refused.class);
        return ((CortexSql.Result.Refused) r).reason();
    }

    @Test
    void snowflake_functions_with_a_portable_form_are_written_in_it() {
        assertThat(ok(CortexSql.portable("IFF(a > 1, 'y', 'n')"))).isEqualTo("CASE WHEN a > 1 THEN 'y' ELSE 'n' END");
        assertThat(ok(CortexSql.portable("NVL(a, 0) + ZEROIFNULL(b)"))).isEqualTo("COALESCE(a, 0) + COALESCE(b, 0)");
        assertThat(ok(CortexSql.portable("DIV0(a, b)"))).isEqualTo("CASE WHEN (b) = 0 THEN 0 ELSE (a) / (b) END");
        assertThat(ok(CortexSql.portable("COUNT_IF(IFF(x, TRUE, FALSE))"))).isEqualTo("COUNT(CASE WHEN CASE WHEN x THEN true ELSE false END THEN 1 END)");
        assertThat(ok(CortexSql.portable("DECODE(s, 'a', 1, NULL, 2, 0)"))).isEqualTo("CASE WHEN (s) = 'a' THEN 1 WHEN (s) IS NULL THEN 2 ELSE 0 END");
        assertThat(ok(CortexSql.portable("DATE_TRUNC(month, d)"))).isEqualTo("DATE_TRUNC('month', d)");
        assertThat(ok(CortexSql.portable("YEAR(d)"))).isEqualTo("EXTRACT(YEAR FROM d)");
        assertThat(ok(CortexSql.portable("x::NUMBER"))).isEqualTo("CAST(x AS DECIMAL (38, 0))");
        assertThat(ok(CortexSql.portable("CURRENT_DATE()"))).isEqualTo("CURRENT_DATE");
    }

    @Test
    void a_snowflake_only_function_is_refused_with_its_name() {
        assertThat(refused(CortexSql.portable("DATEADD(day, -7, CURRENT_DATE)"))).isEqualTo("Snowflake's DATEADD has no portable form");
        assertThat(refused(CortexSql.portable("ARRAY_SIZE(ids) + 1"))).isEqualTo("Snowflake's ARRAY_SIZE has no portable form");
    }

    @Test
    void a_row_expression_reads_logical_columns_as_their_expressions() {
        // filters and metrics are written over logical names
        assertThat(ok(CortexSql.row("status_label = 'PAID' AND orders.amount > 10", ORDERS, true, null))).isEqualTo("(UPPER(status)) = 'PAID' AND (amount_cents / 100) > 10");
        // a dimension over the base table reads its own column, and another logical column only where the table has no such column
        assertThat(ok(CortexSql.row("STATUS", ORDERS, false, "STATUS_LABEL"))).isEqualTo("status");
        assertThat(refused(CortexSql.row("customers.region = 'EU'", ORDERS, true, null))).contains("a column of another logical table");
        assertThat(refused(CortexSql.row("SUM(amount_cents)", ORDERS, false, "TOTAL"))).contains("aggregates (SUM)");
    }

    @Test
    void a_verified_query_is_written_over_the_base_tables() {
        assertThat(ok(CortexSql.query("SELECT status_label, SUM(amount) FROM __orders GROUP BY status_label", SCOPES)))
                .isEqualTo("SELECT (UPPER(status)) AS status_label, SUM((amount_cents / 100)) FROM sales.order_facts GROUP BY (UPPER(status))");
        // two tables: an unqualified logical column is qualified by its table, which gets an alias
        assertThat(ok(CortexSql.query("SELECT region, COUNT(*) FROM orders JOIN customers ON orders.customer_id = customers.customer_id GROUP BY region",
                SCOPES))).isEqualTo("SELECT customers.region_code AS region, COUNT(*) FROM sales.order_facts AS orders JOIN crm.accounts AS customers "
                + "ON orders.customer_id = customers.id GROUP BY customers.region_code");
        // a CTE's name stays, subqueries are translated, __ qualifiers follow their table
        assertThat(ok(CortexSql.query("WITH big AS (SELECT order_id FROM __orders WHERE __orders.amount > 100) SELECT COUNT(*) FROM big", SCOPES)))
                .isEqualTo("WITH big AS (SELECT order_id FROM sales.order_facts AS orders WHERE (orders.amount_cents / 100) > 100) SELECT COUNT(*) FROM big");
        assertThat(refused(CortexSql.query("SELECT 1 FROM somewhere_else", SCOPES))).contains("none of the model's logical tables");
        assertThat(refused(CortexSql.query("DELETE FROM __orders", SCOPES))).contains("not one SELECT");
    }

    @Test
    void a_metric_of_one_aggregate_is_simple_and_one_of_several_is_derived() {
        var simple = (CortexMetricExpression.Reading.Simple) CortexMetricExpression.read("SUM(amount)", ORDERS, ORDERS.metrics(), SCOPES);
        assertThat(simple.aggregate().agg()).isEqualTo("sum");
        assertThat(simple.aggregate().expr()).isEqualTo("amount_cents / 100");
        var distinct = (CortexMetricExpression.Reading.Simple) CortexMetricExpression.read("COUNT(DISTINCT customers.customer_id)", ORDERS, ORDERS.metrics(), SCOPES);
        assertThat(distinct.aggregate().scope()).isSameAs(CUSTOMERS);
        assertThat(distinct.aggregate().expr()).isEqualTo("id");
        var derived = (CortexMetricExpression.Reading.Derived) CortexMetricExpression.read("revenue / NULLIF(COUNT(*), 0)", ORDERS, ORDERS.metrics(), SCOPES);
        assertThat(derived.expr()).isEqualTo("revenue / NULLIF(m1, 0)");
        assertThat(derived.metrics()).containsExactly("revenue");
        assertThat(derived.aggregates().get(0).agg()).isEqualTo("count");
        assertThat(derived.aggregates().get(0).expr()).isNull(); // COUNT(*)
        var model = (CortexMetricExpression.Reading.Derived) CortexMetricExpression.read("orders.revenue / customers.customer_count", null, Map.of(), SCOPES);
        assertThat(model.expr()).isEqualTo("revenue / customer_count");
        assertThat(CortexMetricExpression.read("SUM(amount) OVER (PARTITION BY status)", ORDERS, ORDERS.metrics(), SCOPES))
                .isInstanceOf(CortexMetricExpression.Reading.Unmapped.class);
        assertThat(CortexMetricExpression.read("status", ORDERS, ORDERS.metrics(), SCOPES)).isInstanceOf(CortexMetricExpression.Reading.Unmapped.class);
    }

    @Test
    void logical_names_become_lower_case_names() {
        assertThat(CortexImport.name("CUSTOMER_LOYALTY_METRICS_V")).isEqualTo("customer_loyalty_metrics_v");
        assertThat(CortexImport.name("Order Date")).isEqualTo("order_date");
        assertThat(CortexImport.name("Catégorie__Produit")).isEqualTo("categorie_produit");
        assertThat(CortexImport.name("2024 Revenue")).isEqualTo("n_2024_revenue");
    }
}
