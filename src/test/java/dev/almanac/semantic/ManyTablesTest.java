package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model of many tables with the same columns (every table has an amount): the words every table's measures share are
 * read only for the records the question names, and a question that names none is not answered (it would name dozens of
 * measures); the join planner decides what each fact reaches from one walk.
 */
class ManyTablesTest {
    private static final List<String> NOUNS = List.of("apple", "bridge", "candle", "desk", "engine", "forest", "garden", "harbor", "island",
            "jacket", "kettle", "ladder", "mirror", "needle", "orchard", "pillow", "quarry", "river", "saddle", "tunnel", "umbrella", "valley",
            "wagon", "yacht", "zipper", "anchor", "basket", "cabin", "dolphin", "feather");

    @Test
    void the_measures_every_table_has_are_read_for_the_records_named_only(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("many.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            String before = null;
            for (String n : NOUNS) {
                s.execute("CREATE TABLE " + n + " (id INTEGER PRIMARY KEY, " + (before == null ? "code" : before + "_id") + " INTEGER, name TEXT, amount REAL)");
                for (int i = 1; i <= 20; i++) s.execute("INSERT INTO " + n + " VALUES (" + i + ", " + (1 + i % 20) + ", '" + n + " " + i + "', " + (i * 2.5) + ")");
                before = n;
            }
        }
        SemanticLayer layer = QuestionWordsTest.layer(file);
        QuestionParser parser = QuestionWordsTest.parser(layer);
        assertThat(layer.model().metrics().stream().filter(m -> m.name().contains("amount")).count()).isGreaterThan(ReadingChoice.MAX_READINGS);
        assertThat(parser.parse("What is the total amount?")).as("thirty tables have an amount").isInstanceOf(QuestionParser.Cannot.class);
        SemanticQuery total = QuestionWordsTest.read(parser, "What is the total amount of the orchards?");
        assertThat(total.metrics()).singleElement().satisfies(m -> assertThat(layer.model().metric(m).map(x -> x.inputNames().isEmpty()
                ? ((SemanticMetric.Simple) x).dataset() : "").orElse("")).isEqualTo("orchard"));
        // each table refers to the one before it (a reference no key declares, which the draft infers): an orchard reaches its
        // needle many-to-one, and the needle's names break its amounts down; what it does not reach (the pillows after it) does not
        List<Dimension> sliced = layer.dimensionsOf(layer.model().metric(total.metrics().get(0)).orElseThrow());
        assertThat(sliced).extracting(Dimension::dataset).contains("needle").doesNotContain("pillow");
    }
}
