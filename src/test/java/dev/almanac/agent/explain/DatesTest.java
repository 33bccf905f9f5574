package dev.almanac.agent.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DatesTest {
    static Parsing parsing;

    @BeforeAll
    static void open() {
        parsing = new Parsing();
    }

    @AfterAll
    static void close() {
        parsing.close();
    }

    @Test
    void a_date_cut_to_a_grain_and_shifted_is_named_by_that_grain() {
        Dates.Folded f = Dates.fold(parsing.firstItem("SELECT date_trunc('quarter', DATE '2026-08-17') - INTERVAL 3 MONTH"));
        assertThat(f).isEqualTo(new Dates.Folded(LocalDate.of(2026, 4, 1), "quarter"));
        assertThat(f.shown()).isEqualTo("Q2 2026");
        assertThat(Dates.fold(parsing.firstItem("SELECT DATE '2026-08-17' + INTERVAL 2 DAY")).shown()).isEqualTo("19 August 2026");
        assertThat(Dates.fold(parsing.firstItem("SELECT order_date"))).isNull();
    }

    @Test
    void only_a_day_without_a_time_of_day_is_a_date() {
        assertThat(Dates.date("'2026-08-17 00:00:00'")).isEqualTo(LocalDate.of(2026, 8, 17));
        assertThat(Dates.date("2026-08-17 10:30:00")).isNull();
        assertThat(Dates.date("2026-02-30")).isNull();
    }

    @Test
    void a_period_is_named() {
        assertThat(Dates.period(LocalDate.of(2025, 1, 1), LocalDate.of(2026, 1, 1))).isEqualTo("in 2025");
        assertThat(Dates.period(LocalDate.of(2026, 3, 3), LocalDate.of(2026, 3, 10))).isEqualTo("from 3 to 9 March 2026");
    }
}
