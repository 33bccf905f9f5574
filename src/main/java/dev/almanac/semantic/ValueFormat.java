package dev.almanac.semantic;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;

/**
 * How the values of an answer's column are written for people: a date at a grain ("January 2026",
 * "Q1 2026", "week of 2 March 2026"), money ("$47,451.97", "1,234.50 EUR"), a percentage (the value
 * is already in percent: 12.5 is "12.5%"), a count ("1,234") or a number. {@code unit} is the
 * metric's unit as declared ("USD", "USD per customer", "days"); money takes its currency from the
 * unit's first word when it is a three-letter code. The web app mirrors {@link #show} (app.js).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ValueFormat(Kind kind, String unit, Integer decimals) {
    /** Dates at a grain, then numbers. Written in JSON as named here. */
    public enum Kind { day, week, month, quarter, year, currency, percent, integer, number }

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MMMM yyyy", Locale.ENGLISH);
    private static final DecimalFormatSymbols EN = DecimalFormatSymbols.getInstance(Locale.ENGLISH);

    /** The buckets of a time grain. */
    public static ValueFormat of(Grain grain) {
        return new ValueFormat(Kind.valueOf(grain.label()), null, null);
    }

    /** What a metric declares; without a format, money when its unit is a currency code and a percentage when it is "percent". */
    public static ValueFormat of(SemanticMetric.Info info) {
        Kind kind;
        if (info.format() == null) {
            kind = currencyCode(info.unit()).isPresent() ? Kind.currency : "percent".equalsIgnoreCase(info.unit()) ? Kind.percent : Kind.number;
        } else {
            kind = switch (info.format()) {
                case "currency" -> Kind.currency;
                case "percent" -> Kind.percent;
                case "integer" -> Kind.integer;
                default -> Kind.number;
            };
        }
        return new ValueFormat(kind, info.unit(), info.decimals());
    }

    @JsonIgnore
    public boolean isDate() {
        return kind.ordinal() <= Kind.year.ordinal();
    }

    /** The value as people read it; "" for no value; a value that is not of the kind (text in a money column) as it is. */
    public String show(Object value) {
        if (value == null) return "";
        if (isDate()) return asDate(value).map(this::date).orElse(value.toString());
        return asNumber(value).map(this::number).orElse(value.toString());
    }

    private String date(LocalDate d) {
        return switch (kind) {
            case day -> d.format(DAY);
            case week -> "week of " + d.format(DAY);
            case month -> d.format(MONTH);
            case quarter -> "Q" + ((d.getMonthValue() - 1) / 3 + 1) + " " + d.getYear();
            default -> String.valueOf(d.getYear());
        };
    }

    private String number(BigDecimal n) {
        return switch (kind) {
            case currency -> {
                String amount = digits(n.abs(), decimals == null ? 2 : decimals);
                String sign = n.signum() < 0 ? "-" : "";
                Optional<String> code = currencyCode(unit);
                if (code.isEmpty()) yield sign + amount + (unit == null ? "" : " " + unit);
                yield code.get().equals("USD") ? sign + "$" + amount : sign + amount + " " + code.get();
            }
            case percent -> digits(n, decimals) + "%";
            case integer -> digits(n, 0);
            default -> digits(n, decimals);
        };
    }

    /** Thousands separators; exactly {@code decimals} decimals, or up to two when not given. */
    private static String digits(BigDecimal n, Integer decimals) {
        DecimalFormat f = new DecimalFormat(decimals == null ? "#,##0.##" : decimals == 0 ? "#,##0" : "#,##0." + "0".repeat(decimals), EN);
        f.setRoundingMode(RoundingMode.HALF_UP);
        return f.format(n);
    }

    /** The currency of a unit: its first word when that is a three-letter code ("USD", "USD per customer"). */
    static Optional<String> currencyCode(String unit) {
        if (unit == null) return Optional.empty();
        String first = unit.strip().split("\\s+")[0];
        return first.matches("[A-Z]{3}") ? Optional.of(first) : Optional.empty();
    }

    private static Optional<LocalDate> asDate(Object v) {
        if (v instanceof LocalDate d) return Optional.of(d);
        if (v instanceof LocalDateTime t) return Optional.of(t.toLocalDate());
        if (v instanceof OffsetDateTime t) return Optional.of(t.toLocalDate());
        String s = v.toString();
        if (!s.matches("\\d{4}-\\d{2}-\\d{2}.*")) return Optional.empty();
        try {
            return Optional.of(LocalDate.parse(s.substring(0, 10)));
        } catch (java.time.format.DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static Optional<BigDecimal> asNumber(Object v) {
        if (v instanceof Double d && !Double.isFinite(d) || v instanceof Float f && !Float.isFinite(f)) return Optional.empty();
        try {
            return Optional.of(new BigDecimal(v.toString().strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
