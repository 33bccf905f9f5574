package dev.almanac.reading;

/**
 * How a word relates to another in WordNet: the strongest {@link Kind} found, the part of speech and the 1-based number of
 * the first sense of the word (in WordNet's order, most frequent first) where it holds, and how many senses the word has
 * in that part of speech, so that a caller can weigh a relation found only in the seventh of nine senses.
 */
public record Relation(Kind kind, PartOfSpeech pos, int sense, int senses) {
    /** Strongest first. */
    public enum Kind {
        /** Both words have a base form in common ("hiring" and "hire", "companies" and "company"). */
        SAME_WORD,
        /** The other word is in a synset of the word ("purchase" and "buy"). */
        SYNONYM,
        /** A derivationally related form or a pertainym ("sale" and "sell", "annual" and "year"). */
        DERIVED,
        /** The other word is one step broader: a hypernym of the word ("car" to "motor vehicle"). */
        BROADER,
        /** The other word is one step narrower: the word is its hypernym. */
        NARROWER,
        /** An adjective in a similar synset ("huge" and "large"). */
        SIMILAR,
        /** The opposite ("open" and "closed"): related, but never the same thing. */
        ANTONYM
    }
}
