package dev.almanac.reading;

import static dev.almanac.reading.FunctionClass.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FunctionWordsTest {
    private final FunctionWords words = FunctionWords.english();

    @Test
    void articles_demonstratives_and_quantifiers_are_determiners() {
        assertThat(words.classesOf("the")).containsExactly(ARTICLE);
        assertThat(words.classesOf("an")).containsExactly(ARTICLE);
        assertThat(words.classesOf("those")).contains(DEMONSTRATIVE);
        for (String q : List.of("all", "each", "every", "some", "any", "no", "both", "either", "neither", "few", "many", "much", "several")) {
            assertThat(words.is(q, QUANTIFIER)).as(q).isTrue();
        }
        assertThat(words.classesOf("no")).contains(QUANTIFIER, NEGATION);
    }

    @Test
    void pronouns_of_every_kind_are_function_words() {
        assertThat(words.classesOf("they")).containsExactly(PERSONAL_PRONOUN);
        assertThat(words.classesOf("her")).contains(PERSONAL_PRONOUN, POSSESSIVE);
        assertThat(words.classesOf("our")).containsExactly(POSSESSIVE);
        assertThat(words.classesOf("themselves")).containsExactly(REFLEXIVE_PRONOUN);
        assertThat(words.classesOf("this")).contains(DEMONSTRATIVE);
        assertThat(words.classesOf("that")).contains(DEMONSTRATIVE, RELATIVE, SUBORDINATOR);
        assertThat(words.classesOf("anyone")).containsExactly(INDEFINITE_PRONOUN);
        assertThat(words.classesOf("something")).containsExactly(INDEFINITE_PRONOUN);
        assertThat(words.classesOf("nobody")).contains(INDEFINITE_PRONOUN, NEGATION);
    }

    @Test
    void question_words_are_interrogative() {
        for (String q : List.of("what", "which", "who", "whom", "whose", "where", "when", "why", "how")) {
            assertThat(words.is(q, INTERROGATIVE)).as(q).isTrue();
        }
        assertThat(words.classesOf("what's")).contains(INTERROGATIVE, AUXILIARY);
    }

    @Test
    void simple_prepositions_carry_their_class() {
        for (String p : List.of("by", "per", "in", "of", "since", "during", "between", "via", "versus", "without")) {
            assertThat(words.is(p, PREPOSITION)).as(p).isTrue();
        }
    }

    @Test
    void complex_prepositions_are_read_as_one_unit_from_their_first_word() {
        List<String> question = List.of("rainfall", "according", "to", "each", "station");
        assertThat(words.phraseAt(question, 1)).get().satisfies(p -> {
            assertThat(p.text()).isEqualTo("according to");
            assertThat(p.is(PREPOSITION)).isTrue();
        });
        assertThat(words.phraseAt(List.of("parked", "in", "front", "of", "the", "library"), 1)).get()
                .extracting(FunctionPhrase::text).isEqualTo("in front of");
        assertThat(words.phraseAt(List.of("stock", "as", "of", "june"), 1)).get().extracting(FunctionPhrase::text).isEqualTo("as of");
        assertThat(words.phraseAt(List.of("late", "because", "of", "snow"), 1)).get().extracting(FunctionPhrase::text).isEqualTo("because of");
        assertThat(words.phraseAt(List.of("out", "of", "stock"), 0)).get().extracting(FunctionPhrase::text).isEqualTo("out of");
        // "in" alone where no longer unit follows
        assertThat(words.phraseAt(List.of("rain", "in", "june"), 1)).get().extracting(FunctionPhrase::text).isEqualTo("in");
        assertThat(words.phraseAt(List.of("rain", "in", "june"), 0)).isEmpty();
        assertThat(words.isFunctionWord("in spite of")).isTrue();
    }

    @Test
    void auxiliaries_and_modals_come_with_all_their_forms_and_contractions() {
        for (String a : List.of("be", "am", "is", "are", "was", "were", "been", "being", "'s", "'re", "have", "has", "had", "'ve", "do", "does", "did")) {
            assertThat(words.is(a, AUXILIARY)).as(a).isTrue();
        }
        for (String m : List.of("can", "could", "will", "would", "shall", "should", "may", "might", "must", "'ll")) {
            assertThat(words.is(m, MODAL)).as(m).isTrue();
        }
        assertThat(words.classesOf("didn't")).contains(AUXILIARY, NEGATION);
        assertThat(words.classesOf("isn't")).contains(AUXILIARY, NEGATION);
        assertThat(words.classesOf("won't")).contains(MODAL, NEGATION);
        // the typographic apostrophe reads as the plain one
        assertThat(words.classesOf("Don\u2019t")).contains(AUXILIARY, NEGATION);
    }

    @Test
    void conjunctions_negation_infinitive_marker_and_existential_there() {
        assertThat(words.classesOf("and")).containsExactly(COORDINATOR);
        assertThat(words.classesOf("or")).containsExactly(COORDINATOR);
        assertThat(words.classesOf("because")).containsExactly(SUBORDINATOR);
        assertThat(words.classesOf("whether")).containsExactly(SUBORDINATOR);
        assertThat(words.classesOf("not")).containsExactly(NEGATION);
        assertThat(words.classesOf("n't")).containsExactly(NEGATION);
        assertThat(words.classesOf("never")).containsExactly(NEGATION);
        assertThat(words.classesOf("to")).contains(INFINITIVE_MARKER, PREPOSITION);
        assertThat(words.classesOf("there")).containsExactly(EXISTENTIAL_THERE);
        assertThat(words.classesOf("The")).containsExactly(ARTICLE);
    }

    @Test
    void content_words_are_not_function_words() {
        for (String w : List.of("total", "popular", "common", "currently", "kind", "type", "signed", "generated", "show", "list", "number",
                "value", "average", "price", "sold", "open", "weather", "quickly", "large", "rain", "station", "get", "make", "see")) {
            assertThat(words.isFunctionWord(w)).as(w).isFalse();
            assertThat(words.classesOf(w)).as(w).isEmpty();
        }
        assertThat(words.phraseAt(List.of("total", "rainfall"), 0)).isEmpty();
    }

    @Test
    void every_entry_has_at_least_one_class() {
        assertThat(words.entries()).hasSizeGreaterThan(250);
        words.entries().forEach((w, c) -> {
            assertThat(c).as(w).isNotEmpty();
            assertThat(w).as("written as it is compared").isEqualTo(Spelling.normal(w));
        });
    }
}
