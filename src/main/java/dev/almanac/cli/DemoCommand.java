package dev.almanac.cli;

import dev.almanac.UserError;
import dev.almanac.demo.DemoGenerator;
import dev.almanac.demo.DemoProject;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Create the demo company's warehouse and knowledge.",
        description = "The generated demo company (Brightline: SaaS + shop).",
        subcommands = DemoCommand.Init.class)
final class DemoCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required: init");
    }

    @Command(name = "init", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Create the demo warehouse data/demo.duckdb (58 tables) and its knowledge/ in the project folder.",
                    "Deterministic: the same scale gives the same table contents. Idempotent: an up-to-date warehouse is kept."})
    static final class Init implements Runnable {
        @Spec
        CommandSpec spec;

        @Option(names = "--scale", paramLabel = "N", defaultValue = "1",
                description = "Size multiplier: 1 is about 900k rows, 10 is ten times that (> 0, at most 100; default ${DEFAULT-VALUE}).")
        String scale;

        @Option(names = "--project", paramLabel = "DIR", description = "Where to create the demo project. Default: the current folder if it is a project, else ~/.almanac/demo.")
        Path project;

        @Option(names = "--force", description = "Regenerate the warehouse even when it is up to date.")
        boolean force;

        @Option(names = "--target", paramLabel = "URL",
                description = {"Also copy the demo into a Trino schema: jdbc:trino://HOST:PORT/CATALOG/SCHEMA?user=USER, a user that may create",
                        "tables there (e.g. the memory catalog). Then point a project's source at it with Almanac's read-only user (docs/SAFETY.md)."})
        String target;

        @Option(names = {"-v", "--verbose"}, description = "Show stack traces on errors.")
        boolean verbose;

        @Override
        public void run() {
            double n = parseScale(scale);
            Path dir = project != null ? project : Workspace.resolveProject(null).dir();
            PrintWriter out = spec.commandLine().getOut();
            DemoProject.Outcome outcome = DemoProject.init(dir, n, force, System.err);
            if (outcome.generated()) {
                long total = outcome.rows().values().stream().mapToLong(Long::longValue).sum();
                out.printf("Created %s: %d tables, %,d rows in %.1f s.%n", outcome.warehouse(), outcome.rows().size(), total, outcome.millis() / 1000.0);
            } else {
                out.printf("%s is up to date (scale %s); use --force to regenerate.%n", outcome.warehouse(), DemoProject.formatScale(n));
            }
            if (outcome.knowledgeFilesWritten() > 0) out.printf("Wrote %d knowledge files to %s.%n", outcome.knowledgeFilesWritten(), dir.resolve("knowledge"));
            if (target != null) {
                long start = System.nanoTime();
                try (dev.almanac.source.Source warehouse = dev.almanac.source.Sources.openFile(outcome.warehouse())) {
                    java.util.Map<String, Long> rows = dev.almanac.demo.TrinoLoader.load(warehouse, target, System.err);
                    out.printf("Copied %d tables, %,d rows, into %s in %.1f s.%n", rows.size(), rows.values().stream().mapToLong(Long::longValue).sum(),
                            dev.almanac.source.JdbcSource.withoutCredentials(target), (System.nanoTime() - start) / 1e9);
                }
            }
            out.flush();
        }

        static double parseScale(String text) {
            double n;
            try {
                n = Double.parseDouble(text.strip());
            } catch (NumberFormatException e) {
                throw new UserError("invalid --scale '" + text + "': expected a number > 0 and at most " + DemoProject.formatScale(DemoGenerator.MAX_SCALE));
            }
            if (!(n > 0) || n > DemoGenerator.MAX_SCALE || Double.isNaN(n)) {
                throw new UserError("invalid --scale '" + text + "': expected a number > 0 and at most " + DemoProject.formatScale(DemoGenerator.MAX_SCALE));
            }
            return n;
        }
    }
}
