package dev.almanac.semantic;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.util.List;

/**
 * What {@link ChangeAnalysis} found about a metric's change between two periods: the two values, what the change is
 * (explained, too small to explain, or not comparable), and where it came from: by each dimension the metric can be
 * sliced by, each value's contribution (adding up to the change exactly, and rounded so that the shown ones add up to
 * the shown change), for a ratio the part that came from the groups' weights moving (mix) and from within the groups
 * (rate), one level deeper inside the value that carries the most, and a snapshot's movements (new, expansion,
 * contraction, churn). Every number is read from a query of {@link #queries}, which each part names by index.
 *
 * @param verdict     whether the change is explained below, or why not
 * @param why         the verdict in words ("the change is smaller than ..."); null when explained
 * @param change      after minus before, as computed; {@code shownChange} rounded to the metric's decimals
 * @param dimensions  the dimensions split, most concentrated first
 * @param notSplit    dimensions the change could not be split by, each with its reason
 * @param deeper      inside the value carrying the most of the change, split by the other dimensions; null when none
 * @param movements   a snapshot metric's change by what each entity did; null when the model cannot say it
 * @param coverage    where the data covers a period only in part, said so (a change may then come from the data's end)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Change(String metric, String label, ValueFormat format, SemanticQuery.Period before, SemanticQuery.Period after,
                     List<SemanticQuery.Filter> filters, BigDecimal valueBefore, BigDecimal valueAfter, BigDecimal change, BigDecimal shownChange,
                     Double changePct, Verdict verdict, String why, Variation variation, String method, List<Split> dimensions, List<NotSplit> notSplit,
                     Deeper deeper, Movements movements, String coverage, List<Query> queries) {

    public enum Verdict {
        /** The change is split below. */
        explained,
        /** The change rounds to nothing at the metric's decimals. */
        within_rounding,
        /** The change is inside the metric's usual change from one period to the next. */
        usual_variation,
        /** One of the two periods has no data: there is no change to explain. */
        no_data
    }

    /**
     * The metric's usual change from one period to the next, over the periods before: {@code typical} is the spread of those
     * changes (their median absolute deviation times 1.4826, the standard deviation of normally spread changes, robust to a
     * few unusual ones); {@code periods} how many changes it was taken over; {@code grain} their length.
     */
    public record Variation(Grain grain, int periods, BigDecimal typical, int query) {}

    /**
     * The change split by one dimension. {@code excess} (what the dimensions are ranked by) is how much more of the movement
     * one value, {@code excessValue}, carries than its size would give it: its share of the movement (contributions without
     * sign), {@code excessOfMovement}, minus its share of the metric before (a ratio's denominator), {@code excessOfSize},
     * the largest over the values; 0 when every value moved in proportion to its size. {@code concentration} is the share (0 to 1) of all the values' contributions, taken
     * without their sign, carried by the largest one: 1 when one value carries all the movement. For a ratio, {@code mix}
     * and {@code rate} are the parts of the change from the groups' weights moving and from within the groups (they add up
     * to the change); null otherwise.
     */
    public record Split(String dimension, String label, int query, double excess, String excessValue, double excessOfMovement, double excessOfSize,
                        double concentration, BigDecimal mix, BigDecimal rate, BigDecimal shownMix,
                        BigDecimal shownRate, List<Contribution> values) {}

    /**
     * One value's part: its metric in each period, its contribution to the change as computed and as shown (the shown ones
     * of a split add up to the shown change), and, for a ratio, its mix and rate parts. {@code status} says when the
     * value is new (no data before) or vanished (none after). {@code others} is how many values an "all other values"
     * row holds (0 for a value).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Contribution(String value, BigDecimal before, BigDecimal after, BigDecimal contribution, BigDecimal shown, Status status,
                               BigDecimal mix, BigDecimal rate, Integer others) {}

    public enum Status { both, added, vanished, others }

    public record NotSplit(String dimension, String label, String reason) {}

    /** Inside one value of one dimension (filtered to it), the value's own change split by the other dimensions. */
    public record Deeper(String dimension, String value, BigDecimal change, BigDecimal shownChange, List<Split> dimensions) {}

    /**
     * A snapshot metric's change by what each entity (a subscription) did between the two snapshots: new (none or zero
     * before), expansion (more), contraction (less), churn (none or zero after); they add up to the change.
     */
    public record Movements(String entity, List<Movement> parts, int query) {}

    public record Movement(String name, BigDecimal value, BigDecimal shown, long entities) {}

    /** A query the analysis ran: its number (from 1), what it computed in words, its SQL and the tables it read. */
    public record Query(int index, String purpose, String sql, List<String> tables) {}
}
