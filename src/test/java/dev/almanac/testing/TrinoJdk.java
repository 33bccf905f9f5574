package dev.almanac.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A JDK that runs the tests' Trino server. Trino 476's classes are Java 24 class files, so the server runs as separate
 * processes on a JDK 24 or newer while the tests themselves run on Java 17. Looked for in this order: the system property
 * {@code almanac.trino.jdk} or the environment variable {@code ALMANAC_TRINO_JDK} (a JDK's home folder), the JDK running
 * the tests when it is new enough, then the newest one under /usr/lib/jvm (where Debian's packages and .ci/run put them).
 */
final class TrinoJdk {
    static final int MINIMUM = 24;
    private static final Path JVM_FOLDER = Path.of("/usr/lib/jvm");
    private static final Pattern JAVA_VERSION = Pattern.compile("^JAVA_VERSION=\"(\\d+)", Pattern.MULTILINE);

    private TrinoJdk() {}

    /** The JDK's home folder, or empty when this machine has none new enough; a JDK named explicitly must be one. */
    static Optional<Path> find() {
        String named = System.getProperty("almanac.trino.jdk", System.getenv("ALMANAC_TRINO_JDK"));
        if (named != null && !named.isBlank()) {
            Path home = Path.of(named);
            if (feature(home) < MINIMUM) {
                throw new IllegalStateException("almanac.trino.jdk / ALMANAC_TRINO_JDK is " + named + ", which is not the home folder of a JDK "
                        + MINIMUM + " or newer (Trino 476 needs one)");
            }
            return Optional.of(home);
        }
        if (Runtime.version().feature() >= MINIMUM) return Optional.of(Path.of(System.getProperty("java.home")));
        if (!Files.isDirectory(JVM_FOLDER)) return Optional.empty();
        try (Stream<Path> installed = Files.list(JVM_FOLDER)) {
            return installed.filter(home -> feature(home) >= MINIMUM)
                    .max(Comparator.comparingInt(TrinoJdk::feature).thenComparing(Path::toString));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Why the Trino tests cannot run here: what is missing, and how to get it. */
    static String missing() {
        return "the Trino tests need a JDK " + MINIMUM + "+ to run the Trino 476 server, and " + JVM_FOLDER + " has " + installed()
                + ": .ci/run installs one; elsewhere install one and set ALMANAC_TRINO_JDK to its home folder if it is not under " + JVM_FOLDER;
    }

    /** The JDK's feature release (25) from its release file, 0 when the folder holds no JDK with a java launcher. */
    static int feature(Path home) {
        try {
            if (!Files.isExecutable(home.resolve("bin/java"))) return 0;
            Matcher m = JAVA_VERSION.matcher(Files.readString(home.resolve("release")));
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The JDKs this machine has, with their feature releases: "[java-17-openjdk-amd64 (17)]". */
    private static List<String> installed() {
        try (Stream<Path> installed = Files.list(JVM_FOLDER)) {
            return installed.map(home -> home.getFileName() + " (" + feature(home) + ")").sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
