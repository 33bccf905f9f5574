package dev.almanac.bench;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One-shot commands as whole processes (issue 16): each command run 10 times through the launcher {@code ./almanac} (which
 * builds nothing here: run {@code ./mvnw -DskipTests package} first), median, min and max wall time, next to
 * {@code --version} in the same run, with the ratios. The first run after a build (the launcher's class-archive
 * training, the native library and vector caches) is timed apart. With a jar path as argument, that jar is measured too
 * as {@code java -jar JAR} (a build from before the change), for the "before" columns.
 * {@code bench/run StartupBench [BEFORE_JAR]}
 */
public final class StartupBench {
    static final int RUNS = 10;
    static final Map<String, List<String>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("--version", List.of("--version"));
        COMMANDS.put("sql \"select 1\"", List.of("sql", "select 1"));
        COMMANDS.put("ask (semantic answer)", List.of("ask", "What was MRR in September 2026?"));
        COMMANDS.put("ask (verified answer)", List.of("ask", "What was the refund rate last year?"));
        COMMANDS.put("tables", List.of("tables", "Why were refunds issued last quarter?"));
        COMMANDS.put("knowledge list", List.of("knowledge", "list"));
    }

    record Stats(long median, long min, long max) {}

    public static void main(String[] args) throws Exception {
        Path launcher = Path.of("almanac").toAbsolutePath();
        if (!Files.isRegularFile(Path.of("target/almanac.jar"))) throw new IllegalStateException("build the jar first: ./mvnw -DskipTests package");
        // the first run after a build: remove what the launcher and Almanac keep, then time one command
        try (var files = Files.list(Path.of("target"))) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".jsa") || f.getFileName().toString().startsWith("libduckdb_java")).toList()) {
                Files.delete(f);
            }
        }
        long firstRun = time(List.of(launcher.toString(), "ask", "What was MRR in September 2026?"));
        Map<String, Stats> now = measure(c -> prepend(List.of(launcher.toString()), c));
        Map<String, Stats> before = null;
        if (args.length > 0 && !args[0].isBlank()) {
            String jar = Path.of(args[0]).toAbsolutePath().toString();
            before = measure(c -> prepend(List.of("java", "-jar", jar), c));
        }
        long version = now.get("--version").median();
        StringBuilder out = new StringBuilder("""
                `bench/run StartupBench%s`: each command as a whole process, %d runs after one warm-up run, wall time in ms
                (median, min-max) and the median's ratio to `--version` in the same run. "now" is `./almanac` (the launcher:
                class-data archive, C1 only, serial GC; the caches of earlier runs). The demo project, 2 cores.

                """.formatted(args.length > 0 ? " " + args[0] : "", RUNS));
        out.append("| command | now (ms) | now / --version |").append(before != null ? " before (ms) | before / --version |" : "").append('\n');
        out.append("|---|---:|---:|").append(before != null ? "---:|---:|" : "").append('\n');
        for (String name : COMMANDS.keySet()) {
            Stats s = now.get(name);
            out.append(String.format("| `%s` | %d (%d-%d) | %.2f |", name, s.median(), s.min(), s.max(), (double) s.median() / version));
            if (before != null) {
                Stats b = before.get(name);
                out.append(String.format(" %d (%d-%d) | %.2f |", b.median(), b.min(), b.max(), (double) b.median() / before.get("--version").median()));
            }
            out.append('\n');
        }
        out.append(String.format("%nThe first run after a build (`ask`, with the launcher's class-archive training run, DuckDB's library placed "
                + "next to the jar, and vectors of texts not cached yet): %d ms.%n", firstRun));
        Report.write("startup", "Start-up of one-shot commands (issue 16)", out.toString());
    }

    interface CommandLine {
        List<String> of(List<String> command);
    }

    static Map<String, Stats> measure(CommandLine line) throws Exception {
        Map<String, Stats> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> c : COMMANDS.entrySet()) {
            List<String> command = line.of(c.getValue());
            time(command); // warm-up: caches of this command (vectors of its question) and the OS's file cache
            long[] t = new long[RUNS];
            for (int i = 0; i < RUNS; i++) t[i] = time(command);
            Arrays.sort(t);
            out.put(c.getKey(), new Stats((t[RUNS / 2 - 1] + t[RUNS / 2]) / 2, t[0], t[RUNS - 1]));
            System.err.printf("%s: %s%n", c.getKey(), out.get(c.getKey()));
        }
        return out;
    }

    static List<String> prepend(List<String> head, List<String> tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(tail);
        return all;
    }

    static long time(List<String> command) throws Exception {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.to(new File("/dev/null"))).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("timed out: " + command);
        }
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }
}
