package dev.almanac.reading;

/**
 * A closed class of English words, as a grammar lists them ({@code function-words.tsv} names its sources); the Penn
 * Treebank tag each corresponds to is given. A word may be in several classes ("that" is a demonstrative, a relative
 * word and a subordinator; "to" a preposition and the infinitive marker).
 *
 * <p>What a class means for reading a question about data differs: an article, a personal pronoun or an auxiliary
 * carries nothing a query needs, while a preposition ("by", "per", "in", "since"), a quantifier ("no", "each",
 * "most"), a negation or a coordinator carries structure the reader must place.
 */
public enum FunctionClass {
    /** the, a, an (DT). */
    ARTICLE,
    /** this, that, these, those, such (DT, PDT). */
    DEMONSTRATIVE,
    /** all, each, every, some, any, no, both, either, neither, few, many, much, several, more, most, less, ... (DT, PDT). */
    QUANTIFIER,
    /** I, me, you, he, him, she, her, it, we, us, they, them (PRP). */
    PERSONAL_PRONOUN,
    /** my, your, his, her, its, our, their and mine, yours, ... (PRP$). */
    POSSESSIVE,
    /** the clitic 's and the bare apostrophe of a plural possessive (POS). */
    POSSESSIVE_MARKER,
    /** myself, itself, themselves, ... (PRP). */
    REFLEXIVE_PRONOUN,
    /** anyone, something, everybody, nothing, none, ... */
    INDEFINITE_PRONOUN,
    /** what, which, who, whom, whose, where, when, why, how (WDT, WP, WP$, WRB) and their contractions (what's). */
    INTERROGATIVE,
    /** which, who, that, whatever, ... introducing a relative clause (WDT, WP). */
    RELATIVE,
    /** of, in, by, per, since, ... and complex prepositions (according to, because of, as of, in front of) (IN). */
    PREPOSITION,
    /** and, or, but, nor, ... (CC). */
    COORDINATOR,
    /** if, whether, because, although, while, unless, ... (IN before a clause). */
    SUBORDINATOR,
    /** the forms of be, have and do, with their contractions ('s, 're, 've, don't, isn't, ...). */
    AUXILIARY,
    /** can, could, will, would, shall, should, may, might, must, ought, with their contractions (MD). */
    MODAL,
    /** not, n't, never, no, none, nor, and the negative contractions (isn't, can't, ...). */
    NEGATION,
    /** to before a verb (TO). */
    INFINITIVE_MARKER,
    /** there in "there is", "there were" (EX). */
    EXISTENTIAL_THERE
}
