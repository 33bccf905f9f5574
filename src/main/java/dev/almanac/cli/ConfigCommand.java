package dev.almanac.cli;

import dev.almanac.AlmanacConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "config", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        header = "Show or change Almanac's settings (model keys, limits).",
        description = {"Show or change settings in ~/.almanac/config.yml (environment variables override it).",
                "  almanac config                     show the settings (keys masked)",
                "  almanac config set KEY VALUE       e.g. openai_api_key, anthropic_api_key, ollama_base_url, llm, agent_max_iterations"})
final class ConfigCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..3", paramLabel = "ARGS", description = "Nothing, or: set KEY VALUE.")
    java.util.List<String> args = new java.util.ArrayList<>();

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        Path file = Workspace.home().resolve("config.yml");
        if (args.isEmpty()) {
            AlmanacConfig config = Workspace.config();
            out.println("# " + file + " (environment variables win)");
            config.shown().forEach((k, v) -> out.println(k + ": " + v));
        } else if (args.size() == 3 && args.get(0).equals("set")) {
            AlmanacConfig.set(file, args.get(1), args.get(2));
            out.println("set " + args.get(1) + " in " + file);
        } else {
            throw new dev.almanac.UserError("usage: almanac config [set KEY VALUE]");
        }
        out.flush();
    }
}
