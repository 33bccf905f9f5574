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
 * One-shot commands as whole processes (issue 16): each command run 10 times (in rounds of every command in turn) through
 * the launcher {@code ./almanac} (which builds nothing here: run {@code ./mvnw -DskipTests package} first), median, min
 * and max wall time, next to {@code --version} in the same run, with the ratios. The first run after a build (the
 * launcher's class-archive training, the native library and vector caches) is timed apart. With a jar path as argument,
 * that jar is measured too as {@code java -jar JAR} (a build from before the change), for the "before" columns.
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
                `bench/run StartupBench%s`: each command as a whole process, %d rounds (each command once per round, in turn) after
                one warm-up round, wall time in ms
                (median, min-max) and the median's ratio to `--version` in the same run. "now" is `./almanac` (the launcher:
                class-data archive, C1 only on one compiler thread, serial GC; the caches of earlier runs). The demo project, 2 cores.

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
        out.append(jvmOptions());
        out.append(String.format("%nThe first run after a build (`ask`, with the launcher's class-archive training run, DuckDB's library placed "
                + "next to the jar, and vectors of texts not cached yet): %d ms.%n", firstRun));
        Report.write("startup", "Start-up of one-shot commands (issue 16)", out.toString());
    }

    /** The JVM's own start-up options, each measured alone and together, on `--version` and a semantic `ask` (median of 6). */
    static String jvmOptions() throws Exception {
        String jar = Path.of("target/almanac.jar").toAbsolutePath().toString();
        String archive;
        try (var files = Files.list(Path.of("target"))) {
            archive = files.filter(f -> f.getFileName().toString().endsWith(".jsa")).map(f -> f.toAbsolutePath().toString()).findFirst().orElse(null);
        }
        if (archive == null) return "";
        String cds = "-XX:SharedArchiveFile=" + archive;
        Map<String, List<String>> configs = new LinkedHashMap<>();
        configs.put("none (`java -jar`)", List.of());
        configs.put("class-data archive", List.of(cds, "-Xlog:cds=off"));
        configs.put("C1 only (`-XX:TieredStopAtLevel=1`)", List.of("-XX:TieredStopAtLevel=1"));
        configs.put("archive + C1", List.of(cds, "-Xlog:cds=off", "-XX:TieredStopAtLevel=1"));
        configs.put("archive + C1 + serial GC", List.of(cds, "-Xlog:cds=off", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        configs.put("archive + C1 on one compiler thread (`-XX:CICompilerCount=1`) + serial GC (the launcher)", List.of(cds, "-Xlog:cds=off",
                "-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:+UseSerialGC"));
        configs.put("archive + C1 + serial GC + `-XX:-UsePerfData -Xss512k`", List.of(cds, "-Xlog:cds=off", "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xss512k"));
        StringBuilder out = new StringBuilder("\nJVM options, each on its own and together (median of 6 runs, ms):\n\n"
                + "| options | `--version` | `ask` (semantic) |\n|---|---:|---:|\n");
        for (Map.Entry<String, List<String>> c : configs.entrySet()) {
            long[] v = new long[6];
            long[] a = new long[6];
            for (int i = 0; i < 6; i++) {
                List<String> base = new ArrayList<>(List.of("java"));
                base.addAll(c.getValue());
                base.addAll(List.of("-jar", jar));
                v[i] = time(prepend(base, List.of("--version")));
                a[i] = time(prepend(base, List.of("ask", "What was MRR in September 2026?")));
            }
            Arrays.sort(v);
            Arrays.sort(a);
            out.append(String.format("| %s | %d | %d |%n", c.getKey(), (v[2] + v[3]) / 2, (a[2] + a[3]) / 2));
        }
        return out.toString();
    }

    interface CommandLine {
        List<String> of(List<String> command);
    }

    /**
     * Each command once per round, the commands in turn, {@value #RUNS} rounds after one warm-up round: a slow minute of the
     * machine (its two cores are shared) falls on every command alike, so the ratios to {@code --version} hold better than
     * with each command's runs in one block.
     */
    static Map<String, Stats> measure(CommandLine line) throws Exception {
        Map<String, long[]> times = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> c : COMMANDS.entrySet()) {
            time(line.of(c.getValue())); // warm-up: caches of this command (vectors of its question) and the OS's file cache
            times.put(c.getKey(), new long[RUNS]);
        }
        for (int i = 0; i < RUNS; i++) {
            for (Map.Entry<String, List<String>> c : COMMANDS.entrySet()) times.get(c.getKey())[i] = time(line.of(c.getValue()));
        }
        Map<String, Stats> out = new LinkedHashMap<>();
        times.forEach((name, t) -> {
            Arrays.sort(t);
            out.put(name, new Stats((t[RUNS / 2 - 1] + t[RUNS / 2]) / 2, t[0], t[RUNS - 1]));
            System.err.printf("%s: %s%n", name, out.get(name));
        });
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
