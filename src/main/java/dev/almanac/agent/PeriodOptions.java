package dev.almanac.agent;

import dev.almanac.quality.Timeframe;
import dev.almanac.quality.TimeframeParser;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The periods a question back offers for a metric asked without one: "last month", "last quarter", "this year" and
 * "last year", each that holds no data (after the data ends) replaced by the latest period of its grain that does
 * ("September 2026"), so that every option offered gets an answer. Periods that come out the same are offered once,
 * in words when one of them is ("last year" rather than 2025).
 *
 * @param options what to offer, in this order
 * @param month a month that holds data, for the text ("or a month such as September 2026"); null when none is found
 */
record PeriodOptions(List<String> options, String month) {
    static final List<String> RELATIVE = List.of("last month", "last quarter", "this year", "last year");
    /** How far back to look for a period with data, in periods of the grain. */
    private static final int LOOK_BACK = 40;

    static PeriodOptions of(TimeframeParser timeframes, LocalDate today, Predicate<Timeframe> holdsData) {
        List<Timeframe> chosen = new ArrayList<>();
        List<String> options = new ArrayList<>();
        for (String relative : RELATIVE) {
            Timeframe tf = timeframes.parse(relative).orElseThrow();
            Optional<Timeframe> pick = holdsData.test(tf) ? Optional.of(tf) : latest(previous(tf), holdsData);
            if (pick.isEmpty()) continue;
            String label = pick.get() == tf ? relative : pick.get().label();
            int same = indexOf(chosen, pick.get());
            if (same < 0) {
                chosen.add(pick.get());
                options.add(label);
            } else if (pick.get() == tf) {
                options.set(same, relative); // "this year" stood in as 2025, which is "last year": offered once, in words
            }
        }
        LocalDate thisMonth = today.withDayOfMonth(1);
        String month = latest(new Timeframe(thisMonth, thisMonth.plusMonths(1), Timeframe.Grain.MONTH, "this month"), holdsData)
                .map(Timeframe::label).orElse(null);
        return new PeriodOptions(List.copyOf(options), month);
    }

    private static int indexOf(List<Timeframe> chosen, Timeframe tf) {
        for (int i = 0; i < chosen.size(); i++) {
            if (chosen.get(i).start().equals(tf.start()) && chosen.get(i).end().equals(tf.end())) return i;
        }
        return -1;
    }

    /** The period itself or the latest one before it, of the same grain, that holds data. */
    private static Optional<Timeframe> latest(Timeframe from, Predicate<Timeframe> holdsData) {
        Timeframe tf = from;
        for (int i = 0; i < LOOK_BACK && tf != null; i++, tf = previous(tf)) {
            if (holdsData.test(tf)) return Optional.of(tf);
        }
        return Optional.empty();
    }

    /** The period of the same grain just before; null for a grain that has no fixed length. */
    private static Timeframe previous(Timeframe tf) {
        int months = switch (tf.grain()) {
            case MONTH -> 1;
            case QUARTER -> 3;
            case YEAR -> 12;
            default -> 0;
        };
        if (months == 0) return null;
        Timeframe earlier = new Timeframe(tf.start().minusMonths(months), tf.start(), tf.grain(), "");
        return new Timeframe(earlier.start(), earlier.end(), earlier.grain(), earlier.label());
    }

    /** The text of the question back: the options, and a month that holds data when none of them is a month. */
    String examples() {
        String listed = String.join(", ", options);
        return month == null || options.contains(month) ? listed : listed + ", or a month such as " + month;
    }
}
