package dev.almanac.knowledge;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * An evaluation case: a question, the gold SQL and the result it must produce. With comparison
 * {@code refused} (a question the data cannot answer: it must be declined or asked back)
 * {@code expectedSql} and {@code expectedResult} may be null.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GoldenQuery(String id, String question, String expectedSql, ExpectedResult expectedResult, String comparison,
                          Double tolerance, String difficulty, List<String> tags) {
    public GoldenQuery {
        tags = tags == null ? List.of() : List.copyOf(tags);
    }

    /** Expected rows; numbers are held as BigDecimal without trailing zeros, so 3, 3.0 and 3E0 are the same value. */
    public record ExpectedResult(List<String> columns, List<List<Object>> rows) {
        public ExpectedResult {
            if (rows != null) {
                List<List<Object>> normal = new java.util.ArrayList<>();
                for (List<Object> row : rows) {
                    List<Object> r = new java.util.ArrayList<>();
                    for (Object v : row) r.add(v instanceof Number n ? new java.math.BigDecimal(n.toString()).stripTrailingZeros() : v);
                    normal.add(java.util.Collections.unmodifiableList(r));
                }
                rows = List.copyOf(normal);
            }
        }
    }
}
