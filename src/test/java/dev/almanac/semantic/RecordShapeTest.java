package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shape of a question about records reads the examples of its corpus, alone, into the query they give, and the whole
 * reader reads them so too (no shape tried before it takes them, and the reading says nothing the question does not); an
 * example read as {@code refused} is one the shape must not read.
 */
class RecordShapeTest {
    static Stream<Arguments> corpus() {
        return Arrays.stream(RecordShape.values()).flatMap(shape -> shape.examples().stream().map(example -> Arguments.of(shape, example)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("corpus")
    void every_shape_reads_the_examples_of_its_corpus(RecordShape shape, String example) throws Exception {
        CorpusExample e = CorpusExample.of(example);
        QuestionParser.Result alone = e.reader().readAs(shape, e.asked()).orElse(null);
        if (e.read().equals("refused")) { // an example the shape must leave alone (another reading, or none, is the question's)
            assertThat(alone instanceof QuestionParser.Parsed).as("read as %s alone: %s", shape, alone).isFalse();
            return;
        }
        JsonNode expected = e.query();
        assertThat(alone).as("read as %s alone", shape).isInstanceOf(QuestionParser.Parsed.class);
        JsonNode read = CorpusExample.json(((QuestionParser.Parsed) alone).query());
        assertThat(read).as(e.asked()).isEqualTo(expected);
        assertThat(e.reader().parse(e.asked())).as("read whole").isEqualTo(alone);
    }

    @Test
    void every_shape_has_a_corpus() {
        assertThat(RecordShape.values()).allSatisfy(shape -> assertThat(shape.examples()).as(shape.name()).isNotEmpty());
    }

    @Test
    void the_periods_without_rows_of_records_named_are_those_the_table_has_none_in() {
        String db = "student_transcripts_tracking";
        SemanticLayer layer = QuestionWordsTest.layer(db);
        SemanticQuery gaps = QuestionWordsTest.read(QuestionWordsTest.parser(layer), "In which years between 1990 and 2000 were there no transcripts?");
        java.util.Set<String> had = QuestionWordsTest.rows(db, "SELECT DISTINCT substr(transcript_date, 1, 4) FROM transcripts");
        java.util.List<String> none = java.util.stream.IntStream.rangeClosed(1990, 2000).mapToObj(String::valueOf).filter(y -> !had.contains(y)).toList();
        assertThat(none).isNotEmpty().hasSizeLessThan(11);
        assertThat(QuestionWordsTest.rowList(db, layer.compile(gaps).sql()).stream().map(r -> r.substring(0, 4)).toList()).isEqualTo(none);
    }

    @Test
    void a_verb_before_a_number_of_related_rows_is_the_relationship_only_when_it_is_no_model_word_and_not_denied() {
        QuestionParser reader = QuestionWordsTest.parser("orchestra");
        for (String q : java.util.List.of("Which conductors have not conducted more than one orchestra?", "Which conductors never conducted more than one orchestra?")) {
            assertThat(reader.readAs(RecordShape.RELATED_COUNT_CONDITION, q)).as(q).isEmpty();
        }
    }

    @Test
    void a_question_of_one_number_is_no_shape_of_records() {
        QuestionParser reader = QuestionWordsTest.parser("world_1");
        assertThat(RecordShape.values()).allSatisfy(shape -> assertThat(reader.readAs(shape, "What is the total population of Asia?")).as(shape.name()).isEmpty());
    }
}
