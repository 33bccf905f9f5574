package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names said shorter or in another order than the model writes them, over a guest house's model written for this test:
 * "the 2 biggest guests by income" (a count and a superlative before what is ranked, "by" then the measure, never the
 * words of another metric's phrase around "by"), "conv rate" (an abbreviation that begins both "conversion" and
 * "converted": the noun, a name), and "income by room type" where Income has no room type but Room income has (asked
 * back with the metric that reads the whole question, never answered with it unasked).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NarrowerNamesTest {
    static final LocalDate TODAY = LocalDate.of(2026, 6, 10);
    LayerOnDuckDb db;

    @BeforeAll
    void setUp(@TempDir Path dir) throws Exception {
        db = LayerOnDuckDb.of(dir, "guest_house", """
                CREATE TABLE guests (guest_id INTEGER PRIMARY KEY, guest_name VARCHAR, home_country VARCHAR, guest_status VARCHAR, membership VARCHAR);
                INSERT INTO guests VALUES (1, 'Ines Duarte', 'Portugal', 'booked', 'gold card'), (2, 'Tomas Berg', 'Sweden', 'booked', 'none'),
                  (3, 'Amara Obi', 'Nigeria', 'booked', 'gold card'), (4, 'Lena Vogt', 'Austria', 'browsing', 'none');
                CREATE TABLE payments (payment_id INTEGER PRIMARY KEY, guest_id INTEGER, paid_on DATE, amount DECIMAL(10, 2), method VARCHAR);
                INSERT INTO payments VALUES (1, 1, '2026-02-03', 420, 'card'), (2, 2, '2026-03-14', 1300, 'transfer'), (3, 3, '2026-03-20', 260, 'card'),
                  (4, 1, '2026-04-02', 510, 'cash'), (5, 4, '2026-05-09', 90, 'card'), (6, 3, '2026-05-30', 700, 'transfer');
                CREATE TABLE stays (stay_id INTEGER PRIMARY KEY, guest_id INTEGER, checked_in DATE, booked_on DATE, room_type VARCHAR, room_charge DECIMAL(10, 2));
                INSERT INTO stays VALUES (1, 1, '2026-02-01', '2026-01-20', 'single', 380), (2, 2, '2026-03-12', '2026-03-01', 'suite', 1200),
                  (3, 3, '2026-03-18', '2026-03-10', 'double', 240), (4, 1, '2026-03-30', '2026-02-25', 'double', 480), (5, 3, '2026-05-27', '2026-03-29', 'suite', 650);
                CREATE TABLE inquiries (inquiry_id INTEGER PRIMARY KEY, received_on DATE, converted BOOLEAN);
                INSERT INTO inquiries VALUES (1, '2026-01-04', true), (2, '2026-01-19', false), (3, '2026-02-08', false), (4, '2026-03-01', true),
                  (5, '2026-04-22', false)
                """, """
                name: guest_house
                datasets:
                  - name: guests
                    table: guests
                    primary_key: [guest_id]
                    entities:
                      - {name: guest, type: primary, expr: guest_id}
                    dimensions:
                      - {name: guest, type: categorical, expr: guest_name, label: Guest}
                      - {name: home_country, type: categorical, label: Home country}
                      - {name: guest_status, type: categorical, label: Guest status}
                      - {name: membership, type: categorical, label: Membership}
                  - name: payments
                    table: payments
                    primary_key: [payment_id]
                    default_time_dimension: paid_on
                    entities:
                      - {name: guest, type: foreign, expr: guest_id}
                    dimensions:
                      - {name: paid_on, type: time, grain: day}
                      - {name: method, type: categorical, label: Payment method}
                  - name: stays
                    table: stays
                    primary_key: [stay_id]
                    default_time_dimension: checked_in
                    entities:
                      - {name: guest, type: foreign, expr: guest_id}
                    dimensions:
                      - {name: checked_in, type: time, grain: day}
                      - {name: booked_on, type: time, grain: day}
                      - {name: room_type, type: categorical, label: Room type}
                  - name: inquiries
                    table: inquiries
                    primary_key: [inquiry_id]
                    default_time_dimension: received_on
                    dimensions:
                      - {name: received_on, type: time, grain: day}
                metrics:
                  - {name: income, type: simple, dataset: payments, agg: sum, expr: amount, label: Income, unit: EUR, synonyms: [guest income]}
                  - {name: room_income, type: simple, dataset: stays, agg: sum, expr: room_charge, label: Room income, unit: EUR}
                  - {name: average_stay_value, type: simple, dataset: stays, agg: avg, expr: room_charge, time_dimension: booked_on, label: Average stay value, unit: EUR}
                  - {name: inquiries, type: simple, dataset: inquiries, agg: count, label: Inquiries}
                  - {name: converted_inquiries, type: simple, dataset: inquiries, agg: count, filter: "converted", label: Converted inquiries}
                  - name: inquiry_conversion_rate
                    type: derived
                    label: Inquiry conversion rate
                    expr: 100.0 * converted_inquiries / NULLIF(inquiries, 0)
                    metrics: [converted_inquiries, inquiries]
                    format: percent
                """, "a guest house's guests, payments, stays and inquiries");
    }

    @AfterAll
    void tearDown() {
        db.close();
    }

    SemanticQuery read(String question) {
        return db.query(TODAY, question);
    }

    @Test
    void a_count_and_a_superlative_before_what_is_ranked_rank_it_by_the_measure_after_by() {
        SemanticQuery q = read("the 2 biggest guests by income in 2026");
        assertThat(q.metrics()).containsExactly("income");
        assertThat(q.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("guest");
        assertThat(q.limit()).isEqualTo(2);
        assertThat(q.order()).extracting(SemanticQuery.Order::descending).containsExactly(true);
        // Tomas 1300, Amara 260 + 700 = 960, Ines 420 + 510 = 930 (by hand, from the rows above)
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactly("Tomas Berg | 1300", "Amara Obi | 960");

        SemanticQuery fewest = read("our 3 smallest room types by room income in 2026");
        assertThat(fewest.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("room_type");
        assertThat(fewest.order()).extracting(SemanticQuery.Order::descending).containsExactly(false);
        assertThat(fewest.limit()).isEqualTo(3);
    }

    @Test
    void an_abbreviation_of_a_word_and_its_forms_is_the_noun() {
        assertThat(read("conv rate of inquiries in q1 2026").metrics()).containsExactly("inquiry_conversion_rate");
        assertThat(read("inquiry conv rate in 2026").metrics()).containsExactly("inquiry_conversion_rate");
        assertThat(dev.almanac.reading.Lexicon.english().abbreviationOf("conv", List.of("conversion", "converted", "inquiry")))
                .contains("conversion");
        // two nouns ("convoy" is not a form of "conversion") are no answer
        assertThat(dev.almanac.reading.Lexicon.english().abbreviationOf("conv", List.of("conversion", "convoy"))).isEmpty();
    }

    @Test
    void which_before_the_counted_rows_asks_for_the_rows_not_their_number() {
        for (String q : new String[] {"which inquiries were converted in 2026", "what converted inquiries did we get in q1 2026"}) {
            QuestionParser.Result r = db.parse(TODAY, q);
            assertThat(r).as(q).isInstanceOf(QuestionParser.Cannot.class);
            assertThat(((QuestionParser.Cannot) r).reason()).as(q).contains("themselves, not how many");
        }
        assertThat(read("how many inquiries were converted in 2026").metrics()).containsExactly("converted_inquiries");
    }

    @Test
    void the_event_the_rows_record_the_time_of_is_not_a_value_of_related_rows() {
        // "booked" is also a guest status; the stays' own time is when they were booked
        SemanticQuery q = read("average stay value of stays booked in march 2026");
        assertThat(q.metrics()).containsExactly("average_stay_value");
        assertThat(q.filters()).isEmpty();
        // stays booked in March: 1200, 240, 650 (by hand)
        assertThat(new java.math.BigDecimal(db.layer.run(q).result().rows().get(0).get(0).toString())).isCloseTo(new java.math.BigDecimal("696.6667"),
                org.assertj.core.data.Offset.offset(new java.math.BigDecimal("0.001")));
    }

    @Test
    void money_said_in_the_measures_currency_is_what_a_row_is_worth_and_another_currency_is_not_placed() {
        SemanticQuery q = read("income from payments over 500 euros in 2026");
        assertThat(q.filters()).extracting(SemanticQuery.Filter::op).containsExactly(">");
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactly("2510"); // 1300 + 510 + 700
        QuestionParser.Result dollars = db.parse(TODAY, "income from payments over 500 dollars in 2026");
        assertThat(dollars).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(((QuestionParser.Cannot) dollars).unplaced()).containsExactly("dollars");
    }

    @Test
    void a_value_misspelled_by_one_letter_is_that_value() {
        SemanticQuery q = read("income from guests from portgual in 2026");
        assertThat(q.filters()).extracting(SemanticQuery.Filter::values).containsExactly(List.of("Portugal"));
        assertThat(LayerOnDuckDb.lines(db.layer.run(q).result().rows())).containsExactly("930"); // 420 + 510
        // two letters wrong is not a misspelling read
        assertThat(db.parse(TODAY, "income from guests from protgaul in 2026")).isInstanceOf(QuestionParser.Cannot.class);
    }

    @Test
    void a_verb_of_change_between_two_periods_compares_them() {
        for (String question : new String[] {"did income go up in april 2026 vs march 2026", "how much did room income drop in may 2026 compared to march 2026"}) {
            SemanticQuery q = read(question);
            assertThat(q.compareTo()).as(question).isNotNull();
            assertThat(q.compareTo().start().getMonthValue()).as(question).isEqualTo(3);
        }
    }

    @Test
    void a_pronouns_letters_after_an_article_or_in_capitals_are_a_name_never_let_pass() {
        // no guest is from the US (no value says so): refused naming the word, never the income of every guest
        for (String question : new String[] {"income from guests in the us in 2026", "income from guests in the US in 2026"}) {
            QuestionParser.Result r = db.parse(TODAY, question);
            assertThat(r).as(question).isInstanceOf(QuestionParser.Cannot.class);
            assertThat(((QuestionParser.Cannot) r).unplaced()).as(question).extracting(String::toLowerCase).containsExactly("us");
        }
        assertThat(read("how much income did we get from guests in 2026").metrics()).containsExactly("income");
    }

    @Test
    void a_value_of_related_rows_said_whole_is_not_read_when_a_word_of_it_is_a_value_of_the_rows_own() {
        // "gold card", a guest's membership; "card", a payment's method: which one is meant is not read
        QuestionParser.Result r = db.parse(TODAY, "income from gold card in 2026");
        assertThat(r).isInstanceOf(QuestionParser.Cannot.class);
        assertThat(((QuestionParser.Cannot) r).reason()).contains("Membership", "Payment method");
        SemanticQuery card = read("income from payments by card in 2026");
        assertThat(card.filters()).extracting(SemanticQuery.Filter::field).containsExactly("method");
        assertThat(LayerOnDuckDb.lines(db.layer.run(card).result().rows())).containsExactly("770"); // 420 + 260 + 90
    }

    @Test
    void a_breakdown_only_a_metric_with_a_longer_name_has_is_read_as_that_metric_when_the_question_says_its_name() {
        // "room" and "income" are both said: the one metric that reads by room type is named by the question's words
        SemanticQuery option = read("income by room type in 2026");
        assertThat(option.metrics()).containsExactly("room_income");
        assertThat(option.groupBy()).extracting(SemanticQuery.GroupBy::dimension).containsExactly("room_type");
        // a breakdown no metric has is refused, naming the words
        QuestionParser.Result none = db.parse(TODAY, "income by inquiry in 2026");
        assertThat(none).isInstanceOf(QuestionParser.Cannot.class);
    }
}
