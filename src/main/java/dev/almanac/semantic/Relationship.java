package dev.almanac.semantic;

import java.util.List;

/** A join from many rows of {@code from} to one row of {@code to} (or one to one, walkable both ways). */
public record Relationship(String name, String from, String to, boolean oneToOne, List<String> fromColumns, List<String> toColumns) {
    public String type() {
        return oneToOne ? "one_to_one" : "many_to_one";
    }
}
