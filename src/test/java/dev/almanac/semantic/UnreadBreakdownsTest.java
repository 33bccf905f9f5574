package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A word that names a breakdown, right after another breakdown ("billed by account region"), is read or refused; it is
 * never let pass as a word of the records the rows refer to (the accounts' region entity), which answered by account
 * alone. Over a utility's model written for this test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UnreadBreakdownsTest {
    static final LocalDate TODAY = LocalDate.of(2026, 4, 20);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "utility", """
                CREATE TABLE regions (region_id INTEGER PRIMARY KEY, region VARCHAR);
                INSERT INTO regions VALUES (1, 'North'), (2, 'South');
                CREATE TABLE accounts (account_id INTEGER PRIMARY KEY, account_name VARCHAR, region_id INTEGER);
                INSERT INTO accounts VALUES (1, 'Acme', 1), (2, 'Bolt', 2), (3, 'Crane', 1);
                CREATE TABLE bills (bill_id INTEGER PRIMARY KEY, account_id INTEGER, billed_on DATE, amount DECIMAL(10, 2));
                INSERT INTO bills VALUES (1, 1, '2026-03-02', 100), (2, 2, '2026-03-05', 40), (3, 3, '2026-03-09', 60), (4, 1, '2026-02-11', 10)
                """, """
                name: utility
                datasets:
                  - name: regions
                    table: regions
                    primary_key: [region_id]
                    entities:
                      - {name: region, type: primary, expr: region_id}
                    dimensions:
                      - {name: region, type: categorical}
                  - name: accounts
                    table: accounts
                    primary_key: [account_id]
                    entities:
                      - {name: account, type: primary, expr: account_id}
                      - {name: region, type: foreign, expr: region_id}
                    dimensions:
                      - {name: account_name, type: categorical, label: Account, label_of: account}
                  - name: bills
                    table: bills
                    primary_key: [bill_id]
                    default_time_dimension: billed_on
                    entities:
                      - {name: bill, type: primary, expr: bill_id}
                      - {name: account, type: foreign, expr: account_id}
                    dimensions:
                      - {name: billed_on, type: time, grain: day}
                metrics:
                  - {name: billed, type: simple, dataset: bills, agg: sum, expr: amount, label: Amount billed, synonyms: [billed]}
                """, "a utility's accounts and bills");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    QuestionParser.Result parsed(String question) {
        return db.parse(TODAY, question);
    }

    @Test
    void a_breakdown_after_another_is_never_let_pass() {
        QuestionParser.Result byRegion = parsed("billed by region in March 2026");
        assertThat(byRegion).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) byRegion).query().groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("region");
        QuestionParser.Result byAccount = parsed("billed by account in March 2026");
        assertThat(byAccount).isInstanceOf(QuestionParser.Parsed.class);
        // "account region": not by account alone
        QuestionParser.Result both = parsed("billed by account region in March 2026");
        if (both instanceof QuestionParser.Parsed p) assertThat(p.query().groupBy()).extracting(SemanticQuery.GroupBy::dimension).contains("region");
    }
}
