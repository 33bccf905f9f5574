package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * "The latest transcript", "the first student to register": the records first by their time (the one their dataset has,
 * or the one a verb names), every record tied for first kept; a verb that names no time of theirs is not guessed at. On
 * Spider's student_transcripts_tracking, drafted by `almanac init`, the rows compared with SQL written by hand.
 */
class LatestRecordsTest {
    private static final String DB = "student_transcripts_tracking";

    @Test
    void the_latest_records_are_first_by_their_one_time() {
        SemanticLayer layer = QuestionWordsTest.layer(DB);
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery latest = QuestionWordsTest.read(parser, "Show the transcript date and other details of the latest transcript.");
        assertThat(latest.limit()).isEqualTo(1);
        assertThat(QuestionWordsTest.rows(DB, layer.compile(latest).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows(DB,
                "SELECT transcript_date, other_details FROM transcripts WHERE transcript_date = (SELECT max(transcript_date) FROM transcripts)"));
        SemanticQuery earliest = QuestionWordsTest.read(parser, "Show the transcript date of the earliest transcript.");
        assertThat(QuestionWordsTest.rows(DB, layer.compile(earliest).sql())).isEqualTo(QuestionWordsTest.rows(DB, "SELECT min(transcript_date) FROM transcripts"));
    }

    @Test
    void a_verb_names_the_time_and_one_naming_none_is_not_guessed_at() {
        SemanticLayer layer = QuestionWordsTest.layer(DB);
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery first = QuestionWordsTest.read(parser, "List the first name and last name of the first student to register.");
        assertThat(QuestionWordsTest.rows(DB, layer.compile(first).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows(DB,
                "SELECT first_name, last_name FROM students WHERE date_first_registered = (SELECT min(date_first_registered) FROM students)"));
        // students have several times, none of them of graduating
        assertThat(parser.parse("List the first name of the most recently graduated student.")).isNotInstanceOf(QuestionParser.Parsed.class);
        // a number between: "the last 3 transcripts" is never "the last transcript"
        QuestionParser.Result three = parser.parse("Show the dates of the last 3 transcripts.");
        assertThat(three instanceof QuestionParser.Parsed p && Integer.valueOf(1).equals(p.query().limit())).isFalse();
    }
}
