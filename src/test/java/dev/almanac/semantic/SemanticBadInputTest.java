package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.cli.CliTest;
import dev.almanac.knowledge.KnowledgeBase;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeValidator;
import dev.almanac.knowledge.Problem;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.store.AppStore;
import dev.almanac.store.KnowledgeStore;
import dev.almanac.store.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a user meets when the semantic model or a semantic query is wrong, on the DuckDB fixture:
 * a broken semantic file is reported at the file and line at fault and imports nothing; the CLI
 * refuses an unknown metric, dimension or value and a fan-out with exit code 2 and one line.
 */
class SemanticBadInputTest {
    @TempDir
    static Path shared;
    static Path database;
    static Source source;
    static Guard guard;
    static KnowledgeValidator validator;

    @TempDir
    Path dir;

    @BeforeAll
    static void setUp() {
        database = SemanticFixture.duckdb(shared);
        source = Sources.openFile(database);
        guard = new Guard();
        QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
        Catalog catalog = new CatalogIntrospector().introspect(source);
        validator = new KnowledgeValidator(catalog, executor, List.of(new SemanticValidator()));
    }

    @AfterAll
    static void tearDown() {
        guard.close();
        source.close();
    }

    /**
     * A semantic file added next to the fixture's model, the line at fault (the first containing {@code marker}), what the
     * message says, and how many problems there are in all (a cycle is reported at each of its relationships).
     */
    record Broken(String what, String yaml, String marker, String message, int problems) {
        Broken(String what, String yaml, String marker, String message) {
            this(what, yaml, marker, message, 1);
        }

        int line() {
            List<String> lines = yaml.lines().toList();
            for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(marker)) return i + 1;
            throw new IllegalArgumentException("no line with " + marker);
        }

        @Override
        public String toString() {
            return what;
        }
    }

    static Stream<Arguments> brokenFiles() {
        return Stream.of(
                Arguments.of(new Broken("a variant for another engine that does not parse in its dialect", """
                        description: Doubled revenue.
                        metrics:
                          - name: doubled_revenue
                            dataset: orders
                            agg: sum
                            expr: total * 2
                            dialects:
                              trino: total * * 2
                        """, "trino: total * * 2", "the Trino variant does not parse as Trino")),
                Arguments.of(new Broken("a variant for an unknown engine", """
                        description: Doubled revenue.
                        metrics:
                          - name: doubled_revenue
                            dataset: orders
                            agg: sum
                            expr: total * 2
                            dialects:
                              oracle: total * 2
                        """, "oracle: total", "unknown dialect 'oracle'")),
                Arguments.of(new Broken("a relationship to a missing column", """
                        description: Orders by plan.
                        relationships:
                          - name: order_plan
                            from: orders
                            to: plans
                            from_columns: [customer_id]
                            to_columns:
                              - plan_code
                        """, "- plan_code", "unknown join column 'plan_code' in table plans")),
                Arguments.of(new Broken("a relationship cycle", """
                        description: Regions pointing back at customers.
                        relationships:
                          - name: region_customer
                            from: regions
                            to: customers
                            from_columns: [region_id]
                            to_columns: [customer_id]
                        """, "- name: region_customer", "relationships form a cycle: ", 3)),
                Arguments.of(new Broken("a relationship cycle through the facts", """
                        description: Countries pointing at orders.
                        relationships:
                          - name: country_order
                            from: countries
                            to: orders
                            from_columns: [country_code]
                            to_columns: [order_id]
                        """, "- name: country_order", "-(country_order)-> orders -(order_customer)-> customers", 3)),
                Arguments.of(new Broken("a ratio over an unknown numerator", """
                        description: Refunds.
                        metrics:
                          - name: refund_share
                            type: ratio
                            numerator: refunded_revenue
                            denominator: revenue
                        """, "numerator:", "unknown metric 'refunded_revenue'")),
                Arguments.of(new Broken("a derived metric over an unknown input", """
                        description: Growth.
                        metrics:
                          - name: revenue_growth
                            type: derived
                            expr: revenue - revenue_last_year
                            metrics:
                              - revenue
                              - {name: revenu, alias: revenue_last_year, offset_window: 1 year}
                        """, "name: revenu,", "unknown metric 'revenu' (did you mean revenue")),
                Arguments.of(new Broken("a cumulative metric whose window is no length of time", """
                        description: Weekly revenue.
                        metrics:
                          - name: revenue_this_week
                            type: cumulative
                            input: revenue
                            window: a week
                        """, "window: a week", "a window is written like '7 days'")),
                Arguments.of(new Broken("a cumulative metric with both a window and a grain to date", """
                        description: Weekly revenue.
                        metrics:
                          - name: revenue_this_week
                            type: cumulative
                            input: revenue
                            window: 7 days
                            grain_to_date: month
                        """, "grain_to_date: month", "a window (7 days) or from the start of a grain (month to date), not both")),
                Arguments.of(new Broken("a cumulative metric over an average", """
                        description: Running average.
                        metrics:
                          - name: running_order_value
                            type: cumulative
                            input: avg_order_value
                        """, "input: avg_order_value", "avg_order_value is an avg, not a sum, a count or a distinct count")),
                Arguments.of(new Broken("a cumulative metric over a ratio", """
                        description: Running rate.
                        metrics:
                          - name: running_completion_rate
                            type: cumulative
                            input: completion_rate
                        """, "input: completion_rate", "the input of a cumulative metric is a simple metric; completion_rate is ratio")),
                Arguments.of(new Broken("a cumulative metric over a snapshot", """
                        description: Running MRR.
                        metrics:
                          - name: running_mrr
                            type: cumulative
                            input: mrr
                        """, "input: mrr", "mrr is a snapshot (non_additive_dimension)")),
                Arguments.of(new Broken("a cumulative metric to date of the grain its input is recorded at", """
                        description: Day to date.
                        metrics:
                          - name: revenue_day_to_date
                            type: cumulative
                            input: revenue
                            grain_to_date: day
                        """, "input: revenue", "grain_to_date day must be coarser than the grain revenue is recorded at (day)")),
                Arguments.of(new Broken("a cumulative metric with an unknown period_agg", """
                        description: Running revenue.
                        metrics:
                          - name: running_revenue
                            type: cumulative
                            input: revenue
                            period_agg: median
                        """, "period_agg: median", "period_agg is first, last or average, not 'median'")),
                Arguments.of(new Broken("a cumulative metric without its input", """
                        description: Running revenue.
                        metrics:
                          - name: running_revenue
                            type: cumulative
                            window: 7 days
                        """, "- name: running_revenue", "needs input: the simple metric it accumulates")),
                Arguments.of(new Broken("a cumulative metric over an unknown input", """
                        description: Running revenue.
                        metrics:
                          - name: running_revenue
                            type: cumulative
                            measure: revenu
                        """, "measure: revenu", "unknown metric 'revenu' (did you mean revenue")),
                Arguments.of(new Broken("a dimension whose expression fails", """
                        description: Shipping.
                        datasets:
                          - name: shipments
                            table: orders
                            primary_key: [order_id]
                            dimensions:
                              - name: ship_status
                                expr: status
                              - name: carrier
                                expr: upper(carrier_name)
                        """, "expr: upper(carrier_name)", "the expression 'upper(carrier_name)' fails")),
                Arguments.of(new Broken("a metric filter with unbalanced parentheses", """
                        description: Completed orders, or so it says.
                        datasets:
                          - name: shipments
                            table: orders
                            primary_key: [order_id]
                            default_time_dimension: shipped_on
                            dimensions:
                              - {name: shipped_on, type: time, expr: ordered_at, grain: day}
                        metrics:
                          - name: completed_shipments
                            dataset: shipments
                            agg: count
                            filter: "status = 'completed') OR (1=1"
                        """, "filter: \"status", "metric completed_shipments: the filter 'status = 'completed') OR (1=1' is not one SQL expression")),
                Arguments.of(new Broken("a segment that is two expressions", """
                        description: Shipping.
                        datasets:
                          - name: shipments
                            table: orders
                            primary_key: [order_id]
                            segments:
                              - name: big
                                expr: "total > 100, 1"
                        """, "expr: \"total", "segment big: the expr 'total > 100, 1' is not one SQL expression")),
                Arguments.of(new Broken("a label of an entity its dataset does not have", """
                        description: Shop orders by owner.
                        datasets:
                          - name: owners
                            table: customers
                            primary_key: [customer_id]
                            dimensions:
                              - name: owner
                                expr: name
                                label_of: owner
                        """, "label_of: owner", "label_of names an entity that identifies the rows of dataset owners (or its one-column primary key),"
                        + " not 'owner'; one of customer_id")),
                Arguments.of(new Broken("a time dimension declared a label", """
                        description: Signups.
                        datasets:
                          - name: signups
                            table: customers
                            primary_key: [customer_id]
                            dimensions:
                              - name: signed_up
                                type: time
                                grain: day
                                expr: signup_date
                                label_of: customer_id
                        """, "label_of: customer_id", "a time dimension cannot be the label of an entity")),
                Arguments.of(new Broken("an identifier given value synonyms", """
                        description: Signups.
                        datasets:
                          - name: signups
                            table: customers
                            primary_key: [customer_id]
                            dimensions:
                              - name: customer_ref
                                type: identifier
                                expr: customer_id
                                values:
                                  "1": [first]
                        """, "\"1\": [first]", "only a categorical dimension has value synonyms")),
                Arguments.of(new Broken("a dimension of an unknown type", """
                        description: Signups.
                        datasets:
                          - name: signups
                            table: customers
                            primary_key: [customer_id]
                            dimensions:
                              - name: customer_ref
                                type: key
                                expr: customer_id
                        """, "type: key", "dimension type must be categorical, time, identifier, text or number, not 'key'")),
                Arguments.of(new Broken("a label whose entity is not a column of the table", """
                        description: Buyers.
                        datasets:
                          - name: buyers
                            table: customers
                            primary_key: [customer_id]
                            entities:
                              - {name: buyer, type: unique, expr: buyer_code}
                            dimensions:
                              - name: buyer
                                expr: name
                                label_of: buyer
                        """, "label_of: buyer", "the expression 'buyer_code' fails")),
                Arguments.of(new Broken("a dimension that closes its parenthesis early", """
                        description: Shipping.
                        datasets:
                          - name: shipments
                            table: orders
                            primary_key: [order_id]
                            dimensions:
                              - name: ship_status
                                expr: "status) AS s FROM orders UNION SELECT (status"
                        """, "expr: \"status)", "dimension ship_status: the expr")),
                Arguments.of(new Broken("a dimension that reads the server's database paths", """
                        description: Shipping.
                        datasets:
                          - name: shipments
                            table: orders
                            primary_key: [order_id]
                            dimensions:
                              - name: server_path
                                expr: "(SELECT max(path) FROM duckdb_databases)"
                        """, "expr: \"(SELECT", "reading duckdb_databases is not allowed")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenFiles")
    void a_broken_semantic_file_is_reported_at_its_line_and_imports_nothing(Broken broken) {
        Path knowledge = SemanticFixture.knowledge(dir, "semantic/broken.yml", broken.yaml());
        List<Problem> problems = validator.validate(KnowledgeFiles.read(knowledge));
        assertThat(problems).as("problems of %s", broken).hasSize(broken.problems())
                .allSatisfy(p -> assertThat(p.message()).contains(broken.message()));
        assertThat(problems).filteredOn(p -> p.file().equals("semantic/broken.yml")).singleElement()
                .satisfies(p -> assertThat(p.line()).as(p.toString()).isEqualTo(broken.line()));

        KnowledgeBase base = new KnowledgeBase(new KnowledgeStore(AppStore.sqlite(dir.resolve("app.db"))));
        Project project = new Project("Broken", dir, database.toString(), knowledge, false);
        KnowledgeBase.ImportResult result = base.importFiles(project, knowledge, null, validator);
        assertThat(result.ok()).isFalse();
        assertThat(base.load(project).semantic()).as("nothing imported").isEmpty();
    }

    @Test
    void the_fixture_model_validates_clean_and_imports() {
        Path knowledge = SemanticFixture.knowledge(dir);
        assertThat(validator.validate(KnowledgeFiles.read(knowledge))).isEmpty();
        KnowledgeBase base = new KnowledgeBase(new KnowledgeStore(AppStore.sqlite(dir.resolve("app.db"))));
        Project project = new Project("Shop", dir, database.toString(), knowledge, false);
        assertThat(base.importFiles(project, knowledge, null, validator).ok()).isTrue();
        assertThat(base.load(project).semantic()).hasSize(1);
    }

    // ------------------------------------------------------------------ the command line

    Path project() throws IOException {
        Path p = dir.resolve("shop");
        SemanticFixture.knowledge(p, "metrics/refund_total.yml", """
                name: refund_total
                definition: Money given back on refunded orders.
                sql: SELECT sum(total) AS refund_total FROM orders WHERE status = 'refunded'
                """);
        Files.writeString(p.resolve("almanac.yml"), "name: Shop\nsource: " + database + "\nknowledge: knowledge\n");
        return p;
    }

    @Test
    void the_cli_refuses_unknown_names_and_a_fan_out_with_one_line_naming_the_fix() throws IOException {
        System.setProperty("almanac.home", dir.resolve("home").toString());
        try {
            String p = project().toString();
            CliTest.Run ok = CliTest.run("query", "--metric", "revenue", "--by", "region", "--format", "csv", "--project", p);
            assertThat(ok.code()).as(ok.err()).isZero();
            assertThat(ok.out()).contains("EMEA,549.99"); // 120 + 79.99 + 200 + 150 (SemanticFixture)

            CliTest.Run metric = CliTest.run("query", "--metric", "revenu", "--project", p);
            assertThat(metric.code()).isEqualTo(2);
            assertThat(metric.err().strip()).doesNotContain("\n").startsWith("almanac: unknown metric 'revenu'").contains("revenue");

            CliTest.Run dimension = CliTest.run("query", "--metric", "revenue", "--by", "regoin", "--project", p);
            assertThat(dimension.code()).isEqualTo(2);
            assertThat(dimension.err().strip()).doesNotContain("\n").contains("unknown dimension 'regoin'").contains("region");

            CliTest.Run value = CliTest.run("query", "--metric", "revenue", "--where", "region = EMAE", "--project", p);
            assertThat(value.code()).isEqualTo(2);
            assertThat(value.err().strip()).doesNotContain("\n").contains("unknown value 'EMAE' for region").contains("EMEA");

            CliTest.Run fanOut = CliTest.run("query", "--metric", "revenue", "--by", "category", "--project", p);
            assertThat(fanOut.code()).isEqualTo(2);
            assertThat(fanOut.err().strip()).doesNotContain("\n").contains("refused").contains("orders").contains("categories");
            assertThat(fanOut.out()).isEmpty();

            // a list of values, a share and the periods with no data, from the command line too
            CliTest.Run list = CliTest.run("query", "--by", "region", "--format", "csv", "--project", p);
            assertThat(list.code()).as(list.err()).isZero();
            assertThat(list.out().lines().toList()).containsExactly("region", "AMER", "APAC", "EMEA");
            CliTest.Run share = CliTest.run("query", "--metric", "revenue", "--where", "region = EMEA", "--share", "--from", "2024-01-01", "--to", "2025-01-01",
                    "--format", "csv", "--project", p);
            assertThat(share.out().lines().toList()).as(share.err()).containsExactly("revenue_share_pct", "64.33");
            CliTest.Run gaps = CliTest.run("query", "--metric", "revenue", "--gaps", "--from", "2024-01-01", "--to", "2025-01-01", "--project", p);
            assertThat(gaps.code()).as("--gaps needs a grain").isEqualTo(2);
            assertThat(gaps.err().strip()).doesNotContain("\n").contains("grain");
            CliTest.Run nothing = CliTest.run("query", "--project", p);
            assertThat(nothing.code()).isEqualTo(2);
            assertThat(nothing.err()).contains("--metric").contains("--by");
        } finally {
            System.clearProperty("almanac.home");
        }
    }

    @Test
    void the_cli_lists_records_with_ties_related_rows_ranges_and_text_and_refuses_a_malformed_one_in_one_line() throws IOException {
        System.setProperty("almanac.home", dir.resolve("home").toString());
        try {
            String p = project().toString();
            // the customers with the most orders (Acme, Bolt, Delta: two each), ties kept, the count not shown
            CliTest.Run most = CliTest.run("query", "--records", "customers", "--by", "customer", "--order", "-order_count", "--limit", "1", "--ties",
                    "--format", "csv", "--project", p);
            assertThat(most.code()).as(most.err()).isZero();
            assertThat(most.out().lines().toList()).containsExactly("customer", "Acme", "Bolt", "Delta");
            // records with a range on a date and text, and related rows: who bought a Widget (Acme, Crane, Delta), signed up in 2024 (not Acme),
            // name with an e
            CliTest.Run widget = CliTest.run("query", "--records", "customers", "--by", "customer", "--by", "signup_date",
                    "--where", "signup_date between 2024-01-01 and 2024-12-31", "--where", "customer contains e",
                    "--exists", "order_items where product = Widget", "--format", "csv", "--project", p);
            assertThat(widget.out().lines().toList()).as(widget.err()).containsExactly("customer,signup_date", "Crane,2024-01-25", "Delta,2024-02-05");
            // the customers with no completed order, and the distinct statuses of the orders
            CliTest.Run none = CliTest.run("query", "--records", "customers", "--by", "customer", "--exists", "not orders where order_status = completed",
                    "--format", "csv", "--project", p);
            assertThat(none.out().lines().toList()).as(none.err()).containsExactly("customer", "Fjord");
            CliTest.Run statuses = CliTest.run("query", "--count-distinct", "order_status", "--format", "csv", "--project", p);
            assertThat(statuses.out().lines().toList()).as(statuses.err()).containsExactly("order_status_distinct_count", "3");
            // the SQL says EXISTS and the rank, on the source's dialect
            CliTest.Run sql = CliTest.run("query", "--records", "customers", "--by", "customer", "--exists", "not orders", "--order", "signup_date",
                    "--limit", "1", "--ties", "--sql", "--project", p);
            assertThat(sql.out()).as(sql.err()).contains("NOT EXISTS (").contains("rank() OVER (ORDER BY").doesNotContain("QUALIFY");

            for (String[] bad : List.of(
                    new String[] {"--metric", "revenue", "--order", "-revenue", "--ties"},
                    new String[] {"--metric", "order_count", "--where", "order_total between 50"},
                    new String[] {"--records", "custmers", "--by", "customer"},
                    new String[] {"--records", "customers"},
                    new String[] {"--records", "customers", "--by", "customer", "--exists", "audits"},
                    new String[] {"--records", "customers", "--by", "customer", "--exists", "orders where"},
                    new String[] {"--metric", "revenue", "--where", "revenue contains 1"},
                    new String[] {"--metric", "customer_count", "--where", "signup_date contains 2024"})) {
                List<String> args = new java.util.ArrayList<>(List.of("query"));
                args.addAll(List.of(bad));
                args.addAll(List.of("--project", p));
                CliTest.Run run = CliTest.run(args.toArray(String[]::new));
                assertThat(run.code()).as(String.join(" ", bad) + ": " + run.err()).isEqualTo(2);
                assertThat(run.err().strip()).as(String.join(" ", bad)).startsWith("almanac: ").doesNotContain("\n").doesNotContain("Exception");
                assertThat(run.out()).isEmpty();
            }
        } finally {
            System.clearProperty("almanac.home");
        }
    }

    @Test
    void metrics_show_says_a_canonical_sql_only_metric_is_not_sliceable() throws IOException {
        System.setProperty("almanac.home", dir.resolve("home").toString());
        try {
            String p = project().toString();
            CliTest.Run show = CliTest.run("metrics", "show", "refund_total", "--project", p);
            assertThat(show.code()).as(show.err()).isZero();
            assertThat(show.out()).contains("refund_total").contains("Not sliceable");
            CliTest.Run list = CliTest.run("metrics", "--project", p);
            assertThat(list.out()).contains("refund_total").contains("not sliceable");
            CliTest.Run sliceable = CliTest.run("metrics", "show", "revenue", "--project", p);
            assertThat(sliceable.out()).contains("Sliceable by:").contains("region").doesNotContain("category");
        } finally {
            System.clearProperty("almanac.home");
        }
    }
}
