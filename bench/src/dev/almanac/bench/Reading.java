package dev.almanac.bench;

import dev.almanac.cli.BenchAccess;
import java.nio.file.Path;

/**
 * Not a benchmark: how the question reader reads questions over a project's model, for looking into refusals found by
 * {@link NoModelBench}. {@code bench/run Reading PROJECT_DIR < questions.txt}, one question a line.
 */
public final class Reading {
    private Reading() {}

    public static void main(String[] args) throws java.io.IOException {
        java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, java.nio.charset.StandardCharsets.UTF_8));
        try (BenchAccess.Asker asker = BenchAccess.askWithoutModel(Path.of(args[0]))) {
            for (String q = in.readLine(); q != null; q = in.readLine()) {
                if (!q.isBlank()) System.out.println(q + "\n  -> " + asker.reading(q));
            }
        }
    }
}
