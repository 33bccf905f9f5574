package dev.almanac.reading;

/** WordNet's four parts of speech (the open classes); function words are {@link FunctionWords}'. */
public enum PartOfSpeech {
    NOUN('n'), VERB('v'), ADJECTIVE('a'), ADVERB('r');

    private final char tag;

    PartOfSpeech(char tag) {
        this.tag = tag;
    }

    /** WordNet's letter for it: n, v, a, r. */
    char tag() {
        return tag;
    }

    static PartOfSpeech ofTag(char tag) {
        for (PartOfSpeech p : values()) if (p.tag == tag) return p;
        throw new IllegalArgumentException("no part of speech " + tag);
    }
}
