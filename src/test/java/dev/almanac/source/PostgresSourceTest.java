package dev.almanac.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.almanac.AlmanacException;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.sql.QueryResult;
import dev.almanac.testing.EmbeddedPostgres;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A real PostgreSQL as the warehouse: catalog from its metadata, guarded reads, read-only connections, and timeouts. */
class PostgresSourceTest {
    static EmbeddedPostgres pg;
    static String url;
    static Source source;
    static Guard guard;

    @BeforeAll
    static void setUp() {
        pg = EmbeddedPostgres.shared();
        url = pg.createDatabase("warehouse");
        pg.execute("warehouse",
                "CREATE TABLE customers (customer_id integer PRIMARY KEY, name text NOT NULL, segment text, signed_up date)",
                "COMMENT ON TABLE customers IS 'People and companies who buy from us'",
                "COMMENT ON COLUMN customers.segment IS 'smb, mid or enterprise'",
                "CREATE TABLE orders (order_id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers, amount_cents bigint, "
                        + "ordered_at timestamp)",
                "INSERT INTO customers VALUES (1, 'Ada', 'smb', '2024-01-05'), (2, 'Bo', 'enterprise', '2024-03-01'), (3, 'Cy', 'smb', '2025-02-11')",
                "INSERT INTO orders VALUES (10, 1, 1250, '2024-02-01 10:00'), (11, 1, 800, '2024-06-01 09:30'), (12, 2, 99000, '2025-01-15 12:00')",
                "CREATE TABLE canary (id integer)",
                "INSERT INTO canary VALUES (1)");
        source = Sources.open(url);
        guard = new Guard(source.dialect());
    }

    @AfterAll
    static void tearDown() {
        source.close();
        guard.close();
    }

    @Test
    void the_catalog_reads_tables_keys_comments_counts_and_ranges() {
        Catalog catalog = new CatalogIntrospector().introspect(source);
        assertThat(catalog.tables()).extracting(Catalog.Table::name).containsExactlyInAnyOrder("customers", "orders", "canary");
        Catalog.Table customers = catalog.table("customers").orElseThrow();
        assertThat(customers.comment()).isEqualTo("People and companies who buy from us");
        assertThat(customers.primaryKey()).containsExactly("customer_id");
        assertThat(customers.rowCount()).isEqualTo(3);
        Catalog.Column segment = customers.columns().stream().filter(c -> c.name().equals("segment")).findFirst().orElseThrow();
        assertThat(segment.comment()).isEqualTo("smb, mid or enterprise");
        Catalog.Column signedUp = customers.columns().stream().filter(c -> c.name().equals("signed_up")).findFirst().orElseThrow();
        assertThat(signedUp.min()).isEqualTo("2024-01-05");
        assertThat(signedUp.max()).isEqualTo("2025-02-11");
        Catalog.Table orders = catalog.table("orders").orElseThrow();
        assertThat(orders.foreignKeys()).containsExactly(new Catalog.ForeignKey(List.of("customer_id"), "customers", List.of("customer_id")));
        assertThat(source.id()).doesNotContain("password");
    }

    @Test
    void guarded_queries_run_and_return_the_database_numbers() {
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        QueryResult r = executor.execute("""
                SELECT c.segment, sum(o.amount_cents) / 100.0 AS revenue_usd, count(*) AS orders
                FROM orders o JOIN customers c ON c.customer_id = o.customer_id
                GROUP BY c.segment ORDER BY c.segment""");
        assertThat(r.columns()).containsExactly("segment", "revenue_usd", "orders");
        assertThat(r.rows()).hasSize(2);
        assertThat(r.rows().get(0).get(0)).isEqualTo("enterprise");
        assertThat(new java.math.BigDecimal(r.rows().get(0).get(1).toString())).isEqualByComparingTo("990");
        assertThat(r.rows().get(1).get(2).toString()).isEqualTo("2");
        assertThat(r.tables()).containsExactlyInAnyOrder("orders", "customers");
        assertThatThrownBy(() -> executor.execute("DELETE FROM orders")).isInstanceOf(AlmanacException.class);
    }

    @Test
    void postgresql_syntax_passes_its_guard_and_runs() {
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        QueryResult r = executor.execute("SELECT DISTINCT ON (segment) segment, name::text AS name, signed_up::date AS since "
                + "FROM public.customers WHERE name ILIKE '%a%' OR name ILIKE '%O' ORDER BY segment, signed_up");
        assertThat(r.rows()).extracting(row -> row.get(0) + " " + row.get(1)).containsExactly("enterprise Bo", "smb Ada");
        assertThat(r.tables()).containsExactly("public.customers");
        assertThatThrownBy(() -> executor.execute("SELECT pg_read_file('/etc/passwd')")).isInstanceOf(dev.almanac.sql.QueryRejected.class)
                .hasMessageContaining("reads files on the server");
    }

    @ParameterizedTest
    @ValueSource(strings = {"INSERT INTO canary VALUES (2)", "DELETE FROM canary", "DROP TABLE canary", "CREATE TABLE x (a integer)",
            "UPDATE canary SET id = 5", "TRUNCATE canary"})
    void connections_are_read_only_even_without_the_guard(String sql) {
        assertThatThrownBy(() -> source.withConnection(c -> c.createStatement().execute(sql))).hasCauseInstanceOf(SQLException.class)
                .hasMessageContaining("read-only");
        assertThat(dev.almanac.testing.Queries.single(source, "SELECT count(*) FROM canary")).isEqualTo(1);
    }

    @Test
    void a_slow_query_is_stopped_by_the_timeout() {
        QueryExecutor executor = new QueryExecutor(source, guard, new QueryLimits(Duration.ofMillis(500), 1000));
        long start = System.nanoTime();
        assertThatThrownBy(() -> executor.execute("SELECT pg_sleep(10)")).isInstanceOf(dev.almanac.sql.QueryTimedOut.class);
        assertThat((System.nanoTime() - start) / 1_000_000).as("stopped before the 10 s sleep would have ended").isLessThan(10_000);
        assertThat(executor.execute("SELECT count(*) AS n FROM customers").rows().get(0).get(0).toString()).isEqualTo("3");
    }
}
