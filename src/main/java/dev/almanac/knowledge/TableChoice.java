package dev.almanac.knowledge;

import java.util.List;

/** A table chosen for a question: combined score, its lexical and semantic parts, and why it was chosen. */
public record TableChoice(String table, double score, double lexical, double semantic, List<String> reasons) {}
