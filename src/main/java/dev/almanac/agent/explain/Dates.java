package dev.almanac.agent.explain;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Time in words: a date written in the SQL ("2026-09-01"), a date the SQL computes from constants only
 * ({@code date_trunc('month', DATE '2026-09-17') - INTERVAL 1 MONTH} is August 2026) with the grain it was cut to, and a
 * period [from, to) by its name ("in Q3 2026").
 */
final class Dates {
    static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MMMM yyyy", Locale.ENGLISH);

    private Dates() {}

    /** A date computed from constants only, and the grain it was cut to (null when it is a plain day). */
    record Folded(LocalDate date, String grain) {
        String shown() {
            if (grain == null) return DAY.format(date);
            return switch (grain) {
                case "month" -> MONTH.format(date);
                case "quarter" -> "Q" + ((date.getMonthValue() - 1) / 3 + 1) + " " + date.getYear();
                case "year" -> String.valueOf(date.getYear());
                default -> DAY.format(date);
            };
        }
    }

    /** The constant an interval's count is cast and truncated from ("INTERVAL 1 MONTH" is to_months(trunc(1))). */
    static JsonNode firstConstant(JsonNode e) {
        JsonNode n = e;
        for (int i = 0; i < 8 && !n.path("class").asText().equals("CONSTANT"); i++) n = n.has("child") ? n.path("child") : n.path("children").path(0);
        return n;
    }

    /** The date an expression of constants gives; null when it is not one. */
    static Folded fold(JsonNode e) {
        switch (e.path("class").asText()) {
            case "CONSTANT" -> {
                LocalDate d = date(e.path("value").path("value").asText(null));
                return d == null ? null : new Folded(d, null);
            }
            case "CAST" -> {
                return fold(e.path("child"));
            }
            case "FUNCTION" -> {
                String f = e.path("function_name").asText().toLowerCase(Locale.ROOT);
                JsonNode args = e.path("children");
                if (f.equals("date_trunc") && args.size() == 2) {
                    Folded d = fold(args.get(1));
                    String grain = args.get(0).path("value").path("value").asText("").toLowerCase(Locale.ROOT);
                    if (d == null) return null;
                    LocalDate x = d.date();
                    return switch (grain) {
                        case "month" -> new Folded(x.withDayOfMonth(1), "month");
                        case "quarter" -> new Folded(x.withDayOfMonth(1).withMonth((x.getMonthValue() - 1) / 3 * 3 + 1), "quarter");
                        case "year" -> new Folded(x.withDayOfYear(1), "year");
                        case "day" -> new Folded(x, null);
                        default -> null;
                    };
                }
                if ((f.equals("+") || f.equals("-")) && args.size() == 2) {
                    Folded d = fold(args.get(0));
                    JsonNode step = args.get(1);
                    String unit = step.path("function_name").asText("");
                    int n = firstConstant(step.path("children").path(0)).path("value").path("value").asInt(Integer.MIN_VALUE);
                    if (d == null || n == Integer.MIN_VALUE || !unit.matches("to_(days|months|years)")) return null;
                    int sign = f.equals("+") ? 1 : -1;
                    LocalDate x = switch (unit) {
                        case "to_days" -> d.date().plusDays((long) sign * n);
                        case "to_months" -> d.date().plusMonths((long) sign * n);
                        default -> d.date().plusYears((long) sign * n);
                    };
                    return new Folded(x, unit.equals("to_days") ? null : d.grain());
                }
                return null;
            }
            default -> {
                return null;
            }
        }
    }

    /** A day written as text ("2026-09-01", "'2026-09-01 00:00:00'"); null when the text is not one. */
    static LocalDate date(String text) {
        if (text == null) return null;
        String t = text.replaceAll("^'|'$", "");
        if (!t.matches("\\d{4}-\\d{2}-\\d{2}([ T]00:00(:00(\\.0+)?)?)?")) return null;
        try {
            return LocalDate.parse(t.substring(0, 10));
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    /** [from, to) in words: "in 2025", "in Q3 2026", "in September 2026", "from 3 to 9 March 2026", "on 3 March 2026". */
    static String period(LocalDate from, LocalDate to) {
        return dev.almanac.semantic.QueryExplainer.period(from, to);
    }
}
