package dev.almanac.knowledge;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** A rule of the business or a known data gotcha; {@code name} defaults to the file's name. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record BusinessRule(String name, String title, String description, List<String> appliesToTables,
                           List<String> appliesToMetrics, List<String> tags) {
    public BusinessRule {
        appliesToTables = appliesToTables == null ? List.of() : List.copyOf(appliesToTables);
        appliesToMetrics = appliesToMetrics == null ? List.of() : List.copyOf(appliesToMetrics);
        tags = tags == null ? List.of() : List.copyOf(tags);
    }
}
