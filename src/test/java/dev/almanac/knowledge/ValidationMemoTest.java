package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workspace that validates its knowledge folder on every save remembers the SQL that ran clean against the database
 * file as it was, and runs it again only when the file changed: a real DuckDB file, changed between two validations.
 */
class ValidationMemoTest {
    @TempDir
    Path dir;

    @Test
    void sql_that_ran_clean_is_not_run_again_until_the_database_file_changes() throws Exception {
        Path db = dir.resolve("shop.duckdb");
        write(db, "CREATE TABLE orders (amount INTEGER)", "INSERT INTO orders VALUES (5), (7)");
        Path knowledge = dir.resolve("knowledge");
        Files.createDirectories(knowledge.resolve("queries"));
        Files.writeString(knowledge.resolve("queries/order_total.yml"), """
                name: order_total
                question: What do the orders add up to?
                sql: SELECT sum(amount) AS total FROM orders
                verified_by: the shop's analyst
                verified_at: '2026-11-02'
                """);
        var memo = new KnowledgeValidator.RanClean();

        Optional<String> before;
        KnowledgeValidator.Scope asBefore;
        try (Source source = Sources.openFile(db)) {
            before = source.fingerprint();
            asBefore = memo.of(source.id(), before);
            assertThat(validate(source, asBefore, knowledge)).isEmpty();
        }
        write(db, "ALTER TABLE orders RENAME TO sales");
        try (Source source = Sources.openFile(db)) {
            assertThat(source.fingerprint()).as("a changed file has another fingerprint").isPresent().isNotEqualTo(before);
            List<Problem> now = validate(source, memo.of(source.id(), source.fingerprint()), knowledge);
            assertThat(now).as("the query is run again on the changed file, and fails there").hasSize(1);
            assertThat(now.get(0).message()).contains("orders");
            assertThat(validate(source, asBefore, knowledge)).as("kept under the old fingerprint, it is not run").isEmpty();
            assertThat(validate(source, memo.of(source.id(), Optional.empty()), knowledge))
                    .as("a source without a fingerprint keeps nothing").hasSize(1);
            assertThat(validate(source, memo.of(source.id(), source.fingerprint()), knowledge)).as("a failure is never kept").hasSize(1);
        }
    }

    private static List<Problem> validate(Source source, KnowledgeValidator.Scope scope, Path knowledge) {
        try (Guard guard = new Guard(source.dialect())) {
            var catalog = new CatalogIntrospector().introspect(source);
            var executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            return new KnowledgeValidator(catalog, executor, List.of(), scope).validate(KnowledgeFiles.read(knowledge));
        }
    }

    private static void write(Path db, String... statements) throws Exception {
        try (var connection = DriverManager.getConnection("jdbc:duckdb:" + db); var statement = connection.createStatement()) {
            for (String sql : statements) statement.execute(sql);
        }
    }
}
