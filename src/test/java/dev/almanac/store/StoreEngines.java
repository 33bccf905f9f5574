package dev.almanac.store;

import dev.almanac.testing.EmbeddedPostgres;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The engines the app store runs on, for tests that hold every store to the same behaviour: the embedded SQLite file
 * and a real PostgreSQL (one server per test JVM, a new database per store).
 */
final class StoreEngines {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private StoreEngines() {}

    /** The engines' names, as a parameter source: {@code @MethodSource("dev.almanac.store.StoreEngines#names")}. */
    static Stream<String> names() {
        return Stream.of("sqlite", "postgresql");
    }

    /** The URL of a new, empty store on the engine; a SQLite file is made in {@code dir}. */
    static String freshUrl(String engine, Path dir) {
        int n = DATABASES.incrementAndGet();
        return engine.equals("sqlite") ? "jdbc:sqlite:" + dir.resolve("store" + n + ".db") : EmbeddedPostgres.shared().createDatabase("store" + n);
    }
}
