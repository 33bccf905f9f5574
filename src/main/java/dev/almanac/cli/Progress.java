package dev.almanac.cli;

/** A progress bar on standard error: drawn only when enabled, redrawn in place. */
final class Progress {
    private final int total;
    private final boolean enabled;

    Progress(int total, boolean enabled) {
        this.total = total;
        this.enabled = enabled && total > 0;
    }

    synchronized void update(int done, int passed) {
        if (!enabled) return;
        int width = 30;
        int filled = (int) ((long) width * done / total);
        System.err.print("\r[" + "#".repeat(filled) + " ".repeat(width - filled) + "] " + done + "/" + total
                + (passed >= 0 ? " · " + passed + " passed" : ""));
        System.err.flush();
    }

    void finish() {
        if (enabled) System.err.println();
    }
}
