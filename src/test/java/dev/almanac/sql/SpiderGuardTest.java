package dev.almanac.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.source.Dialect;
import dev.almanac.testing.SpiderDatabases;
import java.nio.file.Files;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SQLite source's guard on the Spider dev set (../shared/bench/spider-dev; skipped when absent): every
 * gold query, and every prediction of the three published systems that SQLite itself accepts, is allowed,
 * and every table the guard reports is a table of that database.
 */
class SpiderGuardTest {
    static Guard guard;
    static SpiderDatabases databases;
    static List<String> gold;

    @BeforeAll
    static void open() throws Exception {
        SpiderDatabases.require();
        guard = new Guard(Dialect.SQLITE);
        databases = new SpiderDatabases();
        gold = Files.readAllLines(SpiderDatabases.SPIDER.resolve("dev_gold.sql"));
    }

    @AfterAll
    static void close() throws SQLException {
        if (guard != null) guard.close();
        if (databases != null) databases.close();
    }

    /** The statement's verdict; an allowed one's tables must be tables of the database. */
    static String problem(String db, String sql, List<String> unknownTables) throws SQLException {
        Verdict verdict = guard.check(sql);
        if (verdict instanceof Verdict.Rejected r) return r.reason();
        if (databases.has(db)) {
            for (String t : ((Verdict.Allowed) verdict).tables()) {
                if (!databases.tables(db).contains(t.toLowerCase(Locale.ROOT))) unknownTables.add(t + " in " + sql);
            }
        }
        return null;
    }

    @Test
    void every_gold_query_is_allowed_with_the_tables_of_its_database() throws Exception {
        List<String> rejected = new ArrayList<>();
        List<String> unknownTables = new ArrayList<>();
        for (String line : gold) {
            String[] parts = line.split("\t");
            String reason = problem(parts[1], parts[0], unknownTables);
            if (reason != null) rejected.add(parts[0] + "  <- " + reason);
        }
        assertThat(gold).hasSize(1034);
        assertThat(rejected).as("gold queries rejected by the SQLite guard").isEmpty();
        assertThat(unknownTables).as("tables reported that the database does not have").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"dail_sql_gpt4", "c3_chatgpt", "din_sql_gpt4"})
    void every_prediction_sqlite_accepts_is_allowed(String system) throws Exception {
        List<String> predictions = Files.readAllLines(SpiderDatabases.SPIDER.resolve("predictions").resolve(system + ".sql"));
        List<String> validButRejected = new ArrayList<>();
        List<String> unknownTables = new ArrayList<>();
        int valid = 0;
        for (int i = 0; i < predictions.size(); i++) {
            String db = gold.get(i).split("\t")[1];
            if (!databases.accepts(db, predictions.get(i))) continue;
            valid++;
            String reason = problem(db, predictions.get(i), unknownTables);
            if (reason != null) validButRejected.add((i + 1) + ": " + predictions.get(i) + "  <- " + reason);
        }
        assertThat(valid).as("predictions SQLite accepts").isGreaterThan(900);
        assertThat(validButRejected).as("valid %s predictions rejected by the SQLite guard", system).isEmpty();
        assertThat(unknownTables).as("tables reported that the database does not have").isEmpty();
    }
}
