package dev.almanac.quality;

import java.util.List;

/**
 * The timeliness verdict for the data a turn used (seed 004): OK (the requested period is fully
 * covered), PARTIAL (it overlaps but buckets are missing), MISMATCH (no data in the requested
 * period), UNKNOWN (queries ran but no period or time column could be derived), NOT_EVALUATED (no
 * query ran). The evidence: what was requested, what was observed, and the missing buckets.
 */
public record Timeliness(Status status, String requested, String observed, List<String> missingBuckets, String grain, String table,
                         String column, String reason, String dqSql) {
    public enum Status { OK, PARTIAL, MISMATCH, UNKNOWN, NOT_EVALUATED }

    static Timeliness of(Status status, String reason) {
        return new Timeliness(status, null, null, List.of(), null, null, null, reason, null);
    }
}
