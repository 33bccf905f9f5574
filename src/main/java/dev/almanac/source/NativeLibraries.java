package dev.almanac.source;

import dev.almanac.PlacedFiles;
import java.net.URL;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Native libraries placed once instead of on every start. DuckDB's driver copies its library (60 MB) from the jar to a
 * temporary file each time it loads, unless the jar has none at its root; then it loads the file of the same name next
 * to the jar. Almanac's jar keeps DuckDB's libraries under {@code native/duckdb/}, and this places the platform's copy
 * next to the jar on the first run (and again when the jar holds another one). Run from the Maven class path (tests,
 * benchmarks) the driver's own jar is there and nothing is done. SQLite's driver likewise copies and checksums its library
 * on every start unless told where it is ({@link #prepareSqlite}).
 */
public final class NativeLibraries {
    private static boolean duckDbReady;
    private static boolean sqliteReady;

    private NativeLibraries() {}

    /** DuckDB's name for this platform's library, as its driver computes it. */
    static String duckDbName() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osName = os.startsWith("windows") ? "windows" : os.startsWith("mac") ? "osx" : "linux";
        String archName = osName.equals("osx") ? "universal"
                : arch.equals("x86_64") || arch.equals("amd64") ? "amd64" : arch.equals("aarch64") || arch.equals("arm64") ? "arm64" : arch;
        return "libduckdb_java.so_" + osName + "_" + archName;
    }

    /**
     * Places DuckDB's library next to the jar when the jar ships it under native/duckdb/, once per process, before the first
     * DuckDB connection; a failure is left to the driver to report.
     */
    public static synchronized void prepareDuckDb() {
        if (duckDbReady) return;
        duckDbReady = true;
        String name = duckDbName();
        if (NativeLibraries.class.getResource("/" + name) != null) return; // the driver's own jar: it loads from there
        URL shipped = NativeLibraries.class.getResource("/native/duckdb/" + name);
        Path jarDir = PlacedFiles.jarDir();
        if (shipped == null || jarDir == null) return;
        if (!PlacedFiles.placed(shipped, jarDir.resolve(name))) {
            System.err.println("almanac: cannot place DuckDB's native library in " + jarDir + ": run Almanac once where its jar's folder is writable");
        }
    }

    /**
     * Points SQLite's driver at a copy of its library placed next to the jar, once, instead of the copy it otherwise writes
     * to a temporary file (and checksums) on every start. Only when running from Almanac's jar, and when the driver has not
     * been told where its library is.
     */
    public static synchronized void prepareSqlite() {
        if (sqliteReady) return;
        sqliteReady = true;
        Path jarDir = PlacedFiles.jarDir();
        if (jarDir == null || System.getProperty("org.sqlite.lib.path") != null) return;
        try {
            String folder = org.sqlite.util.LibraryLoaderUtil.getNativeLibResourcePath();
            String name = org.sqlite.util.LibraryLoaderUtil.getNativeLibName();
            URL shipped = NativeLibraries.class.getResource(folder + "/" + name);
            if (shipped == null) return;
            Path dir = jarDir.resolve("native-sqlite" + folder.replace('/', '-'));
            if (PlacedFiles.placed(shipped, dir.resolve(name))) {
                System.setProperty("org.sqlite.lib.path", dir.toString());
                System.setProperty("org.sqlite.lib.name", name);
            }
        } catch (RuntimeException | LinkageError e) {
            // the driver finds its library itself
        }
    }

    /**
     * A DuckDB connection from the driver itself, not through {@code DriverManager}: its first use loads and starts every
     * driver on the class path (a tenth of a second), which a command that needs DuckDB alone does not have to pay.
     */
    public static java.sql.Connection duckDb(String url, java.util.Properties properties) throws java.sql.SQLException {
        prepareDuckDb();
        return new org.duckdb.DuckDBDriver().connect(url, properties);
    }

    /** A SQLite connection from the driver itself (see {@link #duckDb}), its library placed first. */
    public static java.sql.Connection sqlite(String url, java.util.Properties properties) throws java.sql.SQLException {
        prepareSqlite();
        return new org.sqlite.JDBC().connect(url, properties);
    }
}
