package dev.almanac.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each comparison mode on hand-made tricky pairs. */
class ResultComparatorTest {
    static Table t(List<String> columns, Object[]... rows) {
        return new Table(columns, Arrays.stream(rows).map(r -> Arrays.asList(r)).toList());
    }

    static boolean exact(Table e, Table a, boolean ordered) {
        return ResultComparator.compare(e, a, Comparison.EXACT, 0, ordered).passed();
    }

    @Test
    void exact_ignores_row_order_unless_the_gold_orders() {
        Table e = t(List.of("n"), new Object[] {1}, new Object[] {2});
        Table a = t(List.of("n"), new Object[] {2}, new Object[] {1});
        assertThat(exact(e, a, false)).isTrue();
        assertThat(exact(e, a, true)).isFalse();
        assertThat(ResultComparator.compare(e, a, Comparison.EXACT, 0, true).reason()).contains("in order");
    }

    @Test
    void exact_counts_duplicates() {
        Table e = t(List.of("n"), new Object[] {1}, new Object[] {1}, new Object[] {2});
        assertThat(exact(e, t(List.of("n"), new Object[] {1}, new Object[] {2}, new Object[] {2}), false)).isFalse();
        assertThat(exact(e, t(List.of("n"), new Object[] {2}, new Object[] {1}, new Object[] {1}), false)).isTrue();
        assertThat(exact(e, t(List.of("n"), new Object[] {1}, new Object[] {2}), false)).isFalse();
    }

    @Test
    void exact_normalises_number_types_and_tolerates_only_float_noise() {
        assertThat(exact(t(List.of("x"), new Object[] {3}), t(List.of("y"), new Object[] {3.0}), false)).isTrue();
        assertThat(exact(t(List.of("x"), new Object[] {new BigDecimal("2.50")}), t(List.of("x"), new Object[] {2.5d}), false)).isTrue();
        assertThat(exact(t(List.of("x"), new Object[] {3L}), t(List.of("x"), new Object[] {new BigDecimal("3.000")}), false)).isTrue();
        assertThat(exact(t(List.of("x"), new Object[] {0.3}), t(List.of("x"), new Object[] {0.1 + 0.2}), false)).isTrue();
        assertThat(exact(t(List.of("x"), new Object[] {new BigDecimal("0.30")}), t(List.of("x"), new Object[] {new BigDecimal("0.31")}), false)).isFalse();
        assertThat(exact(t(List.of("x"), new Object[] {100.0}), t(List.of("x"), new Object[] {100.01}), false)).isFalse();
        assertThat(exact(t(List.of("x"), new Object[] {"42"}), t(List.of("x"), new Object[] {42}), false)).as("numeric text").isTrue();
    }

    @Test
    void months_first_days_are_read_as_months_written_year_dash_month_in_the_gold() {
        Table gold = t(List.of("month"), new Object[] {"2024-07"}, new Object[] {"2024-09"});
        assertThat(exact(gold, t(List.of("month"), new Object[] {LocalDate.parse("2024-07-01")}, new Object[] {LocalDate.parse("2024-09-01")}), true)).isTrue();
        assertThat(exact(gold, t(List.of("month"), new Object[] {LocalDate.parse("2024-07-01")}, new Object[] {LocalDate.parse("2024-10-01")}), true))
                .as("another month is another month").isFalse();
        assertThat(exact(gold, t(List.of("month"), new Object[] {LocalDate.parse("2024-07-15")}, new Object[] {LocalDate.parse("2024-09-01")}), true))
                .as("a day that is not a month's first is not a month").isFalse();
    }

    @Test
    void months_and_quarters_of_one_year_are_read_as_their_numbers_in_the_gold() {
        Table months = t(List.of("month", "n"), new Object[] {1, 5}, new Object[] {2, 8}, new Object[] {4, 3});
        assertThat(exact(months, t(List.of("month", "n"), new Object[] {LocalDate.parse("2025-01-01"), 5}, new Object[] {LocalDate.parse("2025-02-01"), 8},
                new Object[] {LocalDate.parse("2025-04-01"), 3}), true)).isTrue();
        Table quarters = t(List.of("quarter", "n"), new Object[] {1, 5}, new Object[] {2, 8}, new Object[] {3, 3});
        assertThat(exact(quarters, t(List.of("quarter", "n"), new Object[] {LocalDate.parse("2025-01-01"), 5}, new Object[] {LocalDate.parse("2025-04-01"), 8},
                new Object[] {LocalDate.parse("2025-07-01"), 3}), true)).isTrue();
        assertThat(exact(t(List.of("month", "n"), new Object[] {1, 5}, new Object[] {4, 8}, new Object[] {7, 3}), t(List.of("quarter", "n"),
                new Object[] {LocalDate.parse("2025-01-01"), 5}, new Object[] {LocalDate.parse("2025-04-01"), 8}, new Object[] {LocalDate.parse("2025-07-01"), 3}), true))
                .as("quarters' first days against the gold's month numbers: the months").isTrue();
        assertThat(exact(quarters, t(List.of("quarter", "n"), new Object[] {LocalDate.parse("2025-01-01"), 5}, new Object[] {LocalDate.parse("2025-04-01"), 8},
                new Object[] {LocalDate.parse("2025-10-01"), 3}), true)).as("the fourth quarter is not the third").isFalse();
        assertThat(exact(months, t(List.of("month", "n"), new Object[] {LocalDate.parse("2025-01-01"), 5}, new Object[] {LocalDate.parse("2025-02-01"), 8},
                new Object[] {LocalDate.parse("2026-04-01"), 3}), true)).as("two years: a number alone does not name the month").isFalse();
        assertThat(exact(months, t(List.of("month", "n"), new Object[] {LocalDate.parse("2025-01-01"), 5}, new Object[] {LocalDate.parse("2025-03-01"), 8},
                new Object[] {LocalDate.parse("2025-04-01"), 3}), true)).as("another month is another month").isFalse();
    }

    @Test
    void nulls_equal_only_nulls() {
        assertThat(exact(t(List.of("x"), new Object[] {null}), t(List.of("x"), new Object[] {null}), false)).isTrue();
        assertThat(exact(t(List.of("x"), new Object[] {null}), t(List.of("x"), new Object[] {0}), false)).isFalse();
        assertThat(exact(t(List.of("x"), new Object[] {null}), t(List.of("x"), new Object[] {"NULL"}), false)).isFalse();
    }

    @Test
    void dates_and_timestamps_compare_by_value() {
        assertThat(exact(t(List.of("d"), new Object[] {"2024-01-31"}), t(List.of("d"), new Object[] {LocalDate.of(2024, 1, 31)}), false)).isTrue();
        assertThat(exact(t(List.of("d"), new Object[] {LocalDate.of(2024, 1, 31)}), t(List.of("d"), new Object[] {LocalDateTime.of(2024, 1, 31, 0, 0)}), false)).isTrue();
        assertThat(exact(t(List.of("d"), new Object[] {"2024-01-31 10:00:00"}), t(List.of("d"), new Object[] {LocalDateTime.of(2024, 1, 31, 10, 0, 0)}), false)).isTrue();
        assertThat(exact(t(List.of("d"), new Object[] {"2024-01-31 10:00:01"}), t(List.of("d"), new Object[] {LocalDateTime.of(2024, 1, 31, 10, 0, 0)}), false)).isFalse();
        assertThat(exact(t(List.of("d"), new Object[] {"2024-01-31T10:00"}), t(List.of("d"), new Object[] {LocalDateTime.of(2024, 1, 31, 10, 0)}), false)).isTrue();
        assertThat(exact(t(List.of("d"), new Object[] {LocalDate.of(2024, 1, 31)}), t(List.of("d"), new Object[] {LocalDate.of(2024, 2, 1)}), false)).isFalse();
    }

    @Test
    void a_year_grain_written_as_first_days_matches_year_numbers_and_nothing_else() {
        Table gold = t(List.of("year", "n"), new Object[] {2024, 5}, new Object[] {2025, 7});
        assertThat(exact(gold, t(List.of("year", "n"), new Object[] {LocalDate.of(2024, 1, 1), 5}, new Object[] {LocalDate.of(2025, 1, 1), 7}), true)).isTrue();
        assertThat(exact(gold, t(List.of("year", "n"), new Object[] {LocalDate.of(2024, 1, 1), 5}, new Object[] {LocalDate.of(2026, 1, 1), 7}), true))
                .as("another year").isFalse();
        assertThat(exact(gold, t(List.of("month", "n"), new Object[] {LocalDate.of(2024, 2, 1), 5}, new Object[] {LocalDate.of(2025, 1, 1), 7}), true))
                .as("a month is not its year").isFalse();
        assertThat(exact(t(List.of("n"), new Object[] {2024}), t(List.of("n"), new Object[] {"2024-01-01 10:00:00"}), false)).isFalse();
    }

    @Test
    void column_names_are_ignored_and_column_order_found() {
        Table e = t(List.of("name", "n"), new Object[] {"a", 1}, new Object[] {"b", 2});
        Table swapped = t(List.of("count", "label"), new Object[] {1, "a"}, new Object[] {2, "b"});
        assertThat(exact(e, swapped, false)).isTrue();
        assertThat(exact(e, t(List.of("n"), new Object[] {1}, new Object[] {2}), false)).isFalse();
    }

    @Test
    void empty_results() {
        Table none = t(List.of("x"));
        assertThat(exact(none, t(List.of("x")), false)).isTrue();
        assertThat(exact(none, t(List.of("a", "b")), false)).as("two empty results are equal").isTrue();
        assertThat(exact(none, t(List.of("x"), new Object[] {1}), false)).isFalse();
        assertThat(ResultComparator.compare(t(List.of("x"), new Object[] {1}), none, Comparison.CONTAINS, 0, false).passed()).isFalse();
        assertThat(ResultComparator.compare(none, t(List.of("x"), new Object[] {1}), Comparison.CONTAINS, 0, false).passed()).isTrue();
    }

    @Test
    void approximate_uses_a_relative_tolerance() {
        Table e = t(List.of("x", "label"), new Object[] {100.0, "a"});
        assertThat(ResultComparator.compare(e, t(List.of("x", "l"), new Object[] {100.9, "a"}), Comparison.APPROXIMATE, 0.01, false).passed()).isTrue();
        assertThat(ResultComparator.compare(e, t(List.of("x", "l"), new Object[] {101.1, "a"}), Comparison.APPROXIMATE, 0.01, false).passed()).isFalse();
        assertThat(ResultComparator.compare(e, t(List.of("x", "l"), new Object[] {100.5, "b"}), Comparison.APPROXIMATE, 0.01, false).passed()).as("text stays exact").isFalse();
        Table zero = t(List.of("x"), new Object[] {0});
        assertThat(ResultComparator.compare(zero, t(List.of("x"), new Object[] {0.005}), Comparison.APPROXIMATE, 0.01, false).passed()).isTrue();
        assertThat(ResultComparator.compare(zero, t(List.of("x"), new Object[] {0.02}), Comparison.APPROXIMATE, 0.01, false).passed()).isFalse();
    }

    @Test
    void row_count_contains_and_structure() {
        Table e = t(List.of("n"), new Object[] {1}, new Object[] {2});
        assertThat(ResultComparator.compare(e, t(List.of("q"), new Object[] {7}, new Object[] {8}), Comparison.ROW_COUNT, 0, false).passed()).isTrue();
        assertThat(ResultComparator.compare(e, t(List.of("q"), new Object[] {7}), Comparison.ROW_COUNT, 0, false).passed()).isFalse();
        Table bigger = t(List.of("n"), new Object[] {3}, new Object[] {2}, new Object[] {1});
        assertThat(ResultComparator.compare(e, bigger, Comparison.CONTAINS, 0, false).passed()).isTrue();
        assertThat(ResultComparator.compare(t(List.of("n"), new Object[] {1}, new Object[] {1}), bigger, Comparison.CONTAINS, 0, false).passed())
                .as("a duplicate expected row needs two actual rows").isFalse();
        Table typed = t(List.of("name", "n", "d"), new Object[] {"x", 1, "2024-01-01"});
        assertThat(ResultComparator.compare(typed, t(List.of("a", "b", "c"), new Object[] {"y", 9.5, LocalDate.of(2020, 5, 5)}), Comparison.STRUCTURE, 0, false).passed()).isTrue();
        assertThat(ResultComparator.compare(typed, t(List.of("a", "b", "c"), new Object[] {"y", "nine", LocalDate.of(2020, 5, 5)}), Comparison.STRUCTURE, 0, false).reason())
                .contains("column 2 holds text, expected number");
    }

    @Test
    void knows_whether_sql_orders_its_result() {
        assertThat(ResultComparator.ordersResult("SELECT a FROM t ORDER BY a")).isTrue();
        assertThat(ResultComparator.ordersResult("select a from t order  by a desc limit 3")).isTrue();
        assertThat(ResultComparator.ordersResult("SELECT * FROM (SELECT a FROM t ORDER BY a) x")).isFalse();
        assertThat(ResultComparator.ordersResult("SELECT 'ORDER BY' FROM t")).isFalse();
        assertThat(ResultComparator.ordersResult("SELECT row_number() OVER (ORDER BY a) FROM t")).isFalse();
    }
}
