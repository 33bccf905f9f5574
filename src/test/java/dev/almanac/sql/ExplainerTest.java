package dev.almanac.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.knowledge.GoldenQuery;
import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.Metric;
import dev.almanac.knowledge.SqlParameters;
import dev.almanac.knowledge.VerifiedQuery;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExplainerTest {
    static Guard guard;
    static Explainer explainer;

    @BeforeAll
    static void open() {
        guard = new Guard();
        explainer = new Explainer(guard);
    }

    @AfterAll
    static void close() {
        guard.close();
    }

    /** Representative queries and the phrases a reader must find; checked by hand against the SQL. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            count rows             | SELECT count(*) FROM plans | Reads plans. ; Computes count(*) over all of them.
            equality filter        | SELECT name FROM plans WHERE tier = 2 | Keeps the rows where tier is 2. ; Shows name.
            date range             | SELECT sum(spend_usd) FROM marketing_spend WHERE spend_date >= DATE '2024-01-01' AND spend_date < DATE '2025-01-01' | spend_date is from '2024-01-01' (as a date) and before '2025-01-01' (as a date) ; Computes sum(spend_usd)
            numeric range          | SELECT count(*) FROM orders WHERE total_amount > 100 AND total_amount <= 500 | total_amount is above 100 and at most 500
            cents to dollars       | SELECT round(sum(amount) / 100.0, 2) AS usd FROM payments WHERE status = 'succeeded' | (sum(amount) / 100.0) ; as usd ; status is 'succeeded'
            join                   | SELECT p.name, sum(i.quantity) AS units FROM order_items i JOIN products p ON p.product_id = i.product_id GROUP BY p.name | Reads order_items (as i), joined with products (as p) on p.product_id = i.product_id. ; Groups them by p.name. ; Computes sum(i.quantity) as units for each group.
            left join              | SELECT c.name FROM customers c LEFT JOIN orders o ON o.customer_id = c.customer_id WHERE o.order_id IS NULL | keeping every row of the first even without a match in orders ; o.order_id is empty (NULL)
            in list and like       | SELECT name FROM products WHERE category_id IN (1, 2) AND name LIKE 'Mon%' | category_id is one of 1, 2 ; name matches 'Mon%'
            having order limit     | SELECT customer_id, count(*) AS n FROM orders GROUP BY customer_id HAVING count(*) > 5 ORDER BY n DESC LIMIT 3 | Keeps only the groups where count(*) is above 5. ; Sorts by n (highest first). ; Keeps the first 3 rows.
            distinct count         | SELECT count(DISTINCT customer_id) FROM orders WHERE NOT is_deleted | count(DISTINCT customer_id) ; not (is_deleted)
            cte and qualify        | WITH once AS (SELECT * FROM orders QUALIFY row_number() OVER (PARTITION BY order_number ORDER BY order_id) = 1) SELECT count(*) FROM once | First, as "once": reads orders. ; row_number() over each order_number ordered by order_id is 1 ; Reads once.
            union                  | SELECT customer_id FROM orders UNION SELECT customer_id FROM payments | Combines two queries with UNION
            subquery in from       | SELECT count(*) AS carriers FROM (SELECT DISTINCT carrier FROM shipments) | Reads the result of a subquery that reads shipments. Shows carrier. Removes duplicate rows. Computes count(*) as carriers
            or and between         | SELECT * FROM support_tickets WHERE priority = 'urgent' OR created_at BETWEEN DATE '2025-01-01' AND DATE '2025-02-01' | (priority is 'urgent', or created_at is between '2025-01-01' (as a date) and '2025-02-01' (as a date))
            """)
    void describes_each_part_of_the_query(String name, String sql, String phrases) {
        String text = explainer.explain(sql);
        for (String phrase : phrases.split(";")) assertThat(text).as(sql).contains(phrase.strip());
        assertThat(explainer.explain(sql)).as("deterministic").isEqualTo(text);
        assertThat(text).as("no doubled full stops").doesNotContain("..");
    }

    @Test
    void every_filter_column_value_and_aggregate_of_the_demo_queries_is_mentioned() {
        KnowledgeSet k = KnowledgeFiles.read(Path.of("knowledge")).knowledge();
        List<String> sqls = new ArrayList<>();
        for (Metric m : k.metrics()) sqls.add(SqlParameters.bind(m.sql(), SqlParameters.defaults(m.parameters())));
        for (VerifiedQuery q : k.queries()) sqls.add(SqlParameters.bind(q.sql(), SqlParameters.defaults(q.parameters())));
        for (GoldenQuery g : k.golden()) if (g.expectedSql() != null) sqls.add(g.expectedSql()); // refused questions have none
        SoftAssertions soft = new SoftAssertions();
        for (String sql : sqls) {
            String text = explainer.explain(sql).toLowerCase(Locale.ROOT);
            List<String> wanted = new ArrayList<>();
            collect(guard.parse(sql), false, wanted);
            for (String w : wanted) soft.assertThat(text).as("%s%n  must mention %s", sql, w).contains(w.toLowerCase(Locale.ROOT));
        }
        soft.assertAll();
        assertThat(sqls).hasSizeGreaterThan(100);
    }

    /** Columns and text/integer values under WHERE, HAVING and QUALIFY, and the names of aggregate functions anywhere. */
    static void collect(JsonNode node, boolean inFilter, List<String> out) {
        if (node.isArray()) {
            for (JsonNode c : node) collect(c, inFilter, out);
            return;
        }
        if (!node.isObject()) return;
        String cls = node.path("class").asText();
        if (inFilter && cls.equals("COLUMN_REF")) {
            JsonNode names = node.path("column_names");
            out.add(names.get(names.size() - 1).asText());
        }
        if (inFilter && cls.equals("CONSTANT") && !node.path("value").path("is_null").asBoolean()) {
            String type = node.path("value").path("type").path("id").asText();
            if (type.equals("VARCHAR") || type.equals("INTEGER") || type.equals("BIGINT")) out.add(node.path("value").path("value").asText());
        }
        // aggregates by a hand-written list of their names (not the explainer's own test of what an aggregate is)
        if ((cls.equals("FUNCTION") || cls.equals("AGGREGATE") || cls.equals("WINDOW"))
                && java.util.Set.of("count", "sum", "avg", "min", "max", "median").contains(node.path("function_name").asText())) {
            out.add(node.path("function_name").asText() + "(");
        }
        var fields = node.fields();
        while (fields.hasNext()) {
            var e = fields.next();
            boolean filter = inFilter || e.getKey().equals("where_clause") || e.getKey().equals("having") || e.getKey().equals("qualify");
            collect(e.getValue(), filter, out);
        }
    }
}
