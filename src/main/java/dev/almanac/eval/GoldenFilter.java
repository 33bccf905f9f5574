package dev.almanac.eval;

import dev.almanac.UserError;
import dev.almanac.knowledge.GoldenQuery;
import java.util.List;

/** Which golden questions an eval run asks: those with the tag and of the difficulty (either may be null, meaning all). */
public record GoldenFilter(String tag, String difficulty) {
    public GoldenFilter {
        if (difficulty != null && !List.of("easy", "medium", "hard").contains(difficulty)) {
            throw new UserError("the difficulty must be easy, medium or hard");
        }
    }

    /** The matching questions; none matching is a user error. */
    public List<GoldenQuery> select(List<GoldenQuery> golden) {
        List<GoldenQuery> selected = golden.stream()
                .filter(g -> tag == null || g.tags().contains(tag))
                .filter(g -> difficulty == null || g.difficulty().equals(difficulty)).toList();
        if (selected.isEmpty()) throw new UserError("no golden questions match" + (tag == null ? "" : " tag " + tag) + (difficulty == null ? "" : " difficulty " + difficulty));
        return selected;
    }

    /** How a run records its filters ("tag=x,difficulty=y"; empty for all), so that runs with the same filters can be compared. */
    public String label() {
        return (tag == null ? "" : "tag=" + tag) + (difficulty == null ? "" : (tag == null ? "" : ",") + "difficulty=" + difficulty);
    }
}
