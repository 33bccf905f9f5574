package dev.almanac.agent.explain;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The sentences of the work of one query, and of the lists it uses, numbered in the order they are met. */
final class Scope {
    private final PlainExplainer explainer;
    final TreeMap<Character, String> lists = new TreeMap<>();
    private int next;
    /** The table each alias of the current query stands for. */
    Map<String, String> aliases = new HashMap<>();
    /** The tables the current query reads more than once (a self-join): their columns are told apart by alias. */
    Set<String> repeated = new HashSet<>();
    /** How a table read twice is matched to itself ("It matches cur to prev where ..."), said after the sentence that reads it. */
    final List<String> matches = new ArrayList<>();

    Scope(PlainExplainer explainer) {
        this.explainer = explainer;
    }

    /** A subquery as a named list whose own sentence follows ("List A: ..."). */
    String list(JsonNode node, String kind) {
        char letter = (char) ('A' + next++);
        String name = kind + " " + letter;
        List<String> inner = new ArrayList<>();
        explainer.query(node, this, inner, false);
        lists.put(letter, Phrases.capitalized(name) + ": " + Phrases.lowerFirst(String.join(" ", inner)));
        return name;
    }
}
