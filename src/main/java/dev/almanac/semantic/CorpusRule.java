package dev.almanac.semantic;

import java.util.List;

/**
 * A named rule of the reader with the examples it must read beside it, {@code "database: question => query"} (or
 * {@code => refused}): the rule sets {@link MetricChoice}, {@link Breakdown}, {@link ValueRule}, {@link NumberCondition},
 * {@link Ranking}, {@link MeasureFit}, {@link GrainRule} and {@link WordPlacement}, whose corpora one test reads.
 */
interface CorpusRule {
    /** The rule's name, as the enum has it. */
    String name();

    /** The examples the rule must read. */
    List<String> examples();
}
