package dev.almanac.store;

import java.nio.file.Path;

/**
 * A project: a folder with {@code almanac.yml} naming its data source and {@code knowledge/}.
 *
 * @param source a database path relative to {@code dir}, or a JDBC URL
 * @param demo   whether this is the demo project, whose warehouse is generated on first use
 */
public record Project(String name, Path dir, String source, Path knowledgeDir, boolean demo) {

    public static final String FILE = "almanac.yml";
    public static final String DEMO_SOURCE = "data/demo.duckdb";

    /** The source as something {@code Sources.open} understands: URLs as given, paths resolved against the project. */
    public String sourceSpec() {
        return source.startsWith("jdbc:") ? source : dir.resolve(source).normalize().toString();
    }

    public Path cacheDir() {
        return dir.resolve("data").resolve("cache");
    }
}
