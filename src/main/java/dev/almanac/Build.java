package dev.almanac;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The build this code runs from: the application jar's size and time, which change with every build of it. */
public final class Build {
    private Build() {}

    private static final Optional<Path> PATH = locate();
    private static final Optional<String> JAR = identify();

    /** The application jar this code runs from; empty when it runs from a classes folder. */
    public static Optional<Path> path() {
        return PATH;
    }

    /** The jar's identity ("size:modified"); empty when the code runs from a classes folder (a build's tests). */
    public static Optional<String> jar() {
        return JAR;
    }

    private static Optional<String> identify() {
        try {
            if (PATH.isEmpty()) return Optional.empty();
            return Optional.of(Files.size(PATH.get()) + ":" + Files.getLastModifiedTime(PATH.get()).toMillis());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> locate() {
        try {
            var source = Build.class.getProtectionDomain().getCodeSource();
            if (source == null) return Optional.empty();
            Path p = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
