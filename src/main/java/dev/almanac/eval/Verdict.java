package dev.almanac.eval;

/** Whether an actual result matched the expected one, and why not. */
public record Verdict(boolean passed, String reason) {
    static Verdict pass() {
        return new Verdict(true, "");
    }

    static Verdict fail(String reason) {
        return new Verdict(false, reason);
    }
}
