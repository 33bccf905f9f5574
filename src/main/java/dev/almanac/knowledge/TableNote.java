package dev.almanac.knowledge;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/** What an analyst knows about one table. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record TableNote(String table, String description, String owner, String refreshFrequency, String timeColumn,
                        String timeFormat, List<String> useCases, List<String> dataQualityNotes, Map<String, String> columnNotes,
                        List<Relation> relatedTables, String drafted) {

    public TableNote {
        useCases = useCases == null ? List.of() : List.copyOf(useCases);
        dataQualityNotes = dataQualityNotes == null ? List.of() : List.copyOf(dataQualityNotes);
        columnNotes = columnNotes == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(columnNotes));
        relatedTables = relatedTables == null ? List.of() : List.copyOf(relatedTables);
    }

    public TableNote(String table, String description, String owner, String refreshFrequency, String timeColumn, String timeFormat,
                     List<String> useCases, List<String> dataQualityNotes, Map<String, String> columnNotes, List<Relation> relatedTables) {
        this(table, description, owner, refreshFrequency, timeColumn, timeFormat, useCases, dataQualityNotes, columnNotes, relatedTables, null);
    }

    /** Another table this one joins to, with the join condition. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Relation(String table, String join, String relationship) {}
}
