package dev.almanac.semantic;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a sample of one column's values shows: how many are set and distinct, whether they are numbers (whole, in the range
 * of epoch seconds or milliseconds), dates (typed, or ISO text) and at which grain, codes of digits, or text of some length.
 * {@code values} keeps the distinct values seen (as text, most frequent first, at most {@link #KEPT}).
 */
record ColumnProfile(int rows, int nonNull, int distinct, boolean numeric, boolean integral, Double min, Double max, boolean allFraction,
                     int temporalValues, int isoText, int digitText, int decimalText, int leadingZero, double avgLength, int maxLength, Grain grain,
                     boolean booleans, int epochSeconds, int epochMillis, List<String> values) {
    static final int KEPT = 200;
    private static final Pattern ISO = Pattern.compile("\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?");
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d{1,15}(\\.\\d{1,9})?");
    static final double EPOCH_FROM = 946_684_800d; // 2000-01-01
    static final double EPOCH_TO = 4_102_444_800d; // 2100-01-01

    boolean unique() {
        return nonNull > 0 && distinct == nonNull && nonNull == rows;
    }

    /** Whether every value set is a date (typed) or ISO date text. */
    boolean dates() {
        return nonNull > 0 && (temporalValues == nonNull || isoText == nonNull);
    }

    static ColumnProfile of(List<Object> column) {
        int nonNull = 0, temporal = 0, iso = 0, digits = 0, decimals = 0, zeros = 0, epochS = 0, epochMs = 0, numbers = 0, whole = 0, fractions = 0, bools = 0;
        long length = 0;
        int maxLength = 0;
        Double min = null, max = null;
        Map<String, Integer> counts = new HashMap<>();
        List<LocalDateTime> moments = new ArrayList<>();
        for (Object v : column) {
            if (v == null) continue;
            nonNull++;
            String text;
            if (v instanceof Boolean b) {
                bools++;
                text = b.toString();
            } else if (v instanceof Number n) {
                numbers++;
                double d = n.doubleValue();
                if (d == Math.rint(d) && !Double.isInfinite(d)) whole++;
                if (d > 0 && d < 1) fractions++;
                min = min == null ? d : Math.min(min, d);
                max = max == null ? d : Math.max(max, d);
                if (d >= EPOCH_FROM && d < EPOCH_TO) epochS++;
                if (d >= EPOCH_FROM * 1000 && d < EPOCH_TO * 1000) epochMs++;
                text = n instanceof java.math.BigDecimal bd ? bd.stripTrailingZeros().toPlainString() : String.valueOf(n);
            } else if (v instanceof java.util.Date || v instanceof java.time.temporal.Temporal) {
                temporal++;
                text = v.toString();
                LocalDateTime t = moment(text);
                if (t != null) moments.add(t);
            } else {
                text = v instanceof byte[] ? "<binary>" : v.toString();
                if (ISO.matcher(text.strip()).matches()) {
                    LocalDateTime t = moment(text.strip());
                    if (t != null) {
                        iso++;
                        moments.add(t);
                    }
                }
                if (DECIMAL.matcher(text).matches()) decimals++;
                if (DIGITS.matcher(text).matches()) {
                    digits++;
                    if (text.length() > 1 && text.charAt(0) == '0') zeros++;
                }
            }
            length += text.length();
            maxLength = Math.max(maxLength, text.length());
            counts.merge(text, 1, Integer::sum);
        }
        List<String> values = counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(KEPT).map(Map.Entry::getKey).toList();
        boolean numeric = nonNull > 0 && numbers == nonNull;
        return new ColumnProfile(column.size(), nonNull, counts.size(), numeric, numeric && whole == nonNull, min, max,
                numeric && fractions == nonNull, temporal, iso, digits, decimals, zeros, nonNull == 0 ? 0 : (double) length / nonNull, maxLength,
                grain(moments), nonNull > 0 && bools == nonNull, epochS, epochMs, values);
    }

    /** The grain the moments have: a day unless every one is the first of a month (month), of a quarter, or of a year. */
    private static Grain grain(List<LocalDateTime> moments) {
        if (moments.isEmpty()) return null;
        if (moments.stream().anyMatch(t -> t.toLocalTime().toSecondOfDay() != 0)) return Grain.DAY;
        long distinct = moments.stream().map(LocalDateTime::toLocalDate).distinct().count();
        if (distinct < 3 || moments.stream().anyMatch(t -> t.getDayOfMonth() != 1)) return Grain.DAY;
        if (moments.stream().allMatch(t -> t.getMonthValue() == 1)) return Grain.YEAR;
        if (moments.stream().allMatch(t -> (t.getMonthValue() - 1) % 3 == 0)) return Grain.QUARTER;
        return Grain.MONTH;
    }

    private static LocalDateTime moment(String text) {
        try {
            String t = text.length() >= 10 ? text.substring(0, 10) : text;
            LocalDate day = LocalDate.parse(t);
            if (text.length() >= 19 && (text.charAt(10) == ' ' || text.charAt(10) == 'T')) {
                return day.atTime(Integer.parseInt(text.substring(11, 13)), Integer.parseInt(text.substring(14, 16)), Integer.parseInt(text.substring(17, 19)));
            }
            if (text.length() >= 16 && (text.charAt(10) == ' ' || text.charAt(10) == 'T')) {
                return day.atTime(Integer.parseInt(text.substring(11, 13)), Integer.parseInt(text.substring(14, 16)));
            }
            return day.atStartOfDay();
        } catch (NumberFormatException | java.time.DateTimeException e) {
            return null;
        }
    }

    /** Epoch numbers as moments, for the grain of a column of them. */
    static Grain epochGrain(List<Object> column, boolean millis) {
        List<LocalDateTime> moments = new ArrayList<>();
        for (Object v : column) {
            if (v instanceof Number n) {
                long s = millis ? n.longValue() / 1000 : n.longValue();
                moments.add(LocalDateTime.ofEpochSecond(s, 0, java.time.ZoneOffset.UTC));
            }
        }
        return grain(moments);
    }

}
