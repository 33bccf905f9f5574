package dev.almanac.cli;

/**
 * Work a one-shot command that will open its data source can start before its command line is even read: loading the
 * native libraries of DuckDB (60 MB, a tenth of a second) and SQLite, on a daemon thread, while the main thread builds the
 * command line's model (the other core is idle then). Nothing here depends on the options: the same libraries are loaded
 * whatever the project, and a command that turns out not to need them only spent the idle core.
 */
final class Preload {
    private Preload() {}

    static void start() {
        Thread t = new Thread(Preload::run, "almanac-preload");
        t.setDaemon(true);
        t.start();
    }

    private static void run() {
        dev.almanac.Timing.begin();
        try {
            dev.almanac.source.NativeLibraries.preload();
            dev.almanac.Timing.phase("native libraries");
        } catch (RuntimeException | LinkageError e) {
            // met again, and reported, when the command opens its source itself
        }
    }
}
