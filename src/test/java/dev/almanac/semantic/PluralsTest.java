package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Plural nouns are read in their singular, the model's names and the question's alike. */
class PluralsTest {
    @Test
    void a_plural_in_ses_keeps_its_e_unless_its_singular_ends_in_a_hiss() {
        assertThat(QuestionWords.singular("courses")).isEqualTo("course");
        assertThat(QuestionWords.singular("houses")).isEqualTo("house");
        assertThat(QuestionWords.singular("expenses")).isEqualTo("expense");
        assertThat(QuestionWords.singular("classes")).isEqualTo("class");
        assertThat(QuestionWords.singular("statuses")).isEqualTo("status");
        assertThat(QuestionWords.singular("boxes")).isEqualTo("box");
        assertThat(QuestionWords.singular("branches")).isEqualTo("branch");
    }

    @Test
    void records_named_in_the_plural_are_the_records_of_their_attributes() throws Exception {
        // "courses" was read "cours": no attribute of a course (course_name) was ever reached by the records' plural
        CorpusExample.of("student_transcripts_tracking: List the names of all the courses. => {'group_by':[{'dimension':'course_name'}],'records':'courses'}")
                .assertReadWhole();
    }
}
