package dev.almanac.agent;

import dev.almanac.semantic.QuestionParser;
import dev.almanac.semantic.SemanticQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What the question reader found when it did not read a question whole, for the model to start from (with a model, such
 * a question goes to the model's tool loop instead of being asked back or refused): the readings it would have offered
 * as a question back, each read into its semantic query, and the words it could not place.
 *
 * @param doubt    the reader's question back, or the reason it could not read the question
 * @param readings the candidate readings, none certain; empty for a refusal
 * @param unplaced the words of the question the reader could not place, as written
 */
record CandidateReadings(String doubt, List<Reading> readings, List<String> unplaced) {
    static final CandidateReadings NONE = new CandidateReadings(null, List.of(), List.of());

    /** One option of the question back, and the semantic query the reader reads it as. */
    record Reading(String question, SemanticQuery query) {}

    CandidateReadings {
        readings = List.copyOf(readings);
        unplaced = List.copyOf(unplaced);
    }

    /**
     * What a reading that is not whole holds: a question back's options, each read by {@code read} (an option it does
     * not read whole is left out), or a refusal's reason and unplaced words; NONE for a reading that is whole or none.
     */
    static CandidateReadings of(QuestionParser.Result reading, Function<String, QuestionParser.Result> read) {
        if (reading instanceof QuestionParser.Clarify c) {
            List<Reading> readings = new ArrayList<>();
            for (String option : c.options()) {
                if (read.apply(option) instanceof QuestionParser.Parsed p) readings.add(new Reading(option, p.query()));
            }
            return new CandidateReadings(c.question(), readings, List.of());
        }
        if (reading instanceof QuestionParser.Cannot c) return new CandidateReadings(c.reason(), List.of(), c.unplaced());
        return NONE;
    }

    boolean isEmpty() {
        return doubt == null && readings.isEmpty() && unplaced.isEmpty();
    }

    /**
     * The first prompt's few lines on them: each reading in words and as {@code query_metrics} arguments, the words not
     * placed, or the reader's reason; never an answer. Empty when there is nothing.
     */
    String promptSection(SemanticTools semantic) {
        if (isEmpty()) return "";
        StringBuilder s = new StringBuilder("\n## How the question was read\n");
        if (!readings.isEmpty()) {
            s.append("The question reader found these readings; none is certain, and none is the answer (query_metrics arguments):\n");
            for (Reading r : readings) s.append("- ").append(semantic.describe(r.query())).append(": ").append(SemanticArguments.of(r.query())).append('\n');
        }
        if (!unplaced.isEmpty()) {
            s.append("Words the question reader could not place: ").append(String.join(", ", unplaced.stream().map(w -> "'" + w + "'").toList())).append(".\n");
        } else if (readings.isEmpty()) {
            s.append("The question reader could not read it: ").append(doubt).append(doubt.matches(".*[.?!]$") ? "\n" : ".\n");
        }
        return s.toString();
    }
}
