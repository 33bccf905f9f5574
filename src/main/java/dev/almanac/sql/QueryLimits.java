package dev.almanac.sql;

import java.time.Duration;

/**
 * Resource limits every query runs under: a timeout, a row cap, and byte budgets for one cell and for the whole result
 * (UTF-8 bytes of the values as text, about what they take in JSON). A cell longer than its budget is cut with a marker;
 * rows stop once the result's budget is spent. By default a cell may take 64 KiB, enough for a long description, a JSON
 * document or a query text, not for a dumped file or a list of millions; a result 4 MiB, 4 kB for each row of the default
 * row cap (twenty times what an analytical row takes), so that an answer, its stored turn and the web app's table stay small.
 */
public record QueryLimits(Duration timeout, int maxRows, int maxCellBytes, int maxResultBytes) {
    public static final int DEFAULT_CELL_BYTES = 64 * 1024;
    public static final int DEFAULT_RESULT_BYTES = 4 * 1024 * 1024;
    /**
     * The hard limits of an export (a result written whole as CSV for a download, {@code sql --format csv}, {@code ask --format
     * csv}): at most a million rows and 256 MiB of values. Rows are streamed, never all held in memory.
     */
    public static final int EXPORT_MAX_ROWS = 1_000_000;
    public static final int EXPORT_MAX_BYTES = 256 * 1024 * 1024;
    /** The smallest budget: a cut value's marker fits in it. */
    public static final int MIN_BYTES = 64;
    public static final QueryLimits DEFAULT = new QueryLimits(Duration.ofSeconds(30), 1000);

    public QueryLimits {
        if (timeout.isNegative() || timeout.isZero()) throw new IllegalArgumentException("timeout must be positive");
        if (maxRows < 1) throw new IllegalArgumentException("row cap must be at least 1");
        if (maxCellBytes < MIN_BYTES) throw new IllegalArgumentException("cell budget must be at least " + MIN_BYTES + " bytes");
        if (maxResultBytes < MIN_BYTES) throw new IllegalArgumentException("result budget must be at least " + MIN_BYTES + " bytes");
    }

    /** These limits with the default byte budgets. */
    public QueryLimits(Duration timeout, int maxRows) {
        this(timeout, maxRows, DEFAULT_CELL_BYTES, DEFAULT_RESULT_BYTES);
    }

    /** These limits with another timeout. */
    public QueryLimits withTimeout(Duration timeout) {
        return new QueryLimits(timeout, maxRows, maxCellBytes, maxResultBytes);
    }

    /** The limits of an export of a result under these limits: the same timeout and cell budget, the export's row and byte caps. */
    public QueryLimits forExport() {
        return new QueryLimits(timeout, EXPORT_MAX_ROWS, maxCellBytes, EXPORT_MAX_BYTES);
    }
}
