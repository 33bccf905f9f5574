package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cortex Analyst models written as published ones are, imported and asked without a language model, on a library's
 * warehouse written for this test: tables named by a warehouse layer ({@code FACT_LOAN}, {@code DIM_TITLE}), relationships
 * written as {@code on:} pairs and as {@code left_join_key}, a rate whose denominator is {@code COUNT(*)}, a count of some
 * rows only ({@code COUNT(CASE WHEN ...)}), and a second model with no metric at all. Every answer is checked against SQL
 * written by hand over the same rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WarehouseNamedModelTest {
    Path home;
    Path library;
    Path feed;
    Path db;
    CliTest.Run importedLibrary;
    CliTest.Run importedFeed;
    Path club;
    CliTest.Run importedClub;

    static final String ROWS = """
            CREATE TABLE FACT_LOAN (LOAN_ID INTEGER, TITLE_NAME VARCHAR, TITLE_EDITION VARCHAR, MEMBER_ID INTEGER, BRANCH VARCHAR, RETURNED_LATE VARCHAR,
              STATUS VARCHAR, FINE DECIMAL(6,2), BORROWED_ON DATE);
            INSERT INTO FACT_LOAN VALUES
              (1, 'Dune', 'first', 10, 'Harbour', 'no', 'closed', 0, DATE '2025-02-03'), (2, 'Dune', 'first', 11, 'Harbour', 'yes', 'closed', 2.5, DATE '2025-02-04'),
              (3, 'Dune', 'second', 12, 'Hilltop', 'no', 'closed', 0, DATE '2025-03-01'), (4, 'Emma', 'first', 10, 'Hilltop', 'no', 'open', 0, DATE '2025-03-02'),
              (5, 'Emma', 'first', 13, 'Harbour', 'yes', 'closed', 4, DATE '2025-03-09'), (6, 'Ulysses', 'first', 11, 'Hilltop', 'no', 'open', 0, DATE '2025-04-11'),
              (7, 'Walden', 'third', 12, 'Harbour', 'yes', 'open', 7.5, DATE '2025-04-12'), (8, 'Walden', 'third', 14, 'Hilltop', 'no', 'open', 0, DATE '2025-04-20'),
              (9, 'Walden', 'third', 10, 'Harbour', 'no', 'open', 0, DATE '2025-05-02');
            CREATE TABLE DIM_TITLE (TITLE_NAME VARCHAR, TITLE_EDITION VARCHAR, GENRE VARCHAR);
            INSERT INTO DIM_TITLE VALUES ('Dune', 'first', 'fiction'), ('Dune', 'second', 'fiction'), ('Emma', 'first', 'fiction'), ('Ulysses', 'first', 'fiction');
            CREATE TABLE MEMBER_PROFILE (MEMBER_ID INTEGER, MEMBER_NAME VARCHAR, STATUS VARCHAR, JOINED_ON DATE);
            INSERT INTO MEMBER_PROFILE VALUES (10, 'Ada', 'active', DATE '2020-01-01'), (11, 'Ben', 'lapsed', DATE '2021-01-01'), (12, 'Cy', 'active', DATE '2022-01-01'),
              (13, 'Di', 'active', DATE '2023-01-01'), (14, 'Ed', 'lapsed', DATE '2024-01-01');
            CREATE TABLE ALERTS (ALERT_CODE VARCHAR, SENSOR VARCHAR, ALERT_KIND VARCHAR);
            INSERT INTO ALERTS VALUES ('a1', 'north', 'drift'), ('a2', 'north', 'gap'), ('a3', 'south', 'drift'), ('a4', 'roof', 'drift'), ('a5', 'roof', 'spike');
            CREATE TABLE SENSORS (SENSOR_CODE VARCHAR, SITE VARCHAR);
            INSERT INTO SENSORS VALUES ('NORTH', 'mast'), ('SOUTH', 'mast'), ('ROOF', 'tower');
            CREATE TABLE ATHLETES (ATHLETE_ID INTEGER, FULL_NAME VARCHAR, SQUAD VARCHAR, BEST_TIME DOUBLE, ATH_NOC VARCHAR);
            INSERT INTO ATHLETES VALUES (1, 'Ana Diaz', 'relay', 51.2, 'ESP'), (2, 'Ana Diaz', 'sprint', 11.9, 'MEX'), (3, 'Bo Lind', 'relay', 49.8, 'SWE'),
              (4, 'Cy Moss', 'sprint', 12.4, 'ESP'), (5, 'Di Park', 'relay', 53.0, 'ESP');
            CREATE TABLE RACES (RACE_ID INTEGER, ATHLETE_ID INTEGER, RACE_DATE DATE, PLACE INTEGER);
            INSERT INTO RACES VALUES (1, 1, DATE '2025-03-01', 1), (2, 1, DATE '2025-05-01', 2), (3, 1, DATE '2024-05-01', 3), (4, 2, DATE '2025-06-01', 1),
              (5, 2, DATE '2024-06-01', 2), (6, 2, DATE '2024-07-01', 1), (7, 3, DATE '2025-02-01', 5), (8, 3, DATE '2025-03-01', 6), (9, 4, DATE '2025-04-01', 2),
              (10, 4, DATE '2025-04-20', 3), (11, 4, DATE '2025-08-01', 1), (12, 4, DATE '2025-09-01', NULL), (13, 1, DATE '2025-10-01', NULL);
            CREATE TABLE DONATIONS (DONATION_ID INTEGER, DONATED_ON DATE, DONATION_AMOUNT DOUBLE);
            INSERT INTO DONATIONS VALUES (1, DATE '2025-01-05', 100), (2, DATE '2025-01-20', 250), (3, DATE '2025-02-02', 40), (4, DATE '2025-03-09', 75),
              (5, DATE '2025-03-10', 60), (6, DATE '2025-03-30', 500)
            """;

    static final String LIBRARY = """
            name: LENDING
            tables:
              - name: FACT_LOAN
                base_table: {database: LIB, schema: GOLD, table: FACT_LOAN}
                dimensions:
                  - {name: LOAN_ID, expr: LOAN_ID, data_type: NUMBER, unique: true}
                  - {name: TITLE_NAME, expr: TITLE_NAME, data_type: VARCHAR}
                  - {name: TITLE_EDITION, expr: TITLE_EDITION, data_type: VARCHAR}
                  - {name: MEMBER_ID, expr: MEMBER_ID, data_type: NUMBER}
                  - {name: BRANCH, expr: BRANCH, data_type: VARCHAR}
                  - {name: RETURNED_LATE, expr: RETURNED_LATE, data_type: VARCHAR}
                  - {name: STATUS, expr: STATUS, data_type: VARCHAR}
                facts:
                  - {name: FINE, expr: FINE, data_type: NUMBER}
                time_dimensions:
                  - {name: BORROWED_ON, expr: BORROWED_ON, data_type: DATE}
                metrics:
                  - name: LATE_LOANS
                    expr: COUNT(CASE WHEN RETURNED_LATE = 'yes' THEN 1 END)
                  - name: LATE_RATE
                    expr: COUNT(CASE WHEN RETURNED_LATE = 'yes' THEN 1 END) * 100.0 / NULLIF(COUNT(*), 0)
              - name: DIM_TITLE
                base_table: {database: LIB, schema: GOLD, table: DIM_TITLE}
                dimensions:
                  - {name: TITLE_NAME, expr: TITLE_NAME, data_type: VARCHAR}
                  - {name: TITLE_EDITION, expr: TITLE_EDITION, data_type: VARCHAR}
                  - {name: GENRE, expr: GENRE, data_type: VARCHAR}
              - name: MEMBER_PROFILE
                base_table: {database: LIB, schema: GOLD, table: MEMBER_PROFILE}
                primary_key: {columns: [MEMBER_ID]}
                dimensions:
                  - {name: MEMBER_ID, expr: MEMBER_ID, data_type: NUMBER}
                  - {name: MEMBER_NAME, expr: MEMBER_NAME, data_type: VARCHAR}
                  - {name: STATUS, expr: STATUS, data_type: VARCHAR}
                time_dimensions:
                  - {name: JOINED_ON, expr: JOINED_ON, data_type: DATE}
            relationships:
              - name: loan_title
                left_table: FACT_LOAN
                right_table: DIM_TITLE
                relationship_type: many_to_one
                on:
                  - {left_column: TITLE_NAME, right_column: TITLE_NAME}
                  - {left_column: TITLE_EDITION, right_column: TITLE_EDITION}
              - name: loan_member
                left_table: FACT_LOAN
                right_table: MEMBER_PROFILE
                relationship_type: many_to_one
                left_join_key: MEMBER_ID
                right_join_key: MEMBER_ID
            """;

    static final String FEED = """
            name: FEED
            tables:
              - name: ALERTS
                base_table: {database: LIB, schema: GOLD, table: ALERTS}
                dimensions:
                  - {name: ALERT_CODE, expr: ALERT_CODE, data_type: VARCHAR}
                  - {name: SENSOR, expr: SENSOR, data_type: VARCHAR}
                  - {name: ALERT_KIND, expr: ALERT_KIND, data_type: VARCHAR}
              - name: SENSORS
                base_table: {database: LIB, schema: GOLD, table: SENSORS}
                primary_key: {columns: [SENSOR_CODE]}
                dimensions:
                  - {name: SENSOR_CODE, expr: SENSOR_CODE, data_type: VARCHAR}
                  - {name: SITE, expr: SITE, data_type: VARCHAR}
            relationships:
              - {name: alert_sensor, left_table: ALERTS, right_table: SENSORS, relationship_type: many_to_one,
                 relationship_columns: [{left_column: SENSOR, right_column: SENSOR_CODE}]}
            """;

    static final String CLUB = """
            name: CLUB
            tables:
              - name: ATHLETES
                base_table: {database: LIB, schema: GOLD, table: ATHLETES}
                synonyms: [runners]
                primary_key: {columns: [ATHLETE_ID]}
                dimensions:
                  - {name: ATHLETE_ID, expr: ATHLETE_ID, data_type: NUMBER}
                  - {name: FULL_NAME, expr: FULL_NAME, data_type: VARCHAR}
                  - {name: SQUAD, expr: SQUAD, data_type: VARCHAR}
                  - {name: ATH_NOC, expr: ATH_NOC, data_type: VARCHAR, description: The National Olympic Committee the athlete competes for}
                facts:
                  - {name: BEST_TIME, expr: BEST_TIME, data_type: NUMBER, default_aggregation: avg}
              - name: RACES
                base_table: {database: LIB, schema: GOLD, table: RACES}
                primary_key: {columns: [RACE_ID]}
                dimensions:
                  - {name: RACE_ID, expr: RACE_ID, data_type: NUMBER}
                  - {name: ATHLETE_ID, expr: ATHLETE_ID, data_type: NUMBER}
                time_dimensions:
                  - {name: RACE_DATE, expr: RACE_DATE, data_type: DATE}
                facts:
                  - {name: PLACE, expr: PLACE, data_type: NUMBER, default_aggregation: min}
                metrics:
                  - {name: PODIUMS, expr: "COUNT(CASE WHEN PLACE <= 3 THEN 1 END)"}
                  - {name: RACES_FINISHED, expr: "COUNT(CASE WHEN PLACE IS NOT NULL THEN 1 END)"}
              - name: DONATIONS
                base_table: {database: LIB, schema: GOLD, table: DONATIONS}
                primary_key: {columns: [DONATION_ID]}
                dimensions:
                  - {name: DONATION_ID, expr: DONATION_ID, data_type: NUMBER}
                time_dimensions:
                  - {name: DONATED_ON, expr: DONATED_ON, data_type: DATE}
                facts:
                  - {name: DONATION_AMOUNT, expr: DONATION_AMOUNT, data_type: NUMBER, synonyms: [total donations]}
            relationships:
              - {name: race_athlete, left_table: RACES, right_table: ATHLETES, relationship_type: many_to_one,
                 relationship_columns: [{left_column: ATHLETE_ID, right_column: ATHLETE_ID}]}
            """;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        home = dir;
        System.setProperty("almanac.home", home.toString());
        db = dir.resolve("library.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            for (String sql : ROWS.split(";")) if (!sql.isBlank()) s.execute(sql);
        }
        library = project("library", LIBRARY);
        importedLibrary = CliTest.run("knowledge", "import", "--cortex", dir.resolve("library.yaml").toString(), "--project", library.toString());
        feed = project("feed", FEED);
        importedFeed = CliTest.run("knowledge", "import", "--cortex", dir.resolve("feed.yaml").toString(), "--project", feed.toString());
        club = project("club", CLUB);
        importedClub = CliTest.run("knowledge", "import", "--cortex", dir.resolve("club.yaml").toString(), "--project", club.toString());
    }

    Path project(String name, String model) throws Exception {
        Path p = home.resolve(name);
        Files.createDirectories(p.resolve("knowledge"));
        Files.writeString(p.resolve("almanac.yml"), "name: " + name + "\nsource: " + db + "\nknowledge: knowledge\n");
        Files.writeString(home.resolve(name + ".yaml"), model);
        return p;
    }

    @AfterAll
    void forget() {
        System.clearProperty("almanac.home");
    }

    JsonNode ask(Path project, String question) throws Exception {
        CliTest.Run r = CliTest.run("ask", question, "--llm", "none", "--format", "json", "--now", "2026-11-22", "--project", project.toString());
        return Json.MAPPER.readTree(r.out());
    }

    static List<String> rows(JsonNode answer) {
        List<String> out = new ArrayList<>();
        for (JsonNode row : answer.at("/data/rows")) {
            List<String> cells = new ArrayList<>();
            row.forEach(c -> cells.add(c.asText()));
            out.add(plain(String.join(" | ", cells)));
        }
        return out;
    }

    List<String> sql(String query) {
        return sql(library, query);
    }

    /** The rows hand-written SQL gives on a project's warehouse, written as {@link #rows} writes an answer's. */
    static List<String> sql(Path project, String query) {
        return CliTest.sqlRows(project, query).stream().map(r -> plain(r.replace(",", " | "))).toList();
    }

    /** A row's numbers written alike whatever their scale ("14.00" and "14.0" are 14), to six places. */
    static String plain(String row) {
        List<String> cells = new ArrayList<>();
        for (String c : row.split(" \\| ", -1)) {
            try {
                cells.add(new java.math.BigDecimal(c).setScale(6, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString());
            } catch (NumberFormatException e) {
                cells.add(c);
            }
        }
        return String.join(" | ", cells);
    }

    @Test
    void relationships_written_as_on_pairs_or_join_keys_are_imported() throws Exception {
        assertThat(importedLibrary.code()).as(importedLibrary.err() + importedLibrary.out()).isZero();
        JsonNode model = new ObjectMapper(new YAMLFactory()).readTree(library.resolve("knowledge/semantic/cortex.yml").toFile());
        List<String> joins = new ArrayList<>();
        model.path("relationships").forEach(r -> joins.add(r.path("from").asText() + "->" + r.path("to").asText() + " " + r.path("from_columns")));
        assertThat(joins).containsExactlyInAnyOrder("fact_loan->dim_title [\"TITLE_NAME\",\"TITLE_EDITION\"]", "fact_loan->member_profile [\"MEMBER_ID\"]");
        assertThat(importedLibrary.out()).doesNotContain("no relationship_columns");
    }

    @Test
    void the_rows_of_a_layer_named_table_are_counted_by_their_noun_and_not_by_a_count_of_some_of_them() throws Exception {
        JsonNode a = ask(library, "How many loans are there?");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(rows(a)).containsExactly(sql("SELECT count(*) FROM FACT_LOAN").get(0));
        assertThat(a.at("/provenance/explanation").asText()).contains("loans").doesNotContain("fact loan");
        JsonNode late = ask(library, "How many late loans are there?");
        assertThat(rows(late)).containsExactly(sql("SELECT count(*) FROM FACT_LOAN WHERE RETURNED_LATE = 'yes'").get(0));
    }

    @Test
    void a_ranking_by_the_rows_groups_by_the_name_the_rows_hold_not_by_a_joined_row_that_may_be_missing() throws Exception {
        // Walden has no row in DIM_TITLE: grouped through the join it would fall under an empty title
        JsonNode a = ask(library, "top 2 titles by loans");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(rows(a)).containsExactlyInAnyOrderElementsOf(sql("SELECT TITLE_NAME, count(*) FROM FACT_LOAN GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 2"));
        JsonNode most = ask(library, "Which titles have the most loans?");
        assertThat(rows(most)).containsExactlyInAnyOrderElementsOf(sql("SELECT TITLE_NAME, count(*) FROM FACT_LOAN GROUP BY 1"));
    }

    @Test
    void a_fact_that_leaves_its_aggregation_to_the_question_is_averaged_when_asked_and_summed_when_totalled() throws Exception {
        assertThat(rows(ask(library, "What is the average fine?"))).containsExactly(sql("SELECT avg(FINE) FROM FACT_LOAN").get(0));
        assertThat(rows(ask(library, "What is the total fine?"))).containsExactly(sql("SELECT sum(FINE) FROM FACT_LOAN").get(0));
        assertThat(rows(ask(library, "average fine by branch"))).containsExactlyInAnyOrderElementsOf(sql("SELECT BRANCH, avg(FINE) FROM FACT_LOAN GROUP BY 1"));
    }

    @Test
    void the_rows_noun_before_an_attribute_two_tables_have_says_whose_it_is() throws Exception {
        // STATUS is a loan's (open, closed) and a member's (active, lapsed); the member profile is keyed by MEMBER_ID
        JsonNode byLoan = ask(library, "How many loans are there by loan status?");
        assertThat(rows(byLoan)).as(byLoan.toString()).containsExactlyInAnyOrderElementsOf(sql("SELECT STATUS, count(*) FROM FACT_LOAN GROUP BY 1"));
        JsonNode byMember = ask(library, "How many loans are there by member status?");
        assertThat(rows(byMember)).as(byMember.toString()).containsExactlyInAnyOrderElementsOf(
                sql("SELECT m.STATUS, count(*) FROM FACT_LOAN l JOIN MEMBER_PROFILE m USING (MEMBER_ID) GROUP BY 1"));
        // with no noun, the status is the counted rows' own
        assertThat(rows(ask(library, "How many loans are there by status?"))).containsExactlyInAnyOrderElementsOf(sql("SELECT STATUS, count(*) FROM FACT_LOAN GROUP BY 1"));
    }

    @Test
    void a_breakdown_whose_records_match_no_row_measured_is_not_answered_as_one_empty_group() throws Exception {
        // the feed writes sensors in lower case, the sensor table in upper case: no alert reaches a site
        assertThat(sql("SELECT count(*) FROM ALERTS a JOIN SENSORS s ON s.SENSOR_CODE = a.SENSOR")).containsExactly("0");
        JsonNode a = ask(feed, "How many alerts are there by site?");
        assertThat(a.get("kind").asText()).as(a.toString()).isNotEqualTo("result");
        assertThat(a.get("answer").asText()).contains("no group");
        assertThat(a.get("data").isNull() || a.get("data").isMissingNode()).isTrue();
    }

    @Test
    void a_model_with_no_metric_still_counts_its_rows() throws Exception {
        assertThat(importedFeed.code()).as(importedFeed.err() + importedFeed.out()).isZero();
        JsonNode a = ask(feed, "How many alerts are there of each alert kind?");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(rows(a)).containsExactlyInAnyOrderElementsOf(sql(feed, "SELECT ALERT_KIND, count(*) FROM ALERTS GROUP BY 1"));
    }

    @Test
    void records_listed_with_their_own_value_of_a_fact_show_each_record_once_with_its_value() throws Exception {
        assertThat(importedClub.code()).as(importedClub.err() + importedClub.out()).isZero();
        // two athletes share a name: each keeps its own time, never one merged value for the name
        JsonNode relay = ask(club, "Show all relay athletes with their best times");
        assertThat(relay.get("kind").asText()).as(relay.toString()).isEqualTo("result");
        assertThat(rows(relay)).containsExactlyInAnyOrderElementsOf(sql(club, "SELECT FULL_NAME, BEST_TIME FROM ATHLETES WHERE SQUAD = 'relay'"));
        JsonNode all = ask(club, "List the athletes and their best time");
        assertThat(rows(all)).as(all.toString()).containsExactlyInAnyOrderElementsOf(sql(club, "SELECT FULL_NAME, BEST_TIME FROM ATHLETES"));
        // the average over them all is still one number
        assertThat(rows(ask(club, "What is the average best time in the relay squad?")))
                .containsExactly(plain(CliTest.sqlRows(club, "SELECT avg(BEST_TIME) FROM ATHLETES WHERE SQUAD = 'relay'").get(0)));
        // a possessive before what is no value of theirs is not answered
        assertThat(ask(club, "List the athletes with their coaches").get("kind").asText()).isNotEqualTo("result");
    }

    @Test
    void records_are_ranked_by_a_measure_under_what_their_rows_are_called() throws Exception {
        // "runners" is only the table's synonym; the two Ana Diaz are two records
        JsonNode top = ask(club, "top 3 runners by best time");
        assertThat(top.get("kind").asText()).as(top.toString()).isEqualTo("result");
        assertThat(rows(top)).containsExactlyElementsOf(sql(club, "SELECT FULL_NAME, BEST_TIME FROM ATHLETES ORDER BY BEST_TIME DESC LIMIT 3"));
        JsonNode fastest = ask(club, "Which athlete has the lowest best time?");
        assertThat(rows(fastest)).as(fastest.toString()).containsExactlyElementsOf(sql(club, "SELECT FULL_NAME, BEST_TIME FROM ATHLETES ORDER BY BEST_TIME LIMIT 1"));
    }

    @Test
    void an_attribute_named_by_initials_its_description_spells_out_is_read_by_those_words() throws Exception {
        List<String> byCommittee = sql(club, "SELECT ATH_NOC, count(*) FROM ATHLETES GROUP BY 1");
        JsonNode a = ask(club, "How many athletes are there by national olympic committee?");
        assertThat(rows(a)).as(a.toString()).containsExactlyInAnyOrderElementsOf(byCommittee);
        // "the distribution of" the records by a group: how many of them are in each
        JsonNode spread = ask(club, "What is the distribution of athletes by national olympic committee?");
        assertThat(rows(spread)).as(spread.toString()).containsExactlyInAnyOrderElementsOf(byCommittee);
        // initials the description does not spell are not read as them
        assertThat(ask(club, "How many athletes are there by national ski association?").get("kind").asText()).isNotEqualTo("result");
    }

    @Test
    void a_terse_count_of_rows_by_a_group_reads_a_value_said_before_the_rows_noun() throws Exception {
        JsonNode walden = ask(library, "Walden loans by branch");
        assertThat(walden.get("kind").asText()).as(walden.toString()).isEqualTo("result");
        assertThat(rows(walden)).containsExactlyInAnyOrderElementsOf(sql("SELECT BRANCH, count(*) FROM FACT_LOAN WHERE TITLE_NAME = 'Walden' GROUP BY 1"));
        // a word before the noun that is no value of theirs is named, not dropped
        JsonNode odd = ask(library, "purple loans by branch");
        assertThat(odd.get("kind").asText()).isNotEqualTo("result");
        assertThat(odd.get("answer").asText()).contains("purple");
    }

    @Test
    void the_trend_of_rows_is_their_number_in_each_period() throws Exception {
        JsonNode a = ask(library, "Show the monthly trend of loans in 2025");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(rows(a)).containsAll(sql("SELECT strftime(date_trunc('month', BORROWED_ON), '%Y-%m-%d'), count(*) FROM FACT_LOAN GROUP BY 1 ORDER BY 1"));
    }

    @Test
    void a_value_of_the_records_kind_said_as_their_noun_names_the_records_of_that_kind() throws Exception {
        JsonNode drifts = ask(feed, "How many drifts are there?");
        assertThat(drifts.get("kind").asText()).as(drifts.toString()).isEqualTo("result");
        assertThat(rows(drifts)).containsExactly(CliTest.sqlRows(feed, "SELECT count(*) FROM ALERTS WHERE ALERT_KIND = 'drift'").get(0));
        // a value of an attribute that is no kind of theirs is not their noun
        assertThat(ask(feed, "How many norths are there?").get("kind").asText()).isNotEqualTo("result");
    }

    @Test
    void records_kept_by_a_count_the_model_names_over_a_period_count_only_that_periods_rows() throws Exception {
        JsonNode a = ask(club, "Which athletes had more than 1 podiums in 2025?");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        // Ana Diaz (#2) has three podiums, only one of them in 2025: she is not listed
        assertThat(rows(a)).containsExactlyInAnyOrderElementsOf(CliTest.sqlRows(club, "SELECT a.FULL_NAME FROM ATHLETES a JOIN RACES r USING (ATHLETE_ID) "
                + "WHERE r.PLACE <= 3 AND r.RACE_DATE >= DATE '2025-01-01' AND r.RACE_DATE < DATE '2026-01-01' GROUP BY a.ATHLETE_ID, a.FULL_NAME HAVING count(*) > 1"));
        JsonNode ever = ask(club, "Which athletes have more than 1 podiums?");
        assertThat(rows(ever)).as(ever.toString()).containsExactlyInAnyOrderElementsOf(CliTest.sqlRows(club, "SELECT a.FULL_NAME FROM ATHLETES a JOIN RACES r USING (ATHLETE_ID) "
                + "WHERE r.PLACE <= 3 GROUP BY a.ATHLETE_ID, a.FULL_NAME HAVING count(*) > 1"));
    }

    @Test
    void the_trend_of_what_a_measure_is_named_by_is_the_measures_not_the_rows_number() throws Exception {
        // "donations" names the rows and, as the total donations, a measure: the trend is the amount's, as "donations by month" is
        JsonNode a = ask(club, "Show the monthly trend of donations in 2025");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(rows(a)).containsAll(sql(club, "SELECT strftime(date_trunc('month', DONATED_ON), '%Y-%m-%d'), sum(DONATION_AMOUNT) FROM DONATIONS GROUP BY 1 ORDER BY 1"));
    }

    @Test
    void a_verb_that_is_a_word_of_the_count_says_which_rows_are_counted() throws Exception {
        // "finished" is the count's own word: the races finished, not all races (Ana Diaz #1 ran three in 2025, finished two)
        JsonNode a = ask(club, "Which athletes finished more than 2 races in 2025?");
        assertThat(a.get("kind").asText()).as(a.toString()).isEqualTo("result");
        assertThat(rows(a)).containsExactlyInAnyOrderElementsOf(sql(club, "SELECT a.FULL_NAME FROM ATHLETES a JOIN RACES r USING (ATHLETE_ID) "
                + "WHERE r.PLACE IS NOT NULL AND r.RACE_DATE >= DATE '2025-01-01' AND r.RACE_DATE < DATE '2026-01-01' GROUP BY a.ATHLETE_ID, a.FULL_NAME HAVING count(*) > 2"));
    }
}
