package dev.almanac.reading;

import static dev.almanac.reading.PartOfSpeech.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LexiconTest {
    private final Lexicon lexicon = Lexicon.english();

    @Test
    void inflected_words_have_their_base_forms() {
        assertThat(lexicon.baseForms("companies", NOUN)).containsExactly("company");
        assertThat(lexicon.baseForms("workers", NOUN)).containsExactly("worker");
        assertThat(lexicon.baseForms("children", NOUN)).containsExactly("child");
        assertThat(lexicon.baseForms("analyses", NOUN)).containsExactly("analysis");
        assertThat(lexicon.baseForms("bought", VERB)).containsExactly("buy");
        assertThat(lexicon.baseForms("went", VERB)).containsExactly("go");
        assertThat(lexicon.baseForms("hiring", VERB)).containsExactly("hire");
        assertThat(lexicon.baseForms("richest", ADJECTIVE)).containsExactly("rich");
        assertThat(lexicon.baseForms("bigger", ADJECTIVE)).startsWith("big"); // from the exception list; WordNet has "bigger" too
        assertThat(lexicon.baseForms("Umbrellas")).containsExactly("umbrella");
        assertThat(lexicon.baseForms("bus stops", NOUN)).containsExactly("bus stop");
        assertThat(lexicon.baseForms("quickly", NOUN)).isEmpty();
    }

    @Test
    void a_word_has_the_parts_of_speech_wordnet_gives_it() {
        assertThat(lexicon.partsOfSpeech("open")).contains(NOUN, VERB, ADJECTIVE);
        assertThat(lexicon.partsOfSpeech("sold")).contains(VERB);
        assertThat(lexicon.baseForms("sold", VERB)).containsExactly("sell");
        assertThat(lexicon.partsOfSpeech("quickly")).containsExactly(ADVERB);
        assertThat(lexicon.partsOfSpeech("umbrella")).contains(NOUN).doesNotContain(VERB, ADVERB);
        assertThat(lexicon.knows("the")).isFalse();
        assertThat(lexicon.knows("zqxvbt")).isFalse();
    }

    @Test
    void sense_counts_say_how_ambiguous_a_word_is() {
        assertThat(lexicon.senseCount("umbrella")).isBetween(1, 5);
        assertThat(lexicon.senseCount("run")).isGreaterThan(40);
        assertThat(lexicon.senseCount("zqxvbt")).isZero();
        List<Sense> senses = lexicon.senses("bank", NOUN);
        assertThat(senses).hasSizeGreaterThan(5);
        // WordNet's order: the most used sense first
        assertThat(senses.get(0).uses()).isGreaterThanOrEqualTo(senses.get(senses.size() - 1).uses());
    }

    @Test
    void synonyms_are_the_words_of_a_shared_synset() {
        assertThat(lexicon.synonyms("car")).contains("automobile", "auto");
        assertThat(lexicon.synonyms("cars")).contains("automobile");
        assertThat(lexicon.synonyms("car")).doesNotContain("car", "banana");
        assertThat(lexicon.relation("purchase", "buy")).get().extracting(Relation::kind).isEqualTo(Relation.Kind.SYNONYM);
        assertThat(lexicon.relation("big", "large")).get().satisfies(r -> {
            assertThat(r.kind()).isEqualTo(Relation.Kind.SYNONYM);
            assertThat(r.pos()).isEqualTo(ADJECTIVE);
            assertThat(r.sense()).isEqualTo(1);
            assertThat(r.senses()).isGreaterThan(5);
        });
        assertThat(lexicon.relation("car", "banana")).isEmpty();
        assertThat(lexicon.relation("umbrella", "bicycle")).isEmpty();
    }

    @Test
    void derived_forms_broader_words_and_opposites_are_related_by_their_kind() {
        assertThat(lexicon.relation("payment", "pay")).get().extracting(Relation::kind).isEqualTo(Relation.Kind.DERIVED);
        assertThat(lexicon.relation("shipment", "shipping")).get().extracting(Relation::kind).isEqualTo(Relation.Kind.DERIVED);
        assertThat(lexicon.relation("delivery", "deliver")).get().extracting(Relation::kind).isEqualTo(Relation.Kind.DERIVED);
        assertThat(lexicon.relation("hiring", "hired")).get().extracting(Relation::kind).isEqualTo(Relation.Kind.SAME_WORD);
        assertThat(lexicon.relation("car", "motor vehicle")).get().extracting(Relation::kind).isEqualTo(Relation.Kind.BROADER);
        assertThat(lexicon.relation("motor vehicle", "cars")).get().extracting(Relation::kind).isEqualTo(Relation.Kind.NARROWER);
        assertThat(lexicon.relation("huge", "large")).get().extracting(Relation::kind).isEqualTo(Relation.Kind.SIMILAR);
        assertThat(lexicon.relation("cheap", "expensive")).get().extracting(Relation::kind).isEqualTo(Relation.Kind.ANTONYM);
        assertThat(lexicon.senses("seller", NOUN).get(0).derived()).contains(new Related("sell", VERB));
    }

    @Test
    void an_adjective_gives_a_value_of_the_attribute_wordnet_relates_it_to() {
        Lexicon english = Lexicon.english();
        assertThat(english.attributesOf("youngest")).contains("age");
        assertThat(english.attributesOf("older")).contains("age");
        assertThat(english.attributesOf("heavier")).contains("weight");
        assertThat(english.attributesOf("tallest")).contains("height");
        assertThat(english.attributesOf("singer")).as("a noun gives no value of an attribute").isEmpty();
        assertThat(english.attributesOf("expensive")).as("WordNet relates it to no attribute").isEmpty();
        assertThat(Lexicon.lowerPole("young")).isTrue();
        assertThat(Lexicon.lowerPole("old")).isFalse();
    }

    @Test
    void a_verb_in_any_form_gives_the_nouns_wordnet_derives_from_it() {
        Lexicon english = Lexicon.english();
        assertThat(english.nounsOfVerb("treated")).contains("treatment");
        assertThat(english.nounsOfVerb("perform")).contains("performance");
        assertThat(english.nounsOfVerb("populated")).contains("population");
        assertThat(english.nounsOfVerb("quickly")).as("no verb").isEmpty();
    }

    @Test
    void a_one_letter_typo_in_a_long_word_is_the_one_vocabulary_word_it_misspells() {
        List<String> vocabulary = List.of("temperature", "pressure", "humidity", "station", "weight", "height");
        assertThat(lexicon.typoOf("temprature", vocabulary)).contains("temperature"); // a letter left out
        assertThat(lexicon.typoOf("humiddity", vocabulary)).contains("humidity"); // one added
        assertThat(lexicon.typoOf("stasion", vocabulary)).contains("station"); // one replaced
        assertThat(lexicon.typoOf("wieght", vocabulary)).contains("weight"); // two swapped
        assertThat(lexicon.typoOf("Presure", vocabulary)).contains("pressure");
    }

    @Test
    void typos_are_not_guessed_when_ambiguous_short_known_or_exact() {
        // one edit from both "parcel" and "parse": no answer
        assertThat(lexicon.typoOf("parsel", List.of("parcel", "parse"))).isEmpty();
        // a word of fewer than five letters: never corrected; a typo one letter short of a word of five is ("pokr" of "poker")
        assertThat(lexicon.typoOf("rian", List.of("rain"))).isEmpty();
        assertThat(lexicon.typoOf("tpe", List.of("type"))).isEmpty();
        assertThat(lexicon.typoOf("pokr", List.of("poker", "pole"))).contains("poker");
        assertThat(lexicon.typoOf("wigt", List.of("wight", "weigt"))).isEmpty();
        // a word WordNet knows is not a typo of another ("bottle" is not a misspelt "battle")
        assertThat(lexicon.typoOf("bottle", List.of("battle"))).isEmpty();
        // a vocabulary word is itself
        assertThat(lexicon.typoOf("station", List.of("station", "stations"))).isEmpty();
        // two edits away
        assertThat(lexicon.typoOf("tempratre", List.of("temperature"))).isEmpty();
    }

    @Test
    void a_short_unknown_word_is_the_one_vocabulary_word_it_abbreviates() {
        List<String> vocabulary = List.of("quantity", "amount", "manager", "temperature", "description", "price");
        assertThat(lexicon.abbreviationOf("qty", vocabulary)).contains("quantity");
        assertThat(lexicon.abbreviationOf("amt", vocabulary)).contains("amount");
        assertThat(lexicon.abbreviationOf("mgr", vocabulary)).contains("manager");
        assertThat(lexicon.abbreviationOf("descr", vocabulary)).contains("description");
        // WordNet has "temp" (a temporary worker) but never uses it in its tagged corpus: rare enough to be read so
        assertThat(lexicon.abbreviationOf("temp", vocabulary)).contains("temperature");
        // a skeleton may end before a final e ("avg" of "average") and forms of one word count once
        assertThat(lexicon.abbreviationOf("avg", List.of("average", "averages"))).contains("average");
        assertThat(lexicon.abbreviationOf("wrhs", List.of("warehouse", "warehouses"))).contains("warehouse");
    }

    @Test
    void abbreviations_are_not_guessed_when_ambiguous_common_or_out_of_length() {
        // "cnt" fits both "count" and "content"
        assertThat(lexicon.abbreviationOf("cnt", List.of("count", "content"))).isEmpty();
        // "prod" is a prefix of two words
        assertThat(lexicon.abbreviationOf("prod", List.of("production", "producer"))).isEmpty();
        // a common English word is read as itself, never as an abbreviation ("cat" is not "category")
        assertThat(lexicon.abbreviationOf("cat", List.of("category", "price"))).isEmpty();
        // too short or too long
        assertThat(lexicon.abbreviationOf("qt", List.of("quantity"))).isEmpty();
        assertThat(lexicon.abbreviationOf("tempera", List.of("temperature"))).isEmpty();
        // vowels after the first letter make no skeleton, and nothing fits
        assertThat(lexicon.abbreviationOf("qaty", List.of("quantity"))).isEmpty();
        assertThat(lexicon.abbreviationOf("xyz", List.of("quantity"))).isEmpty();
    }

    @Test
    void nothing_is_read_until_a_word_is_looked_up_and_the_digest_is_opened_once() throws Exception {
        List<String> opened = new ArrayList<>();
        java.nio.file.Path file = java.nio.file.Path.of(LexiconTest.class.getClassLoader().getResource(WordNetFile.DIGEST).toURI());
        Lexicon fresh = new Lexicon(new WordNetFile(() -> {
            opened.add("digest");
            return WordNetFile.mapped(file);
        }));
        assertThat(opened).isEmpty();
        assertThat(fresh.baseForms("umbrellas", NOUN)).containsExactly("umbrella");
        fresh.senses("umbrella", NOUN);
        assertThat(fresh.partsOfSpeech("quickly")).containsExactly(PartOfSpeech.ADVERB);
        assertThat(opened).hasSize(1);
    }

    @Test
    void a_damaged_digest_is_reported_as_such() {
        Lexicon damaged = new Lexicon(new WordNetFile(() -> java.nio.ByteBuffer.allocate(WordNetFile.HEADER + 10)));
        assertThatThrownBy(() -> damaged.baseForms("umbrellas", NOUN)).hasMessageContaining("damaged");
    }
}
