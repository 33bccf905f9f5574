package dev.almanac.knowledge;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** A question with SQL that a named person checked; answers it produced say who and when. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record VerifiedQuery(String name, String question, String sql, List<Parameter> parameters, List<String> tables,
                            List<String> tags, String verifiedBy, String verifiedAt) {
    public VerifiedQuery {
        parameters = parameters == null ? List.of() : List.copyOf(parameters);
        tables = tables == null ? List.of() : List.copyOf(tables);
        tags = tags == null ? List.of() : List.copyOf(tags);
    }
}
