package dev.almanac.semantic;

import dev.almanac.semantic.QuestionParser.Cannot;
import java.util.Optional;

/**
 * What one step of a reading read, or the refusal that ends the reading there: the reader's steps return one or the
 * other, never both ({@link MetricReading}, {@link ReadingChoice}).
 *
 * @param value what the step read (may be null where the step reads nothing, as a list of rows not asked for)
 * @param refusal why the reading ends here; null when it goes on
 */
record Step<T>(T value, Cannot refusal) {
    static <T> Step<T> read(T value) {
        return new Step<>(value, null);
    }

    static <T> Step<T> refused(Cannot refusal) {
        return new Step<>(null, refusal);
    }

    /** The refusal, if the step ended the reading. */
    Optional<Cannot> ended() {
        return Optional.ofNullable(refusal);
    }
}
