package dev.almanac;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The build this code runs from: the application jar's size and time, which change with every build of it. */
public final class Build {
    private Build() {}

    private static final Optional<String> JAR = identify();

    /** The jar's identity ("size:modified"); empty when the code runs from a classes folder (a build's tests). */
    public static Optional<String> jar() {
        return JAR;
    }

    private static Optional<String> identify() {
        try {
            var source = Build.class.getProtectionDomain().getCodeSource();
            if (source == null) return Optional.empty();
            Path p = Path.of(source.getLocation().toURI());
            if (!Files.isRegularFile(p)) return Optional.empty();
            return Optional.of(Files.size(p) + ":" + Files.getLastModifiedTime(p).toMillis());
        } catch (URISyntaxException | IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
