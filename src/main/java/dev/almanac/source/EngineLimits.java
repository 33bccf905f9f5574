package dev.almanac.source;

import dev.almanac.AlmanacConfig;
import dev.almanac.UserError;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much memory and temporary disk an embedded DuckDB source may use: {@code memory_limit},
 * {@code max_temp_directory_size} and {@code temp_directory}, set when the database opens and locked with the rest of
 * its configuration. A query that needs more fails with DuckDB's out-of-memory error, which the executor reports as a
 * one-line refusal ({@code QueryOutOfMemory}); the process stays healthy.
 *
 * <p>Defaults: a quarter of the machine's physical memory (at least 256 MiB), twice that on disk, and a folder of
 * this process under the system's temporary folder. Settings ({@code ~/.almanac/config.yml} or the environment):
 * {@code duckdb_memory_limit} ({@code ALMANAC_DUCKDB_MEMORY_LIMIT}), {@code duckdb_max_temp_size}
 * ({@code ALMANAC_DUCKDB_MAX_TEMP_SIZE}), sizes such as {@code 2GB}, {@code 512MiB} or a number of bytes;
 * {@code duckdb_temp_directory} ({@code ALMANAC_DUCKDB_TEMP_DIRECTORY}).
 */
public record EngineLimits(long memoryBytes, long maxTempBytes, Path tempDirectory) {
    public static final long MIN_MEMORY = 16L << 20;
    private static final Pattern SIZE = Pattern.compile("(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*(b|kb|mb|gb|tb|kib|mib|gib|tib|k|m|g|t)?\\s*");

    public EngineLimits {
        if (memoryBytes < MIN_MEMORY) throw new UserError("duckdb_memory_limit must be at least 16MiB, not " + memoryBytes + " bytes");
        if (maxTempBytes < 0) throw new UserError("duckdb_max_temp_size must not be negative");
        if (tempDirectory == null) throw new UserError("duckdb_temp_directory must be given");
    }

    /** The defaults for this machine and process. */
    public static EngineLimits defaults() {
        long memory = Math.max(256L << 20, physicalMemory() / 4);
        return new EngineLimits(memory, 2 * memory, defaultTempDirectory());
    }

    /** The limits from the settings, each falling back to its default. */
    public static EngineLimits from(AlmanacConfig config) {
        EngineLimits d = defaults();
        String memory = config.get("duckdb_memory_limit");
        String temp = config.get("duckdb_max_temp_size");
        String dir = config.get("duckdb_temp_directory");
        long memoryBytes = memory == null ? d.memoryBytes() : bytes("duckdb_memory_limit", memory);
        long tempBytes = temp == null ? (memory == null ? d.maxTempBytes() : 2 * memoryBytes) : bytes("duckdb_max_temp_size", temp);
        return new EngineLimits(memoryBytes, tempBytes, dir == null ? d.tempDirectory() : Path.of(dir));
    }

    /** A size as DuckDB and people write it: {@code 2GB}, {@code 512 MiB}, {@code 1.5g}, or bytes. Units are powers of 1024. */
    public static long bytes(String setting, String text) {
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) throw new UserError("setting " + setting + " must be a size such as 2GB or 512MiB, not '" + text + "'");
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "b" : m.group(2).toLowerCase(Locale.ROOT);
        int shift = switch (unit.charAt(0)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            case 't' -> 40;
            default -> 0;
        };
        return (long) (n * (1L << shift));
    }

    /** A size for people: 1.5 GiB, 256 MiB. */
    public static String shown(long bytes) {
        if (bytes >= 1L << 30) return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        return String.format(Locale.ROOT, "%d MiB", bytes >> 20);
    }

    /** The physical memory of the machine, or 4 GiB when the JVM cannot say. */
    public static long physicalMemoryBytes() {
        return physicalMemory();
    }

    static long physicalMemory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long total = os.getTotalMemorySize();
            if (total > 0) return total;
        }
        return 4L << 30;
    }

    private static Path defaultTempDirectory() {
        return Path.of(System.getProperty("java.io.tmpdir"), "almanac-duckdb-" + ProcessHandle.current().pid());
    }
}
