package dev.almanac.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "almanac", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Ask questions about your data in plain language; answers come from the database, with provenance.", ""},
        subcommands = {InitCommand.class, AskCommand.class, WhyCommand.class, ReplCommand.class, TablesCommand.class, SqlCommand.class, QueryCommand.class, MetricsCommand.class, SchemaCommand.class, KnowledgeCommand.class, LearningsCommand.class, EvalCommand.class, DqCommand.class, ServeCommand.class, McpCommand.class, UsersCommand.class, ConfigCommand.class, DemoCommand.class},
        footer = {"", "Exit codes: 0 ok, 1 failure, 2 rejected input."})
final class AlmanacCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions global;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a command is required (ask, sql, schema, demo)");
    }
}
