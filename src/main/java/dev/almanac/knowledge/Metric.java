package dev.almanac.knowledge;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** A canonical metric: the agreed definition and SQL of a business number. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Metric(String name, String label, String definition, String sql, List<Parameter> parameters, String unit,
                     String owner, List<String> caveats, List<String> tags, List<String> synonyms) {
    public Metric {
        parameters = parameters == null ? List.of() : List.copyOf(parameters);
        caveats = caveats == null ? List.of() : List.copyOf(caveats);
        tags = tags == null ? List.of() : List.copyOf(tags);
        synonyms = synonyms == null ? List.of() : List.copyOf(synonyms);
    }
}
