package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Lists of several attributes of one kind of record ("the names and ages of singers"), on models drafted from Spider dev
 * databases nobody here wrote: each record's attributes, with the question's conditions and order, and those of the one
 * record each refers to when the words say whose they are ("each song's title with its singer's name"); never attributes
 * of two kinds of record that do not refer one to the other, nor through a relationship the words do not choose.
 */
class ListsOfAttributesTest {
    private static List<String> shown(SemanticQuery q) {
        // a reference is as short as the model allows ("country" when only singers have one): its dimension's name
        return q.groupBy().stream().map(g -> g.dimension().substring(g.dimension().indexOf('.') + 1)).toList();
    }

    @Test
    void attributes_named_in_a_row_are_listed_for_each_record_with_the_order_asked() {
        QuestionParser singers = QuestionWordsTest.parser("concert_singer");
        SemanticQuery names = QuestionWordsTest.read(singers, "What are the names and countries of all singers?");
        assertThat(names.records()).isEqualTo("singer");
        assertThat(shown(names)).containsExactly("name", "country");
        assertThat(names.metrics()).isEmpty();

        SemanticQuery ordered = QuestionWordsTest.read(singers, "What are the names, countries, and ages for every singer in descending order of age?");
        assertThat(ordered.records()).isEqualTo("singer");
        assertThat(shown(ordered)).containsExactly("name", "country", "age");
        assertThat(ordered.order()).extracting(o -> o.field().substring(o.field().indexOf('.') + 1) + (o.descending() ? " desc" : "")).containsExactly("age desc");

        // a list written with commas only, its order said after it: the commas are the list's still once the order is read
        SemanticQuery commas = QuestionWordsTest.read(singers, "Give name, country, age of every singer, from the youngest to the oldest.");
        assertThat(shown(commas)).containsExactly("name", "country", "age");
        assertThat(commas.order()).extracting(o -> o.field().substring(o.field().indexOf('.') + 1) + (o.descending() ? " desc" : "")).containsExactly("age");

        SemanticQuery stadiums = QuestionWordsTest.read(singers, "List the name and capacity of all stadiums.");
        assertThat(stadiums.records()).isEqualTo("stadium");
        assertThat(shown(stadiums)).containsExactly("name", "capacity");
    }

    @Test
    void records_then_their_list_are_listed_by_what_names_them_with_the_list_beside() {
        QuestionParser kennels = QuestionWordsTest.parser("dog_kennels");
        SemanticQuery dogs = QuestionWordsTest.read(kennels, "Show every dog and its name and age.");
        assertThat(dogs.records()).isEqualTo("dogs");
        assertThat(shown(dogs)).containsExactly("name", "age");
        SemanticQuery old = QuestionWordsTest.read(kennels, "List the dogs and their weights and ages, oldest first.");
        assertThat(shown(old)).containsExactly("name", "weight", "age");

        QuestionParser sections = QuestionWordsTest.parser("student_transcripts_tracking");
        assertThat(shown(QuestionWordsTest.read(sections, "Please list every section along with its name and description."))).containsExactly("section_name", "section_description");
        // whose the list is, said between the possessive and the list ("their pets' ages"), is no attribute of theirs: never dropped
        assertThat(kennels.parse("List the owners and their dogs' names and ages.")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void a_share_of_the_records_asked_is_never_answered_with_their_list() {
        QuestionParser tv = QuestionWordsTest.parser("tvshow");
        assertThat(tv.parse("What percentage of cartoons were directed by Ben Jones?")).isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(tv.parse("What proportion of tv channels are in Italy?")).isNotInstanceOf(QuestionParser.Parsed.class);
        assertThat(QuestionWordsTest.read(tv, "List the titles of the cartoons directed by Ben Jones.").records()).isEqualTo("cartoon");
    }

    /** The rows a query gives on the database, sorted (a list of records has no order of its own). */
    private static List<String> sortedRows(String database, String sql) {
        return QuestionWordsTest.rowList(database, sql).stream().sorted().toList();
    }

    @Test
    void an_attribute_of_the_record_each_one_refers_to_is_listed_beside_its_own_when_the_words_say_whose() {
        SemanticLayer songs = QuestionWordsTest.layer("singer");
        SemanticQuery titles = QuestionWordsTest.read(QuestionWordsTest.parser(songs), "Show the title of every song together with the name of its singer.");
        assertThat(titles.records()).isEqualTo("song");
        assertThat(shown(titles)).containsExactly("title", "name");
        assertThat(sortedRows("singer", songs.compile(titles).sql())).hasSize(8)
                .isEqualTo(sortedRows("singer", "SELECT s.Title, p.Name FROM song s JOIN singer p ON s.Singer_ID = p.Singer_ID"));

        SemanticLayer kennels = QuestionWordsTest.layer("dog_kennels");
        SemanticQuery costs = QuestionWordsTest.read(QuestionWordsTest.parser(kennels), "Give the cost of every treatment along with the first name of the professional who gave it.");
        assertThat(costs.records()).isEqualTo("treatments");
        assertThat(shown(costs)).containsExactly("cost_of_treatment", "first_name");
        assertThat(sortedRows("dog_kennels", kennels.compile(costs).sql())).isEqualTo(sortedRows("dog_kennels",
                "SELECT t.cost_of_treatment, p.first_name FROM Treatments t JOIN Professionals p ON t.professional_id = p.professional_id"));

        // the records listed are those that refer to the others, whichever the question names first
        SemanticLayer orchestras = QuestionWordsTest.layer("orchestra");
        SemanticQuery conducted = QuestionWordsTest.read(QuestionWordsTest.parser(orchestras), "List the orchestras and the names of the conductors who conducted them.");
        assertThat(conducted.records()).isEqualTo("orchestra");
        assertThat(sortedRows("orchestra", orchestras.compile(conducted).sql())).isEqualTo(sortedRows("orchestra",
                "SELECT o.Orchestra, c.Name FROM orchestra o JOIN conductor c ON o.Conductor_ID = c.Conductor_ID"));
    }

    @Test
    void records_described_by_the_record_they_refer_to_are_ranked_and_sorted_by_an_attribute_of_either() {
        SemanticLayer players = QuestionWordsTest.layer("poker_player");
        QuestionParser reader = QuestionWordsTest.parser(players);
        SemanticQuery richest = QuestionWordsTest.read(reader, "Show the birth date of the poker player who has the highest earnings.");
        assertThat(richest.records()).isEqualTo("poker_player");
        assertThat(sortedRows("poker_player", players.compile(richest).sql())).isEqualTo(sortedRows("poker_player",
                "SELECT p.Birth_Date FROM poker_player x JOIN people p ON x.People_ID = p.People_ID WHERE x.Earnings = (SELECT max(Earnings) FROM poker_player)"));
        SemanticQuery tallest = QuestionWordsTest.read(reader, "Give the earnings of the poker player with the greatest height.");
        assertThat(sortedRows("poker_player", players.compile(tallest).sql())).isEqualTo(sortedRows("poker_player",
                "SELECT x.Earnings FROM poker_player x JOIN people p ON x.People_ID = p.People_ID WHERE p.Height = (SELECT max(Height) FROM people p2 JOIN poker_player x2 ON x2.People_ID = p2.People_ID)"));
        SemanticQuery sorted = QuestionWordsTest.read(reader, "What are the names of poker players sorted by their money rank in descending order?");
        assertThat(sorted.records()).isEqualTo("poker_player");
        assertThat(QuestionWordsTest.rowList("poker_player", players.compile(sorted).sql())).isEqualTo(QuestionWordsTest.rowList("poker_player",
                "SELECT p.Name FROM poker_player x JOIN people p ON x.People_ID = p.People_ID ORDER BY x.Money_Rank DESC"));
    }

    @Test
    void records_paired_with_others_in_a_table_of_pairs_are_shown_with_how_many_they_are_paired_with() {
        SemanticLayer concerts = QuestionWordsTest.layer("concert_singer");
        SemanticQuery singers = QuestionWordsTest.read(QuestionWordsTest.parser(concerts), "List the names of all singers together with the number of concerts of each.");
        assertThat(singers.records()).isEqualTo("singer");
        assertThat(sortedRows("concert_singer", concerts.compile(singers).sql())).hasSize(6).isEqualTo(sortedRows("concert_singer",
                "SELECT s.Name, count(DISTINCT p.concert_ID) FROM singer s LEFT JOIN singer_in_concert p ON p.Singer_ID = s.Singer_ID GROUP BY s.Singer_ID, s.Name"));
        // and ranked by it, every record tied for first kept
        SemanticQuery most = QuestionWordsTest.read(QuestionWordsTest.parser(concerts), "Show the country of the singer with the most concerts.");
        assertThat(sortedRows("concert_singer", concerts.compile(most).sql())).isNotEmpty().isEqualTo(sortedRows("concert_singer",
                "SELECT s.Country FROM singer s JOIN singer_in_concert p ON p.Singer_ID = s.Singer_ID GROUP BY s.Singer_ID, s.Country"
                        + " HAVING count(DISTINCT p.concert_ID) = (SELECT max(n) FROM (SELECT count(DISTINCT concert_ID) AS n FROM singer_in_concert GROUP BY Singer_ID))"));
    }

    @Test
    void an_attribute_of_other_records_is_not_listed_when_the_words_do_not_say_whose_or_two_relationships_could_be_meant() {
        // flights refer to airports twice (from, to): whose airport name is not said
        QuestionWordsTest.assertNotRead("flight_2", "List the flight numbers and the airport names of all flights.");
        // a singer's name said bare: the songs' own words do not name it
        QuestionWordsTest.assertNotRead("singer", "Show the title and the net worth of every song.");
        // a number beside a list, said for no record ("each", "they"): it may be the number of all of them
        QuestionWordsTest.assertNotRead("course_teach", "Show the names of teachers and the number of courses.");
    }

    @Test
    void attributes_of_two_kinds_of_record_or_words_left_over_are_not_answered() {
        QuestionWordsTest.assertNotRead("concert_singer", "What are the names of singers and the capacities of stadiums?",
                "List the name and capacity of all stadiums painted blue.");
    }

    @Test
    void the_records_first_by_a_number_of_their_own_are_listed_with_every_record_tied_for_first() {
        QuestionParser singers = QuestionWordsTest.parser("concert_singer");
        SemanticQuery largest = QuestionWordsTest.read(singers, "What is the name of the stadium with the largest capacity?");
        assertThat(largest.records()).isEqualTo("stadium");
        assertThat(shown(largest)).containsExactly("name");
        assertThat(largest.order()).extracting(o -> o.field().substring(o.field().indexOf('.') + 1) + (o.descending() ? " desc" : "")).containsExactly("capacity desc");
        assertThat(largest.limit()).isEqualTo(1);
        assertThat(largest.keepsTies()).isTrue();

        SemanticQuery youngest = QuestionWordsTest.read(singers, "Show the name and country of the singer who has the lowest age.");
        assertThat(youngest.records()).isEqualTo("singer");
        assertThat(shown(youngest)).containsExactly("name", "country");
        assertThat(youngest.order()).extracting(o -> o.descending()).containsExactly(false);

        // so many records first: "the 2 stadiums with the largest capacity", "stadiums with the top 2 highest capacities"
        for (String q : List.of("What are the names of the 2 stadiums with the largest capacity?", "List the names of stadiums with the top 2 highest capacities.",
                "Show the names of the stadiums with the 2 highest capacities.")) {
            SemanticQuery two = QuestionWordsTest.read(singers, q);
            assertThat(two.records()).as(q).isEqualTo("stadium");
            assertThat(shown(two)).as(q).containsExactly("name");
            assertThat(two.order()).as(q).extracting(o -> o.field().substring(o.field().indexOf('.') + 1) + (o.descending() ? " desc" : "")).containsExactly("capacity desc");
            assertThat(two.limit()).as(q).isEqualTo(2);
            assertThat(two.keepsTies()).as(q).isTrue();
        }

        // a count of other records (concerts of a stadium) is not one of the stadium's own numbers (RecordsByRelatedCountTest)
        SemanticQuery concerts = QuestionWordsTest.read(singers, "What is the name of the stadium with the most concerts?");
        assertThat(concerts.order()).extracting(SemanticQuery.Order::field).singleElement().asString().doesNotStartWith("stadium.");
    }

    @Test
    void an_attribute_listed_is_one_of_the_records_the_question_names_never_another_records_of_the_same_name() {
        QuestionParser dogs = QuestionWordsTest.parser("dog_kennels");
        SemanticQuery breeds = QuestionWordsTest.read(dogs, "What are the names of the breeds?");
        assertThat(breeds.groupBy()).extracting(SemanticQuery.GroupBy::dimension).singleElement().asString().endsWith("breed_name");
        SemanticQuery names = QuestionWordsTest.read(dogs, "What are the names of the dogs?");
        assertThat(names.groupBy()).extracting(SemanticQuery.GroupBy::dimension).singleElement().asString().doesNotContain("breed");
    }

    @Test
    void an_attribute_is_named_without_its_records_name_and_free_text_is_listed_for_each_record() {
        QuestionParser flights = QuestionWordsTest.parser("flight_2");
        SemanticQuery airports = QuestionWordsTest.read(flights, "What are the names of all airports?");
        assertThat(airports.groupBy()).extracting(SemanticQuery.GroupBy::dimension).singleElement().asString().endsWith("airport_name");
        QuestionParser documents = QuestionWordsTest.parser("cre_Doc_Template_Mgt");
        SemanticQuery texts = QuestionWordsTest.read(documents, "Show all paragraph texts for the document \"Customer reviews\".");
        assertThat(texts.records()).as("two paragraphs with the same text are two rows").isEqualTo("paragraphs");
        assertThat(texts.filters()).isNotEmpty();
    }

    @Test
    void values_asked_for_as_different_or_distinct_are_listed_each_once() {
        QuestionParser singers = QuestionWordsTest.parser("concert_singer");
        SemanticQuery countries = QuestionWordsTest.read(singers, "What are the different countries with singers above age 20?");
        assertThat(countries.records()).as("each country once, not one row per singer").isNull();
        assertThat(shown(countries)).containsExactly("country");
        assertThat(countries.filters()).singleElement().satisfies(f -> assertThat(f.op() + " " + f.values()).isEqualTo("> [20]"));
        // free text asked for as different values is never listed once per record
        QuestionParser documents = QuestionWordsTest.parser("cre_Doc_Template_Mgt");
        QuestionParser.Result texts = documents.parse("What are the different paragraph texts?");
        assertThat(texts instanceof QuestionParser.Parsed p && p.query().records() != null).isFalse();
    }

    @Test
    void a_records_own_key_is_listed_by_its_short_name_in_the_plural() {
        QuestionParser documents = QuestionWordsTest.parser("cre_Doc_Template_Mgt");
        SemanticQuery all = QuestionWordsTest.read(documents, "What are the ids, names, and descriptions for all documents?");
        assertThat(all.records()).isEqualTo("documents");
        assertThat(shown(all)).containsExactly("document_id", "document_name", "document_description");
        SemanticQuery ids = QuestionWordsTest.read(documents, "What are the ids of documents?");
        assertThat(ids.records()).as("a key, once per record").isEqualTo("documents");
        assertThat(shown(ids)).containsExactly("document_id");
    }

    @Test
    void any_attribute_of_the_records_named_is_listed_for_each_record_times_and_numbers_too() {
        QuestionParser teachers = QuestionWordsTest.parser("course_teach");
        SemanticQuery hometowns = QuestionWordsTest.read(teachers, "What are the hometowns of teachers?");
        assertThat(hometowns.records()).isEqualTo("teacher");
        assertThat(shown(hometowns)).containsExactly("hometown");
        SemanticQuery ages = QuestionWordsTest.read(teachers, "List the ages of all teachers.");
        assertThat(ages.records()).as("a number, for each record: two teachers of one age are two rows").isEqualTo("teacher");

        QuestionParser dogs = QuestionWordsTest.parser("dog_kennels");
        SemanticQuery born = QuestionWordsTest.read(dogs, "What are the dates of birth of all dogs?");
        assertThat(born.records()).isEqualTo("dogs");
        assertThat(shown(born)).containsExactly("date_of_birth");
    }

    @Test
    void an_attribute_is_named_in_the_other_orders_english_says_its_words() {
        // date_arrived, date_departed: "the arrival date", "the departure date" (WordNet's noun of the verb's action)
        QuestionParser dogs = QuestionWordsTest.parser("dog_kennels");
        SemanticQuery dates = QuestionWordsTest.read(dogs, "List the arrival date and the departure date for all the dogs.");
        assertThat(shown(dates)).containsExactly("date_arrived", "date_departed");
        // cost_of_treatment: "the treatment cost"
        assertThat(ReaderLexicon.phrasings(List.of("cost", "of", "treatment"))).contains(List.of("treatment", "cost"));
        assertThat(ReaderLexicon.phrasings(List.of("date", "arrived"))).contains(List.of("arrival", "date")).doesNotContain(List.of("arriver", "date"));
        // number_products: "the number of products", a measure noun before what it measures; "government form" is never "government of form"
        assertThat(ReaderLexicon.phrasings(List.of("number", "product"))).contains(List.of("number", "of", "product"));
        assertThat(ReaderLexicon.phrasings(List.of("government", "form"))).contains(List.of("form", "of", "government")).doesNotContain(List.of("government", "of", "form"));
        SemanticQuery shops = QuestionWordsTest.read(QuestionWordsTest.parser("employee_hire_evaluation"), "Return the name of all shops in descending order of number of products.");
        assertThat(shops.order()).extracting(SemanticQuery.Order::field).containsExactly("number_products");
    }

    @Test
    void a_number_between_two_numbers_keeps_both_ends() {
        QuestionParser stadiums = QuestionWordsTest.parser("concert_singer");
        SemanticQuery between = QuestionWordsTest.read(stadiums, "Show location and name for all stadiums with a capacity between 5000 and 10000.");
        assertThat(between.filters()).extracting(f -> f.op() + " " + f.values().get(0)).containsExactly(">= 5000", "<= 10000");
        assertThat(between.records()).isEqualTo("stadium");
    }

    @Test
    void attributes_of_a_record_named_by_its_name_are_that_records() {
        QuestionParser singers = QuestionWordsTest.parser("singer");
        SemanticQuery one = QuestionWordsTest.read(singers, "What are the birth year and citizenship of Liliane Bettencourt?");
        assertThat(one.records()).isEqualTo("singer");
        assertThat(one.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("birth_year", "citizenship");
        assertThat(one.filters()).extracting(Object::toString).containsExactly("name = Liliane Bettencourt");
        // a value that does not name a record (a citizenship) names no record to list the attributes of
        assertThat(singers.parse("What are the birth year and citizenship of France?")).isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
