package dev.almanac.reading;

import java.util.List;

/**
 * One WordNet sense of a word: how often WordNet's sense-tagged corpus uses the word in this sense, the other words of
 * its synset, the word's derivationally related forms ("sale" -> sell), the words it pertains to ("annual" -> year), its
 * antonyms, the words of the synset one step broader (hypernyms) and, for adjectives, of similar synsets; the words of the
 * attribute an adjective gives a value of ("young" and "old" of age) or, for such a noun, its adjectives; the
 * lexicographer file of the synset ("noun.possession"). A word's senses come in WordNet's order, most frequent first.
 */
public record Sense(PartOfSpeech pos, int uses, List<String> synonyms, List<Related> derived, List<Related> pertains,
        List<Related> antonyms, List<String> broader, List<String> similar, List<String> attributes, String lexFile) {
    public Sense {
        synonyms = List.copyOf(synonyms);
        derived = List.copyOf(derived);
        pertains = List.copyOf(pertains);
        antonyms = List.copyOf(antonyms);
        broader = List.copyOf(broader);
        similar = List.copyOf(similar);
        attributes = List.copyOf(attributes);
    }
}
