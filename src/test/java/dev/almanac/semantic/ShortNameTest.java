package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every rule of an attribute's short name reads the questions of its corpus, whole, into the query they give. */
class ShortNameTest {
    static Stream<Arguments> corpus() {
        return Arrays.stream(ShortName.values()).flatMap(rule -> rule.examples().stream().map(example -> Arguments.of(rule, example)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("corpus")
    void every_rule_reads_the_questions_of_its_corpus(ShortName rule, String example) throws Exception {
        CorpusExample.of(example).assertReadWhole();
    }

    @Test
    void every_rule_has_a_corpus() {
        assertThat(ShortName.values()).allSatisfy(rule -> assertThat(rule.examples()).as(rule.name()).isNotEmpty());
    }

    @Test
    void a_short_name_is_never_one_that_names_records_or_another_attribute() {
        // voter_1's contestant_number: "contestant" is what the records are called, not their number
        QuestionParser voters = QuestionWordsTest.parser("voter_1");
        Dataset contestants = voters.model.dataset("contestants").orElseThrow();
        assertThat(voters.lexicon.shortPhrases(contestants)).doesNotContainKey(java.util.List.of("contestant"));
        // "feature type name" is the name of a feature type, not a feature's type code called "feature type" with a word left over
        QuestionParser estates = QuestionWordsTest.parser("real_estate_properties");
        // (read now as the feature type names of the types one of whose features is AirCon, RelatedValues; never the code)
        QuestionParser.Result aircon = estates.parse("What is the feature type name of feature AirCon?");
        assertThat(aircon instanceof QuestionParser.Parsed p && p.query().groupBy().stream().anyMatch(g -> g.dimension().contains("code"))).isFalse();
        assertThat(aircon).isInstanceOfSatisfying(QuestionParser.Parsed.class,
                p -> assertThat(p.query().groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("feature_type_name"));
    }
}
