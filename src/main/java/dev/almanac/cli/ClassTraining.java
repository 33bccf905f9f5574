package dev.almanac.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * The launcher's training run for its class-data archive ({@code ./almanac}, once after each build): loads the classes of
 * the common one-shot commands by running them quietly on the project the user's command names ({@code --project} or
 * {@code --db} among the arguments, else the usual default), so that the archive written at exit holds them all and not
 * only those of whichever command happened to run first. Nothing is kept from it but warmed caches (the catalog, the value
 * index, sentence vectors): it asks with no model and without keeping a conversation.
 */
public final class ClassTraining {
    private ClassTraining() {}

    public static void main(String[] args) {
        List<String> global = globalOptions(args);
        run(global, "--help");
        run(global, "sql", "SELECT 1 AS one");
        run(global, "schema", "--format", "json");
        run(global, "knowledge", "list");
        run(global, "metrics", "list");
        run(global, "tables", "How many customers signed up last month?");
        GlobalOptions options = new GlobalOptions();
        for (int i = 0; i + 1 < global.size(); i += 2) {
            if (global.get(i).equals("--project")) options.project = java.nio.file.Path.of(global.get(i + 1));
            if (global.get(i).equals("--db")) options.db = global.get(i + 1);
        }
        try (Workspace ws = Workspace.open(options, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()))) {
            for (String question : List.of("What was revenue last month?", "How many customers do we have by region?")) {
                ws.agent("none", ws.today(), null, false).ask(question, null);
            }
        } catch (RuntimeException e) {
            // a project without these metrics still loads the classes on the way
        }
        System.exit(0);
    }

    /** The --project and --db options among a command line's arguments. */
    static List<String> globalOptions(String[] args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--project") || args[i].equals("--db")) {
                out.add(args[i]);
                out.add(args[i + 1]);
            }
        }
        return out;
    }

    private static void run(List<String> global, String... command) {
        List<String> args = new ArrayList<>(List.of(command));
        if (!command[0].startsWith("-")) args.addAll(global);
        CommandLine cli = Main.commandLine();
        PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
        cli.setOut(nowhere);
        cli.setErr(nowhere);
        try {
            cli.execute(args.toArray(String[]::new));
        } catch (RuntimeException e) {
            // only the classes matter
        }
    }
}
