package dev.almanac.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Values written for people: dates at their grain, money with its currency, percentages, counts. */
class ValueFormatTest {
    static ValueFormat metric(String format, String unit, Integer decimals) {
        return ValueFormat.of(new SemanticMetric.Info(null, null, unit, format, decimals, null, List.of(), List.of(), List.of(), null));
    }

    @Test
    void dates_are_written_at_their_grain() {
        LocalDate march3 = LocalDate.of(2026, 3, 3);
        assertThat(ValueFormat.of(Grain.MONTH).show(LocalDate.of(2026, 1, 1))).isEqualTo("January 2026");
        assertThat(ValueFormat.of(Grain.QUARTER).show(LocalDate.of(2026, 4, 1))).isEqualTo("Q2 2026");
        assertThat(ValueFormat.of(Grain.QUARTER).show(LocalDate.of(2025, 10, 1))).isEqualTo("Q4 2025");
        assertThat(ValueFormat.of(Grain.YEAR).show(LocalDate.of(2025, 1, 1))).isEqualTo("2025");
        assertThat(ValueFormat.of(Grain.DAY).show(march3)).isEqualTo("3 March 2026");
        assertThat(ValueFormat.of(Grain.WEEK).show(LocalDate.of(2026, 3, 2))).isEqualTo("week of 2 March 2026");
        assertThat(ValueFormat.of(Grain.MONTH).show("2026-02-01")).as("as JSON carries it").isEqualTo("February 2026");
        assertThat(ValueFormat.of(Grain.DAY).show(LocalDateTime.of(2026, 3, 3, 0, 0))).isEqualTo("3 March 2026");
        assertThat(ValueFormat.of(Grain.MONTH).show("not a date")).isEqualTo("not a date");
    }

    @Test
    void money_carries_its_currency_and_two_decimals() {
        assertThat(metric("currency", "USD", 2).show(new BigDecimal("47451.97"))).isEqualTo("$47,451.97");
        assertThat(metric("currency", "USD", null).show(312000.5)).isEqualTo("$312,000.50");
        assertThat(metric("currency", "USD", 2).show(new BigDecimal("-1234.5"))).isEqualTo("-$1,234.50");
        assertThat(metric("currency", "USD per customer", 2).show(12.345)).isEqualTo("$12.35");
        assertThat(metric("currency", "EUR", 2).show(1234.5)).isEqualTo("1,234.50 EUR");
        assertThat(metric(null, "USD", null).kind()).as("a currency unit without a format is money").isEqualTo(ValueFormat.Kind.currency);
    }

    @Test
    void percentages_counts_and_numbers() {
        assertThat(metric("percent", "percent", 2).show(new BigDecimal("12.345"))).isEqualTo("12.35%");
        assertThat(metric("percent", "percent", 1).show(0.9)).isEqualTo("0.9%");
        assertThat(metric(null, "percent", null).show(7)).isEqualTo("7%");
        assertThat(metric("integer", "customers", 0).show(1234567L)).isEqualTo("1,234,567");
        assertThat(metric("number", "days", 2).show(3.5)).isEqualTo("3.50");
        assertThat(metric(null, null, null).show(new BigDecimal("1234.5678"))).isEqualTo("1,234.57");
        assertThat(metric("integer", null, null).show(null)).isEmpty();
        assertThat(metric("integer", null, null).show("n/a")).isEqualTo("n/a");
    }
}
