package dev.almanac.cli;

/**
 * Progress on standard error: on a terminal a bar redrawn in place; into a pipe or a file a plain line at every tenth of the
 * way (carriage returns would flood a log).
 */
final class Progress {
    private final int total;
    private final boolean enabled;
    private final boolean terminal = System.console() != null;
    private int lastTenth = -1;

    Progress(int total, boolean enabled) {
        this.total = total;
        this.enabled = enabled && total > 0;
    }

    synchronized void update(int done, int passed) {
        if (!enabled) return;
        if (!terminal) {
            int tenth = (int) (10L * done / total);
            if (tenth == lastTenth && done < total) return;
            lastTenth = tenth;
            System.err.println(done + "/" + total + " questions" + (passed >= 0 ? ", " + passed + " passed" : ""));
            return;
        }
        int width = 30;
        int filled = (int) ((long) width * done / total);
        System.err.print("\r[" + "#".repeat(filled) + " ".repeat(width - filled) + "] " + done + "/" + total
                + (passed >= 0 ? " · " + passed + " passed" : ""));
        System.err.flush();
    }

    void finish() {
        if (enabled && terminal) System.err.println();
    }
}
