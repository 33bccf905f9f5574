package dev.almanac.bench;

import dev.almanac.cli.BenchAccess;
import java.nio.file.Path;

/**
 * Not a benchmark: how the question reader reads questions over a project's model, for looking into refusals found by
 * {@link NoModelBench}. {@code bench/run Reading PROJECT_DIR "question" ...}
 */
public final class Reading {
    private Reading() {}

    public static void main(String[] args) {
        try (BenchAccess.Asker asker = BenchAccess.askWithoutModel(Path.of(args[0]))) {
            for (int i = 1; i < args.length; i++) System.out.println(args[i] + "\n  -> " + asker.reading(args[i]));
        }
    }
}
