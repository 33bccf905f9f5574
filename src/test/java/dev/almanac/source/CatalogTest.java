package dev.almanac.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.testing.DemoWarehouse;
import dev.almanac.testing.FixtureDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogTest {
    @TempDir
    Path dir;

    @Test
    void introspects_the_demo_with_keys_comments_counts_ranges_and_samples() {
        try (Source demo = Sources.openFile(DemoWarehouse.file())) {
            Catalog catalog = new CatalogIntrospector().introspect(demo);
            assertThat(catalog.tables()).hasSizeGreaterThanOrEqualTo(50);

            Catalog.Table payments = catalog.table("payments").orElseThrow();
            assertThat(payments.comment()).isNotBlank();
            assertThat(payments.primaryKey()).containsExactly("payment_id");
            assertThat(payments.foreignKeys()).contains(new Catalog.ForeignKey(java.util.List.of("invoice_id"), "invoices", java.util.List.of("invoice_id")));
            long counted = demo.withConnection(c -> {
                var rs = c.createStatement().executeQuery("SELECT count(*) FROM payments");
                rs.next();
                return rs.getLong(1);
            });
            assertThat(payments.rowCount()).isEqualTo(counted);

            Catalog.Column paidAt = payments.column("paid_at").orElseThrow();
            assertThat(paidAt.min()).startsWith("2023-01");
            assertThat(paidAt.max()).startsWith("2026-");
            assertThat(payments.column("status").orElseThrow().sampleValues()).containsExactlyInAnyOrder("succeeded", "failed");
            assertThat(catalog.table("customers").orElseThrow().column("company_name").orElseThrow().sampleValues())
                    .as("high-cardinality text is not sampled").isEmpty();
            assertThat(catalog.table("orders").orElseThrow().column("sales_channel").orElseThrow().sampleValues())
                    .containsExactly("web", "mobile", "sales");

            String ddl = CatalogRenderer.render(payments);
            assertThat(ddl).contains("TABLE payments", "payment_id INTEGER PK", "invoice_id INTEGER -> invoices.invoice_id",
                    "'succeeded'", "range 2023-01");
        }
    }

    @Test
    void cache_is_reused_until_the_database_file_changes() throws Exception {
        Path db = FixtureDb.create(dir);
        AtomicInteger introspections = new AtomicInteger();
        java.util.function.Function<Source, Catalog> counting = source -> {
            introspections.incrementAndGet();
            return new CatalogIntrospector().introspect(source);
        };
        Path cacheDir = dir.resolve("cache");
        try (Source source = Sources.openFile(db)) {
            Catalog first = new CatalogCache(cacheDir, counting).get(source);
            CatalogCache cache = new CatalogCache(cacheDir, counting);
            assertThat(cache.get(source)).isEqualTo(first);
            assertThat(cache.get(source)).isEqualTo(first);
            assertThat(introspections).as("read from the disk cache, then memory").hasValue(1);
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE added (x INTEGER)");
            s.execute("CHECKPOINT");
        }
        Files.setLastModifiedTime(db, FileTime.from(Instant.now().plusSeconds(5)));
        try (Source source = Sources.openFile(db)) {
            Catalog refreshed = new CatalogCache(cacheDir, counting).get(source);
            assertThat(introspections).hasValue(2);
            assertThat(refreshed.table("added")).isPresent();
        }
    }

    @Test
    void introspects_a_sqlite_file_through_jdbc_metadata() throws Exception {
        Path file = dir.resolve("shop.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT, tier TEXT)");
            s.execute("CREATE TABLE purchase (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(id), bought_on DATE, total REAL)");
            s.execute("INSERT INTO customer VALUES (1, 'Ada', 'gold'), (2, 'Bo', 'silver')");
            s.execute("INSERT INTO purchase VALUES (1, 1, '2024-01-02', 10.5), (2, 2, '2024-03-04', 3.0)");
        }
        try (Source source = Sources.open(file.toString())) {
            assertThat(source.dialect()).isEqualTo(Dialect.SQLITE);
            Catalog catalog = new CatalogIntrospector().introspect(source);
            Catalog.Table purchase = catalog.table("purchase").orElseThrow();
            assertThat(purchase.rowCount()).isEqualTo(2);
            assertThat(purchase.primaryKey()).containsExactly("id");
            assertThat(purchase.foreignKeys()).containsExactly(new Catalog.ForeignKey(java.util.List.of("customer_id"), "customer", java.util.List.of("id")));
            assertThat(purchase.column("bought_on").orElseThrow().min()).isEqualTo("2024-01-02");
            assertThat(catalog.table("customer").orElseThrow().column("tier").orElseThrow().sampleValues()).containsExactly("gold", "silver");
            assertThat(source.withConnection(Connection::isReadOnly)).isTrue();
        }
    }
}
