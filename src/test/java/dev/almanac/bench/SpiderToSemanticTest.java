package dev.almanac.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.eval.Comparison;
import dev.almanac.eval.ResultComparator;
import dev.almanac.eval.Table;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.semantic.ModelDrafter;
import dev.almanac.semantic.SemanticLayer;
import dev.almanac.semantic.SemanticModel;
import dev.almanac.semantic.ValueIndex;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.sql.QueryResult;
import dev.almanac.testing.SpiderDatabases;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Gold queries of Spider's concert_singer written as semantic queries over the model `almanac init` drafts, run on its SQLite file. */
class SpiderToSemanticTest {
    @Test
    void gold_queries_of_every_shape_give_the_gold_rows_and_the_rest_say_why_they_have_no_semantic_form() {
        SpiderDatabases.require();
        try (Source source = Sources.openFile(SpiderDatabases.SPIDER.resolve("database/concert_singer/concert_singer.sqlite"));
             Guard guard = new Guard(source.dialect())) {
            QueryExecutor executor = new QueryExecutor(source, guard, QueryLimits.DEFAULT);
            ModelDrafter.Outcome drafted = new ModelDrafter(executor, ModelDrafter.Settings.DEFAULT, ModelDrafter.Existing.NONE, null)
                    .draft(new CatalogIntrospector().structure(source));
            SemanticModel model = SemanticModel.of(drafted.files(), source.dialect());
            SemanticLayer layer = new SemanticLayer(model, KnowledgeSet.EMPTY, ValueIndex.build(model, executor, ValueIndex.DEFAULT_LIMIT), executor);
            SpiderToSemantic converter = new SpiderToSemantic(model);
            for (String gold : List.of(
                    "SELECT count(*) FROM singer",                                                          // a count
                    "SELECT avg(age), min(age), max(age) FROM singer WHERE country = 'France'",             // several aggregates, a filter
                    "SELECT name, country, age FROM singer ORDER BY age DESC",                              // records, ordered
                    "SELECT DISTINCT country FROM singer WHERE age > 20",                                   // distinct values
                    "SELECT T2.name, count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id GROUP BY T1.stadium_id",
                    "SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert)",     // no related rows
                    "SELECT name, capacity FROM stadium WHERE capacity = (SELECT max(capacity) FROM stadium)", // a superlative
                    "SELECT country FROM singer GROUP BY country HAVING count(*) > 1",                      // a condition on an aggregate
                    "SELECT count(*) FROM concert WHERE YEAR = 2014 OR YEAR = 2015")) {                     // an OR of values
                SpiderToSemantic.Conversion c = converter.convert(gold);
                assertThat(c.expressed()).as(gold + ": " + c.unexpressed()).isTrue();
                QueryResult theirs = executor.execute(gold);
                QueryResult ours = layer.run(c.query()).result();
                assertThat(theirs.rowCount()).as(gold).isPositive();
                assertThat(ResultComparator.compare(new Table(theirs.columns(), theirs.rows()), new Table(ours.columns(), ours.rows()), Comparison.EXACT, 0,
                        ResultComparator.ordersResult(gold)).passed()).as(gold + " as " + c.query() + ": " + ours.rows() + " against " + theirs.rows()).isTrue();
            }
            assertThat(converter.convert("SELECT country FROM singer WHERE age > 40 INTERSECT SELECT country FROM singer WHERE age < 30").unexpressed())
                    .contains("set operation");
            assertThat(converter.convert("SELECT song_name FROM singer WHERE age > (SELECT avg(age) FROM singer)").unexpressed()).contains("not a literal");
        }
    }
}
