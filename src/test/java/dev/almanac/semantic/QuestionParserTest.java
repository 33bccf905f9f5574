package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeFiles;
import dev.almanac.testing.DemoContext;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Questions to semantic queries on the demo's model, without a model: what is placed, and what is refused or asked back. */
class QuestionParserTest {
    static DemoContext demo;
    static QuestionParser parser;
    static SemanticLayer layer;

    @BeforeAll
    static void open() {
        demo = new DemoContext();
        var read = KnowledgeFiles.read(Path.of("knowledge"));
        SemanticModel model = SemanticModel.of(read.knowledge().semantic());
        layer = new SemanticLayer(model, read.knowledge(), ValueIndex.build(model, demo.executor, ValueIndex.DEFAULT_LIMIT), demo.executor);
        parser = new QuestionParser(layer, LocalDate.parse("2026-11-23"));
    }

    @AfterAll
    static void close() {
        demo.close();
    }

    static SemanticQuery parsed(String question) {
        QuestionParser.Result r = parser.parse(question);
        assertThat(r).as(question + " -> " + r).isInstanceOf(QuestionParser.Parsed.class);
        return ((QuestionParser.Parsed) r).query();
    }

    @Test
    void a_condition_the_metric_itself_keeps_said_again_is_read_as_the_metric_and_any_other_value_of_it_is_refused() {
        // average order value counts completed orders only: "of completed orders" says its definition again
        assertThat(parsed("What was the average order value of completed shop orders in the first half of 2026 for each sales channel?"))
                .isEqualTo(parsed("What was the average order value in the first half of 2026 for each sales channel?"));
        assertThat(parser.parse("average order value of refunded shop orders in 2025")).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(parser.parse("average order value of shop orders that are not completed in 2025")).isInstanceOf(QuestionParser.Cannot.class);
    }

    @Test
    void a_word_for_any_person_said_of_persons_measured_is_them_never_a_value_of_that_name() {
        // the demo has a department called "People": "the people in Engineering" are the employees of Engineering only
        SemanticQuery engineering = parsed("What is the average current annual salary of the people in Engineering?");
        assertThat(engineering.filters()).extracting(Object::toString).noneMatch(f -> f.contains("People"));
        assertThat(engineering.groupBy()).isEmpty();
        // written as the name it is, it is still the department
        assertThat(parsed("How many people work in the People department?").filters()).extracting(Object::toString).anyMatch(f -> f.contains("People"));
    }

    @Test
    void a_state_said_of_the_rows_is_never_the_event_a_count_counts_them_by_and_a_ranking_word_before_the_measure_ranks() {
        // "still open" of tickets counted by when they were opened: every urgent ticket ever opened is not what is asked
        assertThat(parser.parse("how many urgent tickets are still open")).isNotInstanceOf(QuestionParser.Parsed.class);
        // "highest" is also a name of a ticket priority: before the measure it ranks by it, never keeps the urgent tickets
        SemanticQuery highest = parsed("which agent has the highest csat this year");
        assertThat(highest.filters()).isEmpty();
        assertThat(highest.limit()).isEqualTo(1);
        assertThat(highest.order()).singleElement().extracting(o -> o.descending()).isEqualTo(true);
        // a number of things asked is never an amount of money per thing
        assertThat(parser.parse("avg number of orders per customer this year")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void records_asked_for_are_never_answered_with_how_many_or_with_a_total_over_them() {
        // "which marketing campaigns": the question word before the records' noun asks for the campaigns, not their count
        SemanticQuery started = parsed("Which marketing campaigns started in 2026?");
        assertThat(started.metrics()).isEmpty();
        assertThat(started.groupBy()).isNotEmpty();
        assertThat(parser.parse("Which employees were hired in 2025?")).isNotInstanceOf(QuestionParser.Parsed.class);
        // the employees hired, never how many were hired by department
        assertThat(parser.parse("which employees were hired in 2026 and in what department")).isNotInstanceOf(QuestionParser.Parsed.class);
        // each campaign's own budget, which the total of all of them is not
        assertThat(parser.parse("list the marketing campaigns and their budgets")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_gloss_in_a_metrics_label_that_names_an_aggregate_names_the_metric_and_a_gloss_of_its_rows_does_not() {
        // "Bookings (won deal value)": the value of the deals won is the bookings, never their count
        assertThat(parsed("What was the total value of the deals we won last quarter?").metrics()).containsExactly("bookings");
        assertThat(parsed("top 5 sales reps by won deal value this year").metrics()).containsExactly("bookings");
        assertThat(parsed("how many deals did we win last quarter").metrics()).containsExactly("opportunities_won");
        // "(paid invoices)" says which rows, not what is computed: "paid invoices" are counted, not summed
        assertThat(parser.parse("how many paid invoices were there in 2025")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    /** The rows a query gives on the demo warehouse, each as its values joined by '|', in no order. */
    private static java.util.Set<String> rowsOf(String sql) {
        return demo.executor.execute(sql).rows().stream().map(r -> r.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining("|")))
                .collect(java.util.stream.Collectors.toSet());
    }

    @Test
    void records_listed_by_a_measure_compared_with_a_number_over_the_period_said_after_it_and_never_kept_to_that_period() {
        String gold = "SELECT c.company_name, round(sum(s.mrr_cents) / 100.0, 2) FROM mrr_snapshots s JOIN customers c USING (customer_id) WHERE s.snapshot_month = DATE '2026-06-01'"
                + " AND NOT c.is_deleted GROUP BY c.customer_id, c.company_name HAVING sum(s.mrr_cents) > 2500000";
        java.util.Set<String> expected = rowsOf(gold);
        assertThat(expected).isNotEmpty();
        for (String q : List.of("which customers had mrr above 25000 at the end of June 2026", "list customers with mrr over $25k at end of June 2026")) {
            // the customers are every customer, not those who signed up in June: the period is the measure's; each with its MRR
            java.util.Set<String> read = new java.util.HashSet<>();
            for (String row : rowsOf(layer.compile(parsed(q)).sql())) {
                String[] cells = row.split("\\|");
                read.add(cells[0] + "|" + new java.math.BigDecimal(cells[1]).setScale(2, java.math.RoundingMode.HALF_UP));
            }
            java.util.Set<String> want = new java.util.HashSet<>();
            for (String row : expected) {
                String[] cells = row.split("\\|");
                want.add(cells[0] + "|" + new java.math.BigDecimal(cells[1]).setScale(2, java.math.RoundingMode.HALF_UP));
            }
            assertThat(read).as(q).isEqualTo(want);
        }
        // a list kept to a period with no measure to measure over it is still no list
        assertThat(parser.parse("list customers in June 2026")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_question_read_again_by_the_same_parser_is_not_read_twice_and_reads_as_a_fresh_parser_reads_it() {
        String question = "Monthly recurring revenue (MRR) by plan in September 2026";
        QuestionParser.Result first = parser.parse(question);
        assertThat(first).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(parser.parse(question)).isSameAs(first);
        assertThat(new QuestionParser(layer, LocalDate.parse("2026-11-23")).parse(question)).isEqualTo(first);
    }

    @Test
    void the_parsers_of_one_layer_share_the_phrases_they_look_for() {
        SemanticLayer fresh = new SemanticLayer(layer.model(), KnowledgeFiles.read(Path.of("knowledge")).knowledge(), layer.values(), demo.executor);
        QuestionParser.Result first = new QuestionParser(fresh, LocalDate.parse("2026-11-23")).parse("What was MRR in September 2026?");
        java.util.function.Supplier<java.util.Map<java.util.List<String>, Object>> again = () -> {
            throw new AssertionError("made again");
        };
        assertThat(fresh.parserPhrases().metrics(again)).isNotEmpty();
        assertThat(fresh.parserPhrases().valuesOf("mrr", again)).isNotEmpty();
        assertThat(new QuestionParser(fresh, LocalDate.parse("2026-11-23")).parse("What was MRR in September 2026?")).isEqualTo(first);
    }

    @Test
    void a_metric_named_by_a_synonym_over_a_quarter() {
        SemanticQuery q = parsed("How much recurring revenue did we have in Q2 2026?");
        assertThat(q.metrics()).containsExactly("mrr");
        assertThat(q.start()).isEqualTo(LocalDate.parse("2026-04-01"));
        assertThat(q.end()).isEqualTo(LocalDate.parse("2026-07-01"));
        assertThat(q.groupBy()).isEmpty();
    }

    @Test
    void a_breakdown_and_a_grain_are_read_from_the_cues() {
        SemanticQuery q = parsed("support tickets opened for each priority, quarterly, in 2025");
        assertThat(q.metrics()).containsExactly("tickets_opened");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("priority");
        assertThat(q.grain()).isEqualTo(Grain.QUARTER);
    }

    @Test
    void two_breakdowns_joined_by_and() {
        SemanticQuery q = parsed("recurring revenue per plan and region for August 2026");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("plan", "region");
    }

    @Test
    void a_value_with_its_dimension_word_is_a_filter() {
        SemanticQuery q = parsed("How many urgent priority tickets were opened in June 2026?");
        assertThat(q.filters()).singleElement().satisfies(f -> {
            assertThat(f.field()).isEqualTo("priority");
            assertThat(f.values()).containsExactly("urgent");
        });
    }

    @Test
    void a_region_nickname_resolves_through_the_value_synonyms() {
        SemanticQuery q = parsed("new signups in APAC during 2025");
        assertThat(q.filters()).singleElement().satisfies(f -> assertThat(f.values()).containsExactly("Asia Pacific"));
    }

    @Test
    void which_x_had_the_most_is_a_ranking_of_one() {
        SemanticQuery q = parsed("Which sales channel had the highest shop revenue in 2025?");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("sales_channel");
        assertThat(q.order()).extracting(SemanticQuery.Order::toString).containsExactly("-shop_revenue");
        assertThat(q.limit()).isEqualTo(1);
    }

    @Test
    void top_n_takes_the_dimension_after_it() {
        SemanticQuery q = parsed("top 3 countries by shop revenue in 2025");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("country");
        assertThat(q.limit()).isEqualTo(3);
    }

    @Test
    void two_values_of_one_dimension_compare_the_groups() {
        SemanticQuery q = parsed("ARR of annual versus monthly plans in September 2026");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("billing_period");
        assertThat(q.filters()).singleElement().satisfies(f -> assertThat(f.values()).containsExactlyInAnyOrder("annual", "monthly"));
    }

    @Test
    void a_word_that_cannot_be_placed_is_reported_not_ignored() {
        for (String q : List.of("MRR of customers who churned twice in 2025", "What will MRR be next year if we raise prices?")) {
            assertThat(parser.parse(q)).as(q + " -> " + parser.parse(q)).isInstanceOf(QuestionParser.Cannot.class);
        }
    }

    @Test
    void a_grain_word_that_is_also_a_value_is_asked_back() {
        QuestionParser.Result r = parser.parse("monthly MRR in 2026");
        assertThat(r).as("" + r).isInstanceOf(QuestionParser.Clarify.class);
        for (String option : ((QuestionParser.Clarify) r).options()) assertThat(parser.parse(option)).as(option + " -> " + parser.parse(option)).isInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void records_ranked_by_a_metric_they_cannot_have_are_asked_about_the_metrics_that_say_more() {
        // the plain word names a metric that has no sales channel: never answered with it, asked with those named longer that read
        QuestionParser.Result r = parser.parse("top 4 sales channels by revenue in 2024");
        assertThat(r).as("" + r).isInstanceOf(QuestionParser.Clarify.class);
        assertThat(((QuestionParser.Clarify) r).options()).hasSizeGreaterThan(1);
        for (String option : ((QuestionParser.Clarify) r).options()) {
            assertThat(parser.parse(option)).as(option).isInstanceOfSatisfying(QuestionParser.Parsed.class,
                    p -> assertThat(dimensions(p.query())).containsExactly("sales_channel"));
        }
        // one that reads, whose name's other words the question says ("products ... revenue"), is read
        assertThat(parsed("top 4 products by revenue in 2024").metrics()).containsExactly("product_revenue");
    }

    @Test
    void a_rate_per_something_named_by_the_metric_is_that_rate_not_a_breakdown() {
        for (String q : List.of("average revenue per account in September 2026", "What was the average revenue per customer in September 2026?")) {
            SemanticQuery read = parsed(q);
            assertThat(read.metrics()).as(q).containsExactly("arpa");
            assertThat(read.groupBy()).as(q).isEmpty();
        }
    }

    @Test
    void a_question_about_no_metric_is_not_this_parsers() {
        assertThat(parser.parse("Who founded the company?")).isInstanceOf(QuestionParser.NoMetric.class);
    }

    @Test
    void lower_case_short_words_are_not_country_codes() {
        SemanticQuery q = parsed("average order value in Germany in Q3 2026");
        assertThat(q.filters()).singleElement().satisfies(f -> assertThat(f.values()).containsExactly("Germany"));
    }

    @Test
    void today_means_the_latest_value_not_an_empty_day() {
        SemanticQuery q = parsed("headcount per department today");
        assertThat(q.start()).isNull();
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("department");
    }

    @Test
    void a_follow_up_changes_the_previous_query() {
        SemanticQuery first = parsed("shop revenue per sales channel in Q1 2026");
        QuestionParser.Result later = parser.followUp("and for Q2 2026?", first);
        assertThat(later).as("" + later).isInstanceOf(QuestionParser.Parsed.class);
        SemanticQuery q2 = ((QuestionParser.Parsed) later).query();
        assertThat(q2.metrics()).containsExactly("shop_revenue");
        assertThat(q2.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("sales_channel");
        assertThat(q2.start()).isEqualTo(LocalDate.parse("2026-04-01"));

        SemanticQuery byCountry = ((QuestionParser.Parsed) parser.followUp("by country instead", q2)).query();
        assertThat(byCountry.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("country");
        assertThat(byCountry.start()).isEqualTo(q2.start());

        SemanticQuery germany = ((QuestionParser.Parsed) parser.followUp("only Germany", byCountry)).query();
        assertThat(germany.filters()).singleElement().satisfies(f -> assertThat(f.values()).containsExactly("Germany"));

        assertThat(parser.followUp("what about the weather there", byCountry)).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(parser.followUp("headcount by department", byCountry)).as("a new metric is a new question")
                .satisfies(r -> assertThat(((QuestionParser.Parsed) r).query().metrics()).containsExactly("headcount"));
    }

    @Test
    void how_much_is_never_answered_with_a_count_nor_how_many_with_money() {
        QuestionParser.Result much = parser.parse("How much did we refund during 2025 for each refund reason?");
        if (much instanceof QuestionParser.Parsed p) assertThat(p.query().metrics()).doesNotContain("refunds");
        else assertThat(much).isInstanceOf(QuestionParser.Cannot.class);
        QuestionParser.Result many = parser.parse("How many shop revenue did we make in 2025?");
        assertThat(many).as("" + many).isInstanceOf(QuestionParser.Cannot.class);
    }

    @Test
    void parsed_queries_compile_and_run() {
        SemanticModel model = SemanticModel.of(KnowledgeFiles.read(Path.of("knowledge")).knowledge().semantic());
        SemanticCompiler compiler = new SemanticCompiler(model, ValueIndex.EMPTY);
        // each question with the rows its reading must give on the demo: one total, three countries, four priorities x four quarters
        java.util.Map<String, Integer> rows = new java.util.LinkedHashMap<>();
        rows.put("new signups in APAC during 2025", 1);
        rows.put("top 3 countries by shop revenue in 2025", 3);
        rows.put("support tickets opened for each priority, quarterly, in 2025", 16);
        rows.forEach((question, expected) -> {
            SemanticQuery q = parsed(question);
            String sql = compiler.compile(q, demo.executor.source().dialect()).sql();
            var result = demo.executor.execute(sql);
            assertThat(result.rows()).as(question + "\n" + sql).hasSize(expected);
            int measure = result.columns().size() - 1; // the metric comes after the breakdowns
            assertThat(result.rows()).as(question).allSatisfy(r -> assertThat(r.get(measure)).isInstanceOf(Number.class)
                    .satisfies(n -> assertThat(((Number) n).doubleValue()).isPositive()));
        });
    }

    static String cannot(String question) {
        QuestionParser.Result r = parser.parse(question);
        assertThat(r).as(question + " -> " + r).isInstanceOf(QuestionParser.Cannot.class);
        return ((QuestionParser.Cannot) r).reason();
    }

    static List<String> dimensions(SemanticQuery q) {
        return q.groupBy().stream().map(SemanticQuery.GroupBy::dimension).toList();
    }

    @Test
    void each_metric_the_words_may_name_is_read_and_the_one_read_whole_is_taken() {
        assertThat(parsed("How many refunds did we issue during 2024?").metrics()).as("a count, not the refund rate").containsExactly("refunds");
        assertThat(parsed("How much was refunded to customers in 2024?").metrics()).as("money, not the count").containsExactly("refunded_amount");
        assertThat(parsed("monthly active users of the product in July 2026").metrics()).as("not 'active users' by month").containsExactly("mau");
        assertThat(parsed("monthly active users of the product in July 2026").grain()).isNull();
    }

    @Test
    void the_words_of_a_phrase_may_stand_apart_or_in_another_form() {
        assertThat(parsed("What was the median time, in hours, to resolve a ticket in 2025?").metrics()).containsExactly("median_resolution_hours");
        assertThat(parsed("How many orders were placed in May 2025?").metrics()).as("placed: all statuses").containsExactly("orders_placed");
    }

    @Test
    void a_percentage_of_inputs_named_together_is_the_percentage_metric_with_no_filter_from_its_own_words() {
        SemanticQuery q = parsed("What percentage of our payment attempts failed in 2024?");
        assertThat(q.metrics()).containsExactly("payment_failure_rate");
        assertThat(q.filters()).as("'failed' defines the rate; it is not a status filter").isEmpty();
    }

    @Test
    void how_many_of_a_thing_with_no_count_metric_counts_its_rows_and_never_another_thing() {
        assertThat(parsed("How many warehouses are there?").metrics()).containsExactly("warehouses_count");
        assertThat(cannot("How many warehouses handled shop orders in 2025?")).contains("how many warehouses");
    }

    @Test
    void or_between_values_is_one_group_unless_the_question_compares_them() {
        SemanticQuery union = parsed("How many urgent or high priority tickets were opened in 2025?");
        assertThat(union.groupBy()).isEmpty();
        assertThat(union.filters()).singleElement().satisfies(f -> assertThat(f.values()).containsExactlyInAnyOrder("urgent", "high"));
        SemanticQuery compared = parsed("Did Europe or North America have more paying customers in September 2026?");
        assertThat(dimensions(compared)).containsExactly("region");
    }

    @Test
    void the_best_periods_are_a_ranking_at_that_grain() {
        SemanticQuery q = parsed("What were our two best months for new customers in 2024?");
        assertThat(q.grain()).isEqualTo(Grain.MONTH);
        assertThat(q.limit()).isEqualTo(2);
        assertThat(q.order()).singleElement().satisfies(o -> assertThat(o.descending()).isTrue());
    }

    @Test
    void a_breakdown_asked_is_never_swallowed_as_a_word_of_the_metric() {
        SemanticQuery q = parsed("How much did we collect per payment method in 2024?");
        assertThat(q.metrics()).containsExactly("collected_payments");
        assertThat(dimensions(q)).hasSize(1);
    }

    @Test
    void a_dimension_named_by_its_last_word_after_a_cue_prefers_the_metrics_own_dataset() {
        SemanticQuery q = parsed("Through which channel did customers open the most support tickets in 2024?");
        assertThat(dimensions(q)).singleElement().asString().contains("channel").doesNotContain("acquisition");
        assertThat(q.limit()).isEqualTo(1);
    }

    @Test
    void a_day_range_and_a_week_of_a_month_are_periods() {
        SemanticQuery days = parsed("new customers per day from 3 to 9 March 2025");
        assertThat(days.start()).isEqualTo(LocalDate.parse("2025-03-03"));
        assertThat(days.end()).isEqualTo(LocalDate.parse("2025-03-10"));
        assertThat(days.grain()).isEqualTo(Grain.DAY);
    }

    @Test
    void a_value_the_metrics_own_definition_fixes_is_not_asked_of_it_and_an_ing_word_qualifies_its_noun() {
        // completed orders keep status = 'completed': refunded orders are counted by the metric of all statuses (they were 0)
        SemanticQuery refunded = parsed("how many orders were refunded in 2025");
        assertThat(refunded.metrics()).containsExactly("orders_placed");
        assertThat(refunded.filters()).extracting(Object::toString).containsExactly("order_status = refunded");
        // "returning customers" are customers who come back, not returns (it was answered with the number of returns)
        QuestionParser.Result returning = parser.parse("orders from returning customers");
        assertThat(returning).isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(parsed("returns in 2025").metrics()).containsExactly("returns");
    }

    @Test
    void a_moment_of_a_period_is_read_only_where_the_measure_has_one() {
        // headcount is the last snapshot of a period: the end of 2025 is that; its start is not (it was answered with the end),
        // nor the count of a month taken by month (whether that month's count is at its start or its end the model does not say)
        assertThat(parsed("headcount at the end of 2025").metrics()).containsExactly("headcount");
        assertThat(parser.parse("how many employees did we have at the start of 2025")).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(parser.parse("refunded amount at the start of Q3 2026")).isInstanceOf(QuestionParser.Cannot.class);
        // a refunded amount adds up over a period: at its end it has no value of its own (it was answered with the whole quarter)
        assertThat(parser.parse("refunded amount at the end of Q2 2026")).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(parser.parse("refund amount for end of q2")).isInstanceOf(QuestionParser.Cannot.class);
    }

    @Test
    void a_second_question_of_how_many_of_a_value_is_never_read_as_a_condition_of_the_first() {
        // it was answered with the converted trials alone, as "trials started where the outcome is converted"
        assertThat(parser.parse("trials started in Q3 2026 and how many converted?")).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(parsed("trials started in Q3 2026 that converted").filters()).isNotEmpty();
    }

    @Test
    void two_measures_joined_by_and_are_both_read_never_one_of_them_even_when_one_names_the_others_words() {
        SemanticQuery both = parsed("Show me revenue and MRR for 2024");
        assertThat(both.metrics()).containsExactly("total_revenue", "mrr");
        assertThat(both.start()).isEqualTo(LocalDate.parse("2024-01-01"));
        // "orders" has two readings: asked back, each option with both measures
        QuestionParser.Result orders = parser.parse("How many orders and returns did we have in March 2025?");
        assertThat(orders).isInstanceOf(QuestionParser.Clarify.class);
        for (String option : ((QuestionParser.Clarify) orders).options()) {
            assertThat(parsed(option).metrics()).hasSize(2).endsWith("returns");
        }
        // "leavers" is a measure's name and a word for a value of employment status: beside another measure it is that measure,
        // not a filter of the first (it was read as hires of former employees)
        assertThat(parsed("hires and leavers in 2025").metrics()).containsExactly("hires", "leavers");
        assertThat(parsed("hires vs leavers 2025").metrics()).containsExactly("hires", "leavers");
        assertThat(parsed("hires vs leavers 2025").filters()).isEmpty();
        assertThat(parsed("how many leavers in 2025").metrics()).containsExactly("leavers");
    }

    @Test
    void two_periods_sharing_one_year_are_compared_and_change_words_do_not_pick_a_growth_metric() {
        SemanticQuery lower = parsed("Were web sessions lower in Q3 or Q4 2025?");
        assertThat(lower.metrics()).containsExactly("sessions");
        assertThat(lower.start()).isEqualTo(LocalDate.parse("2025-10-01"));
        assertThat(lower.compareTo().start()).isEqualTo(LocalDate.parse("2025-07-01"));
        SemanticQuery change = parsed("By how much did MRR change from March to April 2026?");
        assertThat(change.metrics()).as("MRR in both months, not the month-over-month growth metric").containsExactly("mrr");
        assertThat(change.compareTo().start()).isEqualTo(LocalDate.parse("2026-03-01"));
        SemanticQuery list = parsed("How many orders were placed in July, August and September 2025?");
        assertThat(list.compareTo()).as("a list of months is one range").isNull();
        assertThat(list.start()).isEqualTo(LocalDate.parse("2025-07-01"));
        assertThat(list.end()).isEqualTo(LocalDate.parse("2025-10-01"));
    }

    @Test
    void a_grain_word_tied_to_its_dimension_by_another_form_of_its_word_is_a_value() {
        SemanticQuery q = parsed("How much MRR came from yearly billed subscriptions in August 2026?");
        assertThat(q.grain()).as("'yearly' here is the billing period, not a grain").isNull();
        assertThat(q.filters()).singleElement().satisfies(f -> {
            assertThat(f.field()).isEqualTo("billing_period");
            assertThat(f.values()).containsExactly("annual");
        });
        assertThat(parsed("MRR per year in 2025").grain()).as("without the billing word it stays a grain").isEqualTo(Grain.YEAR);
    }

    @Test
    void of_two_dimensions_one_word_names_the_one_whose_words_tie_it_to_the_metrics_rows_is_meant() {
        SemanticQuery leads = parsed("Which channel brought in the fewest leads in 2024?");
        assertThat(dimensions(leads)).containsExactly("marketing_channel");
        SemanticQuery customers = parsed("New customers by channel in 2024");
        assertThat(dimensions(customers)).containsExactly("acquisition_channel");
        assertThat(dimensions(parsed("leads per channel 2024"))).as("'per' is a cue as 'by' is").containsExactly("marketing_channel");
        SemanticQuery filtered = parsed("How many leads came in from organic search in 2025?");
        assertThat(filtered.filters()).singleElement().satisfies(f -> assertThat(f.field()).isEqualTo("marketing_channel"));
    }

    @Test
    void a_ranked_dimension_keeps_its_words_and_a_metric_that_cannot_reach_it_is_not_answered() {
        SemanticQuery lines = parsed("Top 4 product categories by line revenue in 2024");
        assertThat(dimensions(lines)).containsExactly("product_category");
        assertThat(lines.limit()).isEqualTo(4);
        // order totals cannot be split by a line's category: never grouped by something else instead
        assertThat(parser.parse("Top 4 product categories by shop revenue in 2024")).isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(dimensions(parsed("Split 2024 shop revenue by sales channel"))).containsExactly("sales_channel");
    }

    @Test
    void feature_usage_is_counted_in_usage_events() {
        SemanticQuery most = parsed("Which two features had the most usage in June 2026?");
        assertThat(most.metrics()).containsExactly("product_events");
        assertThat(dimensions(most)).containsExactly("feature");
        assertThat(most.limit()).isEqualTo(2);
    }

    @Test
    void the_event_a_metric_is_timed_by_is_not_a_status_filter_and_units_are_never_money() {
        SemanticQuery late = parsed("How many high priority tickets resolved in Q2 2025 breached SLA?");
        assertThat(late.metrics()).containsExactly("tickets_resolved_late");
        assertThat(late.filters()).as("'resolved' is the event the metric is timed by").extracting(SemanticQuery.Filter::field).containsExactly("priority");
        SemanticQuery sold = parsed("How many docking stations were sold in 2024?");
        assertThat(sold.metrics()).containsExactly("units_sold");
        assertThat(sold.filters()).singleElement().satisfies(f -> assertThat(f.values()).containsExactly("Docking stations"));
        assertThat(parser.parse("How much did we sell in 2024?")).as("units are not an amount").isNotInstanceOf(QuestionParser.Parsed.class);
        SemanticQuery migrated = parsed("How many subscriptions from the old billing system were still live?");
        assertThat(migrated.filters()).extracting(SemanticQuery.Filter::field).contains("billing_system");
    }

    @Test
    void a_question_for_a_list_of_values_names_no_metric_and_never_a_period_or_a_ranking() {
        SemanticQuery offices = parsed("Which offices are in Europe?");
        assertThat(offices.metrics()).isEmpty();
        assertThat(dimensions(offices)).containsExactly("office");
        assertThat(offices.filters()).singleElement().satisfies(f -> assertThat(f.values()).containsExactly("Europe"));
        assertThat(dimensions(parsed("What is the local currency of Canada?"))).containsExactly("country_currency");
        assertThat(parser.parse("Which offices opened in 2024?")).as("a period asks for a metric").isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(parser.parse("List the offices with the most people")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void which_periods_hold_no_rows_of_a_metric() {
        SemanticQuery weeks = parsed("In which weeks of 2025 did we get no new customers?");
        assertThat(weeks.asksGaps()).isTrue();
        assertThat(weeks.metrics()).containsExactly("new_customers");
        assertThat(weeks.grain()).isEqualTo(Grain.WEEK);
        assertThat(weeks.start()).isEqualTo(LocalDate.parse("2025-01-01"));
        SemanticQuery years = parsed("Which months between 2022 and 2024 had no leads?");
        assertThat(years.start()).isEqualTo(LocalDate.parse("2022-01-01"));
        assertThat(years.end()).isEqualTo(LocalDate.parse("2025-01-01"));
        assertThat(parser.parse("Which months of 2025 had no orders with a discount?")).as("'no' qualifies the orders, not the months")
                .isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(parsed("Which month of 2025 had the most completed orders?").asksGaps()).isFalse();
    }

    @Test
    void what_share_of_a_metric_a_filter_keeps() {
        SemanticQuery urgent = parsed("What percentage of the support tickets opened in 2024 were high priority?");
        assertThat(urgent.asksShare()).isTrue();
        assertThat(urgent.metrics()).containsExactly("tickets_opened");
        assertThat(urgent.filters()).singleElement().satisfies(f -> assertThat(f.field()).isEqualTo("priority"));
        SemanticQuery mrr = parsed("What share of MRR came from Business plan customers in June 2026?");
        assertThat(mrr.metrics()).as("the MRR named, not 'customer MRR' read from words out of order").containsExactly("mrr");
        assertThat(mrr.asksShare()).isTrue();
        assertThat(parser.parse("What share of our average order value came from Germany in 2025?")).as("an average has no parts")
                .isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(parsed("What percentage of orders were canceled in 2025?").asksShare()).as("a percentage metric of its own").isFalse();
    }

    @Test
    void reads_fiscal_years_by_the_fiscal_year_the_project_sets() {
        SemanticLayer april = new SemanticLayer(layer.model(), KnowledgeFiles.read(Path.of("knowledge")).knowledge(), layer.values(), demo.executor, java.util.List.of(),
                new dev.almanac.quality.FiscalYear(4));
        String question = "What was shop revenue in FY2026?";
        QuestionParser.Result fiscal = new QuestionParser(april, LocalDate.parse("2026-11-23")).parse(question);
        assertThat(fiscal).isInstanceOf(QuestionParser.Parsed.class);
        SemanticQuery q = ((QuestionParser.Parsed) fiscal).query();
        assertThat(q.start()).isEqualTo("2025-04-01");
        assertThat(q.end()).isEqualTo("2026-04-01");
        SemanticQuery calendar = parsed(question);
        assertThat(calendar.start()).as("without a fiscal year, FY2026 is the calendar year").isEqualTo("2026-01-01");
        assertThat(calendar.end()).isEqualTo("2027-01-01");
    }
}
