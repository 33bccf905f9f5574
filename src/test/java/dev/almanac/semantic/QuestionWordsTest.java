package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogIntrospector;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.testing.SpiderDatabases;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Words as people type them, on models drafted from databases nobody here wrote (Spider dev, through the drafter as
 * `almanac init` runs it): a misspelled or abbreviated word of the model reads as that word, an English word never does,
 * and a word the reader cannot place stops the answer.
 */
class QuestionWordsTest {
    /** Checks that none of the questions is read into a query over the database's drafted model (each is refused or asked back). */
    static void assertNotRead(String database, String... questions) {
        QuestionParser reader = parser(database);
        for (String q : questions) org.assertj.core.api.Assertions.assertThat(reader.parse(q)).as(q).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    static QuestionParser parser(String database) {
        return parser(layer(database));
    }

    /** A reader of the layer on the day the tests read questions on. */
    static QuestionParser parser(SemanticLayer layer) {
        return new QuestionParser(layer, LocalDate.of(2026, 11, 22));
    }

    /** The semantic layer of the model `almanac init` drafts for a Spider dev database, over that database (SQLite). */
    static SemanticLayer layer(String database) {
        SpiderDatabases.require();
        return layer(SpiderDatabases.SPIDER.resolve("database").resolve(database).resolve(database + ".sqlite"));
    }

    /** The layer of a model drafted from a database file as {@code almanac init} drafts it. */
    static SemanticLayer layer(java.nio.file.Path file) {
        Source source = Sources.openFile(file);
        Guard guard = new Guard(source.dialect());
        QueryExecutor executor = new QueryExecutor(source, guard, new QueryLimits(Duration.ofSeconds(30), 1000));
        Catalog catalog = new CatalogIntrospector().structure(source);
        ModelDrafter.Outcome o = new ModelDrafter(executor, ModelDrafter.Settings.DEFAULT, ModelDrafter.Existing.NONE, null).draft(catalog);
        KnowledgeSet knowledge = new KnowledgeSet(o.notes(), List.of(), List.of(), List.of(), List.of(), o.files(), Map.of());
        SemanticModel model = SemanticModel.of(o.files(), source.dialect());
        return new SemanticLayer(model, knowledge, ValueIndex.build(model, executor, ValueIndex.DEFAULT_LIMIT), executor);
    }

    /** The rows a query gives on a Spider dev database's SQLite file, each as its values joined by '|', in order. */
    static List<String> rowList(String database, String sql) {
        SpiderDatabases.require();
        try (Source source = Sources.openFile(SpiderDatabases.SPIDER.resolve("database").resolve(database).resolve(database + ".sqlite"))) {
            QueryExecutor executor = new QueryExecutor(source, new Guard(source.dialect()), new QueryLimits(Duration.ofSeconds(30), 1000));
            return executor.execute(sql).rows().stream().map(r -> r.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining("|"))).toList();
        }
    }

    /** The same rows as a set: compared whatever their order. */
    static java.util.Set<String> rows(String database, String sql) {
        return new java.util.HashSet<>(rowList(database, sql));
    }

    /** The rows the question's reading over the database's drafted model gives when it runs (the question must be read). */
    static java.util.Set<String> answerRows(String database, String question) {
        SemanticLayer layer = layer(database);
        return rows(database, layer.compile(read(parser(layer), question)).sql());
    }

    static SemanticQuery read(QuestionParser parser, String question) {
        QuestionParser.Result r = parser.parse(question);
        assertThat(r).as(question).isInstanceOf(QuestionParser.Parsed.class);
        return ((QuestionParser.Parsed) r).query();
    }

    @Test
    void a_misspelled_or_abbreviated_word_of_the_model_reads_as_that_word_and_an_english_word_never_does() {
        QuestionParser parser = parser("employee_hire_evaluation");
        SemanticQuery count = read(parser, "How many employees are there?");
        assertThat(read(parser, "How many emplyees are there?")).as("a letter missing").isEqualTo(count);
        assertThat(read(parser, "How many emps are there?")).as("an abbreviation, plural").isEqualTo(count);
        SemanticQuery byCity = read(parser, "What is the number of employees in each city?");
        assertThat(byCity.groupBy()).isNotEmpty();
        assertThat(read(parser, "What is the numbr of employees in each cty?")).as("a typo and an abbreviation").isEqualTo(byCity);
        assertThat(parser.parse("How many employers are there?")).as("an English word is not a misspelling").isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(read(parser, "How many shops are there?")).isNotNull();
        assertThat(parser.parse("How many shpo are there?")).as("two letters swapped in a word under five letters: no guess").isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_count_for_each_value_is_never_read_as_the_list_of_values_and_a_breakdown_is_never_dropped() {
        QuestionParser employees = parser("employee_hire_evaluation");
        QuestionParser.Result r = employees.parse("What is the number of employees from each city?");
        assertThat(r).isInstanceOf(QuestionParser.Parsed.class);
        assertThat(((QuestionParser.Parsed) r).query().metrics()).as("a count, not the cities").isNotEmpty();
        QuestionParser pets = parser("pets_1");
        for (String q : List.of("What is the average weight for each type of pet?", "List the maximum weight and type for each type of pet.")) {
            QuestionParser.Result p = pets.parse(q);
            assertThat(p instanceof QuestionParser.Parsed parsed && parsed.query().groupBy().isEmpty()).as(q + ": one overall figure").isFalse();
        }
    }

    @Test
    void a_request_for_rows_is_never_answered_with_their_count_nor_a_list_of_two_things_with_one() {
        QuestionParser songs = parser("singer");
        for (String q : List.of("Show titles of songs and names of singers.", "What are the song titles and singer names?")) {
            // each song with its singer's name (ListsOfAttributesTest), never a count
            assertThat(read(songs, q).records()).as(q).isEqualTo("song");
            assertThat(read(songs, q).metrics()).as(q).isEmpty();
        }
        QuestionParser templates = parser("cre_Doc_Template_Mgt");
        QuestionParser.Result listed = templates.parse("Show all distinct template type codes for all templates.");
        assertThat(listed instanceof QuestionParser.Parsed p && !p.query().metrics().isEmpty()).as("a count of the codes").isFalse();
    }

    @Test
    void the_total_of_two_values_is_one_figure() {
        QuestionParser world = parser("world_1");
        SemanticQuery total = read(world, "What is the total surface area of the continents Asia and Europe?");
        assertThat(total.groupBy()).as("one total over both").isEmpty();
        assertThat(total.filters()).hasSize(1);
        assertThat(total.filters().get(0).values()).containsExactlyInAnyOrder("Asia", "Europe");
    }

    @Test
    void a_number_attribute_compared_with_a_number_is_a_condition_on_the_rows_counted() {
        QuestionParser parser = parser("employee_hire_evaluation");
        SemanticQuery above = read(parser, "How many employees have an age above 30?");
        assertThat(above.filters()).hasSize(1);
        SemanticQuery.Filter f = above.filters().get(0);
        assertThat(f.field()).endsWith("age");
        assertThat(f.op()).isEqualTo(">");
        assertThat(f.values()).containsExactly("30");
        assertThat(read(parser, "What is the number of employees with age greater than 30?")).isEqualTo(above);
        assertThat(read(parser, "How many employees are there above age 30?")).isEqualTo(above);
        SemanticQuery atLeast = read(parser, "How many employees with age at least 30 are there in each city?");
        assertThat(atLeast.groupBy()).hasSize(1);
        assertThat(atLeast.filters()).extracting(SemanticQuery.Filter::op).containsExactly(">=");
        assertThat(parser.parse("How many employees are there above 30?")).as("a number with no attribute").isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_list_sorted_by_an_attribute_lists_each_record_in_that_order() {
        QuestionParser teachers = parser("course_teach");
        SemanticQuery ascending = read(teachers, "List the names of teachers in ascending order of age.");
        assertThat(ascending.records()).isEqualTo("teacher");
        assertThat(ascending.groupBy()).hasSize(1);
        assertThat(ascending.groupBy().get(0).dimension()).endsWith("name");
        assertThat(ascending.order()).hasSize(1);
        assertThat(ascending.order().get(0).field()).endsWith("age");
        assertThat(ascending.order().get(0).descending()).isFalse();
        assertThat(read(teachers, "What are the names of the teachers ordered by ascending age?")).isEqualTo(ascending);
        assertThat(read(teachers, "List the names of teachers in descending order of age.").order().get(0).descending()).isTrue();
        assertThat(teachers.parse("List the names of teachers in ascending and descending order of age.")).isNotInstanceOf(QuestionParser.Parsed.class);
        QuestionParser employees = parser("employee_hire_evaluation");
        SemanticQuery sorted = read(employees, "Sort employee names by their age in ascending order.");
        assertThat(sorted.records()).isEqualTo("employee");
        assertThat(read(employees, "List the names of employees and sort in ascending order of age.")).isEqualTo(sorted);
    }

    @Test
    void a_list_is_sorted_by_the_whole_name_said_in_one_direction_said_once_or_twice() {
        QuestionParser contestants = parser("voter_1");
        SemanticQuery byName = read(contestants, "Show the contestant numbers and names sorted by contestant name in descending order.");
        assertThat(byName.records()).isEqualTo("contestants");
        assertThat(byName.groupBy()).extracting(SemanticQuery.GroupBy::dimension).anyMatch(d -> d.endsWith("contestant_number"));
        assertThat(byName.order()).extracting(o -> o.field() + " " + o.descending()).containsExactly("contestant_name true");
        QuestionParser people = parser("poker_player");
        SemanticQuery alphabetical = read(people, "Give the names and heights of people sorted in ascending alphabetical order by name.");
        assertThat(alphabetical.order()).extracting(o -> o.field() + " " + o.descending()).containsExactly("name false");
        assertThat(people.parse("Give the names and heights of people sorted in ascending descending order by name.")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_word_of_an_attributes_name_is_that_attribute_not_a_ranking_nor_a_count() {
        QuestionParser players = parser("poker_player");
        SemanticQuery listed = read(players, "Show the best finishes and the earnings of all poker players.");
        assertThat(listed.records()).isEqualTo("poker_player");
        assertThat(listed.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("best_finish", "earnings");
        assertThat(listed.limit()).isNull();
        // said alone, "best" still ranks
        SemanticQuery ranked = read(players, "What is the best finish of the poker player with the highest earnings?");
        assertThat(ranked.limit()).isEqualTo(1);
        QuestionParser contestants = parser("voter_1");
        SemanticQuery numbers = read(contestants, "Show the contestant numbers of all contestants.");
        assertThat(numbers.metrics()).as("not the number of contestants").isEmpty();
        assertThat(numbers.groupBy()).extracting(SemanticQuery.GroupBy::dimension).allMatch(d -> d.endsWith("contestant_number"));
    }

    @Test
    void the_records_noun_before_an_attribute_names_theirs_and_never_takes_a_verb_phrase() {
        QuestionParser stadiums = parser("concert_singer");
        SemanticQuery locations = read(stadiums, "List the stadium locations.");
        assertThat(locations.records()).isEqualTo("stadium");
        assertThat(locations.groupBy()).extracting(SemanticQuery.GroupBy::dimension).allMatch(d -> d.endsWith("location"));
        // "cartoons directed by X": the cartoons, on a condition; not a compound "cartoon director"
        SemanticQuery directed = read(parser("tvshow"), "Show every cartoon directed by Ben Jones.");
        assertThat(directed.filters()).extracting(Object::toString).containsExactly("directed_by = Ben Jones");
    }

    @Test
    void an_attribute_of_each_record_named_lists_every_record_and_a_doer_names_what_was_done_by() {
        QuestionParser students = parser("network_1");
        SemanticQuery each = read(students, "Show the grade of every high schooler.");
        assertThat(each.records()).isEqualTo("highschooler");
        assertThat(read(students, "Show the grades of all high schoolers.")).isEqualTo(each);
        QuestionParser cartoons = parser("tvshow");
        SemanticQuery directors = read(cartoons, "Show the titles and the directors of all cartoons.");
        assertThat(directors.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("title", "directed_by");
        assertThat(read(cartoons, "Show the titles and writers of all cartoons.").groupBy()).extracting(SemanticQuery.GroupBy::dimension)
                .containsExactly("title", "written_by");
    }

    @Test
    void several_aggregates_of_one_measure_are_one_query_of_their_metrics_in_the_order_asked() {
        QuestionParser singers = parser("concert_singer");
        SemanticQuery average = read(singers, "What is the average age of all singers from France?");
        SemanticQuery minimum = read(singers, "What is the minimum age of all singers from France?");
        SemanticQuery maximum = read(singers, "What is the maximum age of all singers from France?");
        SemanticQuery all = read(singers, "What is the average, minimum, and maximum age of all singers from France?");
        assertThat(all.metrics()).containsExactly(average.metrics().get(0), minimum.metrics().get(0), maximum.metrics().get(0));
        assertThat(all.filters()).isEqualTo(average.filters());
        assertThat(read(singers, "What is the maximum and minimum age of singers?").metrics())
                .containsExactly(maximum.metrics().get(0), minimum.metrics().get(0));
        assertThat(singers.parse("What is the average and maximum zebra of singers?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_noun_whose_first_sense_has_the_rows_noun_as_a_synonym_names_those_rows() {
        QuestionParser countries = parser("world_1");
        assertThat(read(countries, "How many nations are in Europe?")).isEqualTo(read(countries, "How many countries are in Europe?"));
        assertThat(read(countries, "List the names of the nations in Oceania.")).isEqualTo(read(countries, "List the names of the countries in Oceania."));
        // "land" is a country only in a rarer sense: not read so
        assertThat(countries.parse("How many lands are in Europe?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void an_aggregate_of_one_measure_and_another_of_a_second_are_one_query_when_both_read_whole_alike() {
        SemanticLayer layer = layer("world_1");
        QuestionParser countries = parser(layer);
        SemanticQuery both = read(countries, "Give the mean life expectancy and the total population of countries in Europe.");
        assertThat(both.metrics()).containsExactly(read(countries, "Give the mean life expectancy of countries in Europe.").metrics().get(0),
                read(countries, "Give the total population of countries in Europe.").metrics().get(0));
        assertThat(rows("world_1", layer.compile(both).sql())).isEqualTo(rows("world_1",
                "SELECT avg(lifeexpectancy), sum(population) FROM country WHERE continent = 'Europe'"));
        // a second measure the model does not have is no reading of both
        assertThat(countries.parse("Give the mean life expectancy and the total happiness of countries in Europe.")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_word_for_the_rows_entities_or_for_the_organization_itself_says_nothing_more_and_a_kind_of_thing_is_never_let_pass() {
        QuestionParser orchestras = parser("orchestra");
        SemanticQuery performances = read(orchestras, "How many performances are there?");
        // performers give performances: WordNet derives both nouns from "perform"
        assertThat(read(orchestras, "How many performances did performers have?")).isEqualTo(performances);
        assertThat(orchestras.parse("How many performances did dancers have?")).isNotInstanceOf(QuestionParser.Parsed.class);
        SemanticQuery conductors = read(orchestras, "How many conductors are there?");
        assertThat(read(orchestras, "How many conductors does the company have?")).as("the organization whose data it is").isEqualTo(conductors);
        assertThat(orchestras.parse("How many conductors does the school have?")).isNotInstanceOf(QuestionParser.Parsed.class);

        // "English" is a kind of language and of nation in WordNet: a value to place, never a word that names the countries
        QuestionParser world = parser("world_1");
        QuestionParser.Result languages = world.parse("What are the regions that use English or Dutch?");
        assertThat(languages instanceof QuestionParser.Parsed p && p.query().filters().isEmpty() && p.query().exists().isEmpty()).isFalse();
    }

    @Test
    void the_verb_of_how_a_measure_went_is_read_only_for_a_series_over_periods() {
        QuestionParser dogs = parser("dog_kennels");
        SemanticQuery monthly = read(dogs, "How many treatments were there each month in 2018?");
        assertThat(read(dogs, "How did the number of treatments develop month by month in 2018?")).isEqualTo(monthly);
        assertThat(read(dogs, "How did the number of treatments change month by month in 2018?")).isEqualTo(monthly);
        // no series: the verb says something the one number does not
        assertThat(dogs.parse("How did the number of treatments develop in 2018?")).isNotInstanceOf(QuestionParser.Parsed.class);
        // not how the measure went: a verb of something else
        assertThat(dogs.parse("How many treatments did dogs develop each month in 2018?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void two_words_the_model_writes_as_one_are_read_as_that_word() {
        // network_1's table is Highschooler
        QuestionParser parser = parser("network_1");
        SemanticQuery count = read(parser, "How many highschoolers are there?");
        assertThat(read(parser, "How many high schoolers are there?")).isEqualTo(count);
        assertThat(read(parser, "Return the grade for the high schooler named Kyle.").filters()).singleElement()
                .satisfies(f -> assertThat(f.values()).containsExactly("Kyle"));
    }
}
