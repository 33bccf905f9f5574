package dev.almanac.agent;

import dev.almanac.sql.QueryResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flags every number in free text that cannot be found in the results of the queries that are said
 * to support it. A number is found when some result value (or the row count) equals it after the
 * rounding the text shows, directly, as a percentage (0.125 and 12.5%), or scaled by a suffix
 * (1.2M, 3.4k, 2bn). Years (1900-2100 written without separators) and the day of a date written
 * for people ("3 March 2026") are dates, not measurements; a number after {@code #} is an identifier, such as the key
 * an answer shows beside a name two people share ("Esther Haddad (#162)").
 */
public final class GroundingCheck {
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.#])(-?\\$?\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|-?\\$?\\d+(?:\\.\\d+)?)\\s?(%|k|K|M|m|bn|B)?(?![\\w])");

    /** What follows the day of a date written for people ("3 March 2026"): a month's name. */
    private static final Pattern DAY_OF_MONTH = Pattern.compile("\\s+(January|February|March|April|May|June|July|August|September|October|November|December)\\b");

    private GroundingCheck() {}

    public static List<String> ungrounded(String text, List<QueryResult> results) {
        List<BigDecimal> values = new ArrayList<>();
        for (QueryResult r : results) {
            values.add(BigDecimal.valueOf(r.rowCount()));
            for (List<Object> row : r.rows()) {
                for (Object v : row) {
                    if (v instanceof Number n) values.add(new BigDecimal(n.toString()));
                    else if (v != null) {
                        try {
                            values.add(new BigDecimal(v.toString().strip()));
                        } catch (NumberFormatException ignored) {
                            // text, dates: not numbers
                        }
                    }
                }
            }
        }
        List<String> flagged = new ArrayList<>();
        Matcher m = NUMBER.matcher(text == null ? "" : text);
        while (m.find()) {
            String raw = m.group(1).replace("$", "").replace(",", "");
            String suffix = m.group(2);
            BigDecimal n = new BigDecimal(raw);
            if (suffix == null && !raw.contains(".") && !m.group(1).contains(",") && n.compareTo(BigDecimal.valueOf(1900)) >= 0 && n.compareTo(BigDecimal.valueOf(2100)) <= 0) continue;
            if (suffix == null && raw.matches("\\d{1,2}") && DAY_OF_MONTH.matcher(text).region(m.end(), text.length()).lookingAt()) continue;
            if (!found(n, raw, suffix, values)) flagged.add(m.group().strip());
        }
        return flagged;
    }

    private static boolean found(BigDecimal n, String raw, String suffix, List<BigDecimal> values) {
        int decimals = raw.contains(".") ? raw.length() - raw.indexOf('.') - 1 : 0;
        BigDecimal half = BigDecimal.ONE.movePointLeft(decimals).divide(BigDecimal.valueOf(2));
        BigDecimal scale = BigDecimal.ONE;
        if (suffix != null) {
            switch (suffix) {
                case "k", "K" -> scale = BigDecimal.valueOf(1_000);
                case "M", "m" -> scale = BigDecimal.valueOf(1_000_000);
                case "bn", "B" -> scale = BigDecimal.valueOf(1_000_000_000);
                default -> { }
            }
        }
        for (BigDecimal v : values) {
            BigDecimal abs = v.abs();
            BigDecimal target = n.abs();
            if (within(abs.divide(scale, 12, java.math.RoundingMode.HALF_UP), target, half)) return true;
            if ("%".equals(suffix) && within(abs.multiply(BigDecimal.valueOf(100)), target, half)) return true;
        }
        return false;
    }

    private static boolean within(BigDecimal value, BigDecimal shown, BigDecimal half) {
        return value.subtract(shown).abs().compareTo(half) <= 0;
    }
}
