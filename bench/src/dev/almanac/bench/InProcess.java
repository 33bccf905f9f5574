package dev.almanac.bench;

import dev.almanac.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** The command line run in the benchmark's own process, as a user runs it, its output kept out of the report. */
final class InProcess {
    private InProcess() {}

    /** {@code almanac ARGS}; its output (both streams) for the failure's message when it exits other than 0. */
    static void almanac(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stdout = System.out, stderr = System.err;
        int code;
        try {
            PrintStream captured = new PrintStream(out, true, StandardCharsets.UTF_8);
            System.setOut(captured);
            System.setErr(captured);
            code = Main.run(args);
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        if (code != 0) throw new IllegalStateException("almanac " + String.join(" ", args) + " exited " + code + ": " + out);
    }
}
