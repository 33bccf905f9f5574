package dev.almanac.reading;

/** A word another sense points to, with its part of speech ("sell", VERB from a sense of "sale"). */
public record Related(String word, PartOfSpeech pos) {}
