package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Text that holds a piece of text ("names containing 'al'", "a description with the letter 'w' in it") is a condition on
 * the attribute named before or after those words, whatever the case of the letters; the records' own noun is no such
 * attribute. On models drafted from Spider dev databases nobody here wrote, the answers' rows compared with queries
 * written by hand on the real SQLite files (whose LIKE ignores the case of ASCII letters).
 */
class TextContainingTest {
    @Test
    void an_attribute_named_before_the_words_holds_the_piece_whatever_its_case() {
        SemanticLayer layer = QuestionWordsTest.layer("voter_1");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery al = QuestionWordsTest.read(parser, "Which contestants have names containing 'al'?");
        assertThat(al.filters()).singleElement().satisfies(f -> {
            assertThat(f.op()).isEqualTo("contains");
            assertThat(f.values()).containsExactly("al");
        });
        assertThat(QuestionWordsTest.rows("voter_1", layer.compile(al).sql())).hasSizeGreaterThan(1)
                .isEqualTo(QuestionWordsTest.rows("voter_1", "SELECT contestant_name FROM contestants WHERE contestant_name LIKE '%al%'"));
        SemanticQuery withoutA = QuestionWordsTest.read(parser, "List the names of contestants whose names do not contain the letter o.");
        assertThat(withoutA.filters()).singleElement().satisfies(f -> assertThat(f.op()).isEqualTo("not_contains"));
        assertThat(QuestionWordsTest.rows("voter_1", layer.compile(withoutA).sql())).isNotEmpty()
                .isEqualTo(QuestionWordsTest.rows("voter_1", "SELECT contestant_name FROM contestants WHERE contestant_name NOT LIKE '%o%'"));
    }

    @Test
    void an_attribute_named_after_in_their_holds_the_piece_and_the_records_noun_is_no_attribute() {
        SemanticLayer layer = QuestionWordsTest.layer("cre_Doc_Template_Mgt");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery y = QuestionWordsTest.read(parser, "Give the document names and ids of documents which include the letter 'Y' in their description.");
        assertThat(y.filters()).singleElement().satisfies(f -> assertThat(f.field()).contains("description"));
        assertThat(QuestionWordsTest.rows("cre_Doc_Template_Mgt", layer.compile(y).sql())).hasSizeGreaterThan(1).isEqualTo(QuestionWordsTest.rows(
                "cre_Doc_Template_Mgt", "SELECT document_name, document_id FROM documents WHERE document_description LIKE '%y%'"));
        // which text of a document holds the letter is not said: not answered as its name's
        QuestionParser.Result which = parser.parse("Give the names of documents that contain the letter w.");
        assertThat(which instanceof QuestionParser.Parsed p && p.query().filters().stream().anyMatch(f -> f.op().equals("contains"))).isFalse();
    }

    @Test
    void the_piece_is_never_read_as_a_name_of_other_records() {
        // 'AL' is a state of area_code_state: after "containing" it is a piece of the contestants' names
        QuestionParser parser = QuestionWordsTest.parser("voter_1");
        assertThat(QuestionWordsTest.read(parser, "Show the names of the contestants whose names contain the substring 'Al'.").records()).isEqualTo("contestants");
    }
}
