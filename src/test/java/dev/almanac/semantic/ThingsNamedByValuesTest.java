package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Things a model has no dataset for, named by the values of a column (a country's languages, kept as pairs of country and
 * language), and values that name the same rows by several attributes: read over the model `almanac init` drafts for
 * Spider's world_1, answers compared with SQL written by hand on its SQLite file.
 */
class ThingsNamedByValuesTest {
    private static final SemanticLayer WORLD = QuestionWordsTest.layer("world_1");

    private static java.util.Set<String> answer(String question) {
        QuestionParser.Result r = QuestionWordsTest.parser(WORLD).parse(question);
        assertThat(r).as(question + ": " + r).isInstanceOf(QuestionParser.Parsed.class);
        return new java.util.HashSet<>(WORLD.run(((QuestionParser.Parsed) r).query()).result().rows().stream()
                .map(row -> row.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining("|"))).toList());
    }

    @Test
    void a_key_of_a_table_of_pairs_that_refers_to_nothing_counts_the_things_it_names() {
        // countrylanguage is keyed by (CountryCode, Language); Language refers to no table: "languages" are its different values
        assertThat(WORLD.model().identifiedCount("language")).isPresent();
        assertThat(answer("How many languages are there?")).isEqualTo(QuestionWordsTest.rows("world_1", "SELECT count(DISTINCT Language) FROM countrylanguage"));
        assertThat(answer("How many languages are spoken in Afghanistan?")).isEqualTo(QuestionWordsTest.rows("world_1",
                "SELECT count(DISTINCT l.Language) FROM countrylanguage l JOIN country c ON l.CountryCode = c.Code WHERE c.Name = 'Afghanistan'"));
        // CountryCode refers to the countries, which have a dataset: it names nothing more
        assertThat(WORLD.model().identifiedCount("country code")).isEmpty();
    }

    @Test
    void a_value_of_two_attributes_is_one_reading_only_where_both_pick_the_same_rows() {
        // Aruba is a country's name and its local name, on the same row: one answer, by the name that names the records
        assertThat(answer("How many languages are spoken in Aruba?")).isEqualTo(QuestionWordsTest.rows("world_1",
                "SELECT count(DISTINCT l.Language) FROM countrylanguage l JOIN country c ON l.CountryCode = c.Code WHERE c.Name = 'Aruba'"));
        Dimension name = WORLD.model().dimension("country.name").orElseThrow(), local = WORLD.model().dimension("country.local_name").orElseThrow();
        assertThat(WORLD.sameRows(List.of(new QuestionParser.ValueHit(name, "Aruba"), new QuestionParser.ValueHit(local, "Aruba")))).isTrue();
        // values that pick different rows (one country, every country of its region) are not one reading
        Dimension region = WORLD.model().dimension("country.region").orElseThrow();
        assertThat(WORLD.sameRows(List.of(new QuestionParser.ValueHit(name, "Aruba"), new QuestionParser.ValueHit(region, "Caribbean")))).isFalse();
    }

    @Test
    void a_yes_no_column_called_after_an_adjective_is_read_as_the_column_writes_true() {
        // countrylanguage.IsOfficial holds 'T' and 'F': "official languages" are those where it is 'T'
        assertThat(answer("How many official languages are spoken in Afghanistan?")).isEqualTo(QuestionWordsTest.rows("world_1",
                "SELECT count(DISTINCT l.Language) FROM countrylanguage l JOIN country c ON l.CountryCode = c.Code WHERE c.Name = 'Afghanistan' AND l.IsOfficial = 'T'"));
        assertThat(ValueIndex.sameTruth("T", "true")).isTrue();
        assertThat(ValueIndex.sameTruth("N", "true")).isFalse();
    }
}
