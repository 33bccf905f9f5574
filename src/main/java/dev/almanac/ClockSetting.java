package dev.almanac;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;

/**
 * The one source of "now" for a process: the machine's clock, or the {@code now} setting ({@code --now},
 * {@code ALMANAC_NOW}, {@code now:} in config.yml). A date sets the clock to noon of that day when the process started,
 * an instant to that instant; either way it ticks on from there, so records written later still come later, every clock
 * of the process agrees, and a day that started at noon does not end during a run. Every component takes its clock (or
 * the day read from it) from here, passed in; none reads the machine's clock for "today" itself.
 */
public final class ClockSetting {
    /**
     * When this process first read its clock: the moment a set clock reads the day (or instant) it was set to. Read from
     * the machine's clock itself (not from the operating system's record of the process's start), so that both are on
     * the same time line even when the machine's clock is moved (libfaketime in .ci/run).
     */
    private static final Instant PROCESS_START = Clock.systemUTC().instant();

    private ClockSetting() {}

    /** The clock for this setting ({@code YYYY-MM-DD} or an instant such as {@code 2027-01-02T10:00:00Z}); none: the machine's. */
    public static Clock of(String now) {
        return of(now, Clock.systemDefaultZone(), PROCESS_START);
    }

    /** The clock for this setting over this machine clock, reading the set day or instant at {@code origin}. */
    static Clock of(String now, Clock machine, Instant origin) {
        if (now == null || now.isBlank()) return machine;
        Instant start = start(now.strip(), machine);
        return Clock.offset(machine, Duration.between(origin, start));
    }

    private static Instant start(String now, Clock machine) {
        try {
            if (now.indexOf('T') < 0) return LocalDate.parse(now).atTime(12, 0).atZone(machine.getZone()).toInstant();
            return Instant.parse(now);
        } catch (DateTimeException e) {
            throw new UserError("invalid now '" + now + "': expected a date written YYYY-MM-DD or an instant such as 2027-01-02T10:00:00Z");
        }
    }
}
