package dev.almanac.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;

/** Writes a benchmark's section into docs/BENCHMARKS.md, replacing the previous run of the same benchmark. */
final class Report {
    private static final Path FILE = Path.of("docs", "BENCHMARKS.md");

    private Report() {}

    static String machine() {
        return Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name") + " " + System.getProperty("os.arch")
                + ", Java " + System.getProperty("java.version") + ", max heap " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB";
    }

    static void write(String key, String title, String body) throws IOException {
        String begin = "<!-- bench:" + key + " -->";
        String end = "<!-- /bench:" + key + " -->";
        String section = begin + "\n## " + title + "\n\n_Measured " + LocalDate.now() + " on " + machine() + "._\n\n" + body.strip() + "\n" + end;
        String text = Files.exists(FILE) ? Files.readString(FILE) : "# Benchmarks\n\nFigures written by `bench/run NAME`; they measure, they do not assert.\n";
        int i = text.indexOf(begin);
        int j = text.indexOf(end);
        text = i >= 0 && j > i ? text.substring(0, i) + section + text.substring(j + end.length()) : text.stripTrailing() + "\n\n" + section + "\n";
        Files.createDirectories(FILE.getParent());
        Files.writeString(FILE, text);
        System.out.println(section);
    }

    /** The q-quantile (0..1) of nanosecond samples, in microseconds. */
    static double quantileMicros(long[] nanos, double q) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int idx = (int) Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
        return sorted[idx] / 1000.0;
    }
}
