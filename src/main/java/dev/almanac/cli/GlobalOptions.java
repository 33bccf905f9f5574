package dev.almanac.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options every command that works on a project or database shares. */
final class GlobalOptions {
    @Option(names = "--project", paramLabel = "DIR",
            description = "Project folder (almanac.yml + knowledge/). Default: $ALMANAC_PROJECT, else the current folder if it is a project, else the demo project in ~/.almanac/demo.")
    Path project;

    @Option(names = "--db", paramLabel = "PATH|URL",
            description = "A DuckDB or SQLite file, or a JDBC URL, to use instead of the project's source. Never created.")
    String db;

    @Option(names = "--now", paramLabel = "DATE",
            description = "Take this day (YYYY-MM-DD) or instant as now: relative periods (\"last month\") resolve against it. Default: $ALMANAC_NOW, else now: in config.yml, else the machine's clock.")
    String now;

    @Option(names = {"-v", "--verbose"}, description = "Show stack traces on errors.")
    boolean verbose;

    /** These options where given, else those given before the command name ({@code almanac --db X schema}). */
    GlobalOptions orElse(GlobalOptions outer) {
        GlobalOptions merged = new GlobalOptions();
        merged.project = project != null ? project : outer.project;
        merged.db = db != null ? db : outer.db;
        merged.now = now != null ? now : outer.now;
        merged.verbose = verbose || outer.verbose;
        return merged;
    }
}
