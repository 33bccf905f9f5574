package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * "The stadium with the most concerts", "the owner who has the most dogs": records first by how many rows of another
 * dataset each has, on models drafted from Spider dev databases nobody here wrote. Only the attributes asked for are shown
 * (the count orders, it is not a column), every record tied for first is kept, and the counted rows must reach the records
 * one way through the model's relationships.
 */
class RecordsByRelatedCountTest {
    @Test
    void the_records_with_the_most_or_fewest_related_rows_show_only_the_attributes_asked_for_ties_kept() {
        SemanticLayer layer = QuestionWordsTest.layer("concert_singer");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery most = QuestionWordsTest.read(parser, "What is the name and capacity of the stadium with the most concerts?");
        assertThat(most.records()).isEqualTo("stadium");
        assertThat(most.metrics()).isEmpty();
        assertThat(most.order()).singleElement().satisfies(o -> assertThat(o.descending()).isTrue());
        assertThat(most.limit()).isEqualTo(1);
        assertThat(most.keepsTies()).isTrue();
        // the answer's rows are those of a query written by hand: every stadium whose concerts number the most
        assertThat(QuestionWordsTest.rows("concert_singer", layer.compile(most).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("concert_singer",
                "SELECT s.name, s.capacity FROM stadium s WHERE (SELECT count(*) FROM concert c WHERE c.stadium_id = s.stadium_id)"
                        + " = (SELECT max(n) FROM (SELECT count(*) AS n FROM concert GROUP BY stadium_id))"));
        assertThat(layer.compile(most).columns()).as("the count orders the records; it is not shown").hasSize(2);

        SemanticQuery fewest = QuestionWordsTest.read(parser, "Show the name of the stadium with the fewest concerts.");
        assertThat(fewest.order()).singleElement().satisfies(o -> assertThat(o.descending()).isFalse());
        // without "the" after the link word
        assertThat(QuestionWordsTest.read(parser, "What is the name and capacity of the stadium with most concerts?")).isEqualTo(most);
    }

    @Test
    void the_group_with_the_fewest_rows_is_among_every_record_those_with_none_too() {
        SemanticLayer layer = QuestionWordsTest.layer("voter_1");
        SemanticQuery fewest = QuestionWordsTest.read(QuestionWordsTest.parser(layer), "Which contestant received the fewest votes?");
        // the contestants nobody voted for have the fewest: 0, which a ranking of the votes' groups never shows
        assertThat(QuestionWordsTest.rows("voter_1", layer.compile(fewest).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("voter_1",
                "SELECT contestant_name, 0 FROM contestants WHERE contestant_number NOT IN (SELECT contestant_number FROM votes)"));
    }

    @Test
    void a_superlative_before_one_record_said_in_the_singular_is_never_a_count_of_such_records() {
        // "the largest city" is one city, the largest by some measure; "the most cities" counts them
        QuestionParser world = QuestionWordsTest.parser("world_1");
        QuestionParser.Result largest = world.parse("What is the population of the largest city in Japan?");
        assertThat(largest instanceof QuestionParser.Parsed p && p.query().order().stream().anyMatch(o -> o.field().equals("city_count")))
                .as("read as the country with the most cities").isFalse();
        assertThat(QuestionWordsTest.read(world, "What is the population of the country with the most cities?").order())
                .extracting(SemanticQuery.Order::field).containsExactly("city_count");
        assertThat(QuestionWordsTest.read(world, "What is the population of the country with the greatest number of city?").order())
                .extracting(SemanticQuery.Order::field).containsExactly("city_count");
    }

    @Test
    void a_question_in_the_imperative_and_a_relationship_declared_twice_read_as_one() {
        // Spider's Dogs table declares its foreign key to Owners twice: one relationship, so the dogs reach their owner one way
        SemanticLayer layer = QuestionWordsTest.layer("dog_kennels");
        assertThat(layer.model().relationships()).filteredOn(r -> r.from().equals("dogs") && r.to().equals("owners")).hasSize(1);
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery owner = QuestionWordsTest.read(parser, "Return the owner id, first name and last name of the owner who has the most dogs.");
        assertThat(owner.records()).isEqualTo("owners");
        assertThat(QuestionWordsTest.rows("dog_kennels", layer.compile(owner).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("dog_kennels",
                "SELECT o.owner_id, o.first_name, o.last_name FROM Owners o WHERE (SELECT count(*) FROM Dogs d WHERE d.owner_id = o.owner_id)"
                        + " = (SELECT max(n) FROM (SELECT count(*) AS n FROM Dogs GROUP BY owner_id))"));
    }

    @Test
    void which_value_has_the_most_is_not_a_list_of_records_and_rows_reached_two_ways_do_not_rank() {
        QuestionParser shops = QuestionWordsTest.parser("employee_hire_evaluation");
        // one sentence asking which: answered as every "which X has the most" is, the value with its count (or not at all)
        QuestionParser.Result which = shops.parse("Which shop has the most employees?");
        assertThat(which instanceof QuestionParser.Parsed p && p.query().records() != null).isFalse();
        SemanticQuery named = QuestionWordsTest.read(shops, "What is the name of the shop with the most employees?");
        assertThat(named.records()).isEqualTo("shop");

        // a flight reaches an airport as its source and as its destination: which one ranks is not said
        QuestionParser flights = QuestionWordsTest.parser("flight_2");
        assertThat(flights.parse("What is the airport code of the airport with the most flights?")).isInstanceOf(QuestionParser.Cannot.class);
    }

    @Test
    void records_with_a_number_of_related_rows_are_listed_the_count_a_condition_not_shown() {
        SemanticLayer layer = QuestionWordsTest.layer("singer");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery singers = QuestionWordsTest.read(parser, "Show the names of singers that have more than one song.");
        assertThat(singers.filters()).singleElement().satisfies(f -> {
            assertThat(f.op()).isEqualTo(">");
            assertThat(f.values()).containsExactly("1");
        });
        assertThat(QuestionWordsTest.rows("singer", layer.compile(singers).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("singer",
                "SELECT s.name FROM singer s WHERE (SELECT count(*) FROM song g WHERE g.singer_id = s.singer_id) > 1"));
        assertThat(layer.compile(singers).columns()).hasSize(1);

        SemanticLayer documents = QuestionWordsTest.layer("cre_Doc_Template_Mgt");
        QuestionParser reader = QuestionWordsTest.parser(documents);
        SemanticQuery ids = QuestionWordsTest.read(reader, "What are the ids of documents that have 2 or more paragraphs?");
        assertThat(ids.filters()).singleElement().extracting(SemanticQuery.Filter::op).isEqualTo(">=");
        assertThat(QuestionWordsTest.rows("cre_Doc_Template_Mgt", documents.compile(ids).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("cre_Doc_Template_Mgt",
                "SELECT d.document_id FROM Documents d WHERE (SELECT count(*) FROM Paragraphs p WHERE p.document_id = d.document_id) >= 2"));
        SemanticQuery fewer = QuestionWordsTest.read(reader, "Show all template type codes with less than three templates.");
        assertThat(fewer.filters()).singleElement().satisfies(f -> assertThat(f.op() + " " + f.values().get(0)).isEqualTo("< 3"));
    }

    @Test
    void a_number_of_rows_the_model_cannot_count_for_the_records_or_of_nothing_it_knows_is_not_read_as_a_condition() {
        // flights reach airports two ways (from, to): which one a count of an airport's flights is by is not said
        QuestionParser flights = QuestionWordsTest.parser("flight_2");
        assertThat(flights.parse("Which airports have at least 10 flights?")).isNotInstanceOf(QuestionParser.Parsed.class);
        // a record is one row of its own: "channels that have more than 2 channels" is no condition
        assertThat(QuestionWordsTest.parser("tvshow").parse("Which TV channels have more than 1 TV channel?")).isInstanceOf(QuestionParser.Cannot.class);
        QuestionParser singers = QuestionWordsTest.parser("singer");
        QuestionParser.Result roofs = singers.parse("Show the names of singers that have more than one roof.");
        assertThat(roofs instanceof QuestionParser.Parsed p && !p.query().filters().isEmpty()).isFalse();
    }

    @Test
    void records_listed_with_the_number_of_their_related_rows_count_none_as_zero() {
        SemanticLayer layer = QuestionWordsTest.layer("concert_singer");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery each = QuestionWordsTest.read(parser, "Show the stadium name and the number of concerts in each stadium.");
        assertThat(each.records()).isEqualTo("stadium");
        assertThat(each.metrics()).hasSize(1);
        // a stadium with no concert is listed with 0, as a count of none is
        assertThat(QuestionWordsTest.rows("concert_singer", layer.compile(each).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("concert_singer",
                "SELECT s.name, (SELECT count(*) FROM concert c WHERE c.stadium_id = s.stadium_id) FROM stadium s"));

        // every attribute listed is shown, never one absorbed as a word of the request ("names")
        QuestionParser documents = QuestionWordsTest.parser("cre_Doc_Template_Mgt");
        QuestionParser.Result r = documents.parse("Show all document ids, names and the number of paragraphs in each document.");
        assertThat(r instanceof QuestionParser.Parsed p && p.query().groupBy().size() < 2).isFalse();
        // the records counted for must be those listed
        assertThat(parser.parse("Show the stadium name and the number of concerts in each singer.")).isNotInstanceOf(QuestionParser.Parsed.class);
    }

    @Test
    void the_most_common_value_is_the_one_the_most_rows_have_every_value_tied_for_first_kept() {
        SemanticLayer layer = QuestionWordsTest.layer("concert_singer");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery common = QuestionWordsTest.read(parser, "What is the most common country of singers?");
        assertThat(common.groupBy()).singleElement().satisfies(g -> assertThat(g.dimension()).endsWith("country"));
        assertThat(common.keepsTies()).isTrue();
        assertThat(layer.compile(common).columns()).as("the count ranks; it is not shown").hasSize(1);
        assertThat(QuestionWordsTest.rows("concert_singer", layer.compile(common).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("concert_singer",
                "SELECT country FROM singer GROUP BY country HAVING count(*) = (SELECT max(n) FROM (SELECT count(*) AS n FROM singer GROUP BY country))"));
        SemanticQuery least = QuestionWordsTest.read(parser, "What is the least common country of singers older than 30?");
        assertThat(QuestionWordsTest.rows("concert_singer", layer.compile(least).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows("concert_singer",
                "SELECT country FROM singer WHERE age > 30 GROUP BY country HAVING count(*) = (SELECT min(n) FROM (SELECT count(*) AS n FROM singer"
                        + " WHERE age > 30 GROUP BY country))"));
    }

    @Test
    void a_verb_of_the_relationship_ties_the_records_to_those_they_are_first_by_unless_the_model_has_the_word() {
        SemanticLayer layer = QuestionWordsTest.layer("cre_Doc_Template_Mgt");
        QuestionParser parser = QuestionWordsTest.parser(layer);
        SemanticQuery used = QuestionWordsTest.read(parser, "Give the id and type code of the template used by the most documents.");
        assertThat(used.limit()).isEqualTo(1);
        // every template tied for the most documents
        assertThat(QuestionWordsTest.rows("cre_Doc_Template_Mgt", layer.compile(used).sql())).isNotEmpty().isEqualTo(QuestionWordsTest.rows(
                "cre_Doc_Template_Mgt", "SELECT t.template_id, t.template_type_code FROM templates t JOIN documents d ON d.template_id = t.template_id "
                        + "GROUP BY t.template_id, t.template_type_code HAVING count(*) = (SELECT max(c) FROM (SELECT count(*) AS c FROM documents GROUP BY template_id))"));
        assertThat(parser.parse("Give the id and type code of the template not used by the most documents.")).isNotInstanceOf(QuestionParser.Parsed.class);
        QuestionParser orchestras = QuestionWordsTest.parser("orchestra");
        assertThat(QuestionWordsTest.read(orchestras, "What is the name of the conductor who has conducted the most orchestras?").records()).isEqualTo("conductor");
        // "hiring" is a table of employee_hire_evaluation: which rows it says is not guessed at
        assertThat(QuestionWordsTest.parser("employee_hire_evaluation").parse("What is the name of the shop that is hiring the most employees?"))
                .isNotInstanceOf(QuestionParser.Parsed.class);
    }
}
