package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import dev.almanac.testing.Queries;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `almanac ask --llm none` answered from the semantic model: the numbers agree with hand-written SQL; no number is guessed. */
class NoModelSemanticAnswersTest {
    @TempDir
    static Path home;
    static String project;

    @BeforeAll
    static void setUp() {
        System.setProperty("almanac.home", home.toString());
        project = dev.almanac.testing.ScratchProject.create(home.resolve("nomodel"), "No model").toString();
    }

    @AfterAll
    static void tearDown() {
        System.clearProperty("almanac.home");
    }

    static JsonNode ask(String question, String... more) throws Exception {
        String[] args = new String[6 + more.length];
        String[] base = {"ask", question, "--llm", "none", "--format", "json"};
        System.arraycopy(base, 0, args, 0, 6);
        System.arraycopy(more, 0, args, 6, more.length);
        String[] withProject = java.util.Arrays.copyOf(args, args.length + 2);
        withProject[args.length] = "--project";
        withProject[args.length + 1] = project;
        CliTest.Run r = CliTest.run(withProject);
        return Json.MAPPER.readTree(r.out());
    }

    static long count(String sql) {
        try (dev.almanac.source.Source source = dev.almanac.source.Sources.openFile(dev.almanac.testing.DemoWarehouse.file())) {
            return Queries.single(source, sql);
        }
    }

    @Test
    void a_breakdown_question_is_answered_from_the_semantic_model_and_agrees_with_sql() throws Exception {
        JsonNode a = ask("What were new signups per region in the first quarter of 2026?");
        assertThat(a.get("kind").asText()).isEqualTo("result");
        assertThat(a.get("verified").asBoolean()).isFalse();
        assertThat(a.at("/provenance/semantic_query/metrics/0").asText()).isEqualTo("new_customers");
        assertThat(a.at("/provenance/semantic_query/group_by/0/dimension").asText()).isEqualTo("region");
        long total = 0;
        for (JsonNode row : a.at("/data/rows")) total += row.get(1).asLong();
        long bySql = count("SELECT count(*) FROM customers WHERE NOT is_deleted"
                + " AND signup_date >= DATE '2026-01-01' AND signup_date < DATE '2026-04-01'");
        assertThat(total).isEqualTo(bySql);
        assertThat(a.at("/provenance/explanation").asText()).doesNotContain("b0_fact").contains("New customers");
    }

    @Test
    void a_canonical_metric_matched_by_a_word_is_left_when_the_question_reads_whole_as_another_measure() throws Exception {
        // "total sales" names the total revenue in the model; the canonical shop revenue (a synonym "sales") answered it
        JsonNode a = ask("total sales last quarter", "--now", "2026-11-22");
        assertThat(a.get("verified").asBoolean()).isFalse();
        assertThat(a.at("/provenance/semantic_query/metrics/0").asText()).isEqualTo("total_revenue");
        JsonNode plain = ask("shop revenue last year", "--now", "2026-11-22");
        assertThat(plain.get("verified").asBoolean()).isTrue();
    }

    @Test
    void a_list_of_the_records_of_a_period_after_the_data_ends_says_so_never_an_empty_list() throws Exception {
        // the customers' data ends on 30 September 2026: none listed for a week in November is no answer, the data's end is
        JsonNode a = ask("list customers who signed up last week", "--now", "2026-11-22");
        assertThat(a.get("kind").asText()).isEqualTo("observation");
        assertThat(a.get("answer").asText()).contains("ends on 30 September 2026");
        assertThat(a.get("data").isNull() || a.get("data").isMissingNode()).isTrue();
        JsonNode june = ask("Which customers signed up in June 2026?", "--now", "2026-11-22");
        assertThat(june.get("kind").asText()).isEqualTo("result");
        assertThat(june.at("/data/rows")).isNotEmpty();
    }

    @Test
    void the_current_year_of_a_month_end_metric_is_its_last_month_not_a_verified_null() throws Exception {
        JsonNode a = ask("What was MRR this year?");
        assertThat(a.get("verified").asBoolean()).isFalse();
        assertThat(a.at("/data/rows/0/0").isNull()).isFalse();
        long septemberCents = count("SELECT sum(mrr_cents) FROM mrr_snapshots WHERE snapshot_month = DATE '2026-09-01'");
        assertThat(a.at("/data/rows/0/0").decimalValue()).isEqualByComparingTo(java.math.BigDecimal.valueOf(septemberCents, 2));
    }

    @Test
    void a_vague_question_with_a_period_offers_the_metrics_its_words_fit_not_those_of_the_periods_words() throws Exception {
        // "month" of "last month" is a word of "Monthly active users": that metric does not fit "revenue"
        JsonNode a = ask("How is revenue doing last month?", "--now", "2026-11-22");
        assertThat(a.get("kind").asText()).isEqualTo("clarification");
        assertThat(a.get("suggestions")).isNotEmpty().allSatisfy(o -> assertThat(o.asText()).endsWith(" for last month").doesNotContain("active users"));
    }

    @Test
    void refunds_are_the_metric_called_so_not_the_amount_of_the_same_rows() throws Exception {
        JsonNode a = ask("refunds in september 2026");
        assertThat(a.get("kind").asText()).isEqualTo("result");
        assertThat(a.at("/data/rows/0/0").asLong()).isEqualTo(count("SELECT count(*) FROM refunds WHERE refunded_at >= DATE '2026-09-01' AND refunded_at < DATE '2026-10-01'"));
    }

    @Test
    void a_period_after_the_data_is_said_to_have_no_data() throws Exception {
        JsonNode a = ask("How many support tickets came in last month?");
        assertThat(a.get("kind").asText()).isNotEqualTo("result");
        assertThat(a.get("answer").asText()).contains("no data").contains("30 September 2026");
    }

    @Test
    void a_count_for_each_day_shows_a_day_without_signups_as_zero() throws Exception {
        // signups of the first week of January 2023 (by hand: 1st 3, 3rd 1, 4th 3, 5th 1, 6th 2; none on the 2nd and the 7th)
        JsonNode a = ask("New customers for each day of the first week of January 2023");
        assertThat(a.get("kind").asText()).isEqualTo("result");
        assertThat(a.at("/data/rows")).hasSize(7);
        StringBuilder days = new StringBuilder();
        for (JsonNode row : a.at("/data/rows")) days.append(row.get(0).asText()).append('=').append(row.get(1).asLong()).append(' ');
        assertThat(days.toString().strip()).isEqualTo("2023-01-01=3 2023-01-02=0 2023-01-03=1 2023-01-04=3 2023-01-05=1 2023-01-06=2 2023-01-07=0");
        assertThat(count("SELECT count(*) FROM customers WHERE NOT is_deleted AND signup_date IN (DATE '2023-01-02', DATE '2023-01-07')")).isZero();
    }

    @Test
    void shop_revenue_each_year_since_2021_reads_the_legacy_shop_line_before_2023_and_says_where_the_data_ends() throws Exception {
        JsonNode a = ask("Shop revenue each year since 2021", "--now", "2026-11-22");
        assertThat(a.get("kind").asText()).isEqualTo("result");
        JsonNode rows = a.at("/data/rows");
        assertThat(rows).hasSize(6);
        assertThat(rows.get(0).get(0).asText()).startsWith("2021");
        long legacy2021 = count("SELECT CAST(round(sum(amount_usd) * 100) AS BIGINT) FROM legacy_revenue WHERE product_line = 'shop' AND year(revenue_month) = 2021");
        long legacy2022 = count("SELECT CAST(round(sum(amount_usd) * 100) AS BIGINT) FROM legacy_revenue WHERE product_line = 'shop' AND year(revenue_month) = 2022");
        assertThat(rows.get(0).get(1).decimalValue()).isEqualByComparingTo(java.math.BigDecimal.valueOf(legacy2021, 2));
        assertThat(rows.get(1).get(1).decimalValue()).isEqualByComparingTo(java.math.BigDecimal.valueOf(legacy2022, 2));
        long orders2023 = count("SELECT CAST(round(sum(total_amount) * 100) AS BIGINT) FROM orders WHERE status = 'completed' AND year(ordered_at) = 2023"
                + " AND order_id IN (SELECT min(order_id) FROM orders GROUP BY order_number)");
        assertThat(rows.get(2).get(1).decimalValue()).isEqualByComparingTo(java.math.BigDecimal.valueOf(orders2023, 2));
        // the data ends on 30 September 2026: the headline and the caveats say that 2026 is only in part
        assertThat(a.get("answer").asText()).contains("Note: Shop revenue: the data ends on 30 September 2026, so 2026 is covered only in part.");
        assertThat(a.at("/provenance/caveats").toString()).contains("Coverage: Shop revenue: the data ends on 30 September 2026");
    }

    @Test
    void almanac_query_says_when_the_period_asked_is_covered_only_in_part() throws Exception {
        String[] q = {"query", "--metric", "shop_revenue", "--grain", "year", "--from", "2021-01-01", "--to", "2027-01-01", "--now", "2026-11-22",
                "--project", project};
        CliTest.Run table = CliTest.run(q);
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out()).contains("Note: Shop revenue: the data ends on 30 September 2026");
        String[] json = java.util.Arrays.copyOf(q, q.length + 2);
        json[q.length] = "--format";
        json[q.length + 1] = "json";
        CliTest.Run j = CliTest.run(json);
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(j.out()).path("coverage_note").asText()).contains("the data ends on 30 September 2026");
        // a period wholly inside the data says nothing more
        CliTest.Run inside = CliTest.run("query", "--metric", "shop_revenue", "--grain", "year", "--from", "2024-01-01", "--to", "2025-01-01",
                "--project", project);
        assertThat(inside.out()).doesNotContain("Note:");
    }

    @Test
    void a_follow_up_in_the_thread_changes_the_period() throws Exception {
        JsonNode first = ask("shop revenue by sales channel in Q1 2026");
        String thread = first.get("thread_id").asText();
        JsonNode second = ask("and in Q2 2026?", "--thread", thread);
        assertThat(second.get("kind").asText()).isEqualTo("result");
        assertThat(second.at("/provenance/semantic_query/start").asText()).isEqualTo("2026-04-01");
        assertThat(second.at("/provenance/semantic_query/group_by/0/dimension").asText()).isEqualTo("sales_channel");
    }

    @Test
    void words_that_cannot_be_placed_get_no_number() throws Exception {
        JsonNode a = ask("What was MRR from customers who complained twice in 2025?");
        assertThat(a.get("kind").asText()).isIn("error", "clarification");
        assertThat(a.path("data").path("rows").size()).isZero();
    }

    @Test
    void two_measures_at_once_are_both_answered_never_one_of_them_even_when_a_canonical_metric_matches() throws Exception {
        JsonNode a = ask("What were total revenue and MRR in 2024?");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(a.at("/provenance/semantic_query/metrics")).hasSize(2);
        assertThat(a.at("/data/rows")).hasSize(1);
        // each the number its question alone gives
        assertThat(a.at("/data/rows/0/0").asText()).isEqualTo(ask("What was total revenue in 2024?").at("/data/rows/0/0").asText());
        assertThat(a.at("/data/rows/0/1").asText()).isEqualTo(ask("What was MRR in 2024?").at("/data/rows/0/0").asText());
    }

    @Test
    void a_schemas_usual_abbreviation_reads_as_the_word_a_metrics_name_says() throws Exception {
        // "avg" of "Average order value (AOV)": it was read as the average of completed orders, a count, and refused
        JsonNode full = ask("average order value in 2025");
        JsonNode terse = ask("avg order value in 2025");
        assertThat(terse.path("data").path("rows").size()).as(terse.get("answer").asText()).isEqualTo(1);
        assertThat(terse.at("/data/rows/0/0").asText()).isEqualTo(full.at("/data/rows/0/0").asText());
    }

    @Test
    void a_canonical_metric_does_not_answer_how_it_moved() throws Exception {
        // shop_revenue is a canonical metric: "growth" asks for a change, which its value is not; growth in one year is
        // the change from the year before, answered as such, and a comparison with nothing named is not answered
        JsonNode growth = ask("shop revenue growth in 2025");
        assertThat(growth.path("verified").asBoolean()).isFalse();
        assertThat(growth.at("/provenance/semantic_query/compare_to/start").asText()).as(growth.get("answer").asText()).isEqualTo("2024-01-01");
        assertThat(growth.at("/data/columns").toString()).contains("shop_revenue_change");
        // a breakdown by what the metric keeps one value of: completed orders by status were one group; all orders by status
        JsonNode byStatus = ask("orders by status in September 2026");
        assertThat(byStatus.at("/provenance/semantic_query/metrics/0").asText()).as(byStatus.get("answer").asText()).isNotEqualTo("orders");
        if (byStatus.path("data").path("rows").size() > 0) assertThat(byStatus.path("data").path("rows").size()).isGreaterThan(1);
        JsonNode compared = ask("How did shop revenue compare in 2025?");
        assertThat(compared.path("verified").asBoolean()).isFalse();
        assertThat(compared.path("data").path("rows").size()).as(compared.get("answer").asText()).isZero();
        assertThat(ask("shop revenue in 2025").path("data").path("rows").size()).isEqualTo(1);
        // nor over rows whose condition on what each is worth cannot be told: shop revenue's rows are orders and, before
        // 2023, months of the legacy system (no key says they are records); it gave the revenue of every order once
        assertThat(ask("shop revenue from orders with an order value over 1000 in 2025").path("data").path("rows").size()).isZero();
        // the orders themselves are records: what each is worth is compared row by row, as SQL over the orders computes it
        JsonNode counted = ask("How many completed orders over $500 did we get in 2025?");
        assertThat(counted.at("/data/rows/0/0").asLong()).isEqualTo(count("SELECT count(*) FROM orders WHERE order_id IN (SELECT min(order_id) FROM orders "
                + "GROUP BY order_number) AND status = 'completed' AND total_amount > 500 AND ordered_at >= DATE '2025-01-01' AND ordered_at < DATE '2026-01-01'"));
        // nor a question that does not say all of its name: "total refunds" is not the refund rate (it was answered 0.91%)
        JsonNode refunds = ask("total refunds last year");
        assertThat(refunds.at("/provenance/metric").asText()).as(refunds.get("answer").asText()).isNotEqualTo("refund_rate");
        assertThat(refunds.get("answer").asText()).doesNotContain("%");
        // nor over rows a value of the data keeps, when the reader could not place it ("web" is a sales channel): the
        // revenue of every channel was answered as the web's
        for (String question : java.util.List.of("web shop revenue in Q2 2026", "shop revenue from web in Q2 2026")) {
            JsonNode a = ask(question);
            assertThat(a.path("verified").asBoolean()).as(question + ": " + a.get("answer").asText()).isFalse();
            BigDecimal all = new BigDecimal(ask("shop revenue in Q2 2026").at("/data/rows/0/0").asText());
            if (a.path("data").path("rows").size() > 0) {
                assertThat(new BigDecimal(a.at("/data/rows/0/0").asText())).as(question).isNotEqualByComparingTo(all);
            }
        }
    }

    @Test
    void suggestions_follow_the_answer_itself_and_each_is_answered() throws Exception {
        JsonNode list = ask("Which currency does Germany use?"); // a list of values: no metric to follow up on
        assertThat(list.get("kind").asText()).as(list.get("answer").asText()).isEqualTo("result");
        for (JsonNode s : list.get("suggestions")) assertThat(ask(s.asText()).get("kind").asText()).as(s.asText()).isNotEqualTo("error");

        for (String question : java.util.List.of("What did the churn rate come to in August 2026?", "What did the shop take in revenue in 2024?",
                "How many tickets came in during July 2026?")) {
            JsonNode a = ask(question);
            assertThat(a.get("kind").asText()).as(question).isEqualTo("result");
            String metric = a.at("/provenance/metric").asText();
            assertThat(a.get("suggestions")).as(question).isNotEmpty();
            JsonNode first = ask(a.get("suggestions").get(0).asText());
            assertThat(first.at("/provenance/metric").asText()).as("the first follow-up is about the same metric: " + a.get("suggestions"))
                    .contains(metric.split(",")[0]);
            for (JsonNode s : a.get("suggestions")) {
                JsonNode next = ask(s.asText());
                assertThat(next.get("kind").asText()).as(s.asText() + ": " + next.get("answer").asText()).isEqualTo("result");
            }
        }
    }

    @Test
    void a_question_naming_two_periods_is_answered_for_both_or_not_at_all() throws Exception {
        JsonNode a = ask("What was shop revenue in 2024 and 2025?", "--now", "2026-11-22");
        assertThat(a.get("kind").asText()).isEqualTo("result");
        assertThat(a.at("/data/rows")).hasSize(2);
        for (int i = 0; i < 2; i++) {
            int year = 2024 + i;
            assertThat(a.at("/data/rows/" + i + "/0").asText()).isEqualTo(String.valueOf(year));
            long cents = count("SELECT round(100 * sum(total_amount)) FROM (SELECT * FROM orders QUALIFY row_number() OVER (PARTITION BY order_number"
                    + " ORDER BY order_id) = 1) WHERE status = 'completed' AND year(ordered_at) = " + year);
            assertThat(a.at("/data/rows/" + i + "/1").decimalValue()).isEqualByComparingTo(java.math.BigDecimal.valueOf(cents, 2));
        }
        JsonNode part = ask("What was shop revenue in Q1 and Q2 2025?", "--now", "2026-11-22");
        boolean bothOrNone = !part.get("kind").asText().equals("result") || part.at("/data/rows").size() >= 2;
        assertThat(bothOrNone).as("never Q2 2025 alone: %s", part.get("answer").asText()).isTrue();
    }

    @Test
    void a_count_and_what_the_same_rows_are_worth_are_one_answer_that_agrees_with_sql() throws Exception {
        JsonNode a = ask("How many invoices are currently open and what are they worth?", "--now", "2026-11-22");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        JsonNode row = a.at("/data/rows/0");
        assertThat(row.get(0).asLong()).isEqualTo(count("SELECT count(*) FROM invoices WHERE status = 'open'"));
        assertThat(new BigDecimal(row.get(1).asText())).isEqualByComparingTo(new BigDecimal(String.valueOf(count("SELECT round(sum(amount_due) * 100) FROM invoices WHERE status = 'open'"))).movePointLeft(2));

        JsonNode won = ask("how many deals did we win in Q2 2026, and what was the average deal size?", "--now", "2026-11-22");
        assertThat(won.get("kind").asText()).as(won.toString()).isEqualTo("result");
        assertThat(won.at("/data/rows/0/0").asLong()).isEqualTo(count("SELECT count(*) FROM opportunities WHERE is_won AND close_date >= DATE '2026-04-01' AND close_date < DATE '2026-07-01'"));
        assertThat(won.at("/data/rows/0/1").asDouble()).isCloseTo(count("SELECT round(avg(amount_usd)) FROM opportunities WHERE is_won AND close_date >= DATE '2026-04-01' AND close_date < DATE '2026-07-01'"),
                org.assertj.core.data.Offset.offset(0.5));
    }

    @Test
    void a_measure_by_records_it_cannot_be_split_by_is_the_one_narrower_measure_whose_name_the_question_says_scattered() throws Exception {
        // "revenue" names the total of all sources, which has no product; "Product revenue" reads, and "products" is said
        JsonNode a = ask("Which three products brought in the most revenue in 2025?", "--now", "2026-11-22");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(a.at("/provenance/semantic_query/metrics/0").asText()).isEqualTo("product_revenue");
        List<String> got = new java.util.ArrayList<>();
        for (JsonNode row : a.at("/data/rows")) got.add(row.get(0).asText() + " | " + new BigDecimal(row.get(1).asText()).setScale(2, java.math.RoundingMode.HALF_UP));
        assertThat(got).containsExactlyElementsOf(CliTest.sqlRows(Path.of(project), "SELECT p.name || ' | ' || CAST(round(sum(i.quantity * i.unit_price * (1 - i.discount_pct / 100.0)), 2) AS DECIMAL(18, 2)) "
                + "FROM order_items i JOIN orders o ON o.order_id = i.order_id JOIN products p ON p.product_id = i.product_id "
                + "WHERE o.status = 'completed' AND o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01' "
                + "GROUP BY p.product_id, p.name ORDER BY sum(i.quantity * i.unit_price * (1 - i.discount_pct / 100.0)) DESC LIMIT 3").stream()
                .map(r -> r.replaceAll("^\"|\"$", "")).toList());
    }

    @Test
    void a_share_whose_part_the_question_does_not_name_is_the_share_the_condition_keeps_never_another_rate_of_the_same_rows() throws Exception {
        // the cancellation rate is canceled orders over orders placed: "placed" names the whole, and no word the canceled part
        JsonNode a = ask("What share of 2025 orders were placed on mobile?", "--now", "2026-11-22");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(a.at("/provenance/semantic_query/metrics/0").asText()).isNotEqualTo("order_cancellation_rate");
        double expected = count("SELECT round(10000.0 * count(*) FILTER (WHERE sales_channel = 'mobile') / count(*)) FROM orders"
                + " WHERE order_id IN (SELECT min(order_id) FROM orders GROUP BY order_number) AND ordered_at >= DATE '2025-01-01' AND ordered_at < DATE '2026-01-01'") / 100.0;
        assertThat(a.at("/data/rows/0/0").asDouble()).isCloseTo(expected, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void how_many_and_how_many_of_them_are_one_answer_and_two_questions_of_other_rows_are_refused() throws Exception {
        JsonNode a = ask("How many emails did we send in August 2026, and how many of them were opened?", "--now", "2026-11-22");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        String august = " FROM email_sends WHERE sent_at >= DATE '2026-08-01' AND sent_at < DATE '2026-09-01'";
        assertThat(a.at("/data/rows/0/0").asLong()).isEqualTo(count("SELECT count(*)" + august));
        assertThat(a.at("/data/rows/0/1").asLong()).isEqualTo(count("SELECT count(*)" + august + " AND opened"));
        // never one of the two answered alone
        JsonNode other = ask("How many emails did we send in August 2026, and how many leads came in?", "--now", "2026-11-22");
        assertThat(other.get("kind").asText()).as(other.toString()).isNotEqualTo("result");
    }

    @Test
    void records_with_related_rows_in_a_period_count_the_records_whose_related_rows_fall_in_it_whatever_their_own_dates() throws Exception {
        JsonNode a = ask("How many customers have orders in 2025?", "--now", "2026-11-22");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(a.at("/data/rows/0/0").asLong()).isEqualTo(count("SELECT count(*) FROM customers c WHERE NOT is_deleted AND EXISTS (SELECT 1 FROM orders o"
                + " WHERE o.customer_id = c.customer_id AND o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01')"));
    }

    @Test
    void records_an_event_of_related_rows_befell_in_a_period_are_counted_by_the_events_date_never_the_records_own() throws Exception {
        // "upgraded" is an event of subscriptions with a date of its own: 2026 dates the upgrades, not the subscriptions' start
        JsonNode a = ask("How many subscriptions were upgraded in 2026?", "--now", "2026-11-22");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(a.at("/data/rows/0/0").asLong()).isEqualTo(count("SELECT count(DISTINCT subscription_id) FROM subscription_events"
                + " WHERE event_type = 'upgraded' AND event_date >= DATE '2026-01-01' AND event_date < DATE '2027-01-01'"));
    }
}
