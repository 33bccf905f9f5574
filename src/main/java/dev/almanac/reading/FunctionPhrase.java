package dev.almanac.reading;

import java.util.List;
import java.util.Set;

/** One or more words that together are a function word ("of"; "according to"), with its classes. */
public record FunctionPhrase(List<String> words, Set<FunctionClass> classes) {
    public FunctionPhrase {
        words = List.copyOf(words);
        classes = Set.copyOf(classes);
    }

    /** The phrase's words joined by single spaces. */
    public String text() {
        return String.join(" ", words);
    }

    public boolean is(FunctionClass c) {
        return classes.contains(c);
    }
}
