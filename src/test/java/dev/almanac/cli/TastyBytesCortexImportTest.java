package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Cortex Analyst semantic view published with Snowflake's Tasty Bytes quickstart
 * (../shared/interchange/cortex/tasty-bytes): upper-case logical names, a fact, an ARRAY dimension, verified queries
 * written over the logical table and module custom instructions. Imported into a project over a DuckDB warehouse holding
 * its base table TASTY_BYTES.HARMONIZED.CUSTOMER_LOYALTY_METRICS_V (schema harmonized, the columns the model reads, rows
 * written here), it validates, its fact answers as hand-written SQL, its verified queries are written over the base table
 * and return the rows of the physical queries written here, what it cannot map is named with its place, and a second
 * import writes the same bytes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TastyBytesCortexImportTest {
    static final Path MODEL = Path.of("..", "shared", "interchange", "cortex", "tasty-bytes", "harmonized_customer_metrics.yaml").toAbsolutePath();
    static final String TABLE = "harmonized.customer_loyalty_metrics_v";

    Path home;
    Path project;
    CliTest.Run imported;

    @BeforeAll
    void importModel(@TempDir Path dir) throws Exception {
        home = dir;
        System.setProperty("almanac.home", home.toString());
        Path db = home.resolve("tasty.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA harmonized");
            s.execute("CREATE TABLE " + TABLE + " (customer_id BIGINT, first_name VARCHAR, last_name VARCHAR, city VARCHAR, country VARCHAR, "
                    + "e_mail VARCHAR, phone_number VARCHAR, visited_location_ids_array DOUBLE[], total_sales DECIMAL(38,4))");
            s.execute("INSERT INTO " + TABLE + " VALUES "
                    + "(110913, 'Thaddeus', 'Baker', 'Cairo', 'Egypt', 'thaddeus.baker@example.com', '131-847-6052', [6673, 6716], 1745.7500), "
                    + "(130576, 'Deshawn', 'Allison', 'Cairo', 'Egypt', 'deshawn.allison@example.com', '642-785-8671', [6847], 2809.5000), "
                    + "(90298, 'Madelynn', 'Farmer', 'Mumbai', 'India', 'madelynn.farmer@example.com', '606-217-4474', [5254, 15319], 3302.0000), "
                    + "(90301, 'Anna', 'Sanchez', 'Mumbai', 'India', 'anna.sanchez@example.com', '555-010-0001', [5254], 120.2500), "
                    + "(90302, 'Grace', 'Kline', 'Delhi', 'India', 'grace.kline@example.com', '555-010-0002', [], 980.0000), "
                    + "(200001, 'Dahlia', 'Buchanan', 'Boston', 'United States', 'dahlia.buchanan@example.com', '555-010-0003', [9930], 15.5000), "
                    + "(200002, 'Ravi', 'Menon', 'Boston', 'United States', 'ravi.menon@example.com', '555-010-0004', NULL, NULL)");
        }
        project = home.resolve("tasty");
        Files.createDirectories(project.resolve("knowledge"));
        Files.writeString(project.resolve("almanac.yml"), "name: tasty bytes\nsource: " + db + "\nknowledge: knowledge\n");
        imported = CliTest.run("knowledge", "import", "--cortex", MODEL.toString(), "--project", project.toString());
    }

    @AfterAll
    void forget() {
        System.clearProperty("almanac.home");
    }

    /** The rows of a query run as it is by `almanac sql`, header left out. */
    List<String> rows(String sql) {
        return CliTest.sqlRows(project, sql);
    }

    List<String> query(String... args) {
        return CliTest.queryRows(project, args);
    }

    /** Every file of the knowledge folder with its bytes. */
    Map<String, String> knowledgeFiles() throws Exception {
        Map<String, String> out = new TreeMap<>();
        Path folder = project.resolve("knowledge");
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) out.put(folder.relativize(p).toString(), Files.readString(p));
        }
        return out;
    }

    JsonNode queryFile(String name) throws Exception {
        return new ObjectMapper(new YAMLFactory()).readTree(project.resolve("knowledge/queries/" + name + ".yml").toFile());
    }

    @Test
    void the_published_model_imports_validates_and_names_what_it_could_not_map_with_its_place() {
        assertThat(imported.code()).as(imported.err() + imported.out()).isZero();
        assertThat(imported.out())
                .contains("tables[CUSTOMER_LOYALTY_METRICS_V].dimensions[VISITED_LOCATION_IDS_ARRAY]: a dimension of type ARRAY")
                .contains("module_custom_instructions.sql_generation: kept as the business rule cortex_sql_generation")
                .contains("module_custom_instructions.question_categorization: kept as the business rule cortex_question_categorization");
        assertThat(imported.out().lines().filter(l -> l.startsWith("  ")).count()).as(imported.out()).isEqualTo(3);
        CliTest.Run valid = CliTest.run("knowledge", "validate", "--project", project.toString());
        assertThat(valid.code()).as(valid.err() + valid.out()).isZero();
    }

    @Test
    void upper_case_logical_names_become_lower_case_names_scoped_to_their_dataset() throws Exception {
        JsonNode semantic = new ObjectMapper(new YAMLFactory()).readTree(project.resolve("knowledge/semantic/cortex.yml").toFile());
        JsonNode dataset = semantic.path("datasets").get(0);
        assertThat(dataset.path("name").asText()).isEqualTo("customer_loyalty_metrics_v");
        assertThat(dataset.path("table").asText()).isEqualTo(TABLE);
        List<String> dimensions = new ArrayList<>();
        dataset.path("dimensions").forEach(d -> dimensions.add(d.path("name").asText()));
        assertThat(dimensions).containsExactly("city", "country", "customer_id", "e_mail", "first_name", "last_name", "phone_number");
        // qualified, through the dataset's name as an entity path, or bare: the same rows
        List<String> bare = query("--metric", "total_sales", "--by", "country");
        assertThat(bare).hasSize(3);
        assertThat(query("--metric", "total_sales", "--by", "customer_loyalty_metrics_v.country")).isEqualTo(bare);
        assertThat(query("--metric", "total_sales", "--by", "customer_loyalty_metrics_v__country")).isEqualTo(bare);
    }

    @Test
    void the_fact_answers_as_hand_written_sql_over_the_base_table() {
        assertThat(new BigDecimal(query("--metric", "total_sales").get(0))).isEqualByComparingTo(new BigDecimal(rows("SELECT sum(total_sales) FROM " + TABLE).get(0)));
        assertThat(query("--metric", "total_sales", "--by", "country", "--order", "country"))
                .isEqualTo(rows("SELECT country, sum(total_sales) FROM " + TABLE + " GROUP BY country ORDER BY country"));
        assertThat(query("--metric", "total_sales", "--by", "city", "--where", "country = India", "--order", "city"))
                .isEqualTo(rows("SELECT city, sum(total_sales) FROM " + TABLE + " WHERE country = 'India' GROUP BY city ORDER BY city"));
    }

    @Test
    void verified_queries_are_written_over_the_base_table_and_return_the_rows_of_the_physical_query() throws Exception {
        JsonNode customers = queryFile("cortex_how_many_unique_customers_are_tracked_in_our_loyalty");
        assertThat(customers.path("sql").asText()).contains("FROM " + TABLE).doesNotContain("FROM customer_loyalty_metrics_v");
        assertThat(customers.path("verified_by").asText()).isEqualTo("Aaman Lamba");
        assertThat(customers.path("verified_at").asText()).isEqualTo("2025-12-05");
        assertThat(rows(customers.path("sql").asText())).isEqualTo(rows("SELECT count(DISTINCT customer_id) FROM " + TABLE));

        JsonNode least = queryFile("cortex_which_countries_generate_the_least_to_most_total_sales");
        assertThat(rows(least.path("sql").asText()))
                .isEqualTo(rows("SELECT country, sum(total_sales) FROM " + TABLE + " GROUP BY country ORDER BY sum(total_sales)"));

        JsonNode most = queryFile("cortex_which_countries_have_the_highest_number_of_customers");
        // two countries tie on 2 customers: the query orders by the count alone, so the tie may come either way
        List<String> most3 = rows(most.path("sql").asText());
        assertThat(most3).containsExactlyInAnyOrderElementsOf(rows("SELECT country, count(DISTINCT customer_id) FROM " + TABLE + " GROUP BY country"));
        assertThat(most3.stream().map(r -> Long.parseLong(r.substring(r.lastIndexOf(',') + 1))).toList())
                .isSortedAccordingTo(java.util.Comparator.reverseOrder());

        CliTest.Run asked = CliTest.run("ask", "How many unique customers are tracked in our loyalty program?", "--llm", "none", "--format", "json",
                "--project", project.toString());
        assertThat(asked.code()).as(asked.err()).isZero();
        JsonNode answer = new ObjectMapper().readTree(asked.out());
        assertThat(answer.path("verified").asBoolean()).as(asked.out()).isTrue();
        assertThat(answer.path("data").path("rows").get(0).get(0).asLong()).isEqualTo(7);
    }

    /** A question asked with no model: the answer's rows as CSV lines; empty when not answered. */
    List<String> asked(String question) throws Exception {
        CliTest.Run r = CliTest.run("ask", question, "--llm", "none", "--format", "json", "--project", project.toString());
        List<String> out = new ArrayList<>();
        for (JsonNode row : new ObjectMapper().readTree(r.out()).path("data").path("rows")) {
            List<String> cells = new ArrayList<>();
            row.forEach(c -> cells.add(c.asText()));
            out.add(String.join(",", cells));
        }
        return out;
    }

    @Test
    void the_reader_reads_a_published_question_in_the_models_own_words_without_its_verified_query() throws Exception {
        // the same project without its verified queries: the question is read from the model alone ("unique" customers of a
        // count of different ids, "our loyalty program" said together in the view's description) and gives the verified rows
        Path bare = home.resolve("tasty-bare");
        try (Stream<Path> walk = Files.walk(project)) {
            for (Path p : walk.toList()) {
                Path to = bare.resolve(project.relativize(p).toString());
                if (project.relativize(p).startsWith(Path.of("knowledge", "queries"))) continue;
                if (Files.isDirectory(p)) Files.createDirectories(to);
                else Files.copy(p, to);
            }
        }
        CliTest.Run asked = CliTest.run("ask", "How many unique customers are tracked in our loyalty program?", "--llm", "none", "--format", "json",
                "--project", bare.toString());
        JsonNode answer = new ObjectMapper().readTree(asked.out());
        assertThat(answer.path("verified").asBoolean()).as(asked.out()).isFalse();
        assertThat(answer.path("data").path("rows").get(0).get(0).asText()).as(asked.out()).isEqualTo(rows("SELECT count(DISTINCT customer_id) FROM " + TABLE).get(0));
        // a word the model does not say with the rows' words is not let pass
        CliTest.Run other = CliTest.run("ask", "How many unique customers are tracked in our referral program?", "--llm", "none", "--format", "json",
                "--project", bare.toString());
        assertThat(new ObjectMapper().readTree(other.out()).path("data").path("rows").size()).as(other.out()).isZero();
    }

    @Test
    void customers_are_counted_by_their_identifier_where_no_dataset_is_theirs() throws Exception {
        // the view's rows are customers' metrics and no dataset is called customers: "customers" are its different customer ids
        assertThat(asked("how many customers do we have")).isEqualTo(rows("SELECT count(DISTINCT customer_id) FROM " + TABLE));
        assertThat(asked("how many customers in Egypt")).isEqualTo(rows("SELECT count(DISTINCT customer_id) FROM " + TABLE + " WHERE country = 'Egypt'"));
        // three cities tie on two customers: all three, as the ranking keeps ties
        assertThat(asked("which city has the most customers")).containsExactlyInAnyOrderElementsOf(rows("SELECT city, count(DISTINCT customer_id) AS n FROM "
                + TABLE + " GROUP BY city QUALIFY n = max(n) OVER ()"));
    }

    @Test
    void a_sum_named_total_is_called_without_the_word_total() throws Exception {
        // the fact TOTAL_SALES becomes the metric total_sales: "sales" names it, ranked and broken down as "total sales" is
        assertThat(asked("which country has the highest sales")).isEqualTo(rows("SELECT country, CAST(sum(total_sales) AS DOUBLE) AS s FROM "
                + TABLE + " GROUP BY country QUALIFY s = max(s) OVER ()"));
        assertThat(asked("sales by country")).containsExactlyInAnyOrderElementsOf(rows("SELECT country, CAST(sum(total_sales) AS DOUBLE) FROM " + TABLE
                + " GROUP BY country"));
        // a rate of it per record is not the sum: refused, never the total
        assertThat(asked("average sales per customer")).isEmpty();
    }

    @Test
    void a_second_import_writes_the_same_bytes() throws Exception {
        Map<String, String> first = knowledgeFiles();
        assertThat(first).containsKeys("semantic/cortex.yml", "business/cortex_sql_generation.yml");
        CliTest.Run again = CliTest.run("knowledge", "import", "--cortex", MODEL.toString(), "--project", project.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out()).isEqualTo(imported.out());
        assertThat(knowledgeFiles()).isEqualTo(first);
    }
}
