package dev.almanac.knowledge;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** An evaluation case: a question, the gold SQL and the result it must produce. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GoldenQuery(String id, String question, String expectedSql, ExpectedResult expectedResult, String comparison,
                          Double tolerance, String difficulty, List<String> tags) {
    public GoldenQuery {
        tags = tags == null ? List.of() : List.copyOf(tags);
    }

    public record ExpectedResult(List<String> columns, List<List<Object>> rows) {}
}
