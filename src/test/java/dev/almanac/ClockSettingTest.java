package dev.almanac;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The `now` setting read into the process's clock (machine clocks here are fixed, so every instant is worked out by hand). */
class ClockSettingTest {
    static final Instant STARTED = Instant.parse("2026-11-26T04:00:00Z");
    static final Clock AT_START = Clock.fixed(STARTED, ZoneOffset.UTC);

    @Test
    void a_date_reads_noon_of_that_day_when_the_process_started_and_ticks_on() {
        assertThat(ClockSetting.of("2025-06-15", AT_START, STARTED).instant()).isEqualTo(Instant.parse("2025-06-15T12:00:00Z"));
        Clock fiveMinutesLater = Clock.offset(AT_START, Duration.ofMinutes(5));
        assertThat(ClockSetting.of("2025-06-15", fiveMinutesLater, STARTED).instant()).as("a clock made later in the process agrees")
                .isEqualTo(Instant.parse("2025-06-15T12:05:00Z"));
        Clock inParis = Clock.fixed(STARTED, java.time.ZoneId.of("Europe/Paris"));
        assertThat(ClockSetting.of("2025-06-15", inParis, STARTED).instant()).as("noon where the machine is").isEqualTo(Instant.parse("2025-06-15T10:00:00Z"));
    }

    @Test
    void an_instant_reads_that_instant_and_no_setting_is_the_machine_clock() {
        assertThat(ClockSetting.of("2027-01-02T10:00:00Z", AT_START, STARTED).instant()).isEqualTo(Instant.parse("2027-01-02T10:00:00Z"));
        assertThat(ClockSetting.of(null, AT_START, STARTED)).isSameAs(AT_START);
        assertThat(ClockSetting.of(" ", AT_START, STARTED)).isSameAs(AT_START);
        Instant set = ClockSetting.of("2025-06-15").instant();
        assertThat(set).as("the process's own clock, set: the day given, some time after noon")
                .isBetween(Instant.parse("2025-06-15T00:00:00Z"), Instant.parse("2025-06-16T23:59:59Z"));
    }

    @Test
    void a_setting_that_is_neither_a_date_nor_an_instant_is_one_clear_line() {
        for (String bad : new String[] {"yesterday", "2025-13-01", "2025-06-15T25:00:00Z"}) {
            assertThatThrownBy(() -> ClockSetting.of(bad, AT_START, STARTED)).isInstanceOf(UserError.class)
                    .hasMessage("invalid now '" + bad + "': expected a date written YYYY-MM-DD or an instant such as 2027-01-02T10:00:00Z");
        }
    }
}
